// SPDX-License-Identifier: MIT
// Index scheme 2 of format 2 tables: the map between index order and place order (see
// table_order.h).
#include "table_order.h"

#include <stdbool.h>
#include <string.h>

#include "le64.h"
#include "retrograde.h"

uint64_t table_order_side(uint64_t size)
{
	uint64_t lo = 0, hi = UINT64_C(1) << 32; // the largest side with side * side <= size
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo + 1) / 2;
		if (mid <= size / mid)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo && lo * lo == size ? lo : 0;
}

// The places first .. first + n - 1 lie in rows a (the mover's state) from first / side to
// (first + n - 1) / side, in the columns b = (first + k) % side for k below min(n, side) (each
// once); in column b those rows run from *lo to *stop - 1, their indexes a + side * b side by
// side.
static uint64_t columns(uint64_t side, uint64_t n) { return n < side ? n : side; }

static void column_rows(uint64_t side, uint64_t first, uint64_t n, uint64_t b, uint64_t *lo, uint64_t *stop)
{
	uint64_t last = first + n - 1;
	*lo = first / side + (b < first % side);
	*stop = last / side + 1 - (b > last % side);
}

void table_order_gather(const struct solution *s, uint64_t side, int section, uint64_t first, uint64_t n,
			uint8_t *out)
{
#pragma omp parallel for schedule(static) if (n >= (1u << 16))
	for (uint64_t k = 0; k < columns(side, n); k++) {
		uint64_t b = (first + k) % side, lo, stop;
		column_rows(side, first, n, b, &lo, &stop);
		for (uint64_t a = lo; a < stop; a++) {
			uint64_t idx = a + side * b;
			out[a * side + b - first] = section ? s->remoteness[idx] : s->values[idx / 4] >> 2 * (idx % 4) & 3;
		}
	}
}

// ---- the scatter ----
// Whole rows of a block go by tiles: 8 rows' words of 8 remoteness bytes, or 32 rows' (8
// where fewer are left) words of 32 values, transposed so that each word holds the rows of
// one column, whose indexes lie side by side; the rows the block's ends cut, and the columns
// past the last tile, go a place at a time.
#define STRIP_BYTES 32 // bytes of each row of the block moved together (a strip of columns)

// Byte c of word r[k] and byte k of word r[c] swapped for every k, c below 8: blocks of 4
// bytes, then 2, then 1 (written out: the loop's form runs at two thirds of the speed).
static inline void swap_bytes(uint64_t *x, uint64_t *y, unsigned d, uint64_t mask)
{
	uint64_t t = (*x >> 8 * d ^ *y) & mask;
	*x ^= t << 8 * d, *y ^= t;
}

static inline void transpose8(uint64_t r[8])
{
	const uint64_t m4 = UINT64_C(0x00000000FFFFFFFF), m2 = UINT64_C(0x0000FFFF0000FFFF),
		       m1 = UINT64_C(0x00FF00FF00FF00FF);
	for (unsigned k = 0; k < 4; k++)
		swap_bytes(&r[k], &r[k + 4], 4, m4);
	swap_bytes(&r[0], &r[2], 2, m2);
	swap_bytes(&r[1], &r[3], 2, m2);
	swap_bytes(&r[4], &r[6], 2, m2);
	swap_bytes(&r[5], &r[7], 2, m2);
	for (unsigned k = 0; k < 8; k += 2)
		swap_bytes(&r[k], &r[k + 1], 1, m1);
}

// The state at offset q of a block (a byte, or 2 bits: the block starts a byte).
static inline unsigned block_at(int section, const uint8_t *block, uint64_t q)
{
	return section ? block[q] : block[q / 4] >> 2 * (q % 4) & 3;
}

// ORs bits (2-bit values from index i on, within i's byte) into whole: by a plain or when
// the byte's indexes all lie in [lo, hi), the run only this thread writes; else atomically.
static inline void or_values(uint8_t *whole, uint64_t lo, uint64_t hi, uint64_t i, unsigned bits)
{
	uint64_t j = i / 4;
	uint8_t v = (uint8_t)(bits << 2 * (i % 4));
	if (4 * j >= lo && 4 * j + 4 <= hi)
		whole[j] |= v;
	else if (v)
		__atomic_fetch_or(&whole[j], v, __ATOMIC_RELAXED);
}

// Places p0 .. p1 - 1 of the block starting at place first, one at a time.
static void scatter_places(uint64_t side, int section, uint64_t first, uint64_t p0, uint64_t p1,
			   const uint8_t *block, uint8_t *whole)
{
	for (uint64_t p = p0, a = p0 / side, b = p0 % side; p < p1; p++) {
		uint64_t i = a + side * b;
		unsigned v = block_at(section, block, p - first);
		if (section)
			whole[i] = (uint8_t)v;
		else
			or_values(whole, 0, 0, i, v);
		if (++b == side)
			a++, b = 0;
	}
}

// Rows r0 .. r1 - 1 of columns b .. c - 1, one place at a time, into whole (values: the
// column's run is rows a0 .. a1 - 1).
static void scatter_rect(uint64_t side, int section, uint64_t first, uint64_t a0, uint64_t a1, uint64_t r0,
			 uint64_t r1, uint64_t b, uint64_t c, const uint8_t *block, uint8_t *whole)
{
	for (uint64_t r = r0; r < r1; r++)
		for (uint64_t col = b; col < c; col++) {
			unsigned v = block_at(section, block, r * side + col - first);
			if (section)
				whole[r + side * col] = (uint8_t)v;
			else
				or_values(whole, a0 + side * col, a1 + side * col, r + side * col, v);
		}
}

// Remoteness bytes of whole rows a0 .. a1 - 1, by strips of columns; a tile of zeros is
// left out (whole starts zeroed; draws, 80% of the 6-hand game, have none).
static void scatter_byte_rows(uint64_t side, uint64_t first, uint64_t a0, uint64_t a1, const uint8_t *block,
			      uint8_t *whole)
{
	for (uint64_t b0 = 0; b0 < side; b0 += STRIP_BYTES) {
		uint64_t b1 = side - b0 < STRIP_BYTES ? side : b0 + STRIP_BYTES, b;
		for (uint64_t a = a0; a < a1; a += 8) {
			for (b = b0; a + 8 <= a1 && b + 8 <= b1; b += 8) {
				uint64_t r[8], q = a * side + b - first, any = 0;
				for (unsigned k = 0; k < 8; k++)
					any |= r[k] = le64_load(block + q + k * side);
				if (!any)
					continue;
				transpose8(r);
				for (unsigned c = 0; c < 8; c++)
					le64_store(whole + a + side * (b + c), r[c]);
			}
			scatter_rect(side, 1, first, a0, a1, a, a + 8 < a1 ? a + 8 : a1, b, b1, block, whole);
		}
	}
}

// 32 values from offset q of a block, and 32 rows' such words transposed: w[c] then holds
// column c, row k in bits 2 k (blocks of 16 values, then 8, 4, 2, 1).
static inline uint64_t values_word(const uint8_t *block, uint64_t q)
{
	const uint8_t *p = block + q / 4; // the ninth byte only where the 32 reach it
	unsigned s = 2 * (q % 4);
	uint64_t w = le64_load(p) >> s;
	return s ? w | (uint64_t)p[8] << (64 - s) : w;
}

static void transpose32(uint64_t w[32])
{
	static const uint64_t mask[5] = {UINT64_C(0x00000000FFFFFFFF), UINT64_C(0x0000FFFF0000FFFF),
					 UINT64_C(0x00FF00FF00FF00FF), UINT64_C(0x0F0F0F0F0F0F0F0F),
					 UINT64_C(0x3333333333333333)};
	for (unsigned level = 0, j = 16; j; level++, j /= 2)
		for (unsigned k0 = 0; k0 < 32; k0 += 2 * j)
			for (unsigned k = k0; k < k0 + j; k++) {
				uint64_t t = (w[k] >> 2 * j ^ w[k + j]) & mask[level];
				w[k] ^= t << 2 * j, w[k + j] ^= t;
			}
}

// The values of a column's tile, bits (8 or 32 values) at index i, after *carry, the bits
// of byte i / 4 before i: the bytes they fill stored whole (no read of whole), the byte past
// them carried on to the next tile. The run's first byte, shared with rows before it when i
// is not its first index, is merged atomically.
static inline void put_column(uint8_t *whole, uint64_t i, uint64_t bits, unsigned count, uint8_t *carry,
			      bool first_tile)
{
	unsigned s = 2 * (i % 4), shared = first_tile && s;
	uint64_t x = *carry | bits << s;
	uint8_t *p = whole + i / 4;
	if (shared)
		__atomic_fetch_or(p, (uint8_t)x, __ATOMIC_RELAXED);
	for (unsigned k = shared; k < count / 4; k++)
		p[k] = (uint8_t)(x >> 8 * k);
	*carry = s ? (uint8_t)(bits >> (2 * count - s)) : 0;
}

// Values of rows a .. a + rows - 1 (rows 8 or 32), columns b .. b + 31 (carry: column b's).
static inline void values_tile(uint64_t side, uint64_t first, uint64_t a0, uint64_t a, unsigned rows, uint64_t b,
			       const uint8_t *block, uint8_t *whole, uint8_t *carry)
{
	uint64_t w[32] = {0}, q = a * side + b - first;
	for (unsigned k = 0; k < rows; k++)
		w[k] = values_word(block, q + k * side);
	transpose32(w);
	for (unsigned c = 0; c < 32; c++)
		put_column(whole, a + side * (b + c), w[c], rows, &carry[c], a == a0);
}

// Rows a .. a + rows - 1 of the strip's columns b0 .. b1 - 1: tiles up to t32, then one
// state at a time.
static void values_band(uint64_t side, uint64_t first, uint64_t a0, uint64_t a1, uint64_t a, unsigned rows,
			uint64_t b0, uint64_t t32, uint64_t b1, const uint8_t *block, uint8_t *whole, uint8_t *carry)
{
	for (uint64_t b = b0; b < t32; b += 32)
		values_tile(side, first, a0, a, rows, b, block, whole, carry + b - b0);
	scatter_rect(side, 0, first, a0, a1, a, a + rows, t32, b1, block, whole);
}

// The 2-bit values of whole rows a0 .. a1 - 1, by strips of columns: tiles of 32 columns
// and 32 rows (8 past the last 32), the rest a state at a time; a column's byte that two
// tiles share is carried between them and merged after its last tile.
static void scatter_value_rows(uint64_t side, uint64_t first, uint64_t a0, uint64_t a1, const uint8_t *block,
			       uint8_t *whole)
{
	const uint64_t strip = 4 * STRIP_BYTES;
	uint8_t carry[4 * STRIP_BYTES];
	for (uint64_t b0 = 0; b0 < side; b0 += strip) {
		uint64_t b1 = side - b0 < strip ? side : b0 + strip, t32 = b0 + (b1 - b0) / 32 * 32, a = a0;
		memset(carry, 0, sizeof carry);
		for (; a + 32 <= a1; a += 32)
			values_band(side, first, a0, a1, a, 32, b0, t32, b1, block, whole, carry);
		for (; a + 8 <= a1; a += 8)
			values_band(side, first, a0, a1, a, 8, b0, t32, b1, block, whole, carry);
		for (uint64_t b = b0; b < t32; b++)
			if (carry[b - b0])
				or_values(whole, a0 + side * b, a1 + side * b, (a + side * b) / 4 * 4, carry[b - b0]);
		scatter_rect(side, 0, first, a0, a1, a, a1, b0, b1, block, whole);
	}
}

void table_order_scatter(uint64_t side, int section, uint64_t first, uint64_t n, const uint8_t *block,
			 uint8_t *whole)
{
	uint64_t end = first + n, a0 = (first + side - 1) / side, a1 = end / side;
	if (a0 >= a1) {
		scatter_places(side, section, first, first, end, block, whole);
		return;
	}
	scatter_places(side, section, first, first, a0 * side, block, whole);
	if (section)
		scatter_byte_rows(side, first, a0, a1, block, whole);
	else
		scatter_value_rows(side, first, a0, a1, block, whole);
	scatter_places(side, section, first, a1 * side, end, block, whole);
}

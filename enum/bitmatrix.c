// SPDX-License-Identifier: MIT
// Bit matrices (see bitmatrix.h). The transpose works on eight 64 x 64 blocks at a time, so
// each source row contributes one whole cache line, and skips blocks that are all zero.
#include "bitmatrix.h"

#include <stdlib.h>
#include <string.h>

#define GROUP 8 // blocks transposed together: one 64-byte line of each source row

// Blocks of 64 in n.
static uint32_t blocks(uint32_t n)
{
	return (uint32_t)(((uint64_t)n + 63) / 64);
}

uint64_t bitmatrix_bytes(uint32_t rows, uint32_t cols)
{
	return (uint64_t)blocks(rows) * 64 * blocks(cols) * 8;
}

static void shape(struct bitmatrix *m, uint32_t rows, uint32_t cols, uint64_t *bits)
{
	*m = (struct bitmatrix){.rows = rows, .cols = cols, .words = blocks(cols), .bits = bits};
}

bool bitmatrix_init(struct bitmatrix *m, uint32_t rows, uint32_t cols)
{
	uint64_t bytes = bitmatrix_bytes(rows, cols);
	shape(m, rows, cols, calloc(bytes ? bytes : 1, 1));
	return m->bits != NULL;
}

static uint64_t count_words(const uint64_t *bits, uint64_t words, bool parallel)
{
	uint64_t count = 0;
	(void)parallel; // read by the OpenMP clause only
#pragma omp parallel for schedule(static) reduction(+ : count) if (parallel)
	for (uint64_t w = 0; w < words; w++)
		count += (uint64_t)__builtin_popcountll(bits[w]);
	return count;
}

uint64_t bitmatrix_count(const struct bitmatrix *m, bool parallel)
{
	return count_words(m->bits, bitmatrix_bytes(m->rows, m->cols) / 8, parallel);
}

void bitmatrix_free(struct bitmatrix *m)
{
	free(m->bits);
	m->bits = NULL;
}

void bitmatrix_clear(struct bitmatrix *m)
{
	memset(m->bits, 0, bitmatrix_bytes(m->rows, m->cols));
}

void bit_set_range(uint64_t *row, uint32_t lo, uint32_t hi)
{
	if (lo >= hi)
		return;
	uint32_t a = lo >> 6, b = (hi - 1) >> 6;
	uint64_t first = ~UINT64_C(0) << (lo & 63), last = ~UINT64_C(0) >> (63 - ((hi - 1) & 63));
	if (a == b) {
		row[a] |= first & last;
		return;
	}
	row[a] |= first;
	for (uint32_t w = a + 1; w < b; w++)
		row[w] = ~UINT64_C(0);
	row[b] |= last;
}

void bit_set_range_atomic(uint64_t *row, uint32_t lo, uint32_t hi)
{
	while (lo < hi) {
		uint32_t end = (lo | 63) + 1 < hi ? (lo | 63) + 1 : hi, len = end - lo;
		uint64_t mask = len == 64 ? ~UINT64_C(0) : ((UINT64_C(1) << len) - 1) << (lo & 63);
		__atomic_fetch_or(&row[lo >> 6], mask, __ATOMIC_RELAXED);
		lo = end;
	}
}

bool bit_range_full(const uint64_t *row, uint32_t lo, uint32_t hi)
{
	if (lo >= hi)
		return true;
	uint32_t a = lo >> 6, b = (hi - 1) >> 6;
	uint64_t first = ~UINT64_C(0) << (lo & 63), last = ~UINT64_C(0) >> (63 - ((hi - 1) & 63));
	if (a == b)
		return (row[a] & first & last) == (first & last);
	if ((row[a] & first) != first || (row[b] & last) != last)
		return false;
	for (uint32_t w = a + 1; w < b; w++)
		if (row[w] != ~UINT64_C(0))
			return false;
	return true;
}

void bitmatrix_transpose64(uint64_t a[64])
{
	uint64_t m = UINT64_C(0x00000000FFFFFFFF);
	for (unsigned j = 32; j; j >>= 1, m ^= m << j) {
		for (unsigned k = 0; k < 64; k = ((k | j) + 1) & ~j) {
			uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
			a[k] ^= t << j;
			a[k | j] ^= t;
		}
	}
}

// Destination block rows [g, g + GROUP) from source block column words g .. g + GROUP - 1.
static void transpose_group(struct bitmatrix *dst, const struct bitmatrix *src, uint32_t g,
			    bool or_into)
{
	uint32_t words = src->words, end = g + GROUP < words ? g + GROUP : words;
	uint64_t block[GROUP][64];
	for (uint32_t bi = 0; bi < blocks(src->rows); bi++) { // source block row bi -> destination word bi
		uint64_t any[GROUP] = {0};
		for (unsigned i = 0; i < 64; i++) {
			const uint64_t *row = bitmatrix_row(src, bi * 64 + i);
			for (uint32_t w = g; w < end; w++) {
				block[w - g][i] = row[w];
				any[w - g] |= row[w];
			}
		}
		for (uint32_t w = g; w < end; w++) {
			if (any[w - g])
				bitmatrix_transpose64(block[w - g]);
			for (unsigned i = 0; i < 64; i++) {
				uint64_t *out = bitmatrix_row(dst, w * 64 + i) + bi;
				*out = (or_into ? *out : 0) | (any[w - g] ? block[w - g][i] : 0);
			}
		}
	}
}

void bitmatrix_transpose(struct bitmatrix *dst, const struct bitmatrix *src, bool or_into,
			 bool parallel)
{
	uint32_t groups = (src->words + GROUP - 1) / GROUP;
	(void)parallel; // read by the OpenMP clause only
#pragma omp parallel for schedule(dynamic, 1) if (parallel)
	for (uint32_t g = 0; g < groups; g++)
		transpose_group(dst, src, g * GROUP, or_into);
}

// A tile: GROUP x GROUP blocks of 64 x 64 bits, t[p][q] the block of block row R + p and
// word column C + q; blocks outside the matrix read as zero and are not stored.
typedef uint64_t tile[GROUP][GROUP][64];

// Loads t; returns which of its blocks have a bit (bit p * GROUP + q for block t[p][q]).
static uint64_t tile_load(const struct bitmatrix *m, uint32_t r, uint32_t c, tile t)
{
	uint64_t any = 0;
	for (uint32_t p = 0; p < GROUP; p++) {
		uint64_t seen[GROUP] = {0};
		for (unsigned i = 0; i < 64; i++) {
			const uint64_t *row = r + p < blocks(m->rows) ? bitmatrix_row(m, (r + p) * 64 + i) : NULL;
			for (uint32_t q = 0; q < GROUP; q++) {
				t[p][q][i] = row && c + q < m->words ? row[c + q] : 0;
				seen[q] |= t[p][q][i];
			}
		}
		for (uint32_t q = 0; q < GROUP; q++)
			any |= (uint64_t)(seen[q] != 0) << (p * GROUP + q);
	}
	return any;
}

// Stores into m at block row c, column r the transpose of t, loaded at block row r, column
// c (of m's transpose).
static void tile_store_transposed(struct bitmatrix *m, uint32_t r, uint32_t c, tile t)
{
	for (uint32_t q = 0; q < GROUP && c + q < blocks(m->rows); q++)
		for (unsigned i = 0; i < 64; i++) {
			uint64_t *row = bitmatrix_row(m, (c + q) * 64 + i);
			for (uint32_t p = 0; p < GROUP && r + p < m->words; p++)
				row[r + p] = t[p][q][i];
		}
}

// Swaps tile (r, c) of a with tile (c, r) of b, each transposed (one tile when a is b and
// r == c).
static void swap_tiles(struct bitmatrix *a, struct bitmatrix *b, uint32_t r, uint32_t c)
{
	tile t[2]; // 64 KiB of stack
	uint32_t both = a != b || r != c ? 2 : 1;
	for (uint32_t k = 0; k < both; k++) {
		uint64_t any = tile_load(k ? b : a, k ? c : r, k ? r : c, t[k]);
		for (uint32_t p = 0; p < GROUP; p++)
			for (uint32_t q = 0; q < GROUP; q++)
				if (any >> (p * GROUP + q) & 1) // an empty block is its own transpose
					bitmatrix_transpose64(t[k][p][q]);
	}
	tile_store_transposed(b, r, c, t[0]);
	if (both == 2)
		tile_store_transposed(a, c, r, t[1]);
}

void bitmatrix_transpose_swap(struct bitmatrix *a, struct bitmatrix *b, bool parallel)
{
	uint32_t rows = (blocks(a->rows) + GROUP - 1) / GROUP, cols = (a->words + GROUP - 1) / GROUP;
	bool same = a->bits == b->bits;
	(void)parallel; // read by the OpenMP clause only
#pragma omp parallel for schedule(dynamic, 1) if (parallel)
	for (uint32_t ti = 0; ti < rows; ti++)
		for (uint32_t tj = same ? ti : 0; tj < cols; tj++)
			swap_tiles(a, same ? a : b, ti * GROUP, tj * GROUP);
}

// ---- pairs ----

static uint32_t other(const struct bitpair *p, unsigned s)
{
	return p->sides - 1 - s;
}

uint64_t bitpair_bytes(unsigned sides, const uint32_t n[2])
{
	uint64_t bytes = 0;
	for (unsigned s = 0; s < sides; s++)
		bytes += bitmatrix_bytes(n[s], n[sides - 1 - s]);
	return bytes;
}

bool bitpair_init(struct bitpair *p, unsigned sides, const uint32_t n[2])
{
	uint64_t bytes = bitpair_bytes(sides, n);
	uint64_t *bits = calloc(bytes ? bytes : 1, 1);
	p->sides = sides;
	shape(&p->side[0], n[0], n[sides - 1], bits);
	// With one side, side[1] is side[0]; else it follows it.
	uint64_t offset = sides == 2 ? bitmatrix_bytes(n[0], n[1]) / 8 : 0;
	shape(&p->side[1], n[sides - 1], n[0], bits ? bits + offset : NULL);
	return bits != NULL;
}

void bitpair_free(struct bitpair *p)
{
	free(p->side[0].bits);
	p->side[0].bits = p->side[1].bits = NULL;
}

uint64_t bitpair_words(const struct bitpair *p)
{
	uint32_t n[2] = {p->side[0].rows, p->side[1].rows};
	return bitpair_bytes(p->sides, n) / 8;
}

void bitpair_clear(struct bitpair *p)
{
	memset(p->side[0].bits, 0, bitpair_words(p) * 8);
}

uint64_t bitpair_count(const struct bitpair *p, bool parallel)
{
	return count_words(p->side[0].bits, bitpair_words(p), parallel);
}

void bitpair_transpose(struct bitpair *dst, const struct bitpair *src, bool or_into, bool parallel)
{
	for (unsigned s = 0; s < dst->sides; s++)
		bitmatrix_transpose(&dst->side[s], &src->side[other(src, s)], or_into, parallel);
}

void bitpair_transpose_in_place(struct bitpair *p, bool parallel)
{
	bitmatrix_transpose_swap(&p->side[0], &p->side[p->sides - 1], parallel);
}


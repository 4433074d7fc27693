// SPDX-License-Identifier: MIT
// Index scheme 2 of format 2 tables: the map between index order and place order (see
// table_order.h).
#include "table_order.h"

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

// The 2-bit values of column b (rows lo .. stop - 1) into whole: a byte whose four indexes
// all lie in the column's run belongs to this block alone and is stored; a byte shared with
// other blocks is merged.
static void scatter_values(uint64_t side, uint64_t first, uint64_t b, uint64_t lo, uint64_t stop,
			   const uint8_t *block, uint8_t *whole)
{
	uint64_t from = lo + side * b, to = stop + side * b;
	for (uint64_t i = from; i < to;) {
		uint64_t byte = i / 4, end = 4 * byte + 4 < to ? 4 * byte + 4 : to;
		unsigned acc = 0;
		for (; i < end; i++) {
			uint64_t q = (i - side * b) * side + b - first;
			acc |= (unsigned)(block[q / 4] >> 2 * (q % 4) & 3) << 2 * (i % 4);
		}
		if (4 * byte >= from && 4 * byte + 4 <= to)
			whole[byte] = (uint8_t)acc;
		else if (acc)
			__atomic_fetch_or(&whole[byte], (uint8_t)acc, __ATOMIC_RELAXED);
	}
}

void table_order_scatter(uint64_t side, int section, uint64_t first, uint64_t n, const uint8_t *block,
			 uint8_t *whole)
{
	for (uint64_t k = 0; k < columns(side, n); k++) {
		uint64_t b = (first + k) % side, lo, stop;
		column_rows(side, first, n, b, &lo, &stop);
		if (!section) {
			scatter_values(side, first, b, lo, stop, block, whole);
			continue;
		}
		for (uint64_t a = lo; a < stop; a++)
			whole[a + side * b] = block[a * side + b - first];
	}
}

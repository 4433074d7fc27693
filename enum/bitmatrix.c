// SPDX-License-Identifier: MIT
// Bit matrices (see bitmatrix.h). The transpose works on eight 64 x 64 blocks at a time, so
// each source row contributes one whole cache line, and skips blocks that are all zero.
#include "bitmatrix.h"

#include <stdlib.h>
#include <string.h>

#define GROUP 8 // blocks transposed together: one 64-byte line of each source row

uint64_t bitmatrix_bytes(uint32_t n)
{
	uint64_t words = ((uint64_t)n + 63) / 64;
	return words * 64 * words * 8;
}

bool bitmatrix_init(struct bitmatrix *m, uint32_t n)
{
	m->n = n;
	m->words = (n + 63) / 64;
	uint64_t bytes = bitmatrix_bytes(n);
	m->bits = calloc(bytes ? bytes : 1, 1);
	return m->bits != NULL;
}

uint64_t bitmatrix_count(const struct bitmatrix *m, bool parallel)
{
	uint64_t words = bitmatrix_bytes(m->n) / 8, count = 0;
#pragma omp parallel for schedule(static) reduction(+ : count) if (parallel)
	for (uint64_t w = 0; w < words; w++)
		count += (uint64_t)__builtin_popcountll(m->bits[w]);
	return count;
}

void bitmatrix_free(struct bitmatrix *m)
{
	free(m->bits);
	m->bits = NULL;
}

void bitmatrix_clear(struct bitmatrix *m)
{
	memset(m->bits, 0, bitmatrix_bytes(m->n));
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
	for (uint32_t bi = 0; bi < words; bi++) { // source block row bi -> destination word bi
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

static void tile_load(const struct bitmatrix *m, uint32_t r, uint32_t c, tile t)
{
	for (uint32_t p = 0; p < GROUP; p++)
		for (unsigned i = 0; i < 64; i++) {
			const uint64_t *row = r + p < m->words ? bitmatrix_row(m, (r + p) * 64 + i) : NULL;
			for (uint32_t q = 0; q < GROUP; q++)
				t[p][q][i] = row && c + q < m->words ? row[c + q] : 0;
		}
}

// Stores the transpose of t (loaded at block row r, column c) at block row c, column r.
static void tile_store_transposed(struct bitmatrix *m, uint32_t r, uint32_t c, tile t)
{
	for (uint32_t q = 0; q < GROUP && c + q < m->words; q++)
		for (unsigned i = 0; i < 64; i++) {
			uint64_t *row = bitmatrix_row(m, (c + q) * 64 + i);
			for (uint32_t p = 0; p < GROUP && r + p < m->words; p++)
				row[r + p] = t[p][q][i];
		}
}

void bitmatrix_transpose_in_place(struct bitmatrix *m, bool parallel)
{
	uint32_t tiles = (m->words + GROUP - 1) / GROUP;
	(void)parallel; // read by the OpenMP clause only
#pragma omp parallel for schedule(dynamic, 1) if (parallel)
	for (uint32_t ti = 0; ti < tiles; ti++)
		for (uint32_t tj = ti; tj < tiles; tj++) {
			tile t[2]; // 64 KiB of stack
			uint32_t r = ti * GROUP, c = tj * GROUP, both = tj != ti ? 2 : 1;
			for (uint32_t k = 0; k < both; k++) {
				tile_load(m, k ? c : r, k ? r : c, t[k]);
				for (uint32_t p = 0; p < GROUP; p++)
					for (uint32_t q = 0; q < GROUP; q++)
						bitmatrix_transpose64(t[k][p][q]);
			}
			for (uint32_t k = 0; k < both; k++)
				tile_store_transposed(m, k ? c : r, k ? r : c, t[k]);
		}
}

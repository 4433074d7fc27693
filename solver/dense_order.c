// SPDX-License-Identifier: MIT
// In-place reordering of the dense solve's bytes (see dense_order.h) in passes that each touch
// memory in long runs: transpose the sides (row b then holds the positions (., b); with two
// sides each is the other's transposed shape, so they swap places, then swap back), permute
// the bytes of each row by state_of, then move the rows to state_of[b] along their cycles.
#include "dense_order.h"

#include <stdlib.h>
#include <string.h>

#define TILE 64

// Swaps byte (i, j) of a (rows x cols, row-major) with byte (j, i) of b (cols x rows) for
// the tile (ti, tj) of a; with a == b (square) only across the diagonal.
static void swap_tile(uint8_t *a, uint8_t *b, uint32_t rows, uint32_t cols, uint32_t ti, uint32_t tj)
{
	uint32_t i_end = (ti + 1) * TILE < rows ? (ti + 1) * TILE : rows;
	uint32_t j_end = (tj + 1) * TILE < cols ? (tj + 1) * TILE : cols;
	for (uint32_t i = ti * TILE; i < i_end; i++)
		for (uint32_t j = a == b && tj == ti ? i + 1 : tj * TILE; j < j_end; j++) {
			uint8_t t = a[(uint64_t)i * cols + j];
			a[(uint64_t)i * cols + j] = b[(uint64_t)j * rows + i];
			b[(uint64_t)j * rows + i] = t;
		}
}

// a = b transposed and b = a transposed (a rows x cols, b cols x rows; a == b: square, in
// place), by TILE x TILE tiles.
static void transpose_swap(uint8_t *a, uint8_t *b, uint32_t rows, uint32_t cols, bool parallel)
{
	uint32_t row_tiles = (rows + TILE - 1) / TILE, col_tiles = (cols + TILE - 1) / TILE;
	(void)parallel; // read by the OpenMP clause only
#pragma omp parallel for schedule(dynamic, 1) if (parallel)
	for (uint32_t ti = 0; ti < row_tiles; ti++)
		for (uint32_t tj = a == b ? ti : 0; tj < col_tiles; tj++)
			swap_tile(a, b, rows, cols, ti, tj);
}

// Swaps the bytes of a and b (bytes each).
static void swap_bytes(uint8_t *a, uint8_t *b, uint64_t bytes, bool parallel)
{
	(void)parallel;
#pragma omp parallel for schedule(static) if (parallel)
	for (uint64_t k = 0; k < bytes; k++) {
		uint8_t t = a[k];
		a[k] = b[k];
		b[k] = t;
	}
}

// Byte a of every row of m (rows rows of the class's n bytes) goes to byte state_of[a].
static bool permute_columns(const struct dense_class *c, uint8_t *m, uint32_t rows, bool parallel)
{
	uint32_t n = c->n;
	int failed = 0;
	(void)parallel;
#pragma omp parallel if (parallel)
	{
		uint8_t *row = malloc(n ? n : 1);
		if (!row) {
#pragma omp atomic write
			failed = 1;
		}
#pragma omp for schedule(static)
		for (uint32_t b = 0; b < rows; b++) {
			uint8_t *out = m + (uint64_t)b * n;
			if (!row)
				continue;
			memcpy(row, out, n);
			for (uint32_t a = 0; a < n; a++)
				out[c->state_of[a]] = row[a];
		}
		free(row);
	}
	return !failed;
}

// Row b of m (the class's n rows of len bytes) goes to row state_of[b]: along each cycle,
// the row for position j is the row engine_of[j].
static bool permute_rows(const struct dense_class *c, uint8_t *m, uint32_t len)
{
	uint32_t n = c->n;
	uint8_t *saved = malloc(len ? len : 1), *done = calloc(n ? n : 1, 1);
	bool ok = saved && done;
	for (uint32_t start = 0; ok && start < n; start++) {
		if (done[start])
			continue;
		memcpy(saved, m + (uint64_t)start * len, len);
		uint32_t j = start;
		for (uint32_t from = c->engine_of[j]; from != start; j = from, from = c->engine_of[j]) {
			memcpy(m + (uint64_t)j * len, m + (uint64_t)from * len, len);
			done[j] = 1;
		}
		memcpy(m + (uint64_t)j * len, saved, len);
		done[j] = 1;
	}
	free(saved);
	free(done);
	return ok;
}

bool dense_order_bytes(const struct dense *d, uint8_t *m, bool parallel)
{
	uint8_t *last = m + (d->sides - 1) * d->block;
	transpose_swap(m, last, d->n[0], d->n[1], parallel);
	if (last != m)
		swap_bytes(m, last, d->block, parallel);
	bool ok = true;
	for (unsigned t = 0; t < d->sides && ok; t++) {
		const struct dense_class *mover = &d->cls[t], *other = &d->cls[dense_other(d, t)];
		uint8_t *side = m + t * d->block;
		ok = permute_columns(mover, side, other->n, parallel) && permute_rows(other, side, mover->n);
	}
	return ok;
}

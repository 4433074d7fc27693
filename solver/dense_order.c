// SPDX-License-Identifier: MIT
// In-place reordering of a dense byte matrix (see dense_order.h) in three passes, each
// touching memory in long runs: transpose (row b then holds the positions (., b)), permute
// the bytes of each row by state_of, then move the rows to state_of[b] along their cycles.
#include "dense_order.h"

#include <stdlib.h>
#include <string.h>

#define TILE 64

// m = m transposed, by pairs of TILE x TILE tiles swapped across the diagonal.
static void transpose_bytes(uint8_t *m, uint32_t n, bool parallel)
{
	uint32_t tiles = (n + TILE - 1) / TILE;
	(void)parallel; // read by the OpenMP clause only
#pragma omp parallel for schedule(dynamic, 1) if (parallel)
	for (uint32_t ti = 0; ti < tiles; ti++)
		for (uint32_t tj = ti; tj < tiles; tj++) {
			uint32_t i_end = (ti + 1) * TILE < n ? (ti + 1) * TILE : n;
			uint32_t j_end = (tj + 1) * TILE < n ? (tj + 1) * TILE : n;
			for (uint32_t i = ti * TILE; i < i_end; i++)
				for (uint32_t j = tj == ti ? i + 1 : tj * TILE; j < j_end; j++) {
					uint8_t t = m[(uint64_t)i * n + j];
					m[(uint64_t)i * n + j] = m[(uint64_t)j * n + i];
					m[(uint64_t)j * n + i] = t;
				}
		}
}

// Byte a of every row goes to byte state_of[a].
static bool permute_columns(const struct dense *d, uint8_t *m, bool parallel)
{
	uint32_t n = d->n;
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
		for (uint32_t b = 0; b < n; b++) {
			uint8_t *out = m + (uint64_t)b * n;
			if (!row)
				continue;
			memcpy(row, out, n);
			for (uint32_t a = 0; a < n; a++)
				out[d->state_of[a]] = row[a];
		}
		free(row);
	}
	return !failed;
}

// Row b goes to row state_of[b]: along each cycle, the row for position j is the row
// engine_of[j].
static bool permute_rows(const struct dense *d, uint8_t *m)
{
	uint32_t n = d->n;
	uint8_t *saved = malloc(n ? n : 1), *done = calloc(n ? n : 1, 1);
	bool ok = saved && done;
	for (uint32_t start = 0; ok && start < n; start++) {
		if (done[start])
			continue;
		memcpy(saved, m + (uint64_t)start * n, n);
		uint32_t j = start;
		for (uint32_t from = d->engine_of[j]; from != start; j = from, from = d->engine_of[j]) {
			memcpy(m + (uint64_t)j * n, m + (uint64_t)from * n, n);
			done[j] = 1;
		}
		memcpy(m + (uint64_t)j * n, saved, n);
		done[j] = 1;
	}
	free(saved);
	free(done);
	return ok;
}

bool dense_order_bytes(const struct dense *d, uint8_t *m, bool parallel)
{
	transpose_bytes(m, d->n, parallel);
	return permute_columns(d, m, parallel) && permute_rows(d, m);
}

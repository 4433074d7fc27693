// SPDX-License-Identifier: MIT
// CSR relations (see relation.h).
#include "relation.h"

#include <stdlib.h>
#include <string.h>

bool relation_init(struct relation *rel, uint64_t rows)
{
	memset(rel, 0, sizeof *rel);
	rel->rows = rows;
	rel->start = calloc(rows + 1, sizeof *rel->start);
	rel->capacity = 1024;
	rel->to = malloc(rel->capacity * sizeof *rel->to);
	rel->failed = !rel->start || !rel->to;
	return !rel->failed;
}

void relation_add(struct relation *rel, uint32_t target)
{
	if (rel->failed)
		return;
	if (rel->edge_count == rel->capacity) {
		uint32_t *grown = realloc(rel->to, 2 * rel->capacity * sizeof *rel->to);
		if (!grown) {
			rel->failed = true;
			return;
		}
		rel->to = grown;
		rel->capacity *= 2;
	}
	rel->to[rel->edge_count++] = target;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

void relation_end_row(struct relation *rel)
{
	if (rel->failed)
		return;
	uint32_t *row = rel->to + rel->row_begin;
	uint64_t n = rel->edge_count - rel->row_begin, kept = 0;
	qsort(row, n, sizeof *row, cmp_u32);
	for (uint64_t i = 0; i < n; i++)
		if (kept == 0 || row[kept - 1] != row[i])
			row[kept++] = row[i];
	rel->edge_count = rel->row_begin + kept;
	rel->row_begin = rel->edge_count;
	rel->start[++rel->rows_closed] = rel->edge_count;
}

bool relation_invert(const struct relation *rel, uint64_t targets, unsigned stride,
		     struct relation *inv)
{
	memset(inv, 0, sizeof *inv);
	targets *= stride;
	inv->rows = targets;
	inv->start = calloc(targets + 1, sizeof *inv->start);
	inv->to = malloc((rel->edge_count ? rel->edge_count : 1) * sizeof *inv->to);
	inv->edge_count = inv->capacity = rel->edge_count;
	if (!inv->start || !inv->to) {
		relation_free(inv);
		return false;
	}
	for (uint64_t row = 0; row < rel->rows; row++)
		for (uint64_t e = rel->start[row]; e < rel->start[row + 1]; e++)
			inv->start[rel->to[e] * stride + row % stride + 1]++;
	for (uint64_t t = 0; t < targets; t++)
		inv->start[t + 1] += inv->start[t];
	uint64_t *fill = malloc((targets ? targets : 1) * sizeof *fill);
	if (!fill) {
		relation_free(inv);
		return false;
	}
	memcpy(fill, inv->start, targets * sizeof *fill);
	for (uint64_t row = 0; row < rel->rows; row++)
		for (uint64_t e = rel->start[row]; e < rel->start[row + 1]; e++)
			inv->to[fill[rel->to[e] * stride + row % stride]++] = (uint32_t)(row / stride);
	free(fill);
	return true;
}

uint64_t relation_max_row(const struct relation *rel)
{
	uint64_t most = 0;
	for (uint64_t row = 0; row < rel->rows; row++)
		if (rel->start[row + 1] - rel->start[row] > most)
			most = rel->start[row + 1] - rel->start[row];
	return most;
}

void relation_free(struct relation *rel)
{
	free(rel->start);
	free(rel->to);
	memset(rel, 0, sizeof *rel);
}

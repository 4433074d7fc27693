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

// A bitmap over [min, max]: linear in n plus the span / 64, where a comparison sort of a
// long row (thousands of splits) is not; insertion in place when the bitmap is unavailable.
uint64_t sort_unique_u32(uint32_t *row, uint64_t n)
{
	uint32_t lo = UINT32_MAX, hi = 0;
	for (uint64_t i = 0; i < n; i++) {
		lo = row[i] < lo ? row[i] : lo;
		hi = row[i] > hi ? row[i] : hi;
	}
	uint64_t words = n ? ((uint64_t)hi - lo) / 64 + 1 : 0, kept = 0;
	uint64_t *bits = n > 16 ? calloc(words, sizeof *bits) : NULL;
	if (!bits) {
		for (uint64_t i = 0; i < n; i++) {
			uint32_t x = row[i];
			uint64_t j = kept;
			bool seen = false;
			for (uint64_t k = 0; k < kept && !seen; k++)
				seen = row[k] == x;
			if (seen)
				continue;
			for (; j > 0 && row[j - 1] > x; j--)
				row[j] = row[j - 1];
			row[j] = x;
			kept++;
		}
		return kept;
	}
	for (uint64_t i = 0; i < n; i++)
		bits[(row[i] - lo) / 64] |= UINT64_C(1) << ((row[i] - lo) % 64);
	for (uint64_t w = 0; w < words; w++)
		for (uint64_t b = bits[w]; b; b &= b - 1)
			row[kept++] = lo + (uint32_t)(w * 64 + (uint64_t)__builtin_ctzll(b));
	free(bits);
	return kept;
}

void relation_end_row(struct relation *rel)
{
	if (rel->failed)
		return;
	uint32_t *row = rel->to + rel->row_begin;
	uint64_t kept = sort_unique_u32(row, rel->edge_count - rel->row_begin);
	rel->edge_count = rel->row_begin + kept;
	rel->row_begin = rel->edge_count;
	rel->start[++rel->rows_closed] = rel->edge_count;
}

bool relation_append(struct relation *rel, const struct relation *src)
{
	if (rel->failed || src->failed)
		return false;
	uint64_t need = rel->edge_count + src->edge_count;
	if (need > rel->capacity) {
		uint32_t *grown = realloc(rel->to, need * sizeof *grown);
		if (!grown)
			return !(rel->failed = true);
		rel->to = grown;
		rel->capacity = need;
	}
	if (src->edge_count)
		memcpy(rel->to + rel->edge_count, src->to, src->edge_count * sizeof *src->to);
	for (uint64_t r = 0; r < src->rows_closed; r++)
		rel->start[++rel->rows_closed] = rel->edge_count + src->start[r + 1];
	rel->edge_count = rel->row_begin = need;
	return true;
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

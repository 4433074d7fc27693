// SPDX-License-Identifier: MIT
// A solution in bulk (chop_solution_packed_values and the rest): the arrays a two-player
// solution keeps, lent as they are so that a binding (python/) can view them without a copy,
// values and remoteness of whole ranges or batches of indexes in one call, and batches of
// codes turned into indexes. Not for one position at a time: chop_solution_value does that.
#include "api.h"

#include <stdbool.h>
#include <stdlib.h>

// A format 2 table's arrays: every block decoded and checked, once (NULL if one is damaged).
static const uint8_t *whole(const chop_solution *s, int remoteness)
{
	const uint8_t *v = s->sol->values, *r = s->sol->remoteness;
	if (s->sol->blocks && table_blocks_whole(s->sol->blocks, false, &v, &r, NULL) != STATUS_OK)
		return NULL;
	return remoteness ? r : v;
}

const uint8_t *chop_solution_packed_values(const chop_solution *s, uint64_t *bytes)
{
	if (!s->sol)
		return NULL;
	if (bytes)
		*bytes = (s->sol->size + 3) / 4;
	return whole(s, 0);
}

const uint8_t *chop_solution_remoteness_bytes(const chop_solution *s, uint64_t *bytes)
{
	if (!s->sol)
		return NULL;
	if (bytes)
		*bytes = s->sol->size;
	return whole(s, 1);
}

uint64_t chop_solution_overflow_count(const chop_solution *s)
{
	return s->sol ? solution_deep_count(s->sol) : 0;
}

chop_status chop_solution_range(const chop_solution *s, uint64_t from, uint64_t n, unsigned seat, uint8_t *values,
				unsigned *remoteness, chop_error *err)
{
	uint64_t size = s->game->rules->size;
	if (from > size || n > size - from)
		return api_failf(err, STATUS_BAD_INPUT, "indexes %llu + %llu: past the index space of %llu",
				 (unsigned long long)from, (unsigned long long)n, (unsigned long long)size);
	if (seat >= s->game->rules->players)
		return api_failf(err, STATUS_BAD_INPUT, "seat %u: the game has %u players", seat,
				 s->game->rules->players);
	for (uint64_t i = 0; i < n; i++) {
		unsigned r;
		chop_value v = chop_solution_value(s, from + i, seat, &r);
		if (values)
			values[i] = (uint8_t)v;
		if (remoteness)
			remoteness[i] = r;
	}
	return CHOP_OK;
}

// chop_solution_value_many on a format 2 table: the blocks in index order, each read once,
// then the remoteness past 254 from the overflow list. False when out of memory.
static bool many_from_blocks(const chop_solution *s, const uint64_t *indexes, size_t n, uint8_t *values,
			     unsigned *remoteness, size_t *found)
{
	uint64_t *idx = malloc((n ? n : 1) * sizeof *idx);
	uint8_t *v = malloc(n ? n : 1), *r = malloc(n ? n : 1);
	bool ok = idx && v && r;
	for (size_t i = 0; ok && i < n; i++)
		idx[i] = indexes[i] < s->sol->size ? indexes[i] : 0;
	if (ok)
		table_blocks_many(s->sol->blocks, idx, n, v, r);
	for (size_t i = 0; ok && i < n; i++) {
		enum value value = indexes[i] < s->sol->size ? (enum value)v[i] : VALUE_UNKNOWN;
		*found += value != VALUE_UNKNOWN;
		if (values)
			values[i] = (uint8_t)value;
		if (remoteness)
			remoteness[i] = value == VALUE_UNKNOWN					 ? 0
					: r[i] == SOLUTION_OVERFLOW_MARK ? solution_remoteness(s->sol, indexes[i])
									 : r[i];
	}
	free(idx), free(v), free(r);
	return ok;
}

size_t chop_solution_value_many(const chop_solution *s, const uint64_t *indexes, size_t n, unsigned seat,
				uint8_t *values, unsigned *remoteness)
{
	size_t found = 0;
	if (s->sol && s->sol->blocks && seat == 0 && many_from_blocks(s, indexes, n, values, remoteness, &found))
		return found;
	for (size_t i = 0; i < n; i++) {
		unsigned r;
		chop_value v = chop_solution_value(s, indexes[i], seat, &r);
		found += v != CHOP_UNREACHABLE;
		if (values)
			values[i] = (uint8_t)v;
		if (remoteness)
			remoteness[i] = r;
	}
	return found;
}

size_t chop_game_parse_many(const chop_game *game, const char *const *codes, size_t n, uint64_t *indexes)
{
	size_t parsed = 0;
	for (size_t i = 0; i < n; i++) {
		bool ok = codes[i] && chop_game_parse(game, codes[i], &indexes[i], NULL) == CHOP_OK;
		if (!ok)
			indexes[i] = UINT64_MAX;
		parsed += ok;
	}
	return parsed;
}

// SPDX-License-Identifier: MIT
// A solution in bulk (chop_solution_packed_values and the rest): the arrays a two-player
// solution keeps, lent as they are so that a binding (python/) can view them without a copy,
// values and remoteness of whole ranges or batches of indexes in one call, and batches of
// codes turned into indexes. Not for one position at a time: chop_solution_value does that.
#include "api.h"

#include <stdbool.h>

const uint8_t *chop_solution_packed_values(const chop_solution *s, uint64_t *bytes)
{
	if (!s->sol)
		return NULL;
	if (bytes)
		*bytes = (s->sol->size + 3) / 4;
	return s->sol->values;
}

const uint8_t *chop_solution_remoteness_bytes(const chop_solution *s, uint64_t *bytes)
{
	if (!s->sol)
		return NULL;
	if (bytes)
		*bytes = s->sol->size;
	return s->sol->remoteness;
}

uint64_t chop_solution_overflow_count(const chop_solution *s)
{
	return s->sol ? s->sol->overflow_count : 0;
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

size_t chop_solution_value_many(const chop_solution *s, const uint64_t *indexes, size_t n, unsigned seat,
				uint8_t *values, unsigned *remoteness)
{
	size_t found = 0;
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

// SPDX-License-Identifier: MIT
// The moves of one position with their values (chop_moves_*), ranked as `show` ranks them.
#include "api.h"

#include <stdlib.h>

#include "movegen.h"
#include "ranked_moves.h"

struct chop_moves {
	size_t count;
	struct ranked_move move[]; // ranked_moves_bytes of room
};

chop_moves *chop_solution_moves(const chop_solution *s, const char *code, chop_error *err)
{
	uint64_t at;
	if (api_position(s, code, &at, err) != CHOP_OK)
		return NULL;
	const struct rules *rules = s->game->rules;
	chop_moves *m = malloc(sizeof *m + ranked_moves_bytes(rules));
	if (!m)
		return api_fail(err, STATUS_FAILURE, "out of memory"), NULL;
	m->count = s->sol ? ranked_moves(rules, s->sol, at, m->move)
			  : ranked_moves_coalition(rules, &s->solved.coalition, at, m->move);
	if (m->count == 0 && !movegen_is_terminal(rules, at)) {
		free(m);
		return api_fail(err, STATUS_FAILURE, "out of memory"), NULL;
	}
	return m;
}

void chop_moves_free(chop_moves *m)
{
	free(m);
}

size_t chop_moves_count(const chop_moves *m)
{
	return m->count;
}

const char *chop_moves_text(const chop_moves *m, size_t i)
{
	return m->move[i].text;
}

const char *chop_moves_code(const chop_moves *m, size_t i)
{
	return m->move[i].code;
}

uint64_t chop_moves_index(const chop_moves *m, size_t i)
{
	return m->move[i].child;
}

chop_value chop_moves_value(const chop_moves *m, size_t i, unsigned *remoteness)
{
	if (remoteness)
		*remoteness = m->move[i].remoteness;
	return (chop_value)m->move[i].value;
}

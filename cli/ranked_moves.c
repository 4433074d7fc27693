// SPDX-License-Identifier: MIT
// Ordering moves by outcome (see ranked_moves.h).
#include "ranked_moves.h"

#include <stdlib.h>
#include <string.h>

#include "movegen.h"

// Sort key: wins first (fewer moves better), then draws, then losses (more moves better).
static long key(const struct ranked_move *m)
{
	if (m->outcome == VALUE_WIN)
		return (long)m->moves;
	if (m->outcome == VALUE_DRAW)
		return 1L << 20;
	return (1L << 21) - (long)m->moves;
}

static int compare(const void *a, const void *b)
{
	const struct ranked_move *x = a, *y = b;
	long kx = key(x), ky = key(y);
	if (kx != ky)
		return kx < ky ? -1 : 1;
	return strcmp(x->code, y->code);
}

size_t ranked_moves(const struct rules *rules, const struct solution *s, uint64_t at,
		    struct ranked_move *out)
{
	uint64_t *child = malloc(rules->max_moves * sizeof *child);
	if (!child)
		return 0;
	size_t n = movegen_children(rules, at, child);
	for (size_t i = 0; i < n; i++) {
		struct ranked_move *m = &out[i];
		enum value v = solution_value(s, child[i]);
		m->child = child[i];
		movegen_describe(rules, at, child[i], m->text);
		position_format(rules, child[i], m->code);
		m->outcome = v == VALUE_LOSS ? VALUE_WIN : v == VALUE_WIN ? VALUE_LOSS : VALUE_DRAW;
		m->moves = v == VALUE_DRAW ? 0 : solution_remoteness(s, child[i]) + 1;
	}
	free(child);
	qsort(out, n, sizeof *out, compare);
	return n;
}

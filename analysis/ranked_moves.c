// SPDX-License-Identifier: MIT
// Ordering moves by outcome (see ranked_moves.h).
#include "ranked_moves.h"

#include <stdlib.h>
#include <string.h>

#include "movegen.h"

// Sort key: wins first (fewer moves better), then draws, then losses (more moves better).
static unsigned key(enum value v, unsigned remoteness)
{
	if (v == VALUE_WIN)
		return remoteness;
	if (v == VALUE_DRAW)
		return 1u << 20;
	return (1u << 21) - remoteness;
}

static int compare(const void *a, const void *b)
{
	const struct ranked_move *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return strcmp(x->code, y->code);
}

#define STRINGS_MAX (MOVEGEN_TEXT_MAX + POSITION_CODE_MAX) // a move's text and code at most

size_t ranked_moves_bytes(const struct rules *rules)
{
	return rules->max_moves * (sizeof(struct ranked_move) + STRINGS_MAX);
}

// Fills and sorts out with the moves from at; duel(ctx, child, &remoteness) is the value of
// child for the player who moved into it, with its remoteness (0 for a draw).
static size_t rank(const struct rules *rules, uint64_t at, struct ranked_move *out,
		   enum value (*duel)(const void *ctx, uint64_t child, unsigned *rem), const void *ctx)
{
	uint64_t *child = malloc(rules->max_moves * sizeof *child);
	if (!child)
		return 0;
	char *strings = (char *)(out + rules->max_moves);
	size_t n = movegen_children(rules, at, child);
	for (size_t i = 0; i < n; i++) {
		struct ranked_move *m = &out[i];
		unsigned rem;
		m->child = child[i];
		movegen_describe(rules, at, child[i], strings);
		m->text = strings;
		strings += strlen(strings) + 1;
		position_format(rules, child[i], strings);
		m->code = strings;
		strings += strlen(strings) + 1;
		m->value = duel(ctx, child[i], &rem);
		m->remoteness = m->value == VALUE_DRAW ? 0 : rem + 1;
		m->key = key(m->value, m->remoteness);
	}
	free(child);
	qsort(out, n, sizeof *out, compare);
	return n;
}

// Two players: the child's value for its player to move, turned round.
static enum value two(const void *ctx, uint64_t child, unsigned *rem)
{
	enum value v = solution_value(ctx, child);
	*rem = solution_remoteness(ctx, child);
	return v == VALUE_LOSS ? VALUE_WIN : v == VALUE_WIN ? VALUE_LOSS : VALUE_DRAW;
}

// More players: the mover is the last slot of the child.
static enum value many(const void *ctx, uint64_t child, unsigned *rem)
{
	const struct coalition *c = ctx;
	*rem = coalition_remoteness(c, child, c->players - 1);
	return coalition_value(c, child, c->players - 1);
}

size_t ranked_moves(const struct rules *rules, const struct solution *s, uint64_t at,
		    struct ranked_move *out)
{
	return rank(rules, at, out, two, s);
}

size_t ranked_moves_coalition(const struct rules *rules, const struct coalition *c, uint64_t at,
			      struct ranked_move *out)
{
	return rank(rules, at, out, many, c);
}

// SPDX-License-Identifier: MIT
// Ordering moves by outcome (see ranked_moves.h).
#include "ranked_moves.h"

#include <stdlib.h>
#include <string.h>

#include "movegen.h"

// Sort key: wins first (fewer moves better), then draws, then losses (more moves better).
static long key(const struct ranked_move *m)
{
	if (m->value == VALUE_WIN)
		return (long)m->remoteness;
	if (m->value == VALUE_DRAW)
		return 1L << 20;
	return (1L << 21) - (long)m->remoteness;
}

// Orders pointers to moves (a move is kilobytes of room, so the moves are not sorted whole).
static int compare(const void *a, const void *b)
{
	const struct ranked_move *x = *(const struct ranked_move *const *)a, *y = *(const struct ranked_move *const *)b;
	long kx = key(x), ky = key(y);
	if (kx != ky)
		return kx < ky ? -1 : 1;
	return strcmp(x->code, y->code);
}

// Copies what a move uses: its strings up to their end, not their whole room.
static void move_copy(struct ranked_move *to, const struct ranked_move *from)
{
	to->child = from->child;
	to->value = from->value;
	to->remoteness = from->remoteness;
	strcpy(to->text, from->text);
	strcpy(to->code, from->code);
}

// Puts out[0 .. n) in the order of by (pointers into out), following each cycle of the
// permutation with one move held aside.
static void permute(struct ranked_move *out, const struct ranked_move **by, size_t n)
{
	struct ranked_move held;
	for (size_t k = 0; k < n; k++) {
		if (!by[k] || by[k] == &out[k])
			continue;
		move_copy(&held, &out[k]);
		size_t at = k;
		while (by[at] != &out[k]) {
			size_t from = (size_t)(by[at] - out);
			move_copy(&out[at], by[at]);
			by[at] = NULL;
			at = from;
		}
		move_copy(&out[at], &held);
		by[at] = NULL;
	}
}

// Fills and sorts out with the moves from at; duel(ctx, child, &remoteness) is the value of
// child for the player who moved into it, with its remoteness (0 for a draw).
static size_t rank(const struct rules *rules, uint64_t at, struct ranked_move *out,
		   enum value (*duel)(const void *ctx, uint64_t child, unsigned *rem), const void *ctx)
{
	uint64_t *child = malloc(rules->max_moves * sizeof *child);
	const struct ranked_move **by = malloc(rules->max_moves * sizeof *by);
	if (!child || !by)
		return free(child), free(by), 0;
	size_t n = movegen_children(rules, at, child);
	for (size_t i = 0; i < n; i++) {
		struct ranked_move *m = &out[i];
		unsigned rem;
		m->child = child[i];
		movegen_describe(rules, at, child[i], m->text);
		position_format(rules, child[i], m->code);
		m->value = duel(ctx, child[i], &rem);
		m->remoteness = m->value == VALUE_DRAW ? 0 : rem + 1;
		by[i] = m;
	}
	qsort(by, n, sizeof *by, compare);
	permute(out, by, n);
	free(child), free(by);
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

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

// The order of moves x and y: best first, ties by code.
static int compare(const struct ranked_move *x, const struct ranked_move *y)
{
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	for (int k = 0; k < 2; k++)
		if (x->prefix[k] != y->prefix[k])
			return x->prefix[k] < y->prefix[k] ? -1 : 1;
	return strcmp(x->code, y->code);
}

// Sorts m[0 .. n) by compare: a merge sort of their places (order, with tmp beside it, n
// each), then the moves put in that order through spare (n moves). A show streams
// thousands of positions of hundreds of moves: qsort's call per comparison was a tenth of it.
static void sort_moves(struct ranked_move *m, size_t n, uint32_t *order, uint32_t *tmp, struct ranked_move *spare)
{
	for (size_t i = 0; i < n; i++)
		order[i] = (uint32_t)i;
	for (size_t width = 1; width < n; width *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * width) {
			size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
			size_t a = lo, b = mid, k = lo;
			while (a < mid && b < hi)
				tmp[k++] = compare(&m[order[b]], &m[order[a]]) < 0 ? order[b++] : order[a++];
			while (a < mid)
				tmp[k++] = order[a++];
			while (b < hi)
				tmp[k++] = order[b++];
		}
		uint32_t *t = order;
		order = tmp, tmp = t;
	}
	memcpy(spare, m, n * sizeof *m);
	for (size_t i = 0; i < n; i++)
		m[i] = spare[order[i]];
}

// The first 16 bytes of code, big-endian, zeros past its end (the order of strcmp).
static void set_prefix(struct ranked_move *m)
{
	const unsigned char *c = (const unsigned char *)m->code;
	size_t i = 0;
	m->prefix[0] = m->prefix[1] = 0;
	for (; i < 16 && c[i]; i++)
		m->prefix[i / 8] |= (uint64_t)c[i] << (56 - 8 * (i % 8));
}

#define STRINGS_MAX (MOVEGEN_TEXT_MAX + POSITION_CODE_MAX) // a move's text and code at most

size_t ranked_moves_bytes(const struct rules *rules)
{
	return rules->max_moves * (sizeof(struct ranked_move) + STRINGS_MAX);
}

// Fills and sorts out with the moves from at; duel(ctx, child, &remoteness) is the value of
// child for the player who moved into it, with its remoteness (0 for a draw); warm (NULL:
// none) asks for the memory that duel reads of the children before it is read.
static size_t rank(const struct rules *rules, uint64_t at, struct ranked_move *out,
		   enum value (*duel)(const void *ctx, uint64_t child, unsigned *rem),
		   void (*warm)(const void *ctx, const uint64_t *child, size_t n), const void *ctx)
{
	size_t most = rules->max_moves;
	uint64_t *child = malloc(most * (sizeof *child + 2 * sizeof(uint32_t) + sizeof *out));
	if (!child)
		return 0;
	uint32_t *order = (uint32_t *)(child + most), *tmp = order + most;
	struct ranked_move *spare = (struct ranked_move *)(tmp + most);
	char *strings = (char *)(out + rules->max_moves);
	size_t n = movegen_children(rules, at, child);
	if (warm)
		warm(ctx, child, n);
	struct pos from, to;
	position_decode(rules, at, &from);
	for (size_t i = 0; i < n; i++) {
		struct ranked_move *m = &out[i];
		unsigned rem;
		m->child = child[i];
		position_decode(rules, child[i], &to);
		movegen_describe_pos(rules, &from, &to, strings);
		m->text = strings;
		strings += strlen(strings) + 1;
		position_format_pos(rules, &to, strings);
		m->code = strings;
		strings += strlen(strings) + 1;
		m->value = duel(ctx, child[i], &rem);
		m->remoteness = m->value == VALUE_DRAW ? 0 : rem + 1;
		m->key = key(m->value, m->remoteness);
		set_prefix(m);
	}
	sort_moves(out, n, order, tmp, spare);
	free(child);
	return n;
}

// Two players: the child's value for its player to move, turned round.
static enum value two(const void *ctx, uint64_t child, unsigned *rem)
{
	enum value v = solution_value(ctx, child);
	*rem = v == VALUE_WIN || v == VALUE_LOSS ? solution_remoteness(ctx, child) : 0;
	return v == VALUE_LOSS ? VALUE_WIN : v == VALUE_WIN ? VALUE_LOSS : VALUE_DRAW;
}

static void two_warm(const void *ctx, const uint64_t *child, size_t n)
{
	solution_warm(ctx, child, n);
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
	return rank(rules, at, out, two, two_warm, s);
}

size_t ranked_moves_coalition(const struct rules *rules, const struct coalition *c, uint64_t at,
			      struct ranked_move *out)
{
	return rank(rules, at, out, many, NULL, c);
}

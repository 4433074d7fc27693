// SPDX-License-Identifier: MIT
// Ordering moves by outcome (see ranked_moves.h).
#define _GNU_SOURCE // qsort_r
#include "ranked_moves.h"

#include <stdbool.h>
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

// What moves are sorted by: key in the top 22 bits, then 64 bits in the order of the codes,
// then the move's place in the last 42. One comparison of 128 bits, without a branch: the
// merge's choice cannot be predicted.
typedef unsigned __int128 sort_item;

#define PLACE_MASK ((UINT64_C(1) << 42) - 1)
static sort_item sort_item_of(unsigned key, uint64_t code_order, size_t place)
{
	return (sort_item)key << 106 | (sort_item)code_order << 42 | place;
}

// A code of digit form (position_digit_codes) of at most 16 digits as 16 hex digits, first
// first: among codes of one length, the order of strcmp.
#define DIGITS_ORDERED 16
static uint64_t digits_order(const char *code, size_t len)
{
	uint64_t order = 0;
	for (size_t i = 0; i < DIGITS_ORDERED; i++)
		order = order << 4 | (i < len ? (unsigned)(code[i] - '0') : 0);
	return order;
}

// Sorts m[0 .. n) by their items (item, with tmp beside it, n each): a merge sort, then the
// moves put in that order through spare (n moves). A show streams thousands of positions of
// hundreds of moves: qsort's call per comparison was a tenth of it, and a merge of three
// words a tenth still.
static void sort_moves(struct ranked_move *m, size_t n, sort_item *item, sort_item *tmp, struct ranked_move *spare)
{
	for (size_t width = 1; width < n; width *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * width) {
			size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
			size_t a = lo, b = mid, k = lo;
			while (a < mid && b < hi) {
				sort_item x = item[a], y = item[b];
				bool take_b = y < x;
				tmp[k++] = take_b ? y : x;
				b += take_b, a += !take_b;
			}
			while (a < mid)
				tmp[k++] = item[a++];
			while (b < hi)
				tmp[k++] = item[b++];
		}
		sort_item *t = item;
		item = tmp, tmp = t;
	}
	memcpy(spare, m, n * sizeof *m);
	for (size_t i = 0; i < n; i++)
		m[i] = spare[(uint64_t)item[i] & PLACE_MASK];
}

// The order of moves x and y of m (places in it) by their codes.
static int by_code(const void *x, const void *y, void *m)
{
	const struct ranked_move *moves = m;
	return strcmp(moves[*(const uint64_t *)x].code, moves[*(const uint64_t *)y].code);
}

// Into place[i], the place of move i's code among the codes of m[0 .. n), by way of at (n
// places): for codes that position_code_order does not order.
static void code_places(struct ranked_move *m, size_t n, uint64_t *place, uint64_t *at)
{
	for (size_t i = 0; i < n; i++)
		at[i] = i;
	qsort_r(at, n, sizeof *at, by_code, m);
	for (size_t i = 0; i < n; i++)
		place[at[i]] = i;
}

#define STRINGS_MAX (MOVEGEN_TEXT_MAX + POSITION_CODE_MAX) // a move's text and code at most

size_t ranked_moves_bytes(const struct rules *rules)
{
	return rules->max_moves * (sizeof(struct ranked_move) + STRINGS_MAX) + RANKED_MOVES_SLACK;
}

// The value of each child for the player who moved into it, and its remoteness (0 for a
// draw): duels(ctx, child, n, value, rem).
typedef void duels_fn(const void *ctx, const uint64_t *child, size_t n, uint8_t *value, unsigned *rem);

// Fills and sorts out with the moves from at, to its children child[0 .. n) (movegen_children's
// list), their values from duels.
static size_t rank(const struct rules *rules, uint64_t at, const uint64_t *child, size_t n, struct ranked_move *out,
		   duels_fn *duels, const void *ctx)
{
	size_t each = 2 * sizeof(sort_item) + sizeof *out + sizeof(uint64_t) + sizeof(struct pos) + sizeof(unsigned) + 1;
	sort_item *item = malloc(n * each), *tmp = item + n;
	if (!item)
		return 0;
	struct ranked_move *spare = (struct ranked_move *)(tmp + n);
	uint64_t *order = (uint64_t *)(spare + n); // of the codes
	struct pos *to = (struct pos *)(order + n);
	unsigned *rem = (unsigned *)(to + n);
	uint8_t *value = (uint8_t *)(rem + n);
	bool digits = position_digit_codes(rules); // the codes' order from their digits
	char *strings = (char *)(out + rules->max_moves);
	struct pos from;
	position_decode(rules, at, &from);
	for (size_t i = 0; i < n; i++) // first every child's hands asked for, then read
		position_decode(rules, child[i], &to[i]), position_warm(rules, &to[i]);
	duels(ctx, child, n, value, rem);
	for (size_t i = 0; i < n; i++) {
		struct ranked_move *m = &out[i];
		m->child = child[i];
		m->text_len = (uint16_t)movegen_describe_pos(rules, &from, &to[i], strings);
		m->text = strings;
		strings += m->text_len + 1;
		m->code_len = (uint16_t)position_format_pos(rules, &to[i], strings);
		m->code = strings;
		strings += m->code_len + 1;
		m->value = (enum value)value[i];
		m->remoteness = m->value == VALUE_DRAW ? 0 : rem[i] + 1;
		m->key = key(m->value, m->remoteness);
		digits = digits && m->code_len <= DIGITS_ORDERED;
		if (digits)
			order[i] = digits_order(m->code, m->code_len);
	}
	if (!digits)
		code_places(out, n, order, (uint64_t *)tmp);
	for (size_t i = 0; i < n; i++)
		item[i] = sort_item_of(out[i].key, order[i], i);
	sort_moves(out, n, item, tmp, spare);
	free(item);
	return n;
}

// rank with the children of at made here.
static size_t rank_all(const struct rules *rules, uint64_t at, struct ranked_move *out, duels_fn *duels,
		       const void *ctx)
{
	uint64_t *child = malloc(rules->max_moves * sizeof *child);
	size_t n = child ? rank(rules, at, child, movegen_children(rules, at, child), out, duels, ctx) : 0;
	free(child);
	return n;
}

// Two players: each child's value for its player to move, turned round.
static void two(const void *ctx, const uint64_t *child, size_t n, uint8_t *value, unsigned *rem)
{
	solution_read(ctx, child, n, value, rem);
	for (size_t i = 0; i < n; i++)
		value[i] = value[i] == VALUE_LOSS ? VALUE_WIN : value[i] == VALUE_WIN ? VALUE_LOSS : VALUE_DRAW;
}

// More players: the mover is the last slot of each child.
static void many(const void *ctx, const uint64_t *child, size_t n, uint8_t *value, unsigned *rem)
{
	const struct coalition *c = ctx;
	for (size_t i = 0; i < n; i++) {
		rem[i] = coalition_remoteness(c, child[i], c->players - 1);
		value[i] = (uint8_t)coalition_value(c, child[i], c->players - 1);
	}
}

size_t ranked_moves(const struct rules *rules, const struct solution *s, uint64_t at,
		    struct ranked_move *out)
{
	return rank_all(rules, at, out, two, s);
}

size_t ranked_moves_of(const struct rules *rules, const struct solution *s, uint64_t at, const uint64_t *child,
		       size_t n, struct ranked_move *out)
{
	return rank(rules, at, child, n, out, two, s);
}

size_t ranked_moves_coalition(const struct rules *rules, const struct coalition *c, uint64_t at,
			      struct ranked_move *out)
{
	return rank_all(rules, at, out, many, c);
}

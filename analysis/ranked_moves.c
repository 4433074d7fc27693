// SPDX-License-Identifier: MIT
// Ordering moves by outcome (see ranked_moves.h).
#define _GNU_SOURCE // qsort_r
#include "ranked_moves.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "le64.h"
#include "movegen.h"

#define DRAW_KEY (UINT32_C(1) << 31)
#define REMOTENESS_KEYED ((UINT32_C(1) << 30) - 1) // remoteness past this sorts as this

// Sort key: wins first (fewer moves better), then draws, then losses (more moves better).
static uint32_t key(enum value v, unsigned remoteness)
{
	uint32_t r = remoteness < REMOTENESS_KEYED ? remoteness : REMOTENESS_KEYED;
	if (v == VALUE_WIN)
		return r;
	if (v == VALUE_DRAW)
		return DRAW_KEY;
	return UINT32_MAX - r;
}

// What moves are sorted by. Most moves of a game lead to draws, whose keys are all equal:
// those (when a list has at most DRAWS_MAX moves) by a 64-bit item, the code's order (below
// 2^54) above the move's place in the last 10 bits; the others by a 128-bit item, the key in
// the top 32 bits, then the code's order, then the place in the last 42. One comparison
// without a branch (the merge's choice cannot be predicted), of one word where it can.
typedef unsigned __int128 wide_item;
#define WIDE_PLACE ((UINT64_C(1) << 42) - 1)
#define DRAW_PLACE_BITS 10
#define DRAWS_MAX (1u << DRAW_PLACE_BITS)

// A code of digit form (position_digit_codes) of at most 16 digits as a decimal number (below
// 10^16 < 2^54), zeros past its end: among codes of one length, the order of strcmp.
#define DIGITS_ORDERED 16

// The number that the 8 digits at c write: pairs, then fours, then the eight joined by a
// multiplication each (the bytes of a little-endian word, the first digit lowest).
static uint64_t eight_digits(const char *c)
{
	uint64_t v = le64_load((const uint8_t *)c); // the first digit lowest on any host
	v = (v & UINT64_C(0x0F0F0F0F0F0F0F0F)) * (10 * 256 + 1) >> 8;
	v = (v & UINT64_C(0x00FF00FF00FF00FF)) * (100 * 65536 + 1) >> 16;
	return (v & UINT64_C(0x0000FFFF0000FFFF)) * (UINT64_C(10000) << 32 | 1) >> 32 & 0xFFFFFFFF;
}

static uint64_t digits_order(const char *code, size_t len)
{
	uint64_t order = 0;
	size_t i = 0;
	for (; i + 8 <= len; i += 8)
		order = order * 100000000 + eight_digits(code + i);
	for (; i < DIGITS_ORDERED; i++)
		order = order * 10 + (i < len ? (unsigned)(code[i] - '0') : 0);
	return order;
}

// A merge sort of item[0 .. n), with tmp beside it (n); returns where the sorted items lie.
#define MERGE_SORT(name, type)                                                                            \
	static const type *name(type *item, type *tmp, size_t n)                                          \
	{                                                                                                 \
		for (size_t width = 1; width < n; width *= 2) {                                           \
			for (size_t lo = 0; lo < n; lo += 2 * width) {                                    \
				size_t mid = lo + width < n ? lo + width : n;                             \
				size_t hi = lo + 2 * width < n ? lo + 2 * width : n, a = lo, b = mid, k = lo; \
				while (a < mid && b < hi) {                                               \
					type x = item[a], y = item[b];                                    \
					bool take_b = y < x;                                              \
					tmp[k++] = take_b ? y : x;                                        \
					b += take_b, a += !take_b;                                        \
				}                                                                         \
				while (a < mid)                                                           \
					tmp[k++] = item[a++];                                             \
				while (b < hi)                                                            \
					tmp[k++] = item[b++];                                             \
			}                                                                                 \
			type *t = item;                                                                   \
			item = tmp, tmp = t;                                                              \
		}                                                                                         \
		return item;                                                                              \
	}
MERGE_SORT(sort_wide, wide_item)
MERGE_SORT(sort_narrow, uint64_t)

// The room a list of n moves is ranked in, carved from one allocation (scratch_new).
struct scratch {
	wide_item *wide, *wide_tmp;
	uint64_t *narrow, *narrow_tmp, *order; // order: of each move's code
	struct ranked_move *spare;
	struct pos *to;
	unsigned *rem;
	uint8_t *value;
};

static bool scratch_new(struct scratch *s, size_t n)
{
	size_t each = 2 * sizeof(wide_item) + 3 * sizeof(uint64_t) + sizeof(struct ranked_move) + sizeof(struct pos) +
		      sizeof(unsigned) + 1;
	if (!(s->wide = malloc(n > 0 ? n * each : 1))) // the most aligned first
		return false;
	s->wide_tmp = s->wide + n;
	s->narrow = (uint64_t *)(s->wide_tmp + n), s->narrow_tmp = s->narrow + n, s->order = s->narrow_tmp + n;
	s->spare = (struct ranked_move *)(s->order + n);
	s->to = (struct pos *)(s->spare + n);
	s->rem = (unsigned *)(s->to + n);
	s->value = (uint8_t *)(s->rem + n);
	return true;
}

// Sorts m[0 .. n) best first, ties by code (s->order), and puts the moves in that order
// through s->spare. A show streams thousands of positions of hundreds of moves: qsort's call
// per comparison was a tenth of it, a merge of three words a tenth still.
static void sort_moves(struct ranked_move *m, size_t n, struct scratch *s)
{
	size_t wide = 0, narrow = 0;
	for (size_t i = 0; i < n; i++)
		if (n <= DRAWS_MAX && m[i].key == DRAW_KEY)
			s->narrow[narrow++] = s->order[i] << DRAW_PLACE_BITS | i;
		else
			s->wide[wide++] = (wide_item)m[i].key << 96 | (wide_item)s->order[i] << 42 | i;
	const wide_item *w = sort_wide(s->wide, s->wide_tmp, wide);
	const uint64_t *d = sort_narrow(s->narrow, s->narrow_tmp, narrow);
	memcpy(s->spare, m, n * sizeof *m);
	size_t k = 0, j = 0;
	for (; j < wide && (uint32_t)(w[j] >> 96) < DRAW_KEY; j++) // the wins, then the draws
		m[k++] = s->spare[(uint64_t)w[j] & WIDE_PLACE];
	for (size_t i = 0; i < narrow; i++)
		m[k++] = s->spare[d[i] & (DRAWS_MAX - 1)];
	for (; j < wide; j++)
		m[k++] = s->spare[(uint64_t)w[j] & WIDE_PLACE];
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
	struct scratch room;
	if (!scratch_new(&room, n))
		return 0;
	struct pos *to = room.to;
	bool digits = position_digit_codes(rules); // the codes' order from their digits
	char *strings = (char *)(out + rules->max_moves);
	struct pos from;
	position_decode(rules, at, &from);
	for (size_t i = 0; i < n; i++) // first every child's hands asked for, then read
		position_decode(rules, child[i], &to[i]), position_warm(rules, &to[i]);
	duels(ctx, child, n, room.value, room.rem);
	for (size_t i = 0; i < n; i++) {
		struct ranked_move *m = &out[i];
		m->child = child[i];
		m->text_len = (uint16_t)movegen_describe_pos(rules, &from, &to[i], strings);
		m->text = strings;
		strings += m->text_len + 1;
		m->code_len = (uint16_t)position_format_pos(rules, &to[i], strings);
		m->code = strings;
		strings += m->code_len + 1;
		m->value = (enum value)room.value[i];
		m->remoteness = m->value == VALUE_DRAW ? 0 : room.rem[i] + 1;
		m->key = key(m->value, m->remoteness);
		digits = digits && m->code_len <= DIGITS_ORDERED;
		if (digits)
			room.order[i] = digits_order(m->code, m->code_len);
	}
	if (!digits)
		code_places(out, n, room.order, room.narrow);
	sort_moves(out, n, &room);
	free(room.wide);
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

// SPDX-License-Identifier: MIT
// The check of a table of three or more players (verify.h), without the solvers: a walk from
// the start over the rules' moves that checks every duel state (slot t, position idx) of each
// position it reaches against its children, the states (t - 1 mod players, child), each value
// being for the side to move there (the target at slot 0, else the others together); then
// one pass over every state for the stored-but-unreached, stray remoteness, the overflow
// list, the header and the per-seat counts. Not for two players (verify.c).
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "position.h"
#include "verify_walk.h"

// The children of one state, from the view of its side to move: a good child is one that
// side wins, a bad one it loses.
struct duel_children {
	unsigned good_min, bad_max; // UINT32_MAX / 0 when none
	bool all_bad, any_draw;
	uint64_t good_fastest, bad_slowest, not_bad; // positions (NONE: none)
	enum value not_bad_value;
};

static uint64_t state(const struct table_map *t, unsigned slot, uint64_t idx)
{
	return slot * t->stride + idx;
}

// The value of state (slot, idx) from the view of the side that moves at (parent, parent's
// slot): the stored value when that same side moves again (neither slot is 0), else its
// opposite.
static enum value for_parent(const struct table_map *t, unsigned parent_slot, uint64_t child, unsigned *rem)
{
	unsigned slot = (parent_slot + t->players - 1) % t->players;
	enum value v = table_value(t, state(t, slot, child));
	*rem = v == VALUE_WIN || v == VALUE_LOSS ? table_remoteness(t, state(t, slot, child)) : 0;
	if ((parent_slot == 0) == (slot == 0) || (v != VALUE_WIN && v != VALUE_LOSS))
		return v;
	return v == VALUE_WIN ? VALUE_LOSS : VALUE_WIN;
}

static void gather(const struct table_map *t, unsigned slot, const uint64_t *child, size_t n, struct duel_children *d)
{
	*d = (struct duel_children){UINT32_MAX, 0, true, false, NONE, NONE, NONE, VALUE_UNKNOWN};
	for (size_t k = 0; k < n; k++) {
		unsigned r;
		enum value v = for_parent(t, slot, child[k], &r);
		if (v != VALUE_LOSS && d->not_bad == NONE)
			d->not_bad = child[k], d->not_bad_value = v;
		d->all_bad = d->all_bad && v == VALUE_LOSS;
		d->any_draw = d->any_draw || v == VALUE_DRAW;
		if (v == VALUE_WIN && r < d->good_min)
			d->good_min = r, d->good_fastest = child[k];
		if (v == VALUE_LOSS && (r > d->bad_max || d->bad_slowest == NONE))
			d->bad_max = r, d->bad_slowest = child[k];
	}
}

// "seat 2's duel (the others to move)": whose duel state (slot, i) is, and who moves there.
static const char *duel_name(unsigned slot, char *buf, size_t len)
{
	snprintf(buf, len, "seat %u's duel (%s to move)", slot + 1, slot ? "the others" : "that seat");
	return buf;
}

static enum verify_fault check_end(const struct ctx *c, uint64_t i, unsigned slot, enum value v, unsigned r)
{
	char name[64];
	if (!movegen_is_terminal(c->rules, i))
		return verify_fail(c, VERIFY_TERMINAL, "has no move but is not terminal");
	bool target_won = movegen_won_by(c->rules, i, slot);
	enum value want = target_won == (slot == 0) ? VALUE_WIN : VALUE_LOSS;
	if (v == want && r == 0)
		return VERIFY_OK;
	return verify_fail(c, VERIFY_TERMINAL, "is terminal and seat %u has %s, so %s is a %s in 0, but the table says %s in %u",
			   slot + 1, target_won ? "won" : "not won", duel_name(slot, name, sizeof name),
			   cell_value_name(want), cell_value_name(v), r);
}

static enum verify_fault check_children(const struct ctx *c, unsigned slot, enum value v, unsigned r,
					const struct duel_children *d)
{
	char code[POSITION_CODE_MAX], name[64];
	const char *who = duel_name(slot, name, sizeof name);
	if (d->good_fastest != NONE)
		position_format(c->rules, d->good_fastest, code);
	if (v == VALUE_WIN && d->good_fastest == NONE)
		return verify_fail(c, VERIFY_WIN, "%s is a win in %u but no move wins for the side to move", who, r);
	if (v == VALUE_WIN && d->good_min + 1 != r)
		return verify_fail(c, VERIFY_WIN, "%s is a win in %u but its fastest winning move, to %s, wins in %u", who, r,
				   code, d->good_min + 1);
	if (v == VALUE_DRAW && d->good_fastest != NONE)
		return verify_fail(c, VERIFY_DRAW, "%s is a draw but its move to %s wins for the side to move", who, code);
	if (v == VALUE_DRAW && !d->any_draw)
		return verify_fail(c, VERIFY_DRAW, "%s is a draw but every move loses for the side to move", who);
	if (v == VALUE_LOSS && !d->all_bad)
		return verify_fail(c, VERIFY_LOSS, "%s is a loss in %u but its move to %s is a %s for the side to move", who,
				   r, (position_format(c->rules, d->not_bad, code), code), cell_value_name(d->not_bad_value));
	if (v == VALUE_LOSS && d->bad_max + 1 != r)
		return verify_fail(c, VERIFY_LOSS, "%s is a loss in %u but its slowest move, to %s, loses in %u", who, r,
				   (position_format(c->rules, d->bad_slowest, code), code), d->bad_max + 1);
	return VERIFY_OK;
}

// Checks state (slot, i) of a reached position i from its children (child[0 .. n)).
static enum verify_fault check_state(const struct ctx *c, uint64_t i, unsigned slot, const uint64_t *child, size_t n)
{
	const struct table_map *t = c->t;
	char code[POSITION_CODE_MAX], name[64];
	enum value v = table_value(t, state(t, slot, i));
	unsigned r = v == VALUE_WIN || v == VALUE_LOSS ? table_remoteness(t, state(t, slot, i)) : 0;
	if (v == VALUE_UNKNOWN)
		return verify_fail(c, VERIFY_MISSING, "is reachable but %s is not stored", duel_name(slot, name, sizeof name));
	unsigned below = (slot + t->players - 1) % t->players;
	for (size_t k = 0; k < n; k++)
		if (table_value(t, state(t, below, child[k])) == VALUE_UNKNOWN)
			return verify_fail(c, VERIFY_MISSING, "has a move to %s, whose seat %u's duel the table does not hold",
					   (position_format(c->rules, child[k], code), code), below + 1);
	if (n == 0)
		return check_end(c, i, slot, v, r);
	struct duel_children d;
	gather(t, slot, child, n, &d);
	return check_children(c, slot, v, r, &d);
}

// Every slot of position i; the first failing slot in *slot (when it fails).
static enum verify_fault check_position(const struct ctx *c, uint64_t i, const uint64_t *child, size_t n,
					unsigned *slot)
{
	for (unsigned t = 0; t < c->t->players; t++) {
		enum verify_fault f = check_state(c, i, t, child, n);
		if (f != VERIFY_OK)
			return *slot = t, f;
	}
	return VERIFY_OK;
}

// One level of the walk (walk_level): checks every position of w->cur, marks its children.
static uint64_t level(void *arg, struct walk *w, bool *ok)
{
	const struct ctx *c = arg;
	uint64_t first = NONE;
#pragma omp parallel
	{
		uint64_t *child = malloc(c->rules->max_moves * sizeof *child);
		unsigned slot;
#pragma omp for schedule(dynamic, 256) reduction(min : first)
		for (uint64_t x = 0; x < w->words; x++) {
			for (uint64_t bits = child ? w->cur[x] : 0; bits; bits &= bits - 1) {
				uint64_t i = x * 64 + (uint64_t)__builtin_ctzll(bits);
				size_t n = movegen_children_any(c->rules, i, child);
				if (check_position(c, i, child, n, &slot) != VERIFY_OK) {
					first = i < first ? i : first;
					continue;
				}
				for (size_t k = 0; k < n; k++)
					__atomic_fetch_or(&w->next[child[k] / 64], UINT64_C(1) << (child[k] % 64), __ATOMIC_RELAXED);
			}
			if (!child) {
#pragma omp atomic write
				*ok = false;
			}
		}
		free(child);
	}
	return first;
}

// One pass over every state: the tally, and the per-slot counts from the target's view (in
// parallel; counts add and the first states are minima, so any thread count agrees).
static void tally_pass(const struct ctx *c, const struct walk *w, struct tally *y, struct verify_report *report)
{
	const struct table_map *t = c->t;
	uint64_t count[4] = {0}, marks = 0, unreached = NONE, stray = NONE, duels[RULES_MAX_PLAYERS * 4] = {0};
	unsigned max_rem = 0;
#pragma omp parallel for schedule(static, 65536) reduction(+ : count[:4], marks, duels[:RULES_MAX_PLAYERS * 4]) \
	reduction(min : unreached, stray) reduction(max : max_rem)
	for (uint64_t s = 0; s < t->sol.size; s++) {
		enum value v = table_value(t, s);
		uint64_t i = s % t->stride;
		unsigned slot = (unsigned)(s / t->stride), b = t->sol.remoteness[s];
		bool decided = v == VALUE_WIN || v == VALUE_LOSS;
		bool seen = i < t->size && (w->seen[i / 64] >> (i % 64) & 1);
		count[v]++;
		marks += decided && b == 255;
		if (v != VALUE_UNKNOWN && !seen && s < unreached)
			unreached = s;
		if (!decided && b && s < stray)
			stray = s;
		if (decided && b > max_rem)
			max_rem = b;
		enum value mine = slot == 0 || !decided ? v : v == VALUE_WIN ? VALUE_LOSS : VALUE_WIN;
		duels[slot * 4 + mine] += seen;
	}
	*y = (struct tally){{0, count[1], count[2], count[3]}, unreached, stray, marks, max_rem};
	memcpy(report->duels, duels, sizeof duels);
}

// The tally's faults, then the overflow list and the header.
static void check_whole(const struct ctx *c, const struct walk *w, struct verify_report *report)
{
	struct tally y;
	char name[64];
	tally_pass(c, w, &y, report);
	uint64_t s = y.unreached != NONE ? y.unreached : y.stray;
	if (s != NONE) {
		report->fault = y.unreached != NONE ? VERIFY_UNREACHED : VERIFY_STRAY;
		report->at = s % c->t->stride < c->t->size ? s % c->t->stride : NONE;
		report->slot = (unsigned)(s / c->t->stride);
		snprintf(report->why, sizeof report->why, "%s: %s", duel_name(report->slot, name, sizeof name),
			 y.unreached != NONE ? "is stored but the position is not reachable from the start"
					     : "is not a win or loss but has a remoteness byte");
		return;
	}
	unsigned over = verify_overflow(c, &y, report);
	if (!report->fault)
		verify_header(c, &y, report->checked, over > y.max_rem ? over : y.max_rem, report);
}

enum status verify_coalition(const struct ctx *c, struct walk *w, const struct progress *progress,
			     struct verify_report *report, struct error *err)
{
	struct ctx mine = *c;
	mine.check = check_position;
	enum status st = walk_levels(&mine, w, level, &mine, progress, report, err);
	if (st == STATUS_OK && !report->fault)
		check_whole(&mine, w, report);
	if (report->fault)
		memset(report->duels, 0, sizeof report->duels);
	return st;
}

// SPDX-License-Identifier: MIT
// strategy.h and strategy_check.h: built lists pass the check for both sides of several
// games and keep the solver's length; broken lists (a target removed, two swapped, a
// remoteness or the length understated) fail it; and the check agrees with a hand-checked
// game: one hand each, rollover 5, forced 11 -> 21 -> 32 -> 03 (the first player wins).
#include "strategy.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <string.h>

#include "helpers.h"
#include "position.h"
#include "strategy_check.h"

static struct rules *game(unsigned hands, unsigned rollover, const char *variants)
{
	struct instance in = {2, {hands, hands}, rollover, ""};
	snprintf(in.variants, sizeof in.variants, "%s", variants);
	return instance_rules(&in);
}

static void solve(const struct rules *rules, struct solution *s)
{
	struct error err;
	cr_assert_eq(retrograde_solve(rules, NULL, NULL, s, &err), STATUS_OK, "%s", err.msg);
}

static enum strategy_fault check(const struct rules *rules, const struct strategy *s)
{
	struct strategy_report r;
	struct error err;
	cr_assert_eq(strategy_check(rules, s, true, &r, &err), STATUS_OK, "%s", err.msg);
	strategy_report_free(&r);
	return r.fault;
}

static uint64_t at(const struct rules *rules, const char *code)
{
	uint64_t idx;
	struct error err;
	cr_assert_eq(position_parse(rules, code, &idx, &err), STATUS_OK, "%s", err.msg);
	return idx;
}

// ---- built lists ----

struct built_case {
	unsigned hands, rollover;
	char variants[48];
	enum strategy_kind first; // the kind of the first player's list
	unsigned moves;           // the start's remoteness (0 for a draw)
};

static const struct built_case built_cases[] = {
	{2, 5, "cutoff,self-attack", STRATEGY_WIN, 23},        // solve: win in 23
	{2, 5, "cutoff,suicide", STRATEGY_RESIST, 26},         // solve: loss in 26
	{2, 5, "halves", STRATEGY_AVOID, 0},                   // a draw
	{2, 5, "halves,cutoff,transfers-only", STRATEGY_RESIST, 8},
	{2, 5, "", STRATEGY_AVOID, 0},                         // the standard game, a draw
	{2, 3, "", STRATEGY_AVOID, 0},
	{2, 4, "", STRATEGY_WIN, 11},                          // solve: win in 11
	{2, 3, "cutoff", STRATEGY_AVOID, 0},
	{3, 3, "", STRATEGY_AVOID, 0},
	{2, 2, "", STRATEGY_WIN, 3},                           // forced, 2h - 1 moves
	{1, 5, "", STRATEGY_WIN, 3},                           // forced, Fibonacci
	{2, 5, "cutoff,suns", STRATEGY_WIN, 7},                // solve: win in 7
	{2, 4, "misere", STRATEGY_AVOID, 0},
};

ParameterizedTestParameters(strategy, built_lists_pass)
{
	return cr_make_param_array(struct built_case, built_cases, sizeof built_cases / sizeof built_cases[0]);
}

ParameterizedTest(const struct built_case *c, strategy, built_lists_pass)
{
	struct rules *rules = game(c->hands, c->rollover, c->variants);
	struct solution sol;
	solve(rules, &sol);
	for (unsigned side = 0; side < 2; side++) {
		struct strategy s;
		struct error err;
		cr_assert_eq(strategy_build(rules, &sol, rules->start, side, &s, &err), STATUS_OK, "%s", err.msg);
		enum strategy_kind want = side == 0 || c->first == STRATEGY_AVOID ? c->first
					  : c->first == STRATEGY_WIN ? STRATEGY_RESIST : STRATEGY_WIN;
		cr_expect_eq(s.kind, want, "[%s] side %u", c->variants, side);
		if (s.kind != STRATEGY_AVOID)
			cr_expect_eq(s.moves, solution_remoteness(&sol, rules->start), "[%s] side %u", c->variants, side);
		if (c->moves)
			cr_expect_eq(s.moves, c->moves, "[%s] side %u", c->variants, side);
		cr_expect_eq(check(rules, &s), STRATEGY_OK, "[%s] side %u", c->variants, side);
		strategy_free(&s);
	}
	solution_free(&sol);
	rules_free(rules);
}

// ---- broken lists ----

// A copy of s without target t.
static void without(const struct strategy *s, size_t t, struct strategy *out)
{
	struct error err;
	cr_assert_eq(strategy_alloc(out, s->count, &err), STATUS_OK);
	uint64_t *target = out->target;
	uint32_t *rem = out->remoteness;
	*out = *s;
	out->target = target, out->remoteness = rem, out->count = 0;
	for (size_t i = 0; i < s->count; i++)
		if (i != t)
			target[out->count] = s->target[i], rem[out->count++] = s->remoteness[i];
}

static void broken(const char *variants, unsigned side)
{
	struct rules *rules = game(2, 5, variants);
	struct solution sol;
	struct strategy s, less;
	struct error err;
	solve(rules, &sol);
	cr_assert_eq(strategy_build(rules, &sol, rules->start, side, &s, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(check(rules, &s), STRATEGY_OK);
	// Every target is needed: removing any one breaks the promise.
	for (size_t t = 0; t < s.count; t++) {
		without(&s, t, &less);
		cr_expect_neq(check(rules, &less), STRATEGY_OK, "[%s] without target %zu", variants, t + 1);
		strategy_free(&less);
	}
	// The first and last targets swapped.
	uint64_t x = s.target[0];
	s.target[0] = s.target[s.count - 1], s.target[s.count - 1] = x;
	cr_expect_neq(check(rules, &s), STRATEGY_OK, "[%s] first and last swapped", variants);
	s.target[s.count - 1] = s.target[0], s.target[0] = x;
	// A remoteness understated, then the length.
	s.remoteness[s.count - 1]--;
	cr_expect_eq(check(rules, &s), STRATEGY_TARGET, "[%s] remoteness understated", variants);
	s.remoteness[s.count - 1]++;
	s.moves--;
	cr_expect_eq(check(rules, &s), STRATEGY_LENGTH, "[%s] length understated", variants);
	s.moves++;
	cr_expect_eq(check(rules, &s), STRATEGY_OK);
	strategy_free(&s);
	solution_free(&sol);
	rules_free(rules);
}

Test(strategy, broken_lists_fail)
{
	broken("cutoff,self-attack", 0);
	broken("cutoff,suicide", 1);
}

Test(strategy, broken_avoid_list_fails)
{
	struct rules *rules = game(2, 5, "");
	struct solution sol;
	struct strategy s, less;
	struct error err;
	solve(rules, &sol);
	cr_assert_eq(strategy_build(rules, &sol, rules->start, 0, &s, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(s.kind, STRATEGY_AVOID);
	for (size_t t = 0; t < s.count; t++) { // each forbidden position lets the opponent win
		without(&s, t, &less);
		enum strategy_fault f = check(rules, &less);
		cr_expect(f == STRATEGY_LOST || f == STRATEGY_STUCK, "without position %zu: fault %d", t + 1, f);
		strategy_free(&less);
	}
	s.kind = STRATEGY_WIN; // a drawn game cannot be won by any list
	cr_expect_neq(check(rules, &s), STRATEGY_OK);
	strategy_free(&s);
	solution_free(&sol);
	rules_free(rules);
}

// ---- the hand-checked game: --hands 1 --rollover 5 ----
// 11 (first to move) -> 21 -> 32 -> 03, terminal: three moves, the first player wins. Its
// list is the one target 21, with 2 moves left; the second player's resistance is 32, lost
// in 1; the second player cannot avoid losing; nothing else is a list.

static struct strategy hand_list(const struct rules *rules, enum strategy_kind kind, unsigned side, unsigned moves,
				 const char *code, unsigned rem)
{
	struct strategy s;
	struct error err;
	cr_assert_eq(strategy_alloc(&s, 1, &err), STATUS_OK);
	s.kind = kind, s.side = side, s.root = rules->start, s.moves = moves, s.count = code ? 1 : 0;
	if (code)
		s.target[0] = at(rules, code), s.remoteness[0] = rem;
	return s;
}

Test(strategy, hand_checked_game)
{
	struct rules *rules = game(1, 5, "");
	struct {
		enum strategy_kind kind;
		unsigned side, moves;
		const char *code;
		unsigned rem;
		enum strategy_fault want;
	} cases[] = {
		{STRATEGY_WIN, 0, 3, "21", 2, STRATEGY_OK},
		{STRATEGY_WIN, 0, 3, "21", 1, STRATEGY_TARGET},
		{STRATEGY_WIN, 0, 2, "21", 2, STRATEGY_LENGTH},
		{STRATEGY_WIN, 0, 3, NULL, 0, STRATEGY_NO_TARGET},   // 11 has no target
		{STRATEGY_WIN, 0, 3, "32", 1, STRATEGY_NO_TARGET},   // 32 is not a move from 11
		{STRATEGY_WIN, 1, 2, "32", 1, STRATEGY_LOST},        // the second player cannot win
		{STRATEGY_RESIST, 1, 3, "32", 1, STRATEGY_OK},
		{STRATEGY_RESIST, 1, 4, "32", 1, STRATEGY_LENGTH},
		{STRATEGY_RESIST, 0, UINT32_MAX, "21", STRATEGY_NO_LOSS, STRATEGY_OK}, // the winner never loses
		{STRATEGY_AVOID, 0, 0, NULL, 0, STRATEGY_OK},
		{STRATEGY_AVOID, 1, 0, NULL, 0, STRATEGY_LOST},
		{STRATEGY_AVOID, 1, 0, "32", 0, STRATEGY_STUCK},     // 32 is the second player's only move
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct strategy s = hand_list(rules, cases[i].kind, cases[i].side, cases[i].moves, cases[i].code, cases[i].rem);
		cr_expect_eq(check(rules, &s), cases[i].want, "case %zu", i);
		strategy_free(&s);
	}
	struct strategy_report r;
	struct error err;
	struct strategy s = hand_list(rules, STRATEGY_WIN, 0, 3, "21", 2);
	cr_assert_eq(strategy_check(rules, &s, true, &r, &err), STATUS_OK);
	cr_expect_eq(r.nodes, 4); // 11, 21, 32, 03
	cr_expect_eq(r.used, 1);
	cr_expect_eq(r.moves, 3);
	strategy_report_free(&r);
	strategy_free(&s);
	// The builder finds the same lists.
	struct solution sol;
	solve(rules, &sol);
	for (unsigned side = 0; side < 2; side++) {
		cr_assert_eq(strategy_build(rules, &sol, rules->start, side, &s, &err), STATUS_OK, "%s", err.msg);
		cr_expect_eq(s.count, 1);
		cr_expect_eq(s.target[0], at(rules, side ? "32" : "21"));
		cr_expect_eq(s.remoteness[0], side ? 1u : 2u);
		cr_expect_eq(s.moves, 3);
		strategy_free(&s);
	}
	solution_free(&sol);
	rules_free(rules);
}

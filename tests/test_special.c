// SPDX-License-Identifier: MIT
// The closed forms of analysis/special.h against the walk: one hand each (Fibonacci modulo
// r, r = 2..40, and 150, 200, 250: games past 254 moves), rollover 2 for two players
// (h = 1..10, and 20, 40, 100, 200: 399 moves, in the count form of codes) and three players
// (h = 1..16).
// The Fibonacci entry point is recomputed here from its definition.
#include <criterion/criterion.h>

#include "enumerate.h"
#include "special.h"

static void walk(unsigned players, unsigned h, unsigned r, struct rules **rules, struct enumeration *e)
{
	struct rules_spec spec = {.players = players, .rollover = r};
	for (unsigned s = 0; s < players; s++)
		spec.hands[s] = h;
	struct error err;
	cr_assert_eq(rules_build(&spec, rules, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(enumerate_reachable(*rules, NULL, e, &err), STATUS_OK, "%s", err.msg);
}

// Least k >= 1 with r | F(k), from the Fibonacci numbers themselves, each reduced mod r
// (the pairs of residues repeat, and F(0) = 0, so the loop ends for any r).
static unsigned entry_point(unsigned r)
{
	unsigned prev = 0, cur = 1; // F(0), F(1)
	for (unsigned k = 1;; k++) {
		if (cur % r == 0)
			return k;
		unsigned next = (prev + cur) % r;
		prev = cur % r;
		cur = next;
	}
}

Test(special, one_hand_is_fibonacci)
{
	static const unsigned deep[] = {150, 200, 250};
	for (unsigned k = 0; k < 39 + 3; k++) {
		unsigned r = k < 39 ? k + 2 : deep[k - 39];
		struct rules *rules;
		struct enumeration e;
		walk(2, 1, r, &rules, &e);
		struct special_prediction p = special_predict(rules);
		unsigned alpha = entry_point(r);
		cr_assert(p.applies);
		cr_assert_eq(special_fibonacci_entry(r), alpha, "alpha(%u)", r);
		cr_assert_eq(e.reachable_count, alpha - 1, "r = %u: reachable", r);
		cr_assert_eq(e.max_depth, alpha - 2, "r = %u: length", r);
		cr_assert_eq(p.reachable, e.reachable_count);
		cr_assert_eq(p.length, e.max_depth);
		for (unsigned d = 0; d <= e.max_depth; d++)
			cr_assert_eq(e.layer_count[d], 1, "r = %u: the game is forced", r);
		enumeration_free(&e);
		rules_free(rules);
	}
}

Test(special, rollover_two_two_players)
{
	static const unsigned many[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 40, 100, 200};
	for (unsigned k = 0; k < sizeof many / sizeof many[0]; k++) {
		unsigned h = many[k];
		struct rules *rules;
		struct enumeration e;
		walk(2, h, 2, &rules, &e);
		struct special_prediction p = special_predict(rules);
		cr_assert(p.applies);
		cr_assert_eq(e.reachable_count, 2 * h, "h = %u", h);
		cr_assert_eq(e.max_depth, 2 * h - 1, "h = %u", h);
		cr_assert_eq(e.terminal_count, 1, "h = %u", h);
		cr_assert_eq(p.reachable, e.reachable_count);
		cr_assert_eq(p.length, e.max_depth);
		enumeration_free(&e);
		rules_free(rules);
	}
}

Test(special, rollover_two_three_players)
{
	for (unsigned h = 1; h <= RULES_CODE_PLAIN_HANDS; h++) {
		struct rules *rules;
		struct enumeration e;
		walk(3, h, 2, &rules, &e);
		struct special_prediction p = special_predict(rules);
		cr_assert(p.applies);
		cr_assert_eq(p.reachable, e.reachable_count, "h = %u: %llu predicted, %llu walked", h,
			     (unsigned long long)p.reachable, (unsigned long long)e.reachable_count);
		cr_assert_eq(p.length, e.max_depth, "h = %u", h);
		cr_assert_eq(e.terminal_count, h, "h = %u: one final per number of hands the winner keeps", h);
		enumeration_free(&e);
		rules_free(rules);
	}
}

Test(special, only_standard_rules)
{
	struct rules_spec spec = {.players = 2, .hands = {1, 1}, .rollover = 5, .variants = 1};
	struct rules *rules;
	struct error err;
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_OK);
	cr_assert(!special_predict(rules).applies, "no closed form is claimed for a variant");
	rules_free(rules);
}

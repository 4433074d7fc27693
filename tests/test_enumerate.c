// SPDX-License-Identifier: MIT
// enumerate.h against the oracle's brute-force BFS (reachable, terminal, depth of every
// position, every layer) with 1, 2 and 4 threads, also with zombies and lives; the index
// space against the GMP closed forms (closed_form_tagged with lives and zombies); and the
// closed forms themselves against the oracle canonicalising every raw tuple; under stumps
// (half fingers) the index space is the closed forms at 2r.
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <gmp.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "closed_form.h"
#include "enumerate.h"
#include "helpers.h"
#include "plan.h"

struct walk_case {
	struct instance in;
	char start[48]; // "" for the rules' own start
};

ParameterizedTestParameters(enumerate, against_oracle)
{
	static struct walk_case cases[] = {
		{{2, {2, 2}, 2, ""}, ""},
		{{2, {2, 2}, 3, ""}, ""},
		{{2, {2, 2}, 4, ""}, ""},
		{{2, {2, 2}, 5, ""}, ""},
		{{2, {3, 3}, 5, ""}, ""},
		{{2, {4, 4}, 4, ""}, ""},
		{{2, {1, 1}, 5, ""}, ""},
		{{2, {1, 1}, 7, ""}, ""},
		{{3, {2, 2, 2}, 4, ""}, ""},
		{{3, {2, 2, 2}, 5, ""}, ""},
		{{2, {3, 2}, 5, ""}, ""},
		{{3, {2, 1, 2}, 4, ""}, ""},
		{{4, {1, 2, 1, 2}, 3, ""}, ""},
		{{2, {2, 2}, 12, ""}, ""},
		{{2, {2, 2}, 5, "cutoff"}, ""},
		{{2, {2, 2}, 5, "suicide"}, ""},
		{{2, {2, 2}, 5, "meta"}, ""},
		{{2, {2, 2}, 5, "suns"}, ""},
		{{2, {2, 2}, 5, "misere"}, ""},
		{{2, {2, 2}, 5, "transfers-only"}, ""},
		{{2, {2, 2}, 5, "divisions-only"}, ""},
		{{2, {2, 2}, 5, "attacks-only"}, ""},
		{{2, {3, 3}, 4, "suicide,meta,suns"}, ""},
		{{2, {3, 3}, 5, "suicide,meta,suns"}, ""},
		{{3, {2, 2, 2}, 4, "suicide,meta,suns"}, ""},
		{{2, {3, 3}, 5, "cutoff,suicide"}, ""},
		{{2, {3, 3}, 5, "divisions-only,cutoff"}, ""},
		{{2, {3, 3}, 4, "transfers-only"}, ""},
		{{3, {2, 2, 2}, 4, "attacks-only"}, ""},
		{{2, {3, 2}, 6, "misere,meta"}, ""},
		{{3, {2, 2, 2}, 4, "misere"}, ""},
		{{2, {2, 2}, 5, "halves"}, ""},
		{{2, {3, 3}, 5, "halves-odd"}, ""},
		{{2, {2, 2}, 5, "self-attack"}, ""},
		{{2, {2, 2}, 5, "swaps,logan"}, ""},
		{{3, {2, 1, 2}, 4, "cherri"}, ""},
		{{2, {2, 2}, 6, "integers"}, ""},
		{{2, {3, 3}, 5, "sudden-death"}, ""},
		{{2, {2, 2}, 5, "sudden-death,self-attack,misere"}, ""},
		{{3, {2, 1, 2}, 5, "cutoff,transfers-only"}, ""},
		{{2, {2, 2}, 5, ""}, "0212"},
		{{2, {3, 3}, 5, "suicide"}, "004013"},
		{{3, {2, 2, 2}, 4, ""}, "001213"},
		{{2, {3, 2}, 5, ""}, "14/013"},
		// zombies (three or more players)
		{{3, {1, 1, 1}, 3, "zombies"}, ""},
		{{3, {1, 1, 1}, 4, "zombies"}, ""},
		{{3, {2, 2, 2}, 2, "zombies"}, ""},
		{{3, {2, 2, 2}, 3, "zombies"}, ""},
		{{3, {2, 2, 2}, 4, "zombies"}, ""},
		{{4, {1, 1, 1, 1}, 4, "zombies"}, ""},
		{{3, {2, 2, 2}, 4, "zombies,cutoff"}, ""},
		{{3, {2, 2, 2}, 4, "zombies,suicide"}, ""},
		{{3, {2, 2, 2}, 4, "zombies,misere"}, ""},
		{{3, {2, 2, 2}, 3, "zombies,cutoff,suicide,misere"}, ""},
		{{3, {2, 2, 2}, 4, "zombies,sudden-death,swaps"}, ""},
		{{3, {2, 2, 2}, 4, "zombies"}, "z/12/13"},
		// lives
		{{2, {1, 1}, 5, "lives=2"}, ""},
		{{2, {1, 1}, 7, "lives=3"}, ""},
		{{2, {2, 2}, 5, "lives=2"}, ""},
		{{2, {2, 2}, 4, "lives=3"}, ""},
		{{2, {3, 2}, 4, "lives=2"}, ""},
		{{2, {2, 2}, 5, "suns,lives=2"}, ""},
		{{2, {2, 2}, 4, "suns,lives=3"}, ""},
		{{2, {2, 2}, 5, "misere,lives=3"}, ""},
		{{2, {2, 2}, 5, "swaps,cherri,lives=2"}, ""},
		{{3, {2, 2, 2}, 3, "lives=2"}, ""},
		{{3, {1, 1, 1}, 4, "lives=3"}, ""},
		{{3, {2, 1, 2}, 3, "lives=2"}, ""},
		{{3, {2, 2, 2}, 3, "zombies,lives=2"}, ""},
		{{3, {1, 1, 1}, 4, "zombies,lives=3"}, ""},
		{{3, {2, 2, 2}, 3, "zombies,suns,lives=2"}, ""},
		{{3, {1, 1, 1}, 4, "zombies,suns,lives=3"}, ""},
		{{2, {2, 2}, 5, "lives=3"}, "01:1/13"},
		{{3, {2, 2, 2}, 3, "zombies,lives=2"}, "z/12:1/11"},
		// stumps (hands in half fingers), alone and with other variants
		{{2, {1, 1}, 5, "stumps"}, ""},
		{{2, {2, 2}, 2, "stumps"}, ""},
		{{2, {2, 2}, 3, "stumps"}, ""},
		{{2, {2, 2}, 4, "stumps"}, ""},
		{{2, {2, 2}, 5, "stumps"}, ""},
		{{2, {3, 3}, 3, "stumps"}, ""},
		{{2, {3, 3}, 4, "stumps"}, ""},
		{{2, {3, 2}, 5, "stumps"}, ""},
		{{3, {2, 2, 2}, 3, "stumps"}, ""},
		{{2, {2, 2}, 5, "stumps,cutoff"}, ""},
		{{2, {3, 3}, 4, "stumps,suicide"}, ""},
		{{2, {2, 2}, 5, "stumps,meta"}, ""},
		{{2, {2, 2}, 5, "stumps,suns"}, ""},
		{{2, {2, 2}, 5, "stumps,sudden-death"}, ""},
		{{2, {2, 2}, 5, "stumps,integers"}, ""},
		{{2, {3, 3}, 4, "stumps,attacks-only"}, ""},
		{{2, {2, 2}, 5, "stumps,misere"}, ""},
		{{2, {3, 3}, 4, "stumps,suicide,meta,suns"}, ""},
		{{3, {2, 2, 2}, 3, "stumps,zombies"}, ""},
		{{2, {2, 2}, 4, "stumps,lives=2"}, ""},
		{{2, {2, 2}, 5, "stumps"}, "0h0h/11"},
		{{2, {3, 3}, 4, "stumps,cutoff"}, "00h3h/012"},
		{{2, {2, 2}, 12, "stumps"}, "0h.10h/3.11"},
		// past 16 hands: codes in the count form
		{{2, {17, 17}, 2, ""}, ""},
		{{2, {24, 24}, 2, ""}, ""},
		{{2, {17, 17}, 3, ""}, ""},
		{{2, {18, 17}, 3, ""}, ""},
		{{2, {17, 17}, 3, "cutoff"}, ""},
		{{3, {17, 17, 17}, 2, ""}, ""},
		{{2, {20, 20}, 3, ""}, "0x3.1x17/1x20"},
	};
	return cr_make_param_array(struct walk_case, cases, sizeof cases / sizeof cases[0]);
}

// Every position the oracle reached has the same distance in e; the counts then match too.
static void compare(const struct rules *rules, const struct oracle_game *game,
		    const struct oracle_walk *w, const struct enumeration *e, const char *name)
{
	cr_assert_eq(e->size, rules->size);
	cr_assert_eq(e->reachable_count, w->reachable_count, "%s: reachable", name);
	cr_assert_eq(e->terminal_count, w->terminal_count, "%s: terminal", name);
	cr_assert_eq(e->move_count, w->move_count, "%s: moves", name);
	cr_assert_eq(e->max_depth, w->max_depth, "%s: max depth", name);
	for (unsigned d = 0; d <= w->max_depth; d++) {
		uint64_t want = w->layer_count[d], want_t = w->layer_terminal[d];
		cr_assert_eq(e->layer_count[d], want, "%s: layer %u", name, d);
		cr_assert_eq(e->layer_terminal[d], want_t, "%s: terminals in layer %u", name, d);
	}
	uint64_t seen = 0;
	for (uint64_t i = 0; i < rules->size; i++)
		seen += enumeration_reached(e, i);
	cr_assert_eq(seen, w->reachable_count, "%s: positions with a distance", name);
	for (uint64_t i = 0; i < w->reachable_count; i++) {
		char code[ORACLE_CODE_MAX];
		uint64_t idx;
		struct error err;
		oracle_format(game, &w->pos[i], code);
		cr_assert_eq(position_parse(rules, code, &idx, &err), STATUS_OK, "%s", err.msg);
		cr_assert_eq(enumeration_depth(e, idx), w->depth[i], "%s: distance of %s", name, code);
	}
}

ParameterizedTest(struct walk_case *c, enumerate, against_oracle, .timeout = 120)
{
	char name[160];
	instance_text(&c->in, name, sizeof name);
	struct rules *rules = instance_rules(&c->in);
	struct oracle_game game;
	instance_game(&c->in, &game);
	struct oracle_pos start;
	if (c->start[0]) {
		uint64_t idx;
		struct error err;
		cr_assert_eq(position_parse(rules, c->start, &idx, &err), STATUS_OK, "%s", err.msg);
		rules_set_start(rules, idx);
		cr_assert(oracle_parse(&game, c->start, &start));
	} else {
		oracle_start(&game, &start);
	}
	char want[ORACLE_CODE_MAX], got[ORACLE_CODE_MAX];
	oracle_format(&game, &start, want);
	index_code(rules, rules->start, got);
	cr_assert_str_eq(got, want, "%s: start", name);
	struct oracle_walk w;
	cr_assert(oracle_walk(&game, &start, &w), "%s: oracle walk failed", name);
	const int threads[] = {1, 2, 4};
	for (int t = 0; t < 3; t++) {
#ifdef _OPENMP
		omp_set_num_threads(threads[t]);
#else
		if (threads[t] > 1)
			break;
#endif
		struct enumeration e;
		struct error err;
		cr_assert_eq(enumerate_reachable(rules, NULL, &e, &err), STATUS_OK, "%s", err.msg);
		char label[200];
		snprintf(label, sizeof label, "%s, %d threads", name, threads[t]);
		compare(rules, &game, &w, &e, label);
		enumeration_free(&e);
	}
	oracle_walk_free(&w);
	rules_free(rules);
}

// Past 16 hands the plan's engine (dense for two players) and the generic walk give every
// position the same distance (the oracle checks the plan's engine above).
Test(enumerate, many_hands_engines_agree, .timeout = 120)
{
	static const struct instance cases[] = {
		{2, {17, 17}, 3, ""}, {2, {21, 19}, 3, ""}, {2, {24, 24}, 3, "suicide"}, {3, {17, 18, 17}, 2, ""},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char name[160];
		instance_text(&cases[i], name, sizeof name);
		struct rules *rules = instance_rules(&cases[i]);
		struct plan plan;
		struct enumeration e, generic;
		struct error err;
		cr_assert_eq(plan_build(rules, &plan, &err), STATUS_OK, "%s", err.msg);
		cr_assert(rules->players > 2 || plan.dense, "%s: the dense engine takes it", name);
		cr_assert_eq(enumerate_plan(&plan, NULL, &e, &err), STATUS_OK, "%s", err.msg);
		cr_assert_eq(enumerate_reachable_generic(rules, NULL, &generic, &err), STATUS_OK, "%s", err.msg);
		compare_counts(&e, &generic, name);
		for (uint64_t idx = 0; idx < rules->size; idx++)
			cr_assert_eq(enumeration_depth(&e, idx), enumeration_depth(&generic, idx), "%s: index %llu", name,
				     (unsigned long long)idx);
		enumeration_free(&e);
		enumeration_free(&generic);
		plan_free(&plan);
		rules_free(rules);
	}
}

// Hand-checked: with one hand each the game is forced and follows Fibonacci mod r. With
// r = 5 (codes list the player to move first): 11, 21, 32, then 3 + 2 = 5 kills: 03.
Test(enumerate, one_hand_is_fibonacci)
{
	struct instance in = {2, {1, 1}, 5, ""};
	struct rules *rules = instance_rules(&in);
	struct enumeration e;
	struct error err;
	cr_assert_eq(enumerate_reachable(rules, NULL, &e, &err), STATUS_OK);
	cr_assert_eq(e.reachable_count, 4);
	cr_assert_eq(e.terminal_count, 1);
	cr_assert_eq(e.max_depth, 3);
	const char *line[] = {"11", "21", "32", "03"};
	for (unsigned d = 0; d < 4; d++) {
		uint64_t idx;
		cr_assert_eq(position_parse(rules, line[d], &idx, &err), STATUS_OK);
		cr_assert_eq(enumeration_depth(&e, idx), d, "%s", line[d]);
		cr_assert_eq(e.layer_count[d], 1);
	}
	cr_assert_eq(e.layer_terminal[3], 1);
	enumeration_free(&e);
	rules_free(rules);
}

static volatile sig_atomic_t stop_now = 1;

Test(enumerate, stop_flag_interrupts)
{
	struct instance in = {2, {2, 2}, 5, ""};
	struct rules *rules = instance_rules(&in);
	struct progress pr = {NULL, NULL, &stop_now};
	struct enumeration e;
	struct error err = {{0}};
	cr_assert_eq(enumerate_reachable(rules, &pr, &e, &err), STATUS_INTERRUPTED);
	cr_assert_null(e.depth);
	rules_free(rules);
}

// The dense index space is exactly the functionally distinct positions (closed form).
Test(enumerate, size_is_closed_form_distinct)
{
	const struct instance cases[] = {
		{2, {2, 2}, 5, ""}, {2, {6, 6}, 5, ""}, {3, {2, 2, 2}, 7, ""}, {2, {3, 2}, 5, ""},
		{3, {2, 1, 2}, 4, ""}, {4, {1, 2, 1, 2}, 3, ""}, {2, {2, 2}, 12, ""}, {2, {1, 1}, 250, ""},
	};
	mpz_t want;
	mpz_init(want);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct rules *rules = instance_rules(&cases[i]);
		closed_form_distinct(want, cases[i].players, cases[i].hands, cases[i].rollover);
		cr_assert_eq(mpz_cmp_ui(want, rules->size), 0, "case %zu: size %llu", i,
			     (unsigned long long)rules->size);
		rules_free(rules);
	}
	mpz_clear(want);
}

// Independent check of the closed forms: the oracle canonicalises every raw tuple.
Test(enumerate, closed_forms_by_brute_force)
{
	const struct instance cases[] = {
		{2, {2, 2}, 3, ""}, {2, {2, 2}, 5, ""}, {2, {3, 3}, 4, ""}, {2, {1, 1}, 9, ""},
		{3, {2, 2, 2}, 3, ""}, {3, {1, 1, 1}, 6, ""}, {2, {3, 2}, 4, ""}, {3, {2, 1, 2}, 3, ""},
		{4, {1, 2, 1, 2}, 3, ""}, {2, {4, 4}, 3, ""}, {2, {2, 2}, 11, ""},
	};
	mpz_t positions, distinct;
	mpz_inits(positions, distinct, NULL);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct oracle_game game;
		instance_game(&cases[i], &game);
		uint64_t raw, count;
		cr_assert(oracle_count_raw(&game, &raw, &count));
		closed_form_positions(positions, cases[i].players, cases[i].hands, cases[i].rollover);
		closed_form_distinct(distinct, cases[i].players, cases[i].hands, cases[i].rollover);
		cr_assert_eq(mpz_cmp_ui(positions, raw), 0, "case %zu: raw %llu", i,
			     (unsigned long long)raw);
		cr_assert_eq(mpz_cmp_ui(distinct, count), 0, "case %zu: distinct %llu", i,
			     (unsigned long long)count);
	}
	mpz_clears(positions, distinct, NULL);
}

Test(enumerate, closed_form_known_values)
{
	// SPEC.md: 2 hands, r = 5: 625 positions, 225 distinct; 6 hands, r = 5: 244140625, 44100.
	// Beyond 64 bits: 2 players, 16 hands, r = 250: 250^32 exactly (computed in Python).
	const unsigned h2[2] = {2, 2}, h6[2] = {6, 6}, h16[2] = {16, 16};
	const unsigned h1212[4] = {1, 2, 1, 2}, h212[3] = {2, 1, 2}, h112[6] = {1, 1, 2, 1, 1, 2};
	mpz_t v;
	mpz_init(v);
	closed_form_positions(v, 2, h2, 5);
	cr_assert_eq(mpz_cmp_ui(v, 625), 0);
	closed_form_distinct(v, 2, h2, 5);
	cr_assert_eq(mpz_cmp_ui(v, 225), 0);
	closed_form_positions(v, 2, h6, 5);
	cr_assert_eq(mpz_cmp_ui(v, 244140625), 0);
	closed_form_distinct(v, 2, h6, 5);
	cr_assert_eq(mpz_cmp_ui(v, 44100), 0);
	closed_form_positions(v, 2, h16, 250);
	char *text = mpz_get_str(NULL, 10, v);
	cr_assert_str_eq(text, "54210108624275221700372640043497085571289062500000000000000000000000000000000");
	free(text);
	cr_assert_eq(closed_form_rotations(4, h1212), 2);
	cr_assert_eq(closed_form_rotations(3, h212), 3);
	cr_assert_eq(closed_form_rotations(2, h2), 1);
	cr_assert_eq(closed_form_rotations(6, h112), 3);
	mpz_clear(v);
}

// The lives asked for by in ("lives=N" in its list; 0 when none) and whether it has zombies.
static unsigned tags_of(const struct instance *in, bool *zombies)
{
	char names[64];
	unsigned lives = instance_lives(in, names, sizeof names);
	*zombies = strstr(names, "zombies") != NULL;
	return lives;
}

// With lives and zombies the index space is each seat's states (multisets times lives, plus
// the zombie) multiplied, times the rotations: closed_form_tagged's distinct count.
Test(enumerate, size_is_closed_form_tagged)
{
	const struct instance cases[] = {
		{2, {2, 2}, 5, "lives=3"},         {2, {3, 2}, 4, "lives=2"},
		{3, {2, 1, 2}, 4, "lives=2"},      {3, {2, 2, 2}, 5, "zombies"},
		{3, {1, 1, 1}, 6, "zombies"},      {4, {1, 1, 1, 1}, 7, "zombies,lives=16"},
		{2, {6, 6}, 5, "lives=16"},        {3, {2, 2, 2}, 5, "zombies,lives=3"},
	};
	mpz_t positions, distinct;
	mpz_inits(positions, distinct, NULL);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct rules *rules = instance_rules(&cases[i]);
		bool zombies;
		unsigned lives = tags_of(&cases[i], &zombies);
		closed_form_tagged(positions, distinct, cases[i].players, cases[i].hands,
				   cases[i].rollover, lives, zombies);
		cr_assert_eq(mpz_cmp_ui(distinct, rules->size), 0, "case %zu: size %llu", i,
			     (unsigned long long)rules->size);
		rules_free(rules);
	}
	mpz_clears(positions, distinct, NULL);
}

// closed_form_tagged against the oracle canonicalising every raw tuple with every lives tag
// and the zombie. Zombies only with even hands: with uneven hands the oracle counts z/z/11
// once, as one position, while the closed form (and enum/'s index) counts each rotation.
Test(enumerate, tagged_closed_forms_by_brute_force)
{
	const struct instance cases[] = {
		{2, {2, 2}, 3, "lives=2"},   {2, {2, 2}, 4, "lives=3"},   {2, {1, 1}, 5, "lives=16"},
		{2, {3, 2}, 3, "lives=2"},   {3, {2, 1, 2}, 3, "lives=2"}, {3, {1, 1, 1}, 4, "zombies"},
		{3, {2, 2, 2}, 3, "zombies"}, {3, {1, 1, 1}, 3, "zombies,lives=3"},
		{4, {1, 1, 1, 1}, 2, "zombies,lives=2"}, {2, {2, 2}, 3, ""},
	};
	mpz_t positions, distinct;
	mpz_inits(positions, distinct, NULL);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct oracle_game game;
		instance_game(&cases[i], &game);
		uint64_t raw, count;
		cr_assert(oracle_count_raw(&game, &raw, &count));
		bool zombies;
		unsigned lives = tags_of(&cases[i], &zombies);
		closed_form_tagged(positions, distinct, cases[i].players, cases[i].hands,
				   cases[i].rollover, lives, zombies);
		cr_assert_eq(mpz_cmp_ui(positions, raw), 0, "case %zu: raw %llu", i,
			     (unsigned long long)raw);
		cr_assert_eq(mpz_cmp_ui(distinct, count), 0, "case %zu: distinct %llu", i,
			     (unsigned long long)count);
	}
	mpz_clears(positions, distinct, NULL);
}

// Hand-checked: lives 0 and 1 are no lives; each seat's count is count * lives + zombie.
Test(enumerate, closed_form_tagged_known_values)
{
	const unsigned h2[2] = {2, 2}, h3[3] = {2, 2, 2}, h32[2] = {3, 2};
	mpz_t positions, distinct, plain;
	mpz_inits(positions, distinct, plain, NULL);
	for (unsigned lives = 0; lives <= 1; lives++) {
		closed_form_tagged(positions, distinct, 2, h32, 5, lives, false);
		closed_form_positions(plain, 2, h32, 5);
		cr_assert_eq(mpz_cmp(positions, plain), 0, "lives %u", lives);
		closed_form_distinct(plain, 2, h32, 5);
		cr_assert_eq(mpz_cmp(distinct, plain), 0, "lives %u", lives);
	}
	closed_form_tagged(positions, distinct, 2, h2, 5, 3, false);
	cr_assert_eq(mpz_cmp_ui(positions, 5625), 0, "(25 * 3)^2");
	cr_assert_eq(mpz_cmp_ui(distinct, 2025), 0, "(15 * 3)^2");
	closed_form_tagged(positions, distinct, 3, h3, 5, 1, true);
	cr_assert_eq(mpz_cmp_ui(positions, 17576), 0, "(25 + 1)^3");
	cr_assert_eq(mpz_cmp_ui(distinct, 4096), 0, "(15 + 1)^3");
	closed_form_tagged(positions, distinct, 3, h3, 5, 2, true);
	cr_assert_eq(mpz_cmp_ui(positions, 132651), 0, "(25 * 2 + 1)^3");
	cr_assert_eq(mpz_cmp_ui(distinct, 29791), 0, "(15 * 2 + 1)^3");
	closed_form_tagged(positions, distinct, 2, h32, 4, 2, false);
	cr_assert_eq(mpz_cmp_ui(positions, 2 * 128 * 32), 0, "2 rotations * (64 * 2) * (16 * 2)");
	cr_assert_eq(mpz_cmp_ui(distinct, 2 * 40 * 20), 0, "2 rotations * (20 * 2) * (10 * 2)");
	mpz_clears(positions, distinct, plain, NULL);
}

// Stumps count half fingers: a hand shows 2r values, so the index space is the closed form
// distinct count at 2r (C(h + 2r - 1, h) per player), which the oracle confirms by
// canonicalising every raw tuple of half-finger values ((2r)^(p h) of them).
Test(enumerate, stumps_index_space)
{
	const struct instance cases[] = {
		{2, {2, 2}, 5, "stumps"}, {2, {1, 1}, 3, "stumps"},       {2, {3, 3}, 3, "stumps"},
		{2, {3, 2}, 3, "stumps"}, {3, {2, 1, 2}, 2, "stumps"},    {3, {2, 2, 2}, 2, "stumps,zombies"},
		{2, {2, 2}, 3, "stumps,lives=2"},
	};
	mpz_t positions, distinct;
	mpz_inits(positions, distinct, NULL);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct rules *rules = instance_rules(&cases[i]);
		struct oracle_game game;
		instance_game(&cases[i], &game);
		bool zombies;
		unsigned lives = tags_of(&cases[i], &zombies);
		closed_form_tagged(positions, distinct, cases[i].players, cases[i].hands,
				   2 * cases[i].rollover, lives, zombies);
		cr_assert_eq(mpz_cmp_ui(distinct, rules->size), 0, "case %zu: size %llu", i,
			     (unsigned long long)rules->size);
		uint64_t raw, count;
		cr_assert(oracle_count_raw(&game, &raw, &count));
		cr_assert_eq(mpz_cmp_ui(positions, raw), 0, "case %zu: raw %llu", i, (unsigned long long)raw);
		cr_assert_eq(mpz_cmp_ui(distinct, count), 0, "case %zu: distinct %llu", i,
			     (unsigned long long)count);
		rules_free(rules);
	}
	// Hand-checked: 2 hands, r = 5: C(2 + 10 - 1, 2) = 55 multisets, 55^2 = 3025 positions.
	struct instance standard = {2, {2, 2}, 5, "stumps"};
	struct rules *rules = instance_rules(&standard);
	cr_assert_eq(rules->size, 3025);
	rules_free(rules);
	mpz_clears(positions, distinct, NULL);
}

#ifdef _OPENMP
// Walks big enough to run on several threads (over 2^16 positions; smaller ones run on one)
// give the same distance for every position and the same counts at 1, 2 and 4 threads.
Test(enumerate, same_walk_for_1_2_4_threads)
{
	const struct rules_spec specs[] = {
		{.players = 2, .hands = {4, 4}, .rollover = 10},
		{.players = 3, .hands = {2, 2, 2}, .rollover = 9, .variants = 1}, // cutoff
	};
	int saved = omp_get_max_threads();
	for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
		struct rules *rules;
		struct error err;
		cr_assert_eq(rules_build(&specs[i], &rules, &err), STATUS_OK, "%s", err.msg);
		cr_assert_gt(rules->size, UINT64_C(1) << 16, "instance %zu must be walked in parallel", i);
		struct enumeration first = {0};
		for (int threads = 1; threads <= 4; threads *= 2) {
			omp_set_num_threads(threads);
			struct enumeration e;
			cr_assert_eq(enumerate_reachable(rules, NULL, &e, &err), STATUS_OK, "%s", err.msg);
			if (threads == 1) {
				first = e;
				continue;
			}
			cr_assert(!memcmp(first.depth, e.depth, e.size), "instance %zu: %d threads differ", i, threads);
			cr_assert_eq(first.move_count, e.move_count);
			cr_assert_eq(first.terminal_count, e.terminal_count);
			cr_assert(first.max_depth == e.max_depth && !memcmp(first.layer_count, e.layer_count, (e.max_depth + 1) * sizeof *e.layer_count));
			enumeration_free(&e);
		}
		enumeration_free(&first);
		rules_free(rules);
	}
	omp_set_num_threads(saved);
}
#endif

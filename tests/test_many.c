// SPDX-License-Identifier: MIT
// The many-player engine (many.h, many_walk.h, many_solve.h) against the generic code it
// replaces for three and four players: its children and parents against movegen's at every
// position (at 20000 spread over the range past that size); the walk (enumerate_plan on its
// plan) against enumerate_reachable_generic (every distance, every count and layer); the
// coalition solve, from the generic walk and walking by itself, against
// coalition_solve_generic (backward.c) on the generic walk: every duel's value and remoteness,
// the forced, nobody and open counts. Every variant at several sizes, --lives 2, stumps,
// zombies, uneven hands, other starts; at 1 and 3 threads for instances large enough to run in
// parallel (2^16 positions and more); the overflow list of remoteness past 254, on two
// players. Every case listed runs except nine crossings too large for the reference, counted.
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "cells.h"
#include "coalition.h"
#include "enumerate.h"
#include "helpers.h"
#include "many.h"
#include "movegen.h"
#include "parallel.h" // below PARALLEL_MIN a second thread count changes nothing
#include "plan.h"
#include "variants.h"

// ---- instances ----

struct many_case {
	struct instance in;
	char start[32]; // "" for the rules' own start
};

// Mixes of several variants and lives, each crossed with the small shapes below.
static const char *const mixes[] = {
	"lives=2", "zombies,lives=2", "cutoff,suicide", "suicide,meta,suns", "swaps,cutoff",
	"logan,suicide", "cutoff,misere", "swaps,logan,cherri", "self-attack,sudden-death",
	"stumps,cutoff", "integers,misere", "stumps,lives=2", "zombies,stumps", "zombies,cutoff",
	"zombies,self-attack,sudden-death", "halves-odd,attacks-only", "misere,lives=2",
	"transfers-only,suicide", "divisions-only,meta", "zombies,misere", "cherri,integers",
};

// Players, hands and rollover of the shapes every variant and mix runs on (p = 3: 1 and 2
// hands at r = 2..5, 3 hands at r = 3; p = 4: 1 and 2 hands at r = 2..4).
static const struct instance shapes[] = {
	{3, {1, 1, 1}, 2, ""}, {3, {1, 1, 1}, 3, ""}, {3, {1, 1, 1}, 4, ""}, {3, {1, 1, 1}, 5, ""},
	{3, {2, 2, 2}, 2, ""}, {3, {2, 2, 2}, 3, ""}, {3, {2, 2, 2}, 4, ""}, {3, {2, 2, 2}, 5, ""},
	{3, {3, 3, 3}, 3, ""}, {4, {1, 1, 1, 1}, 2, ""}, {4, {1, 1, 1, 1}, 3, ""},
	{4, {1, 1, 1, 1}, 4, ""}, {4, {2, 2, 2, 2}, 2, ""}, {4, {2, 2, 2, 2}, 3, ""},
	{4, {2, 2, 2, 2}, 4, ""},
};

// Uneven hands (the rotation is part of the position), the standard game at larger sizes,
// and, past 2^16 positions, the instances the parallel paths run on at 3 threads.
static const struct many_case extra[] = {
	{{3, {2, 1, 1}, 4, ""}, ""},              {{3, {2, 2, 1}, 3, "divisions-only"}, ""},
	{{4, {1, 2, 1, 2}, 3, ""}, ""},           {{3, {1, 2, 3}, 4, "cutoff"}, ""},
	{{3, {2, 1, 2}, 5, "lives=2"}, ""},       {{4, {2, 1, 1, 1}, 4, "stumps"}, ""},
	{{3, {3, 2, 2}, 3, "self-attack"}, ""},   {{3, {3, 3, 3}, 4, ""}, ""},
	{{3, {2, 2, 2}, 7, ""}, ""},              {{4, {2, 2, 2, 2}, 5, ""}, ""},
	{{3, {2, 2, 2}, 9, ""}, ""},              // 91125 positions
	{{3, {3, 3, 3}, 6, "cutoff"}, ""},        // 175616
	{{3, {2, 2, 2}, 7, "zombies,lives=2"}, ""}, // 185193
	{{3, {3, 3, 2}, 6, "suicide"}, ""},       // 197568, three rotations
	{{4, {1, 2, 1, 2}, 8, ""}, ""},           // 165888, two rotations
	{{4, {2, 2, 2, 2}, 5, "misere,swaps"}, ""}, // 50625 (one thread only)
	{{3, {2, 2, 2}, 5, "stumps"}, ""},        // 55^3 = 166375 (half fingers: r = 10)
};

// Other starts (codes as in tests/test_enumerate.c).
static const struct many_case starts[] = {
	{{3, {2, 2, 2}, 4, "zombies"}, "z/12/13"},
	{{3, {2, 2, 2}, 3, "zombies,lives=2"}, "z/12:1/11"},
	{{3, {2, 2, 2}, 5, ""}, "010203"},
	{{3, {2, 2, 2}, 5, "cutoff"}, "000114"},
	{{4, {2, 2, 2, 2}, 4, "suicide"}, "01001303"},
	{{3, {2, 2, 2}, 5, "stumps"}, "0h0h/11/12"},
	{{3, {2, 2, 2}, 5, "lives=2"}, "01:1/13:2/11:1"},
	{{3, {2, 1, 1}, 4, ""}, "02/3/1"},
	{{3, {2, 2, 2}, 5, ""}, "000011"}, // terminal: the walk is the start alone
};

#define SHAPES (sizeof shapes / sizeof shapes[0])
#define MIXES (sizeof mixes / sizeof mixes[0])
#define EXTRA (sizeof extra / sizeof extra[0])
#define STARTS (sizeof starts / sizeof starts[0])
#define CROSS_CASES (SHAPES * (1 + VARIANT_COUNT + MIXES))
#define MAX_CASES (CROSS_CASES + EXTRA + STARTS)
// No case runs past this many positions: the generic reference would take seconds. Of the
// shapes crossed with the variants and mixes exactly CROSS_TOO_LARGE are larger and left out,
// all with stumps (which doubles the rollover): stumps,lives=2 on 3 x 2 hands at
// r = 4 and 5, on 3 x 3 at r = 3 and on 4 x 2 at r = 3 and 4; zombies,stumps on 4 x 2 at
// r = 3 and 4; stumps and stumps,cutoff on 4 x 2 at r = 4. The extra instances and the other
// starts must all fit: one past the bound fails, as does any change in what is left out.
#define MAX_SIZE 200000
#define CROSS_TOO_LARGE 9

// Fills out (room for MAX_CASES): every shape with no variant, with each variant (the
// loop over variants.def) and with each mix; then the extra instances and the other starts.
static size_t many_cases(struct many_case *out)
{
	size_t n = 0;
	for (size_t s = 0; s < SHAPES; s++)
		for (int v = -1; v < (int)(VARIANT_COUNT + MIXES); v++) {
			out[n] = (struct many_case){shapes[s], ""};
			if (v >= VARIANT_COUNT)
				strcpy(out[n].in.variants, mixes[v - VARIANT_COUNT]);
			else if (v >= 0)
				strcpy(out[n].in.variants, variants_name((enum variant_id)v));
			n++;
		}
	for (size_t i = 0; i < EXTRA; i++)
		out[n++] = extra[i];
	for (size_t i = 0; i < STARTS; i++)
		out[n++] = starts[i];
	cr_assert_eq(n, MAX_CASES);
	return n;
}

// The rules of c (with its start); name gets its description.
static struct rules *case_rules(const struct many_case *c, char *name, size_t len)
{
	instance_text(&c->in, name, len);
	struct rules *rules = instance_rules(&c->in);
	if (c->start[0]) {
		uint64_t idx;
		struct error err = {{0}};
		cr_assert_eq(position_parse(rules, c->start, &idx, &err), STATUS_OK, "%s: %s", name, err.msg);
		rules_set_start(rules, idx);
		size_t used = strlen(name);
		snprintf(name + used, len - used, " from %s", c->start);
	}
	return rules;
}

// Runs check on every case with the many-player plan (which must take it), at the thread
// counts to compare: 1 and, for instances of PARALLEL_MIN positions or more, 3 (when threads
// is true). check runs the generic reference once, at 1 thread, then the engine at each
// count. Only the CROSS_TOO_LARGE cases of the cross product past MAX_SIZE are left out (and
// counted). Returns how many cases ran in parallel.
static size_t for_each_case(void (*check)(const struct plan *plan, const char *name, const int *threads,
					  int counts),
			    bool threads)
{
	static struct many_case list[MAX_CASES];
	size_t n = many_cases(list), parallel = 0, too_large = 0;
#ifdef _OPENMP
	int saved = omp_get_max_threads();
#endif
	for (size_t i = 0; i < n; i++) {
		char name[160];
		struct rules *rules = case_rules(&list[i], name, sizeof name);
		if (rules->size > MAX_SIZE) {
			cr_assert_lt(i, CROSS_CASES, "%s: %llu positions, past the bound of %d", name,
				     (unsigned long long)rules->size, MAX_SIZE);
			too_large++;
			rules_free(rules);
			continue;
		}
		struct plan plan;
		struct error err = {{0}};
		cr_assert_eq(plan_build(rules, &plan, &err), STATUS_OK, "%s: %s", name, err.msg);
		cr_assert_not_null(plan.many, "%s: many_build declined, so the engine is not tested", name);
		bool big = threads && rules->size >= PARALLEL_MIN;
		static const int counts[] = {1, 3};
		parallel += big;
		check(&plan, name, counts, big ? 2 : 1);
		plan_free(&plan);
		rules_free(rules);
	}
#ifdef _OPENMP
	omp_set_num_threads(saved);
#endif
	cr_assert_eq(too_large, CROSS_TOO_LARGE, "%zu cases of the cross product past %d positions, wanted %d",
		     too_large, MAX_SIZE, CROSS_TOO_LARGE);
	return parallel;
}

// ---- (a) moves ----

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

// Positions check_moves takes from one instance: all of a smaller one; of a larger one (up to
// MAX_SIZE, ten times as many) this many distinct ones spread over the whole index range, the
// j-th at j * MOVES_STEP modulo the size (a prime, so coprime to every size below it), which
// keeps the test at a few seconds instead of about ten.
#define MOVES_SAMPLE 20000
#define MOVES_STEP UINT64_C(2654435761)

// many_children and many_parents (less terminal parents), sorted, against movegen at every
// position of a small instance and at MOVES_SAMPLE positions of a larger one; children are
// distinct as they come, and the count is many_move_count.
static void check_moves(const struct plan *plan, const char *name, const int *threads, int counts)
{
	(void)threads, (void)counts; // no threads here
	const struct rules *rules = plan->rules;
	const struct many *m = plan->many;
	uint64_t *want = malloc(rules->max_moves * sizeof *want), got[MANY_MAX_MOVES + 1];
	cr_assert_not_null(want);
	bool sample = rules->size > MOVES_SAMPLE;
	cr_assert_lt(rules->size, MOVES_STEP, "%s", name);
	for (uint64_t j = 0; j < (sample ? MOVES_SAMPLE : rules->size); j++) {
		uint64_t idx = sample ? j * MOVES_STEP % rules->size : j;
		struct pos pos, check;
		many_decode(m, idx, &pos);
		position_decode(rules, idx, &check);
		cr_assert_eq(pos.seat, check.seat, "%s: decode %llu", name, (unsigned long long)idx);
		for (unsigned k = 0; k < rules->players; k++)
			cr_assert_eq(pos.state[k], check.state[k], "%s: decode %llu", name, (unsigned long long)idx);
		char code[POSITION_CODE_MAX];
		position_format(rules, idx, code);
		if (!rules->terminal(rules, &pos)) {
			size_t n = movegen_children(rules, idx, want);
			unsigned k = many_children(m, &pos, got);
			cr_assert_eq(k, n, "%s: %s: %u children, movegen %zu", name, code, k, n);
			cr_assert_eq(many_move_count(m, &pos), k, "%s: %s: move count", name, code);
			qsort(got, k, sizeof *got, cmp_u64);
			cr_assert(!memcmp(got, want, n * sizeof *got), "%s: %s: children differ", name, code);
		}
		size_t n = movegen_parents(rules, idx, want);
		unsigned k = many_parents(m, &pos, got), kept = 0;
		cr_assert_leq(k, m->max_moves, "%s: %s", name, code);
		for (unsigned i = 0; i < k; i++)
			if (!movegen_is_terminal(rules, got[i]))
				got[kept++] = got[i];
		qsort(got, kept, sizeof *got, cmp_u64);
		for (unsigned i = 1; i < kept; i++)
			cr_assert_neq(got[i], got[i - 1], "%s: %s: a parent twice", name, code);
		cr_assert_eq(kept, n, "%s: %s: %u parents, movegen %zu", name, code, kept, n);
		cr_assert(!memcmp(got, want, n * sizeof *got), "%s: %s: parents differ", name, code);
	}
	free(want);
}

Test(many, moves_match_movegen, .timeout = 300)
{
	for_each_case(check_moves, false);
}

// ---- (b) walks ----

static void check_walk(const struct plan *plan, const char *name, const int *threads, int counts)
{
	const struct rules *rules = plan->rules;
	struct enumeration want;
	struct error err = {{0}};
	set_threads(1);
	cr_assert_eq(enumerate_reachable_generic(rules, NULL, &want, &err), STATUS_OK, "%s: %s", name,
		     err.msg);
	for (int c = 0; c < counts; c++) {
		char what[200];
		snprintf(what, sizeof what, "%s, %d thread%s", name, threads[c], threads[c] > 1 ? "s" : "");
		set_threads(threads[c]);
		struct enumeration got;
		cr_assert_eq(enumerate_plan(plan, NULL, &got, &err), STATUS_OK, "%s: %s", what, err.msg);
		cr_assert_eq(got.size, rules->size, "%s", what);
		if (memcmp(got.depth, want.depth, rules->size)) {
			uint64_t idx = 0;
			while (enumeration_depth(&got, idx) == enumeration_depth(&want, idx))
				idx++;
			char code[POSITION_CODE_MAX];
			position_format(rules, idx, code);
			cr_assert_fail("%s: first differing distance at index %llu (%s): many %u, generic %u "
				       "(255: unreachable)",
				       what, (unsigned long long)idx, code, enumeration_depth(&got, idx), enumeration_depth(&want, idx));
		}
		compare_counts(&got, &want, what);
		enumeration_free(&got);
	}
	enumeration_free(&want);
}

Test(many, walk_matches_generic, .timeout = 300)
{
	size_t parallel = for_each_case(check_walk, true);
	cr_assert_geq(parallel, 6, "the parallel paths need instances of 2^16 positions");
}

// ---- (c) coalition solves ----

// Every duel of got against want (the generic solve), cell for cell, and the summaries.
static void compare_coalitions(const struct rules *rules, const struct coalition *got,
			       const struct coalition *want, const char *what, const char *name)
{
	uint16_t *g = coalition_cells(got), *w = coalition_cells(want);
	cr_assert(g && w);
	uint64_t cells = rules->size * rules->players;
	if (memcmp(g, w, cells * sizeof *g)) {
		uint64_t i = 0;
		while (g[i] == w[i])
			i++;
		char code[POSITION_CODE_MAX];
		position_format(rules, i / rules->players, code);
		cr_assert_fail("%s: %s: first differing duel at %s slot %llu: %s %u, generic %s %u", name,
			       what, code, (unsigned long long)(i % rules->players),
			       cell_value_name(cell_value(g[i])), cell_remoteness(g[i]),
			       cell_value_name(cell_value(w[i])), cell_remoteness(w[i]));
	}
	free(g);
	free(w);
	cr_assert_eq(got->reachable_count, want->reachable_count, "%s: %s: reachable", name, what);
	for (unsigned t = 0; t < rules->players; t++) {
		cr_assert_eq(got->forced_count[t], want->forced_count[t], "%s: %s: forced %u", name, what, t);
		cr_assert_eq(got->stopped_count[t], want->stopped_count[t], "%s: %s: stopped %u", name, what, t);
		cr_assert_eq(got->drawn_count[t], want->drawn_count[t], "%s: %s: drawn %u", name, what, t);
	}
	cr_assert_eq(got->nobody_count, want->nobody_count, "%s: %s: nobody", name, what);
	cr_assert_eq(got->nobody_first, want->nobody_first, "%s: %s: first nobody", name, what);
	cr_assert_eq(got->open_count, want->open_count, "%s: %s: open", name, what);
	cr_assert_eq(got->open_first, want->open_first, "%s: %s: first open", name, what);
	cr_assert_eq(got->sol.max_remoteness, want->sol.max_remoteness, "%s: %s: longest", name, what);
}

static void check_solve(const struct plan *plan, const char *name, const int *threads, int counts)
{
	const struct rules *rules = plan->rules;
	struct enumeration e;
	struct coalition want;
	struct error err = {{0}};
	set_threads(1);
	cr_assert_eq(enumerate_reachable_generic(rules, NULL, &e, &err), STATUS_OK, "%s: %s", name, err.msg);
	cr_assert_eq(coalition_solve_generic(rules, &e, NULL, &want, &err), STATUS_OK, "%s: %s", name, err.msg);
	for (int c = 0; c < counts; c++) {
		char what[200];
		snprintf(what, sizeof what, "%s, %d thread%s", name, threads[c], threads[c] > 1 ? "s" : "");
		set_threads(threads[c]);
		struct coalition with_e, alone;
		cr_assert_eq(coalition_solve_plan(plan, &e, NULL, NULL, &with_e, &err), STATUS_OK, "%s: %s", what, err.msg);
		cr_assert_eq(coalition_solve_plan(plan, NULL, NULL, NULL, &alone, &err), STATUS_OK, "%s: %s", what, err.msg);
		compare_coalitions(rules, &with_e, &want, "with the enumeration", what);
		compare_coalitions(rules, &alone, &want, "walking by itself", what);
		coalition_free(&with_e);
		coalition_free(&alone);
	}
	coalition_free(&want);
	enumeration_free(&e);
}

Test(many, coalition_matches_generic, .timeout = 600)
{
	size_t parallel = for_each_case(check_solve, true);
	cr_assert_geq(parallel, 6, "the parallel paths need instances of 2^16 positions");
}

// The generic solve without an enumeration walks by itself and agrees with the one given it.
Test(many, generic_walks_by_itself)
{
	struct instance in = {3, {2, 2, 2}, 4, "cutoff"};
	struct rules *rules = instance_rules(&in);
	struct enumeration e;
	struct coalition a, b;
	struct error err = {{0}};
	cr_assert_eq(enumerate_reachable_generic(rules, NULL, &e, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(coalition_solve_generic(rules, &e, NULL, &a, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(coalition_solve_generic(rules, NULL, NULL, &b, &err), STATUS_OK, "%s", err.msg);
	compare_coalitions(rules, &b, &a, "generic walking by itself", "3x2 r4 cutoff");
	coalition_free(&a);
	coalition_free(&b);
	enumeration_free(&e);
	rules_free(rules);
}

// Two players: the plan never picks the engine, but the tables take the shape, and the
// moves still match movegen (the engine itself is not bound to three or more players).
Test(many, tables_take_two_players)
{
	static const struct instance two[] = {{2, {2, 2}, 5, ""}, {2, {3, 2}, 4, "cutoff"}};
	for (size_t i = 0; i < sizeof two / sizeof two[0]; i++) {
		struct rules *rules = instance_rules(&two[i]);
		struct plan plan = {.rules = rules};
		struct error err = {{0}};
		cr_assert_eq(many_build(rules, &plan.many, &err), STATUS_OK, "%s", err.msg);
		cr_assert_not_null(plan.many);
		check_moves(&plan, "two players", NULL, 0);
		plan_free(&plan);
		rules_free(rules);
	}
}

// Remoteness past 254 goes to the overflow list. No small instance of three or more players
// has so long a forced line (the smallest found, one hand at rollover 150, has 3.4e6
// positions), so the engine runs on two players (the plan never picks it there): 2 x 2 hands,
// cutoff, rollover 40, whose longest forced line, 317, test_dense.c checks.
Test(many, remoteness_past_254_matches_generic, .timeout = 300)
{
	struct instance in = {2, {2, 2}, 40, "cutoff"};
	struct rules *rules = instance_rules(&in);
	struct plan plan = {.rules = rules};
	struct error err = {{0}};
	cr_assert_eq(many_build(rules, &plan.many, &err), STATUS_OK, "%s", err.msg);
	cr_assert_not_null(plan.many);
	static const int counts[] = {1, 3};
	check_solve(&plan, "2x2 r40 cutoff", counts, 2);
	struct coalition c;
	cr_assert_eq(coalition_solve_plan(&plan, NULL, NULL, NULL, &c, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(c.sol.max_remoteness, 317);
	cr_assert_gt(c.sol.overflow_count, 0);
	coalition_free(&c);
	plan_free(&plan);
	rules_free(rules);
}

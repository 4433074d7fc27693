// SPDX-License-Identifier: MIT
// retrograde.h and coalition.h: the minimax invariants on every solved position of many
// small instances; agreement with an independent solver (synchronous sweeps to a fixed point
// over the oracle's move graph, sharing no code with enum/ or solver/); hand-checked games
// (tests/data/solver_values.csv); identical cells for 1, 2 and 4 threads; refusals.
#include "retrograde.h"

#include <criterion/criterion.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "cells.h"
#include "coalition.h"
#include "helpers.h"
#include "movegen.h"

// ---- instances ----

// Two-player variant mixes crossed with h = 1..3 and r = 2..6.
static const char *const mixes2[] = {
	"", "cutoff", "suicide", "meta", "suns", "misere", "attacks-only", "transfers-only",
	"divisions-only", "cutoff,suicide", "suicide,meta,suns", "cutoff,misere",
	"transfers-only,suicide", "divisions-only,meta", "cutoff,suns,misere",
	"attacks-only,cutoff,suns", "attacks-only,suicide,meta", "attacks-only,halves",
	"attacks-only,transfers-only", "attacks-only,divisions-only,halves-odd",
};

// The other variants, crossed with h = 1..2 and r = 2..6 (their move sets grow faster).
static const char *const mixes2_more[] = {
	"halves", "halves-odd,cutoff", "self-attack", "swaps", "logan", "cherri", "integers",
	"sudden-death", "stumps", "lives=2", "swaps,misere", "cherri,suicide", "logan,integers",
	"self-attack,sudden-death", "stumps,cutoff", "halves,meta,lives=3", "misere,lives=2",
	"lives=1", "cutoff,lives=1",
};

// Three and four players, and uneven hands (the rotation is part of the position).
static const struct instance many[] = {
	{3, {1, 1, 1}, 2, ""},           {3, {1, 1, 1}, 5, ""},
	{3, {2, 2, 2}, 2, ""},           {3, {2, 2, 2}, 3, ""},
	{3, {2, 2, 2}, 4, "cutoff"},     {3, {2, 2, 2}, 5, ""},
	{3, {2, 2, 2}, 4, "suicide,meta"}, {3, {2, 2, 2}, 3, "attacks-only,suns"},
	{3, {3, 3, 3}, 3, "transfers-only"}, {3, {2, 1, 1}, 4, ""},
	{3, {2, 2, 1}, 3, "divisions-only"}, {4, {1, 1, 1, 1}, 4, ""},
	{4, {2, 2, 2, 2}, 3, "cutoff"},  {4, {1, 2, 1, 2}, 3, ""},
	{3, {1, 1, 1}, 4, "zombies"},    {3, {2, 2, 2}, 3, "zombies"},
	{3, {2, 2, 2}, 3, "misere"},     {3, {2, 2, 2}, 3, "sudden-death,swaps"},
	{3, {1, 1, 1}, 3, "stumps"},     {3, {2, 2, 2}, 2, "zombies,lives=2"},
	{4, {1, 1, 1, 1}, 3, "zombies"}, {3, {2, 2, 2}, 3, "self-attack,integers"},
};

static const struct instance uneven2[] = {
	{2, {2, 1}, 4, ""}, {2, {1, 2}, 5, "cutoff"}, {2, {3, 2}, 3, "suicide"},
	{2, {2, 1}, 5, "misere"},
};

#define MIXES2 (sizeof mixes2 / sizeof mixes2[0])
#define MIXES2_MORE (sizeof mixes2_more / sizeof mixes2_more[0])
#define MAX_INSTANCES (MIXES2 * 15 + MIXES2_MORE * 10 + 4)

// Fills out (room for MAX_INSTANCES) with the two-player instances; returns the count.
static size_t two_player_instances(struct instance *out)
{
	size_t n = 0;
	for (size_t m = 0; m < MIXES2 + MIXES2_MORE; m++)
		for (unsigned h = 1; h <= (m < MIXES2 ? 3u : 2u); h++)
			for (unsigned r = 2; r <= 6; r++) {
				out[n] = (struct instance){2, {h, h}, r, ""};
				strcpy(out[n++].variants, m < MIXES2 ? mixes2[m] : mixes2_more[m - MIXES2]);
			}
	for (size_t i = 0; i < sizeof uneven2 / sizeof uneven2[0]; i++)
		out[n++] = uneven2[i];
	cr_assert_eq(n, MAX_INSTANCES);
	return n;
}


struct fixture {
	struct instance in;
	char name[96];
	struct rules *rules;
	struct enumeration e;
	uint64_t *buf; // room for rules->max_moves
};

static void fixture_init(struct fixture *f, const struct instance *in)
{
	struct error err = {{0}};
	f->in = *in;
	instance_text(in, f->name, sizeof f->name);
	f->rules = instance_rules(in);
	cr_assert_eq(enumerate_reachable(f->rules, NULL, &f->e, &err), STATUS_OK, "%s: %s",
		     f->name, err.msg);
	f->buf = malloc(f->rules->max_moves * sizeof *f->buf);
	cr_assert_not_null(f->buf);
}

static void fixture_free(struct fixture *f)
{
	free(f->buf);
	enumeration_free(&f->e);
	rules_free(f->rules);
}

static bool reachable(const struct fixture *f, uint64_t idx)
{
	return enumeration_reached(&f->e, idx);
}

static void solve(const struct fixture *f, struct solution *s)
{
	struct error err = {{0}};
	cr_assert_eq(retrograde_solve(f->rules, &f->e, NULL, s, &err), STATUS_OK, "%s: %s", f->name,
		     err.msg);
}

static void solve_coalition(const struct fixture *f, struct coalition *c)
{
	struct error err = {{0}};
	cr_assert_eq(coalition_solve(f->rules, &f->e, NULL, c, &err), STATUS_OK, "%s: %s",
		     f->name, err.msg);
}

// ---- (a) invariants ----

struct child_summary {
	size_t n;
	unsigned min_loss, max_win; // UINT_MAX when there is no losing child
	bool all_win, any_draw;
};

static struct child_summary summarise_children(const struct fixture *f, const struct solution *s,
					       uint64_t idx)
{
	struct child_summary cs = {0, UINT_MAX, 0, true, false};
	cs.n = movegen_children(f->rules, idx, f->buf);
	for (size_t i = 0; i < cs.n; i++) {
		enum value v = solution_value(s, f->buf[i]);
		unsigned rem = solution_remoteness(s, f->buf[i]);
		cr_assert(reachable(f, f->buf[i]), "%s: a child of a reachable position is unreachable",
			  f->name);
		if (v == VALUE_LOSS && rem < cs.min_loss)
			cs.min_loss = rem;
		if (v == VALUE_WIN && rem > cs.max_win)
			cs.max_win = rem;
		cs.all_win &= v == VALUE_WIN;
		cs.any_draw |= v == VALUE_DRAW;
	}
	return cs;
}

// The minimax rules one position must satisfy; code is for messages.
static void check_position(const struct fixture *f, const struct solution *s, uint64_t idx)
{
	enum value v = solution_value(s, idx);
	unsigned rem = solution_remoteness(s, idx);
	struct child_summary cs = summarise_children(f, s, idx);
	char code[POSITION_CODE_MAX];
	position_format(f->rules, idx, code);
	if (cs.n == 0) { // terminal: decided by who has won, remoteness 0
		enum value want = movegen_winner(f->rules, idx) == 0 ? VALUE_WIN : VALUE_LOSS;
		cr_assert(v == want && rem == 0, "%s: terminal %s is %s %u", f->name, code,
			  cell_value_name(v), rem);
		return;
	}
	switch (v) {
	case VALUE_WIN: // a losing child one move closer to the end, none closer still
		cr_assert(rem >= 1 && cs.min_loss == rem - 1, "%s: win %s %u, nearest losing child %u",
			  f->name, code, rem, cs.min_loss);
		break;
	case VALUE_LOSS: // only winning children, the farthest one move closer to the end
		cr_assert(cs.all_win && rem >= 1 && cs.max_win == rem - 1,
			  "%s: loss %s %u, all children win: %d, farthest %u", f->name, code, rem,
			  cs.all_win, cs.max_win);
		break;
	case VALUE_DRAW: // no losing child, a drawn one
		cr_assert(cs.min_loss == UINT_MAX && cs.any_draw && rem == 0,
			  "%s: draw %s has a losing child or no drawn one", f->name, code);
		break;
	default:
		cr_assert_fail("%s: reachable %s has no value", f->name, code);
	}
}

static void check_invariants(const struct fixture *f, const struct solution *s)
{
	uint64_t count[4] = {0}, longest = 0, longest_at = SOLUTION_NONE;
	cr_assert_eq(s->size, f->rules->size);
	for (uint64_t idx = 0; idx < f->rules->size; idx++) {
		enum value v = solution_value(s, idx);
		count[v]++;
		if (!reachable(f, idx)) {
			cr_assert_eq(solution_cell(s, idx), 0, "%s: unreachable %llu has a value", f->name,
				     (unsigned long long)idx);
			continue;
		}
		check_position(f, s, idx);
		unsigned rem = solution_remoteness(s, idx);
		if (v != VALUE_DRAW && (longest_at == SOLUTION_NONE || rem > longest)) {
			longest = rem;
			longest_at = idx;
		}
	}
	for (int v = VALUE_WIN; v <= VALUE_DRAW; v++)
		cr_assert_eq(s->count[v], count[v], "%s: count of %s", f->name,
			     cell_value_name((enum value)v));
	cr_assert_eq(s->count[VALUE_UNKNOWN], 0);
	cr_assert_eq(count[1] + count[2] + count[3], f->e.reachable_count, "%s", f->name);
	cr_assert_eq(s->max_remoteness, longest, "%s: longest forced line", f->name);
	cr_assert_eq(s->max_remoteness_at, longest_at, "%s: where it is attained", f->name);
}

Test(retrograde, invariants_two_players)
{
	static struct instance list[MAX_INSTANCES];
	size_t n = two_player_instances(list);
	for (size_t i = 0; i < n; i++) {
		struct fixture f;
		struct solution s;
		fixture_init(&f, &list[i]);
		solve(&f, &s);
		check_invariants(&f, &s);
		solution_free(&s);
		fixture_free(&f);
	}
}

// The solver relies on movegen_parents: restricted to reachable positions, the parents of a
// reachable position are exactly the reachable positions that list it as a child.
Test(retrograde, parents_match_children)
{
	static struct instance list[MAX_INSTANCES];
	size_t n = two_player_instances(list);
	for (size_t i = 0; i < n + sizeof many / sizeof many[0]; i++) {
		struct fixture f;
		fixture_init(&f, i < n ? &list[i] : &many[i - n]);
		uint64_t size = f.rules->size, *expect = calloc(size, sizeof *expect);
		cr_assert_not_null(expect);
		for (uint64_t idx = 0; idx < size; idx++) // expect[c]: how many parents c has
			if (reachable(&f, idx)) {
				size_t k = movegen_children(f.rules, idx, f.buf);
				for (size_t j = 0; j < k; j++)
					expect[f.buf[j]]++;
			}
		for (uint64_t idx = 0; idx < size; idx++) {
			if (!reachable(&f, idx))
				continue;
			size_t k = movegen_parents(f.rules, idx, f.buf), seen = 0;
			for (size_t j = 0; j < k; j++) {
				if (!reachable(&f, f.buf[j]))
					continue;
				seen++;
				uint64_t *kids = malloc(f.rules->max_moves * sizeof *kids);
				size_t m = movegen_children(f.rules, f.buf[j], kids), found = 0;
				for (size_t q = 0; q < m; q++)
					found += kids[q] == idx;
				free(kids);
				cr_assert_eq(found, 1, "%s: a listed parent does not have the child", f.name);
			}
			char code[POSITION_CODE_MAX];
			position_format(f.rules, idx, code);
			cr_assert_eq(seen, expect[idx], "%s: %s has %zu reachable parents listed, %llu real",
				     f.name, code, seen, (unsigned long long)expect[idx]);
		}
		free(expect);
		fixture_free(&f);
	}
}

// ---- (b) an independent solver over the oracle's graph ----

struct ograph {
	struct oracle_game game;
	struct oracle_walk walk;
	uint64_t n;
	uint64_t *start; // n + 1
	uint32_t *child; // indexes into walk.pos
	int *winner;     // slot of the winner of a terminal position, -1 otherwise
};

static void ograph_build(struct ograph *g, const struct instance *in)
{
	struct oracle_pos start;
	instance_game(in, &g->game);
	oracle_start(&g->game, &start);
	cr_assert(oracle_walk(&g->game, &start, &g->walk), "oracle walk failed");
	g->n = g->walk.reachable_count;
	g->start = calloc(g->n + 1, sizeof *g->start);
	g->winner = malloc(g->n * sizeof *g->winner);
	size_t cap = 0, used = 0;
	g->child = NULL;
	for (uint64_t i = 0; i < g->n; i++) {
		const struct oracle_pos *pos = &g->walk.pos[i];
		size_t k = oracle_children(&g->game, pos, NULL, 0);
		struct oracle_pos *kids = malloc((k + 1) * sizeof *kids);
		oracle_children(&g->game, pos, kids, k);
		if (used + k > cap) {
			cap = 2 * (used + k) + 64;
			g->child = realloc(g->child, cap * sizeof *g->child);
		}
		for (size_t j = 0; j < k; j++) {
			int64_t at = oracle_walk_find(&g->walk, &kids[j]);
			cr_assert_geq(at, 0);
			g->child[used++] = (uint32_t)at;
		}
		g->start[i + 1] = used;
		g->winner[i] = k == 0 ? oracle_winner(&g->game, pos) : -1;
		free(kids);
	}
}

static void ograph_free(struct ograph *g)
{
	oracle_walk_free(&g->walk);
	free(g->start);
	free(g->child);
	free(g->winner);
}

// The enum/ index of oracle position i, via its code.
static uint64_t ograph_index(const struct ograph *g, const struct fixture *f, uint64_t i)
{
	char code[ORACLE_CODE_MAX];
	struct error err = {{0}};
	uint64_t idx;
	oracle_format(&g->game, &g->walk.pos[i], code);
	cr_assert_eq(position_parse(f->rules, code, &idx, &err), STATUS_OK, "%s: %s", code, err.msg);
	return idx;
}

// Two players, values for the player to move. Round k decides, from the values of rounds
// before k only, the positions whose game lasts exactly k moves: a win if some child is a
// loss, a loss if every child is a win. Stops at the first round that decides nothing.
static void sweep_two(const struct ograph *g, enum value *val, unsigned *rem)
{
	unsigned *round = malloc(g->n * sizeof *round);
	for (uint64_t i = 0; i < g->n; i++) {
		val[i] = g->winner[i] < 0 ? VALUE_UNKNOWN : g->winner[i] == 0 ? VALUE_WIN : VALUE_LOSS;
		rem[i] = round[i] = 0;
	}
	for (unsigned k = 1, changed = 1; changed; k++) {
		changed = 0;
		for (uint64_t i = 0; i < g->n; i++) {
			if (val[i] != VALUE_UNKNOWN)
				continue;
			bool some_loss = false, all_win = true;
			for (uint64_t j = g->start[i]; j < g->start[i + 1]; j++) {
				uint32_t c = g->child[j];
				bool old = val[c] != VALUE_UNKNOWN && round[c] < k;
				some_loss |= old && val[c] == VALUE_LOSS;
				all_win &= old && val[c] == VALUE_WIN;
			}
			if (some_loss || all_win) {
				val[i] = some_loss ? VALUE_WIN : VALUE_LOSS;
				rem[i] = round[i] = k;
				changed = 1;
			}
		}
	}
	for (uint64_t i = 0; i < g->n; i++)
		if (val[i] == VALUE_UNKNOWN)
			val[i] = VALUE_DRAW;
	free(round);
}

Test(retrograde, agrees_with_independent_sweeps)
{
	static struct instance list[MAX_INSTANCES];
	size_t n = two_player_instances(list);
	for (size_t i = 0; i < n; i++) {
		struct fixture f;
		struct solution s;
		struct ograph g;
		fixture_init(&f, &list[i]);
		solve(&f, &s);
		ograph_build(&g, &list[i]);
		cr_assert_eq(g.n, f.e.reachable_count, "%s: reachable", f.name);
		enum value *val = malloc(g.n * sizeof *val);
		unsigned *rem = malloc(g.n * sizeof *rem);
		sweep_two(&g, val, rem);
		for (uint64_t j = 0; j < g.n; j++) {
			uint64_t idx = ograph_index(&g, &f, j);
			char code[ORACLE_CODE_MAX];
			oracle_format(&g.game, &g.walk.pos[j], code);
			cr_assert(solution_value(&s, idx) == val[j] && solution_remoteness(&s, idx) == rem[j],
				  "%s: %s solved %s %u, sweeps say %s %u", f.name, code,
				  cell_value_name(solution_value(&s, idx)), solution_remoteness(&s, idx),
				  cell_value_name(val[j]), rem[j]);
		}
		free(val);
		free(rem);
		ograph_free(&g);
		solution_free(&s);
		fixture_free(&f);
	}
}

// Duels, from the target's view: state (i, t) is position i with the target at slot t; the
// target moves when t == 0; a move leads to (child, t - 1 mod p). Round k: the side to move
// wins if one child state is already theirs, loses if every child state is the other's.
static void sweep_duels(const struct ograph *g, unsigned p, enum value *val, unsigned *rem)
{
	uint64_t states = g->n * p;
	unsigned *round = calloc(states, sizeof *round);
	for (uint64_t s = 0; s < states; s++) {
		int w = g->winner[s / p];
		val[s] = w < 0 ? VALUE_UNKNOWN : (unsigned)w == s % p ? VALUE_WIN : VALUE_LOSS;
		rem[s] = 0;
	}
	for (unsigned k = 1, changed = 1; changed; k++) {
		changed = 0;
		for (uint64_t s = 0; s < states; s++) {
			uint64_t i = s / p;
			unsigned t = (unsigned)(s % p), tc = (t + p - 1) % p;
			if (val[s] != VALUE_UNKNOWN)
				continue;
			enum value mine = t == 0 ? VALUE_WIN : VALUE_LOSS; // good for the mover
			enum value theirs = t == 0 ? VALUE_LOSS : VALUE_WIN;
			bool some_mine = false, all_theirs = true;
			for (uint64_t j = g->start[i]; j < g->start[i + 1]; j++) {
				uint64_t c = (uint64_t)g->child[j] * p + tc;
				bool old = val[c] != VALUE_UNKNOWN && round[c] < k;
				some_mine |= old && val[c] == mine;
				all_theirs &= old && val[c] == theirs;
			}
			if (some_mine || all_theirs) {
				val[s] = some_mine ? mine : theirs;
				rem[s] = round[s] = k;
				changed = 1;
			}
		}
	}
	for (uint64_t s = 0; s < states; s++)
		if (val[s] == VALUE_UNKNOWN)
			val[s] = VALUE_DRAW;
	free(round);
}

static void check_coalition_against_sweeps(const struct instance *in)
{
	struct fixture f;
	struct coalition c;
	struct ograph g;
	fixture_init(&f, in);
	solve_coalition(&f, &c);
	ograph_build(&g, in);
	unsigned p = in->players;
	cr_assert_eq(g.n, f.e.reachable_count, "%s: reachable", f.name);
	enum value *val = malloc(g.n * p * sizeof *val);
	unsigned *rem = malloc(g.n * p * sizeof *rem);
	sweep_duels(&g, p, val, rem);
	for (uint64_t j = 0; j < g.n; j++) {
		uint64_t idx = ograph_index(&g, &f, j);
		char code[ORACLE_CODE_MAX];
		oracle_format(&g.game, &g.walk.pos[j], code);
		for (unsigned t = 0; t < p; t++)
			cr_assert(coalition_value(&c, idx, t) == val[j * p + t] &&
					  coalition_remoteness(&c, idx, t) == rem[j * p + t],
				  "%s: %s slot %u solved %s %u, sweeps say %s %u", f.name, code, t,
				  cell_value_name(coalition_value(&c, idx, t)),
				  coalition_remoteness(&c, idx, t), cell_value_name(val[j * p + t]),
				  rem[j * p + t]);
	}
	free(val);
	free(rem);
	ograph_free(&g);
	coalition_free(&c);
	fixture_free(&f);
}

Test(coalition, agrees_with_independent_sweeps)
{
	for (size_t i = 0; i < sizeof many / sizeof many[0]; i++)
		check_coalition_against_sweeps(&many[i]);
	for (size_t i = 0; i < sizeof uneven2 / sizeof uneven2[0]; i++)
		check_coalition_against_sweeps(&uneven2[i]);
}

// With two players a duel is the game itself: slot 0's duel is the solution, slot 1's its
// mirror image.
Test(coalition, two_players_match_the_solution)
{
	static struct instance list[MAX_INSTANCES];
	size_t n = two_player_instances(list);
	for (size_t i = 0; i < n; i++) {
		struct fixture f;
		struct solution s;
		struct coalition c;
		fixture_init(&f, &list[i]);
		solve(&f, &s);
		solve_coalition(&f, &c);
		static const enum value mirror[4] = {VALUE_UNKNOWN, VALUE_LOSS, VALUE_WIN, VALUE_DRAW};
		for (uint64_t idx = 0; idx < f.rules->size; idx++) {
			enum value v = solution_value(&s, idx);
			cr_assert_eq(coalition_value(&c, idx, 0), v, "%s", f.name);
			cr_assert_eq(coalition_value(&c, idx, 1), mirror[v], "%s", f.name);
			cr_assert_eq(coalition_remoteness(&c, idx, 0), solution_remoteness(&s, idx));
			cr_assert_eq(coalition_remoteness(&c, idx, 1), solution_remoteness(&s, idx));
		}
		coalition_free(&c);
		solution_free(&s);
		fixture_free(&f);
	}
}

// At most one player can force a win; the summary counts agree with the cells.
Test(coalition, summary_counts)
{
	for (size_t i = 0; i < sizeof many / sizeof many[0]; i++) {
		struct fixture f;
		struct coalition c;
		fixture_init(&f, &many[i]);
		solve_coalition(&f, &c);
		uint64_t forced[RULES_MAX_PLAYERS] = {0}, stopped[RULES_MAX_PLAYERS] = {0};
		uint64_t drawn[RULES_MAX_PLAYERS] = {0}, nobody = 0, open = 0;
		uint64_t nobody_first = COALITION_NONE, open_first = COALITION_NONE;
		for (uint64_t idx = 0; idx < f.rules->size; idx++) {
			if (!reachable(&f, idx))
				continue;
			unsigned wins = 0, draws = 0;
			for (unsigned t = 0; t < c.players; t++) {
				enum value v = coalition_value(&c, idx, t);
				wins += v == VALUE_WIN;
				draws += v == VALUE_DRAW;
				stopped[t] += v == VALUE_LOSS;
				drawn[t] += v == VALUE_DRAW;
			}
			cr_assert_leq(wins, 1, "%s: two players can force a win", f.name);
			int who = coalition_forcer(&c, idx);
			if (who >= 0)
				forced[who]++;
			else if (nobody++ == 0)
				nobody_first = idx;
			if (draws == c.players && open++ == 0)
				open_first = idx;
		}
		for (unsigned t = 0; t < c.players; t++) {
			cr_assert_eq(c.forced_count[t], forced[t], "%s: slot %u", f.name, t);
			cr_assert_eq(c.stopped_count[t], stopped[t], "%s: slot %u stopped", f.name, t);
			cr_assert_eq(c.drawn_count[t], drawn[t], "%s: slot %u drawn", f.name, t);
		}
		cr_assert_eq(c.nobody_count, nobody, "%s", f.name);
		cr_assert_eq(c.nobody_first, nobody_first, "%s", f.name);
		cr_assert_eq(c.open_count, open, "%s", f.name);
		cr_assert_eq(c.open_first, open_first, "%s", f.name);
		coalition_free(&c);
		fixture_free(&f);
	}
}

// ---- (d) hand-checked values ----

// Three players, one hand, r = 2: every tap kills. From 111 (seats A B C, A to move) A taps
// B (-> 011: B out, passes -> 110: C taps A -> 001, C wins after 3 moves) or taps C (-> 101:
// B taps A -> 001, B wins after 2 moves). So at the start no one can force a win; the
// coalition against A delays to 3 moves (A picks), against B hurries to 3 (A taps B),
// against C to 2 (A taps C). At 011 slot 1 (C) has a forced win in 2; at 110 and 101 the
// mover wins in 1.
Test(coalition, three_players_one_hand_r2_by_hand)
{
	struct instance in = {3, {1, 1, 1}, 2, ""};
	struct fixture f;
	struct coalition c;
	fixture_init(&f, &in);
	solve_coalition(&f, &c);
	static const struct {
		char code[4];
		int forcer;
		enum value duel[3];
		unsigned rem[3];
	} want[] = {
		{"111", -1, {VALUE_LOSS, VALUE_LOSS, VALUE_LOSS}, {3, 3, 2}},
		{"011", 1, {VALUE_LOSS, VALUE_WIN, VALUE_LOSS}, {2, 2, 2}},
		{"110", 0, {VALUE_WIN, VALUE_LOSS, VALUE_LOSS}, {1, 1, 1}},
		{"101", 0, {VALUE_WIN, VALUE_LOSS, VALUE_LOSS}, {1, 1, 1}},
		{"001", 2, {VALUE_LOSS, VALUE_LOSS, VALUE_WIN}, {0, 0, 0}},
	};
	cr_assert_eq(f.e.reachable_count, 5);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		uint64_t idx;
		struct error err;
		cr_assert_eq(position_parse(f.rules, want[i].code, &idx, &err), STATUS_OK);
		cr_assert_eq(coalition_forcer(&c, idx), want[i].forcer, "%s", want[i].code);
		for (unsigned t = 0; t < 3; t++) {
			cr_assert_eq(coalition_value(&c, idx, t), want[i].duel[t], "%s slot %u",
				     want[i].code, t);
			cr_assert_eq(coalition_remoteness(&c, idx, t), want[i].rem[t], "%s slot %u",
				     want[i].code, t);
		}
	}
	cr_assert_eq(c.nobody_count, 1);
	cr_assert_eq(c.nobody_first, f.rules->start);
	cr_assert_eq(c.open_count, 0);
	// Per slot over the five positions of the table: the duels lost and drawn.
	static const uint64_t stopped[3] = {3, 4, 4};
	for (unsigned t = 0; t < 3; t++) {
		cr_assert_eq(c.stopped_count[t], stopped[t], "slot %u", t);
		cr_assert_eq(c.drawn_count[t], 0, "slot %u", t);
	}
	coalition_free(&c);
	fixture_free(&f);
}

// Rows of tests/data/solver_values.csv: players,hands,rollover,variants,code,value,remoteness,
// source. Variants are separated by '+' inside the field.
static bool read_value_row(FILE *in, struct instance *inst, char *code, char *value,
			   unsigned *rem)
{
	char line[512], variants[64];
	while (fgets(line, sizeof line, in)) {
		if (line[0] == '#' || !strncmp(line, "players,", 8) || line[0] == '\n')
			continue;
		*inst = (struct instance){0};
		unsigned h;
		int got = sscanf(line, "%u,%u,%u,%63[^,],%15[^,],%15[^,],%u", &inst->players, &h,
				 &inst->rollover, variants, code, value, rem);
		cr_assert_eq(got, 7, "bad row: %s", line);
		for (unsigned s = 0; s < inst->players; s++)
			inst->hands[s] = h;
		for (char *c = variants; *c; c++)
			*c = *c == '+' ? ',' : *c;
		strcpy(inst->variants, strcmp(variants, "-") ? variants : "");
		return true;
	}
	return false;
}

Test(retrograde, hand_checked_values)
{
	FILE *in = fopen(TEST_DATA_DIR "/solver_values.csv", "r");
	cr_assert_not_null(in, "cannot open solver_values.csv");
	struct instance inst;
	char code[16], value[16];
	unsigned rem, rows = 0;
	while (read_value_row(in, &inst, code, value, &rem)) {
		struct fixture f;
		struct solution s;
		fixture_init(&f, &inst);
		uint64_t idx;
		struct error err;
		cr_assert_eq(position_parse(f.rules, code, &idx, &err), STATUS_OK, "%s", code);
		if (inst.players == 2) {
			solve(&f, &s);
			cr_assert_str_eq(cell_value_name(solution_value(&s, idx)), value, "%s: %s", f.name,
					 code);
			cr_assert_eq(solution_remoteness(&s, idx), rem, "%s: %s", f.name, code);
			solution_free(&s);
		}
		fixture_free(&f);
		rows++;
	}
	fclose(in);
	cr_assert_geq(rows, 20);
}

// With attacks-only a split rule has nothing to act on, so attacks-only with it is the game
// of attacks-only alone: the same positions at the same distances, the same value and
// remoteness everywhere (two players), for every split rule and a few sizes.
Test(retrograde, attacks_only_ignores_split_rules)
{
	static const char *const split_rules[] = {"suicide", "meta", "transfers-only", "divisions-only",
						  "halves", "halves-odd", "suicide,meta,halves-odd"};
	static const struct instance sizes[] = {
		{2, {2, 2}, 3, ""}, {2, {2, 2}, 5, ""}, {2, {3, 3}, 4, ""}, {2, {3, 2}, 4, ""},
		{3, {2, 2, 2}, 3, ""},
	};
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
		for (size_t k = 0; k < sizeof split_rules / sizeof *split_rules; k++) {
			struct instance alone = sizes[i], mixed = sizes[i];
			strcpy(alone.variants, "attacks-only");
			snprintf(mixed.variants, sizeof mixed.variants, "attacks-only,%s", split_rules[k]);
			struct fixture a, b;
			fixture_init(&a, &alone);
			fixture_init(&b, &mixed);
			cr_assert_eq(a.rules->size, b.rules->size, "%s", b.name);
			cr_assert_eq(a.e.reachable_count, b.e.reachable_count, "%s", b.name);
			cr_assert_arr_eq(a.e.depth, b.e.depth, a.rules->size * sizeof *a.e.depth, "%s", b.name);
			if (alone.players == 2) {
				struct solution sa, sb;
				solve(&a, &sa);
				solve(&b, &sb);
				for (uint64_t idx = 0; idx < a.rules->size; idx++) {
					if (!reachable(&a, idx))
						continue;
					cr_assert_eq(solution_value(&sa, idx), solution_value(&sb, idx), "%s: %llu", b.name, (unsigned long long)idx);
					cr_assert_eq(solution_remoteness(&sa, idx), solution_remoteness(&sb, idx), "%s", b.name);
				}
				solution_free(&sa);
				solution_free(&sb);
			}
			fixture_free(&a);
			fixture_free(&b);
		}
}

// One hand, r = 5, from 12: the hands follow the Lucas numbers mod 5 (2 1 3 4 2 1 ...),
// which never reach 0: 12 31 43 24 12 ... is a forced cycle, so every position is a draw.
Test(retrograde, forced_cycle_is_a_draw)
{
	struct instance in = {2, {1, 1}, 5, ""};
	struct fixture f;
	struct solution s;
	struct error err = {{0}};
	uint64_t idx;
	f.rules = instance_rules(&in);
	cr_assert_eq(position_parse(f.rules, "12", &idx, &err), STATUS_OK);
	rules_set_start(f.rules, idx);
	cr_assert_eq(enumerate_reachable(f.rules, NULL, &f.e, &err), STATUS_OK);
	f.buf = malloc(f.rules->max_moves * sizeof *f.buf);
	strcpy(f.name, "one hand r=5 from 12");
	solve(&f, &s);
	cr_assert_eq(f.e.reachable_count, 4);
	cr_assert_eq(s.count[VALUE_DRAW], 4);
	cr_assert_eq(s.max_remoteness_at, SOLUTION_NONE);
	check_invariants(&f, &s);
	solution_free(&s);
	fixture_free(&f);
}

// ---- (e) determinism and refusals ----

#ifdef _OPENMP
// All but the first have at least PARALLEL_MIN states, so threads really share
// the levels (smaller instances run on one thread).
static const struct instance threaded[] = {
	{2, {2, 2}, 5, ""},       {2, {6, 6}, 5, ""},          {2, {6, 6}, 5, "cutoff"},
	{2, {5, 5}, 6, "suicide,meta"}, {3, {3, 3, 3}, 5, ""}, {4, {2, 2, 2, 2}, 4, "cutoff"},
	{2, {3, 3}, 16, ""},
};

Test(retrograde, same_cells_for_1_2_4_threads)
{
	int saved = omp_get_max_threads();
	for (size_t i = 0; i < sizeof threaded / sizeof threaded[0]; i++) {
		struct fixture f;
		fixture_init(&f, &threaded[i]);
		uint16_t *first = NULL;
		uint64_t cells = f.rules->size * f.rules->players;
		for (int threads = 1; threads <= 4; threads *= 2) {
			omp_set_num_threads(threads);
			struct coalition c;
			solve_coalition(&f, &c);
			uint16_t *cell = coalition_cells(&c);
			cr_assert_not_null(cell);
			if (!first)
				first = cell;
			cr_assert(!memcmp(first, cell, cells * sizeof *first), "%s: %d threads differ",
				  f.name, threads);
			if (cell != first)
				free(cell);
			coalition_free(&c);
			if (f.rules->players == 2) {
				struct solution s;
				solve(&f, &s);
				for (uint64_t idx = 0; idx < f.rules->size; idx++)
					cr_assert_eq(solution_cell(&s, idx), first[idx * 2], "%s", f.name);
				solution_free(&s);
			}
		}
		free(first);
		fixture_free(&f);
	}
	omp_set_num_threads(saved);
}
#endif

Test(retrograde, refuses_three_players)
{
	struct instance in = {3, {2, 2, 2}, 3, ""};
	struct fixture f;
	struct solution s;
	struct error err = {{0}};
	fixture_init(&f, &in);
	cr_assert_eq(retrograde_solve(f.rules, &f.e, NULL, &s, &err), STATUS_BAD_INPUT);
	cr_assert_null(s.values);
	cr_assert(strstr(err.msg, "2 players"), "%s", err.msg);
	fixture_free(&f);
}

static void stop_now(void *ctx, const struct progress_step *step)
{
	(void)step;
	*(volatile sig_atomic_t *)ctx = 1;
}

Test(retrograde, stops_when_asked)
{
	struct instance in = {2, {2, 2}, 5, ""};
	struct fixture f;
	struct solution s;
	struct error err = {{0}};
	volatile sig_atomic_t stop = 0;
	struct progress pr = {stop_now, (void *)&stop, &stop};
	fixture_init(&f, &in);
	cr_assert_eq(retrograde_solve(f.rules, &f.e, &pr, &s, &err), STATUS_INTERRUPTED);
	cr_assert_null(s.values);
	fixture_free(&f);
}

// The last report of each phase: what it had settled when its last level began.
struct last_steps {
	struct progress_step walk, solve;
	unsigned reports;
};

static void keep_last(void *ctx, const struct progress_step *step)
{
	struct last_steps *l = ctx;
	l->reports++;
	if (!strcmp(step->phase, "walk"))
		l->walk = *step;
	else if (!strcmp(step->phase, "solve"))
		l->solve = *step;
}

// The walk reaches every reachable position within its bound; the solve's last level starts
// with every win and loss decided, out of the reachable positions. Dense and generic engines.
Test(retrograde, progress_counts_positions)
{
	struct instance cases[] = {{2, {2, 2}, 5, ""}, {2, {2, 1}, 5, ""}, {2, {3, 3}, 4, "cutoff"}};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct rules *rules = instance_rules(&cases[i]);
		struct last_steps l = {0};
		struct progress pr = {keep_last, &l, NULL};
		struct solution s;
		struct error err = {{0}};
		cr_assert_eq(retrograde_solve(rules, NULL, &pr, &s, &err), STATUS_OK, "%s", err.msg);
		uint64_t reachable = s.count[VALUE_WIN] + s.count[VALUE_LOSS] + s.count[VALUE_DRAW];
		cr_assert_eq(l.walk.done, reachable, "case %zu", i);
		cr_assert_eq(l.walk.at_most, rules->size);
		cr_assert_eq(l.walk.total, 0, "the walk does not know its total");
		cr_assert_eq(l.solve.total, reachable, "case %zu", i);
		cr_assert_eq(l.solve.done, s.count[VALUE_WIN] + s.count[VALUE_LOSS], "case %zu", i);
		cr_assert_eq(l.solve.level, s.max_remoteness, "case %zu", i);
		cr_assert_gt(l.reports, l.solve.level);
		solution_free(&s);
		rules_free(rules);
	}
}

Test(retrograde, memory_estimate)
{
	struct instance in = {2, {2, 2}, 5, ""};
	struct rules *rules = instance_rules(&in);
	cr_assert_eq(retrograde_bytes(rules), 4 * rules->size, "2 bytes of cell, 2 of counter");
	cr_assert_eq(coalition_bytes(rules), 4 * 2 * rules->size);
	rules_free(rules);
}

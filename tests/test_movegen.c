// SPDX-License-Identifier: MIT
// movegen.h against the naive oracle over EVERY index of small instances (all variants
// alone and mixed, three players, uneven hands): children equal the oracle's successors,
// parents equal the inverted children, terminal and winner agree; rules built light give the
// same children. Plus hand-checked moves
// and move descriptions from SPEC.md's standard game.
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "movegen.h"

#define ORACLE_CAP 4096

// Children of every index, as CSR, after checking each against the oracle.
struct graph {
	uint64_t *start, *to, edge_count;
};

// Compares the children of idx with the oracle's successors of the same code.
static void check_children(const struct rules *rules, const struct oracle_game *game,
			   uint64_t idx, uint64_t *kids, size_t n, const char *name)
{
	static char want[ORACLE_CAP][ORACLE_CODE_MAX], got[ORACLE_CAP][ORACLE_CODE_MAX];
	static struct oracle_pos opos[ORACLE_CAP];
	char code[ORACLE_CODE_MAX], list[4096];
	index_code(rules, idx, code);
	struct oracle_pos here;
	cr_assert(oracle_parse(game, code, &here), "%s: oracle cannot read '%s'", name, code);
	size_t m = oracle_children(game, &here, opos, ORACLE_CAP);
	cr_assert_leq(m, ORACLE_CAP);
	for (size_t i = 0; i < m; i++)
		oracle_format(game, &opos[i], want[i]);
	for (size_t i = 0; i < n; i++)
		index_code(rules, kids[i], got[i]);
	codes_sort(want, m);
	codes_sort(got, n);
	int same = m == n;
	for (size_t i = 0; same && i < n; i++)
		same = !strcmp(want[i], got[i]);
	if (!same) {
		char list2[4096];
		codes_join(want, m, list, sizeof list);
		codes_join(got, n, list2, sizeof list2);
		cr_assert_fail("%s: children of %s\n  oracle: %s\n  movegen: %s", name, code, list, list2);
	}
	bool terminal = oracle_is_terminal(game, &here);
	cr_assert_eq(movegen_is_terminal(rules, idx), terminal, "%s: terminal(%s)", name, code);
	int winner = oracle_winner(game, &here);
	if (terminal && winner >= 0)
		cr_assert_eq(movegen_winner(rules, idx), (unsigned)winner, "%s: winner(%s)", name, code);
	if (terminal)
		cr_assert_lt(movegen_winner(rules, idx), rules->players);
}

static void walk_children(const struct rules *rules, const struct oracle_game *game,
			  struct graph *g, const char *name)
{
	size_t cap = 4 * rules->max_moves + 64, edge_cap = 1024;
	uint64_t *kids = malloc(cap * sizeof *kids);
	g->start = calloc(rules->size + 1, sizeof *g->start);
	g->to = malloc(edge_cap * sizeof *g->to);
	g->edge_count = 0;
	for (uint64_t idx = 0; idx < rules->size; idx++) {
		size_t n = movegen_children(rules, idx, kids);
		cr_assert_leq(n, rules->max_moves, "%s: %zu children > max_moves", name, n);
		for (size_t i = 0; i < n; i++) {
			cr_assert_lt(kids[i], rules->size);
			if (i)
				cr_assert_lt(kids[i - 1], kids[i], "%s: children not ascending", name);
		}
		check_children(rules, game, idx, kids, n, name);
		if (g->edge_count + n > edge_cap) {
			while (g->edge_count + n > edge_cap)
				edge_cap *= 2;
			g->to = realloc(g->to, edge_cap * sizeof *g->to);
		}
		memcpy(g->to + g->edge_count, kids, n * sizeof *kids);
		g->edge_count += n;
		g->start[idx + 1] = g->edge_count;
	}
	free(kids);
}

// parents(x) must be exactly {y : x in children(y)}, ascending (y ascending by construction).
static void check_parents(const struct rules *rules, const struct graph *g, const char *name)
{
	uint64_t size = rules->size;
	uint64_t *first = calloc(size + 1, sizeof *first), *from = malloc((g->edge_count + 1) * 8);
	uint64_t *fill = malloc((size + 1) * sizeof *fill);
	for (uint64_t e = 0; e < g->edge_count; e++)
		first[g->to[e] + 1]++;
	for (uint64_t x = 0; x < size; x++)
		first[x + 1] += first[x];
	memcpy(fill, first, (size + 1) * sizeof *fill);
	for (uint64_t y = 0; y < size; y++)
		for (uint64_t e = g->start[y]; e < g->start[y + 1]; e++)
			from[fill[g->to[e]]++] = y;
	size_t cap = 4 * rules->max_moves + 64;
	uint64_t *got = malloc(cap * sizeof *got);
	for (uint64_t x = 0; x < size; x++) {
		size_t n = movegen_parents(rules, x, got), want = first[x + 1] - first[x];
		cr_assert_leq(n, rules->max_moves, "%s: %zu parents > max_moves", name, n);
		char code[ORACLE_CODE_MAX];
		index_code(rules, x, code);
		cr_assert_eq(n, want, "%s: %s has %zu parents, children say %zu", name, code, n, want);
		for (size_t i = 0; i < n; i++)
			cr_assert_eq(got[i], from[first[x] + i], "%s: parent %zu of %s", name, i, code);
	}
	free(first);
	free(from);
	free(fill);
	free(got);
}

ParameterizedTestParameters(movegen, against_oracle)
{
	static struct instance cases[] = {
		{2, {2, 2}, 2, ""},
		{2, {2, 2}, 3, ""},
		{2, {2, 2}, 5, ""},
		{2, {1, 1}, 5, ""},
		{2, {3, 3}, 4, ""},
		{2, {3, 3}, 6, ""},
		{2, {4, 4}, 3, ""},
		{3, {2, 2, 2}, 3, ""},
		{3, {2, 2, 2}, 4, ""},
		{2, {3, 2}, 5, ""},
		{3, {2, 1, 2}, 4, ""},
		{4, {1, 2, 1, 2}, 3, ""},
		{2, {2, 2}, 12, ""},
		{2, {2, 2}, 5, "cutoff"},
		{2, {2, 2}, 5, "suicide"},
		{2, {2, 2}, 5, "meta"},
		{2, {2, 2}, 5, "suns"},
		{2, {2, 2}, 5, "misere"},
		{2, {2, 2}, 5, "transfers-only"},
		{2, {2, 2}, 5, "divisions-only"},
		{2, {2, 2}, 5, "attacks-only"},
		{2, {3, 3}, 4, "cutoff"},
		{2, {3, 3}, 4, "suicide"},
		{2, {3, 3}, 4, "meta"},
		{2, {3, 3}, 5, "misere"},
		{2, {3, 3}, 4, "transfers-only"},
		{2, {3, 3}, 4, "divisions-only"},
		{3, {2, 2, 2}, 4, "cutoff"},
		{3, {2, 2, 2}, 4, "suicide"},
		{3, {2, 2, 2}, 5, "meta"},
		{3, {2, 2, 2}, 3, "attacks-only"},
		{3, {2, 1, 2}, 4, "transfers-only"},
		{2, {3, 2}, 4, "divisions-only"},
		{2, {3, 2}, 4, "misere"},
		{2, {2, 2}, 5, "cutoff,suicide"},
		{2, {3, 3}, 5, "cutoff,suicide"},
		{2, {2, 2}, 5, "suicide,meta,suns"},
		{2, {3, 3}, 4, "suicide,meta,suns"},
		{3, {2, 2, 2}, 4, "suicide,meta,suns"},
		{2, {3, 2}, 6, "suicide,meta,suns"},
		{2, {3, 3}, 6, "transfers-only"},
		{2, {3, 3}, 5, "divisions-only,cutoff"},
		{3, {2, 1, 2}, 5, "divisions-only,cutoff"},
		{2, {3, 3}, 5, "attacks-only"},
		{2, {3, 2}, 6, "attacks-only,cutoff"},
		{2, {3, 3}, 5, "misere,meta,suicide"},
		{2, {3, 3}, 4, "meta,transfers-only"},
		{2, {3, 3}, 4, "meta,divisions-only,suicide"},
		{2, {3, 3}, 4, "transfers-only,suicide"},
		{2, {2, 2}, 11, "meta,cutoff,suicide"},
		{3, {2, 2, 2}, 4, "misere"},
		{3, {2, 1, 2}, 4, "misere,suicide"},
		{2, {2, 2}, 5, "halves"},
		{2, {3, 3}, 6, "halves"},
		{2, {3, 3}, 5, "halves-odd"},
		{2, {3, 3}, 4, "halves-odd,meta"},
		{2, {3, 3}, 5, "halves,meta,divisions-only"},
		{2, {2, 2}, 5, "self-attack"},
		{2, {3, 3}, 4, "self-attack,cutoff"},
		{3, {2, 1, 2}, 4, "self-attack,attacks-only"},
		{2, {2, 2}, 5, "swaps"},
		{2, {2, 2}, 5, "logan"},
		{2, {2, 2}, 5, "cherri"},
		{2, {3, 2}, 5, "swaps,logan,cherri"},
		{3, {2, 2, 2}, 3, "logan"},
		{2, {2, 2}, 5, "integers"},
		{2, {3, 3}, 6, "integers"},
		{3, {2, 1, 2}, 5, "integers,cutoff"},
		{2, {2, 2}, 5, "sudden-death"},
		{2, {3, 3}, 4, "sudden-death,meta"},
		{2, {2, 2}, 5, "sudden-death,self-attack,misere"},
		{3, {2, 2, 2}, 4, "sudden-death,misere,cherri"},
		{2, {1, 1}, 7, "sudden-death,integers"},
		{2, {3, 3}, 5, "halves-odd,transfers-only,suicide,integers,swaps"},
		// the pass reading: a one-finger player who passes (no change) stays in
		{2, {2, 2}, 5, "sudden-death,swaps,logan,cherri"},
		{3, {2, 2, 2}, 4, "sudden-death,cherri"},
		// zombies: three or more players
		{3, {1, 1, 1}, 2, "zombies"},
		{3, {1, 1, 1}, 3, "zombies"},
		{3, {1, 1, 1}, 4, "zombies"},
		{3, {2, 2, 2}, 2, "zombies"},
		{3, {2, 2, 2}, 3, "zombies"},
		{3, {2, 2, 2}, 4, "zombies"},
		{4, {1, 1, 1, 1}, 3, "zombies"},
		{4, {2, 2, 2, 2}, 2, "zombies"},
		{3, {2, 2, 2}, 4, "zombies,cutoff"},
		{3, {2, 2, 2}, 4, "zombies,suicide"},
		{3, {2, 2, 2}, 4, "zombies,misere"},
		{3, {1, 1, 1}, 4, "zombies,misere"},
		{3, {2, 2, 2}, 3, "zombies,cutoff,suicide,misere"},
		{3, {2, 2, 2}, 4, "zombies,sudden-death"},
		{3, {2, 2, 2}, 4, "zombies,sudden-death,self-attack,swaps"},
		{3, {2, 2, 2}, 3, "zombies,suns,meta,integers"},
		{3, {2, 2, 2}, 3, "zombies,attacks-only"},
		// lives (--lives N, with the one-finger rule it implies)
		{2, {1, 1}, 5, "lives=2"},
		{2, {1, 1}, 4, "lives=3"},
		{2, {2, 2}, 5, "lives=2"},
		{2, {2, 2}, 4, "lives=3"},
		{2, {3, 3}, 3, "lives=2"},
		{2, {3, 2}, 4, "lives=2"},
		{2, {2, 2}, 5, "suns,lives=2"},
		{2, {2, 2}, 4, "suns,lives=3"},
		{2, {2, 2}, 5, "misere,lives=2"},
		{2, {2, 2}, 5, "cutoff,suicide,lives=3"},
		{2, {2, 2}, 5, "sudden-death,lives=2"},
		{2, {2, 2}, 5, "swaps,logan,cherri,lives=2"},
		{2, {2, 2}, 5, "self-attack,meta,lives=2"},
		{3, {1, 1, 1}, 4, "lives=3"},
		{3, {2, 2, 2}, 3, "lives=2"},
		{3, {2, 1, 2}, 3, "lives=2"},
		{3, {2, 2, 2}, 3, "misere,lives=2"},
		{3, {1, 1, 1}, 3, "zombies,lives=2"},
		{3, {2, 2, 2}, 3, "zombies,lives=2"},
		{3, {1, 1, 1}, 4, "zombies,suns,lives=3"},
		{3, {2, 2, 2}, 3, "zombies,suns,lives=3"},
		{3, {2, 2, 2}, 3, "zombies,misere,lives=2"},
		// stumps: hands count half fingers, C(h + 2r - 1, h) multisets per player
		{2, {1, 1}, 5, "stumps"},
		{2, {2, 2}, 2, "stumps"},
		{2, {2, 2}, 3, "stumps"},
		{2, {2, 2}, 5, "stumps"},
		{2, {3, 3}, 3, "stumps"},
		{2, {3, 3}, 4, "stumps"},
		{2, {3, 2}, 4, "stumps"},
		{3, {2, 2, 2}, 3, "stumps"},
		{3, {2, 1, 2}, 3, "stumps"},
		{2, {2, 2}, 11, "stumps"},
		{2, {2, 2}, 5, "stumps,cutoff"},
		{2, {3, 3}, 3, "stumps,cutoff"},
		{2, {2, 2}, 5, "stumps,suicide"},
		{2, {3, 3}, 3, "stumps,suicide"},
		{2, {2, 2}, 5, "stumps,meta"},
		{2, {3, 3}, 4, "stumps,meta"},
		{2, {2, 2}, 4, "stumps,suns"},
		{2, {3, 3}, 3, "stumps,suns"},
		{2, {2, 2}, 5, "stumps,sudden-death"},
		{2, {3, 3}, 3, "stumps,sudden-death"},
		{2, {2, 2}, 5, "stumps,integers"},
		{2, {3, 3}, 4, "stumps,integers"},
		{2, {2, 2}, 5, "stumps,attacks-only"},
		{2, {3, 3}, 3, "stumps,attacks-only"},
		{2, {2, 2}, 5, "stumps,misere"},
		{2, {2, 2}, 5, "stumps,transfers-only"},
		{2, {3, 3}, 3, "stumps,divisions-only"},
		{2, {2, 2}, 5, "stumps,halves"},
		{2, {3, 3}, 4, "stumps,halves-odd"},
		{2, {2, 2}, 5, "stumps,self-attack"},
		{2, {2, 2}, 5, "stumps,swaps,logan,cherri"},
		{2, {2, 2}, 4, "stumps,suicide,meta,suns"},
		{2, {3, 3}, 3, "stumps,cutoff,suicide,sudden-death"},
		{2, {3, 2}, 4, "stumps,integers,attacks-only"},
		{3, {2, 2, 2}, 3, "stumps,zombies"},
		{3, {2, 2, 2}, 2, "stumps,zombies,sudden-death"},
		{2, {2, 2}, 4, "stumps,lives=2"},
		{3, {1, 1, 1}, 3, "stumps,zombies,lives=2"},
	};
	return cr_make_param_array(struct instance, cases, sizeof cases / sizeof cases[0]);
}

// The rules built light (rules_build_light: each position's rows made when asked) give the
// children the full rules' relations give, at every index.
static void check_light(const struct instance *in, const struct graph *g, const char *name)
{
	struct rules *light = instance_rules_with(in, rules_build_light);
	uint64_t *got = malloc((4 * light->max_moves + 64) * sizeof *got);
	for (uint64_t x = 0; x < light->size; x++) {
		size_t n = movegen_children(light, x, got), want = g->start[x + 1] - g->start[x];
		cr_assert_leq(n, light->max_moves, "%s: %zu children > max_moves (light)", name, n);
		cr_assert_eq(n, want, "%s: index %llu has %zu children light, %zu full", name, (unsigned long long)x, n, want);
		for (size_t i = 0; i < n; i++)
			cr_assert_eq(got[i], g->to[g->start[x] + i], "%s: child %zu of index %llu (light)", name, i,
				     (unsigned long long)x);
	}
	free(got);
	rules_free(light);
}

ParameterizedTest(struct instance *in, movegen, against_oracle, .timeout = 120)
{
	char name[128];
	instance_text(in, name, sizeof name);
	struct rules *rules = instance_rules(in);
	struct oracle_game game;
	instance_game(in, &game);
	struct graph g;
	walk_children(rules, &game, &g, name);
	check_parents(rules, &g, name);
	check_light(in, &g, name);
	free(g.start);
	free(g.to);
	rules_free(rules);
}

// Parses each of codes under rules, sorted by index (as movegen returns them).
static size_t parse_all(const struct rules *rules, const char *const *codes, uint64_t *out)
{
	size_t n = 0;
	struct error err;
	for (; codes[n]; n++)
		cr_assert_eq(position_parse(rules, codes[n], &out[n], &err), STATUS_OK, "%s", err.msg);
	for (size_t i = 1; i < n; i++) // insertion sort
		for (size_t j = i; j > 0 && out[j - 1] > out[j]; j--) {
			uint64_t t = out[j];
			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	return n;
}

// Hand-checked (SPEC.md standard game, r = 5): from 1312 the mover {1,3} can tap {1,2}:
// 1+1 -> 22, 1+2 -> 13, 3+1 -> 24, 3+2 = 5 -> dead; split 4 as 2+2 (0+4 kills a hand).
Test(movegen, standard_1312_and_start)
{
	struct instance in = {2, {2, 2}, 5, ""};
	struct rules *rules = instance_rules(&in);
	uint64_t idx, want[8], got[64];
	struct error err;
	cr_assert_eq(position_parse(rules, "1312", &idx, &err), STATUS_OK);
	const char *codes[] = {"2213", "1313", "2413", "0113", "1222", NULL};
	const char *moves[] = {"1->1", "1->2", "3->1", "3->2", "13->22"};
	size_t n = parse_all(rules, codes, want);
	cr_assert_eq(movegen_children(rules, idx, got), n);
	cr_assert_arr_eq(got, want, n * sizeof *got);
	for (size_t i = 0; i < n; i++) {
		char buf[2 * POSITION_CODE_MAX];
		uint64_t child;
		position_parse(rules, codes[i], &child, &err);
		movegen_describe(rules, idx, child, buf);
		cr_assert_str_eq(buf, moves[i], "1312 -> %s", codes[i]);
	}
	const char *from_start[] = {"1211", NULL};
	parse_all(rules, from_start, want);
	cr_assert_eq(movegen_children(rules, rules->start, got), 1);
	cr_assert_eq(got[0], want[0], "1111 has exactly the child 1211");
	// Parents of 1211: the previous mover now has {1,1}. Either they tapped with a 1 and
	// {1,1} became {1,2} (parent 1111; no live b has b + 1 = 1 mod 5), or they split
	// {0,2} into {1,1} (parent 0212, a revival, allowed).
	uint64_t target;
	cr_assert_eq(position_parse(rules, "1211", &target, &err), STATUS_OK);
	const char *parents_1211[] = {"1111", "0212", NULL};
	n = parse_all(rules, parents_1211, want);
	cr_assert_eq(movegen_parents(rules, target, got), n);
	cr_assert_arr_eq(got, want, n * sizeof *got);
	rules_free(rules);
}

// Three players: attacks name the slot; an eliminated mover passes; uneven hands split.
Test(movegen, describe_three_players_and_uneven)
{
	struct instance in3 = {3, {2, 2, 2}, 5, ""};
	struct rules *rules = instance_rules(&in3);
	const char *from[] = {"111211", "111211", "111211", "001211"};
	const char *to[] = {"221111", "131111", "121211", "121100"};
	const char *text[] = {"1->1@1", "1->2@1", "1->1@2", "pass"};
	for (int i = 0; i < 4; i++) {
		uint64_t a, b;
		char buf[2 * POSITION_CODE_MAX];
		struct error err;
		cr_assert_eq(position_parse(rules, from[i], &a, &err), STATUS_OK);
		cr_assert_eq(position_parse(rules, to[i], &b, &err), STATUS_OK);
		movegen_describe(rules, a, b, buf);
		cr_assert_str_eq(buf, text[i], "%s -> %s", from[i], to[i]);
	}
	rules_free(rules);
	struct instance in32 = {2, {3, 2}, 5, ""};
	rules = instance_rules(&in32);
	uint64_t a, b;
	char buf[2 * POSITION_CODE_MAX];
	struct error err;
	cr_assert_eq(position_parse(rules, "013/14", &a, &err), STATUS_OK);
	cr_assert_eq(position_parse(rules, "14/022", &b, &err), STATUS_OK);
	movegen_describe(rules, a, b, buf);
	cr_assert_str_eq(buf, "013->022");
	cr_assert_eq(position_parse(rules, "44/013", &b, &err), STATUS_OK);
	movegen_describe(rules, a, b, buf);
	cr_assert_str_eq(buf, "3->1");
	rules_free(rules);
}

// Parses code under rules.
static uint64_t code_index(const struct rules *rules, const char *code)
{
	uint64_t idx;
	struct error err;
	cr_assert_eq(position_parse(rules, code, &idx, &err), STATUS_OK, "%s", err.msg);
	return idx;
}

// Hand-checked (3 players, r = 5, zombies): the zombie z/11/12 taps with one finger, an
// attack named by slot; it is a parent of what it makes. Under stumps (hands in halves) the
// zombie still taps with one whole finger, not a half.
Test(movegen, zombie_attacks)
{
	struct instance in = {3, {2, 2, 2}, 5, "zombies"};
	struct rules *rules = instance_rules(&in);
	uint64_t from = code_index(rules, "z/11/12"), got[64], parents[256];
	const char *to[] = {"12/12/z", "11/22/z", "11/13/z"};
	const char *text[] = {"1->1@1", "1->1@2", "1->2@2"};
	cr_assert_eq(movegen_children(rules, from, got), 3);
	for (int i = 0; i < 3; i++) {
		uint64_t child = code_index(rules, to[i]);
		char buf[2 * POSITION_CODE_MAX];
		movegen_describe(rules, from, child, buf);
		cr_assert_str_eq(buf, text[i], "z/11/12 -> %s", to[i]);
		cr_assert_eq(movegen_kind(rules, from, child), MOVE_ATTACK);
		size_t n = movegen_parents(rules, child, parents);
		bool found = false;
		for (size_t j = 0; j < n; j++)
			found = found || parents[j] == from;
		cr_assert(found, "z/11/12 is a parent of %s", to[i]);
	}
	rules_free(rules);

	struct instance stumps = {3, {2, 2, 2}, 5, "zombies,stumps"};
	rules = instance_rules(&stumps);
	from = code_index(rules, "z/11/11");
	uint64_t want[2] = {code_index(rules, "12/11/z"), code_index(rules, "11/12/z")};
	if (want[0] > want[1]) {
		uint64_t t = want[0];
		want[0] = want[1];
		want[1] = t;
	}
	cr_assert_eq(movegen_children(rules, from, got), 2);
	cr_assert_arr_eq(got, want, sizeof want, "the zombie adds one finger (12), not a half (11h)");
	rules_free(rules);
}

// Hand-checked (stumps, r = 5): from 01/11 the lone 1 splits into two halves (01->0h0h, an
// own-hands move) or taps (1->1); from 0h0h/11 a half taps a 1, which gains a half (0h->1);
// 01/11 is a parent of 11/0h0h.
Test(movegen, stumps_moves_described)
{
	struct instance in = {2, {2, 2}, 5, "stumps"};
	struct rules *rules = instance_rules(&in);
	const char *from[] = {"01/11", "01/11", "0h0h/11", "0h4/14h"};
	const char *to[] = {"11/0h0h", "12/01", "11h/0h0h", "13h/0h4"};
	const char *text[] = {"01->0h0h", "1->1", "0h->1", "4->4h"};
	const enum move_kind kind[] = {MOVE_SELF, MOVE_ATTACK, MOVE_ATTACK, MOVE_ATTACK};
	for (int i = 0; i < 4; i++) {
		uint64_t a = code_index(rules, from[i]), b = code_index(rules, to[i]), got[64];
		char buf[2 * POSITION_CODE_MAX];
		movegen_describe(rules, a, b, buf);
		cr_assert_str_eq(buf, text[i], "%s -> %s", from[i], to[i]);
		cr_assert_eq(movegen_kind(rules, a, b), kind[i], "%s -> %s", from[i], to[i]);
		size_t n = movegen_parents(rules, b, got);
		bool found = false;
		for (size_t j = 0; j < n; j++)
			found = found || got[j] == a;
		cr_assert(found, "%s is a parent of %s", from[i], to[i]);
	}
	rules_free(rules);
}

// SPDX-License-Identifier: MIT
// lengths.h: finals, shortest and longest geodesic games and games by length, checked
// against brute force over the oracle's move graph (no code shared with enum/ or solver/):
// depth-first enumeration of move sequences and of geodesic paths; hand-checked forced games
// (tests/data/solver_lengths.csv); edge cases; the same result for 1, 2 and 4 threads.
#include "lengths.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "helpers.h"
#include "movegen.h"

static const struct instance cases[] = {
	{2, {1, 1}, 5, ""},          {2, {1, 1}, 6, ""},
	{2, {2, 2}, 2, ""},          {2, {2, 2}, 3, ""},
	{2, {2, 2}, 4, ""},          {2, {2, 2}, 5, ""},
	{2, {2, 2}, 5, "cutoff"},    {2, {2, 2}, 5, "suicide"},
	{2, {2, 2}, 5, "misere"},    {2, {2, 2}, 5, "cutoff,suicide"},
	{2, {2, 2}, 4, "suns,meta"}, {2, {2, 2}, 6, "attacks-only"},
	{2, {2, 2}, 4, "transfers-only"}, {2, {2, 2}, 4, "divisions-only"},
	{2, {3, 3}, 3, ""},          {2, {3, 3}, 4, "cutoff,misere"},
	{2, {2, 1}, 4, ""},          {3, {1, 1, 1}, 2, ""},
	{3, {1, 1, 1}, 4, ""},       {3, {2, 2, 2}, 3, ""},
	{3, {2, 1, 1}, 3, "cutoff"}, {4, {1, 1, 1, 1}, 3, ""},
	{2, {2, 2}, 4, "swaps"},     {2, {2, 2}, 4, "stumps"},
	{2, {2, 2}, 5, "sudden-death,cherri"}, {2, {2, 2}, 3, "lives=2"},
	{3, {1, 1, 1}, 4, "zombies"}, {3, {2, 2, 2}, 3, "misere"},
};

struct fixture {
	char name[96];
	struct rules *rules;
	struct enumeration e;
	struct lengths l;
};

static void fixture_init(struct fixture *f, const struct instance *in, unsigned max_length)
{
	struct error err = {{0}};
	struct lengths_options opt;
	instance_text(in, f->name, sizeof f->name);
	f->rules = instance_rules(in);
	cr_assert_eq(enumerate_reachable(f->rules, NULL, &f->e, &err), STATUS_OK, "%s", err.msg);
	lengths_options_default(&opt);
	opt.max_length = max_length;
	opt.example_count = 4;
	cr_assert_eq(lengths_compute(f->rules, &f->e, &opt, NULL, &f->l, &err), STATUS_OK, "%s: %s",
		     f->name, err.msg);
}

static void fixture_free(struct fixture *f)
{
	lengths_free(&f->l);
	enumeration_free(&f->e);
	rules_free(f->rules);
}

// ---- the oracle's graph ----

struct ograph {
	struct oracle_game game;
	struct oracle_walk walk;
	uint64_t n;
	uint64_t *start;
	uint32_t *child;
	char (*code)[ORACLE_CODE_MAX];
};

static void ograph_build(struct ograph *g, const struct instance *in)
{
	struct oracle_pos start;
	instance_game(in, &g->game);
	oracle_start(&g->game, &start);
	cr_assert(oracle_walk(&g->game, &start, &g->walk));
	g->n = g->walk.reachable_count;
	g->start = calloc(g->n + 1, sizeof *g->start);
	g->code = malloc(g->n * sizeof *g->code);
	g->child = NULL;
	size_t used = 0, cap = 0;
	for (uint64_t i = 0; i < g->n; i++) {
		size_t k = oracle_children(&g->game, &g->walk.pos[i], NULL, 0);
		struct oracle_pos *kids = malloc((k + 1) * sizeof *kids);
		oracle_children(&g->game, &g->walk.pos[i], kids, k);
		if (used + k > cap) {
			cap = 2 * (used + k) + 64;
			g->child = realloc(g->child, cap * sizeof *g->child);
		}
		for (size_t j = 0; j < k; j++)
			g->child[used++] = (uint32_t)oracle_walk_find(&g->walk, &kids[j]);
		g->start[i + 1] = used;
		oracle_format(&g->game, &g->walk.pos[i], g->code[i]);
		free(kids);
	}
}

static void ograph_free(struct ograph *g)
{
	oracle_walk_free(&g->walk);
	free(g->start);
	free(g->child);
	free(g->code);
}

static bool terminal(const struct ograph *g, uint64_t i)
{
	return g->start[i] == g->start[i + 1];
}

static uint64_t find_code(const struct ograph *g, const char *code)
{
	for (uint64_t i = 0; i < g->n; i++)
		if (!strcmp(g->code[i], code))
			return i;
	cr_assert_fail("code %s is not reachable in the oracle's walk", code);
	return 0;
}

// ---- brute force ----

// Counts into by_len[n] the move sequences from i of exactly n more moves (n <= left) that
// end in a final; returns the number of positions visited.
static uint64_t dfs_sequences(const struct ograph *g, uint64_t i, unsigned done, unsigned left,
			      uint64_t *by_len)
{
	if (terminal(g, i)) {
		by_len[done]++;
		return 1;
	}
	uint64_t visited = 1;
	if (left > 0)
		for (uint64_t j = g->start[i]; j < g->start[i + 1]; j++)
			visited += dfs_sequences(g, g->child[j], done + 1, left - 1, by_len);
	return visited;
}

// Geodesic paths: each step one layer farther out (by the oracle's BFS depths). Calls
// found(path, len) for each that ends in a final at depth L.
struct geo_walk {
	const struct ograph *g;
	unsigned L;
	uint64_t path[256];
	uint64_t count;
	void (*found)(struct geo_walk *w);
	char best[256 * ORACLE_CODE_MAX]; // smallest path text so far, per final (see below)
	uint64_t target;                  // the final of interest for best
};

static void dfs_geodesic(struct geo_walk *w, unsigned d)
{
	const struct ograph *g = w->g;
	uint64_t i = w->path[d];
	if (d == w->L) {
		if (terminal(g, i)) {
			w->count++;
			if (w->found)
				w->found(w);
		}
		return;
	}
	for (uint64_t j = g->start[i]; j < g->start[i + 1]; j++) {
		uint64_t c = g->child[j];
		if (g->walk.depth[c] == d + 1) {
			w->path[d + 1] = c;
			dfs_geodesic(w, d + 1);
		}
	}
}

// Keeps, for w->target, the lexicographically smallest path (codes compared one by one;
// stored as fixed-width fields so strcmp-per-field order equals memcmp order of the fields).
static void keep_smallest(struct geo_walk *w)
{
	if (w->path[w->L] != w->target)
		return;
	char text[256 * ORACLE_CODE_MAX];
	memset(text, 0, sizeof text);
	for (unsigned d = 0; d <= w->L; d++)
		strcpy(text + d * ORACLE_CODE_MAX, w->g->code[w->path[d]]);
	if (!w->best[0] || memcmp(text, w->best, (w->L + 1) * ORACLE_CODE_MAX) < 0)
		memcpy(w->best, text, sizeof text);
}

static uint64_t geodesic_count(const struct ograph *g, unsigned L)
{
	struct geo_walk *w = calloc(1, sizeof *w);
	w->g = g;
	w->L = L;
	w->path[0] = 0; // the walk starts at the start
	dfs_geodesic(w, 0);
	uint64_t count = w->count;
	free(w);
	return count;
}

static void check_example(const struct fixture *f, const struct ograph *g,
			  const struct lengths_game *game, unsigned j)
{
	struct geo_walk *w = calloc(1, sizeof *w);
	char code[POSITION_CODE_MAX];
	const uint64_t *ex = game->example + (size_t)j * (game->length + 1);
	position_format(f->rules, f->l.final[game->final_first + j].index, code);
	w->g = g;
	w->L = game->length;
	w->target = find_code(g, code);
	w->found = keep_smallest;
	dfs_geodesic(w, 0);
	cr_assert(w->best[0], "%s: no geodesic path to %s", f->name, code);
	for (unsigned d = 0; d <= game->length; d++) {
		position_format(f->rules, ex[d], code);
		cr_assert_str_eq(code, w->best + d * ORACLE_CODE_MAX,
				 "%s: example %u ending in final %llu, move %u", f->name, j,
				 (unsigned long long)(game->final_first + j), d);
	}
	free(w);
}

// The finals of a game are exactly the oracle's finals at that depth; examples are the
// smallest games ending in the first finals; the count is the brute-force count.
static void check_game(const struct fixture *f, const struct ograph *g,
		       const struct lengths_game *game, unsigned L)
{
	cr_assert_eq(game->length, L, "%s", f->name);
	uint64_t finals = 0;
	for (uint64_t i = 0; i < g->n; i++)
		finals += terminal(g, i) && g->walk.depth[i] == L;
	cr_assert_eq(game->final_count, finals, "%s: finals at depth %u", f->name, L);
	for (uint64_t i = 0; i < game->final_count; i++)
		cr_assert_eq(f->l.final[game->final_first + i].depth, L);
	cr_assert(mpz_cmp_ui(game->count, geodesic_count(g, L)) == 0, "%s: games of length %u",
		  f->name, L);
	uint64_t want_examples = finals < 4 ? finals : 4;
	cr_assert_eq(game->example_count, want_examples, "%s", f->name);
	for (unsigned j = 0; j < game->example_count; j++)
		check_example(f, g, game, j);
}

// Every final, in order of depth then code, with its depth and winner.
static void check_finals(const struct fixture *f, const struct ograph *g)
{
	unsigned p = f->rules->players;
	uint64_t want = 0, won[RULES_MAX_PLAYERS] = {0};
	for (uint64_t i = 0; i < g->n; i++)
		want += terminal(g, i);
	cr_assert_eq(f->l.final_count, want, "%s: finals", f->name);
	for (uint64_t k = 0; k < f->l.final_count; k++) {
		const struct lengths_final *fin = &f->l.final[k];
		char code[POSITION_CODE_MAX], prev[POSITION_CODE_MAX];
		position_format(f->rules, fin->index, code);
		uint64_t i = find_code(g, code);
		cr_assert_eq(fin->depth, g->walk.depth[i], "%s: depth of %s", f->name, code);
		int w = oracle_winner(&g->game, &g->walk.pos[i]);
		cr_assert_geq(w, 0);
		cr_assert_eq(fin->winner_seat, (fin->depth + (unsigned)w) % p + 1, "%s: winner at %s",
			     f->name, code);
		won[fin->winner_seat - 1]++;
		if (k > 0) {
			position_format(f->rules, f->l.final[k - 1].index, prev);
			cr_assert(f->l.final[k - 1].depth < fin->depth ||
					  (f->l.final[k - 1].depth == fin->depth && strcmp(prev, code) < 0),
				  "%s: finals out of order at %s", f->name, code);
		}
	}
	for (unsigned s = 0; s < p; s++)
		cr_assert_eq(f->l.won_count[s], won[s], "%s: finals won by seat %u", f->name, s + 1);
}

// Games by length against depth-first enumeration, as deep as a budget of visits allows.
static void check_by_length(const struct fixture *f, const struct ograph *g)
{
	uint64_t by_len[64];
	unsigned depth = 0;
	for (unsigned n = 1; n <= 30; n++) {
		uint64_t try_len[64] = {0};
		if (dfs_sequences(g, 0, 0, n, try_len) > 400000)
			break;
		memcpy(by_len, try_len, sizeof by_len);
		depth = n;
	}
	cr_assert_geq(depth, 5, "%s: brute force reached only %u moves", f->name, depth);
	for (unsigned n = 0; n <= depth; n++)
		cr_assert(mpz_cmp_ui(f->l.by_length[n], by_len[n]) == 0,
			  "%s: games of %u moves: %llu by brute force", f->name, n,
			  (unsigned long long)by_len[n]);
}

Test(lengths, agrees_with_brute_force)
{
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		struct fixture f;
		struct ograph g;
		fixture_init(&f, &cases[c], 30);
		ograph_build(&g, &cases[c]);
		check_finals(&f, &g);
		unsigned lo = 255, hi = 0;
		for (uint64_t i = 0; i < g.n; i++)
			if (terminal(&g, i)) {
				lo = g.walk.depth[i] < lo ? g.walk.depth[i] : lo;
				hi = g.walk.depth[i] > hi ? g.walk.depth[i] : hi;
			}
		cr_assert_leq(lo, hi, "%s: no final", f.name);
		check_game(&f, &g, &f.l.shortest, lo);
		check_game(&f, &g, &f.l.longest, hi);
		check_by_length(&f, &g);
		ograph_free(&g);
		fixture_free(&f);
	}
}

// Identities that need no oracle: nothing ends before the shortest game, and the games of
// that length are exactly the shortest games.
Test(lengths, shortest_games_are_games_by_length)
{
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		struct fixture f;
		fixture_init(&f, &cases[c], 40);
		unsigned L = f.l.shortest.length;
		cr_assert_leq(L, 40);
		for (unsigned n = 0; n < L; n++)
			cr_assert(mpz_sgn(f.l.by_length[n]) == 0, "%s: a game of %u moves", f.name, n);
		cr_assert(mpz_cmp(f.l.by_length[L], f.l.shortest.count) == 0, "%s", f.name);
		cr_assert_eq(f.l.longest.length, f.l.final[f.l.final_count - 1].depth);
		cr_assert_eq(f.l.longest.final_first + f.l.longest.final_count, f.l.final_count);
		fixture_free(&f);
	}
}

// ---- hand-checked forced games ----

// Rows of tests/data/solver_lengths.csv: players,hands,rollover,variants,length,game,winner,
// source; the game is the only one (shortest = longest geodesic, one game of each kind).
Test(lengths, hand_checked_forced_games)
{
	FILE *in = fopen(TEST_DATA_DIR "/solver_lengths.csv", "r");
	cr_assert_not_null(in);
	char line[512];
	unsigned rows = 0;
	while (fgets(line, sizeof line, in)) {
		if (line[0] == '#' || !strncmp(line, "players,", 8) || line[0] == '\n')
			continue;
		struct instance inst = {0};
		char variants[64], game[256];
		unsigned h, length, winner;
		cr_assert_eq(sscanf(line, "%u,%u,%u,%63[^,],%u,%255[^,],%u", &inst.players, &h,
				    &inst.rollover, variants, &length, game, &winner), 7, "%s", line);
		for (unsigned s = 0; s < inst.players; s++)
			inst.hands[s] = h;
		for (char *c = variants; *c; c++)
			*c = *c == '+' ? ',' : *c;
		strcpy(inst.variants, strcmp(variants, "-") ? variants : "");
		struct fixture f;
		fixture_init(&f, &inst, 30);
		const struct lengths_game *kinds[2] = {&f.l.shortest, &f.l.longest};
		for (int k = 0; k < 2; k++) {
			const struct lengths_game *gm = kinds[k];
			cr_assert_eq(gm->length, length, "%s", f.name);
			cr_assert(mpz_cmp_ui(gm->count, 1) == 0, "%s", f.name);
			cr_assert_eq(gm->example_count, 1);
			char text[256] = "", code[POSITION_CODE_MAX];
			for (unsigned d = 0; d <= length; d++) {
				position_format(f.rules, gm->example[d], code);
				strcat(text, d ? " " : "");
				strcat(text, code);
			}
			cr_assert_str_eq(text, game, "%s", f.name);
		}
		cr_assert_eq(f.l.final_count, 1);
		cr_assert_eq(f.l.final[0].winner_seat, winner, "%s", f.name);
		for (unsigned n = 0; n <= 30; n++)
			cr_assert(mpz_cmp_ui(f.l.by_length[n], n == length) == 0, "%s: n=%u", f.name, n);
		fixture_free(&f);
		rows++;
	}
	fclose(in);
	cr_assert_geq(rows, 8);
}

// Three players, one hand, r = 2 (see test_retrograde.c): A taps C (111 101 001, B wins
// after 2 moves) or taps B (111 011 110 001, C wins after 3). Final 001 is reached first
// after 2 moves, so its winner is seat 2; one game of 2 moves, one of 3.
Test(lengths, three_players_one_hand_r2_by_hand)
{
	struct instance in = {3, {1, 1, 1}, 2, ""};
	struct fixture f;
	fixture_init(&f, &in, 30);
	cr_assert_eq(f.l.final_count, 1);
	cr_assert_eq(f.l.final[0].depth, 2);
	cr_assert_eq(f.l.final[0].winner_seat, 2);
	cr_assert_eq(f.l.shortest.length, 2);
	cr_assert_eq(f.l.longest.length, 2);
	cr_assert(mpz_cmp_ui(f.l.shortest.count, 1) == 0);
	for (unsigned n = 0; n <= 30; n++)
		cr_assert(mpz_cmp_ui(f.l.by_length[n], n == 2 || n == 3) == 0, "n=%u", n);
	fixture_free(&f);
}

// ---- edge cases ----

static void with_start(const struct instance *in, const char *code, struct fixture *f)
{
	struct error err = {{0}};
	uint64_t idx;
	struct lengths_options opt;
	instance_text(in, f->name, sizeof f->name);
	f->rules = instance_rules(in);
	cr_assert_eq(position_parse(f->rules, code, &idx, &err), STATUS_OK);
	rules_set_start(f->rules, idx);
	cr_assert_eq(enumerate_reachable(f->rules, NULL, &f->e, &err), STATUS_OK);
	lengths_options_default(&opt);
	cr_assert_eq(lengths_compute(f->rules, &f->e, &opt, NULL, &f->l, &err), STATUS_OK, "%s",
		     err.msg);
}

// A terminal start: one final at depth 0, won by the live player (slot 1: seat 2).
Test(lengths, terminal_start)
{
	struct instance in = {2, {2, 2}, 5, ""};
	struct fixture f;
	with_start(&in, "0001", &f);
	cr_assert_eq(f.l.final_count, 1);
	cr_assert_eq(f.l.final[0].winner_seat, 2);
	cr_assert_eq(f.l.shortest.length, 0);
	cr_assert(mpz_cmp_ui(f.l.shortest.count, 1) == 0);
	cr_assert_eq(f.l.shortest.example_count, 1);
	cr_assert_eq(f.l.shortest.example[0], f.rules->start);
	cr_assert(mpz_cmp_ui(f.l.by_length[0], 1) == 0);
	cr_assert(mpz_sgn(f.l.by_length[1]) == 0);
	fixture_free(&f);
}

// One hand, r = 5, from 12: the hands follow the Lucas numbers mod 5 (2 1 3 4 2 1 ...),
// which never reach 0, so no final is reachable: 12 31 43 24 12 ...
Test(lengths, no_final_reachable)
{
	struct instance in = {2, {1, 1}, 5, ""};
	struct fixture f;
	with_start(&in, "12", &f);
	cr_assert_eq(f.e.reachable_count, 4);
	cr_assert_eq(f.l.final_count, 0);
	cr_assert_eq(f.l.shortest.length, 0);
	cr_assert_eq(f.l.longest.final_count, 0);
	cr_assert(mpz_sgn(f.l.shortest.count) == 0 && mpz_sgn(f.l.longest.count) == 0);
	cr_assert_eq(f.l.shortest.example_count, 0);
	for (unsigned n = 0; n <= f.l.max_length; n++)
		cr_assert(mpz_sgn(f.l.by_length[n]) == 0);
	fixture_free(&f);
}

// Counts past 64 bits stay exact: 2 hands, r = 5 has 7086955851937 games of 30 moves;
// with 120 moves the count needs more than one limb. Checked here against a plain mpz
// recurrence over the oracle's graph (not the limb arrays of paths.c).
Test(lengths, counts_past_64_bits)
{
	struct instance in = {2, {2, 2}, 5, ""};
	struct ograph g;
	ograph_build(&g, &in);
	struct fixture f;
	fixture_init(&f, &in, 120);
	mpz_t *cur = malloc(g.n * sizeof *cur), *next = malloc(g.n * sizeof *next), sum;
	mpz_init(sum);
	for (uint64_t i = 0; i < g.n; i++) {
		mpz_init_set_ui(cur[i], i == 0);
		mpz_init(next[i]);
	}
	for (unsigned n = 1; n <= 120; n++) {
		for (uint64_t i = 0; i < g.n; i++)
			mpz_set_ui(next[i], 0);
		for (uint64_t i = 0; i < g.n; i++)
			for (uint64_t j = g.start[i]; j < g.start[i + 1]; j++)
				mpz_add(next[g.child[j]], next[g.child[j]], cur[i]);
		mpz_set_ui(sum, 0);
		for (uint64_t i = 0; i < g.n; i++)
			if (terminal(&g, i))
				mpz_add(sum, sum, next[i]);
		cr_assert(mpz_cmp(sum, f.l.by_length[n]) == 0, "n=%u", n);
		mpz_t *swap = cur;
		cur = next;
		next = swap;
	}
	cr_assert(mpz_cmp_ui(f.l.by_length[30], 0) > 0);
	cr_assert(mpz_sizeinbase(f.l.by_length[120], 2) > 64, "the 120-move count fits 64 bits?");
	mpz_t want;
	mpz_init_set_str(want, "7086955851937", 10);
	cr_assert(mpz_cmp(f.l.by_length[30], want) == 0);
	for (uint64_t i = 0; i < g.n; i++) {
		mpz_clear(cur[i]);
		mpz_clear(next[i]);
	}
	mpz_clear(want);
	mpz_clear(sum);
	free(cur);
	free(next);
	fixture_free(&f);
	ograph_free(&g);
}

Test(lengths, refuses_past_the_memory_limit)
{
	struct instance in = {2, {2, 2}, 5, ""};
	struct rules *rules = instance_rules(&in);
	struct enumeration e;
	struct error err = {{0}};
	struct lengths l;
	struct lengths_options opt;
	cr_assert_eq(enumerate_reachable(rules, NULL, &e, &err), STATUS_OK);
	lengths_options_default(&opt);
	opt.max_bytes = 1000;
	cr_assert_eq(lengths_compute(rules, &e, &opt, NULL, &l, &err), STATUS_BAD_INPUT);
	cr_assert(strstr(err.msg, "the limit is 0.977 KiB"), "%s", err.msg);
	cr_assert_null(l.final);
	cr_assert_null(l.by_length);
	lengths_free(&l); // safe after a failure
	opt.max_bytes = lengths_bytes(rules, &e, &opt); // an upper bound: enough
	cr_assert_eq(lengths_compute(rules, &e, &opt, NULL, &l, &err), STATUS_OK, "%s", err.msg);
	lengths_free(&l);
	enumeration_free(&e);
	rules_free(rules);
}

// ---- determinism ----
#ifdef _OPENMP

static void same_game(const struct lengths_game *a, const struct lengths_game *b)
{
	cr_assert_eq(a->length, b->length);
	cr_assert(mpz_cmp(a->count, b->count) == 0);
	cr_assert_eq(a->final_first, b->final_first);
	cr_assert_eq(a->final_count, b->final_count);
	cr_assert_eq(a->example_count, b->example_count);
	cr_assert(!memcmp(a->example, b->example,
			  a->example_count * (a->length + 1) * sizeof *a->example));
}

Test(lengths, same_result_for_1_2_4_threads)
{
	int saved = omp_get_max_threads();
	// The first two have at least PATHS_PARALLEL_MIN reachable positions (see paths.h).
	static const struct instance inst[] = {
		{2, {6, 6}, 5, ""}, {2, {5, 5}, 6, "cutoff"}, {3, {2, 2, 2}, 4, ""}};
	for (size_t c = 0; c < sizeof inst / sizeof inst[0]; c++) {
		omp_set_num_threads(1);
		struct fixture one;
		fixture_init(&one, &inst[c], 30);
		for (int threads = 2; threads <= 4; threads *= 2) {
			omp_set_num_threads(threads);
			struct fixture f;
			fixture_init(&f, &inst[c], 30);
			cr_assert_eq(f.l.final_count, one.l.final_count);
			cr_assert(!memcmp(f.l.final, one.l.final, f.l.final_count * sizeof *f.l.final));
			same_game(&f.l.shortest, &one.l.shortest);
			same_game(&f.l.longest, &one.l.longest);
			for (unsigned n = 0; n <= 30; n++)
				cr_assert(mpz_cmp(f.l.by_length[n], one.l.by_length[n]) == 0);
			fixture_free(&f);
		}
		fixture_free(&one);
	}
	omp_set_num_threads(saved);
}
#endif

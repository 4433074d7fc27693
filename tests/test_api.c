// SPDX-License-Identifier: MIT
// The public API as an outside program sees it: this file includes only chopsticks.h and
// links only the shared library (tests/CMakeLists.txt). Expectations come from outside the
// code under test: the closed forms r^(2h) and C(h+r-1, h)^2, the published table (SPEC.md),
// the Fibonacci entry points alpha(r) for one hand (OEIS A001177: the game lasts alpha(r) - 2
// moves), rollover 2 (2h - 1 moves, the first player wins), and the published statement that
// the standard game is a draw. The rest checks the API against itself in ways that fail when
// one part lies: a table probed against the solve it was saved from, one thread against two,
// every move's value against its result's.
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chopsticks.h"

static chop_game *game_of(const char *options)
{
	chop_error err;
	chop_game *g = chop_game_from_options(options, &err);
	cr_assert(g, "'%s': %s", options, err.message);
	return g;
}

static chop_solution *solved(const chop_game *g, unsigned threads)
{
	chop_error err;
	chop_config config = {.threads = threads};
	chop_solution *s = chop_solve(g, &config, &err);
	cr_assert(s, "%s: %s", chop_game_options(g), err.message);
	return s;
}

Test(api, version)
{
	cr_assert_str_eq(chop_version(), CHOP_VERSION_STRING);
	cr_assert_eq(chop_version_number(), CHOP_VERSION_NUMBER);
}

// Each bad option string: refused with CHOP_BAD_INPUT and a message naming the bad part.
Test(api, bad_options)
{
	static const char cases[][2][48] = {
		{"--rollover 1", "'1'"},          {"--hands 0", "'0'"},
		{"--variant nosuch", "nosuch"},   {"--threads 2", "--threads"},
		{"--start 9999", "9999"},         {"--help", "--help"},
		{"garbage", "garbage"},           {"--rollover", "needs a value"},
		{"--hands 2 --hands 3", "twice"}, {"--players 3 --hands 2,2", "2 counts"},
		{"--format json", "--format"},    {"--overflow sideways", "sideways"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		chop_error err = {CHOP_OK, ""};
		cr_expect_null(chop_game_from_options(cases[i][0], &err), "'%s' accepted", cases[i][0]);
		cr_expect_eq(err.status, CHOP_BAD_INPUT, "'%s': status %d", cases[i][0], err.status);
		cr_expect(strstr(err.message, cases[i][1]), "'%s': message '%s' lacks '%s'", cases[i][0], err.message,
			  cases[i][1]);
		cr_expect_null(strchr(err.message, '\n'));
	}
	chop_error err;
	cr_expect_null(chop_game_from_options(NULL, &err));
	cr_expect_eq(err.status, CHOP_BAD_INPUT);
	cr_expect_null(chop_game_from_options("--rollover 1", NULL)); // no error record: still no crash
}

Test(api, fields_and_options_agree)
{
	chop_error err;
	unsigned hands[] = {3, 2};
	chop_game *a = chop_game_new(2, hands, 5, "cutoff", &err);
	cr_assert(a, "%s", err.message);
	chop_game *b = game_of("--hands 3,2 --rollover 5 --variant cutoff");
	cr_expect_str_eq(chop_game_settings(a), chop_game_settings(b));
	cr_expect_str_eq(chop_game_options(a), "--hands 3,2 --rollover 5 --variant cutoff");
	cr_expect_null(chop_game_new(2, NULL, 5, "cutoff suicide", &err));
	chop_game_free(a);
	chop_game_free(b);
	chop_game_free(NULL);
}

Test(api, codes)
{
	chop_error err;
	char buf[64];
	uint64_t idx;
	chop_game *g = game_of("");
	cr_assert_eq(chop_game_parse(g, "1312", &idx, &err), CHOP_OK);
	cr_assert_eq(chop_game_format(g, idx, buf, sizeof buf, &err), CHOP_OK);
	cr_expect_str_eq(buf, "1312");
	cr_expect_eq(chop_game_format(g, idx, buf, 3, &err), CHOP_BAD_INPUT); // too small a buffer
	cr_expect_eq(chop_game_format(g, chop_game_size(g), buf, sizeof buf, &err), CHOP_BAD_INPUT);
	cr_expect_eq(chop_game_parse(g, "13x2", &idx, &err), CHOP_BAD_INPUT);
	cr_expect_eq(chop_game_parse(g, NULL, &idx, &err), CHOP_BAD_INPUT);
	cr_expect_eq(chop_game_size(g), 225); // one index per multiset pair: C(6, 2)^2
	chop_game_format(g, chop_game_start(g), buf, sizeof buf, NULL);
	cr_expect_str_eq(buf, "1111");
	cr_expect(chop_game_parse(g, "0011", &idx, NULL) == CHOP_OK && chop_game_is_terminal(g, idx));
	chop_game_free(g);
}

static uint64_t power(uint64_t b, unsigned e)
{
	uint64_t x = 1;
	while (e--)
		x *= b;
	return x;
}

static uint64_t binomial(unsigned n, unsigned k)
{
	uint64_t x = 1;
	for (unsigned i = 1; i <= k; i++)
		x = x * (n - k + i) / i;
	return x;
}

// Rows of the published table (SPEC.md): hands, rollover, reachable. At rollover 4 the walk
// finds one position fewer (README "Findings": 0^h/2^h has no parent that is reachable).
static const unsigned published[][3] = {{2, 3, 26}, {3, 3, 85}, {4, 3, 204}, {2, 4, 85},
					{3, 4, 374}, {2, 5, 204}, {3, 5, 1183}, {4, 5, 4822}};

Test(api, counts_against_closed_forms_and_the_published_table)
{
	char options[64], expect[32];
	for (size_t i = 0; i < sizeof published / sizeof published[0]; i++) {
		unsigned h = published[i][0], r = published[i][1];
		snprintf(options, sizeof options, "--hands %u --rollover %u", h, r);
		chop_game *g = game_of(options);
		chop_error err;
		chop_count *c = chop_count_run(g, NULL, &err);
		cr_assert(c, "%s: %s", options, err.message);
		snprintf(expect, sizeof expect, "%llu", (unsigned long long)power(r, 2 * h));
		cr_expect_str_eq(chop_count_positions(c), expect, "%s", options);
		snprintf(expect, sizeof expect, "%llu", (unsigned long long)power(binomial(h + r - 1, h), 2));
		cr_expect_str_eq(chop_count_distinct(c), expect, "%s", options);
		cr_expect_eq(chop_count_reachable(c), published[i][2] - (r == 4), "%s", options);
		uint64_t sum = 0, terminal = 0, t;
		for (unsigned d = 0; d <= chop_count_max_depth(c); d++) {
			sum += chop_count_layer(c, d, &t);
			terminal += t;
		}
		cr_expect_eq(sum, chop_count_reachable(c));
		cr_expect_eq(terminal, chop_count_terminal(c));
		cr_expect_eq(chop_count_layer(c, chop_count_max_depth(c) + 1, NULL), 0);
		cr_expect_eq(chop_count_depth(c, chop_game_start(g)), 0);
		chop_count_free(c);
		chop_game_free(g);
	}
}

// alpha(r): the least n > 0 with F(n) = 0 mod r.
static unsigned alpha(unsigned r)
{
	unsigned a = 0, b = 1, n = 1;
	while (b % r) {
		unsigned c = (a + b) % r;
		a = b;
		b = c;
		n++;
	}
	return n;
}

// The rollovers one_hand_follows_fibonacci checks past 3..40: games of alpha(r) - 2 = 298,
// 148 and 373 moves (alpha computed below, not assumed), two of them past 254.
static const unsigned long_rollovers[] = {150, 200, 250};
#define LONG_ROLLOVERS (sizeof long_rollovers / sizeof long_rollovers[0])

// One hand each: the moves are forced, so the game lasts alpha(r) - 2 moves and the player
// who makes the last one wins.
Test(api, one_hand_follows_fibonacci)
{
	char options[64];
	for (unsigned k = 0; k < 38 + LONG_ROLLOVERS; k++) {
		unsigned r = k < 38 ? k + 3 : long_rollovers[k - 38];
		snprintf(options, sizeof options, "--hands 1 --rollover %u", r);
		chop_game *g = game_of(options);
		chop_solution *s = solved(g, 0);
		unsigned rem, length = alpha(r) - 2;
		chop_value v = chop_solution_value(s, chop_game_start(g), 0, &rem);
		cr_expect_eq(rem, length, "r=%u", r);
		cr_expect_eq(v, length % 2 ? CHOP_WIN : CHOP_LOSS, "r=%u", r);
		chop_error err;
		chop_games *gs = chop_games_run(g, NULL, &err);
		cr_assert(gs, "%s", err.message);
		cr_expect_eq(chop_games_length(gs, CHOP_SHORTEST), length, "r=%u", r);
		cr_expect_eq(chop_games_length(gs, CHOP_LONGEST_GEODESIC), length, "r=%u", r);
		cr_expect_str_eq(chop_games_number(gs, CHOP_SHORTEST), "1", "r=%u", r);
		cr_expect_eq(chop_games_final_count(gs), 1);
		chop_games_free(gs);
		chop_solution_free(s);
		chop_game_free(g);
	}
}

Test(api, rollover_two_is_forced)
{
	char options[64];
	static const unsigned many[] = {1, 2, 3, 4, 5, 6, 20, 40, 100, 200}; // 200: 399 moves
	for (unsigned k = 0; k < sizeof many / sizeof many[0]; k++) {
		unsigned h = many[k];
		snprintf(options, sizeof options, "--hands %u --rollover 2", h);
		chop_game *g = game_of(options);
		chop_solution *s = solved(g, 0);
		unsigned rem;
		cr_expect_eq(chop_solution_value(s, chop_game_start(g), 0, &rem), CHOP_WIN, "h=%u", h);
		cr_expect_eq(rem, 2 * h - 1, "h=%u", h);
		chop_solution_free(s);
		chop_game_free(g);
	}
}

Test(api, standard_game_is_a_draw)
{
	chop_game *g = game_of("--hands 2 --rollover 5");
	chop_solution *s = solved(g, 0);
	chop_value v;
	unsigned rem = 7;
	cr_assert_eq(chop_solution_probe(s, "1111", &v, &rem, NULL), CHOP_OK);
	cr_expect_eq(v, CHOP_DRAW);
	cr_expect_eq(rem, 0);
	cr_expect_eq(chop_solution_reachable(s), 204); // the published reachable count
	cr_expect_eq(chop_solution_count(s, CHOP_WIN) + chop_solution_count(s, CHOP_LOSS) +
			     chop_solution_count(s, CHOP_DRAW),
		     204);
	chop_solution_free(s);
	chop_game_free(g);
	// At rollover 4, 0022 is the one position the published formula counts and no game reaches.
	g = game_of("--rollover 4");
	s = solved(g, 0);
	chop_error err;
	cr_expect_eq(chop_solution_probe(s, "0022", &v, &rem, &err), CHOP_BAD_INPUT);
	cr_expect(strstr(err.message, "0022"), "%s", err.message);
	cr_expect_eq(chop_solution_reachable(s), 84);
	chop_solution_free(s);
	chop_game_free(g);
}

// Every move's value for the mover follows from its result's value for the other player.
static void check_moves(const chop_solution *s)
{
	const chop_game *g = chop_solution_game(s);
	char code[256];
	for (uint64_t i = 0; i < chop_game_size(g); i++) {
		unsigned rem;
		chop_value v = chop_solution_value(s, i, 0, &rem);
		if (v == CHOP_UNREACHABLE)
			continue;
		chop_game_format(g, i, code, sizeof code, NULL);
		chop_error err;
		chop_moves *m = chop_solution_moves(s, code, &err);
		cr_assert(m, "%s: %s", code, err.message);
		cr_expect_eq(chop_moves_count(m) == 0, chop_game_is_terminal(g, i) != 0, "%s", code);
		for (size_t k = 0; k < chop_moves_count(m); k++) {
			unsigned mr, cr;
			chop_value mv = chop_moves_value(m, k, &mr);
			chop_value cv = chop_solution_value(s, chop_moves_index(m, k), 0, &cr);
			chop_value turned = cv == CHOP_WIN ? CHOP_LOSS : cv == CHOP_LOSS ? CHOP_WIN : cv;
			cr_expect_eq(mv, turned, "%s -> %s", code, chop_moves_code(m, k));
			cr_expect_eq(mr, cv == CHOP_DRAW ? 0 : cr + 1, "%s -> %s", code, chop_moves_code(m, k));
		}
		if (chop_moves_count(m) > 0 && v != CHOP_DRAW) // the best move keeps the value
			cr_expect_eq(chop_moves_value(m, 0, &rem), v, "%s", code);
		chop_moves_free(m);
	}
}

Test(api, moves_follow_their_results)
{
	static const char games[][48] = {"", "--variant cutoff", "--hands 3,2 --rollover 4", "--lives 2 --rollover 4"};
	for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
		chop_game *g = game_of(games[i]);
		chop_solution *s = solved(g, 0);
		check_moves(s);
		chop_solution_free(s);
		chop_game_free(g);
	}
}

Test(api, threads_do_not_change_results)
{
	chop_game *g = game_of("--hands 3 --rollover 6 --variant cutoff");
	chop_solution *one = solved(g, 1), *two = solved(g, 2);
	uint64_t n = chop_game_size(g);
	static uint8_t a[1 << 16], b[1 << 16];
	cr_assert_leq(n, sizeof a);
	cr_assert_eq(chop_solution_values(one, 0, n, a, NULL), CHOP_OK);
	cr_assert_eq(chop_solution_values(two, 0, n, b, NULL), CHOP_OK);
	cr_expect_eq(memcmp(a, b, n), 0);
	cr_expect_eq(chop_solution_values(one, n, 1, a, NULL), CHOP_BAD_INPUT);
	chop_solution_free(one);
	chop_solution_free(two);
	chop_game_free(g);
}

static int stop_at_once(void *ctx, const chop_progress *step)
{
	(void)step;
	++*(int *)ctx;
	return 1;
}

Test(api, progress_can_cancel)
{
	int calls = 0;
	chop_config config = {.progress = stop_at_once, .progress_ctx = &calls};
	chop_game *g = game_of("--hands 4 --rollover 6");
	chop_error err;
	cr_expect_null(chop_solve(g, &config, &err));
	cr_expect_eq(err.status, CHOP_INTERRUPTED);
	cr_expect_geq(calls, 1);
	cr_expect_null(chop_count_run(g, &config, &err));
	cr_expect_eq(err.status, CHOP_INTERRUPTED);
	chop_game_free(g);
}

Test(api, memory_limit_refuses_up_front)
{
	chop_config config = {.max_memory = 1 << 20};
	chop_game *g = game_of("--hands 8 --rollover 10");
	chop_error err;
	cr_expect_null(chop_solve(g, &config, &err));
	cr_expect_eq(err.status, CHOP_BAD_INPUT);
	cr_expect(strstr(err.message, "instance too large"), "%s", err.message);
	chop_game_free(g);
}

// Fills path with a fresh file name in the temporary directory.
static void temp_path(char *path, size_t len, const char *name)
{
	const char *dir = getenv("TMPDIR");
	snprintf(path, len, "%s/chop-api-%ld-%s", dir && *dir ? dir : "/tmp", (long)getpid(), name);
}

static void flip_byte(const char *path, long at)
{
	FILE *f = fopen(path, "r+b");
	cr_assert(f);
	fseek(f, at, SEEK_SET);
	int c = fgetc(f);
	fseek(f, at, SEEK_SET);
	fputc(c ^ 0x40, f);
	fclose(f);
}

Test(api, tables_round_trip_and_refuse_damage)
{
	char path[256], code[64];
	temp_path(path, sizeof path, "t.tbl");
	chop_game *g = game_of("--hands 3 --rollover 5 --variant cutoff");
	chop_solution *s = solved(g, 0);
	chop_error err;
	cr_assert_eq(chop_solution_save(s, path, &err), CHOP_OK, "%s", err.message);
	chop_solution *t = chop_table_open(path, g, &err);
	cr_assert(t, "%s", err.message);
	cr_expect_str_eq(chop_game_settings(chop_solution_game(t)), chop_game_settings(g));
	for (uint64_t i = 0; i < chop_game_size(g); i++) {
		unsigned rs, rt;
		chop_value vs = chop_solution_value(s, i, 0, &rs), vt = chop_solution_value(t, i, 0, &rt);
		cr_expect(vs == vt && rs == rt, "index %llu", (unsigned long long)i);
		if (vs == CHOP_UNREACHABLE)
			continue;
		chop_game_format(g, i, code, sizeof code, NULL);
		cr_expect_eq(chop_solution_probe(t, code, &vt, &rt, NULL), CHOP_OK);
	}
	const char *codes[] = {"111111", "11111", "nonsense"};
	uint8_t values[3];
	cr_expect_eq(chop_solution_probe_many(t, codes, 3, values, NULL), 1);
	cr_expect_eq(values[2], CHOP_UNREACHABLE);
	cr_expect_eq(chop_table_verify(path, NULL, &err), CHOP_OK, "%s", err.message);
	// The table's game (built without move tables for its probes) still walks, counts and
	// builds strategies: the same reachable positions as the solve, which the count
	// of the game as given walks too.
	chop_count *c = chop_count_run(chop_solution_game(t), NULL, &err), *c0 = chop_count_run(g, NULL, &err);
	cr_assert(c && c0, "%s", err.message);
	cr_expect_eq(chop_count_reachable(c), chop_count_reachable(c0));
	cr_expect_eq(chop_count_reachable(c), chop_solution_reachable(s));
	chop_count_free(c);
	chop_count_free(c0);
	chop_strategy *st = chop_strategy_build(t, NULL, 0, &err);
	cr_assert(st, "%s", err.message);
	cr_expect_eq(chop_strategy_check(st, &err), CHOP_OK, "%s", err.message);
	chop_strategy_free(st);
	chop_solution_free(t);

	chop_game *other = game_of("--hands 3 --rollover 5");
	cr_expect_null(chop_table_open(path, other, &err));
	cr_expect(strstr(err.message, "another game"), "%s", err.message);
	flip_byte(path, 200); // a byte of the data: the checksum no longer holds
	cr_expect_null(chop_table_open(path, NULL, &err));
	cr_expect_eq(err.status, CHOP_BAD_INPUT);
	cr_expect_neq(chop_table_verify(path, NULL, &err), CHOP_OK);
	cr_expect_eq(truncate(path, 100), 0);
	cr_expect_null(chop_table_open(path, NULL, &err));
	cr_expect_null(chop_table_open("/nonexistent/dir/t.tbl", NULL, &err));
	cr_expect_eq(chop_solution_save(s, "/nonexistent/dir/t.tbl", &err), CHOP_FAILURE);
	unlink(path);
	chop_solution_free(s);
	chop_game_free(other);
	chop_game_free(g);
}

Test(api, three_players)
{
	chop_game *g = game_of("--players 3 --hands 2 --rollover 3");
	chop_solution *s = solved(g, 0);
	chop_error err;
	char path[64];
	snprintf(path, sizeof path, "/tmp/chopsticks-api3-%d.tbl", (int)getpid());
	cr_assert_eq(chop_solution_save(s, path, &err), CHOP_OK, "%s", err.message);
	chop_solution *t = chop_table_open(path, g, &err); // every seat's duel, as solved
	cr_assert(t, "%s", err.message);
	for (uint64_t i = 0; i < chop_game_size(g); i++)
		for (unsigned seat = 0; seat < 3; seat++) {
			unsigned rs, rt;
			cr_expect_eq(chop_solution_value(t, i, seat, &rt), chop_solution_value(s, i, seat, &rs));
			cr_expect_eq(rt, rs);
		}
	cr_expect_eq(chop_solution_reachable(t), chop_solution_reachable(s));
	cr_expect_eq(chop_table_verify(path, NULL, &err), CHOP_OK, "%s", err.message);
	chop_solution_free(t);
	chop_game *two = game_of("--hands 2 --rollover 3");
	cr_expect_null(chop_table_open(path, two, &err));
	cr_expect(strstr(err.message, "another game"), "%s", err.message);
	chop_game_free(two);
	unlink(path);
	cr_expect_null(chop_strategy_build(s, NULL, 0, &err));
	for (unsigned seat = 0; seat < 3; seat++)
		cr_expect_neq(chop_solution_value(s, chop_game_start(g), seat, NULL), CHOP_UNREACHABLE);
	cr_expect_eq(chop_solution_value(s, chop_game_start(g), 3, NULL), CHOP_UNREACHABLE);
	chop_moves *m = chop_solution_moves(s, "111111", &err);
	cr_assert(m, "%s", err.message);
	for (size_t k = 0; k < chop_moves_count(m); k++) { // the mover is the result's last seat
		unsigned mr, cr;
		chop_value mv = chop_moves_value(m, k, &mr);
		cr_expect_eq(mv, chop_solution_value(s, chop_moves_index(m, k), 2, &cr), "%s", chop_moves_code(m, k));
		cr_expect_eq(mr, mv == CHOP_DRAW ? 0 : cr + 1);
	}
	chop_moves_free(m);
	chop_solution_free(s);
	chop_game_free(g);
}

Test(api, strategies_keep_their_promise)
{
	chop_game *g = game_of("--variant cutoff,self-attack");
	chop_solution *s = solved(g, 0);
	chop_error err;
	unsigned rem;
	chop_value v = chop_solution_value(s, chop_game_start(g), 0, &rem);
	cr_assert_neq(v, CHOP_DRAW);
	chop_strategy *st = chop_strategy_build(s, NULL, v == CHOP_WIN ? 0 : 1, &err);
	cr_assert(st, "%s", err.message);
	cr_expect_eq(chop_strategy_kind_of(st), CHOP_STRATEGY_WIN);
	cr_expect_eq(chop_strategy_moves(st), rem);
	cr_expect_gt(chop_strategy_count(st), 0);
	cr_expect_eq(chop_strategy_check(st, &err), CHOP_OK, "%s", err.message);
	cr_expect_null(chop_strategy_target(st, chop_strategy_count(st), NULL));
	cr_expect_null(chop_strategy_build(s, "12x4", 0, &err));
	cr_expect_null(chop_strategy_build(s, NULL, 2, &err));
	chop_strategy_free(st);
	chop_solution_free(s);
	chop_game_free(g);
}

// Format 2: a damaged block is found when read (the table opens; a probe that needs the block
// is refused naming it, one that does not is answered) and always by verify.
Test(api, tables_damaged_block_refused_when_read)
{
	char path[256], code[64];
	temp_path(path, sizeof path, "b.tbl");
	chop_game *g = game_of("--hands 3 --rollover 5 --variant cutoff");
	chop_solution *s = solved(g, 0);
	chop_error err;
	cr_assert_eq(chop_solution_save(s, path, &err), CHOP_OK, "%s", err.message);
	struct stat st;
	cr_assert_eq(stat(path, &st), 0);
	flip_byte(path, (long)st.st_size - 3); // the last block: the remoteness section's
	chop_solution *t = chop_table_open(path, g, &err);
	cr_assert(t, "%s", err.message);
	uint64_t win = UINT64_MAX, draw = UINT64_MAX;
	for (uint64_t i = 0; i < chop_game_size(g); i++) {
		chop_value v = chop_solution_value(s, i, 0, NULL);
		win = v == CHOP_WIN && win == UINT64_MAX ? i : win;
		draw = v == CHOP_DRAW && draw == UINT64_MAX ? i : draw;
	}
	cr_assert(win != UINT64_MAX && draw != UINT64_MAX);
	chop_value v;
	unsigned r;
	chop_game_format(g, draw, code, sizeof code, NULL);
	cr_expect_eq(chop_solution_probe(t, code, &v, &r, &err), CHOP_OK, "%s", err.message); // values only
	cr_expect_eq(v, CHOP_DRAW);
	chop_game_format(g, win, code, sizeof code, NULL);
	cr_expect_eq(chop_solution_probe(t, code, &v, &r, &err), CHOP_BAD_INPUT);
	cr_expect(strstr(err.message, "block 1") && strstr(err.message, "damaged"), "%s", err.message);
	cr_expect_null(chop_solution_remoteness_bytes(t, NULL));
	cr_expect_eq(chop_table_verify(path, NULL, &err), CHOP_BAD_INPUT);
	cr_expect(strstr(err.message, "block 1"), "%s", err.message);
	chop_solution_free(t);
	unlink(path);
	chop_solution_free(s);
	chop_game_free(g);
}

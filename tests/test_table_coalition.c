// SPDX-License-Identifier: MIT
// Tables of three or more players (table_file.h): a coalition saved and opened again gives
// every state's value and remoteness back, as the solve has them; format 1 refuses it;
// `verify` accepts the solver's tables with the per-seat counts the solve keeps, and
// catches a wrong value and a wrong remoteness planted in a decoded state and saved again
// through the writer, at the planted position or at one of its parents.
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "coalition.h"
#include "describe.h"
#include "helpers.h"
#include "movegen.h"
#include "table_file.h"
#include "verify.h"

struct many_saved {
	struct rules *rules;
	struct coalition c;
	char settings[DESCRIBE_MAX], path[64];
};

static void solve_and_save(const struct instance *in, struct many_saved *s)
{
	struct error err;
	s->rules = instance_rules(in);
	cr_assert_eq(coalition_solve(s->rules, NULL, NULL, &s->c, &err), STATUS_OK, "%s", err.msg);
	describe_settings(s->rules, s->settings, sizeof s->settings);
	snprintf(s->path, sizeof s->path, "/tmp/chopsticks-many-%d.tbl", (int)getpid());
	cr_assert_eq(table_save_coalition(s->path, TABLE_VERSION_BLOCKS, s->rules, &s->c, s->settings, &err), STATUS_OK,
		     "%s", err.msg);
}

static void many_saved_free(struct many_saved *s)
{
	unlink(s->path);
	coalition_free(&s->c);
	rules_free(s->rules);
}

static struct instance games[] = {
	{3, {2, 2, 2}, 4, ""},
	{4, {1, 1, 1, 1}, 3, ""},
	{3, {2, 2, 2}, 3, "cutoff"},
	{3, {2, 1, 2}, 4, ""},
};

ParameterizedTestParameters(table_coalition, reads_back_every_state)
{
	return cr_make_param_array(struct instance, games, sizeof games / sizeof games[0]);
}

ParameterizedTest(struct instance *in, table_coalition, reads_back_every_state)
{
	struct many_saved s;
	struct table_map t;
	struct coalition back;
	struct error err;
	solve_and_save(in, &s);
	cr_assert_eq(table_open(s.path, &t, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(t.players, in->players);
	cr_assert_eq(t.size, s.rules->size);
	cr_assert_eq(t.stride, s.c.stride);
	cr_assert_eq(t.reachable, s.c.reachable_count);
	cr_assert_str_eq(t.settings, s.settings);
	table_coalition(&t, &back);
	for (uint64_t idx = 0; idx < s.rules->size; idx++)
		for (unsigned slot = 0; slot < in->players; slot++) {
			cr_assert_eq(coalition_value(&back, idx, slot), coalition_value(&s.c, idx, slot), "index %llu slot %u",
				     (unsigned long long)idx, slot);
			cr_assert_eq(coalition_remoteness(&back, idx, slot), coalition_remoteness(&s.c, idx, slot),
				     "index %llu slot %u", (unsigned long long)idx, slot);
		}
	cr_assert_eq(table_blocks_faults(t.blocks), 0);
	table_close(&t);
	many_saved_free(&s);
}

Test(table_coalition, format_1_is_refused)
{
	struct many_saved s;
	struct error err;
	solve_and_save(&games[0], &s);
	unlink(s.path);
	cr_assert_eq(table_save_coalition(s.path, TABLE_VERSION_FLAT, s.rules, &s.c, s.settings, &err), STATUS_BAD_INPUT);
	cr_assert(strstr(err.msg, "format 1 keeps two players only"), "%s", err.msg);
	cr_assert_neq(access(s.path, F_OK), 0, "a file was left behind");
	many_saved_free(&s);
}

// Opens path whole and verifies it.
static struct verify_report verified(const char *path, const struct rules *rules)
{
	struct table_map t;
	struct error err;
	struct verify_report r;
	cr_assert_eq(table_open(path, &t, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(table_load_whole(&t, false, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(verify_table(rules, &t, NULL, &r, &err), STATUS_OK, "%s", err.msg);
	table_close(&t);
	return r;
}

ParameterizedTestParameters(verify_coalition, accepts_the_solver_tables)
{
	return cr_make_param_array(struct instance, games, sizeof games / sizeof games[0]);
}

// The per-seat counts come from verify's own pass; the solve's from coalition.c.
ParameterizedTest(struct instance *in, verify_coalition, accepts_the_solver_tables)
{
	struct many_saved s;
	solve_and_save(in, &s);
	struct verify_report r = verified(s.path, s.rules);
	cr_assert_eq(r.fault, VERIFY_OK, "%s", r.why);
	cr_assert_eq(r.checked, s.c.reachable_count);
	for (unsigned t = 0; t < in->players; t++) {
		cr_assert_eq(r.duels[t][VALUE_WIN], s.c.forced_count[t]);
		cr_assert_eq(r.duels[t][VALUE_LOSS], s.c.stopped_count[t]);
		cr_assert_eq(r.duels[t][VALUE_DRAW], s.c.drawn_count[t]);
	}
	many_saved_free(&s);
}

// The first reachable state of slot at least 1 that is decided with remoteness at least 2.
static uint64_t deep_state(const struct coalition *c)
{
	for (uint64_t st = c->stride; st < c->sol.size; st++) {
		enum value v = solution_value(&c->sol, st);
		if ((v == VALUE_WIN || v == VALUE_LOSS) && solution_remoteness(&c->sol, st) >= 2)
			return st;
	}
	cr_assert_fail("no deep state");
	return 0;
}

// Decodes the saved table, sets state st to value v in rem, saves it again through the writer
// (the header's counts as the planted data has them) and expects verify to fail there or at
// a parent, with a value fault.
static void expect_planted(const struct instance *in, bool wrong_value)
{
	struct many_saved s;
	struct table_map t;
	struct coalition planted;
	struct error err;
	solve_and_save(in, &s);
	uint64_t st = deep_state(&s.c), idx = st % s.c.stride;
	enum value v = solution_value(&s.c.sol, st);
	unsigned rem = solution_remoteness(&s.c.sol, st);
	cr_assert_eq(table_open(s.path, &t, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(table_load_whole(&t, false, &err), STATUS_OK, "%s", err.msg);
	table_coalition(&t, &planted);
	uint8_t *values = malloc(planted.sol.size / 4 + 1), *bytes = malloc(planted.sol.size);
	memcpy(values, planted.sol.values, planted.sol.size / 4 + (planted.sol.size % 4 != 0));
	memcpy(bytes, planted.sol.remoteness, planted.sol.size);
	enum value now = wrong_value ? (v == VALUE_WIN ? VALUE_LOSS : VALUE_WIN) : v;
	values[st / 4] = (uint8_t)((values[st / 4] & ~(3u << 2 * (st % 4))) | (unsigned)now << 2 * (st % 4));
	bytes[st] = (uint8_t)(wrong_value ? rem : rem + 2);
	planted.sol.values = values;
	planted.sol.remoteness = bytes;
	planted.sol.count[v]--;
	planted.sol.count[now]++;
	char path[80];
	snprintf(path, sizeof path, "%s.planted", s.path);
	cr_assert_eq(table_save_coalition(path, TABLE_VERSION_BLOCKS, s.rules, &planted, s.settings, &err), STATUS_OK,
		     "%s", err.msg);
	table_close(&t);
	struct verify_report r = verified(path, s.rules);
	cr_assert(r.fault == VERIFY_WIN || r.fault == VERIFY_LOSS || r.fault == VERIFY_DRAW, "fault %d: %s", r.fault,
		  r.why);
	cr_assert(r.at == idx || is_parent(s.rules, r.at, idx), "reported at %llu, planted at %llu: %s",
		  (unsigned long long)r.at, (unsigned long long)idx, r.why);
	cr_assert(strstr(r.why, "seat "), "%s", r.why);
	unlink(path);
	free(values), free(bytes);
	many_saved_free(&s);
}

Test(verify_coalition, catches_a_wrong_value) { expect_planted(&games[0], true); }
Test(verify_coalition, catches_a_wrong_remoteness) { expect_planted(&games[0], false); }
Test(verify_coalition, catches_a_wrong_value_of_four_players) { expect_planted(&games[1], true); }
Test(verify_coalition, catches_a_wrong_remoteness_of_four_players) { expect_planted(&games[1], false); }

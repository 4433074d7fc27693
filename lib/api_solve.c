// SPDX-License-Identifier: MIT
// Solutions (chop_solve, chop_table_open, chop_solution_*): a game solved in memory or a
// saved table mapped from its file, answered the same way; saving and verifying tables.
#include "api.h"

#include <stdlib.h>
#include <string.h>

#include "position.h"
#include "verify.h"

void chop_solution_free(chop_solution *s)
{
	if (!s)
		return;
	if (s->from_table)
		table_close(&s->table);
	else
		solved_game_free(&s->solved);
	chop_game_free(s->game);
	free(s);
}

chop_solution *chop_solve(const chop_game *game, const chop_config *config, chop_error *err)
{
	struct api_run run;
	struct error e;
	struct plan plan;
	chop_solution *s = calloc(1, sizeof *s);
	if (!s)
		return api_fail(err, STATUS_FAILURE, "out of memory"), NULL;
	s->game = api_game_keep(game);
	api_run_begin(&run, game, config);
	enum plan_task task = game->rules->players == 2 ? PLAN_SOLVE : PLAN_COALITION;
	enum status st = api_run_plan(&run, game, task, &plan, &e);
	if (st == STATUS_OK) {
		st = solved_game_run(&plan, false, &run.progress, NULL, &s->solved, &e);
		plan_free(&plan);
	}
	if (st != STATUS_OK) {
		api_fail(err, st, e.msg);
		chop_solution_free(s);
		return NULL;
	}
	s->sol = game->rules->players == 2 ? &s->solved.solution : NULL;
	s->reachable = s->solved.e.reachable_count;
	return s;
}

enum value api_value(const chop_solution *s, uint64_t idx, unsigned seat)
{
	return s->sol ? solution_value(s->sol, idx) : coalition_value(&s->solved.coalition, idx, seat);
}

unsigned api_remoteness(const chop_solution *s, uint64_t idx, unsigned seat)
{
	return s->sol ? solution_remoteness(s->sol, idx) : coalition_remoteness(&s->solved.coalition, idx, seat);
}

chop_status api_position(const chop_solution *s, const char *code, uint64_t *idx, chop_error *err)
{
	chop_status st = chop_game_parse(s->game, code, idx, err);
	if (st == CHOP_OK && api_value(s, *idx, 0) == VALUE_UNKNOWN)
		return api_failf(err, STATUS_BAD_INPUT, "'%s': not reachable from the start", code);
	return st;
}

// Refuses a table whose game is not expect's, naming the first setting that differs.
static chop_status check_game(const char *path, const chop_game *have, const chop_game *expect, chop_error *err)
{
	const char *a, *b;
	int la, lb;
	if (!expect || !strcmp(have->settings, expect->settings))
		return CHOP_OK;
	if (describe_difference(have->settings, expect->settings, &a, &la, &b, &lb) && la && lb)
		return api_failf(err, STATUS_BAD_INPUT, "'%s' is of another game: it has %.*s, the game given has %.*s",
				 path, la, a, lb, b);
	return api_failf(err, STATUS_BAD_INPUT, "'%s' is of another game: its rules are '%s'", path, have->settings);
}

chop_solution *chop_table_open(const char *path, const chop_game *expect, chop_error *err)
{
	struct error e;
	chop_solution *s = path ? calloc(1, sizeof *s) : NULL;
	if (!s)
		return api_fail(err, path ? STATUS_FAILURE : STATUS_BAD_INPUT, path ? "out of memory" : "no path given (NULL)"),
		       NULL;
	enum status st = table_open(path, &s->table, &e);
	if (st != STATUS_OK) {
		api_fail(err, st, e.msg);
		free(s);
		return NULL;
	}
	s->from_table = true;
	s->sol = &s->table.sol;
	s->reachable = s->table.reachable;
	s->game = api_game_from_settings(s->table.settings, err);
	if (s->game && check_game(path, s->game, expect, err) == CHOP_OK) {
		const struct rules *rules = s->game->rules;
		if (s->table.size == rules->size && s->table.start == rules->start && s->table.players == rules->players) {
			if (rules->players != 2) // every seat's duel, read as a solve's coalition
				s->sol = NULL, table_coalition(&s->table, &s->solved.coalition);
			return s;
		}
		api_failf(err, STATUS_BAD_INPUT, "'%s': its index size does not fit its rules: the file is damaged", path);
	}
	chop_solution_free(s);
	return NULL;
}

const chop_game *chop_solution_game(const chop_solution *s)
{
	return s->game;
}

uint64_t chop_solution_reachable(const chop_solution *s)
{
	return s->reachable;
}

uint64_t chop_solution_count(const chop_solution *s, chop_value v)
{
	return s->sol && v >= CHOP_WIN && v <= CHOP_DRAW ? s->sol->count[v] : 0;
}

int chop_solution_longest(const chop_solution *s, unsigned *remoteness, uint64_t *index)
{
	if (!s->sol || s->sol->max_remoteness_at == SOLUTION_NONE)
		return 0;
	if (remoteness)
		*remoteness = s->sol->max_remoteness;
	if (index)
		*index = s->sol->max_remoteness_at;
	return 1;
}

chop_value chop_solution_value(const chop_solution *s, uint64_t index, unsigned seat, unsigned *remoteness)
{
	enum value v = VALUE_UNKNOWN;
	unsigned r = 0;
	if (index < s->game->rules->size && seat < s->game->rules->players) {
		v = api_value(s, index, seat);
		r = v == VALUE_UNKNOWN ? 0 : api_remoteness(s, index, seat);
	}
	if (remoteness)
		*remoteness = r;
	return (chop_value)v;
}

chop_status chop_solution_probe(const chop_solution *s, const char *code, chop_value *value, unsigned *remoteness,
				chop_error *err)
{
	struct table_blocks *blocks = s->from_table ? s->table.blocks : NULL;
	uint64_t idx, seen = blocks ? table_blocks_faults(blocks) : 0;
	struct error e;
	chop_status st = api_position(s, code, &idx, err);
	chop_value v = st == CHOP_OK ? chop_solution_value(s, idx, 0, remoteness) : CHOP_UNREACHABLE;
	if (blocks && table_blocks_damage(blocks, &seen, &e))
		return api_fail(err, STATUS_BAD_INPUT, e.msg);
	if (st != CHOP_OK)
		return st;
	if (value)
		*value = v;
	return CHOP_OK;
}

size_t chop_solution_probe_many(const chop_solution *s, const char *const *codes, size_t n, uint8_t *values,
				unsigned *remoteness)
{
	uint64_t *idx = malloc((n ? n : 1) * sizeof *idx);
	size_t found = 0;
	if (idx) { // in one batch: a table's blocks are then read in index order
		chop_game_parse_many(s->game, codes, n, idx);
		found = chop_solution_value_many(s, idx, n, 0, values, remoteness);
		free(idx);
		return found;
	}
	for (size_t i = 0; i < n; i++) {
		chop_value v = CHOP_UNREACHABLE;
		unsigned r = 0;
		found += chop_solution_probe(s, codes[i], &v, &r, NULL) == CHOP_OK;
		if (values)
			values[i] = (uint8_t)v;
		if (remoteness)
			remoteness[i] = r;
	}
	return found;
}

chop_status chop_solution_values(const chop_solution *s, uint64_t from, uint64_t n, uint8_t *out, chop_error *err)
{
	uint64_t size = s->game->rules->size;
	if (from > size || n > size - from)
		return api_failf(err, STATUS_BAD_INPUT, "indexes %llu + %llu: past the index space of %llu",
				 (unsigned long long)from, (unsigned long long)n, (unsigned long long)size);
	for (uint64_t i = 0; i < n; i++)
		out[i] = (uint8_t)api_value(s, from + i, 0);
	return CHOP_OK;
}

chop_status chop_solution_save(const chop_solution *s, const char *path, chop_error *err)
{
	struct error e;
	if (!path)
		return api_fail(err, STATUS_BAD_INPUT, "no path given (NULL)");
	enum status st = s->sol ? table_save(path, s->game->rules, s->sol, s->game->settings, &e)
				: table_save_coalition(path, TABLE_VERSION_BLOCKS, s->game->rules, &s->solved.coalition,
						       s->game->settings, &e);
	return st == STATUS_OK ? CHOP_OK : api_fail(err, st, e.msg);
}

chop_status chop_table_verify(const char *path, const chop_config *config, chop_error *err)
{
	struct api_run run;
	struct error e;
	struct verify_report report;
	chop_solution *s = chop_table_open(path, NULL, err);
	if (!s)
		return err ? err->status : CHOP_BAD_INPUT;
	api_run_begin(&run, s->game, config);
	const struct rules *rules = api_game_full(s->game, &e); // verify walks the game's moves
	struct plan plan = {rules, NULL, NULL};
	api_run_threads(&run, &plan);
	enum status st = rules ? STATUS_OK : STATUS_FAILURE;
	double need = 0;
	enum verify_room room = rules ? verify_room(rules, &s->table, run.opt.spec.max_bytes, &need) : VERIFY_IN_MEMORY;
	if (st == STATUS_OK && room == VERIFY_TOO_LARGE)
		st = error_set(&e, STATUS_BAD_INPUT, "'%s': too large to verify here: it needs about %.0f bytes, the limit is %llu",
			       path, need, (unsigned long long)run.opt.spec.max_bytes);
	if (st == STATUS_OK)
		st = table_load_whole(&s->table, room == VERIFY_SCRATCH, &e);
	if (st == STATUS_OK)
		st = verify_table(rules, &s->table, &run.progress, &report, &e);
	if (st == STATUS_OK && report.fault != VERIFY_OK)
		st = error_set(&e, STATUS_BAD_INPUT, "'%s' is not sound: %s", path, report.why);
	chop_solution_free(s);
	return st == STATUS_OK ? CHOP_OK : api_fail(err, st, e.msg);
}

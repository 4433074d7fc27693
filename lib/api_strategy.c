// SPDX-License-Identifier: MIT
// Strategies a person can follow (chop_strategy_*): built from a two-player solution by
// strategy.h, checked without it by strategy_check.h.
#include "api.h"

#include <stdlib.h>

#include "position.h"
#include "strategy.h"
#include "strategy_check.h"

struct chop_strategy {
	chop_game *game;
	struct strategy list;
	char (*code)[POSITION_CODE_MAX]; // the targets' codes
};

void chop_strategy_free(chop_strategy *st)
{
	if (!st)
		return;
	strategy_free(&st->list);
	free(st->code);
	chop_game_free(st->game);
	free(st);
}

chop_strategy *chop_strategy_build(const chop_solution *s, const char *root, unsigned side, chop_error *err)
{
	struct error e;
	uint64_t at = s->game->rules->start;
	if (!s->sol)
		return api_fail(err, STATUS_BAD_INPUT, "strategies are for two players"), NULL;
	if (side > 1)
		return api_failf(err, STATUS_BAD_INPUT, "side %u: must be 0 (the player to move) or 1", side), NULL;
	if (root && api_position(s, root, &at, err) != CHOP_OK)
		return NULL;
	chop_strategy *st = calloc(1, sizeof *st);
	if (!st)
		return api_fail(err, STATUS_FAILURE, "out of memory"), NULL;
	st->game = api_game_keep(s->game);
	const struct rules *rules = api_game_full(s->game, &e);
	enum status status = rules ? strategy_build(rules, s->sol, at, side, &st->list, &e) : STATUS_FAILURE;
	if (status == STATUS_OK && !(st->code = malloc((st->list.count + 1) * sizeof *st->code)))
		status = error_set(&e, STATUS_FAILURE, "out of memory");
	if (status != STATUS_OK) {
		api_fail(err, status, e.msg);
		chop_strategy_free(st);
		return NULL;
	}
	for (size_t i = 0; i < st->list.count; i++)
		position_format(s->game->rules, st->list.target[i], st->code[i]);
	return st;
}

chop_strategy_kind chop_strategy_kind_of(const chop_strategy *st)
{
	return st->list.kind == STRATEGY_WIN ? CHOP_STRATEGY_WIN
	       : st->list.kind == STRATEGY_RESIST ? CHOP_STRATEGY_RESIST
						  : CHOP_STRATEGY_AVOID;
}

unsigned chop_strategy_moves(const chop_strategy *st)
{
	return st->list.moves;
}

size_t chop_strategy_count(const chop_strategy *st)
{
	return st->list.count;
}

const char *chop_strategy_target(const chop_strategy *st, size_t i, unsigned *remoteness)
{
	if (i >= st->list.count)
		return NULL;
	if (remoteness)
		*remoteness = st->list.remoteness[i];
	return st->code[i];
}

chop_status chop_strategy_check(const chop_strategy *st, chop_error *err)
{
	struct error e;
	struct strategy_report r;
	const struct rules *rules = api_game_full(st->game, &e);
	enum status status = rules ? strategy_check(rules, &st->list, true, &r, &e) : STATUS_FAILURE;
	if (status != STATUS_OK)
		return api_fail(err, status, e.msg);
	chop_status verdict = r.fault == STRATEGY_OK ? CHOP_OK : api_fail(err, STATUS_BAD_INPUT, r.why);
	strategy_report_free(&r);
	return verdict;
}

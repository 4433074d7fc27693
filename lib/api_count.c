// SPDX-License-Identifier: MIT
// Counting (chop_count_*): the walk from the start on the plan's engine and the closed forms.
#include "api.h"

#include <gmp.h>
#include <stdlib.h>

#include "closed_form.h"
#include "enumerate.h"

struct chop_count {
	chop_game *game;
	struct enumeration e;
	char *positions, *distinct; // decimal
};

void chop_count_free(chop_count *c)
{
	if (!c)
		return;
	enumeration_free(&c->e);
	free(c->positions);
	free(c->distinct);
	chop_game_free(c->game);
	free(c);
}

// The closed forms of the game's rules, in decimal; false when out of memory.
static bool closed_forms(chop_count *c)
{
	const struct rules *r = c->game->rules;
	mpz_t positions, distinct;
	mpz_inits(positions, distinct, NULL);
	closed_form_tagged(positions, distinct, r->players, r->hands, r->modulus, r->lives, r->axis[AXIS_ZOMBIES]);
	c->positions = malloc(mpz_sizeinbase(positions, 10) + 2);
	c->distinct = malloc(mpz_sizeinbase(distinct, 10) + 2);
	if (c->positions && c->distinct) {
		mpz_get_str(c->positions, 10, positions);
		mpz_get_str(c->distinct, 10, distinct);
	}
	mpz_clears(positions, distinct, NULL);
	return c->positions && c->distinct;
}

chop_count *chop_count_run(const chop_game *game, const chop_config *config, chop_error *err)
{
	struct api_run run;
	struct error e;
	struct plan plan;
	chop_count *c = calloc(1, sizeof *c);
	if (!c)
		return api_fail(err, STATUS_FAILURE, "out of memory"), NULL;
	c->game = api_game_keep(game);
	api_run_begin(&run, game, config);
	enum status st = closed_forms(c) ? STATUS_OK : error_set(&e, STATUS_FAILURE, "out of memory");
	if (st == STATUS_OK && (st = api_run_plan(&run, game, PLAN_WALK, &plan, &e)) == STATUS_OK) {
		st = enumerate_plan(&plan, &run.progress, &c->e, &e);
		plan_free(&plan);
	}
	if (st == STATUS_OK)
		return c;
	api_fail(err, st, e.msg);
	chop_count_free(c);
	return NULL;
}

const char *chop_count_positions(const chop_count *c)
{
	return c->positions;
}

const char *chop_count_distinct(const chop_count *c)
{
	return c->distinct;
}

uint64_t chop_count_reachable(const chop_count *c)
{
	return c->e.reachable_count;
}

uint64_t chop_count_terminal(const chop_count *c)
{
	return c->e.terminal_count;
}

uint64_t chop_count_moves(const chop_count *c)
{
	return c->e.move_count;
}

unsigned chop_count_max_depth(const chop_count *c)
{
	return c->e.max_depth;
}

uint64_t chop_count_layer(const chop_count *c, unsigned depth, uint64_t *terminal)
{
	bool in = depth <= c->e.max_depth;
	if (terminal)
		*terminal = in ? c->e.layer_terminal[depth] : 0;
	return in ? c->e.layer_count[depth] : 0;
}

int chop_count_depth(const chop_count *c, uint64_t index)
{
	if (index >= c->e.size || !enumeration_reached(&c->e, index))
		return -1;
	return enumeration_depth(&c->e, index);
}

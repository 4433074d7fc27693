// SPDX-License-Identifier: MIT
// Game lengths (chop_games_*): the walk, then lengths.h's shortest and longest geodesic
// games and finals, with the counts and examples turned into text once.
#include "api.h"

#include <stdlib.h>
#include <string.h>

#include "enumerate.h"
#include "lengths.h"
#include "position.h"

struct chop_games {
	chop_game *game;
	struct lengths l;
	bool computed;
	char *number[2];    // the counts, decimal
	char **example[2];  // per example, its codes
	char (*final)[POSITION_CODE_MAX];
};

static const struct lengths_game *kind_of(const chop_games *g, chop_games_kind kind)
{
	return kind == CHOP_LONGEST_GEODESIC ? &g->l.longest : &g->l.shortest;
}

// Example i of game k as codes separated by spaces, or NULL when out of memory.
static char *example_text(const struct rules *rules, const struct lengths_game *k, unsigned i)
{
	char code[POSITION_CODE_MAX];
	char *text = malloc((size_t)(k->length + 1) * POSITION_CODE_MAX);
	if (!text)
		return NULL;
	text[0] = '\0';
	for (unsigned m = 0; m <= k->length; m++) {
		position_format(rules, k->example[(size_t)i * (k->length + 1) + m], code);
		strcat(strcat(text, m ? " " : ""), code);
	}
	return text;
}

// Turns the lengths into text; false when out of memory.
static bool texts(chop_games *g)
{
	const struct rules *rules = g->game->rules;
	for (int k = 0; k < 2; k++) {
		const struct lengths_game *lg = kind_of(g, (chop_games_kind)k);
		g->number[k] = mpz_get_str(NULL, 10, lg->count);
		g->example[k] = calloc(lg->example_count + 1, sizeof *g->example[k]);
		if (!g->number[k] || !g->example[k])
			return false;
		for (unsigned i = 0; i < lg->example_count; i++)
			if (!(g->example[k][i] = example_text(rules, lg, i)))
				return false;
	}
	g->final = malloc((g->l.final_count + 1) * sizeof *g->final);
	for (uint64_t i = 0; g->final && i < g->l.final_count; i++)
		position_format(rules, g->l.final[i].index, g->final[i]);
	return g->final != NULL;
}

void chop_games_free(chop_games *g)
{
	if (!g)
		return;
	for (int k = 0; k < 2; k++) {
		free(g->number[k]);
		for (size_t i = 0; g->example[k] && g->example[k][i]; i++)
			free(g->example[k][i]);
		free(g->example[k]);
	}
	free(g->final);
	if (g->computed)
		lengths_free(&g->l);
	chop_game_free(g->game);
	free(g);
}

// The walk with its distances, then the lengths over it.
static enum status compute(chop_games *g, struct api_run *run, struct error *e)
{
	struct plan plan;
	struct enumeration walk = {0};
	struct lengths_options lo;
	lengths_options_default(&lo);
	lo.max_bytes = run->opt.spec.max_bytes;
	enum status st = api_run_plan(run, g->game, PLAN_WALK, &plan, e);
	if (st == STATUS_OK) {
		st = enumerate_plan(&plan, &run->progress, &walk, e);
		plan_free(&plan);
	}
	// The rules the plan was built on (a table's light game has them in full since).
	if (st == STATUS_OK && (st = lengths_compute(api_game_full(g->game, e), &walk, &lo, &run->progress, &g->l, e)) ==
				       STATUS_OK)
		g->computed = true;
	enumeration_free(&walk);
	if (st == STATUS_OK && !texts(g))
		st = error_set(e, STATUS_FAILURE, "out of memory");
	return st;
}

chop_games *chop_games_run(const chop_game *game, const chop_config *config, chop_error *err)
{
	struct api_run run;
	struct error e;
	chop_games *g = calloc(1, sizeof *g);
	if (!g)
		return api_fail(err, STATUS_FAILURE, "out of memory"), NULL;
	g->game = api_game_keep(game);
	api_run_begin(&run, game, config);
	enum status st = compute(g, &run, &e);
	if (st == STATUS_OK)
		return g;
	api_fail(err, st, e.msg);
	chop_games_free(g);
	return NULL;
}

unsigned chop_games_length(const chop_games *g, chop_games_kind kind)
{
	return kind_of(g, kind)->length;
}

const char *chop_games_number(const chop_games *g, chop_games_kind kind)
{
	return g->number[kind == CHOP_LONGEST_GEODESIC];
}

size_t chop_games_example_count(const chop_games *g, chop_games_kind kind)
{
	return kind_of(g, kind)->example_count;
}

const char *chop_games_example(const chop_games *g, chop_games_kind kind, size_t i)
{
	return i < chop_games_example_count(g, kind) ? g->example[kind == CHOP_LONGEST_GEODESIC][i] : NULL;
}

size_t chop_games_final_count(const chop_games *g)
{
	return g->l.final_count;
}

const char *chop_games_final(const chop_games *g, size_t i, unsigned *length, unsigned *winner)
{
	if (i >= g->l.final_count)
		return NULL;
	if (length)
		*length = g->l.final[i].depth;
	if (winner)
		*winner = g->l.final[i].winner_seat;
	return g->final[i];
}

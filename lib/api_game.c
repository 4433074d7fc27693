// SPDX-License-Identifier: MIT
// Games (chop_game_*): built from rule options through the same scanner as the command line
// (args_scan), with counted references so that results can keep their game.
#include "api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "instance.h"
#include "movegen.h"
#include "position.h"

// The declaration chop_game_from_options scans with: rule options only.
static const struct command_args rule_options = {"chop_game_from_options", NULL, ARGS_RULES,
						 FORMAT_BIT(FORMAT_TEXT), NULL, 0, NULL, ""};

#define MAX_WORDS 4096

// Splits text in place on blanks into words[1 ..]; returns the count + 1 (argc), or 0 when
// there are more than MAX_WORDS - 1 words.
static int split(char *text, char **words)
{
	int n = 1;
	char *rest;
	for (char *w = strtok_r(text, " \t\r\n", &rest); w; w = strtok_r(NULL, " \t\r\n", &rest)) {
		if (n == MAX_WORDS)
			return 0;
		words[n++] = w;
	}
	return n;
}

// Builds the rules of g->opt with --start (light: rules_build_light), and the lines that
// name them.
static chop_status build(chop_game *g, bool light, chop_error *err)
{
	struct error e;
	g->opt.spec.max_bytes = 0; // a limit applies to the work, not to the rules (chop_config)
	enum status st = instance_check_size(&g->opt, PLAN_TABLES, &e);
	if (st == STATUS_OK)
		st = (light ? rules_build_light : rules_build)(&g->opt.spec, &g->rules, &e);
	uint64_t start;
	if (st == STATUS_OK && g->opt.start) {
		struct error why;
		if ((st = position_parse(g->rules, g->opt.start, &start, &why)) == STATUS_OK)
			rules_set_start(g->rules, start);
		else
			error_set(&e, st, "--start %s", why.msg);
	}
	if (st != STATUS_OK)
		return api_fail(err, st, e.msg);
	describe_settings(g->rules, g->settings, sizeof g->settings);
	describe_options(g->rules, g->options, sizeof g->options);
	return CHOP_OK;
}

static chop_game *fresh(chop_error *err)
{
	chop_game *g = calloc(1, sizeof *g);
	if (!g)
		api_fail(err, STATUS_FAILURE, "out of memory");
	else
		g->refs = 1, pthread_mutex_init(&g->full_lock, NULL);
	return g;
}

chop_game *chop_game_from_options(const char *options, chop_error *err)
{
	struct error e;
	enum args_outcome outcome;
	char **words = NULL;
	chop_game *g = options ? fresh(err) : NULL;
	if (!options)
		api_fail(err, STATUS_BAD_INPUT, "no options given (NULL)");
	if (!g)
		return NULL;
	g->text = strdup(options);
	words = calloc(MAX_WORDS, sizeof *words);
	int argc = g->text && words ? split(g->text, words) : -1;
	if (argc < 0)
		api_fail(err, STATUS_FAILURE, "out of memory");
	else if (argc == 0)
		api_failf(err, STATUS_BAD_INPUT, "more than %d options", MAX_WORDS - 1);
	else if ((outcome = args_scan(argc, words, &rule_options, &g->opt, &e)) == ARGS_REFUSED)
		api_fail(err, STATUS_BAD_INPUT, e.msg);
	else if (outcome != ARGS_RUN)
		api_fail(err, STATUS_BAD_INPUT, "--help and --version are no rule options");
	else if (build(g, false, err) == CHOP_OK) {
		free(words);
		return g;
	}
	free(words);
	chop_game_free(g);
	return NULL;
}

chop_game *chop_game_new(unsigned players, const unsigned *hands, unsigned rollover, const char *variants,
			 chop_error *err)
{
	char text[64 + 12 * RULES_MAX_PLAYERS + 1024];
	size_t used = (size_t)snprintf(text, sizeof text, "--players %u --rollover %u", players, rollover);
	for (unsigned s = 0; hands && s < players && s < RULES_MAX_PLAYERS; s++)
		used += (size_t)snprintf(text + used, sizeof text - used, "%s%u", s ? "," : " --hands ", hands[s]);
	if (hands && players > RULES_MAX_PLAYERS)
		return api_failf(err, STATUS_BAD_INPUT, "players %u: must be from 2 to %u", players, RULES_MAX_PLAYERS), NULL;
	if (variants && (strlen(variants) > 900 || strpbrk(variants, " \t\r\n")))
		return api_failf(err, STATUS_BAD_INPUT, "variants '%.100s': must be names separated by commas", variants), NULL;
	if (variants && *variants)
		snprintf(text + used, sizeof text - used, " --variant %s", variants);
	return chop_game_from_options(text, err);
}

chop_game *api_game_from_settings(const char *settings, chop_error *err)
{
	struct error e;
	chop_game *g = fresh(err);
	if (!g)
		return NULL;
	enum status st = describe_parse(settings, &g->opt.spec, g->start, sizeof g->start, &e);
	g->opt.start = g->start;
	g->opt.start_name = "--start";
	if (st != STATUS_OK)
		api_fail(err, st, e.msg);
	else if (build(g, true, err) == CHOP_OK && strcmp(g->settings, settings) == 0)
		return g;
	else if (g->rules)
		api_failf(err, STATUS_BAD_INPUT, "its rules do not read back as written ('%.100s')", settings);
	chop_game_free(g);
	return NULL;
}

const struct rules *api_game_full(const chop_game *game, struct error *e)
{
	chop_game *g = (chop_game *)game;
	if (!g->rules->light)
		return g->rules;
	pthread_mutex_lock(&g->full_lock);
	if (!g->full && rules_build(&g->opt.spec, &g->full, e) == STATUS_OK)
		rules_set_start(g->full, g->rules->start);
	const struct rules *full = g->full;
	pthread_mutex_unlock(&g->full_lock);
	return full;
}

chop_game *api_game_keep(const chop_game *game)
{
	chop_game *g = (chop_game *)game;
	__atomic_add_fetch(&g->refs, 1, __ATOMIC_RELAXED);
	return g;
}

void chop_game_free(chop_game *game)
{
	if (!game || __atomic_sub_fetch(&game->refs, 1, __ATOMIC_ACQ_REL) != 0)
		return;
	rules_free(game->rules);
	rules_free(game->full);
	pthread_mutex_destroy(&game->full_lock);
	free(game->text);
	free(game);
}

const char *chop_game_settings(const chop_game *game)
{
	return game->settings;
}

const char *chop_game_options(const chop_game *game)
{
	return game->options;
}

unsigned chop_game_players(const chop_game *game)
{
	return game->rules->players;
}

uint64_t chop_game_size(const chop_game *game)
{
	return game->rules->size;
}

uint64_t chop_game_start(const chop_game *game)
{
	return game->rules->start;
}

size_t chop_game_code_max(const chop_game *game)
{
	(void)game;
	return POSITION_CODE_MAX;
}

chop_status chop_game_parse(const chop_game *game, const char *code, uint64_t *index, chop_error *err)
{
	struct error e;
	if (!code)
		return api_fail(err, STATUS_BAD_INPUT, "no code given (NULL)");
	enum status st = position_parse(game->rules, code, index, &e);
	return st == STATUS_OK ? CHOP_OK : api_fail(err, st, e.msg);
}

chop_status chop_game_format(const chop_game *game, uint64_t index, char *buf, size_t len, chop_error *err)
{
	char code[POSITION_CODE_MAX];
	if (index >= game->rules->size)
		return api_failf(err, STATUS_BAD_INPUT, "index %llu: must be below %llu", (unsigned long long)index,
				 (unsigned long long)game->rules->size);
	position_format(game->rules, index, code);
	if (!buf || strlen(code) >= len)
		return api_failf(err, STATUS_BAD_INPUT, "a buffer of %zu bytes: the code needs %zu", len, strlen(code) + 1);
	memcpy(buf, code, strlen(code) + 1);
	return CHOP_OK;
}

int chop_game_is_terminal(const chop_game *game, uint64_t index)
{
	return index < game->rules->size && movegen_is_terminal(game->rules, index);
}

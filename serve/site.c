// SPDX-License-Identifier: MIT
// The JSON bodies of `chopsticks serve` (site.h), written through a memory stream with the
// programs' JSON writers and read from the solution through the public API alone. Values
// and field names follow `chopsticks show --format json`; a position also carries the shape
// GamesmanOne's headless query gives its web front end ("gamesman").
#include "site.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_draw.h"
#include "game_text.h"
#include "output.h"
#include "record.h"

static const char *const value_names[] = {[CHOP_WIN] = "win", [CHOP_LOSS] = "loss", [CHOP_DRAW] = "draw"};
// GamesmanOne's names, for the player to move at a position.
static const char *const gamesman_names[] = {[CHOP_WIN] = "win", [CHOP_LOSS] = "lose", [CHOP_DRAW] = "draw"};
static const char *const kind_names[] = {[CHOP_STRATEGY_WIN] = "win", [CHOP_STRATEGY_RESIST] = "resist",
					 [CHOP_STRATEGY_AVOID] = "avoid"};

// A body under construction: a memory stream, closed into a reply.
struct body {
	FILE *f;
	char *text;
	size_t bytes;
};

static int body_open(struct body *b)
{
	b->text = NULL;
	b->bytes = 0;
	b->f = open_memstream(&b->text, &b->bytes);
	return b->f ? 0 : -1;
}

// Closes b; returns its text (malloc'd) or NULL when writing failed.
static char *body_close(struct body *b)
{
	int failed = ferror(b->f);
	if (fclose(b->f) != 0 || failed) {
		free(b->text);
		return NULL;
	}
	return b->text;
}

static struct site_reply reply_of(unsigned status, struct body *b)
{
	struct site_reply r = {status, body_close(b), b->bytes};
	return r.body ? r : site_error(500, "out of memory");
}

struct site_reply site_error(unsigned status, const char *message)
{
	struct body b;
	struct site_reply r = {status, NULL, 0};
	if (body_open(&b) != 0)
		return r;
	fprintf(b.f, "{\"status\":%u,\"message\":", status);
	record_json_string(b.f, message);
	fputs("}\n", b.f);
	r.body = body_close(&b);
	r.bytes = r.body ? b.bytes : 0;
	return r;
}

// "value":"win","remoteness":3 (null for a draw), as show writes them.
static void json_value(FILE *f, chop_value v, unsigned rem)
{
	fprintf(f, "\"value\":\"%s\",\"remoteness\":", value_names[v]);
	fprintf(f, v == CHOP_DRAW ? "null" : "%u", rem);
}

// The hands of every player at idx, the player to move first: [["1","3"],["1","2"]].
static void json_hands(FILE *f, const chop_game *game, uint64_t idx)
{
	char text[CHOP_MESSAGE_MAX];
	fputc('[', f);
	for (unsigned k = 0; k < chop_game_players(game); k++) {
		unsigned n = chop_game_hands(game, idx, k, text, sizeof text);
		fputs(k ? ",[" : "[", f);
		for (char *h = text, *end; n && h; h = end ? end + 1 : NULL) {
			end = strchr(h, ',');
			fprintf(f, "%s\"%.*s\"", h == text ? "" : ",", end ? (int)(end - h) : (int)strlen(h), h);
		}
		fputc(']', f);
	}
	fputc(']', f);
}

// idx in the article's notation, "[1,3],[1,2]" (the player to move first), as a JSON string.
static void json_article(FILE *f, const chop_game *game, uint64_t idx)
{
	char text[CHOP_MESSAGE_MAX];
	fputc('"', f);
	for (unsigned k = 0; k < chop_game_players(game); k++) {
		chop_game_hands(game, idx, k, text, sizeof text);
		fprintf(f, "%s[%s]", k ? "," : "", text);
	}
	fputc('"', f);
}

// Every seat's duel at idx, seats counted from the player to move `after` moves earlier
// (0: at idx, 1: at its parent), the remoteness counted from there (show's "seats").
static void json_seats(FILE *f, const chop_solution *s, uint64_t idx, unsigned after)
{
	unsigned players = chop_game_players(chop_solution_game(s));
	fputs(",\"seats\":[", f);
	for (unsigned k = 0; k < players; k++) {
		unsigned rem;
		chop_value v = chop_solution_value(s, idx, (k + players - after) % players, &rem);
		fprintf(f, "%s{\"seat\":%u,", k ? "," : "", k + 1);
		json_value(f, v, rem + after);
		fputc('}', f);
	}
	fputc(']', f);
}

// The position as GamesmanOne's query gives it: each value for the player to move there.
static void json_gamesman(FILE *f, const chop_solution *s, const char *code, uint64_t idx, const chop_moves *m)
{
	unsigned rem;
	chop_value v = chop_solution_value(s, idx, 0, &rem);
	fputs(",\"gamesman\":{\"position\":", f);
	record_json_string(f, code);
	fputs(",\"autoguiPosition\":", f);
	record_json_string(f, code);
	fprintf(f, ",\"positionValue\":\"%s\",\"remoteness\":%u,\"moves\":[", gamesman_names[v], rem);
	for (size_t i = 0; i < chop_moves_count(m); i++) {
		v = chop_solution_value(s, chop_moves_index(m, i), 0, &rem);
		fprintf(f, "%s{\"move\":", i ? "," : "");
		record_json_string(f, chop_moves_text(m, i));
		fputs(",\"autoguiMove\":", f);
		record_json_string(f, chop_moves_text(m, i));
		fputs(",\"position\":", f);
		record_json_string(f, chop_moves_code(m, i));
		fputs(",\"autoguiPosition\":", f);
		record_json_string(f, chop_moves_code(m, i));
		fprintf(f, ",\"positionValue\":\"%s\",\"remoteness\":%u}", gamesman_names[v], rem);
	}
	fputs("]}", f);
}

static void json_moves(FILE *f, const chop_solution *s, const chop_moves *m)
{
	int two = chop_game_players(chop_solution_game(s)) == 2;
	fputs(",\"moves\":[", f);
	for (size_t i = 0; i < chop_moves_count(m); i++) {
		unsigned rem;
		chop_value v = chop_moves_value(m, i, &rem);
		fprintf(f, "%s{\"move\":", i ? "," : "");
		record_json_string(f, chop_moves_text(m, i));
		fputs(",\"result\":", f);
		record_json_string(f, chop_moves_code(m, i));
		fputc(',', f);
		json_value(f, v, rem);
		if (!two)
			json_seats(f, s, chop_moves_index(m, i), 1);
		fputc('}', f);
	}
	fputc(']', f);
}

struct site_reply site_position(struct site *site, const char *code)
{
	if (!atomic_load(&site->ready))
		return site_error(503, "the game is still being solved; try again in a moment");
	const chop_solution *s = site->solution;
	const chop_game *game = chop_solution_game(s);
	chop_error err;
	uint64_t idx;
	char canonical[CHOP_MESSAGE_MAX];
	chop_moves *m = NULL;
	if (chop_game_parse(game, code, &idx, &err) != CHOP_OK ||
	    chop_game_format(game, idx, canonical, sizeof canonical, &err) != CHOP_OK ||
	    !(m = chop_solution_moves(s, canonical, &err)))
		return site_error(err.status == CHOP_BAD_INPUT ? 400 : 500, err.message);
	struct body b;
	if (body_open(&b) != 0) {
		chop_moves_free(m);
		return site_error(500, "out of memory");
	}
	unsigned rem;
	chop_value v = chop_solution_value(s, idx, 0, &rem);
	fputs("{\"position\":", b.f);
	record_json_string(b.f, canonical);
	fputs(",\"article\":", b.f);
	json_article(b.f, game, idx);
	fprintf(b.f, ",\"terminal\":%s,\"hands\":", chop_game_is_terminal(game, idx) ? "true" : "false");
	json_hands(b.f, game, idx);
	fputc(',', b.f);
	if (chop_game_players(game) == 2)
		json_value(b.f, v, rem);
	else
		fputs("\"to_move\":1", b.f), json_seats(b.f, s, idx, 0);
	json_moves(b.f, s, m);
	json_gamesman(b.f, s, canonical, idx, m);
	fputs("}\n", b.f);
	chop_moves_free(m);
	return reply_of(200, &b);
}

// A copy of a built body as a reply (the site keeps its own).
static struct site_reply copy_of(const char *json)
{
	struct site_reply r = {200, strdup(json), strlen(json)};
	return r.body ? r : site_error(500, "out of memory");
}

struct site_reply site_game(struct site *site)
{
	if (!atomic_load(&site->ready))
		return site_error(503, "the game is still being solved; try again in a moment");
	return copy_of(site->game_json);
}

struct site_reply site_strategy(struct site *site)
{
	if (!atomic_load(&site->ready))
		return site_error(503, "the game is still being solved; try again in a moment");
	return copy_of(site->strategy_json);
}

static char *game_json(const struct site *site, const chop_solution *s)
{
	const chop_game *game = site->game;
	char start[CHOP_MESSAGE_MAX];
	struct body b;
	if (chop_game_format(game, chop_game_start(game), start, sizeof start, NULL) != CHOP_OK || body_open(&b) != 0)
		return NULL;
	fprintf(b.f, "{\"rules\":%s,\"players\":%u,\"positions\":%llu,\"reachable\":%llu,\"start\":", site->rules_json,
		chop_game_players(game), (unsigned long long)chop_game_size(game),
		(unsigned long long)chop_solution_reachable(s));
	record_json_string(b.f, start);
	fputs(",\"counts\":", b.f);
	if (chop_game_players(game) == 2)
		fprintf(b.f, "{\"win\":%llu,\"loss\":%llu,\"draw\":%llu}",
			(unsigned long long)chop_solution_count(s, CHOP_WIN),
			(unsigned long long)chop_solution_count(s, CHOP_LOSS),
			(unsigned long long)chop_solution_count(s, CHOP_DRAW));
	else
		fputs("null", b.f);
	unsigned longest;
	uint64_t at;
	fputs(",\"longest\":", b.f);
	if (chop_solution_longest(s, &longest, &at) && chop_game_format(game, at, start, sizeof start, NULL) == CHOP_OK) {
		fprintf(b.f, "{\"remoteness\":%u,\"position\":", longest);
		record_json_string(b.f, start);
		fputc('}', b.f);
	} else {
		fputs("null", b.f);
	}
	fputs("}\n", b.f);
	return body_close(&b);
}

// One side's list: {side,kind,moves,targets:[{position,remoteness}]}.
static void json_list(FILE *f, const chop_game *game, const chop_strategy *st, unsigned side)
{
	chop_strategy_kind kind = chop_strategy_kind_of(st);
	fprintf(f, "{\"side\":\"%s\",\"kind\":\"%s\",\"moves\":", side ? "second" : "first", kind_names[kind]);
	fprintf(f, kind == CHOP_STRATEGY_AVOID ? "null" : "%u", chop_strategy_moves(st));
	fputs(",\"targets\":[", f);
	for (size_t t = 0; t < chop_strategy_count(st); t++) {
		unsigned rem;
		const char *code = chop_strategy_target(st, t, &rem);
		fprintf(f, "%s{\"position\":", t ? "," : "");
		record_json_string(f, code);
		uint64_t idx;
		if (chop_game_parse(game, code, &idx, NULL) == CHOP_OK)
			fputs(",\"article\":", f), json_article(f, game, idx);
		fputs(",\"remoteness\":", f);
		fprintf(f, kind == CHOP_STRATEGY_AVOID || rem == UINT32_MAX ? "null}" : "%u}", rem);
	}
	fputs("]}", f);
}

// Games past this many reachable positions get no lists: building them could take minutes
// (`chopsticks strategy` builds them for any game).
#define STRATEGY_REACHABLE_MAX 2000000

static char *strategy_json(const chop_solution *s)
{
	struct body b;
	chop_error err = {CHOP_OK, ""};
	if (chop_solution_reachable(s) > STRATEGY_REACHABLE_MAX)
		snprintf(err.message, sizeof err.message, "no lists past %d reachable positions here; 'chopsticks strategy' builds them",
			 STRATEGY_REACHABLE_MAX), err.status = CHOP_BAD_INPUT;
	if (body_open(&b) != 0)
		return NULL;
	fputs("{\"strategies\":[", b.f);
	for (unsigned side = 0; side < 2 && err.status == CHOP_OK; side++) {
		chop_strategy *st = chop_strategy_build(s, NULL, side, &err);
		if (st)
			fputs(side ? "," : "", b.f), json_list(b.f, chop_solution_game(s), st, side);
		chop_strategy_free(st);
	}
	fputs("],\"message\":", b.f);
	if (err.status == CHOP_OK)
		fputs("null", b.f);
	else
		record_json_string(b.f, err.message);
	fputs("}\n", b.f);
	return body_close(&b);
}

int site_init(struct site *site, const chop_game *game)
{
	struct body b;
	*site = (struct site){.game = game};
	atomic_init(&site->ready, 0);
	if (body_open(&b) != 0)
		return -1;
	// The rules object as every JSON output writes it: {"rules":{...}}, kept without its
	// wrapper so that the answers can put it under their own key.
	struct record r;
	struct description d;
	describe_game(api_game_rules(game), &d);
	record_begin(&r, b.f, FORMAT_JSON);
	game_record_rules(&r, "rules", &d);
	record_end_inline(&r);
	char *wrapped = body_close(&b);
	size_t skip = strlen("{\"rules\":"), len = wrapped ? strlen(wrapped) : 0;
	site->rules_json = len > skip ? strndup(wrapped + skip, len - skip - 1) : NULL;
	free(wrapped);
	return site->rules_json ? 0 : -1;
}

int site_publish(struct site *site, chop_solution *solution)
{
	site->game_json = game_json(site, solution);
	site->strategy_json = strategy_json(solution);
	if (!site->game_json || !site->strategy_json)
		return -1;
	site->solution = solution;
	atomic_store(&site->ready, 1);
	return 0;
}

void site_free(struct site *site)
{
	chop_solution_free(site->solution);
	free(site->rules_json);
	free(site->game_json);
	free(site->strategy_json);
}

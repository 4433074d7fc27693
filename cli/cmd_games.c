// SPDX-License-Identifier: MIT
// `chopsticks games`: shortest and longest geodesic games, every final with its depth and
// winner, exact counts of games by length, and (two players) the longest forced line.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "describe.h"
#include "game_text.h"
#include "lengths.h"
#include "numparse.h"
#include "output.h"
#include "position.h"
#include "record.h"
#include "solved.h"
#include "text.h"

static const char help[] =
	"usage: chopsticks games [rule options] [--max-length N] [--examples K] [--table T]\n"
	"Shortest game: fewest moves from the start to a final (terminal position). Longest\n"
	"geodesic game: the longest game in which every move ends one step farther from the\n"
	"start (its length is the largest depth of a final). For both: the length, how many\n"
	"distinct games (sequences of positions) there are, the finals they end in, and examples.\n"
	"Finals: every reachable terminal position, the fewest moves to it, and the seat that\n"
	"has won there after that many moves (seat 1 moved first). Games by length: the exact\n"
	"number of games from the start that end in a final after exactly n moves, n = 1..N\n"
	"(JSON by_length[0] is n = 1; CSV column length says n).\n"
	"  --max-length N     count games up to N moves (default 30, at most 500)\n"
	"  --examples K       examples per kind of game, one per final (default 3, at most 50;\n"
	"                     text and json)\n"
	"  --table T          the table --format csv writes (refused with other formats):\n"
	"                     by-length (length,games,game; default) or finals\n"
	"                     (code,length,winner,game)\n" ARGS_ESTIMATE_HELP GAME_TEXT_HELP;

enum { OPT_MAX_LENGTH, OPT_EXAMPLES, OPT_TABLE };
static const struct extra_option extra[] = {
	{"--max-length", true, NULL, 0}, {"--examples", true, NULL, FORMAT_BIT(FORMAT_TEXT) | FORMAT_BIT(FORMAT_JSON)},
	{"--table", true, NULL, FORMAT_BIT(FORMAT_CSV)}, ARGS_ESTIMATE_OPTION};
static const struct command_args command = {"games", NULL, ARGS_RULES | ARGS_COMPUTE, FORMATS_DATA, extra, 4, NULL, help};
const struct command_args *cmd_games_args(void) { return &command; }

static void print_codes(const struct rules *rules, const uint64_t *idx, size_t n)
{
	char code[POSITION_CODE_MAX];
	for (size_t i = 0; i < n; i++) {
		position_format(rules, idx[i], code);
		printf("%s%s", i ? " " : "", code);
	}
}

// The positions idx[0..n) as an array of codes.
static void record_codes(struct record *r, const struct rules *rules, const uint64_t *idx, size_t n)
{
	char code[POSITION_CODE_MAX];
	record_array(r, NULL);
	for (size_t i = 0; i < n; i++) {
		position_format(rules, idx[i], code);
		record_str(r, NULL, code);
	}
	record_close(r);
}

static void print_game_text(const char *name, const struct rules *rules, const struct lengths *l,
			    const struct lengths_game *g)
{
	char *count = text_mpz(g->count), n[TEXT_NUMBER_MAX];
	printf("%s: %u %s, %s %s, ending in ", name, g->length, text_plural(g->length, "move", "moves"),
	       count ? count : "?", mpz_cmp_ui(g->count, 1) ? "games" : "game");
	free(count);
	text_count(stdout, g->final_count, "final:", "finals:");
	for (uint64_t f = 0; f < g->final_count && f < 20; f++) {
		putchar(' ');
		print_codes(rules, &l->final[g->final_first + f].index, 1);
	}
	if (g->final_count > 20)
		printf(" ... (%s more)", text_u64(n, g->final_count - 20));
	putchar('\n');
	for (unsigned x = 0; x < g->example_count; x++) {
		printf("  e.g. ");
		print_codes(rules, g->example + (size_t)x * (g->length + 1), g->length + 1);
		putchar('\n');
	}
}

static void game_object(struct record *r, const char *name, const struct rules *rules, const struct lengths *l,
			const struct lengths_game *g)
{
	char code[POSITION_CODE_MAX];
	record_object(r, name);
	record_uint(r, "length", g->length);
	record_mpz(r, "count", g->count);
	record_array(r, "finals");
	for (uint64_t f = 0; f < g->final_count; f++) {
		position_format(rules, l->final[g->final_first + f].index, code);
		record_str(r, NULL, code);
	}
	record_close(r);
	record_array(r, "examples");
	for (unsigned x = 0; x < g->example_count; x++)
		record_codes(r, rules, g->example + (size_t)x * (g->length + 1), g->length + 1);
	record_close(r);
	record_close(r);
}

static void print_text(const struct solved *s, const struct lengths *l)
{
	game_text_header(stdout, s->rules);
	print_game_text("shortest game", s->rules, l, &l->shortest);
	print_game_text("longest geodesic game", s->rules, l, &l->longest);
	char n[TEXT_NUMBER_MAX];
	printf("finals: %s; won by seat:", text_u64(n, l->final_count));
	for (unsigned p = 0; p < s->rules->players; p++)
		printf(" %u: %s", p + 1, text_u64(n, l->won_count[p]));
	printf("\n  code (fewest moves, winner seat):");
	for (uint64_t f = 0; f < l->final_count; f++) {
		char code[POSITION_CODE_MAX];
		position_format(s->rules, l->final[f].index, code);
		printf("%s%s (%u, %u)", f % 6 ? "  " : "\n    ", code, l->final[f].depth, l->final[f].winner_seat);
	}
	printf("\ngames by length (moves: games ending in a final):\n");
	for (unsigned k = 1; k <= l->max_length; k++) {
		char *games = text_mpz(l->by_length[k]);
		printf("  %3u: %s\n", k, games ? games : "?");
		free(games);
	}
	if (s->rules->players == 2) {
		char code[POSITION_CODE_MAX] = "-";
		if (s->solution.max_remoteness_at != SOLUTION_NONE)
			position_format(s->rules, s->solution.max_remoteness_at, code);
		printf("longest forced line: remoteness %u, from %s\n", s->solution.max_remoteness, code);
	}
}

// The fields of final f: its code, its depth and the seat that has won there (the names
// alone when there is no final f: a CSV header).
static void final_fields(struct record *r, const struct solved *s, const struct lengths *l, uint64_t f)
{
	char code[POSITION_CODE_MAX] = "";
	struct lengths_final none = {0}, *fin = f < l->final_count ? &l->final[f] : &none;
	if (fin != &none)
		position_format(s->rules, fin->index, code);
	record_str(r, "code", code);
	record_uint(r, "length", fin->depth);
	record_uint(r, "winner", fin->winner_seat);
}

static void print_json(const struct solved *s, const struct lengths *l)
{
	struct record r;
	record_begin(&r, stdout, FORMAT_JSON);
	record_uint(&r, "players", s->rules->players);
	game_record_hands(&r, "hands", s->rules->players, s->rules->hands);
	record_uint(&r, "rollover", s->rules->rollover);
	game_record_variants(&r, "variants", describe_variants(s->rules));
	record_u64(&r, "reachable", s->e.reachable_count);
	game_object(&r, "shortest", s->rules, l, &l->shortest);
	game_object(&r, "longest_geodesic", s->rules, l, &l->longest);
	record_array(&r, "finals");
	for (uint64_t f = 0; f < l->final_count; f++) {
		record_object(&r, NULL);
		final_fields(&r, s, l, f);
		record_close(&r);
	}
	record_close(&r);
	record_array(&r, "won");
	for (unsigned p = 0; p < s->rules->players; p++)
		record_u64(&r, NULL, l->won_count[p]);
	record_close(&r);
	record_array(&r, "by_length");
	for (unsigned n = 1; n <= l->max_length; n++)
		record_mpz(&r, NULL, l->by_length[n]);
	record_close(&r);
	if (s->rules->players == 2) {
		char code[POSITION_CODE_MAX] = "";
		if (s->solution.max_remoteness_at != SOLUTION_NONE)
			position_format(s->rules, s->solution.max_remoteness_at, code);
		record_object(&r, "longest_forced");
		record_uint(&r, "remoteness", s->solution.max_remoteness);
		record_str(&r, "position", code);
		record_close(&r);
	}
	game_record(&r, s->rules);
	record_end(&r);
}

// A CSV table and the description of its game.
struct table {
	const struct solved *s;
	const struct lengths *l;
	struct description game;
};

static void by_length_row(struct record *r, uint64_t i, const void *ctx)
{
	const struct table *t = ctx;
	record_uint(r, "length", (unsigned)i + 1);
	record_mpz(r, "games", t->l->by_length[i + 1]);
	game_record_of(r, &t->game);
}

static void final_row(struct record *r, uint64_t i, const void *ctx)
{
	const struct table *t = ctx;
	final_fields(r, t->s, t->l, i);
	game_record_of(r, &t->game);
}

static void print_csv(const struct solved *s, const struct lengths *l, bool finals)
{
	struct table t = {s, l, {0}};
	describe_game(s->rules, &t.game);
	if (finals)
		record_list(stdout, FORMAT_CSV, NULL, l->final_count, final_row, &t);
	else
		record_list(stdout, FORMAT_CSV, NULL, l->max_length, by_length_row, &t);
}

static int parse_options(const struct cli_options *opt, struct lengths_options *lo, bool *finals)
{
	uint64_t v;
	lengths_options_default(lo);
	lo->max_bytes = opt->spec.max_bytes;
	if (opt->extra_set[OPT_MAX_LENGTH]) {
		if (!numparse_u64(opt->extra_value[OPT_MAX_LENGTH], (size_t)-1, 1, 500, &v))
			return args_fail("games", "--max-length '%s': must be an integer from 1 to 500", opt->extra_value[OPT_MAX_LENGTH]);
		lo->max_length = (unsigned)v;
	}
	if (opt->extra_set[OPT_EXAMPLES]) {
		if (!numparse_u64(opt->extra_value[OPT_EXAMPLES], (size_t)-1, 0, 50, &v))
			return args_fail("games", "--examples '%s': must be an integer from 0 to 50", opt->extra_value[OPT_EXAMPLES]);
		lo->example_count = (unsigned)v;
	}
	*finals = false;
	if (opt->extra_set[OPT_TABLE]) {
		const char *t = opt->extra_value[OPT_TABLE];
		if (strcmp(t, "by-length") && strcmp(t, "finals"))
			return args_fail("games", "--table '%s': must be by-length or finals", t);
		*finals = !strcmp(t, "finals");
	}
	return 0;
}

int cmd_games(int argc, char **argv)
{
	struct cli_options opt;
	struct lengths_options lo;
	struct solved s;
	struct lengths l;
	struct error err;
	bool finals;
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0 || (rc = parse_options(&opt, &lo, &finals)) != 0 || (rc = solved_build(&opt, &s)) != 0)
		return rc < 0 ? 0 : rc;
	enum status st = lengths_compute(s.rules, &s.e, &lo, output_progress("games"), &l, &err);
	if (st != STATUS_OK) {
		rc = output_failure("games", st, err.msg);
	} else {
		output_progress_done();
		if (opt.format == FORMAT_JSON)
			print_json(&s, &l);
		else if (opt.format == FORMAT_CSV)
			print_csv(&s, &l, finals);
		else
			print_text(&s, &l);
	}
	lengths_free(&l);
	solved_free(&s);
	return rc;
}

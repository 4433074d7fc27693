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

static void print_codes(const struct rules *rules, const uint64_t *idx, size_t n, const char *sep, bool quote)
{
	char code[POSITION_CODE_MAX];
	for (size_t i = 0; i < n; i++) {
		position_format(rules, idx[i], code);
		printf(quote ? "%s\"%s\"" : "%s%s", i ? sep : "", code);
	}
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
		print_codes(rules, &l->final[g->final_first + f].index, 1, "", false);
	}
	if (g->final_count > 20)
		printf(" ... (%s more)", text_u64(n, g->final_count - 20));
	putchar('\n');
	for (unsigned x = 0; x < g->example_count; x++) {
		printf("  e.g. ");
		print_codes(rules, g->example + (size_t)x * (g->length + 1), g->length + 1, " ", false);
		putchar('\n');
	}
}

static void print_game_json(const char *name, const struct rules *rules, const struct lengths *l,
			    const struct lengths_game *g)
{
	gmp_printf(",\"%s\":{\"length\":%u,\"count\":%Zd,\"finals\":[", name, g->length, g->count);
	for (uint64_t f = 0; f < g->final_count; f++) {
		printf(f ? "," : "");
		print_codes(rules, &l->final[g->final_first + f].index, 1, "", true);
	}
	printf("],\"examples\":[");
	for (unsigned x = 0; x < g->example_count; x++) {
		printf(x ? ",[" : "[");
		print_codes(rules, g->example + (size_t)x * (g->length + 1), g->length + 1, ",", true);
		printf("]");
	}
	printf("]}");
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

static void print_json(const struct solved *s, const struct lengths *l)
{
	printf("{\"players\":%u,\"hands\":", s->rules->players);
	output_json_hands(stdout, s->rules->players, s->rules->hands);
	printf(",\"rollover\":%u,\"variants\":", s->rules->rollover);
	output_json_variants(stdout, describe_variants(s->rules));
	printf(",\"reachable\":%llu", (unsigned long long)s->e.reachable_count);
	print_game_json("shortest", s->rules, l, &l->shortest);
	print_game_json("longest_geodesic", s->rules, l, &l->longest);
	printf(",\"finals\":[");
	for (uint64_t f = 0; f < l->final_count; f++) {
		char code[POSITION_CODE_MAX];
		position_format(s->rules, l->final[f].index, code);
		printf("%s{\"code\":\"%s\",\"length\":%u,\"winner\":%u}", f ? "," : "", code, l->final[f].depth,
		       l->final[f].winner_seat);
	}
	printf("],\"won\":[");
	for (unsigned p = 0; p < s->rules->players; p++)
		printf("%s%llu", p ? "," : "", (unsigned long long)l->won_count[p]);
	printf("],\"by_length\":[");
	for (unsigned n = 1; n <= l->max_length; n++)
		gmp_printf("%s%Zd", n > 1 ? "," : "", l->by_length[n]);
	printf("]");
	if (s->rules->players == 2) {
		char code[POSITION_CODE_MAX] = "";
		if (s->solution.max_remoteness_at != SOLUTION_NONE)
			position_format(s->rules, s->solution.max_remoteness_at, code);
		printf(",\"longest_forced\":{\"remoteness\":%u,\"position\":\"%s\"}", s->solution.max_remoteness, code);
	}
	printf(",\"rules\":");
	game_json_rules(stdout, s->rules);
	printf("}\n");
}

static void print_csv(const struct solved *s, const struct lengths *l, bool finals)
{
	struct description game;
	describe_game(s->rules, &game);
	if (!finals) {
		puts("length,games,game");
		for (unsigned n = 1; n <= l->max_length; n++) {
			gmp_printf("%u,%Zd,", n, l->by_length[n]);
			game_csv_field_of(stdout, &game);
			putchar('\n');
		}
		return;
	}
	puts("code,length,winner,game");
	for (uint64_t f = 0; f < l->final_count; f++) {
		char code[POSITION_CODE_MAX];
		position_format(s->rules, l->final[f].index, code);
		printf("%s,%u,%u,", code, l->final[f].depth, l->final[f].winner_seat);
		game_csv_field_of(stdout, &game);
		putchar('\n');
	}
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

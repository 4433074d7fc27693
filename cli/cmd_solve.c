// SPDX-License-Identifier: MIT
// `chopsticks solve`: win / loss / draw and remoteness of every reachable position (two
// players), or per seat whether that player can force a win against all others together
// (three or more). Prints the value at the start or at --position and counts by value.
#include <stdio.h>

#include "args.h"
#include "coalition.h"
#include "commands.h"
#include "enumerate.h"
#include "game_text.h"
#include "output.h"
#include "position.h"
#include "record.h"
#include "retrograde.h"
#include "solution_file.h"
#include "solve_report.h"
#include "solved.h"
#include "text.h"

static const char help[] =
	"usage: chopsticks solve [rule options] [--position CODE] [--format text|csv|json]\n"
	"Two players: the value (win, loss or draw for the player to move) and remoteness (moves\n"
	"to the end when the winner hurries and the loser delays; none for a draw) at the start\n"
	"or at --position (a position reachable from the start; use --start for others), counts\n"
	"by value over all reachable positions (terminal ones included), and the longest forced\n"
	"line (the largest remoteness and a position where it starts). At a terminal position\n"
	"the winner has won: usually a loss for the player to move, a win under misere.\n"
	"Three or more players: for each seat, whether that player can force a win when all the\n"
	"others play together against them (win), the others can stop it (loss), or neither\n"
	"(draw); and the reachable positions where nobody can force a win. Seats are counted\n"
	"from the player to move at the position reported: seat 1 moves there, seat 2 next (at\n"
	"the start, seat 1 is the first player); JSON: seats [{seat,value,remoteness}], to_move 1,\n"
	"forced (per seat, positions where it can force a win), duels [{seat,win,loss,draw}] (per\n"
	"seat, the reachable positions by the value of its duel; win is forced), nobody, open\n"
	"(every duel drawn).\n"
	"  --position CODE    the position to report (default: the start; text and json)\n"
	"  --save FILE        also keep the solved game as a binary table (format 2): compressed\n"
	"                     blocks, each checksummed and read only when needed (0.07 bytes per\n"
	"                     position with 8 hands), its rules in the header (README 'Solution\n"
	"                     tables'); with three or more players every seat's duel and its\n"
	"                     remoteness at every position; 'show', 'play' and 'graph' read it\n"
	"                     with --table FILE, 'chopsticks verify FILE' checks it ('verify\n"
	"                     FILE --save OUT --save-format 1' converts a two-player table to\n"
	"                     format 1)\n"
	"  --export FILE      also write every reachable position (two players) as plain data:\n"
	"                     FILE.csv (code,depth,value,remoteness,best,game; best: the best\n"
	"                     moves' results, space-separated; game: the option string) or\n"
	"                     FILE.jsonl (first line {\"rules\":{...}}, then one object per\n"
	"                     position); 'show --table FILE.csv' reads the CSV\n"
	"CSV: one row per reachable position: code,depth,value,remoteness,game (two players) or\n"
	"code,depth,forcer,game (forcer: the seat that can force a win, counted from the player to\n"
	"move there, 1 = the player to move; empty when nobody can).\n"
	"--checkpoint DIR keeps the state of the solve (either engine, any number of players) in\n"
	"DIR/state, written to DIR/state.tmp, synced and renamed, so that a run killed at any moment\n"
	"(SIGKILL too) leaves a whole state: after the walk, then at level boundaries. It takes\n"
	"1.63 bytes per position with two players (the dense engine, equal hands or not), else 5\n"
	"per index (1 + 4 P with P >= 3 players), twice that on disk while one is written, and no\n"
	"more memory. The walk for the distances of CSV and --export comes after the solve and is\n"
	"not kept.\n" ARGS_ESTIMATE_HELP GAME_TEXT_HELP;

enum { OPT_POSITION, OPT_EXPORT, OPT_SAVE };
static const struct extra_option extra[] = {
	{"--position", true, NULL, FORMAT_BIT(FORMAT_TEXT) | FORMAT_BIT(FORMAT_JSON)}, {"--export", true, NULL, 0},
	{"--save", true, NULL, 0}, ARGS_ESTIMATE_OPTION};
static const struct command_args command = {"solve", NULL, ARGS_RULES | ARGS_COMPUTE | ARGS_CHECKPOINT, FORMATS_DATA,
					    extra, 4, NULL, help};
const struct command_args *cmd_solve_args(void) { return &command; }

static void print_two(const struct cli_options *opt, const struct solved *s, uint64_t at)
{
	const struct solution *sol = &s->solution;
	struct solve_summary sum = {s->rules, s->e.reachable_count, at, solution_value(sol, at),
				    solution_remoteness(sol, at), {0}, sol->max_remoteness, sol->max_remoteness_at};
	for (int v = 0; v < 4; v++)
		sum.count[v] = sol->count[v];
	solve_report_two(&sum, opt->format);
}

// Seats are counted from the player to move at the position reported: seat 1 moves there
// (at the start, seat 1 is the first player); the duel of slot t is that of seat t + 1.
static void print_many(const struct cli_options *opt, const struct solved *s, uint64_t at)
{
	const struct coalition *c = &s->coalition;
	char code[POSITION_CODE_MAX], n[TEXT_NUMBER_MAX], m[TEXT_NUMBER_MAX];
	struct record r;
	position_format(s->rules, at, code);
	if (opt->format == FORMAT_JSON) {
		record_begin(&r, stdout, FORMAT_JSON);
		record_uint(&r, "players", s->rules->players);
		record_str(&r, "position", code);
		record_uint(&r, "to_move", 1);
		record_u64(&r, "reachable", s->e.reachable_count);
		record_array(&r, "seats");
	} else {
		game_text_header(stdout, s->rules);
		printf("position %s, seat 1 to move (seats counted from the player to move); each seat\n"
		       "against all the others together:\n", code);
	}
	for (unsigned t = 0; t < s->rules->players; t++) {
		enum value v = coalition_value(c, at, t);
		unsigned rem = coalition_remoteness(c, at, t);
		if (opt->format == FORMAT_JSON) {
			record_object(&r, NULL);
			record_uint(&r, "seat", t + 1);
			record_str(&r, "value", cell_value_name(v));
			record_opt_uint(&r, "remoteness", v != VALUE_DRAW, rem);
			record_close(&r);
		} else {
			printf("  seat %u%s: %s", t + 1, t ? "" : " (to move)", cell_value_name(v));
			printf(v == VALUE_DRAW ? "\n" : " in %u\n", rem);
		}
	}
	if (opt->format == FORMAT_JSON) {
		record_close(&r);
		record_array(&r, "forced");
		for (unsigned t = 0; t < s->rules->players; t++)
			record_u64(&r, NULL, c->forced_count[t]);
		record_close(&r);
		record_array(&r, "duels");
		for (unsigned t = 0; t < s->rules->players; t++) {
			record_object(&r, NULL);
			record_uint(&r, "seat", t + 1);
			record_u64(&r, "win", c->forced_count[t]);
			record_u64(&r, "loss", c->stopped_count[t]);
			record_u64(&r, "draw", c->drawn_count[t]);
			record_close(&r);
		}
		record_close(&r);
		record_u64(&r, "nobody", c->nobody_count);
		record_u64(&r, "open", c->open_count);
		game_record(&r, s->rules);
		record_end(&r);
		return;
	}
	printf("reachable %s; positions where the player to move, the next, ... can force a win\n"
	       "(seat 1, 2, ... counted from the player to move there):", text_u64(n, s->e.reachable_count));
	for (unsigned t = 0; t < s->rules->players; t++)
		printf(" %s", text_u64(n, c->forced_count[t]));
	printf("\nwhere the others together can stop that seat:");
	for (unsigned t = 0; t < s->rules->players; t++)
		printf(" %s", text_u64(n, c->stopped_count[t]));
	printf("\nwhere neither that seat nor the others can force a win:");
	for (unsigned t = 0; t < s->rules->players; t++)
		printf(" %s", text_u64(n, c->drawn_count[t]));
	printf("\nnobody can force a win: %s; every duel drawn: %s\n",
	       text_u64(n, c->nobody_count), text_u64(m, c->open_count));
}

// One CSV row of three or more players (names: the header row, whose values are not read):
// the seat, counted from the player to move, that can force a win there (none: empty).
static void forcer_row(bool names, const char *code, unsigned depth, int forcer, const struct description *game)
{
	struct record r;
	record_begin(&r, stdout, FORMAT_CSV);
	record_names(&r, names);
	record_str(&r, "code", code);
	record_uint(&r, "depth", depth);
	record_opt_uint(&r, "forcer", forcer >= 0, (unsigned)forcer + 1);
	game_record_of(&r, game);
	record_end(&r);
}

static void print_csv(const struct solved *s)
{
	char code[POSITION_CODE_MAX];
	struct description game;
	describe_game(s->rules, &game);
	if (s->rules->players == 2) {
		solve_report_csv_header();
		for (uint64_t i = 0; i < s->e.size; i++)
			if (enumeration_reached(&s->e, i))
				solve_report_csv_row(s->rules, &game, i, enumeration_depth(&s->e, i), solution_value(&s->solution, i),
						     solution_remoteness(&s->solution, i));
		return;
	}
	forcer_row(true, "", 0, -1, &game);
	for (uint64_t i = 0; i < s->e.size; i++) {
		if (!enumeration_reached(&s->e, i))
			continue;
		position_format(s->rules, i, code);
		forcer_row(false, code, enumeration_depth(&s->e, i), coalition_forcer(&s->coalition, i), &game);
	}
}

int cmd_solve(int argc, char **argv)
{
	struct cli_options opt;
	struct solved s;
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0)
		return rc;
	// Only the CSV output and --export print distances.
	bool distances = opt.format == FORMAT_CSV || opt.extra_set[OPT_EXPORT];
	if ((rc = (distances ? solved_build : solved_build_values)(&opt, &s)) != 0)
		return rc < 0 ? 0 : rc; // -1: --estimate printed, nothing to solve
	uint64_t at = s.rules->start;
	if (opt.extra_set[OPT_POSITION] && (rc = solved_position(&s, "solve", "--position", opt.extra_value[OPT_POSITION], &at)) != 0) {
		solved_free(&s);
		return rc;
	}
	if (opt.extra_set[OPT_EXPORT] && s.rules->players != 2)
		rc = args_fail("solve", "--export: needs two players (--save keeps any number)");
	if (!rc && opt.extra_set[OPT_SAVE])
		rc = solution_file_save(&s, opt.extra_value[OPT_SAVE]);
	if (!rc && opt.extra_set[OPT_EXPORT])
		rc = solution_file_export(&s, opt.extra_value[OPT_EXPORT]);
	if (rc) {
		solved_free(&s);
		return rc;
	}
	if (opt.format == FORMAT_CSV)
		print_csv(&s);
	else if (s.rules->players == 2)
		print_two(&opt, &s, at);
	else
		print_many(&opt, &s, at);
	rc = solved_done(&s, "solve");
	solved_free(&s);
	return rc;
}

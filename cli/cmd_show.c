// SPDX-License-Identifier: MIT
// `chopsticks show CODE`: the moves from one position, the positions they lead to and what
// each means for the mover under perfect play, best move first (any number of players).
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "args.h"
#include "commands.h"
#include "describe.h"
#include "game_text.h"
#include "movegen.h"
#include "output.h"
#include "position.h"
#include "ranked_moves.h"
#include "record.h"
#include "solution_file.h"
#include "solved.h"

static const char help[] =
	"usage: chopsticks show CODE [rule options] [--format text|csv|json]\n"
	"Lists every move from position CODE: the move ('a->b': the mover's hand a taps a hand b,\n"
	"with '@k' the hand of the player k seats on when there are three or more players;\n"
	"'13->22': the mover's own hands change; 'pass'), the resulting position, and its value\n"
	"for the mover if everyone then plays perfectly: win in N, loss in N (remoteness N: moves\n"
	"to the end, this move included) or draw. Best move first: fastest win, then draws, then\n"
	"slowest loss. The game is solved from CODE, so any position works.\n"
	"Three or more players: a value is a duel, one seat against all the others together\n"
	"(as in 'solve'): win when that seat can force a win, loss when the others can stop it,\n"
	"draw when neither can. Seats are counted from the player to move at CODE (seat 1); each\n"
	"move shows every seat's duel after it, and its value is seat 1's (the mover's).\n"
	"CSV columns: move,result,value,remoteness (then value_K,remoteness_K for every seat K\n"
	"with three or more players),game. JSON: {position,value,remoteness,moves:[{move,result,\n"
	"value,remoteness}],rules}; with three or more players value and remoteness are replaced\n"
	"by seats:[{seat,value,remoteness}], at the top (with to_move, 1) and in every move.\n"
	"  --table FILE       answer from a table saved by 'solve --save FILE', or a CSV export\n"
	"                     ('solve --export FILE.csv'), instead of solving (two players); the\n"
	"                     file must be of exactly these rules, complete and intact (checksum),\n"
	"                     and CODE reachable from its start\n"
	"The game named is the rules with their own start (CODE is where the moves are listed).\n"
	GAME_TEXT_HELP;

enum { OPT_TABLE };
static const struct extra_option extra[] = {{"--table", true, NULL, 0}};
// CODE is the start of the solve, so --start has no use here.
static const struct command_args command = {"show", NULL, (ARGS_RULES & ~(unsigned)ARGS_START) | ARGS_COMPUTE,
					    FORMATS_DATA, extra, 1, "CODE", help};
const struct command_args *cmd_show_args(void) { return &command; }

// The duel of seat k (0-based, counted from the mover at the position shown) at idx, which
// is the position shown (after 0 moves) or one of its children (after 1); the remoteness
// counts from the position shown.
static enum value seat_duel(const struct coalition *c, uint64_t idx, unsigned k, unsigned after, unsigned *rem)
{
	unsigned slot = (k + c->players - after) % c->players;
	enum value v = coalition_value(c, idx, slot);
	*rem = v == VALUE_DRAW ? 0 : coalition_remoteness(c, idx, slot) + after;
	return v;
}

// One value: JSON and CSV the fields value and remoteness (each name followed by suffix),
// text "win in 3".
static void value_fields(struct record *r, const char *suffix, enum value v, unsigned rem)
{
	char name[32];
	if (r->format == FORMAT_TEXT) {
		printf(v == VALUE_DRAW ? "%s" : "%s in %u", cell_value_name(v), rem);
		return;
	}
	snprintf(name, sizeof name, "value%s", suffix);
	record_str(r, name, cell_value_name(v));
	snprintf(name, sizeof name, "remoteness%s", suffix);
	record_opt_uint(r, name, v != VALUE_DRAW, rem);
}

// Every seat's duel at idx (after 0 or 1 moves): JSON "seats":[{seat,value,remoteness}],
// CSV value_K and remoteness_K for each seat K, text a list.
static void seats_fields(struct record *r, const struct coalition *c, uint64_t idx, unsigned after)
{
	if (r->format == FORMAT_JSON) {
		if (!after)
			record_uint(r, "to_move", 1);
		record_array(r, "seats");
	}
	for (unsigned k = 0; k < c->players; k++) {
		unsigned rem;
		enum value v = seat_duel(c, idx, k, after, &rem);
		char suffix[16];
		snprintf(suffix, sizeof suffix, "_%u", k + 1);
		if (r->format == FORMAT_JSON) {
			record_object(r, NULL);
			record_uint(r, "seat", k + 1);
		} else if (r->format == FORMAT_TEXT) {
			printf("%sseat %u ", k ? ", " : "", k + 1);
		}
		value_fields(r, r->format == FORMAT_CSV ? suffix : "", v, rem);
		if (r->format == FORMAT_JSON)
			record_close(r);
	}
	if (r->format == FORMAT_JSON)
		record_close(r);
}

// A move's fields in JSON and CSV (CSV adds the game).
static void move_fields(struct record *r, const struct solved *s, const struct ranked_move *m)
{
	record_str(r, "move", m->text);
	record_str(r, "result", m->code);
	value_fields(r, "", m->value, m->remoteness);
	if (s->rules->players != 2)
		seats_fields(r, &s->coalition, m->child, 1);
}

// One CSV row of move m, or (names) the header, whose values are not read.
static void csv_row(const struct solved *s, const struct description *game, const struct ranked_move *m,
		    bool names)
{
	struct record r;
	record_begin(&r, stdout, FORMAT_CSV);
	record_names(&r, names);
	move_fields(&r, s, m);
	game_record_of(&r, game);
	record_end(&r);
}

// Starts the output on r: JSON the position and its value and opens "moves", CSV the header,
// text the game and the position.
static void print_head(struct record *r, const struct cli_options *opt, const struct solved *s,
		       const struct description *game, uint64_t at, const char *code)
{
	bool two = s->rules->players == 2;
	enum value v = two ? solution_value(&s->solution, at) : VALUE_DRAW;
	unsigned rem = two ? solution_remoteness(&s->solution, at) : 0;
	record_begin(r, stdout, opt->format);
	if (opt->format == FORMAT_JSON) {
		record_str(r, "position", code);
		if (two)
			value_fields(r, "", v, rem);
		else
			seats_fields(r, &s->coalition, at, 0);
		record_array(r, "moves");
	} else if (opt->format == FORMAT_CSV) {
		csv_row(s, game, &(struct ranked_move){.child = at}, true);
	} else {
		game_text_header_of(stdout, game);
		printf("position %s: ", code);
		if (two) {
			value_fields(r, "", v, rem);
			printf(" for the player to move\n");
		} else {
			printf("seat 1 to move (seats counted from the player to move), each seat against all\nthe others: ");
			seats_fields(r, &s->coalition, at, 0);
			putchar('\n');
		}
	}
}

static void print_move(struct record *r, const struct solved *s, const struct description *game,
		       const struct ranked_move *m)
{
	if (r->format == FORMAT_JSON) {
		record_object(r, NULL);
		move_fields(r, s, m);
		record_close(r);
	} else if (r->format == FORMAT_CSV) {
		csv_row(s, game, m, false);
	} else {
		printf("  %-10s -> %-12s ", m->text, m->code);
		if (s->rules->players == 2)
			value_fields(r, "", m->value, m->remoteness);
		else
			seats_fields(r, &s->coalition, m->child, 1);
		putchar('\n');
	}
}

// Ends the output: JSON closes "moves" and adds the rules.
static void print_tail(struct record *r, const struct description *game)
{
	if (r->format != FORMAT_JSON)
		return;
	record_close(r);
	game_record_of(r, game);
	record_end(r);
}

int cmd_show(int argc, char **argv)
{
	struct cli_options opt;
	struct solved s;
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0)
		return rc;
	uint64_t at;
	if (opt.extra_set[OPT_TABLE]) {
		if (opt.spec.players != 2)
			return args_fail("show", "--table: needs two players (without it, show solves any game)");
		if ((rc = solution_file_load(&opt, opt.extra_value[OPT_TABLE], &s)) != 0)
			return rc;
		if ((rc = solved_position(&s, "show", "position", opt.positional, &at)) != 0) {
			solved_free(&s);
			return rc;
		}
	} else {
		opt.start = opt.positional;
		opt.start_name = "position";
		if ((rc = solved_build(&opt, &s)) != 0)
			return rc;
		at = s.rules->start;
	}
	struct ranked_move *moves = malloc(s.rules->max_moves * sizeof *moves);
	size_t n = !moves ? 0
		   : s.rules->players == 2 ? ranked_moves(s.rules, &s.solution, at, moves)
					   : ranked_moves_coalition(s.rules, &s.coalition, at, moves);
	if (!moves) {
		free(moves);
		solved_free(&s);
		return output_failure("show", STATUS_FAILURE, "out of memory");
	}
	char code[POSITION_CODE_MAX];
	struct description game;
	position_format(s.rules, at, code);
	rules_set_start(s.rules, rules_default_start(s.rules)); // the game is the rules, not CODE
	describe_game(s.rules, &game);
	struct record out;
	print_head(&out, &opt, &s, &game, at, code);
	for (size_t i = 0; i < n; i++)
		print_move(&out, &s, &game, &moves[i]);
	print_tail(&out, &game);
	free(moves);
	solved_free(&s);
	return 0;
}

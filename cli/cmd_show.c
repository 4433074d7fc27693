// SPDX-License-Identifier: MIT
// `chopsticks show CODE`: the moves from one position, the positions they lead to and what
// each means for the mover under perfect play, best move first (two players).
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
#include "solution_file.h"
#include "solved.h"

static const char help[] =
	"usage: chopsticks show CODE [rule options] [--format text|csv|json]\n"
	"Lists every move from position CODE (two players): the move ('a->b': the mover's hand a\n"
	"taps a hand b; '13->22': the mover's own hands change; 'pass'), the resulting position,\n"
	"and the outcome for the mover if both sides then play perfectly: win in N, loss in N\n"
	"(N moves in all, this one included) or draw. Best move first: fastest win, then draws,\n"
	"then slowest loss. The game is solved from CODE, so any position works.\n"
	"CSV columns: move,result,outcome,moves,game. JSON: {position,value,remoteness,moves:[{move,\n"
	"result,outcome,moves}],rules}.\n"
	"  --table FILE       answer from a table saved by 'solve --save FILE', or a CSV export\n"
	"                     ('solve --export FILE.csv'), instead of solving; the file must be of\n"
	"                     exactly these rules, complete and intact (checksum), and CODE\n"
	"                     reachable from its start\n"
	"The game named is the rules with their own start (CODE is where the moves are listed).\n"
	GAME_TEXT_HELP;

enum { OPT_TABLE };
static const struct extra_option extra[] = {{"--table", true, NULL, 0}};
// CODE is the start of the solve, so --start has no use here.
static const struct command_args command = {"show", NULL, (ARGS_RULES & ~(unsigned)ARGS_START) | ARGS_COMPUTE,
					    FORMATS_DATA, extra, 1, "CODE", help};
const struct command_args *cmd_show_args(void) { return &command; }

int cmd_show(int argc, char **argv)
{
	struct cli_options opt;
	struct solved s;
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0)
		return rc;
	if (opt.spec.players != 2)
		return args_fail("show", "--players '%u': show needs two players (use solve for more)", opt.spec.players);
	uint64_t at;
	if (opt.extra_set[OPT_TABLE]) {
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
	if (!moves) {
		solved_free(&s);
		return output_failure("show", STATUS_FAILURE, "out of memory");
	}
	size_t n = ranked_moves(s.rules, &s.solution, at, moves);
	enum value v = solution_value(&s.solution, at);
	char code[POSITION_CODE_MAX];
	struct description game;
	rules_set_start(s.rules, rules_default_start(s.rules)); // the game is the rules, not CODE
	describe_game(s.rules, &game);
	position_format(s.rules, at, code);
	if (opt.format == FORMAT_JSON) {
		printf("{\"position\":\"%s\",\"value\":\"%s\",\"remoteness\":", code, cell_value_name(v));
		printf(v == VALUE_DRAW ? "null" : "%u", solution_remoteness(&s.solution, at));
		printf(",\"moves\":[");
	} else if (opt.format == FORMAT_CSV) {
		puts("move,result,outcome,moves,game");
	} else {
		game_text_header_of(stdout, &game);
		printf("position %s: %s", code, cell_value_name(v));
		printf(v == VALUE_DRAW ? " for the player to move\n" : " in %u for the player to move\n",
		       solution_remoteness(&s.solution, at));
	}
	for (size_t i = 0; i < n; i++) {
		struct ranked_move *m = &moves[i];
		if (opt.format == FORMAT_JSON) {
			printf("%s{\"move\":\"%s\",\"result\":\"%s\",\"outcome\":\"%s\",\"moves\":", i ? "," : "",
			       m->text, m->code, cell_value_name(m->outcome));
			printf(m->outcome == VALUE_DRAW ? "null}" : "%u}", m->moves);
		} else if (opt.format == FORMAT_CSV) {
			printf("%s,%s,%s,", m->text, m->code, cell_value_name(m->outcome));
			printf(m->outcome == VALUE_DRAW ? "," : "%u,", m->moves);
			game_csv_field_of(stdout, &game);
			putchar('\n');
		} else {
			printf("  %-10s -> %-12s %s", m->text, m->code, cell_value_name(m->outcome));
			printf(m->outcome == VALUE_DRAW ? "\n" : " in %u\n", m->moves);
		}
	}
	if (opt.format == FORMAT_JSON) {
		printf("],\"rules\":");
		game_json_rules_of(stdout, &game);
		printf("}\n");
	}
	free(moves);
	solved_free(&s);
	return 0;
}

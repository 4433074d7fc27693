// SPDX-License-Identifier: MIT
// `chopsticks play`: a game in the terminal against perfect play (or a player that looks N
// moves ahead). Reads moves line by line, so it also runs from a script of moves.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "commands.h"
#include "game_text.h"
#include "lookahead.h"
#include "movegen.h"
#include "numparse.h"
#include "output.h"
#include "position.h"
#include "ranked_moves.h"
#include "solution_file.h"
#include "solved.h"
#include "stdio_check.h"

static const char help[] =
	"usage: chopsticks play [rule options] [--as first|second] [--level perfect|N]\n"
	"Play against the computer (two players). Each turn shows both players' hands (one '|'\n"
	"per finger, '-' for a dead hand) and the code, and numbers your legal moves. Type a\n"
	"number, or a move as 'show' writes it ('1->3': your 1 taps their 3; '13->22': split;\n"
	"'pass'), or 'hint' (the value of every move), or 'quit'. The computer plays perfectly\n"
	"(--level perfect, the default: fastest win, slowest loss, else a draw), or looks N moves\n"
	"ahead (--level N, 1..8; ties go to the smallest code). Reads standard input line by\n"
	"line, so a file of moves works too; the game ends with who won and in how many moves.\n"
	"  --as first|second  which player you are (default first)\n"
	"  --level L          perfect or 1..8\n"
	"  --table FILE       play from a table saved by 'solve --save FILE' (same rules) instead\n"
	"                     of solving\n"
	"The transcript starts with 'game: OPTIONS' (the shortest options that rebuild these\n"
	"rules) and 'rules: SETTINGS' (every setting, one canonical line).\n";

enum { OPT_AS, OPT_LEVEL, OPT_TABLE };
static const struct extra_option extra[] = {{"--as", true, NULL, 0}, {"--level", true, NULL, 0}, {"--table", true, NULL, 0}};
static const struct command_args command = {"play", NULL, ARGS_RULES | ARGS_COMPUTE, FORMAT_BIT(FORMAT_TEXT),
					    extra, 3, NULL, help};
const struct command_args *cmd_play_args(void) { return &command; }

#define MAX_PLIES 1000 // a drawn game is stopped after this many moves

struct game {
	struct solved s;
	unsigned human;  // 0: first, 1: second
	unsigned level;  // 0: perfect
	unsigned plies;
	int read_status; // exit status of a failed read of stdin
	uint64_t at;
	struct ranked_move *moves;
};

static void draw_hands(const struct rules *rules, uint64_t at, unsigned slot, const char *who)
{
	uint8_t v[RULES_MAX_HANDS];
	unsigned h = position_hands(rules, at, slot, v);
	printf("  %-9s", who);
	for (unsigned k = 0; k < h; k++) {
		printf("  ");
		if (!v[k])
			putchar('-');
		for (unsigned f = 0; f < v[k]; f++)
			putchar('|');
		printf(" (%u)", v[k]);
	}
	putchar('\n');
}

static void show_position(const struct game *g)
{
	char code[POSITION_CODE_MAX];
	position_format(g->s.rules, g->at, code);
	bool human_moves = g->plies % 2 == g->human;
	printf("\nmove %u, position %s\n", g->plies + 1, code);
	draw_hands(g->s.rules, g->at, human_moves ? 0 : 1, "you");
	draw_hands(g->s.rules, g->at, human_moves ? 1 : 0, "computer");
}

// The computer's move: the best ranked move, or the smallest best child at a lookahead.
static uint64_t computer_move(struct game *g, size_t n)
{
	if (g->level == 0)
		return g->moves[0].child;
	uint64_t *best = malloc(g->s.rules->max_moves * sizeof *best);
	size_t k = best ? lookahead_best(g->s.rules, g->at, g->level, best) : (size_t)-1;
	uint64_t pick = k == 0 || k == (size_t)-1 ? g->moves[0].child : best[0];
	free(best);
	(void)n;
	return pick;
}

static int by_code(const void *a, const void *b)
{
	return strcmp(((const struct ranked_move *)a)->code, ((const struct ranked_move *)b)->code);
}

static void list_moves(const struct game *g, size_t n, bool hint)
{
	for (size_t i = 0; i < n; i++) {
		const struct ranked_move *m = &g->moves[i];
		printf("  %2zu: %-10s -> %s", i + 1, m->text, m->code);
		if (hint)
			printf(m->outcome == VALUE_DRAW ? "   draw" : "   %s in %u", cell_value_name(m->outcome), m->moves);
		putchar('\n');
	}
}

// Reads the human's choice; returns the index into moves, -1 at end of input or quit, or -2
// after a read error (printed; its exit status in g->read_status).
static long read_choice(struct game *g, size_t n)
{
	char line[256];
	for (;;) {
		printf("your move (1-%zu, a move, hint, quit): ", n);
		fflush(stdout);
		if (!fgets(line, sizeof line, stdin))
			return (g->read_status = stdio_read_failed("play")) ? -2 : -1;
		line[strcspn(line, "\r\n")] = '\0';
		if (!isatty(STDIN_FILENO))
			printf("%s\n", line); // echo scripted input so the transcript reads well
		if (!strcmp(line, "quit"))
			return -1;
		if (!strcmp(line, "hint")) {
			list_moves(g, n, true);
			continue;
		}
		uint64_t k;
		if (numparse_u64(line, (size_t)-1, 1, n, &k))
			return (long)k - 1;
		for (size_t i = 0; i < n; i++)
			if (!strcmp(line, g->moves[i].text) || !strcmp(line, g->moves[i].code))
				return (long)i;
		printf("'%s' is not a legal move here: type a number from 1 to %zu, or one of the moves listed\n", line, n);
	}
}

static int finish(struct game *g, const char *how)
{
	unsigned winner_slot = movegen_winner(g->s.rules, g->at);
	bool human_won = (g->plies + winner_slot) % 2 == g->human;
	show_position(g);
	printf("%s: %s won after %u moves\n", how, human_won ? "you" : "the computer", g->plies);
	return 0;
}

static int play(struct game *g)
{
	game_text_header(stdout, g->s.rules);
	for (;;) {
		if (movegen_is_terminal(g->s.rules, g->at))
			return finish(g, "game over");
		if (g->plies == MAX_PLIES) {
			printf("stopped after %u moves: a draw\n", g->plies);
			return 0;
		}
		size_t n = ranked_moves(g->s.rules, &g->s.solution, g->at, g->moves);
		uint64_t next;
		show_position(g);
		if (g->plies % 2 == g->human) {
			qsort(g->moves, n, sizeof *g->moves, by_code);
			list_moves(g, n, false);
			long k = read_choice(g, n);
			if (k == -2)
				return g->read_status;
			if (k < 0) {
				printf("\ngame abandoned after %u moves\n", g->plies);
				return 0;
			}
			next = g->moves[k].child;
		} else {
			next = computer_move(g, n);
			char text[2 * POSITION_CODE_MAX];
			movegen_describe(g->s.rules, g->at, next, text);
			printf("computer plays %s\n", text);
		}
		g->at = next;
		g->plies++;
	}
}

int cmd_play(int argc, char **argv)
{
	struct cli_options opt;
	struct game g = {0};
	uint64_t v;
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0)
		return rc;
	if (opt.spec.players != 2)
		return args_fail("play", "--players '%u': play needs two players", opt.spec.players);
	if (opt.extra_set[OPT_AS]) {
		const char *as = opt.extra_value[OPT_AS];
		if (strcmp(as, "first") && strcmp(as, "second"))
			return args_fail("play", "--as '%s': must be first or second", as);
		g.human = !strcmp(as, "second");
	}
	if (opt.extra_set[OPT_LEVEL] && strcmp(opt.extra_value[OPT_LEVEL], "perfect")) {
		if (!numparse_u64(opt.extra_value[OPT_LEVEL], (size_t)-1, 1, 8, &v))
			return args_fail("play", "--level '%s': must be perfect or an integer from 1 to 8", opt.extra_value[OPT_LEVEL]);
		g.level = (unsigned)v;
	}
	if ((rc = solution_file_obtain(&opt, opt.extra_value[OPT_TABLE], &g.s)) != 0)
		return rc;
	g.at = g.s.rules->start;
	g.moves = malloc(g.s.rules->max_moves * sizeof *g.moves);
	rc = g.moves ? play(&g) : output_failure("play", STATUS_FAILURE, "out of memory");
	free(g.moves);
	solved_free(&g.s);
	return rc;
}

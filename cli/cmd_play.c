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
#include "text.h"

static const char help[] =
	"usage: chopsticks play [rule options] [--as first|second|K] [--level perfect|N]\n"
	"Play against the computer. Each turn shows every player's hands (one '|' per finger, '-'\n"
	"for a dead hand) and the code, which lists the player to move first (so it is written\n"
	"from your view on your turns and from the computer's on its own), and numbers your legal\n"
	"moves. Type a number, or a move as 'show' writes it ('1->3': your 1 taps their 3; '1->3@2'\n"
	"with three or more players: the hand of the player 2 seats on; '13->22': split; 'pass'),\n"
	"or 'hint' (the value of every move), 'help' (these commands) or 'quit'. The computer plays\n"
	"perfectly (--level perfect, the default: fastest win, slowest loss, else a draw), or\n"
	"looks N moves ahead (--level N, 1..8, two players; ties go to the smallest code). With\n"
	"three or more players every other seat is the computer, each playing its own duel against\n"
	"all the others ('solve'): its fastest forced win, else a draw, else its slowest loss.\n"
	"Reads standard input line by line, so a file of moves works too; the game ends with who\n"
	"won and after how many moves.\n"
	"  --as first|second|K  your seat: first, second, or K = 1..players (default first)\n"
	"  --level L          perfect or 1..8\n"
	"  --table FILE       play from a table saved by 'solve --save FILE' (same rules, any\n"
	"                     number of players) instead of solving\n"
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
	unsigned human;  // the human's seat, 0-based
	unsigned level;  // 0: perfect
	unsigned plies;
	int read_status; // exit status of a failed read of stdin
	uint64_t at;
	struct ranked_move *moves;
};

static unsigned players(const struct game *g)
{
	return g->s.rules->players;
}

// The seat at slot of the position after g->plies moves: the turn passes one seat on per move.
static unsigned seat_of(const struct game *g, unsigned slot)
{
	return (g->plies + slot) % players(g);
}

// "you", "the computer" (two players) or "seat 2 (computer)".
static const char *who(const struct game *g, unsigned seat, char *buf, size_t len)
{
	if (seat == g->human)
		return "you";
	if (players(g) == 2)
		return "the computer";
	snprintf(buf, len, "seat %u (computer)", seat + 1);
	return buf;
}

// One row of hands, each as wide as the widest hand of the game so the rows line up.
static void draw_hands(const struct game *g, unsigned slot)
{
	const struct rules *rules = g->s.rules;
	uint8_t v[RULES_MAX_HANDS];
	unsigned h = position_hands(rules, g->at, slot, v), top = rules->modulus - 1;
	int digits = top >= 100 ? 3 : top >= 10 ? 2 : 1;
	char buf[32];
	printf("  %-18s", who(g, seat_of(g, slot), buf, sizeof buf));
	for (unsigned k = 0; k < h; k++) {
		printf("  ");
		unsigned shown = v[k] ? v[k] : 1;
		if (!v[k])
			putchar('-');
		for (unsigned f = 0; f < v[k]; f++)
			putchar('|');
		printf("%*s (%*u)", (int)(top - shown), "", digits, v[k]);
	}
	putchar('\n');
}

static void show_position(const struct game *g, bool over)
{
	char code[POSITION_CODE_MAX], buf[32];
	position_format(g->s.rules, g->at, code);
	const char *mover = who(g, seat_of(g, 0), buf, sizeof buf);
	if (over)
		printf("\nafter %u %s, position %s\n", g->plies, text_plural(g->plies, "move", "moves"), code);
	else
		printf("\nmove %u, %s to move, position %s (%s view)\n", g->plies + 1, mover, code,
		       seat_of(g, 0) == g->human ? "your" : players(g) == 2 ? "the computer's" : "that seat's");
	for (unsigned q = 0; q < players(g); q++)
		draw_hands(g, (q + players(g) - g->plies % players(g)) % players(g)); // seats in order
}

static size_t rank_moves(struct game *g)
{
	return players(g) == 2 ? ranked_moves(g->s.rules, &g->s.solution, g->at, g->moves)
			       : ranked_moves_coalition(g->s.rules, &g->s.coalition, g->at, g->moves);
}

// The computer's move: the best ranked move, or the smallest best child at a lookahead.
static uint64_t computer_move(struct game *g)
{
	if (g->level == 0)
		return g->moves[0].child;
	uint64_t *best = malloc(g->s.rules->max_moves * sizeof *best);
	size_t k = best ? lookahead_best(g->s.rules, g->at, g->level, best) : (size_t)-1;
	uint64_t pick = k == 0 || k == (size_t)-1 ? g->moves[0].child : best[0];
	free(best);
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
		printf("  %2zu: %-10s -> ", i + 1, m->text);
		if (hint)
			printf(m->value == VALUE_DRAW ? "%-12s draw" : "%-12s %s in %u", m->code, cell_value_name(m->value), m->remoteness);
		else
			fputs(m->code, stdout);
		putchar('\n');
	}
}

static const char commands_text[] =
	"  a number from the list, or a move as listed ('1->3', '13->22', 'pass') or the position\n"
	"  it leads to; hint: what every move leads to under perfect play (win or loss in N: moves\n"
	"  to the end, this one included); help: this list; quit: end the game\n";

// Reads the human's choice; returns the index into moves, -1 at end of input or quit, or -2
// after a read error (printed; its exit status in g->read_status).
static long read_choice(struct game *g, size_t n)
{
	char line[256];
	for (;;) {
		printf("your move (1-%zu, a move, hint, help, quit): ", n);
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
		if (!strcmp(line, "help")) {
			fputs(commands_text, stdout);
			continue;
		}
		uint64_t k;
		if (numparse_u64(line, (size_t)-1, 1, n, &k))
			return (long)k - 1;
		for (size_t i = 0; i < n; i++)
			if (!strcmp(line, g->moves[i].text) || !strcmp(line, g->moves[i].code))
				return (long)i;
		printf("'%s' is not a legal move here: type a number from 1 to %zu, one of the moves listed, or help\n", line, n);
	}
}

static int finish(struct game *g, const char *how)
{
	char buf[32];
	unsigned winner = seat_of(g, movegen_winner(g->s.rules, g->at));
	show_position(g, true);
	printf("%s: %s won after %u %s\n", how, who(g, winner, buf, sizeof buf), g->plies,
	       text_plural(g->plies, "move", "moves"));
	return 0;
}

static int play(struct game *g)
{
	game_text_header(stdout, g->s.rules);
	printf("you are seat %u of %u; seat 1 moves first. A code lists the player to move first, so\n"
	       "it switches view every move: on your turns it is written from your view.\n", g->human + 1, players(g));
	for (;;) {
		if (movegen_is_terminal(g->s.rules, g->at))
			return finish(g, "game over");
		if (g->plies == MAX_PLIES) {
			printf("stopped after %u moves: a draw\n", g->plies);
			return 0;
		}
		size_t n = rank_moves(g);
		uint64_t next;
		int rc = solved_intact(&g->s, "play");
		if (rc)
			return rc;
		show_position(g, false);
		if (seat_of(g, 0) == g->human) {
			qsort(g->moves, n, sizeof *g->moves, by_code);
			list_moves(g, n, false);
			long k = read_choice(g, n);
			if (k == -2)
				return g->read_status;
			if (k < 0) {
				printf("\ngame abandoned after %u %s\n", g->plies, text_plural(g->plies, "move", "moves"));
				return 0;
			}
			next = g->moves[k].child;
		} else {
			char text[2 * POSITION_CODE_MAX], buf[32];
			next = computer_move(g);
			movegen_describe(g->s.rules, g->at, next, text);
			printf("%s plays %s\n", players(g) == 2 ? "computer" : who(g, seat_of(g, 0), buf, sizeof buf), text);
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
	unsigned p = opt.spec.players;
	if (opt.extra_set[OPT_AS]) {
		const char *as = opt.extra_value[OPT_AS];
		if (!strcmp(as, "first") || !strcmp(as, "second"))
			g.human = !strcmp(as, "second");
		else if (numparse_u64(as, (size_t)-1, 1, p, &v))
			g.human = (unsigned)v - 1;
		else
			return args_fail("play", "--as '%s': must be first, second or a seat from 1 to %u", as, p);
	}
	if (p != 2 && opt.extra_set[OPT_LEVEL])
		return args_fail("play", "--level: needs two players");
	if (opt.extra_set[OPT_LEVEL] && strcmp(opt.extra_value[OPT_LEVEL], "perfect")) {
		if (!numparse_u64(opt.extra_value[OPT_LEVEL], (size_t)-1, 1, 8, &v))
			return args_fail("play", "--level '%s': must be perfect or an integer from 1 to 8", opt.extra_value[OPT_LEVEL]);
		g.level = (unsigned)v;
	}
	if ((rc = solution_file_obtain(&opt, opt.extra_value[OPT_TABLE], true, &g.s)) != 0)
		return rc;
	g.at = g.s.rules->start;
	g.moves = malloc(ranked_moves_bytes(g.s.rules));
	rc = g.moves ? play(&g) : output_failure("play", STATUS_FAILURE, "out of memory");
	free(g.moves);
	solved_free(&g.s);
	return rc;
}

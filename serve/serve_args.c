// SPDX-License-Identifier: MIT
// The declaration of `chopsticks serve`: its options and --help text. Both programs read it:
// chopsticks, for its help, manual page and completion, and chopsticks-serve, which parses with it.
#include "serve_args.h"

#include "args.h"
#include "game_text.h"

static const char help[] =
	"usage: chopsticks serve [rule options | --table FILE] [--port N] [--bind ADDR] [--open]\n"
	"Serves an explorer of the game in the browser: the hands of every player, every legal\n"
	"move coloured by its value for the player to move (blue win, orange loss, grey draw),\n"
	"perfect play on demand, undo and redo, the values of the line played, and the strategy\n"
	"lists. Prints the URL on a line of its own on stdout, then serves until SIGINT or\n"
	"SIGTERM (exit 0), one line per request on stderr. The game is solved after the server\n"
	"starts (the API answers 503 until it is done). JSON API (README, \"Exploring in the\n"
	"browser\"): /api/v1/game, /api/v1/position?code=CODE, /api/v1/strategy.\n"
	"  --table FILE       answer from a table saved by 'solve --save FILE' (its own rules)\n"
	"  --port N           the TCP port (default 8026; 0: a free one, printed in the URL)\n"
	"  --bind ADDR        the numeric address to listen on (default 127.0.0.1: this machine)\n"
	"  --open             open the URL with xdg-open, where there is one\n" GAME_TEXT_HELP;

static const struct extra_option extra[] = {
	{"--table", true, NULL, 0}, {"--port", true, NULL, 0}, {"--bind", true, NULL, 0}, {"--open", false, NULL, 0}};
static const struct command_args command = {"serve", NULL, ARGS_RULES | ARGS_COMPUTE, FORMAT_BIT(FORMAT_TEXT),
					    extra, 4, NULL, help};
const struct command_args *serve_args(void) { return &command; }

// SPDX-License-Identifier: MIT
// The chopsticks executable: dispatches to one cmd_<name>() per subcommand, with what every
// subcommand shares around it: SIGINT caught from the start, closed standard streams guarded,
// and a write error on stdout turned into a failure.
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "interrupt.h"
#include "message.h"
#include "stdio_check.h"

struct command {
	const char *name, *summary;
	int (*run)(int argc, char **argv);
};

static const struct command commands[] = {
	{"count", "positions, distinct, reachable, terminal, BFS layers", cmd_count},
	{"table", "the published table, computed, with the published values beside", cmd_table},
	{"solve", "value and remoteness; counts by value", cmd_solve},
	{"games", "shortest and longest geodesic games, finals, games by length", cmd_games},
	{"show", "the moves from one position and their values", cmd_show},
	{"play", "play against perfect play in the terminal", cmd_play},
	{"graph", "the reachable move graph as Graphviz DOT", cmd_graph},
	{"claims", "check the published statements, with evidence (Markdown)", cmd_claims},
	{"atlas", "value of the start for every variant and pair, over hands and rollover (CSV)", cmd_atlas},
	{"strategy", "a short list of targets that wins (or never loses), checked", cmd_strategy},
	{"verify", "check a saved solution table against the rules in its header", cmd_verify},
	{"variants", "the variants and their exact rules", cmd_variants},
};
#define COMMAND_COUNT (sizeof commands / sizeof *commands)

static void usage(FILE *f)
{
	fputs("usage: chopsticks COMMAND [options]   (chopsticks COMMAND --help for more)\n"
	      "Enumerates and solves the hand game Chopsticks and its variants.\n\nCommands:\n", f);
	for (size_t i = 0; i < COMMAND_COUNT; i++)
		fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
	fputs("\nExit status: 0 success, 1 failure, 2 bad usage or input, 130 interrupted.\n", f);
}

static int dispatch(int argc, char **argv)
{
	if (argc < 2) {
		fputs("chopsticks: missing command\ntry 'chopsticks --help'\n", stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("chopsticks %s\n", CHOPSTICKS_VERSION);
		return 0;
	}
	for (size_t i = 0; i < COMMAND_COUNT; i++)
		if (!strcmp(argv[1], commands[i].name)) {
			interrupt_name(commands[i].name);
			return commands[i].run(argc - 1, argv + 1);
		}
	message_print(NULL, "unknown command '%.60s'", argv[1]);
	fputs("try 'chopsticks --help'\n", stderr);
	return 2;
}

// The subcommand's name for messages, once it is known to be one.
static const char *command_name(int argc, char **argv)
{
	for (size_t i = 0; argc >= 2 && i < COMMAND_COUNT; i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].name;
	return NULL;
}

int main(int argc, char **argv)
{
	interrupt_install(NULL);
	stdio_guard();
	int status = dispatch(argc, argv);
	return stdio_close_stdout(command_name(argc, argv), status);
}

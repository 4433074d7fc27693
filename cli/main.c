// SPDX-License-Identifier: MIT
// The chopsticks executable: dispatches to one cmd_<name>() per subcommand, with what every
// subcommand shares around it: SIGINT caught from the start, closed standard streams guarded,
// and a write error on stdout turned into a failure. Its tables of subcommands and top-level
// options are also what --man and --completion describe.
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "completion.h"
#include "interrupt.h"
#include "manual.h"
#include "message.h"
#include "stdio_check.h"

static const struct command commands[] = {
	{"positions, distinct, reachable, terminal, BFS layers", cmd_count, cmd_count_args},
	{"the published table, computed, with the published values beside", cmd_table, cmd_table_args},
	{"value and remoteness; counts by value", cmd_solve, cmd_solve_args},
	{"shortest and longest geodesic games, finals, games by length", cmd_games, cmd_games_args},
	{"the moves from one position and their values", cmd_show, cmd_show_args},
	{"play against perfect play in the terminal", cmd_play, cmd_play_args},
	{"the reachable move graph as Graphviz DOT", cmd_graph, cmd_graph_args},
	{"check the published statements, with evidence (Markdown)", cmd_claims, cmd_claims_args},
	{"value of the start for every variant and pair, over hands and rollover (CSV)", cmd_atlas, cmd_atlas_args},
	{"a short list of targets that wins (or never loses), checked", cmd_strategy, cmd_strategy_args},
	{"check a saved solution table against the rules in its header", cmd_verify, cmd_verify_args},
	{"the variants and their exact rules", cmd_variants, cmd_variants_args},
	{"explore the solved game in the browser (HTTP server and page)", cmd_serve, cmd_serve_args},
};
#define COMMAND_COUNT (sizeof commands / sizeof *commands)

enum { TOP_HELP, TOP_VERSION, TOP_MAN, TOP_COMPLETION, TOP_COUNT };
static const struct program_option options[TOP_COUNT] = {
	[TOP_HELP] = {"--help", NULL, "this help; COMMAND --help: the help of COMMAND"},
	[TOP_VERSION] = {"--version", NULL, "the version"},
	[TOP_MAN] = {"--man", NULL, "the manual page chopsticks(1), as roff (man -l to read it)"},
	[TOP_COMPLETION] = {"--completion", "bash", "the bash completion script"},
};

static const struct program program = {"enumerate and solve the hand game Chopsticks and its variants",
				       commands, COMMAND_COUNT, options, TOP_COUNT};

static void usage(FILE *f)
{
	fputs("usage: chopsticks COMMAND [options]   (chopsticks COMMAND --help for more)\n"
	      "Enumerates and solves the hand game Chopsticks and its variants.\n\nCommands:\n", f);
	for (size_t i = 0; i < COMMAND_COUNT; i++)
		fprintf(f, "  %-9s %s\n", commands[i].args()->name, commands[i].summary);
	fputs("\nOptions:\n", f);
	for (size_t i = 0; i < TOP_COUNT; i++) {
		char left[32];
		snprintf(left, sizeof left, "%s%s%s", options[i].name, options[i].value ? " " : "",
			 options[i].value ? options[i].value : "");
		fprintf(f, "  %-17s  %s\n", left, options[i].help);
	}
	fputs("\nExit status: 0 success, 1 failure, 2 bad usage or input, 130 interrupted.\n", f);
}

// Prints "chopsticks: MESSAGE" and the --help hint to stderr; returns 2.
__attribute__((format(printf, 1, 2))) static int refuse(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	message_vprint(NULL, fmt, ap);
	va_end(ap);
	fputs("try 'chopsticks --help'\n", stderr);
	return 2;
}

// chopsticks --man, chopsticks --completion bash (id TOP_MAN or TOP_COMPLETION): nothing
// may follow but the option's value.
static int describe(int argc, char **argv, unsigned id)
{
	const struct program_option *o = &options[id];
	if (o->value && argc < 3)
		return refuse("%s needs a value: %s", o->name, o->value);
	if (o->value && strcmp(argv[2], o->value))
		return refuse("%s '%.60s': must be %s", o->name, argv[2], o->value);
	if (argc > (o->value ? 3 : 2))
		return refuse("unexpected argument '%.60s' after %s", argv[o->value ? 3 : 2], o->name);
	if (id == TOP_COMPLETION) {
		completion_bash(stdout, &program);
		return 0;
	}
	if (manual_roff(stdout, &program) != 0) {
		message_print(NULL, "%s: out of memory", o->name);
		return 1;
	}
	return 0;
}

static int dispatch(int argc, char **argv)
{
	if (argc < 2) {
		fputs("chopsticks: missing command\ntry 'chopsticks --help'\n", stderr);
		return 2;
	}
	if (!strcmp(argv[1], options[TOP_HELP].name) || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], options[TOP_VERSION].name)) {
		printf("chopsticks %s\n", CHOPSTICKS_VERSION);
		return 0;
	}
	if (!strcmp(argv[1], options[TOP_MAN].name))
		return describe(argc, argv, TOP_MAN);
	if (!strcmp(argv[1], options[TOP_COMPLETION].name))
		return describe(argc, argv, TOP_COMPLETION);
	for (size_t i = 0; i < COMMAND_COUNT; i++)
		if (!strcmp(argv[1], commands[i].args()->name)) {
			interrupt_name(commands[i].args()->name);
			return commands[i].run(argc - 1, argv + 1);
		}
	return refuse("unknown command '%.60s'", argv[1]);
}

// The subcommand's name for messages, once it is known to be one.
static const char *command_name(int argc, char **argv)
{
	for (size_t i = 0; argc >= 2 && i < COMMAND_COUNT; i++)
		if (!strcmp(argv[1], commands[i].args()->name))
			return commands[i].args()->name;
	return NULL;
}

int main(int argc, char **argv)
{
	interrupt_install(NULL);
	stdio_guard();
	int status = dispatch(argc, argv);
	return stdio_close_stdout(command_name(argc, argv), status);
}

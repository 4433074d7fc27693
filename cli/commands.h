// SPDX-License-Identifier: MIT
// The subcommands main.c dispatches to: each takes argv with argv[0] = its own name and
// returns the process exit status; each cmd_<name>_args() gives the declaration its
// cmd_<name>.c parses with (name, options, formats, --help text). struct program is main.c's
// table of them, which --help, the manual page (manual.h) and the completion script
// (completion.h) are written from.
#ifndef CHOPSTICKS_CLI_COMMANDS_H
#define CHOPSTICKS_CLI_COMMANDS_H

#include <stddef.h>

struct command_args;

int cmd_count(int argc, char **argv);
int cmd_table(int argc, char **argv);
int cmd_variants(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_games(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_graph(int argc, char **argv);
int cmd_claims(int argc, char **argv);
int cmd_atlas(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_strategy(int argc, char **argv);
int cmd_serve(int argc, char **argv);

const struct command_args *cmd_count_args(void);
const struct command_args *cmd_table_args(void);
const struct command_args *cmd_variants_args(void);
const struct command_args *cmd_solve_args(void);
const struct command_args *cmd_games_args(void);
const struct command_args *cmd_show_args(void);
const struct command_args *cmd_play_args(void);
const struct command_args *cmd_graph_args(void);
const struct command_args *cmd_claims_args(void);
const struct command_args *cmd_atlas_args(void);
const struct command_args *cmd_verify_args(void);
const struct command_args *cmd_strategy_args(void);
const struct command_args *cmd_serve_args(void);

// A subcommand: its one-line summary, its entry point and its declaration (whose name is
// what selects it: args()->name).
struct command {
	const char *summary;
	int (*run)(int argc, char **argv);
	const struct command_args *(*args)(void);
};

// An option of the program itself, given instead of a subcommand (chopsticks --man): its
// name, the one value it takes or NULL, and its help text.
struct program_option {
	const char *name, *value, *help;
};

struct program {
	const char *summary; // what it does, in a few words for the manual's NAME line
	const struct command *commands;
	size_t n_commands;
	const struct program_option *options;
	size_t n_options;
};

#endif

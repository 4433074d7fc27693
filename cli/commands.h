// SPDX-License-Identifier: MIT
// The subcommands main.c dispatches to: each takes argv with argv[0] = its own name and
// returns the process exit status.
#ifndef CHOPSTICKS_CLI_COMMANDS_H
#define CHOPSTICKS_CLI_COMMANDS_H

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

#endif

// SPDX-License-Identifier: MIT
// Shared command-line parsing. Each subcommand declares what it takes (struct command_args):
// which shared options (rule options --players --hands --rollover --variant --lives --start
// and the axis options; common options --threads --max-memory --progress), which formats,
// and its own options. Everything else is refused: one line on stderr plus a hint, and exit
// status 2.
#ifndef CHOPSTICKS_PROGRAMS_ARGS_H
#define CHOPSTICKS_PROGRAMS_ARGS_H

#include <stdbool.h>
#include <stdio.h>
#include <gmp.h>
#include <stdint.h>

#include "args_scan.h"
#include "plan.h"
#include "rules.h"

// --estimate, which count, solve and games declare among their own options: the memory
// estimate of the instance, in text or as one JSON object, without running
// (args_build_rules prints it).
#define ARGS_ESTIMATE_OPTION {ARGS_ESTIMATE, false, NULL, FORMAT_BIT(FORMAT_TEXT) | FORMAT_BIT(FORMAT_JSON)}
#define ARGS_ESTIMATE_HELP \
	"  --estimate         build the rules (and their move tables) and print the memory\n" \
	"                     estimate without running (text or json): rules, positions,\n" \
	"                     bytes_per_position, position_bytes (positions * bytes_per_position),\n" \
	"                     table_bytes, bytes (with the tables), limit (null: none), fits;\n" \
	"                     text gives each size exactly and in the unit that fits. The move\n" \
	"                     tables themselves must fit --max-memory\n"

// Parses argv[1..argc) of the subcommand cmd declares (args_scan). Returns -1 to go on, or an
// exit status (0 after printing --help or --version, 2 after printing the refusal and the
// --help hint). On -1 it has also set the OpenMP threads of --threads and the progress mode.
int args_parse(int argc, char **argv, const struct command_args *cmd, struct cli_options *opt);

// Writes the --help of cmd to f: its help text, then the shared options it takes with their
// texts, the rules of repeated and unused options, and the exit statuses.
void args_print_help(FILE *f, const struct command_args *cmd);

// Prints "chopsticks CMD: MESSAGE" and the --help hint to stderr; returns 2.
int args_fail(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// Builds the rules of opt (and applies --start) and their plan (plan.h); prints the error and
// returns its exit status on failure (then *out is NULL and *plan empty), 0 on success.
// Refuses instances that need more than the memory limit for task: up front from the
// closed form with the plan's bytes per position for the shape, and again once the plan
// has chosen the engine. The caller frees *plan (plan_free) before the rules. With
// opt->estimate it refuses nothing but prints that estimate as JSON on stdout, frees the
// rules and the plan and returns -1: the command is done and exits 0.
int args_build_rules(const struct cli_options *opt, enum plan_task task, struct rules **out,
		     struct plan *plan);

// The hands x rollover grid of table and atlas: hands h0..h1, rollover r0..r1.
struct args_grid {
	unsigned h0, h1, r0, r1;
};
// Replaces the defaults in *g by the ranges opt gives ("N" or "A-B"; hands 1..hands_max,
// rollover 2..rollover_max). Returns -1 to go on, or 2 after printing the error.
int args_parse_grid(const struct cli_options *opt, unsigned hands_max, unsigned rollover_max, struct args_grid *g);

#endif

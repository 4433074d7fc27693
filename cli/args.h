// SPDX-License-Identifier: MIT
// Shared command-line parsing: rule options (--players --hands --rollover --variant --start),
// common options (--format --threads --max-memory --help --version) and a few options of
// each subcommand. Errors become one line on stderr plus a hint, and exit status 2.
#ifndef CHOPSTICKS_CLI_ARGS_H
#define CHOPSTICKS_CLI_ARGS_H

#include <stdbool.h>
#include <gmp.h>
#include <stdint.h>

#include "rules.h"

enum format { FORMAT_TEXT, FORMAT_CSV, FORMAT_JSON, FORMAT_DOT };

#define ARGS_MAX_EXTRA 8

// An option of one subcommand. takes_value: "--name VALUE" or "--name=VALUE".
struct extra_option {
	const char *name;
	bool takes_value;
};

struct cli_options {
	const char *command;           // "count", ...
	struct rules_spec spec;
	const char *start;             // --start CODE or NULL
	enum format format;
	unsigned threads;
	bool hands_given, rollover_given;
	const char *hands_text, *rollover_text; // raw text (table reads ranges)
	const char *positional;        // the one positional argument, if the command takes one
	const char *extra_value[ARGS_MAX_EXTRA];
	bool extra_set[ARGS_MAX_EXTRA];
};

// Parses argv[1..argc) of subcommand cmd. extra lists its own options (n_extra of them);
// positional_name names its positional argument ("CODE") or is NULL for none. help is the
// text printed for --help. Returns -1 to go on, or an exit status (0 after --help or
// --version, 2 after an error that was printed).
int args_parse(int argc, char **argv, const char *cmd, const struct extra_option *extra,
	       unsigned n_extra, const char *positional_name, const char *help,
	       struct cli_options *opt);

// Prints "chopsticks CMD: MESSAGE" and the --help hint to stderr; returns 2.
int args_fail(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// Builds the rules of opt (and applies --start); prints the error and returns its exit
// status on failure, 0 on success. Refuses instances that need more than the memory limit,
// counting bytes_per_position for every index of the instance and the move tables twice.
int args_build_rules(const struct cli_options *opt, uint64_t bytes_per_position,
		     struct rules **out);

// The closed-form count of distinct positions of the instance opt asks for (lives, zombies
// and stumps included), before any rules are built. distinct must be initialised.
void args_distinct(const struct cli_options *opt, mpz_t distinct);

// Parses "N" or "A-B" with lo <= A <= B <= hi into *a, *b (table and atlas ranges).
// Returns -1 to go on, or 2 after printing the error.
int args_parse_range(const char *cmd, const char *name, const char *text, unsigned lo, unsigned hi,
		     unsigned *a, unsigned *b);

// The help text for the rule and common options, shared by every subcommand's --help.
extern const char args_rule_help[];
extern const char args_common_help[];

#endif

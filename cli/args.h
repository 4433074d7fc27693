// SPDX-License-Identifier: MIT
// Shared command-line parsing. Each subcommand declares what it takes (struct command_args):
// which shared options (rule options --players --hands --rollover --variant --lives --start
// and the axis options; common options --threads --max-memory), which formats, and its own
// options. Everything else is refused: one line on stderr plus a hint, and exit status 2.
#ifndef CHOPSTICKS_CLI_ARGS_H
#define CHOPSTICKS_CLI_ARGS_H

#include <stdbool.h>
#include <gmp.h>
#include <stdint.h>

#include "rules.h"

enum format { FORMAT_TEXT, FORMAT_CSV, FORMAT_JSON, FORMAT_DOT };
#define FORMAT_BIT(f) (1u << (f))
#define FORMATS_DATA (FORMAT_BIT(FORMAT_TEXT) | FORMAT_BIT(FORMAT_CSV) | FORMAT_BIT(FORMAT_JSON))

// The shared options a subcommand takes (struct command_args.accepts).
enum {
	ARGS_PLAYERS = 1u << 0,
	ARGS_HANDS = 1u << 1,
	ARGS_ROLLOVER = 1u << 2,
	ARGS_VARIANT = 1u << 3,
	ARGS_LIVES = 1u << 4,
	ARGS_START = 1u << 5,
	ARGS_AXES = 1u << 6,
	ARGS_THREADS = 1u << 7,
	ARGS_MAX_MEMORY = 1u << 8,
	ARGS_RANGES = 1u << 9, // --hands and --rollover are ranges A-B that the command reads
	ARGS_RULES = ARGS_PLAYERS | ARGS_HANDS | ARGS_ROLLOVER | ARGS_VARIANT | ARGS_LIVES | ARGS_START | ARGS_AXES,
	ARGS_COMPUTE = ARGS_THREADS | ARGS_MAX_MEMORY,
};

#define ARGS_MAX_EXTRA 8

// An option of one subcommand. takes_value: "--name VALUE" or "--name=VALUE". needs: another
// of its options without which it does nothing (refused alone), or NULL. formats: the
// formats it is used with (FORMAT_BIT; refused with others), or 0 for all.
struct extra_option {
	const char *name;
	bool takes_value;
	const char *needs;
	unsigned formats;
};

struct command_args {
	const char *name;       // "count"
	const char *program;    // what --version prints; NULL: "chopsticks"
	unsigned accepts;       // ARGS_* bits
	unsigned formats;       // FORMAT_BIT of every format it writes; the lowest is the default
	const struct extra_option *extra;
	unsigned n_extra;
	const char *positional; // names its positional argument ("CODE"), or NULL for none
	const char *help;       // usage and description; --help adds the shared options it takes
};

struct cli_options {
	const char *command;           // "count", ...
	struct rules_spec spec;
	const char *start;             // --start CODE or NULL
	const char *start_name;        // how messages name it: "--start" (show: "position")
	enum format format;
	unsigned threads;
	bool hands_given, rollover_given;
	const char *hands_text, *rollover_text; // raw text (table reads ranges)
	const char *positional;        // the one positional argument, if the command takes one
	const char *extra_value[ARGS_MAX_EXTRA];
	bool extra_set[ARGS_MAX_EXTRA];
};

// Parses argv[1..argc) of the subcommand cmd declares. Returns -1 to go on, or an exit status
// (0 after --help or --version, 2 after an error that was printed).
int args_parse(int argc, char **argv, const struct command_args *cmd, struct cli_options *opt);

// Prints "chopsticks CMD: MESSAGE" and the --help hint to stderr; returns 2.
int args_fail(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// Builds the rules of opt (and applies --start); prints the error and returns its exit
// status on failure, 0 on success. Refuses instances that need more than the memory limit,
// counting bytes_per_position for every index of the instance and the move tables twice.
int args_build_rules(const struct cli_options *opt, double bytes_per_position,
		     struct rules **out);

// The closed-form count of distinct positions of the instance opt asks for (lives, zombies
// and stumps included), before any rules are built. distinct must be initialised.
void args_distinct(const struct cli_options *opt, mpz_t distinct);

// Parses "N" or "A-B" with lo <= A <= B <= hi into *a, *b (table and atlas ranges).
// Returns -1 to go on, or 2 after printing the error.
int args_parse_range(const char *cmd, const char *name, const char *text, unsigned lo, unsigned hi,
		     unsigned *a, unsigned *b);

#endif

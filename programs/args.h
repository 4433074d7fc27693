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

#include "plan.h"
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
	ARGS_CHECKPOINT = 1u << 10, // --checkpoint, --checkpoint-every (solve)
	ARGS_RULES = ARGS_PLAYERS | ARGS_HANDS | ARGS_ROLLOVER | ARGS_VARIANT | ARGS_LIVES | ARGS_START | ARGS_AXES,
	ARGS_COMPUTE = ARGS_THREADS | ARGS_MAX_MEMORY,
	ARGS_COMMON = ARGS_COMPUTE | ARGS_CHECKPOINT, // the groups --help lists as common options
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

// --estimate, which count, solve and games declare among their own options: the memory
// estimate of the instance as one JSON object, without running (args_build_rules prints it).
#define ARGS_ESTIMATE "--estimate"
#define ARGS_ESTIMATE_OPTION {ARGS_ESTIMATE, false, NULL, FORMAT_BIT(FORMAT_TEXT) | FORMAT_BIT(FORMAT_JSON)}
#define ARGS_ESTIMATE_HELP \
	"  --estimate         build the rules (and their move tables) and print the memory\n" \
	"                     estimate without running (text or json): rules, positions,\n" \
	"                     bytes_per_position, position_bytes (positions * bytes_per_position),\n" \
	"                     table_bytes, bytes (with the tables), limit (null: none), fits;\n" \
	"                     text gives each size exactly and in the unit that fits. The move\n" \
	"                     tables themselves must fit --max-memory\n"

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
	bool progress;                 // --progress: plain progress lines (output_progress_plain)
	const char *checkpoint;        // --checkpoint DIR, or NULL
	unsigned checkpoint_every;     // --checkpoint-every SECONDS
	bool checkpoint_every_given;
	bool hands_given, rollover_given;
	const char *hands_text, *rollover_text; // raw text (table reads ranges)
	const char *positional;        // the one positional argument, if the command takes one
	const char *extra_value[ARGS_MAX_EXTRA];
	bool extra_set[ARGS_MAX_EXTRA];
	bool estimate;                 // the command declares ARGS_ESTIMATE and it was given
};

// Parses argv[1..argc) of the subcommand cmd declares. Returns -1 to go on, or an exit status
// (0 after --help or --version, 2 after an error that was printed).
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

// The closed-form count of distinct positions of the instance opt asks for (lives, zombies
// and stumps included), before any rules are built. distinct must be initialised.
void args_distinct(const struct cli_options *opt, mpz_t distinct);

// The hands x rollover grid of table and atlas: hands h0..h1, rollover r0..r1.
struct args_grid {
	unsigned h0, h1, r0, r1;
};
// Replaces the defaults in *g by the ranges opt gives ("N" or "A-B"; hands 1..hands_max,
// rollover 2..rollover_max). Returns -1 to go on, or 2 after printing the error.
int args_parse_grid(const struct cli_options *opt, unsigned hands_max, unsigned rollover_max, struct args_grid *g);

#endif

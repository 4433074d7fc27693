// SPDX-License-Identifier: MIT
// Scanning the options of a command (argv) into struct cli_options, without printing: each
// command declares what it takes (struct command_args): which shared options (the rows of
// options.def: rule options --players --hands --rollover --variant --lives --start and the
// axis options; common options --threads --max-memory --progress --checkpoint), which
// formats, and its own options. Everything else is refused with a one-line message in an
// error record. The programs print those messages (programs/args.h); chop_game_from_options
// (include/chopsticks.h) scans an option string with the same code.
#ifndef CHOPSTICKS_LIB_ARGS_SCAN_H
#define CHOPSTICKS_LIB_ARGS_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "rules.h"
#include "variants.h"

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
	unsigned threads;              // --threads N, or 0: chosen from the instance (plan_threads)
	bool threads_auto;             // --threads not given (programs: threads holds the cores)
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

enum shared_option_id {
#define OPTION(id, name, metavar, group, combines, lo, hi, fallback, parse, help) OPTION_##id,
#include "options.def"
#undef OPTION
	OPTION_COUNT
};

struct shared_option {
	const char *name;    // "--players"; "--AXIS" (group ARGS_AXES) stands for every axis option
	const char *metavar; // what --help calls its value: "P"; "": it takes no value
	unsigned accept;     // ARGS_* bit; 0: every command takes it (--format)
	bool combines;       // given again, its values combine (--variant) instead of conflicting
	unsigned lo, hi;     // the range of an integer value; 0, 0 where it is no integer
	unsigned fallback;   // the value when it is not given (0: none, or computed in args.c)
	const char *help;    // its --help text (options.def), "" where args.c writes it
	// Stores value in opt; STATUS_BAD_INPUT with the message in err when it is refused.
	enum status (*parse)(const struct command_args *cmd, const char *name, const char *value,
			     struct cli_options *opt, struct error *err);
};

// Slots of the shared options, to tell repeated options apart: one per row, then one per axis.
#define ARGS_SHARED_SLOTS (OPTION_COUNT + AXIS_COUNT)

// The shared option called name (an axis option gives the row of group ARGS_AXES), or NULL;
// *slot tells repeated options apart.
const struct shared_option *args_shared_find(const char *name, unsigned *slot);
// Every row of options.def, by id, in the order --help lists them.
extern const struct shared_option args_shared[OPTION_COUNT];
// Whether cmd takes o: o's group is among cmd->accepts, or o belongs to every command.
bool args_shared_takes(const struct command_args *cmd, const struct shared_option *o);
// "text, csv or json": the formats of mask.
void args_format_list(unsigned mask, char *buf, size_t len);
// The name of format f ("csv"), as --format takes it.
const char *args_format_name(enum format f);

// The option by which count, solve and games ask for their memory estimate (args.h).
#define ARGS_ESTIMATE "--estimate"

// What args_scan found besides options to run with.
enum args_outcome {
	ARGS_RUN,     // *opt holds the options: run the command
	ARGS_HELP,    // --help or -h was given (what follows it is not scanned)
	ARGS_VERSION, // --version was given
	ARGS_REFUSED, // err holds the one-line reason (it names the bad value), without the command
};

// Scans argv[1..argc) of the command cmd declares into *opt (defaults first: two players, two
// hands, rollover 5, 90% of the RAM as --max-memory, threads 0: chosen from the instance).
// Refuses unknown options, options cmd does not take, a value out of range, an option given
// twice with different values, its own options without what they need. Prints nothing and
// changes no global state; thread-safe. opt keeps pointers into argv.
enum args_outcome args_scan(int argc, char **argv, const struct command_args *cmd, struct cli_options *opt,
			    struct error *err);

// The cores this process may run on; OMP_NUM_THREADS lowers it, never raises it; in the
// range of --threads (1 without OpenMP).
unsigned args_default_threads(void);
// The default of --max-memory: 90% of the machine's RAM (8 GiB when it cannot be read).
uint64_t args_default_max_bytes(void);

#endif

// SPDX-License-Identifier: MIT
// The table of shared options behind args_parse (args.h), expanded from options.def: each
// with the ARGS_* bit that a command declares to take it, its range, default and --help
// text, and the parser of its value. Internal to the programs: args*.c parse and explain options with
// it, manual.c and completion.c document them.
#ifndef CHOPSTICKS_PROGRAMS_ARGS_SHARED_H
#define CHOPSTICKS_PROGRAMS_ARGS_SHARED_H

#include <stdio.h>

#include "args.h"
#include "variants.h"

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
	// Stores value in opt; returns -1 to go on or the exit status of a printed error.
	int (*parse)(const struct command_args *cmd, const char *name, const char *value,
		     struct cli_options *opt);
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
// Writes the help text of o to f with @R and @D filled in and indent after each "\n" of it
// (text NULL: o->help), without a final newline.
void args_shared_text(FILE *f, const struct shared_option *o, const char *text, const char *indent);
// Writes the --help lines of o to f: "  --players P        " and its text (args_shared_text).
void args_shared_help(FILE *f, const struct shared_option *o, const char *text);
// "text, csv or json": the formats of mask.
void args_format_list(unsigned mask, char *buf, size_t len);
// The name of format f ("csv"), as --format takes it.
const char *args_format_name(enum format f);

#endif

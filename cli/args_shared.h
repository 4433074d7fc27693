// SPDX-License-Identifier: MIT
// The table of shared options behind args_parse (args.h): each with the ARGS_* bit that
// a command declares to take it, its --help lines and the parser of its value. Internal to
// cli/args*.c.
#ifndef CHOPSTICKS_CLI_ARGS_SHARED_H
#define CHOPSTICKS_CLI_ARGS_SHARED_H

#include "args.h"
#include "variants.h"

struct shared_option {
	const char *name;  // "--players"; NULL: the axis options (--overflow, ...), one slot each
	unsigned accept;   // ARGS_* bit; 0: every command takes it (--format)
	bool combines;     // given again, its values combine (--variant) instead of conflicting
	const char *help;  // its lines of --help
	// Stores value in opt; returns -1 to go on or the exit status of a printed error.
	int (*parse)(const struct command_args *cmd, const char *name, const char *value,
		     struct cli_options *opt);
};

// Slots of the shared options: one per table entry (at most 12), then one per axis.
#define ARGS_SHARED_SLOTS (12 + AXIS_COUNT)

// The shared option called name, or NULL; *slot tells repeated options apart.
const struct shared_option *args_shared_find(const char *name, unsigned *slot);
// Every entry, in the order --help lists them; ends with a zeroed entry.
extern const struct shared_option args_shared[];
// "text, csv or json": the formats of mask.
void args_format_list(unsigned mask, char *buf, size_t len);

#endif

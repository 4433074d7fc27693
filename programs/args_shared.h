// SPDX-License-Identifier: MIT
// The --help text of the shared options (the table of options.def is the library's,
// args_scan.h): args.c, manual.c and completion.c document the options with it.
#ifndef CHOPSTICKS_PROGRAMS_ARGS_SHARED_H
#define CHOPSTICKS_PROGRAMS_ARGS_SHARED_H

#include <stdio.h>

#include "args_scan.h"

// Writes the help text of o to f with @R and @D filled in and indent after each "\n" of it
// (text NULL: o->help), without a final newline.
void args_shared_text(FILE *f, const struct shared_option *o, const char *text, const char *indent);
// Writes the --help lines of o to f: "  --players P        " and its text (args_shared_text).
void args_shared_help(FILE *f, const struct shared_option *o, const char *text);
#endif

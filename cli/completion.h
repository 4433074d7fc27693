// SPDX-License-Identifier: MIT
// The bash completion script of chopsticks, written from the declarations that --help is
// written from (chopsticks --completion bash; the build installs its output as
// share/bash-completion/completions/chopsticks).
#ifndef CHOPSTICKS_CLI_COMPLETION_H
#define CHOPSTICKS_CLI_COMPLETION_H

#include <stdio.h>

#include "commands.h"

// Writes to f a bash script that defines _chopsticks and registers it for chopsticks: it
// completes the subcommands and top-level options, each subcommand's options (those it
// takes, the axis options one by one), --variant lists (the name after the last comma),
// the values of --format (the formats that subcommand writes), of each axis option and of
// --completion; other values fall back to file names. Write errors are left to the caller.
void completion_bash(FILE *f, const struct program *p);

#endif

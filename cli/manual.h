// SPDX-License-Identifier: MIT
// The manual page chopsticks(1), written from the declarations that --help is written from
// (chopsticks --man; the build installs its output as share/man/man1/chopsticks.1).
#ifndef CHOPSTICKS_CLI_MANUAL_H
#define CHOPSTICKS_CLI_MANUAL_H

#include <stdio.h>

#include "commands.h"

// Writes the manual page of p to f as roff (man(7)): NAME, SYNOPSIS, DESCRIPTION, COMMANDS
// (each command's summary and full --help), RULE OPTIONS, COMMON OPTIONS, VARIANTS (each
// with its exact rule), RULE AXES, EXIT STATUS, ENVIRONMENT, FILES, SEE ALSO. Returns 0, or -1
// when memory ran out (the page is then incomplete). Write errors are left to the caller (ferror).
int manual_roff(FILE *f, const struct program *p);

#endif

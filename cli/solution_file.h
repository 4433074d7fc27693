// SPDX-License-Identifier: MIT
// Saving a solved game so others can load it, and answering from a saved one: CSV
// (code,depth,value,remoteness,best) or JSON lines, chosen by the file name's ending. The
// first line names the rules ("# chopsticks solution: players=2 hands=2 rollover=5
// variants= start=1111"), and loading checks it against the rules in force.
#ifndef CHOPSTICKS_CLI_SOLUTION_FILE_H
#define CHOPSTICKS_CLI_SOLUTION_FILE_H

#include "solved.h"

// Writes every reachable position of s (two players) to path, through path.tmp and a
// rename. Prints any error; returns 0 or an exit status.
int solution_file_export(const struct solved *s, const char *path);
// Builds the rules of opt and fills s->solution and s->e from the CSV file at path instead
// of solving (depth from the file). Prints any error; returns 0 or an exit status.
int solution_file_import(const struct cli_options *opt, const char *path, struct solved *s);

#endif

// SPDX-License-Identifier: MIT
// Keeping a solved game and answering from a kept one. `solve --save FILE` writes the binary
// table of table_file.h (any number of players: three or more keep every seat's duel);
// `solve --export FILE.csv|FILE.jsonl` (two players) writes plain data: CSV rows
// code,depth,value,remoteness,best,game (game: the option string of the rules, on every row),
// or JSON lines, the first {"rules":{...}} and then one object per position. `--table FILE`
// loads a binary table (known by its magic) or a CSV export, and refuses it unless it is of
// exactly the rules the options give, and complete; a CSV export is refused for three or
// more players.
#ifndef CHOPSTICKS_PROGRAMS_SOLUTION_FILE_H
#define CHOPSTICKS_PROGRAMS_SOLUTION_FILE_H

#include "solved.h"

// Each prints any error and returns 0 or an exit status.
int solution_file_save(const struct solved *s, const char *path);
int solution_file_export(const struct solved *s, const char *path);
// Builds the rules of opt and fills s from the file at path instead of solving (s->solution,
// or s->coalition with three or more players, borrowing the mapped table). probe: a
// binary table is read position by position, forward (show, play): its rules are built
// light (rules_build_light: movegen_children, no parents); else in full (graph's parents).
int solution_file_load(const struct cli_options *opt, const char *path, bool probe, struct solved *s);
// solution_file_load when path is given, else solved_build.
int solution_file_obtain(const struct cli_options *opt, const char *path, bool probe, struct solved *s);

#endif

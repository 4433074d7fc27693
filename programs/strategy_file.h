// SPDX-License-Identifier: MIT
// Strategy lists as text (the notation `chopsticks strategy` prints and `strategy --check
// FILE` reads back): positions as codes (1312) or in the article's notation ([1,3],[1,2]: the
// player to move first), a section line per list and one line per target. Not the check.
#ifndef CHOPSTICKS_PROGRAMS_STRATEGY_FILE_H
#define CHOPSTICKS_PROGRAMS_STRATEGY_FILE_H

#include <stdbool.h>
#include <stdio.h>

#include "describe.h"
#include "strategy.h"

// One position in either notation: the list notation writes every hand ("124h,").
#define STRATEGY_TEXT_MAX (RULES_MAX_PLAYERS * (RULES_MAX_HANDS * 5 + 3) + 1)
#define STRATEGY_FILE_MAX_LISTS 4

enum notation { NOTATION_CODE, NOTATION_ARTICLE };

// Writes position idx in notation n into buf (STRATEGY_TEXT_MAX bytes).
void strategy_file_position(const struct rules *rules, uint64_t idx, enum notation n, char *buf);
// "first" or "second".
const char *strategy_file_side(unsigned side);
// The section line and target lines of s (no trailing check line).
void strategy_file_write(FILE *f, const struct rules *rules, const struct strategy *s, enum notation n);

// What a file holds: its settings line and the lists, in the order written.
struct strategy_file {
	char settings[DESCRIBE_MAX];
	size_t count;
	struct strategy list[STRATEGY_FILE_MAX_LISTS];
};

// Reads path (as written by `chopsticks strategy`, either notation) against rules: the
// `rules:` line must be exactly rules' settings ("another game" otherwise) and every
// position a position of rules. Returns 0, or prints the error and returns 2 (malformed,
// another game) or 1 (read error, memory). Free with strategy_file_free.
int strategy_file_read(const char *cmd, const char *path, const struct rules *rules, struct strategy_file *out);
void strategy_file_free(struct strategy_file *f);

#endif

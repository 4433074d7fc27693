// SPDX-License-Identifier: MIT
// The independent check of a strategy list (strategy.h): plays the list against every reply
// of the opponent, exhaustively, using only the rules' move generation (movegen.h), never a
// solution. Nodes are (position, whose turn), so a position met with either side to move is
// two nodes. Not for three or more players.
#ifndef CHOPSTICKS_ANALYSIS_STRATEGY_CHECK_H
#define CHOPSTICKS_ANALYSIS_STRATEGY_CHECK_H

#include <stdbool.h>

#include "position.h"
#include "strategy.h"

enum strategy_fault {
	STRATEGY_OK,
	STRATEGY_NO_TARGET, // the side to play can reach no target and cannot win at once
	STRATEGY_STUCK,     // AVOID: every move of the side is into a listed position
	STRATEGY_LOST,      // a line ends in a loss (WIN, AVOID)
	STRATEGY_CYCLE,     // WIN: the opponent can make play go round forever
	STRATEGY_LENGTH,    // the root's moves differ from the stated ones
	STRATEGY_TARGET,    // a target's remoteness differs from the stated one
	STRATEGY_LISTED,    // a target listed twice, or a target that is not a position of the game
};

struct strategy_report {
	enum strategy_fault fault;
	uint64_t at;        // the position of the fault, or UINT64_MAX
	size_t target;      // the target of the fault (STRATEGY_TARGET), or SIZE_MAX
	unsigned stated, found; // STRATEGY_LENGTH, STRATEGY_TARGET: what was stated, what holds
	uint64_t nodes;     // (position, turn) nodes reached from the root under the list
	size_t used;        // targets the list moves to from those nodes
	unsigned moves;     // measured at the root (WIN: most moves; RESIST: fewest to a loss,
			    // UINT32_MAX if none)
	uint32_t *found_remoteness; // per target, measured as the list's remoteness says
	uint64_t *uses;     // per target, how many nodes reached from the root move to it
	char why[POSITION_CODE_MAX + 128]; // one sentence on the fault ("" when OK)
};

// Checks list s against rules. With compare false only measures (a fault of LENGTH or TARGET
// is never reported; found_remoteness and moves are filled when no other fault is). Targets
// are also played from themselves, so every stated remoteness is checked. Returns
// STATUS_FAILURE on allocation failure (err filled), else STATUS_OK with r filled (free it
// with strategy_report_free). Thread-safe; allocates about 8 bytes per index of the rules.
enum status strategy_check(const struct rules *rules, const struct strategy *s, bool compare,
			   struct strategy_report *r, struct error *err);
void strategy_report_free(struct strategy_report *r);

#endif

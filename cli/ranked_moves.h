// SPDX-License-Identifier: MIT
// The moves from a solved position, described and ordered best first for the mover:
// fastest win, then draws, then slowest loss, ties by resulting code. Used by show and play.
#ifndef CHOPSTICKS_CLI_RANKED_MOVES_H
#define CHOPSTICKS_CLI_RANKED_MOVES_H

#include <stddef.h>
#include <stdint.h>

#include "position.h"
#include "retrograde.h"

struct ranked_move {
	uint64_t child;
	char text[2 * POSITION_CODE_MAX]; // "1->3", "13->22", "pass"
	char code[POSITION_CODE_MAX];     // the resulting position
	enum value outcome;               // for the mover
	unsigned moves;                   // to the end, this move included (0 for a draw)
};

// Fills out (room for rules->max_moves) with the moves from reachable position at.
size_t ranked_moves(const struct rules *rules, const struct solution *s, uint64_t at,
		    struct ranked_move *out);

#endif

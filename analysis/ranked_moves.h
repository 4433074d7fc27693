// SPDX-License-Identifier: MIT
// The moves from a solved position, described and ordered best first for the mover:
// fastest win, then draws, then slowest loss, ties by resulting code. Used by show and play.
// With three or more players a move's value is the mover's duel against all the others
// (coalition.h) after it.
#ifndef CHOPSTICKS_ANALYSIS_RANKED_MOVES_H
#define CHOPSTICKS_ANALYSIS_RANKED_MOVES_H

#include <stddef.h>
#include <stdint.h>

#include "movegen.h"
#include "position.h"
#include "coalition.h"
#include "retrograde.h"

// The small fields first and the text before the code, so that what a move uses lies
// together (a move has kilobytes of room for the largest games).
struct ranked_move {
	uint64_t child;
	enum value value;              // for the mover
	unsigned remoteness;           // to the end, this move included (0 for a draw)
	char text[MOVEGEN_TEXT_MAX];   // "1->3", "13->22", "pass"
	char code[POSITION_CODE_MAX];  // the resulting position
};

// Fills out (room for rules->max_moves) with the moves from reachable position at.
size_t ranked_moves(const struct rules *rules, const struct solution *s, uint64_t at,
		    struct ranked_move *out);
// The same from a coalition solve (three or more players): the value and remoteness of
// the mover's duel after each move. Returns 0 when out of memory.
size_t ranked_moves_coalition(const struct rules *rules, const struct coalition *c, uint64_t at,
			      struct ranked_move *out);

#endif

// SPDX-License-Identifier: MIT
// A player who looks a fixed number of moves ahead: depth-limited negamax over the move
// graph, scoring +1 (a forced win within the horizon), -1 (a forced loss within it) or 0
// (nothing forced). Used by `play --level N` and by the lookahead claim. Two players only.
#ifndef CHOPSTICKS_SOLVER_LOOKAHEAD_H
#define CHOPSTICKS_SOLVER_LOOKAHEAD_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"

// The score of position idx for the player to move, looking depth moves ahead (depth 0:
// only whether idx itself is over). Exponential in depth: keep depth small (<= 12).
int lookahead_score(const struct rules *rules, uint64_t idx, unsigned depth);
// Writes to best (room for rules->max_moves) the children of idx whose score for the mover
// (-score of the child at depth - 1) is the highest, ascending; returns how many (0 for a
// terminal position). depth >= 1. Returns (size_t)-1 on allocation failure.
size_t lookahead_best(const struct rules *rules, uint64_t idx, unsigned depth, uint64_t *best);

#endif

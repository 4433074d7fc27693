// SPDX-License-Identifier: MIT
// Closed forms for the degenerate games, derived by hand (paper, section "Special cases"),
// computed here without walking the game so they can be printed beside the walk:
// - one hand each, two players, standard rules: the mover's hand after n moves is the
//   Fibonacci number F(n+2) mod r, so the game is forced, lasts alpha(r) - 2 moves and
//   reaches alpha(r) - 1 positions, alpha(r) being the least k >= 1 with r | F(k);
// - rollover 2, two players, h hands, standard rules: every attack kills a hand and no
//   split exists, so the game is forced: 2h - 1 moves, 2h positions, the first player wins;
// - rollover 2, three players, h hands: the longest game kills every hand but one (3h - 1
//   moves); the reachable count (7h^3 + 21h^2 + 10h - [h odd](h - 3)) / 8 was found by
//   interpolating a cubic for even and one for odd h through the walks of h = 1..8, and is
//   checked against the walk for h = 1..16 (tests/test_special.c): a verified conjecture.
#ifndef CHOPSTICKS_ANALYSIS_SPECIAL_H
#define CHOPSTICKS_ANALYSIS_SPECIAL_H

#include <stdbool.h>
#include <stdint.h>

#include "rules.h"

struct special_prediction {
	bool applies;
	char formula[128];   // e.g. "alpha(5) - 1 with alpha(5) = 5"
	uint64_t reachable;  // positions reachable from the start (terminal included)
	uint64_t length;     // moves in the (forced) game = largest distance
};

// The Fibonacci entry point: least k >= 1 with r | F(k) (r >= 2); it is at most 6r.
uint64_t special_fibonacci_entry(unsigned r);
// The prediction for rules (started from the standard start), or applies = false.
struct special_prediction special_predict(const struct rules *rules);

#endif

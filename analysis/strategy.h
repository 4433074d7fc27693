// SPDX-License-Identifier: MIT
// Strategies a person can follow (two players): an ordered list of target positions. The
// side that wins moves to the first target it can reach (or wins at once) and wins in the
// stated moves against every reply; the side that loses resists as long as the solver says
// it can; in a drawn game a side never loses if it never moves into the listed positions.
// Built from a solution (greedy, not proven minimal); strategy_check.h checks a list without it.
#ifndef CHOPSTICKS_ANALYSIS_STRATEGY_H
#define CHOPSTICKS_ANALYSIS_STRATEGY_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "retrograde.h"
#include "rules.h"

// What a list promises for its side.
enum strategy_kind {
	STRATEGY_WIN,    // a win in at most `moves` moves against every reply
	STRATEGY_RESIST, // no loss in fewer than `moves` moves, whatever the opponent does
	STRATEGY_AVOID,  // never a loss: the targets are the positions never to move into
};

// A target's remoteness when no loss can follow it (STRATEGY_RESIST).
#define STRATEGY_NO_LOSS UINT32_MAX

struct strategy {
	enum strategy_kind kind;
	unsigned side;        // 0: the player to move at root (the first player), 1: the other
	uint64_t root;        // where play starts (the rules' start, or --position)
	unsigned moves;       // WIN: most moves to the win; RESIST: fewest moves to the loss
	size_t count;         // targets
	uint64_t *target;     // count positions, the opponent to move there, in preference order
	uint32_t *remoteness; // per target: WIN, the most moves from it to the win; RESIST, the
			      // fewest to a loss (or STRATEGY_NO_LOSS); AVOID, 0
};

// Builds the list for `side` from root (a reachable position of the solved rules s; two
// players). The kind follows the root's value for that side. WIN and RESIST: the perfect
// strategy's moves (fastest win, slowest loss, a drawn move when drawn) collected greedily,
// then every target whose removal keeps the promise (checked by strategy_check) removed.
// AVOID: the losing moves of every position reachable while the side makes any other move.
// Every list returned has passed strategy_check. Fails with STATUS_FAILURE (allocation, or a
// failed check: a bug), STATUS_BAD_INPUT (not two players). Free with strategy_free.
enum status strategy_build(const struct rules *rules, const struct solution *s, uint64_t root,
			   unsigned side, struct strategy *out, struct error *err);

// Allocates count targets (zeroed) for a list being filled by hand or from a file.
enum status strategy_alloc(struct strategy *out, size_t count, struct error *err);
void strategy_free(struct strategy *s);

#endif

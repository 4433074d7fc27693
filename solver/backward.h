// SPDX-License-Identifier: MIT
// The level-by-level backward induction shared by the two-player solver (retrograde.h) and
// the coalition solver (coalition.h); not an API of its own. States are (position, slot t)
// stored at cell[idx * sides + t]. Invariant: level k decides exactly the states of
// remoteness k + 1, so values and remoteness never depend on the thread count.
#ifndef CHOPSTICKS_SOLVER_BACKWARD_H
#define CHOPSTICKS_SOLVER_BACKWARD_H

#include <stdint.h>

#include "cell.h"
#include "checkpoint.h"
#include "enumerate.h"
#include "error.h"
#include "parallel.h" // loops over fewer states than PARALLEL_MIN run on one thread
#include "progress.h"
#include "rules.h"

// sides == 1: one state per position, the player to move against the other (two players):
// every move hands the turn to the other side. sides == players: state (idx, t) is the duel
// of the player at slot t (the target) against all the others; the target moves when t == 0,
// and the child state of (idx, t) is (child, t - 1 mod players).
// A terminal state is a win for the side to move when it holds the winner
// (movegen_winner(idx) == t for the target, != t for the coalition).
// With a checkpoint, the solve offers its state at every level boundary (checkpoint_level),
// the enumeration included, and starts from the state of BACKWARD_STAGE the checkpoint
// holds, if any, whose enumeration the caller has read back (walk_state.h).
struct backward_game {
	const struct rules *rules;
	const struct enumeration *enumeration; // reachable positions: depth != ENUMERATE_UNSEEN
	unsigned sides;
	const char *phase; // what its progress reports call it ("solve", "coalition")
	struct checkpoint *checkpoint; // NULL: none
};

// The stage of its checkpoints.
#define BACKWARD_STAGE "generic"

// Bytes the solve needs besides cells (sides * rules->size of them): the counters, 2 per
// state; UINT64_MAX if that does not fit in 64 bits.
uint64_t backward_bytes(const struct rules *rules, unsigned sides);

// Fills cell[0 .. sides * size) (allocated by the caller, any content): reachable states get
// WIN or LOSS with their remoteness, or DRAW (remoteness 0); unreachable ones 0 (UNKNOWN).
// *levels gets the largest remoteness. Failures: STATUS_FAILURE (allocation),
// STATUS_BAD_INPUT (a remoteness past CELL_MAX_REMOTENESS or a position with more than 65535
// moves), STATUS_INTERRUPTED; then the cells are unspecified. Uses the OpenMP thread count
// in force.
// Sets err to the error of a remoteness past CELL_MAX_REMOTENESS (this solve and the dense
// one) and returns STATUS_BAD_INPUT.
enum status backward_too_remote(struct error *err);

enum status backward_solve(const struct backward_game *game, const struct progress *progress,
			   uint16_t *cell, unsigned *levels, struct error *err);

#endif

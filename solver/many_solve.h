// SPDX-License-Identifier: MIT
// The coalition solve on the many-player tables (enum/many.h), used by coalition.c when the
// plan (enum/plan.h) has chosen that engine: every duel state (position, slot t), the player
// at slot t against all the others, as backward.c solves it with sides == players, at 1.5
// bytes per state (plan.c holds the figure). States are slot-major: state t * stride + idx.
// Per state one byte, the counter of moves not yet known to be bad for the side to move
// and, once decided, the remoteness (255 past 254, see the overflow list); the 2-bit value
// of the solution's form (retrograde.h), written as soon as a state is decided (and, while
// the levels run, a draw's value for an unreachable state, so that visits skip it on the
// value alone); and bit sets of this level's and the next level's decisions. The byte and
// value arrays become the solution. Same values, remoteness and errors as backward_solve,
// for any number of threads, whether it ran through or resumed from a checkpoint.
#ifndef CHOPSTICKS_SOLVER_MANY_SOLVE_H
#define CHOPSTICKS_SOLVER_MANY_SOLVE_H

#include <stdint.h>

#include "checkpoint.h"
#include "many.h"
#include "progress.h"
#include "retrograde.h"

// The states of one slot: the index space rounded up to whole 64-bit words.
static inline uint64_t many_solve_stride(uint64_t size)
{
	return (size + 63) / 64 * 64;
}

// The stage of its checkpoints (checkpoint.h).
#define MANY_SOLVE_STAGE "many"

// Solves the duels of the positions in reachable (bit i of word i / 64 over the index
// space), which it frees as soon as it has read it, into *out: size players * stride
// states, state t * stride + idx from the view of the side to move there (the target when
// t == 0); overflow sorted, counts set. *levels gets the largest remoteness. With a
// checkpoint ck (NULL: none) it offers its state at every level boundary (checkpoint_level)
// and, when ck holds a state of MANY_SOLVE_STAGE, starts from it instead (reachable is then
// NULL). Failures also those of checkpoint_load and checkpoint_save, and STATUS_INTERRUPTED
// after a stop. On failure *out is left empty. Free with solution_free.
enum status many_solve(const struct many *m, uint64_t *reachable, const struct progress *progress,
		       struct checkpoint *ck, struct solution *out, unsigned *levels, struct error *err);

#endif

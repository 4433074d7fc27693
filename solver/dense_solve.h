// SPDX-License-Identifier: MIT
// The two-player retrograde solve on dense tables (enum/dense.h), used by retrograde.c when
// the plan (enum/plan.h) has chosen the dense engine. Per position it keeps one byte, a
// counter of attack moves not yet known to lose for the mover and then the remoteness, and
// bit matrix pairs (one matrix per seat to move) of the positions decided and won so far and
// of each level's new wins and losses (1.75 bytes; plan.c holds the figure); the split moves
// of (A, B), runs in row B of the other side's won matrix, are checked whole when the attack
// counter is zero. Same results as backward_solve with one side, for any number of threads.
// The levels themselves are dense_level.c, which the MPI solve (mpi/solve.c) runs over a
// rank's rows; this is their single-process caller, which allocates and compacts.
#ifndef CHOPSTICKS_SOLVER_DENSE_SOLVE_H
#define CHOPSTICKS_SOLVER_DENSE_SOLVE_H

#include <stdint.h>

#include "bitmatrix.h"
#include "checkpoint.h"
#include "dense.h"
#include "position.h"
#include "progress.h"
#include "retrograde.h"

// Bytes the solve needs besides the reachable matrix and the tables: its peak, which the
// conversion to the solution's form stays under.
uint64_t dense_solve_bytes(const struct dense *d);
// The same per position: 1 byte and six bit matrices (1.75).
// The stage of its checkpoints (checkpoint.h).
#define DENSE_SOLVE_STAGE "dense"
// Solves the positions in reachable (A-major pair, from dense_walk), which it frees as soon
// as it has read it, into *out (finished: standard index order, overflow sorted, counts set;
// the same values, remoteness, levels and errors as backward_solve with one side). With a
// checkpoint ck (NULL: none) it offers its state at every level boundary (checkpoint_level)
// and, when ck holds a state of DENSE_SOLVE_STAGE, starts from it instead (reachable is then
// empty: bits NULL). On failure *out is left empty. Free with solution_free.
enum status dense_solve(const struct dense *d, struct bitpair *reachable,
			const struct progress *progress, struct checkpoint *ck, struct solution *out,
			unsigned *levels, struct error *err);

#endif

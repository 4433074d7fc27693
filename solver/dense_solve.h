// SPDX-License-Identifier: MIT
// The two-player retrograde solve on dense tables (enum/dense.h), used by retrograde.c when
// the plan (enum/plan.h) has chosen the dense engine. Per position it keeps one byte, a
// counter of attack moves not yet known to lose for the mover and then the remoteness, and
// bit matrix pairs (one matrix per seat to move) of the positions decided and won so far and
// of each level's new wins and losses (1.75 bytes; plan.c holds the figure); the split moves
// of (A, B), runs in row B of the other side's won matrix, are checked whole when the attack
// counter is zero. Same results as
// backward_solve with one side, for any number of threads.
#ifndef CHOPSTICKS_SOLVER_DENSE_SOLVE_H
#define CHOPSTICKS_SOLVER_DENSE_SOLVE_H

#include <stdint.h>

#include "bitmatrix.h"
#include "cell.h"
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

// The state of a dense solve at a level boundary as checkpoint sections, shared with the MPI
// solve (mpi/solve.c: a rank's rows of it) so that both name them alike: counts (counts[2]:
// u64 positions decided, reachable), bytes (byte_count of them), overflow (the list of
// overflow, 16 bytes per entry), then won, decided, zero_t, win_new and loss_new
// (matrix[0 .. DENSE_STATE_MATRICES), matrix_bytes each: a whole pair, both sides, in the
// dense solve). Pointers only: nothing is copied.
#define DENSE_STATE_MATRICES 5
#define DENSE_STATE_SECTIONS (DENSE_STATE_MATRICES + 3)
void dense_state_sections(uint64_t *counts, uint8_t *bytes, uint64_t byte_count, const struct solution *overflow,
			  uint64_t *const *matrix, uint64_t matrix_bytes, struct checkpoint_section *sec);
// Before a state is loaded, its overflow list gets room from solve_state_overflow_room
// (solve_state.h).

// Two kernels shared with the MPI solve (mpi/solve.c), which holds only some rows:
// Whether every own-hands move of (a, b) of side t, to (b, a') of side other(t), is won for
// its mover, given won_b, row b of side other(t) of the pair of won positions. Thread-safe.
bool dense_splits_won(const struct dense *d, unsigned t, const uint64_t *won_b, uint32_t a);
// Level 0 of the reachable position (a, b) of side pos->seat, which is pos, with hit its
// side's attack tables (dense_reach_of(d, pos->seat, DENSE_HIT)): a terminal one (or one
// without moves, which the rules do not produce) is decided at once, a win or a loss for the
// player to move; any other gets *attacks, its distinct attack moves (0 for a terminal).
// Thread-safe with one scratch per thread.
enum dense_seed { DENSE_SEED_WIN, DENSE_SEED_LOSS, DENSE_SEED_COUNT };
enum dense_seed dense_seed(const struct dense *d, const struct pos *pos, uint32_t a, uint32_t b,
			   const struct dense_reach_tables *hit, struct dense_scratch *scratch, size_t *attacks);

#endif

// SPDX-License-Identifier: MIT
// The dense retrograde solve with its byte per position and its bit matrices cut into the
// ranks' rows (plan_mpi_rows): rank r holds the positions (A, B) whose player to move A is
// one of its rows. The levels are the solver's own (solver/dense_level.c, run over the rank's
// rows); this supplies their hooks, the exchanges of exchange.h that bring what a level needs
// from other rows (README "Running on a cluster" and doc/internals.md give the steps and the
// bytes). The decisions, levels and errors are those of dense_solve, for any number of ranks
// and threads. Only for the dense engine with equal hands (one side, d->sides == 1).
#ifndef CHOPSTICKS_MPI_SOLVE_H
#define CHOPSTICKS_MPI_SOLVE_H

#include "dense.h"
#include "exchange.h"
#include "progress.h"
#include "rank_state.h"
#include "retrograde.h"
#include "stats.h"

// This rank's share of a solved game: rows [lo, hi); per position (a, b) of them the byte
// cnt[(a - lo) * n + b] (its remoteness, 255 past 254, once decided; DENSE_LEVEL_UNREACHABLE
// for an unreachable one), whether it is decided and won (bit b of row a), and the overflow
// list of its positions (in standard indexes, sorted).
struct mpi_share {
	const struct dense *d;
	uint32_t lo, hi;
	uint8_t *cnt;
	struct slab won, decided;
	struct solution overflow; // only overflow and overflow_count are used
	unsigned levels;
};

// The stage of its checkpoints (rank_state.h).
#define MPI_SOLVE_STAGE "dense-rows"

// Solves the positions of reachable (this rank's rows, from rows_walk; freed once read)
// into *out; reachable_count is the number of them over all ranks (for the progress). With
// checkpoints ck (NULL: none) it offers its state at every level boundary
// (rank_state_boundary) and, when the state to resume from is of MPI_SOLVE_STAGE, starts
// from it instead (reachable and reachable_count are then unused). Collective; every rank
// gets the same status: STATUS_FAILURE (allocation, a checkpoint not written), STATUS_BAD_INPUT
// (a remoteness past SOLUTION_MAX_REMOTENESS, a damaged checkpoint), STATUS_INTERRUPTED, with
// err set; *out is then empty. Free with mpi_share_free.
enum status mpi_solve(const struct dense *d, struct exchange *ex, struct slab *reachable,
		      uint64_t reachable_count, const struct progress *progress, struct stats *stats,
		      struct rank_state *ck, struct mpi_share *out, struct error *err);
void mpi_share_free(struct mpi_share *s);

// The value of position (a, b) of this rank's rows, and its remoteness (0 for a draw or an
// unreachable position).
enum value mpi_share_value(const struct mpi_share *s, uint32_t a, uint32_t b);
unsigned mpi_share_remoteness(const struct mpi_share *s, uint32_t a, uint32_t b);

#endif

// SPDX-License-Identifier: MIT
// The dense walk with every matrix cut into the ranks' rows (plan_mpi_rows), for the MPI
// solve: each rank holds its rows of the reachable set, the frontier, the next layer and
// their transposes (five bit matrices over its rows), never the whole matrices. Per layer
// the frontier's transpose and the attacks' results move between ranks by exchange.h; the
// layers, counts and reachable set are those of dense_walk (the same level loop, layers.h).
// Not the walk of `chopsticks-mpi count`, which keeps whole matrices (walk.h).
#ifndef CHOPSTICKS_MPI_ROWS_WALK_H
#define CHOPSTICKS_MPI_ROWS_WALK_H

#include "dense.h"
#include "enumerate.h"
#include "exchange.h"
#include "progress.h"
#include "rank_state.h"
#include "stats.h"

// Walks from the start of d->rules. Fills out's counts (out->size the whole index space,
// depth NULL: the counts are those of every rank together), *seen (this rank's rows of the
// reachable positions, A-major; free with slab_free) and, if depth is not NULL, depth[(a -
// lo) * n + b] (rows * n entries, ENUMERATE_NONE for unreached: any number of layers).
// Collective; every rank gets the same status: STATUS_FAILURE (allocation) or
// STATUS_INTERRUPTED with err set.
enum status rows_walk(const struct dense *d, struct exchange *ex, const struct progress *progress,
		      struct stats *stats, struct enumeration *out, struct slab *seen, uint32_t *depth,
		      struct error *err);

// rows_walk as the first state of a solve with checkpoints ck (NULL: rows_walk alone), which
// gives *count, the positions reachable over all ranks, and *seen. When ck has a state to
// resume from the walk does not run, unless depth is asked for (the distances are not kept):
// *seen comes from a state of the walk, and stays empty (bits NULL, *count 0) for a state of
// the solve, which mpi_solve resumes from. Else the walk's end is offered to ck as the state
// "walk" (sections "reachable", this rank's rows of it, and "counts"). Errors as rows_walk and
// rank_state_boundary, the same on every rank.
enum status rows_walk_state(const struct dense *d, struct exchange *ex, const struct progress *progress,
			    struct stats *stats, struct rank_state *ck, uint64_t *count, struct slab *seen,
			    uint32_t *depth, struct error *err);

#endif

// SPDX-License-Identifier: MIT
// The breadth-first walk of enumerate.h spread over the ranks of an MPI communicator. The
// index space 0..size is cut into contiguous blocks, one per rank; a rank keeps the distance
// byte of its own block only, plus a replicated bitmap of one bit per position for the next
// layer (Graph500 style). Layer and terminal counts equal those of enumerate_reachable for
// any number of ranks and threads. Not for the solver: no rank ever holds the whole walk.
// For two players, walk_dense shares the much faster dense walk instead.
#ifndef CHOPSTICKS_MPI_WALK_H
#define CHOPSTICKS_MPI_WALK_H

#include <mpi.h>
#include <stdint.h>

#include "dense.h"
#include "enumerate.h"
#include "error.h"
#include "progress.h"
#include "rules.h"

struct walk_block {
	uint64_t lo, hi; // this rank owns the indexes lo .. hi-1
};

// The block of rank of ranks (ranks >= 1): sizes differ by at most one, lower ranks larger.
struct walk_block walk_block_of(uint64_t size, int rank, int ranks);
// A rank needs plan_block_bytes (plan.h) of its block besides the rules tables.

// Walks from rules->start; a collective call on comm, with the same rules on every rank.
// On success fills out like enumerate_reachable, except that out->size is the block length
// (hi - lo) and out->depth (out->wide past 254 moves, when the walk runs again with 4 bytes
// per position) holds the distances of the block only (index i - lo); the counts are global
// and the same on every rank. On failure every rank returns the same status (the largest of
// any rank's: STATUS_FAILURE for allocation, STATUS_INTERRUPTED when a rank's stop flag was
// set) with the message in err, and
// leaves *out empty. The message comes from the failing rank and is known to all of them.
// Free with enumeration_free. MPI must be initialised with at least MPI_THREAD_FUNNELED.
enum status walk_reachable(const struct rules *rules, MPI_Comm comm, const struct progress *progress,
			   struct enumeration *out, struct walk_block *block, struct error *err);

// The dense walk (enum/dense_walk.h) shared by the ranks of comm: each rank expands a
// contiguous share of the rows and holds the five bit matrices whole (dense_walk_bytes),
// merged by allreduce at every layer. Fills out like enumerate_reachable without the
// distances (out->depth stays NULL); every rank returns the same status. A collective call.
enum status walk_dense(const struct dense *d, MPI_Comm comm, const struct progress *progress,
		       struct enumeration *out, struct error *err);

// Agrees on a status over comm: returns the largest status of any rank and, when it is not
// STATUS_OK, copies the message of the lowest rank holding that status into every err.
// A collective call.
enum status walk_agree(MPI_Comm comm, enum status st, struct error *err);

#endif

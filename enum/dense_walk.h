// SPDX-License-Identifier: MIT
// The breadth-first walk on dense tables (see dense.h): each layer is a pair of bit matrices
// (one per side), expanded row by row (splits as runs of bits, attacks into the transposed
// pair), so no two threads write the same row and no atomics are needed. Fills the same enumeration as the
// generic walk in enumerate.c, which calls it when the plan (plan.h) is dense.
#ifndef CHOPSTICKS_ENUM_DENSE_WALK_H
#define CHOPSTICKS_ENUM_DENSE_WALK_H

#include "bitmatrix.h"
#include "dense.h"
#include "enumerate.h"
#include "layers.h"

// A walk shared by several processes (the MPI walk, mpi/): each expands its rows of the
// frontier and its transpose, merge combines the next layers (bitwise or, in place, on every
// process) and the flags, and every process then closes the whole layer. The counts are
// those of a walk by one process, except move_count, which is this process's share.
struct dense_share {
	uint32_t row_lo, row_hi; // rows this process expands, of all sides (dense_row_side)
	// Merges pairs m[0 .. count) of all processes (bitpair_words each) and returns the flags
	// of all (LAYERS_*, layers.h); a collective call, made once before the first layer with
	// count 0 and then once per layer.
	int (*merge)(void *ctx, struct bitpair *m, unsigned count, int flags);
	void *ctx;
};

// Bytes the walk needs besides the depth array and the tables.
uint64_t dense_walk_bytes(const struct dense *d);
// Fills out (zeroed, except out->size) from the start of d->rules; share is NULL for a walk
// by this process alone. Distances are not kept (out->depth and out->wide NULL), or kept in
// out->depth or out->wide, all unseen. If seen is not NULL it receives the reachable
// positions (A-major pair; free with bitpair_free). Returns STATUS_FAILURE (allocation),
// STATUS_BAD_INPUT (past 254 moves in out->depth: out->deep set) or STATUS_INTERRUPTED with
// err set.
enum status dense_walk(const struct dense *d, const struct dense_share *share,
		       const struct progress *progress, struct enumeration *out,
		       struct bitpair *seen, struct error *err);
// The walk's two expansion kernels, for walks that hold only some rows (mpi/): the own-hands
// moves of the positions (a, b) of side other(t) (a a mover of that side) of row b of side t
// of the transposed frontier (bits a) set their runs in row b of side t of the next layer;
// the attacks of the positions (a, b) of row a of side s of the frontier (bits b) set their
// results b' in row a of side s of the transposed next layer. Rows of `words` words. Each
// returns the moves it followed; thread-safe when no two calls write the same row.
uint64_t dense_walk_splits(const struct dense *d, unsigned t, const uint64_t *front_t, uint32_t words,
			   uint64_t *next);
uint64_t dense_walk_attacks(const struct dense *d, unsigned s, uint32_t a, const uint64_t *front,
			    uint32_t words, uint64_t *next_t, struct dense_scratch *scratch);
// Sets in seen (cleared, bitpair_init(seen, d->sides, d->n)) the positions with a distance in
// e.
void dense_seen_from_depth(const struct dense *d, const struct enumeration *e, struct bitpair *seen);

#endif

// SPDX-License-Identifier: MIT
// The level loop every breadth-first walk shares (generic: enumerate.c, dense: dense_walk.c,
// MPI: mpi/walk.c): progress, the stop flag, failures, the layer counts, the move count and
// the 254-layer limit of distances in bytes live here; an engine only expands a layer, merges it with the other
// processes sharing the walk, and closes the next one. Not for callers other than walks.
#ifndef CHOPSTICKS_ENUM_LAYERS_H
#define CHOPSTICKS_ENUM_LAYERS_H

#include <stdint.h>

#include "enumerate.h"
#include "error.h"
#include "progress.h"
#include "rules.h"

enum { LAYERS_STOPPED = 1, LAYERS_FAILED = 2 };

struct layers_engine {
	// Expands the frontier at distance layer (not called once a stop is asked for), adding
	// the moves it sees to *moves; returns LAYERS_FAILED when out of memory, else 0.
	int (*expand)(void *ctx, unsigned layer, uint64_t *moves);
	// Combines flags (LAYERS_*) with those of the other processes sharing the walk and
	// merges their expansions into this one's; returns the flags of all. A collective
	// call, made once per layer; NULL for a walk by this process alone.
	int (*merge)(void *ctx, int flags);
	// Settles the layer at distance next (ENUMERATE_BYTE_LAYERS in a narrow walk: only
	// whether it is empty): returns how many positions it holds, over all processes, and may
	// record its terminal positions in e->layer_terminal[next] (room made for it).
	uint64_t (*close)(void *ctx, unsigned next);
	// Once every layer is closed, fills what close did not (e->layer_terminal, the
	// move count of all processes); NULL when nothing is left.
	void (*finish)(void *ctx, struct enumeration *e);
	// Fills err after a LAYERS_FAILED; NULL: "out of memory during the walk".
	enum status (*failed)(void *ctx, struct error *err);
	void *ctx;
	bool narrow; // distances are kept in bytes: a walk past 254 moves is refused
};

// Runs the walk from its start (already at distance 0: layer_count[0] becomes 1) until a
// layer is empty, filling the counts of e (zeroed but for size and depth) from the
// engine's: layers, max_depth, reachable, terminal and moves. Returns STATUS_INTERRUPTED,
// STATUS_FAILURE or, in a narrow walk past 254 moves, STATUS_BAD_INPUT with e->deep set,
// with err set.
enum status layers_run(const struct layers_engine *engine, const struct progress *progress,
		       struct enumeration *e, struct error *err);

// Adds to e->layer_terminal[d] the terminal positions lo .. hi-1 at distance d, the
// distance of i being enumeration_depth(e, i - lo) (every d up to e->max_depth); parallel
// when OpenMP runs and hi - lo is at least PARALLEL_MIN.
void layers_count_terminals(const struct rules *rules, struct enumeration *e, uint64_t lo, uint64_t hi);

#endif

// SPDX-License-Identifier: MIT
// The parallel breadth-first walk from the start over the implicit move graph. It records
// the distance from the start of every reachable position (one byte each), the size of each
// layer, and the terminal positions. Results are the same for any number of threads.
#ifndef CHOPSTICKS_ENUM_ENUMERATE_H
#define CHOPSTICKS_ENUM_ENUMERATE_H

#include <stdint.h>

#include "error.h"
#include "progress.h"
#include "rules.h"

#define ENUMERATE_UNSEEN 255
#define ENUMERATE_MAX_LAYERS 255 // distances 0..254

struct enumeration {
	uint64_t size;            // rules->size
	uint8_t *depth;           // size entries: distance from the start, or ENUMERATE_UNSEEN
	uint64_t reachable_count; // positions with a distance (terminal ones included)
	uint64_t terminal_count;  // reachable terminal positions
	uint64_t move_count;      // moves (edges) out of reachable positions, passes included
	unsigned max_depth;       // largest distance
	uint64_t layer_count[ENUMERATE_MAX_LAYERS];    // reachable positions at each distance
	uint64_t layer_terminal[ENUMERATE_MAX_LAYERS]; // of which terminal
};

struct plan;

// Walks from rules->start on the plan's engine (plan.h), using the OpenMP thread count in
// force. On failure (allocation: STATUS_FAILURE; more than 254 layers: STATUS_BAD_INPUT;
// stop flag: STATUS_INTERRUPTED) sets err and leaves *out empty. Free with enumeration_free.
enum status enumerate_plan(const struct plan *plan, const struct progress *progress,
			   struct enumeration *out, struct error *err);
// The same, building a plan of its own for the call (tests, one-off walks).
enum status enumerate_reachable(const struct rules *rules, const struct progress *progress,
				struct enumeration *out, struct error *err);
// The same walk without the dense or many-player engine (dense_walk.h, many_walk.h): what
// enumerate_plan runs on a generic plan, and what tests compare the other walks with.
enum status enumerate_reachable_generic(const struct rules *rules, const struct progress *progress,
					struct enumeration *out, struct error *err);
void enumeration_free(struct enumeration *e);

#endif

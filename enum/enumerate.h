// SPDX-License-Identifier: MIT
// The parallel breadth-first walk from the start over the implicit move graph. It records
// the distance from the start of every reachable position (one byte each, or four in a game
// that lasts past 254 moves), the size of each layer, and the terminal positions. Results are the same for any number of threads.
#ifndef CHOPSTICKS_ENUM_ENUMERATE_H
#define CHOPSTICKS_ENUM_ENUMERATE_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"
#include "progress.h"
#include "rules.h"

#define ENUMERATE_UNSEEN 255         // a distance byte: not reached
#define ENUMERATE_BYTE_LAYERS 255    // distances a byte holds: 0..254
#define ENUMERATE_NONE UINT32_MAX    // enumeration_depth of a position not reached

// Distances are a byte per index (depth) while the walk stays within 254 moves of the
// start; a walk that passes them runs again with 4 bytes per index (wide), so a normal game
// keeps its byte and a long one (one hand at rollover 150: 298 moves) any depth.
struct enumeration {
	uint64_t size;            // rules->size
	uint8_t *depth;           // size entries: distance from the start, or ENUMERATE_UNSEEN
	uint32_t *wide;           // instead of depth past 254 moves: distance, or ENUMERATE_NONE
	bool deep;                // set by a walk in bytes that passed 254 moves (then refused)
	uint64_t reachable_count; // positions with a distance (terminal ones included)
	uint64_t terminal_count;  // reachable terminal positions
	uint64_t move_count;      // moves (edges) out of reachable positions, passes included
	unsigned max_depth;       // largest distance
	unsigned layer_room;      // entries of the two arrays below (enumeration_room)
	uint64_t *layer_count;    // reachable positions at each distance 0..max_depth
	uint64_t *layer_terminal; // of which terminal
};

// Whether e holds distances (either width).
static inline bool enumeration_has_depth(const struct enumeration *e)
{
	return e->depth || e->wide;
}

// The distance of index i from the start, or ENUMERATE_NONE when it was not reached.
static inline unsigned enumeration_depth(const struct enumeration *e, uint64_t i)
{
	if (e->wide)
		return e->wide[i];
	return e->depth[i] == ENUMERATE_UNSEEN ? ENUMERATE_NONE : e->depth[i];
}

static inline bool enumeration_reached(const struct enumeration *e, uint64_t i)
{
	return enumeration_depth(e, i) != ENUMERATE_NONE;
}

// Records distance d of index i (below 255 unless e is wide).
static inline void enumeration_set_depth(struct enumeration *e, uint64_t i, unsigned d)
{
	if (e->wide)
		e->wide[i] = d;
	else
		e->depth[i] = (uint8_t)d;
}

// Empties e for an index space of size with every distance unseen: in bytes (depth), or
// wide (4 bytes per index). STATUS_FAILURE with err set when out of memory.
enum status enumeration_alloc(struct enumeration *e, uint64_t size, bool wide, struct error *err);
// Makes room for the counts of layers 0..layers-1 (new entries zero); false when out of
// memory.
bool enumeration_room(struct enumeration *e, unsigned layers);

struct plan;

// Walks from rules->start on the plan's engine (plan.h), using the OpenMP thread count in
// force. On failure (allocation: STATUS_FAILURE; stop flag: STATUS_INTERRUPTED) sets err
// and leaves *out empty. Free with enumeration_free.
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

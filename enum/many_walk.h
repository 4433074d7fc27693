// SPDX-License-Identifier: MIT
// The breadth-first walk on the many-player tables (many.h): frontier, next layer and the
// positions seen so far as bit sets over the standard index; a child is claimed by the
// thread whose atomic or first sets its bit in the seen set, so counts and distances do not
// depend on the schedule. Fills the same enumeration as the generic walk in enumerate.c,
// which calls it when the plan (plan.h) has chosen this engine.
#ifndef CHOPSTICKS_ENUM_MANY_WALK_H
#define CHOPSTICKS_ENUM_MANY_WALK_H

#include "enumerate.h"
#include "many.h"

// Bytes of one of its bit sets over an index space of size, as the seen set handed out.
uint64_t many_walk_set_bytes(uint64_t size);
// Bytes the walk needs besides the depth array and the tables: three bit sets.
uint64_t many_walk_bytes(uint64_t size);
// Fills out (zeroed, except out->size) from the start of m->rules. Distances are not kept
// (out->depth and out->wide NULL), or kept in out->depth or out->wide, all unseen. If seen
// is not NULL it receives the reachable positions, bit i of word i / 64 (free with free()).
// Returns STATUS_FAILURE (allocation), STATUS_BAD_INPUT (past 254 moves in out->depth:
// out->deep set) or STATUS_INTERRUPTED with err set.
enum status many_walk(const struct many *m, const struct progress *progress, struct enumeration *out,
		      uint64_t **seen, struct error *err);

#endif

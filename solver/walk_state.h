// SPDX-License-Identifier: MIT
// The walk before a solve, with checkpoints (checkpoint.h): its reachable positions are the
// first state a solve saves (stage "walk"), and any later state that holds them gives them
// back, so a resumed solve never walks again (the reachable set, for the dense and the
// many-player solves, held only by the state "walk": their later states do without it). Not for the walk that gives the distances of
// CSV output and --export: it comes after the solve and is not saved.
#ifndef CHOPSTICKS_SOLVER_WALK_STATE_H
#define CHOPSTICKS_SOLVER_WALK_STATE_H

#include <stdint.h>

#include "bitmatrix.h"
#include "checkpoint.h"
#include "dense.h"
#include "enumerate.h"
#include "many.h"
#include "plan.h"

// The counts of an enumeration as one section: reachable, terminal, moves, max_depth, then
// the first 255 layers and their terminal positions (u64 each, host order).
#define WALK_STATE_COUNTS (4 + 2 * ENUMERATE_BYTE_LAYERS)
#define WALK_STATE_SECTIONS 2

// e as sections s[0 .. WALK_STATE_SECTIONS): its distances, and its counts, written into
// counts (WALK_STATE_COUNTS entries) for a save; walk_state_enumerate reads them back.
void walk_state_sections(const struct enumeration *e, uint64_t *counts, struct checkpoint_section *s);

// enumerate_plan with a checkpoint (ck NULL: the plain walk): the enumeration the state ck
// holds, when it holds one (then the walk does not run), else the walk's, offered to ck as
// the state "walk" (checkpoint_level). Errors as enumerate_plan and checkpoint_load, *out
// then empty. Free with enumeration_free.
enum status walk_state_enumerate(const struct plan *plan, const struct progress *progress,
				 struct checkpoint *ck, struct enumeration *out, struct error *err);
// The same for the dense solve: its reachable pair (A-major, bitpair_init(d->sides, d->n);
// free with bitpair_free), the dense walk's without distances or the held state's.
enum status walk_state_dense(const struct dense *d, const struct progress *progress,
			     struct checkpoint *ck, struct bitpair *reachable, struct error *err);
// The same for the many-player solve: its reachable positions (*reachable: bit i of word
// i / 64, many_walk_set_bytes; free with free()), the many-player walk's without distances
// or the held state's; *reachable NULL on failure.
enum status walk_state_many(const struct many *m, const struct progress *progress,
			    struct checkpoint *ck, uint64_t **reachable, struct error *err);

#endif

// SPDX-License-Identifier: MIT
// What the level-boundary states (checkpoint.h) of the dense and the many-player solves
// share: two counts, and the overflow list of the solution being built, saved as it stands
// (in the order the levels added it; solution_finish sorts it at the end) and read back
// with room for the levels still to run. Not for a finished solution (a saved table).
#ifndef CHOPSTICKS_SOLVER_SOLVE_STATE_H
#define CHOPSTICKS_SOLVER_SOLVE_STATE_H

#include "checkpoint.h"
#include "retrograde.h"

// The counts a state holds besides the arrays (the section "counts", u64 each): the states
// decided before its level, and the reachable positions (for progress reports).
struct solve_state_counts {
	uint64_t done, reachable;
};
struct checkpoint_section solve_state_counts(struct solve_state_counts *c);
// The overflow list of out (between solution_init or a memset and solution_finish) as the
// section "overflow": u64 pairs (index, remoteness), 16 bytes an entry.
struct checkpoint_section solve_state_overflow(struct solution *out);
// The wide array of out (retrograde.h) as the section "wide": 2 bytes a position, or empty
// without one.
struct checkpoint_section solve_state_wide(struct solution *out);
// Allocates out's overflow list (empty before) for the entries of ck's section "overflow",
// and sets its count to them, for checkpoint_load to fill. STATUS_BAD_INPUT when the section
// is missing or not whole entries, STATUS_FAILURE when out of memory.
enum status solve_state_overflow_room(const struct checkpoint *ck, struct solution *out, struct error *err);
// Loads the state ck holds into sec[0 .. n) (checkpoint_load), out's overflow list (empty
// before) allocated first for it: the entry of sec named "overflow" is set to it, and
// solution_overflow_add grows it further; so is a wide array when the state has one (the
// entry named "wide"). *level gets the state's level. Errors as
// checkpoint_load, STATUS_BAD_INPUT when the overflow section is missing or not whole
// entries, STATUS_FAILURE when out of memory.
enum status solve_state_load(struct checkpoint *ck, struct solution *out, struct checkpoint_section *sec,
			     unsigned n, unsigned *level, struct error *err);

#endif

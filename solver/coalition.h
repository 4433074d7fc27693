// SPDX-License-Identifier: MIT
// The solver for three or more players (it accepts two as well): for every reachable
// position and every slot t, the duel of the player at slot t (the target) against all the
// others playing together. Not a solution of the many-player game itself (no one plays for
// themselves alone). Invariant: the duels are kept in the compact form of retrograde.h, one
// state per (position, slot), identical for any engine and thread count.
#ifndef CHOPSTICKS_SOLVER_COALITION_H
#define CHOPSTICKS_SOLVER_COALITION_H

#include <stdint.h>

#include "cell.h"
#include "enumerate.h"
#include "error.h"
#include "progress.h"
#include "retrograde.h"
#include "rules.h"

#define COALITION_NONE UINT64_MAX

struct plan;

struct coalition {
	unsigned players;
	uint64_t size;   // rules->size
	uint64_t stride; // the duel of slot t at idx is state t * stride + idx of sol
	// players * stride states, each from the view of the side to move there (the target
	// when t == 0); VALUE_UNKNOWN if unreachable. 1.25 bytes per state.
	struct solution sol;
	uint64_t reachable_count; // reachable positions (terminal ones included)
	// Over reachable positions (terminal ones included, where the winner has won):
	uint64_t forced_count[RULES_MAX_PLAYERS]; // where the player at slot t can force a win
	// where the others together can stop the player at slot t (its duel a loss), and where
	// neither side can force anything (a draw): with forced_count, every reachable position
	// once per slot
	uint64_t stopped_count[RULES_MAX_PLAYERS], drawn_count[RULES_MAX_PLAYERS];
	uint64_t nobody_count;  // where no player can force a win
	uint64_t nobody_first;  // the smallest such index, or COALITION_NONE
	uint64_t open_count;    // where every duel is a draw: no player and no coalition can
				// force anything
	uint64_t open_first;    // the smallest such index, or COALITION_NONE
};

// Bytes the generic engine's solve allocates (4 per position and player: 16-bit cells and
// counters, before the compact copy); rules tables and the enumeration come on top;
// UINT64_MAX when past 64 bits. The plan (plan.h) has the figures of every engine.
uint64_t coalition_bytes(const struct rules *rules);

// Solves every duel at every position reachable in e (an enumeration of these rules; NULL:
// the solver walks from the start itself, keeping only which positions are reachable) on
// the plan's engine (plan.h), using the OpenMP thread count in force. A duel ends at a
// terminal position: the target wins if movegen_winner names its slot, the coalition
// otherwise. Remoteness: the winning side hurries, the other delays. Failures as
// retrograde_solve (but any player count is accepted), with *out left empty. Free with
// coalition_free.
// With a checkpoint ck (NULL: none) the solve starts from the state ck holds, if any, and
// offers ck its state at every level boundary (checkpoint_level). On the many-player engine
// e must then be NULL: its own walk is the first state (walk_state_many), skipped on resume;
// on the generic engine e comes from walk_state_enumerate on the same ck, and its later
// states carry the walk. Failures also those of checkpoint_load and checkpoint_save, and
// STATUS_INTERRUPTED after a stop saves the state.
struct checkpoint;
enum status coalition_solve_plan(const struct plan *plan, const struct enumeration *e,
				 const struct progress *progress, struct checkpoint *ck,
				 struct coalition *out, struct error *err);
// The same without a checkpoint, building a plan of its own for the call.
enum status coalition_solve(const struct rules *rules, const struct enumeration *e,
			    const struct progress *progress, struct coalition *out, struct error *err);
// The same on the generic engine (backward.c) whatever the plan would choose: the
// reference the tests compare the many-player engine with.
enum status coalition_solve_generic(const struct rules *rules, const struct enumeration *e,
				    const struct progress *progress, struct coalition *out,
				    struct error *err);

// The duel of the player at slot (< players) of reachable position idx, from that player's
// view: VALUE_WIN when they can force a win against everyone else, VALUE_LOSS when the others
// together can force them not to win, VALUE_DRAW when neither can; VALUE_UNKNOWN if idx is
// unreachable. At the start, slot s is seat s + 1.
enum value coalition_value(const struct coalition *c, uint64_t idx, unsigned slot);
// Moves to the end of that duel under perfect play; 0 for a draw.
unsigned coalition_remoteness(const struct coalition *c, uint64_t idx, unsigned slot);
// The slot of the player who can force a win at reachable idx, or -1 if no one can (at most
// one player can).
int coalition_forcer(const struct coalition *c, uint64_t idx);
void coalition_free(struct coalition *c);

#endif

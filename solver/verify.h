// SPDX-License-Identifier: MIT
// `chopsticks verify`: checks a saved table (table_file.h) against its rules alone, without
// the solvers: a walk from the start over the rules' moves (movegen.h) must find exactly the
// stored positions, and every stored value must follow from its children's: a terminal
// position carries the terminal value with remoteness 0; a win in r has a child lost in
// r - 1 and none lost sooner; a loss in r has only won children, the slowest won in r - 1;
// a draw has no lost child and a drawn one. The header's counts, longest line and overflow
// entries must match the data. Three or more players: the same for every duel state (slot
// t, position idx), whose children are the states (t - 1 mod players, child), the side to
// move there being the same side again when neither slot is 0 (verify_coalition.c). The first failure reported is the smallest index that fails
// at the smallest distance from the start, the same for any thread count.
#ifndef CHOPSTICKS_SOLVER_VERIFY_H
#define CHOPSTICKS_SOLVER_VERIFY_H

#include <stdint.h>

#include "error.h"
#include "progress.h"
#include "rules.h"
#include "table_file.h"

enum verify_fault {
	VERIFY_OK,
	VERIFY_START,      // the start is not stored
	VERIFY_MISSING,    // a child of a stored position is not stored
	VERIFY_UNREACHED,  // a stored position the walk does not reach
	VERIFY_TERMINAL,   // a terminal position without the terminal value
	VERIFY_WIN,        // a win without a child lost one move sooner, or with a faster one
	VERIFY_LOSS,       // a loss with a child not won, or whose slowest child is not r - 1
	VERIFY_DRAW,       // a draw with a lost child or without a drawn one
	VERIFY_STRAY,      // remoteness where none belongs (draw, unreachable) or a bad overflow
	VERIFY_HEADER,     // counts or the longest line disagree with the data
};

struct verify_report {
	enum verify_fault fault;
	uint64_t at;        // the position that fails (VERIFY_HEADER: none)
	unsigned slot;      // three or more players: the slot of the duel that fails there
	uint64_t checked;   // positions checked
	unsigned players;   // the table's
	// Three or more players, when every check holds: per slot t (seat t + 1 counted from the
	// player to move), the reachable positions by the value of its duel from that seat's
	// view (enum value; as `solve` counts them).
	uint64_t duels[RULES_MAX_PLAYERS][4];
	char why[256];      // one line
};

// Where verifying t (opened) fits max_bytes (0: no limit): VERIFY_IN_MEMORY, the check
// beside format 2's decoded sections (1.25 bytes an index); VERIFY_SCRATCH, the check in
// memory and the sections in a scratch file (table_load_whole); VERIFY_TOO_LARGE, not even
// the check. *need: the bytes of memory the first two ask, the check's for the last.
enum verify_room { VERIFY_IN_MEMORY, VERIFY_SCRATCH, VERIFY_TOO_LARGE };
enum verify_room verify_room(const struct rules *rules, const struct table_map *t, uint64_t max_bytes, double *need);

// Checks t (already opened, so its checksum holds) against rules (built from its settings).
// STATUS_OK with report->fault telling the verdict; STATUS_FAILURE (memory) or
// STATUS_INTERRUPTED with err set.
enum status verify_table(const struct rules *rules, const struct table_map *t, const struct progress *progress,
			 struct verify_report *report, struct error *err);

#endif

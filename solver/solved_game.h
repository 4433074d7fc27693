// SPDX-License-Identifier: MIT
// A whole game solved on its plan: two players by retrograde analysis (retrograde.h), three
// or more by the coalition duels (coalition.h), and, when asked, the walk's distances. The
// one driver the programs (programs/solved.c) and the library (lib/) solve with.
#ifndef CHOPSTICKS_SOLVER_SOLVED_GAME_H
#define CHOPSTICKS_SOLVER_SOLVED_GAME_H

#include <stdbool.h>

#include "checkpoint.h"
#include "coalition.h"
#include "enumerate.h"
#include "plan.h"
#include "retrograde.h"

struct solved_game {
	const struct rules *rules;
	struct enumeration e;        // with distances: the walk; else only size and reachable_count
	struct solution solution;    // two players
	struct coalition coalition;  // three or more
};

// Solves the game of plan (whose rules must outlive *out) into *out, with the distances of
// the walk when distances is true (else e.depth is NULL and only size and reachable_count
// are set). Two players and the many-player engine solve first and walk after, so that the
// walk's distances are not held while the solve runs; the generic engine walks first (its
// solve needs the walk). ck (NULL: none) keeps and resumes the solve's state. Failures are
// those of the solve and the walk (STATUS_BAD_INPUT, STATUS_FAILURE, STATUS_INTERRUPTED),
// with *out freed. Free with solved_game_free.
enum status solved_game_run(const struct plan *plan, bool distances, const struct progress *progress,
			    struct checkpoint *ck, struct solved_game *out, struct error *err);
// Whether idx is reachable in a solved game, from its parts (programs/solved.h holds them
// apart): from the walk's distances e, else from the solution (two players) or the coalition.
bool solved_game_reachable(const struct rules *rules, const struct enumeration *e, const struct solution *solution,
			   const struct coalition *coalition, uint64_t idx);
// Frees what g holds (NULL rules: nothing) and clears it.
void solved_game_free(struct solved_game *g);

#endif

// SPDX-License-Identifier: MIT
// The two-player solver: win, loss or draw for the player to move, and remoteness, for every
// reachable position of any rules the engine supports. Not for three or more players (see
// coalition.h). Invariant: 2 bytes per position (value in the top 2 bits, remoteness in the
// low 14, see cell.h), identical for any thread count.
#ifndef CHOPSTICKS_SOLVER_RETROGRADE_H
#define CHOPSTICKS_SOLVER_RETROGRADE_H

#include <stdint.h>

#include "cell.h"
#include "enumerate.h"
#include "error.h"
#include "progress.h"
#include "rules.h"

#define SOLUTION_MAX_REMOTENESS CELL_MAX_REMOTENESS
#define SOLUTION_NONE UINT64_MAX

struct table_map;

struct solution {
	uint64_t size;             // rules->size
	uint16_t *cell;            // size cells; unreachable positions hold 0 (VALUE_UNKNOWN)
	const struct table_map *saved; // instead of cells: a saved table (table_file.h)
	uint64_t count[4];         // reachable positions by enum value (count[VALUE_UNKNOWN] = 0)
	unsigned max_remoteness;   // the longest forced line: largest remoteness of a win or loss
	uint64_t max_remoteness_at;// smallest index attaining it, SOLUTION_NONE if no win or loss
};

// Bytes retrograde_solve allocates (cells and child counters, 4 per position); the rules
// tables and the enumeration come on top; UINT64_MAX when past 64 bits. Use it to refuse
// instances before solving.
uint64_t retrograde_bytes(const struct rules *rules);

// Solves every position reachable in e (an enumeration of these rules; NULL: the solver
// walks from the start itself, keeping only which positions are reachable), using the OpenMP
// thread count in force. Terminal positions have remoteness 0 and are a loss for the player
// to move (a win when movegen_winner says the mover won, as in misere). Wins take the
// fastest win, losses the slowest loss; positions never decided are draws (remoteness 0).
// Failures, with err filled and *out left empty: STATUS_BAD_INPUT (three or more players, a
// remoteness past SOLUTION_MAX_REMOTENESS, more than 65535 moves in one position),
// STATUS_FAILURE (allocation), STATUS_INTERRUPTED. Free with solution_free.
enum status retrograde_solve(const struct rules *rules, const struct enumeration *e,
			     const struct progress *progress, struct solution *out,
			     struct error *err);
// The same on the plan's engine (plan.h) and rules, without building the engine again.
struct plan;
enum status retrograde_solve_plan(const struct plan *plan, const struct enumeration *e,
				  const struct progress *progress, struct solution *out,
				  struct error *err);

// The value of position idx (< size) for the player to move; VALUE_UNKNOWN if unreachable.
enum value solution_value(const struct solution *s, uint64_t idx);
// Its remoteness: moves to the end when the winner hurries and the loser delays; 0 for a
// draw, a terminal or an unreachable position.
unsigned solution_remoteness(const struct solution *s, uint64_t idx);
void solution_free(struct solution *s);

#endif

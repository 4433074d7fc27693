// SPDX-License-Identifier: MIT
// The two-player solver: win, loss or draw for the player to move, and remoteness, for every
// reachable position of any rules the engine supports. Not for three or more players (see
// coalition.h). Invariant: the solution is in the compact form of a saved table's sections
// (table_file.h), in standard index order, identical for any thread count.
#ifndef CHOPSTICKS_SOLVER_RETROGRADE_H
#define CHOPSTICKS_SOLVER_RETROGRADE_H

#include <stdbool.h>
#include <stdint.h>

#include "cell.h"
#include "enumerate.h"
#include "error.h"
#include "progress.h"
#include "rules.h"
#include "table_blocks.h"

#define SOLUTION_MAX_REMOTENESS CELL_MAX_REMOTENESS
#define SOLUTION_NONE UINT64_MAX
// A remoteness byte of 255 says: see the overflow list.
#define SOLUTION_OVERFLOW_MARK 255

// Example: position 5 a win in 3 and position 6 a loss in 300 give values[1] bits 2-3 = 1
// and bits 4-5 = 2, remoteness[5] = 3, remoteness[6] = 255 and the overflow entry (6, 300).
struct solution {
	uint64_t size;               // rules->size
	const uint8_t *values;       // ceil(size / 4) bytes: index i in bits 2 (i % 4) of byte i / 4
	                             // (enum value; unreachable positions hold VALUE_UNKNOWN)
	const uint8_t *remoteness;   // size bytes: min(remoteness, 255); 0 for draws, unreachable
	const uint8_t *overflow;     // overflow_count pairs (u64 index, u64 remoteness), LE,
	uint64_t overflow_count;     // ascending index: the positions marked 255
	// Or, in place of that list when it would outgrow 2 bytes a position (a deep game: the
	// dense solve of --hands 20 --rollover 6 marks over a billion), the remoteness of every
	// position marked 255 in wide[index] (size entries, 0 elsewhere), wide_count of them.
	// Only in memory: a table keeps the list (table_save refuses a solution that has wide).
	const uint16_t *wide;
	uint64_t wide_count;
	bool borrowed;               // the arrays belong to someone else (a mapped table)
	struct table_blocks *blocks; // a format 2 table read block by block (values and
	                             // remoteness NULL): solution_value reads through it
	uint64_t count[4];           // reachable positions by enum value (count[VALUE_UNKNOWN] = 0)
	unsigned max_remoteness;     // the longest forced line: largest remoteness of a win or loss
	uint64_t max_remoteness_at;  // smallest index attaining it, SOLUTION_NONE if no win or loss
	// While building (solution_init .. solution_finish): room for overflow entries, and the
	// most entries the list may take (0: no limit; the dense solve sets what --max-memory
	// leaves beside its tables, so a list past it fails as out of memory, not as the
	// kernel's kill).
	uint64_t overflow_room, overflow_max;
};

// Bytes the generic engine allocates (cells and child counters, 4 per position, before the
// compact copy); UINT64_MAX when past 64 bits, which retrograde_solve refuses.
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
// The same on the plan's engine (plan.h) and rules, without building the engine again, and
// with a checkpoint ck (NULL: none; with one, e must be NULL): the solve starts from the
// state ck holds, if any (the walk skipped), and offers ck its walk and its state at every
// level boundary (checkpoint_level). Failures also those of checkpoint_load and
// checkpoint_save, and STATUS_INTERRUPTED after a stop saves the state.
struct plan;
struct checkpoint;
enum status retrograde_solve_plan(const struct plan *plan, const struct enumeration *e,
				  const struct progress *progress, struct checkpoint *ck,
				  struct solution *out, struct error *err);


// The value of position idx (< size) for the player to move; VALUE_UNKNOWN if unreachable.
static inline enum value solution_value(const struct solution *s, uint64_t idx)
{
	if (s->blocks)
		return table_blocks_value(s->blocks, idx);
	return (enum value)(s->values[idx / 4] >> (2 * (idx % 4)) & 3);
}
// Its remoteness: moves to the end when the winner hurries and the loser delays; 0 for a
// draw, a terminal or an unreachable position. A 255 mark without an overflow entry gives 255.
unsigned solution_remoteness(const struct solution *s, uint64_t idx);
// The value and remoteness of idx[0 .. n): values[i] as solution_value gives it, rem[i] as
// solution_remoteness for a win or a loss and 0 otherwise; the memory of a group of lookups
// asked for together (from arrays, or a frozen reader: table_blocks_many_frozen), not in
// turn: a list of moves reads hundreds of scattered states.
void solution_read(const struct solution *s, const uint64_t *idx, size_t n, uint8_t *values, unsigned *rem);
// The remoteness of idx in the n overflow entries at list (ascending), 255 when none is idx.
unsigned solution_overflow_find(const uint8_t *list, uint64_t n, uint64_t idx);

// Building a solution by hand (the generic engine, a CSV import): solution_init allocates
// cleared arrays for size positions (false on allocation failure, *s then empty);
// solution_put records one position (not thread-safe; false when the overflow list cannot
// grow); solution_finish sorts the overflow list and sets the counts and the longest line.
bool solution_init(struct solution *s, uint64_t size);
bool solution_put(struct solution *s, uint64_t idx, enum value v, unsigned remoteness);
// Appends (idx, remoteness) to the overflow list, in any order; false on allocation failure.
bool solution_overflow_add(struct solution *s, uint64_t idx, unsigned remoteness);
// solution_finish also turns a wide array into the overflow list when the list takes no more
// room (16 bytes an entry against 2 a position), so the form does not depend on when the
// solver chose it.
void solution_finish(struct solution *s);
// The positions of remoteness 255 or more: the overflow list's or the wide array's.
static inline uint64_t solution_deep_count(const struct solution *s)
{
	return s->wide ? s->wide_count : s->overflow_count;
}
// Frees what s owns (nothing when borrowed) and clears it.
void solution_free(struct solution *s);

#endif

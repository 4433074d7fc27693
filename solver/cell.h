// SPDX-License-Identifier: MIT
// The 16-bit cell the solvers keep per state: the value in the top 2 bits and the remoteness
// (moves to the end under perfect play) in the low 14. Not for counts or anything else.
// Invariant: a cell of 0 is VALUE_UNKNOWN with remoteness 0 (unreachable or not yet solved).
#ifndef CHOPSTICKS_SOLVER_CELL_H
#define CHOPSTICKS_SOLVER_CELL_H

#include <stdint.h>

// From the view of the side to move. The numbers are stored in cells: do not reorder.
enum value { VALUE_UNKNOWN = 0, VALUE_WIN = 1, VALUE_LOSS = 2, VALUE_DRAW = 3 };

#define CELL_REMOTENESS_BITS 14
#define CELL_MAX_REMOTENESS ((1u << CELL_REMOTENESS_BITS) - 1) // 16383

// remoteness must be <= CELL_MAX_REMOTENESS.
static inline uint16_t cell_pack(enum value value, unsigned remoteness)
{
	return (uint16_t)(((unsigned)value << CELL_REMOTENESS_BITS) | remoteness);
}

static inline enum value cell_value(uint16_t cell)
{
	return (enum value)(cell >> CELL_REMOTENESS_BITS);
}

static inline unsigned cell_remoteness(uint16_t cell)
{
	return cell & CELL_MAX_REMOTENESS;
}

// The name of a value ("win", "loss", "draw", "unknown"), as the JSON output spells it.
static inline const char *cell_value_name(enum value value)
{
	static const char *const name[] = {"unknown", "win", "loss", "draw"};
	return name[value & 3];
}

#endif

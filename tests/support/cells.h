// SPDX-License-Identifier: MIT
// The 16-bit cells (cell.h) of a solution, so the tests can compare a compact solution
// (retrograde.h) with backward_solve's cells, and with each other, cell for cell; the same
// for the duels of a coalition solve (coalition.h).
// Header-only, for tests that link the solver.
#ifndef CHOPSTICKS_TESTS_SUPPORT_CELLS_H
#define CHOPSTICKS_TESTS_SUPPORT_CELLS_H

#include <stdlib.h>

#include "coalition.h"
#include "retrograde.h"

// The cell of position idx: 0 when unreachable, else its value and remoteness.
static inline uint16_t solution_cell(const struct solution *s, uint64_t idx)
{
	enum value v = solution_value(s, idx);
	return v == VALUE_UNKNOWN ? 0 : cell_pack(v, solution_remoteness(s, idx));
}

// All s->size cells, malloc'd (the caller frees), or NULL when out of memory.
static inline uint16_t *solution_cells(const struct solution *s)
{
	uint16_t *cell = malloc((s->size ? s->size : 1) * sizeof *cell);
	for (uint64_t idx = 0; cell && idx < s->size; idx++)
		cell[idx] = solution_cell(s, idx);
	return cell;
}

// The cells of c as backward_solve lays them out, cell[idx * players + t], each from the
// view of the side to move (malloc'd, the caller frees), or NULL when out of memory.
static inline uint16_t *coalition_cells(const struct coalition *c)
{
	uint64_t n = c->size * c->players;
	uint16_t *cell = malloc((n ? n : 1) * sizeof *cell);
	for (uint64_t idx = 0; cell && idx < c->size; idx++)
		for (unsigned t = 0; t < c->players; t++)
			cell[idx * c->players + t] = solution_cell(&c->sol, t * c->stride + idx);
	return cell;
}

#endif

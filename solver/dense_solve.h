// SPDX-License-Identifier: MIT
// The two-player retrograde solve on dense tables (enum/dense.h), used by retrograde.c when
// the plan (enum/plan.h) has chosen the dense engine. Per position it keeps a one-byte
// counter of attack moves not yet known to lose for the mover, and bit matrices of the
// positions won so far and of each level's new wins and losses; the split moves of (A, B),
// runs in row B of the won matrix, are checked whole when the attack counter is zero. Same
// cells, levels and errors as backward_solve with one side, for any number of threads.
#ifndef CHOPSTICKS_SOLVER_DENSE_SOLVE_H
#define CHOPSTICKS_SOLVER_DENSE_SOLVE_H

#include <stdint.h>

#include "bitmatrix.h"
#include "cell.h"
#include "dense.h"
#include "progress.h"

// Bytes the solve needs besides the cells, the enumeration and the tables.
uint64_t dense_solve_bytes(uint32_t n);
// Fills cell[0 .. n * n) in standard index order (see backward_solve) for the positions in
// reachable (A-major, from dense_walk), which it frees as soon as it has read it.
enum status dense_solve(const struct dense *d, struct bitmatrix *reachable,
			const struct progress *progress, uint16_t *cell, unsigned *levels,
			struct error *err);

#endif

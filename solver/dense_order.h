// SPDX-License-Identifier: MIT
// Moving the dense solve's per-position bytes (dense_solve.c) from engine ids, A-major, to
// the standard index order (position.h) in place, so the solve's counter array becomes the
// solution's remoteness array without a second copy. Not for bit matrices (those are
// transposed and read row by row, see dense_solve.c).
#ifndef CHOPSTICKS_SOLVER_DENSE_ORDER_H
#define CHOPSTICKS_SOLVER_DENSE_ORDER_H

#include <stdbool.h>
#include <stdint.h>

#include "dense.h"

// m holds d->rules->size bytes, m[s * block + a * n[other(s)] + b] for the position (a, b) of
// side s in engine ids; afterwards m[dense_index(d, s, a, b)] holds it. Example: one side,
// n = 2, state_of = {1, 0}: m = {p00, p01, p10, p11} becomes {p11, p01, p10, p00}. Needs n
// bytes per thread and n more; false (m then unspecified) when they cannot be allocated.
// Uses the OpenMP thread count in force when parallel is true.
bool dense_order_bytes(const struct dense *d, uint8_t *m, bool parallel);

#endif

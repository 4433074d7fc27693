// SPDX-License-Identifier: MIT
// The one threshold below which the walks and solves (enumerate.c, dense_walk.c,
// solver/backward.c, solver/dense_solve.c) run on one thread whatever the thread count:
// for small instances starting threads at every layer or level costs more than it saves.
// Results never depend on it; tests use it to pick instances that really run in parallel.
#ifndef CHOPSTICKS_ENUM_PARALLEL_H
#define CHOPSTICKS_ENUM_PARALLEL_H

#include <stdint.h>

#define PARALLEL_MIN (UINT64_C(1) << 16)

#endif

// SPDX-License-Identifier: MIT
// What the two commands of chopsticks-mpi (count: main.c, solve: solve_main.c) share around
// their parsing: every rank parses the same arguments, and only rank 0 may be heard, so that
// each message is printed once; and the exit status of a library status.
#ifndef CHOPSTICKS_MPI_FRONT_H
#define CHOPSTICKS_MPI_FRONT_H

#include "error.h"

// Points stderr at /dev/null (ranks other than 0 while parsing); returns the saved
// descriptor for front_loud, or -1.
int front_quiet(void);
// Gives stderr back (saved from front_quiet; -1: nothing to do).
void front_loud(int saved);
// 0, 2, 130 or 1, as output_failure would return for st.
int front_exit_code(enum status st);
// The memory limit message of an instance too large for its share on one rank: positions,
// the bytes one rank would need, what they are for (a phrase), and --max-memory; returns 2.
int front_refuse(const char *cmd, double positions, double need, int ranks, const char *what, double limit);

#endif

// SPDX-License-Identifier: MIT
// `chopsticks-mpi solve` (solve_main.c), called by main.c once MPI runs.
#ifndef CHOPSTICKS_MPI_SOLVE_MAIN_H
#define CHOPSTICKS_MPI_SOLVE_MAIN_H

// Parses argv[1 .. argc) (argv[0] is "solve"), runs the solve on every rank and returns
// this rank's exit status (main makes them agree).
int solve_main(int argc, char **argv, int rank, int ranks);

#endif

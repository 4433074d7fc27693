// SPDX-License-Identifier: MIT
// Failures of the standard streams, which stdio would otherwise let pass in silence.
#ifndef CHOPSTICKS_PROGRAMS_STDIO_CHECK_H
#define CHOPSTICKS_PROGRAMS_STDIO_CHECK_H

// Run first in main: a closed descriptor 0, 1 or 2 is taken by /dev/null opened the other
// way (stdin write-only, stdout and stderr read-only), so that reading or writing it fails
// as it would have, and no file opened later lands on it.
void stdio_guard(void);
// Run last in main: flushes and closes stdout; when that or an earlier write failed, prints
// "chopsticks CMD: write error on standard output: REASON" and turns a status of 0 into 1.
// Returns the exit status.
int stdio_close_stdout(const char *cmd, int status);
// The same without closing stdout (chopsticks-mpi: MPI_Finalize still runs after it).
int stdio_check_stdout(const char *cmd, int status);
// After fgets on stdin returned NULL: 0 at the end of input; on a read error prints
// "chopsticks CMD: read error on standard input: REASON" and returns 1 (a read cut short
// by SIGINT: "interrupted", 130).
int stdio_read_failed(const char *cmd);

#endif

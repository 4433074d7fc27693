// SPDX-License-Identifier: MIT
// What the MPI solve reports, from the ranks' shares (solve.h): the summary of `chopsticks
// solve` (counts, the longest forced line, the value at a position), and, gathered to rank 0
// in standard index order a batch of rows at a time, the saved table (`--save`, the file
// `chopsticks solve --save` writes, byte for byte) and the CSV rows. No rank ever holds the
// whole solution: rank 0 holds one batch (at most 2^24 positions, and at most an eighth of a
// rank's share) besides its share. Every function is collective.
#ifndef CHOPSTICKS_MPI_RESULT_H
#define CHOPSTICKS_MPI_RESULT_H

#include <stdbool.h>
#include <stdint.h>

#include "exchange.h"
#include "solve.h"
#include "solve_report.h"
#include "stats.h"

// Counts by value, the longest forced line and the smallest index where it starts, the same
// on every rank (sum's rules, at, value and remoteness are left as they are).
void result_summary(const struct mpi_share *s, struct exchange *ex, struct solve_summary *sum);
// The value and remoteness of standard index idx, from the rank that holds it.
void result_at(const struct mpi_share *s, struct exchange *ex, uint64_t idx, enum value *v, unsigned *remoteness);
// Writes the table of the solved game to path on rank 0 (table_save_filled), with the
// header of sum. The same status on every rank; STATUS_FAILURE with err set on I/O errors
// or when memory for a batch is lacking.
enum status result_save(const struct mpi_share *s, struct exchange *ex, const struct solve_summary *sum,
			const char *path, struct stats *stats, struct error *err);
// Prints on rank 0 the CSV of `chopsticks solve --format csv` (depth: this rank's distances,
// rows_walk's). Same statuses as result_save.
enum status result_csv(const struct mpi_share *s, struct exchange *ex, const uint32_t *depth,
		       struct stats *stats, struct error *err);

#endif

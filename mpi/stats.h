// SPDX-License-Identifier: MIT
// What `chopsticks-mpi solve --stats FILE` reports: per level of the walk and of the solve,
// the positions it settled, the bytes the ranks sent each other (exchange.h: their sum and
// the most any one rank sent) and its wall time, then the gathers of the output, each rank's
// peak resident memory, CPU time (getrusage) and time in the exchanges, and the run's wall
// time; as one JSON object, written by
// rank 0 (README "Running on a cluster" lists the keys). Collecting costs a few words per
// level; nothing is collected without --stats.
#ifndef CHOPSTICKS_MPI_STATS_H
#define CHOPSTICKS_MPI_STATS_H

#include <mpi.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdint.h>

#include "error.h"
#include "exchange.h"
#include "rules.h"

enum { STATS_WALK, STATS_SOLVE, STATS_OUTPUT, STATS_PHASES };
enum { STATS_GATHER_VALUES, STATS_GATHER_REMOTENESS, STATS_GATHER_CSV };

struct stats_level {
	uint64_t positions;
	struct exchange_count sent;
	double seconds; // this rank's wall time of the level
	int kind;       // STATS_OUTPUT: STATS_GATHER_*
};

struct stats {
	bool on;
	double start, mark; // MPI_Wtime at the start of the run and of the current level
	struct stats_level *level[STATS_PHASES];
	unsigned count[STATS_PHASES], room[STATS_PHASES];
	bool oom;
	FILE *file;    // rank 0: path.tmp, open from stats_start to stats_write
	char tmp[4096];
};

// Starts the clock; with a path (NULL: collect nothing) rank 0 creates path.tmp at once, so
// that a file that cannot be written fails the run before it starts. Collective; the same
// status on every rank (STATUS_FAILURE with the reason).
enum status stats_start(struct stats *s, MPI_Comm comm, const char *path, struct error *err);
// Records the level that ends now in phase: positions, and what ex sent since the last one.
void stats_level(struct stats *s, int phase, uint64_t positions, struct exchange *ex);
// Records one gather of the output (STATS_GATHER_*) that ends now: its positions and the
// bytes this rank sent rank 0.
void stats_gather(struct stats *s, int kind, uint64_t positions, uint64_t bytes);
// Combines the ranks' records and writes them to path on rank 0 (into path.tmp, then
// renamed), with each rank's CPU time (getrusage) and exchange_seconds (its time in the
// exchanges' MPI calls). Collective; the same status on every rank (STATUS_FAILURE with the
// reason).
enum status stats_write(struct stats *s, MPI_Comm comm, double exchange_seconds, const char *path,
			const struct rules *rules, unsigned threads, uint64_t reachable, struct error *err);
// Frees s; a path.tmp not written is removed.
void stats_free(struct stats *s);

#endif

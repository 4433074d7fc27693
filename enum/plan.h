// SPDX-License-Identifier: MIT
// One plan per instance: given the built rules, it decides the engine (dense for two players,
// equal hands or not, when dense_build accepts the rules, many-player for three or more when
// many_build accepts them, else generic), builds that engine's
// tables once, and answers how many bytes each task needs. It is the only home of the
// bytes-per-position figures; it allocates nothing per position.
#ifndef CHOPSTICKS_ENUM_PLAN_H
#define CHOPSTICKS_ENUM_PLAN_H

#include <stdint.h>

#include "dense.h"
#include "error.h"
#include "many.h"
#include "rules.h"

struct plan {
	const struct rules *rules;
	struct dense *dense; // the dense engine's tables, or NULL
	struct many *many;   // the many-player engine's tables, or NULL (both NULL: generic)
};

// What a command will run on the plan, for its memory estimate.
enum plan_task {
	PLAN_TABLES,    // only the rules tables: nothing per position, no engine (a saved table)
	PLAN_PROBE,     // the same without the rules' relations (rules_build_light): a saved
	                // table read position by position, moves looked forward (show, play)
	PLAN_ENGINE,    // the rules and engine tables, nothing per position: chopsticks-mpi,
	                // which checks each rank's share itself (PLAN_MPI_*)
	PLAN_WALK,      // the walk with distances (count)
	PLAN_IMPORT,    // the walk with distances, then 2-byte cells (a CSV solution read back)
	PLAN_SOLVE,     // two players: solve (no distances)
	PLAN_SOLVE_DISTANCES, // two players: solve, then walk for the distances (CSV, --export)
	PLAN_COALITION, // three or more players: every player against the others (no distances)
	PLAN_COALITION_DISTANCES, // the same, and the walk for the distances (CSV, show, games)
	PLAN_MPI_WALK,  // one rank's share of the walk spread over MPI ranks (mpi/walk.h)
	PLAN_MPI_SOLVE, // one rank's share of the solve spread over MPI ranks (mpi/solve.h)
	PLAN_MPI_SOLVE_DISTANCES, // the same keeping the walk's distances (CSV output)
	PLAN_STRATEGY_CHECK, // a strategy list played against every reply (analysis/strategy_check.h)
	PLAN_VERIFY,    // verify of a saved table (solver/verify.h), which builds no engine
};

// Decides the engine of rules (which must outlive the plan) and builds its tables. Returns
// STATUS_FAILURE (allocation) with err set and *out empty. Free with plan_free.
enum status plan_build(const struct rules *rules, struct plan *out, struct error *err);
// The same for one task: PLAN_TABLES and PLAN_PROBE build no engine tables (what it reads is indexed by
// the standard index, and its moves come from the rules), the other tasks as plan_build.
enum status plan_build_for(const struct rules *rules, enum plan_task task, struct plan *out,
			   struct error *err);
void plan_free(struct plan *p);
// Turns the plan to the generic engine, freeing the dense tables (for an MPI walk whose
// dense matrices do not fit on a rank while the block walk may).
void plan_drop_dense(struct plan *p);
// Turns the plan to the generic engine whatever it had chosen, freeing its tables: the
// reference the tests compare the other engines with.
void plan_use_generic(struct plan *p);

// Positions of the index space per thread that plan_threads asks for (scripts/bench measures
// where more threads start to pay: results/bench_threads.csv). Three or more players need
// more: there a second thread paid from about 1e7 positions (solve --players 3 --hands 3
// --rollover 10, 1.1e7 positions: 5.0 s on one thread, 2.9 s on two), not at 1.7e6
// (rollover 8: 0.71 s against 0.94 s), medians of runs in turn on this 2-core machine.
#define PLAN_POSITIONS_PER_THREAD (UINT64_C(1) << 17)
#define PLAN_POSITIONS_PER_THREAD_MANY (UINT64_C(1) << 22)
// The threads worth running on the plan's instance when the caller sets none: one per
// PLAN_POSITIONS_PER_THREAD positions (..._MANY with three or more players), at least 1, at
// most `most` (the cores). Small games run faster on one thread: starting and synchronising
// threads costs more than they save.
unsigned plan_threads(const struct plan *p, unsigned most);

// Bytes per distinct position task needs on an instance of this shape, before any rules are
// built (the up-front refusal multiplies the closed-form count by it); the engine is
// guessed from the shape (dense: two players; many-player: three or more).
// ranks: MPI ranks for PLAN_MPI_WALK (the block walk's bit per position and byte per owned
// one) and PLAN_MPI_SOLVE* (a rank's share: 1.875 bytes per owned position, 1/16 more for
// the exchange buffers with two ranks or more, 1 more with the distances; equal hands only),
// else ignored.
double plan_spec_bytes(const struct rules_spec *spec, enum plan_task task, unsigned ranks);
// Bytes task needs on the plan's engine: per position of the index space, plus the rules
// tables and the dense engine's renumbered copy (counted as large as the rules tables) or
// the many-player engine's tap tables. For PLAN_MPI_WALK, those of rank 0 (the largest
// block) of ranks; for PLAN_MPI_SOLVE*, those of the rank with the most rows
// (plan_mpi_rows), its exchange buffers included (dense with equal hands only: without them
// the MPI solve does not run, and the figure is PLAN_SOLVE's).
double plan_bytes(const struct plan *p, enum plan_task task, unsigned ranks);
// Bytes of a task that builds no engine (PLAN_TABLES, PLAN_VERIFY) on rules: per position
// of the index space (two players, equal hands or not, counted as dense), plus the rules
// tables. A mapped table file is not counted: its pages are the file's.
double plan_rules_bytes(const struct rules *rules, enum plan_task task);
// Bytes of the walk with distances (PLAN_WALK) once it passes 254 moves and keeps them in 4
// bytes per position instead of 1 (enumerate.h).
double plan_wide_walk_bytes(const struct plan *p);
// Whether task fits in max_bytes (0: no limit) on the plan.
bool plan_fits(const struct plan *p, enum plan_task task, unsigned ranks, uint64_t max_bytes);
// Bytes of one rank of the MPI block walk: a bit per position of size (whole 64-bit words)
// and a byte per position of its block of block_count; UINT64_MAX past 64 bits.
uint64_t plan_block_bytes(uint64_t size, uint64_t block_count);

// The rows (engine ids of the player to move) that rank `rank` of `ranks` owns in the MPI
// solve: [*lo, *hi), whole blocks of 64 rows (the last may be shorter), split as evenly as
// blocks allow; a rank may own none when there are fewer blocks than ranks. The bit matrices
// of the solve are cut along the same lines, so every block boundary is a word boundary.
void plan_mpi_rows(uint32_t n, unsigned rank, unsigned ranks, uint32_t *lo, uint32_t *hi);
// Words (u64) one rank may send per round of an exchange of the MPI solve (and receive: each
// sender sends a rank at most 1/ranks of it): a quarter of a bit matrix over the largest
// share of rows, at least a row of n bits for every rank and 2^16; 0 for one rank, which
// sends nothing.
uint64_t plan_mpi_exchange_words(uint32_t n, unsigned ranks);

// Bytes game lengths (solver/lengths.c) need besides the rules and the walk: per reachable
// position its index, ordinal, edge start and depth, and limbs GMP limbs of path counts;
// per edge a parent link; per final final_bytes (its record and code).
double plan_lengths_bytes(double reachable, double edges, double limbs, double finals, double final_bytes);

#endif

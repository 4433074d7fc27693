// SPDX-License-Identifier: MIT
// One plan per instance: given the built rules, it decides the engine (dense for two players,
// equal hands or not, when dense_build accepts the rules, else generic), builds that engine's
// tables once, and answers how many bytes each task needs. It is the only home of the
// bytes-per-position figures; it allocates nothing per position.
#ifndef CHOPSTICKS_ENUM_PLAN_H
#define CHOPSTICKS_ENUM_PLAN_H

#include <stdint.h>

#include "dense.h"
#include "error.h"
#include "rules.h"

struct plan {
	const struct rules *rules;
	struct dense *dense; // the dense engine's tables, or NULL: the generic engine
};

// What a command will run on the plan, for its memory estimate.
enum plan_task {
	PLAN_TABLES,    // only the rules tables: nothing per position, no engine (a saved table)
	PLAN_WALK,      // the walk with distances (count)
	PLAN_IMPORT,    // the walk with distances, then 2-byte cells (a CSV solution read back)
	PLAN_SOLVE,     // two players: solve (no distances)
	PLAN_SOLVE_DISTANCES, // two players: solve, then walk for the distances (CSV, --export)
	PLAN_COALITION, // three or more players: walk, then every player against the others
	PLAN_MPI_WALK,  // one rank's share of the walk spread over MPI ranks (mpi/walk.h)
	PLAN_STRATEGY_CHECK, // a strategy list played against every reply (analysis/strategy_check.h)
	PLAN_VERIFY,    // verify of a saved table (solver/verify.h), which builds no engine
};

// Decides the engine of rules (which must outlive the plan) and builds its tables. Returns
// STATUS_FAILURE (allocation) with err set and *out empty. Free with plan_free.
enum status plan_build(const struct rules *rules, struct plan *out, struct error *err);
// The same for one task: PLAN_TABLES builds no engine tables (what it reads is indexed by
// the standard index, and its moves come from the rules), the other tasks as plan_build.
enum status plan_build_for(const struct rules *rules, enum plan_task task, struct plan *out,
			   struct error *err);
void plan_free(struct plan *p);
// Turns the plan to the generic engine, freeing the dense tables (for an MPI walk whose
// dense matrices do not fit on a rank while the block walk may).
void plan_drop_dense(struct plan *p);

// Bytes per distinct position task needs on an instance of this shape, before any rules are
// built (the up-front refusal multiplies the closed-form count by it); the engine is
// guessed from the shape (dense: two players). ranks: MPI ranks for
// PLAN_MPI_WALK (the block walk's bit per position and byte per owned one), else ignored.
double plan_spec_bytes(const struct rules_spec *spec, enum plan_task task, unsigned ranks);
// Bytes task needs on the plan's engine: per position of the index space, plus the rules
// tables and the dense engine's renumbered copy (counted as large as the rules tables).
// For PLAN_MPI_WALK, those of rank 0 (the largest block) of ranks.
double plan_bytes(const struct plan *p, enum plan_task task, unsigned ranks);
// Bytes of a task that builds no engine (PLAN_TABLES, PLAN_VERIFY) on rules: per position
// of the index space (the shape of two players with one hand class counted as dense), plus
// the rules tables. A mapped table file is not counted: its pages are the file's.
double plan_rules_bytes(const struct rules *rules, enum plan_task task);
// Whether task fits in max_bytes (0: no limit) on the plan.
bool plan_fits(const struct plan *p, enum plan_task task, unsigned ranks, uint64_t max_bytes);
// Bytes of one rank of the MPI block walk: a bit per position of size (whole 64-bit words)
// and a byte per position of its block of block_count; UINT64_MAX past 64 bits.
uint64_t plan_block_bytes(uint64_t size, uint64_t block_count);

// Bytes game lengths (solver/lengths.c) need besides the rules and the walk: per reachable
// position its index, ordinal, edge start and depth, and limbs GMP limbs of path counts;
// per edge a parent link; per final final_bytes (its record and code).
double plan_lengths_bytes(double reachable, double edges, double limbs, double finals, double final_bytes);

#endif

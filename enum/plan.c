// SPDX-License-Identifier: MIT
// The plan of an instance (see plan.h). The figures per position: the walk keeps a distance
// byte (the dense walk also five bit matrices: 2 rounded up; the many-player walk three bit
// sets: 1.375); the dense solve keeps a byte and six bit matrices (1.75), the generic one
// 2-byte counters (5, with the walk's distances); the coalition solve
// 4 bytes per player and the distance byte, the many-player one 1.5 bytes per player
// (solver/many_solve.h), then 1.25 per player beside the walk for the distances. The
// dense figures hold for uneven hands too: there each bit matrix is a pair, one rectangle
// per seat to move, of one bit per position all the same (bitmatrix.h). The MPI solve
// (mpi/solve.c, equal hands only) keeps, per position of a rank's rows, the byte and seven
// bit matrices (the dense solve's six and one for what the other ranks send), 1.875, plus
// two exchange buffers of a quarter matrix each (1/16) with two ranks or more.
#include "plan.h"

#include <gmp.h>

#include "dense_walk.h"

enum status plan_build(const struct rules *rules, struct plan *out, struct error *err)
{
	*out = (struct plan){.rules = rules};
	enum status st = dense_build(rules, &out->dense, err);
	if (st == STATUS_OK && !out->dense && rules->players >= 3)
		st = many_build(rules, &out->many, err);
	return st;
}

enum status plan_build_for(const struct rules *rules, enum plan_task task, struct plan *out,
			   struct error *err)
{
	if (task != PLAN_TABLES && task != PLAN_PROBE)
		return plan_build(rules, out, err);
	*out = (struct plan){.rules = rules}; // a saved table is read through the rules' moves
	return STATUS_OK;
}

void plan_free(struct plan *p)
{
	plan_use_generic(p);
	p->rules = NULL;
}

void plan_use_generic(struct plan *p)
{
	plan_drop_dense(p);
	many_free(p->many);
	p->many = NULL;
}

void plan_drop_dense(struct plan *p)
{
	dense_free(p->dense);
	p->dense = NULL;
}

enum engine { ENGINE_GENERIC, ENGINE_DENSE, ENGINE_MANY };

// Bytes per position of task on the given engine.
static double per_position(enum engine engine, unsigned players, enum plan_task task, unsigned ranks)
{
	bool dense = engine == ENGINE_DENSE, many = engine == ENGINE_MANY;
	switch (task) {
	case PLAN_TABLES:
	case PLAN_PROBE:
	case PLAN_ENGINE:
		return 0;
	case PLAN_WALK:
		return many ? 1.375 : 2;
	case PLAN_IMPORT: // the walk, then the compact solution (1.25) filled from the file
		return 2 + 1.25;
	case PLAN_SOLVE: // dense: a byte and six bit matrices; generic: distances, cells and
		return dense ? 1.75 : 5; // counters, then the compact copy beside the cells
	case PLAN_SOLVE_DISTANCES: // then the walk for the distances beside the solution
		return dense ? 2 + 1.25 : 5;
	case PLAN_COALITION: // many: the solve's byte, values and two bit sets per player
		return many ? 1.5 * players : 1 + 4.0 * players;
	case PLAN_COALITION_DISTANCES: // then the walk with distances beside the solution
		return !many ? 1 + 4.0 * players
			     : 1.5 * players > 1.25 * players + 1.375 ? 1.5 * players : 1.25 * players + 1.375;
	case PLAN_MPI_WALK:
		return 1.0 / 8 + 1.0 / (ranks ? ranks : 1);
	case PLAN_MPI_SOLVE:
	case PLAN_MPI_SOLVE_DISTANCES:
		if (!dense)
			return 1.75;
		return (1 + 7.0 / 8 + (ranks > 1 ? 1.0 / 16 : 0) + 4.0 * (task == PLAN_MPI_SOLVE_DISTANCES)) /
		       (ranks ? ranks : 1);
	case PLAN_STRATEGY_CHECK:
		return 16; // the search's marks and counters per position and side
	case PLAN_VERIFY: // the walk's three bits; the row pass of two players (equal hands or
		return dense ? 1.5 : 3.0 / 8; // not) also a byte of partial results and a bit
	}
	return 0;
}

double plan_spec_bytes(const struct rules_spec *spec, enum plan_task task, unsigned ranks)
{
	bool dense = spec->players == 2;
	enum engine engine = dense ? ENGINE_DENSE : spec->players >= 3 ? ENGINE_MANY : ENGINE_GENERIC;
	return per_position(engine, spec->players, task, ranks);
}

uint64_t plan_block_bytes(uint64_t size, uint64_t block_count)
{
	uint64_t bytes, words = size / 64 + (size % 64 != 0);
	if (__builtin_mul_overflow(words, (uint64_t)sizeof(uint64_t), &bytes) ||
	    __builtin_add_overflow(bytes, block_count, &bytes))
		return UINT64_MAX;
	return bytes;
}

// One rank's share of the MPI walk: the dense walk's matrices whole, or the block walk.
static double rank_bytes(const struct plan *p, unsigned ranks)
{
	uint64_t size = p->rules->size, n = ranks ? ranks : 1;
	if (p->dense)
		return (double)dense_walk_bytes(p->dense);
	return (double)plan_block_bytes(size, size / n + (size % n != 0));
}

void plan_mpi_rows(uint32_t n, unsigned rank, unsigned ranks, uint32_t *lo, uint32_t *hi)
{
	uint64_t blocks = ((uint64_t)n + 63) / 64, k = ranks ? ranks : 1;
	uint64_t b_lo = blocks * rank / k, b_hi = blocks * (rank + 1) / k;
	*lo = (uint32_t)(64 * b_lo < n ? 64 * b_lo : n);
	*hi = (uint32_t)(64 * b_hi < n ? 64 * b_hi : n);
}

static uint64_t words_of(uint64_t bits)
{
	return (bits + 63) / 64;
}

// The most rows any rank owns.
static uint32_t widest_share(uint32_t n, unsigned ranks)
{
	uint32_t widest = 0, lo, hi;
	for (unsigned r = 0; r < (ranks ? ranks : 1); r++) {
		plan_mpi_rows(n, r, ranks, &lo, &hi);
		widest = hi - lo > widest ? hi - lo : widest;
	}
	return widest;
}

uint64_t plan_mpi_exchange_words(uint32_t n, unsigned ranks)
{
	if (ranks <= 1)
		return 0;
	uint64_t quarter = (uint64_t)widest_share(n, ranks) * words_of(n) / 4, row = ranks * words_of(n);
	uint64_t q = quarter > row ? quarter : row;
	return q > (UINT64_C(1) << 16) ? q : UINT64_C(1) << 16;
}

// One rank's share of the MPI solve: the byte per position, seven matrices over its rows
// (the seventh also serves as the n x rows transposed block), the exchange buffers, and the
// distances when kept (4 bytes each).
static double mpi_solve_bytes(const struct dense *d, enum plan_task task, unsigned ranks)
{
	uint64_t w = widest_share(d->n[0], ranks), n = d->n[0];
	double slab = (double)(w * words_of(n) * 8), cross = (double)(64 * words_of(n) * words_of(w) * 8);
	double owned = (double)(w * n);
	return owned * (1 + 4 * (task == PLAN_MPI_SOLVE_DISTANCES)) + 6 * slab + (slab > cross ? slab : cross) +
	       2.0 * 8 * (double)plan_mpi_exchange_words(d->n[0], ranks);
}

double plan_bytes(const struct plan *p, enum plan_task task, unsigned ranks)
{
	double tables = (p->dense ? 2.0 : 1.0) * (double)p->rules->table_bytes +
			(p->many ? (double)p->many->table_bytes : 0);
	if (task == PLAN_MPI_WALK)
		return rank_bytes(p, ranks) + tables;
	if ((task == PLAN_MPI_SOLVE || task == PLAN_MPI_SOLVE_DISTANCES) && p->dense && p->dense->sides == 1)
		return mpi_solve_bytes(p->dense, task, ranks) + tables;
	enum engine engine = p->dense ? ENGINE_DENSE : p->many ? ENGINE_MANY : ENGINE_GENERIC;
	return (double)p->rules->size * per_position(engine, p->rules->players, task, ranks) + tables;
}

double plan_rules_bytes(const struct rules *rules, enum plan_task task)
{
	return (double)rules->size * per_position(rules->players == 2 ? ENGINE_DENSE : ENGINE_GENERIC, rules->players, task, 1) +
	       (double)rules->table_bytes;
}

double plan_wide_walk_bytes(const struct plan *p)
{
	return plan_bytes(p, PLAN_WALK, 1) + 3.0 * (double)p->rules->size;
}

bool plan_fits(const struct plan *p, enum plan_task task, unsigned ranks, uint64_t max_bytes)
{
	return !max_bytes || plan_bytes(p, task, ranks) <= (double)max_bytes;
}

double plan_lengths_bytes(double reachable, double edges, double limbs, double finals, double final_bytes)
{
	return reachable * 17 + 8 + edges * 4 + reachable * limbs * sizeof(mp_limb_t) + finals * final_bytes;
}

unsigned plan_threads(const struct plan *p, unsigned most)
{
	uint64_t n = p->rules->size / (p->rules->players > 2 ? PLAN_POSITIONS_PER_THREAD_MANY : PLAN_POSITIONS_PER_THREAD);
	return n < 1 ? 1 : n < most ? (unsigned)n : most;
}

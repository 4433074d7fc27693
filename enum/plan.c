// SPDX-License-Identifier: MIT
// The plan of an instance (see plan.h). The figures per position: the walk keeps a distance
// byte (the dense walk also five bit matrices: 2 rounded up); the dense solve a 1-byte
// counter and six bit matrices (1.75), the generic one 2-byte cells and counters (5, with
// the walk's distances); the coalition solve 4 bytes per player and the distance byte. The
// dense figures hold for uneven hands too: there each bit matrix is a pair, one rectangle
// per seat to move, of one bit per position all the same (bitmatrix.h).
#include "plan.h"

#include <gmp.h>

#include "dense_walk.h"

enum status plan_build(const struct rules *rules, struct plan *out, struct error *err)
{
	*out = (struct plan){.rules = rules};
	return dense_build(rules, &out->dense, err);
}

enum status plan_build_for(const struct rules *rules, enum plan_task task, struct plan *out,
			   struct error *err)
{
	if (task != PLAN_TABLES)
		return plan_build(rules, out, err);
	*out = (struct plan){.rules = rules}; // a saved table is read through the rules' moves
	return STATUS_OK;
}

void plan_free(struct plan *p)
{
	plan_drop_dense(p);
	p->rules = NULL;
}

void plan_drop_dense(struct plan *p)
{
	dense_free(p->dense);
	p->dense = NULL;
}

// Bytes per position of task on the given engine.
static double per_position(bool dense, unsigned players, enum plan_task task, unsigned ranks)
{
	switch (task) {
	case PLAN_TABLES:
		return 0;
	case PLAN_WALK:
		return 2;
	case PLAN_IMPORT: // the walk, then the compact solution (1.25) filled from the file
		return 2 + 1.25;
	case PLAN_SOLVE: // dense: a byte and six bit matrices; generic: distances, cells and
		return dense ? 1.75 : 5; // counters, then the compact copy beside the cells
	case PLAN_SOLVE_DISTANCES: // then the walk for the distances beside the solution
		return dense ? 2 + 1.25 : 5;
	case PLAN_COALITION:
		return 1 + 4.0 * players;
	case PLAN_MPI_WALK:
		return 1.0 / 8 + 1.0 / (ranks ? ranks : 1);
	case PLAN_STRATEGY_CHECK:
		return 16; // the search's marks and counters per position and side
	case PLAN_VERIFY: // the walk's three bits; the row pass of two players of one hand
		return dense ? 1.5 : 3.0 / 8; // class also a byte of partial results and a bit
	}
	return 0;
}

double plan_spec_bytes(const struct rules_spec *spec, enum plan_task task, unsigned ranks)
{
	bool dense = spec->players == 2;
	return per_position(dense, spec->players, task, ranks);
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

double plan_bytes(const struct plan *p, enum plan_task task, unsigned ranks)
{
	double tables = (p->dense ? 2.0 : 1.0) * (double)p->rules->table_bytes;
	if (task == PLAN_MPI_WALK)
		return rank_bytes(p, ranks) + tables;
	return (double)p->rules->size * per_position(p->dense != NULL, p->rules->players, task, ranks) +
	       tables;
}

double plan_rules_bytes(const struct rules *rules, enum plan_task task)
{
	bool dense_shape = rules->players == 2 && rules->class_count == 1;
	return (double)rules->size * per_position(dense_shape, rules->players, task, 1) +
	       (double)rules->table_bytes;
}

bool plan_fits(const struct plan *p, enum plan_task task, unsigned ranks, uint64_t max_bytes)
{
	return !max_bytes || plan_bytes(p, task, ranks) <= (double)max_bytes;
}

double plan_lengths_bytes(double reachable, double edges, double limbs, double finals, double final_bytes)
{
	return reachable * 17 + 8 + edges * 4 + reachable * limbs * sizeof(mp_limb_t) + finals * final_bytes;
}

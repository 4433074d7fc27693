// SPDX-License-Identifier: MIT
// The plan of an instance (enum/plan.h): which engine it picks, and the bytes it answers
// for each task, against figures worked out by hand from the header's contract.
#include <criterion/criterion.h>

#include <stdint.h>

#include "helpers.h"
#include "plan.h"

static struct plan plan_of(const struct instance *in)
{
	struct plan p;
	struct error err = {{0}};
	struct rules *rules = instance_rules(in);
	cr_assert_eq(plan_build(rules, &p, &err), STATUS_OK, "%s", err.msg);
	return p;
}

static void plan_clear(struct plan *p)
{
	struct rules *rules = (struct rules *)p->rules;
	plan_free(p);
	rules_free(rules);
}

// Two players, equal hands or not: dense; three or more generic (as dense_build decides).
Test(plan, picks_the_engine)
{
	static const struct instance dense = {2, {2, 2}, 5, ""}, uneven = {2, {3, 2}, 5, ""};
	static const struct instance other[] = {{3, {2, 2, 2}, 4, ""}, {3, {2, 1, 1}, 4, ""}};
	struct plan p = plan_of(&dense);
	cr_assert_not_null(p.dense);
	cr_assert_eq(p.dense->sides, 1);
	cr_assert_eq(p.rules->size, 225);
	plan_clear(&p);
	p = plan_of(&uneven); // 35 states of three hands, 15 of two
	cr_assert_not_null(p.dense);
	cr_assert_eq(p.dense->sides, 2);
	cr_assert_eq(p.dense->n[0], 35);
	cr_assert_eq(p.dense->n[1], 15);
	cr_assert_eq(p.rules->size, 2 * 35 * 15);
	plan_clear(&p);
	for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
		p = plan_of(&other[i]);
		cr_assert_null(p.dense, "instance %zu", i);
		plan_clear(&p);
	}
}

// Bytes per position from the shape (hand-checked: see plan.c's header comment).
Test(plan, spec_bytes)
{
	struct rules_spec two = {.players = 2, .hands = {2, 2}}, uneven = {.players = 2, .hands = {3, 2}};
	struct rules_spec three = {.players = 3, .hands = {2, 2, 2}};
	cr_assert_float_eq(plan_spec_bytes(&two, PLAN_TABLES, 1), 0, 1e-12);
	cr_assert_float_eq(plan_spec_bytes(&two, PLAN_WALK, 1), 2, 1e-12);
	cr_assert_float_eq(plan_spec_bytes(&uneven, PLAN_WALK, 1), 2, 1e-12);
	cr_assert_float_eq(plan_spec_bytes(&two, PLAN_IMPORT, 1), 3.25, 1e-12);
	cr_assert_float_eq(plan_spec_bytes(&two, PLAN_SOLVE, 1), 1.75, 1e-12);
	cr_assert_float_eq(plan_spec_bytes(&two, PLAN_SOLVE_DISTANCES, 1), 3.25, 1e-12);
	cr_assert_float_eq(plan_spec_bytes(&uneven, PLAN_SOLVE, 1), 1.75, 1e-12);
	cr_assert_float_eq(plan_spec_bytes(&uneven, PLAN_SOLVE_DISTANCES, 1), 3.25, 1e-12);
	cr_assert_float_eq(plan_spec_bytes(&three, PLAN_SOLVE, 1), 5, 1e-12); // generic
	cr_assert_float_eq(plan_spec_bytes(&three, PLAN_COALITION, 1), 13, 1e-12);
	cr_assert_float_eq(plan_spec_bytes(&two, PLAN_MPI_WALK, 4), 0.375, 1e-12);
}

// Once built, on the dense engine: per position of the index space (size), and the tables
// twice; the MPI walk's five matrices (pairs) of blocks 64 x 64 blocks, whole.
static struct plan check_dense_bytes(const struct instance *in, double size, double blocks)
{
	struct plan p = plan_of(in);
	double tables = (double)p.rules->table_bytes;
	cr_assert_float_eq(plan_bytes(&p, PLAN_WALK, 1), size * 2 + 2 * tables, 1e-9);
	cr_assert_float_eq(plan_bytes(&p, PLAN_SOLVE, 1), size * 1.75 + 2 * tables, 1e-9);
	cr_assert(plan_fits(&p, PLAN_SOLVE, 1, 0), "no limit: everything fits");
	cr_assert(!plan_fits(&p, PLAN_WALK, 1, (uint64_t)(size * 2)));
	cr_assert_float_eq(plan_bytes(&p, PLAN_MPI_WALK, 2), 5.0 * blocks * 64 * 8 + 2 * tables, 1e-9);
	return p;
}

// Equal hands, 15 states: one block per matrix; then the generic engine.
Test(plan, bytes_on_the_engine)
{
	static const struct instance in = {2, {2, 2}, 5, ""};
	struct plan p = check_dense_bytes(&in, 225, 1);
	double tables = (double)p.rules->table_bytes;
	plan_drop_dense(&p);
	cr_assert_null(p.dense);
	cr_assert_float_eq(plan_bytes(&p, PLAN_SOLVE, 1), 225.0 * 5 + tables, 1e-9);
	// The block walk, rank 0 of 2: 4 words of bits and 113 positions.
	cr_assert_float_eq(plan_bytes(&p, PLAN_MPI_WALK, 2), 32.0 + 113 + tables, 1e-9);
	plan_clear(&p);
}

// Uneven hands (35 and 15 states, 1050 positions): the same figures per position; each pair
// a 35 x 15 and a 15 x 35 matrix, one block each.
Test(plan, bytes_on_the_engine_uneven)
{
	static const struct instance in = {2, {3, 2}, 5, ""};
	struct plan p = check_dense_bytes(&in, 1050, 2);
	plan_clear(&p);
}

Test(plan, block_bytes)
{
	cr_assert_eq(plan_block_bytes(0, 0), 0);
	cr_assert_eq(plan_block_bytes(64, 10), 8 + 10);
	cr_assert_eq(plan_block_bytes(65, 65), 16 + 65);
	cr_assert_eq(plan_block_bytes(UINT64_MAX, UINT64_MAX), UINT64_MAX); // past 64 bits
}

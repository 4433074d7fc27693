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

// Two players, equal hands or not: dense; three or more (equal hands or not) many-player
// (as dense_build and many_build decide); plan_use_generic drops either engine.
Test(plan, picks_the_engine)
{
	static const struct instance dense = {2, {2, 2}, 5, ""}, uneven = {2, {3, 2}, 5, ""};
	static const struct instance many[] = {{3, {2, 2, 2}, 4, ""}, {4, {2, 2, 2, 2}, 3, "zombies"},
					       {4, {1, 2, 1, 2}, 3, ""}, {3, {2, 1, 1}, 4, "lives=2"}};
	struct plan p = plan_of(&dense);
	cr_assert_not_null(p.dense);
	cr_assert_null(p.many);
	cr_assert_eq(p.dense->sides, 1);
	cr_assert_eq(p.rules->size, 225);
	plan_use_generic(&p);
	cr_assert_null(p.dense);
	plan_clear(&p);
	p = plan_of(&uneven); // 35 states of three hands, 15 of two
	cr_assert_not_null(p.dense);
	cr_assert_null(p.many);
	cr_assert_eq(p.dense->sides, 2);
	cr_assert_eq(p.dense->n[0], 35);
	cr_assert_eq(p.dense->n[1], 15);
	cr_assert_eq(p.rules->size, 2 * 35 * 15);
	plan_use_generic(&p);
	cr_assert_null(p.dense);
	plan_clear(&p);
	for (size_t i = 0; i < sizeof many / sizeof many[0]; i++) {
		p = plan_of(&many[i]);
		cr_assert_null(p.dense, "instance %zu", i);
		cr_assert_not_null(p.many, "instance %zu", i);
		plan_use_generic(&p);
		cr_assert_null(p.many, "instance %zu", i);
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
	// Three players: the many-player engine (1.5 bytes per player; with the distances the
	// walk's 1.375 beside the 1.25 per player of the solution), the walk's three bit sets.
	cr_assert_float_eq(plan_spec_bytes(&three, PLAN_COALITION, 1), 4.5, 1e-12);
	cr_assert_float_eq(plan_spec_bytes(&three, PLAN_COALITION_DISTANCES, 1), 5.125, 1e-12);
	cr_assert_float_eq(plan_spec_bytes(&three, PLAN_WALK, 1), 1.375, 1e-12);
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

// Three players of 2 hands, r = 4: 10^3 positions, 1.5 bytes per player to solve, the rules
// tables once and the many-player engine's tap tables.
Test(plan, bytes_on_the_many_engine)
{
	static const struct instance in = {3, {2, 2, 2}, 4, ""};
	struct plan p = plan_of(&in);
	cr_assert_not_null(p.many);
	double tables = (double)p.rules->table_bytes + (double)p.many->table_bytes;
	cr_assert_gt(p.many->table_bytes, 0);
	cr_assert_float_eq(plan_bytes(&p, PLAN_COALITION, 1), 1000.0 * 4.5 + tables, 1e-9);
	cr_assert_float_eq(plan_bytes(&p, PLAN_COALITION_DISTANCES, 1), 1000.0 * 5.125 + tables, 1e-9);
	cr_assert_float_eq(plan_bytes(&p, PLAN_WALK, 1), 1000.0 * 1.375 + tables, 1e-9);
	plan_use_generic(&p);
	tables = (double)p.rules->table_bytes;
	cr_assert_float_eq(plan_bytes(&p, PLAN_COALITION, 1), 1000.0 * 13 + tables, 1e-9);
	cr_assert_float_eq(plan_bytes(&p, PLAN_WALK, 1), 1000.0 * 2 + tables, 1e-9);
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

// verify: the row pass of two players, equal hands or not, 1.5 bytes per position; the
// generic walk's three bits for more players.
Test(plan, verify_bytes)
{
	static const struct instance in[] = {{2, {2, 2}, 5, ""}, {2, {3, 2}, 5, ""}, {3, {2, 2, 2}, 4, ""}};
	static const double per[] = {1.5, 1.5, 3.0 / 8};
	for (int k = 0; k < 3; k++) {
		struct rules *rules = instance_rules(&in[k]);
		cr_assert_float_eq(plan_rules_bytes(rules, PLAN_VERIFY), (double)rules->size * per[k] + (double)rules->table_bytes,
				   1e-9, "instance %d", k);
		rules_free(rules);
	}
}

Test(plan, block_bytes)
{
	cr_assert_eq(plan_block_bytes(0, 0), 0);
	cr_assert_eq(plan_block_bytes(64, 10), 8 + 10);
	cr_assert_eq(plan_block_bytes(65, 65), 16 + 65);
	cr_assert_eq(plan_block_bytes(UINT64_MAX, UINT64_MAX), UINT64_MAX); // past 64 bits
}

// The rows of the MPI solve: whole blocks of 64, every row once, in rank order; a rank may
// own none when there are fewer blocks than ranks (hand-checked: 130 rows are 3 blocks).
Test(plan, mpi_rows)
{
	static const uint32_t sizes[] = {1, 15, 64, 65, 130, 11440};
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		for (unsigned ranks = 1; ranks <= 9; ranks++) {
			uint32_t n = sizes[i], next = 0, lo, hi;
			for (unsigned r = 0; r < ranks; r++) {
				plan_mpi_rows(n, r, ranks, &lo, &hi);
				cr_assert_eq(lo, next, "n %u, rank %u of %u", n, r, ranks);
				cr_assert(lo <= hi && (lo % 64 == 0 || lo == n));
				cr_assert(hi % 64 == 0 || hi == n);
				next = hi;
			}
			cr_assert_eq(next, n, "n %u, %u ranks", n, ranks);
		}
	uint32_t lo, hi;
	plan_mpi_rows(130, 0, 2, &lo, &hi); // blocks 0 .. 0
	cr_assert(lo == 0 && hi == 64);
	plan_mpi_rows(130, 1, 2, &lo, &hi); // blocks 1 .. 2, the last short
	cr_assert(lo == 64 && hi == 130);
	plan_mpi_rows(130, 0, 4, &lo, &hi); // 3 blocks, 4 ranks: rank 0 has none
	cr_assert(lo == 0 && hi == 0);
}

// The MPI solve's share per rank: 1.875 bytes per owned position on one rank, 1.9375 with
// the exchange buffers from two on, four more with the distances (u32: any depth); it
// shrinks as 1/N.
Test(plan, mpi_solve_bytes)
{
	struct rules_spec two = {.players = 2, .hands = {2, 2}};
	cr_assert_float_eq(plan_spec_bytes(&two, PLAN_MPI_SOLVE, 1), 1.875, 1e-12);
	cr_assert_float_eq(plan_spec_bytes(&two, PLAN_MPI_SOLVE, 4), 1.9375 / 4, 1e-12);
	cr_assert_float_eq(plan_spec_bytes(&two, PLAN_MPI_SOLVE_DISTANCES, 2), 5.9375 / 2, 1e-12);
	cr_assert_eq(plan_mpi_exchange_words(15, 1), 0);
	cr_assert_eq(plan_mpi_exchange_words(15, 2), 1 << 16); // the floor
	// 11440 states (7 hands, rollover 10): 179 blocks, the last of 48 rows; on 2 ranks the
	// second has 90 of them, 5744 rows of 179 words, and a quarter of that.
	cr_assert_eq(plan_mpi_exchange_words(11440, 2), 5744 * 179 / 4);
	static const struct instance in = {2, {2, 2}, 5, ""};
	struct plan p = plan_of(&in);
	double tables = 2.0 * (double)p.rules->table_bytes;
	// One rank, 15 states in one block: 225 bytes, six matrices of 15 rows of one word, the
	// n x rows one counted as 64 rows of one word, no buffers.
	double matrices = 6 * 15 * 8 + 64 * 8;
	cr_assert_float_eq(plan_bytes(&p, PLAN_MPI_SOLVE, 1), 225.0 + matrices + tables, 1e-9);
	cr_assert_float_eq(plan_bytes(&p, PLAN_MPI_SOLVE_DISTANCES, 1), 5 * 225.0 + matrices + tables, 1e-9);
	// Two ranks: the one with the rows holds all of them, and two buffers of 2^16 words.
	cr_assert_float_eq(plan_bytes(&p, PLAN_MPI_SOLVE, 2), 225.0 + matrices + 2.0 * 8 * 65536 + tables, 1e-9);
	plan_clear(&p);
}

// chopsticks-mpi builds the engine without any figure per position (it checks each rank's
// share itself); a saved table's plan builds none.
Test(plan, engine_without_positions)
{
	static const struct instance in = {2, {2, 2}, 5, ""};
	struct rules *rules = instance_rules(&in);
	struct plan p;
	struct error err = {{0}};
	cr_assert_eq(plan_build_for(rules, PLAN_ENGINE, &p, &err), STATUS_OK, "%s", err.msg);
	cr_assert_not_null(p.dense);
	cr_assert_float_eq(plan_bytes(&p, PLAN_ENGINE, 1), 2.0 * (double)rules->table_bytes, 1e-9);
	plan_free(&p);
	cr_assert_eq(plan_build_for(rules, PLAN_TABLES, &p, &err), STATUS_OK, "%s", err.msg);
	cr_assert_null(p.dense);
	plan_free(&p);
	rules_free(rules);
}

// One thread per 2^17 positions of the index space (C(h+r-1, h)^2 with two players; 2^22
// with three or more), at least one, at most the cores given.
Test(plan, threads_from_the_size)
{
	static const struct instance small = {2, {2, 2}, 5, ""},   // 15^2 = 225
		h4r10 = {2, {4, 4}, 10, ""},                          // 715^2 = 511,225
		h5r10 = {2, {5, 5}, 10, ""};                          // 2002^2 = 4,008,004
	struct plan p = plan_of(&small);
	cr_expect_eq(plan_threads(&p, 2), 1);
	plan_clear(&p);
	p = plan_of(&h4r10);
	cr_expect_eq(plan_threads(&p, 2), 2);
	cr_expect_eq(plan_threads(&p, 16), 3); // 511,225 / 131,072
	cr_expect_eq(plan_threads(&p, 1), 1);
	plan_clear(&p);
	p = plan_of(&h5r10);
	cr_expect_eq(plan_threads(&p, 64), 30); // 4,008,004 / 131,072
	plan_clear(&p);
	static const struct instance p3h3r8 = {3, {3, 3, 3}, 8, ""}, // 120^3 = 1,728,000
		p3h3r10 = {3, {3, 3, 3}, 10, ""};                     // 220^3 = 10,648,000
	p = plan_of(&p3h3r8);
	cr_expect_eq(plan_threads(&p, 16), 1);
	plan_clear(&p);
	p = plan_of(&p3h3r10);
	cr_expect_eq(plan_threads(&p, 16), 2); // 10,648,000 / 4,194,304
	plan_clear(&p);
}

// SPDX-License-Identifier: MIT
// Index scheme 2 of format 2 tables (table_order.h): the gather into place order and the
// scatter back agree with the definition (index a + S b at place b + S a) on every range,
// rows cut anywhere, ranges shorter than a row; a table of equal hands is written in scheme 2
// and one of uneven hands in scheme 1, and both read back, probe by probe and loaded whole,
// exactly what was solved.
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "describe.h"
#include "helpers.h"
#include "le64.h"
#include "retrograde.h"
#include "table_file.h"
#include "table_order.h"

static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
	return *s;
}

// The index at place p, from the definition.
static uint64_t index_at(uint64_t side, uint64_t p)
{
	uint64_t a = p / side, b = p % side;
	return a + side * b;
}

static uint8_t value_of(const uint8_t *values, uint64_t i) { return values[i / 4] >> 2 * (i % 4) & 3; }

struct square {
	uint64_t side, size;
	uint8_t *values, *rem;
	struct solution sol;
};

static void square_fill(struct square *q, uint64_t side, uint64_t seed)
{
	q->side = side;
	q->size = side * side;
	q->values = calloc(q->size / 4 + 1, 1);
	q->rem = malloc(q->size);
	cr_assert(q->values && q->rem);
	for (uint64_t i = 0; i < q->size; i++) { // no remoteness in the rows a = i % side below side / 3
		q->values[i / 4] |= (uint8_t)((next(&seed) & 3) << 2 * (i % 4));
		q->rem[i] = i % side < side / 3 ? 0 : (uint8_t)next(&seed);
	}
	q->sol = (struct solution){.size = q->size, .values = q->values, .remoteness = q->rem, .borrowed = true};
}

static void square_free(struct square *q) { free(q->values), free(q->rem); }

Test(table_order, side_of_a_square_only)
{
	cr_assert_eq(table_order_side(1), 1);
	cr_assert_eq(table_order_side(511225), 715);
	cr_assert_eq(table_order_side(590976100), 24310);
	cr_assert_eq(table_order_side(UINT64_C(8533694884)), 92378); // 10 hands, rollover 10
	cr_assert_eq(table_order_side(2 * 715 * 495), 0);             // uneven hands
	cr_assert_eq(table_order_side(0), 0);
	cr_assert_eq(table_order_side(511224), 0);
}

Test(table_order, gather_takes_each_place_from_its_index)
{
	for (uint64_t side = 1; side <= 13; side += 3) {
		struct square q;
		square_fill(&q, side, 0x9E37 + side);
		uint8_t *out = malloc(q.size);
		for (uint64_t first = 0; first < q.size; first++)
			for (uint64_t n = 1; first + n <= q.size; n += 1 + n / 3)
				for (int section = 0; section < 2; section++) {
					table_order_gather(&q.sol, side, section, first, n, out);
					for (uint64_t p = first; p < first + n; p++) {
						uint64_t i = index_at(side, p);
						uint8_t want = section ? q.rem[i] : value_of(q.values, i);
						cr_assert_eq(out[p - first], want, "side %llu, places %llu+%llu, place %llu",
							     (unsigned long long)side, (unsigned long long)first,
							     (unsigned long long)n, (unsigned long long)p);
					}
				}
		free(out);
		square_free(&q);
	}
}

// Blocks of per places (a multiple of 4), packed as a table keeps them, scattered back in any
// order, rebuild both arrays exactly; a block alone touches only its own indexes; no block
// is read past its end (the sanitizers).
Test(table_order, scatter_of_every_block_rebuilds_index_order)
{
	// 37, 131 and 300: whole rows moved 8 by 8 with rows and columns left over, in several
	// strips of columns
	const uint64_t sides[] = {1, 2, 5, 7, 8, 23, 37, 64, 131, 300};
	const uint64_t pers[] = {4, 8, 12, 64, 1024, 4096, 12288};
	for (size_t s = 0; s < sizeof sides / sizeof *sides; s++)
		for (size_t k = 0; k < sizeof pers / sizeof *pers; k++) {
			struct square q;
			uint64_t per = pers[k];
			square_fill(&q, sides[s], 77 + s);
			uint8_t *vals = calloc(q.size / 4 + 1, 1), *rem = calloc(q.size, 1), *bytes = malloc(per);
			uint8_t *packed = calloc(per / 4, 1);
			uint64_t blocks = (q.size + per - 1) / per;
			for (uint64_t j = 0; j < blocks; j++) {
				uint64_t blk = j < blocks / 2 ? 2 * j + 1 : 2 * (j - blocks / 2), first = blk * per; // odd, then even
				uint64_t n = q.size - first < per ? q.size - first : per;
				table_order_gather(&q.sol, q.side, 0, first, n, bytes);
				memset(packed, 0, per / 4);
				for (uint64_t t = 0; t < n; t++)
					packed[t / 4] |= (uint8_t)(bytes[t] << 2 * (t % 4));
				table_order_scatter(q.side, 0, first, n, packed, vals);
				table_order_gather(&q.sol, q.side, 1, first, n, bytes);
				table_order_scatter(q.side, 1, first, n, bytes, rem);
				if (j == 0) // one block: its indexes set, no other
					for (uint64_t i = 0; i < q.size; i++) {
						uint64_t p = table_place(q.side, i);
						bool mine = p >= first && p < first + n;
						cr_assert_eq(rem[i], mine ? q.rem[i] : 0);
						cr_assert_eq(value_of(vals, i), mine ? value_of(q.values, i) : 0);
					}
			}
			cr_assert(!memcmp(rem, q.rem, q.size), "side %llu, blocks of %llu", (unsigned long long)q.side,
				  (unsigned long long)per);
			for (uint64_t i = 0; i < q.size; i++)
				cr_assert_eq(value_of(vals, i), value_of(q.values, i), "side %llu, blocks of %llu, index %llu",
					     (unsigned long long)q.side, (unsigned long long)per, (unsigned long long)i);
			free(vals), free(rem), free(bytes), free(packed);
			square_free(&q);
		}
}

// Saves the game of in (format 2); checks the scheme the header names and that every index
// reads back as solved, through the blocks and loaded whole.
static void round_trip(const struct instance *in, unsigned scheme)
{
	struct error err;
	char settings[DESCRIBE_MAX], path[64];
	struct solution sol;
	struct table_map t;
	struct rules *rules = instance_rules(in);
	cr_assert_eq(retrograde_solve(rules, NULL, NULL, &sol, &err), STATUS_OK, "%s", err.msg);
	snprintf(path, sizeof path, "/tmp/chopsticks-order-%d.tbl", (int)getpid());
	describe_settings(rules, settings, sizeof settings);
	cr_assert_eq(table_save(path, rules, &sol, settings, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(table_open(path, &t, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(le64_load(t.base + 8) >> 32, scheme);
	for (uint64_t i = 0; i < sol.size; i++) {
		cr_assert_eq(table_value(&t, i), solution_value(&sol, i), "index %llu", (unsigned long long)i);
		cr_assert_eq(table_remoteness(&t, i), solution_remoteness(&sol, i), "index %llu", (unsigned long long)i);
	}
	cr_assert_eq(table_load_whole(&t, false, &err), STATUS_OK, "%s", err.msg);
	cr_assert(!memcmp(t.sol.values, sol.values, (sol.size + 3) / 4), "values loaded whole");
	cr_assert(!memcmp(t.sol.remoteness, sol.remoteness, sol.size), "remoteness loaded whole");
	table_close(&t);
	unlink(path);
	solution_free(&sol);
	rules_free(rules);
}

Test(table_order, equal_hands_are_saved_in_place_order)
{
	round_trip(&(struct instance){2, {4, 4}, 10, ""}, TABLE_SCHEME_SWAPPED); // side 715, two blocks
	// Side 816, three blocks: a whole load decodes them in groups of two (512 rows of 816
	// places), the last group a block alone.
	round_trip(&(struct instance){2, {3, 3}, 16, ""}, TABLE_SCHEME_SWAPPED);
	round_trip(&(struct instance){2, {2, 2}, 5, "lives=2"}, TABLE_SCHEME_SWAPPED);
}

Test(table_order, uneven_hands_keep_index_order)
{
	round_trip(&(struct instance){2, {4, 3}, 9, ""}, TABLE_INDEX_SCHEME);
}

// SPDX-License-Identifier: MIT
// multiset.h: binomials and counts against GMP, ranks of every multiset against a naive
// listing (dense, distinct, colex order, rank 0 all dead), the worked example, and the
// unrank tables (hand_class values) of built rules as the inverse of multiset_rank.
#include <criterion/criterion.h>
#include <gmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "multiset.h"

Test(multiset, binomial_matches_gmp_or_saturates)
{
	mpz_t c;
	mpz_init(c);
	for (unsigned n = 0; n <= 600; n++)
		for (unsigned k = 0; k <= 32; k++) {
			mpz_bin_uiui(c, n, k);
			uint64_t want = mpz_sizeinbase(c, 2) <= 64 ? mpz_get_ui(c) : UINT64_MAX;
			if (mpz_sizeinbase(c, 2) == 64 && mpz_cmp_ui(c, UINT64_MAX) == 0)
				want = UINT64_MAX;
			cr_assert_eq(multiset_binomial(n, k), want, "C(%u, %u)", n, k);
		}
	mpz_clear(c);
}

Test(multiset, count_is_closed_form)
{
	mpz_t c;
	mpz_init(c);
	for (unsigned h = 1; h <= 16; h++)
		for (unsigned r = 2; r <= 250; r += (r < 20 ? 1 : 23)) {
			mpz_bin_uiui(c, h + r - 1, h);
			if (mpz_sizeinbase(c, 2) > 63)
				continue;
			cr_assert_eq(multiset_count(h, r), mpz_get_ui(c), "h=%u r=%u", h, r);
		}
	mpz_clear(c);
}

Test(multiset, worked_example_from_header)
{
	// multiset.h: (h = 2) {0,0} -> 0, {0,1} -> 1, {1,1} -> 2, {0,2} -> 3, {1,2} -> 4.
	const uint8_t v[5][2] = {{0, 0}, {0, 1}, {1, 1}, {0, 2}, {1, 2}};
	for (unsigned i = 0; i < 5; i++)
		cr_assert_eq(multiset_rank(v[i], 2), i, "{%u,%u}", v[i][0], v[i][1]);
	// position.h: {1,3} -> 7 (r = 5).
	const uint8_t w[2] = {1, 3};
	cr_assert_eq(multiset_rank(w, 2), 7);
}

// Colex order on ascending sequences: compare from the largest element down.
static int colex_cmp(const uint8_t *a, const uint8_t *b, unsigned h)
{
	for (unsigned i = h; i-- > 0;)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

// Lists every ascending h-tuple over 0..r-1 by filtering all r^h tuples; returns the count.
static size_t list_ascending(unsigned h, unsigned r, uint8_t *out)
{
	uint8_t t[16] = {0};
	size_t n = 0;
	for (;;) {
		int ascending = 1;
		for (unsigned i = 1; i < h; i++)
			ascending = ascending && t[i - 1] <= t[i];
		if (ascending)
			memcpy(out + n++ * h, t, h);
		unsigned i = 0;
		while (i < h && t[i] == r - 1)
			t[i++] = 0;
		if (i == h)
			return n;
		t[i]++;
	}
}

Test(multiset, ranks_dense_distinct_colex)
{
	for (unsigned h = 1; h <= 5; h++)
		for (unsigned r = 2; r <= 8; r++) {
			uint64_t raw = 1;
			for (unsigned i = 0; i < h; i++)
				raw *= r;
			uint8_t *seq = malloc(raw * h);
			size_t n = list_ascending(h, r, seq);
			cr_assert_eq(n, multiset_count(h, r), "h=%u r=%u", h, r);
			uint8_t *owner = calloc(n, 1);
			uint64_t *rank = malloc(n * sizeof *rank);
			for (size_t i = 0; i < n; i++) {
				rank[i] = multiset_rank(seq + i * h, h);
				cr_assert_lt(rank[i], n, "h=%u r=%u", h, r);
				cr_assert_eq(owner[rank[i]], 0, "h=%u r=%u: rank %llu twice", h, r,
					     (unsigned long long)rank[i]);
				owner[rank[i]] = 1;
			}
			for (size_t i = 0; i < n; i++)
				for (size_t j = 0; j < n; j++)
					cr_assert_eq(rank[i] < rank[j],
						     colex_cmp(seq + i * h, seq + j * h, h) < 0);
			uint8_t zero[16] = {0};
			cr_assert_eq(multiset_rank(zero, h), 0, "all dead is rank 0");
			free(seq);
			free(owner);
			free(rank);
		}
}

Test(multiset, sort_matches_qsort)
{
	srand(12345);
	for (int trial = 0; trial < 2000; trial++) {
		unsigned h = 1 + (unsigned)rand() % 16;
		uint8_t v[16], w[16];
		for (unsigned i = 0; i < h; i++)
			v[i] = w[i] = (uint8_t)(rand() % 12);
		multiset_sort(v, h);
		for (unsigned i = 1; i < h; i++) // insertion-sort reference
			for (unsigned j = i; j > 0 && w[j - 1] > w[j]; j--) {
				uint8_t t = w[j];
				w[j] = w[j - 1];
				w[j - 1] = t;
			}
		cr_assert_arr_eq(v, w, h);
	}
}

// The class tables of built rules unrank: values[i] is ascending with rank i, every
// ascending tuple appears once, and live_values lists its distinct live values.
static void check_class(const struct hand_class *cls, unsigned r)
{
	unsigned h = cls->hands;
	cr_assert_eq(cls->count, multiset_count(h, r));
	for (uint32_t i = 0; i < cls->count; i++) {
		const uint8_t *v = cls->values + (uint64_t)i * h;
		for (unsigned k = 0; k < h; k++) {
			cr_assert_lt(v[k], r);
			if (k)
				cr_assert_leq(v[k - 1], v[k], "rank %u not ascending", i);
		}
		cr_assert_eq(multiset_rank(v, h), i, "h=%u r=%u rank %u", h, r, i);
		uint8_t want[16] = {0};
		unsigned n = 0;
		for (unsigned k = 0; k < h; k++)
			if (v[k] && (n == 0 || want[n - 1] != v[k]))
				want[n++] = v[k];
		cr_assert_arr_eq(cls->live_values + (uint64_t)i * h, want, h, "live values of %u", i);
	}
	for (unsigned k = 0; k < h; k++)
		cr_assert_eq(cls->values[k], 0, "rank 0 must be all dead");
}

Test(multiset, class_tables_unrank)
{
	const unsigned hands[][3] = {{1, 1, 0}, {2, 2, 0}, {3, 3, 0}, {4, 4, 0}, {3, 2, 0}, {2, 1, 2}};
	for (unsigned c = 0; c < sizeof hands / sizeof hands[0]; c++)
		for (unsigned r = 2; r <= 12; r += 2) {
			struct instance in = {hands[c][2] ? 3 : 2, {hands[c][0], hands[c][1], hands[c][2]},
					      r, ""};
			struct rules *rules = instance_rules(&in);
			for (unsigned k = 0; k < rules->class_count; k++)
				check_class(&rules->class[k], r);
			rules_free(rules);
		}
}

// SPDX-License-Identifier: MIT
// Multiset ranking (see multiset.h). Binomials come from Pascal's rule with saturation, so a
// count that overflows 64 bits is reported rather than wrapped. The table holds C(n, k) for
// k <= BINOM_K only: C(n, k) = C(n, n - k), and when both k and n - k pass BINOM_K the value
// is at least C(2 * 34, 34) > 2^64, saturated without a table.
#include "multiset.h"

#include <assert.h>

#include "rules.h"

#define BINOM_N (RULES_MAX_HANDS + RULES_MAX_ROLLOVER + 1)
#define BINOM_K 40

static uint64_t binom[BINOM_N][BINOM_K];
static unsigned binom_rows; // rows 0 .. binom_rows - 1 are filled (only as far as asked:
			    // a probe of a small game touches a few pages, not the 400 KB)

// Fills the rows up to n (each from the one before it).
static void binom_fill(unsigned n)
{
	for (unsigned row = binom_rows; row <= n; row++) {
		binom[row][0] = 1;
		for (unsigned k = 1; k < BINOM_K; k++) {
			uint64_t a = row ? binom[row - 1][k - 1] : 0, b = row ? binom[row - 1][k] : 0, sum;
			if (a == UINT64_MAX || b == UINT64_MAX || __builtin_add_overflow(a, b, &sum))
				sum = UINT64_MAX;
			binom[row][k] = sum;
		}
	}
	if (n + 1 > binom_rows)
		__atomic_store_n(&binom_rows, n + 1, __ATOMIC_RELEASE);
}

uint64_t multiset_binomial(unsigned n, unsigned k)
{
	assert(n < BINOM_N);
	if (k > n)
		return 0;
	if (n - k < k)
		k = n - k;
	if (k >= BINOM_K)
		return UINT64_MAX;
	if (n >= __atomic_load_n(&binom_rows, __ATOMIC_ACQUIRE)) {
#pragma omp critical(multiset_binom)
		binom_fill(n);
	}
	return binom[n][k];
}

uint64_t multiset_count(unsigned h, unsigned r)
{
	return multiset_binomial(h + r - 1, h);
}

uint64_t multiset_rank(const uint8_t *sorted, unsigned h)
{
	uint64_t rank = 0;
	if (h && h < BINOM_K && sorted[h - 1] + h - 1 < __atomic_load_n(&binom_rows, __ATOMIC_ACQUIRE)) {
		for (unsigned k = 1; k <= h; k++) { // the rows it reads are there: at once (C(n, k) = 0 for k > n)
			assert(k == 1 || sorted[k - 1] >= sorted[k - 2]);
			rank += binom[sorted[k - 1] + k - 1][k];
		}
		return rank;
	}
	for (unsigned k = 1; k <= h; k++) {
		assert(k == 1 || sorted[k - 1] >= sorted[k - 2]);
		rank += multiset_binomial(sorted[k - 1] + k - 1, k);
	}
	return rank;
}

void multiset_sort(uint8_t *v, unsigned h)
{
	for (unsigned i = 1; i < h; i++) {
		uint8_t x = v[i];
		unsigned j = i;
		for (; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

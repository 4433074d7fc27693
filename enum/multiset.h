// SPDX-License-Identifier: MIT
// Ranking one player's hands as a multiset (combinatorial number system, colex order).
// Hands v1 <= v2 <= ... <= vh map to c_k = v_k + k - 1 (strictly increasing) and the rank is
// sum_k C(c_k, k). Example (h = 2): {0,0} -> 0, {0,1} -> 1, {1,1} -> 2, {0,2} -> 3, {1,2} -> 4.
// Ranks are dense in [0, C(h+r-1, h)); rank 0 is always the all-dead hand set.
#ifndef CHOPSTICKS_ENUM_MULTISET_H
#define CHOPSTICKS_ENUM_MULTISET_H

#include <stdint.h>

// C(n, k) for n <= RULES_MAX_HANDS + RULES_MAX_ROLLOVER (0 when k > n); UINT64_MAX when it
// does not fit in 64 bits.
uint64_t multiset_binomial(unsigned n, unsigned k);
// C(h + r - 1, h): the number of multisets of h values in 0..r-1; UINT64_MAX on overflow.
uint64_t multiset_count(unsigned h, unsigned r);
// The rank of sorted[0..h) (ascending). Assumes the count fits in 64 bits.
uint64_t multiset_rank(const uint8_t *sorted, unsigned h);
// Sorts v[0..h) ascending (insertion sort: one changed hand, or a typed code).
void multiset_sort(uint8_t *v, unsigned h);

#endif

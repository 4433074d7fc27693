// SPDX-License-Identifier: MIT
// The dense engine (bitmatrix.h, dense.h, dense_walk.h, dense_solve.h) against the generic
// code it replaces for two players, equal hands or not: the bit-matrix transposes (square
// and rectangular, into another matrix, swapped and in place) and bit ranges against naive
// per-bit definitions, and the pairs' shapes; enumerate_reachable (dense) against
// enumerate_reachable_generic (every distance, every count and layer), and dense_walk's
// reachable pair against the generic distances; retrograde_solve from an enumeration and
// from its own walk, and dense_solve called directly, against backward_solve on the generic
// enumeration (byte-identical cells, the same levels) and against the generic engine's
// compact solution byte for byte, and a saved table against the generic engine's
// (plan_drop_dense). Every two-player variant, lives and starts (either seat to move); at 1
// and 3 threads for instances large enough to run in parallel (2^16 positions and more);
// dense_build declines three players.
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "backward.h"
#include "bitmatrix.h"
#include "cells.h"
#include "dense.h"
#include "dense_solve.h"
#include "dense_walk.h"
#include "enumerate.h"
#include "helpers.h"
#include "le64.h"
#include "parallel.h" // below PARALLEL_MIN a second thread count changes nothing
#include "plan.h"
#include "retrograde.h"
#include "table_file.h"
#include "variants.h"

// ---- pseudo-random bits ----

struct lcg {
	uint64_t x;
};

// 64 bits from the high halves of two steps of Knuth's MMIX generator.
static uint64_t lcg_next(struct lcg *g)
{
	g->x = g->x * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
	uint64_t hi = g->x >> 32;
	g->x = g->x * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
	return hi << 32 | g->x >> 32;
}

static int max_threads(void)
{
#ifdef _OPENMP
	return omp_get_max_threads();
#else
	return 1;
#endif
}

// ---- (a) bit matrices ----

// Fills rows and columns in use of m (padding stays clear). Each 64 x 64 block is empty,
// sparse or dense, so the transpose meets all-zero blocks, which it skips, as well as full ones.
static void fill_random(struct bitmatrix *m, struct lcg *g)
{
	bitmatrix_clear(m);
	uint32_t words = m->words, block_rows = (m->rows + 63) / 64;
	uint8_t *kind = malloc((size_t)block_rows * words + 1);
	cr_assert_not_null(kind);
	for (size_t k = 0; k < (size_t)block_rows * words; k++)
		kind[k] = (uint8_t)(lcg_next(g) % 3);
	for (uint32_t i = 0; i < m->rows; i++) {
		uint64_t *row = bitmatrix_row(m, i);
		for (uint32_t w = 0; w < words; w++) {
			uint64_t bits = lcg_next(g);
			switch (kind[(size_t)(i / 64) * words + w]) {
			case 0:
				bits = 0;
				break;
			case 1:
				bits &= lcg_next(g) & lcg_next(g);
				break;
			default:
				break;
			}
			if (w == words - 1 && m->cols % 64)
				bits &= (UINT64_C(1) << (m->cols % 64)) - 1;
			row[w] = bits;
		}
	}
	free(kind);
}

// dst[i][j] == (or_into ? before[i][j] : 0) | src[j][i] for all i, j in use, and dst's
// padding clear.
static void check_transposed(const struct bitmatrix *dst, const struct bitmatrix *src,
			     const struct bitmatrix *before, const char *what)
{
	cr_assert_eq(dst->rows, src->cols, "%s", what);
	cr_assert_eq(dst->cols, src->rows, "%s", what);
	for (uint32_t i = 0; i < (dst->rows + 63) / 64 * 64; i++)
		for (uint32_t j = 0; j < dst->words * 64; j++) {
			bool in = i < dst->rows && j < dst->cols;
			bool want = in && (bit_get(bitmatrix_row(src, j), i) ||
					   (before && bit_get(bitmatrix_row(before, i), j)));
			bool got = bit_get(bitmatrix_row(dst, i), j);
			if (got != want)
				cr_assert_fail("%s, %u x %u: bit (%u, %u) is %d, want %d", what, src->rows,
					       src->cols, i, j, got, want);
		}
}

static void check_transpose_size(uint32_t rows, uint32_t cols, bool parallel, struct lcg *g)
{
	char what[64];
	struct bitmatrix src, dst, before, other;
	cr_assert(bitmatrix_init(&src, rows, cols) && bitmatrix_init(&dst, cols, rows) &&
		  bitmatrix_init(&before, cols, rows) && bitmatrix_init(&other, cols, rows));
	cr_assert_eq(src.words, (cols + 63) / 64);
	fill_random(&src, g);
	fill_random(&dst, g); // overwritten
	bitmatrix_transpose(&dst, &src, false, parallel);
	snprintf(what, sizeof what, "transpose%s", parallel ? " (parallel)" : "");
	check_transposed(&dst, &src, NULL, what);
	fill_random(&before, g);
	memcpy(dst.bits, before.bits, bitmatrix_bytes(cols, rows));
	bitmatrix_transpose(&dst, &src, true, parallel);
	snprintf(what, sizeof what, "transpose or-into%s", parallel ? " (parallel)" : "");
	check_transposed(&dst, &src, &before, what);
	// The swap: src and other (copies kept in dst and before) each become the other's
	// transpose.
	fill_random(&other, g);
	bitmatrix_transpose(&dst, &src, false, parallel);
	memcpy(before.bits, other.bits, bitmatrix_bytes(cols, rows));
	bitmatrix_transpose_swap(&src, &other, parallel);
	snprintf(what, sizeof what, "transpose swap%s", parallel ? " (parallel)" : "");
	cr_assert(!memcmp(other.bits, dst.bits, bitmatrix_bytes(cols, rows)), "%s: b = a^T", what);
	check_transposed(&src, &before, NULL, what);
	bitmatrix_free(&src);
	bitmatrix_free(&dst);
	bitmatrix_free(&before);
	bitmatrix_free(&other);
}

// A square matrix transposed in place (bitmatrix_transpose_swap of a matrix with itself).
static void check_in_place(uint32_t n, bool parallel, struct lcg *g)
{
	struct bitmatrix m, copy;
	cr_assert(bitmatrix_init(&m, n, n) && bitmatrix_init(&copy, n, n));
	fill_random(&m, g);
	memcpy(copy.bits, m.bits, bitmatrix_bytes(n, n));
	bitmatrix_transpose_swap(&m, &m, parallel);
	check_transposed(&m, &copy, NULL, parallel ? "in place (parallel)" : "in place");
	bitmatrix_free(&m);
	bitmatrix_free(&copy);
}


// Sizes around the 64-bit words and the groups of eight blocks the transpose works on,
// square and not.
Test(bitmatrix, transpose_matches_naive)
{
	static const uint32_t sizes[] = {1, 2, 63, 64, 65, 130, 200, 511, 512, 520, 1100};
	static const uint32_t shapes[][2] = {{1, 70}, {70, 1}, {63, 600}, {600, 65}, {512, 130},
					     {1100, 520}, {200, 511}};
	struct lcg g = {12345};
	int saved = max_threads();
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		set_threads(1);
		check_transpose_size(sizes[k], sizes[k], false, &g);
		check_in_place(sizes[k], false, &g);
		set_threads(3);
		check_transpose_size(sizes[k], sizes[k], true, &g);
		check_in_place(sizes[k], true, &g);
	}
	for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
		set_threads(1);
		check_transpose_size(shapes[k][0], shapes[k][1], false, &g);
		set_threads(3);
		check_transpose_size(shapes[k][0], shapes[k][1], true, &g);
	}
	set_threads(saved);
}

// A pair's sides: shapes, one allocation, and its transposes against its sides'.
Test(bitmatrix, pairs)
{
	static const uint32_t two[2] = {70, 130}, one[2] = {100, 100};
	struct lcg g = {4242};
	struct bitpair p, t, q;
	cr_assert(bitpair_init(&p, 2, two) && bitpair_init(&t, 2, two) && bitpair_init(&q, 2, two));
	cr_assert_eq(p.side[0].rows, 70);
	cr_assert_eq(p.side[0].cols, 130);
	cr_assert_eq(p.side[1].rows, 130);
	cr_assert_eq(p.side[1].cols, 70);
	cr_assert_eq(p.side[1].bits, p.side[0].bits + bitmatrix_bytes(70, 130) / 8);
	cr_assert_eq(bitpair_words(&p) * 8, bitpair_bytes(2, two));
	fill_random(&p.side[0], &g);
	fill_random(&p.side[1], &g);
	cr_assert_eq(bitpair_count(&p, false),
		     bitmatrix_count(&p.side[0], false) + bitmatrix_count(&p.side[1], false));
	bitpair_transpose(&t, &p, false, false);
	check_transposed(&t.side[0], &p.side[1], NULL, "pair side 0");
	check_transposed(&t.side[1], &p.side[0], NULL, "pair side 1");
	memcpy(q.side[0].bits, p.side[0].bits, bitpair_words(&p) * 8);
	bitpair_transpose_in_place(&q, false);
	cr_assert(!memcmp(q.side[0].bits, t.side[0].bits, bitpair_words(&p) * 8), "in place");
	bitpair_clear(&q);
	cr_assert_eq(bitpair_count(&q, false), 0);
	bitpair_free(&p);
	bitpair_free(&t);
	bitpair_free(&q);
	cr_assert(bitpair_init(&p, 1, one));
	cr_assert_eq(p.side[1].bits, p.side[0].bits, "one side serves both seats");
	cr_assert_eq(bitpair_bytes(1, one), bitmatrix_bytes(100, 100));
	bitpair_free(&p);
}

#define RANGE_WORDS 3
#define RANGE_BITS (64 * RANGE_WORDS)

// Every range [lo, hi) of a three-word row, empty ones and word boundaries included.
Test(bitmatrix, set_range_and_range_full_match_naive)
{
	struct lcg g = {777};
	for (uint32_t lo = 0; lo <= RANGE_BITS; lo++)
		for (uint32_t hi = lo; hi <= RANGE_BITS; hi++) {
			// bit_set_range on random bits sets [lo, hi) and leaves every other bit.
			uint64_t base[RANGE_WORDS], row[RANGE_WORDS];
			for (unsigned w = 0; w < RANGE_WORDS; w++)
				base[w] = row[w] = lcg_next(&g);
			bit_set_range(row, lo, hi);
			for (uint32_t j = 0; j < RANGE_BITS; j++) {
				bool want = bit_get(base, j) || (lo <= j && j < hi);
				if (bit_get(row, j) != want)
					cr_assert_fail("bit_set_range [%u, %u): bit %u is %d", lo, hi, j,
						       !want);
			}
			cr_assert(bit_range_full(row, lo, hi), "[%u, %u) not full after setting it", lo, hi);
			// bit_range_full on all ones but one bit p, for p at and around the ends.
			const int64_t probe[] = {(int64_t)lo - 1, lo, lo + 1, ((int64_t)lo + hi) / 2,
						 (int64_t)hi - 2, (int64_t)hi - 1, hi, 0, RANGE_BITS - 1};
			for (size_t k = 0; k < sizeof probe / sizeof probe[0]; k++) {
				if (probe[k] < 0 || probe[k] >= RANGE_BITS)
					continue;
				uint32_t p = (uint32_t)probe[k];
				uint64_t ones[RANGE_WORDS];
				memset(ones, 0xff, sizeof ones);
				ones[p / 64] &= ~(UINT64_C(1) << (p % 64));
				bool want = !(lo <= p && p < hi);
				cr_assert_eq(bit_range_full(ones, lo, hi), want,
					     "bit_range_full [%u, %u) with only bit %u clear", lo, hi, p);
			}
			// On mostly set random bits (7 in 8), against the per-bit definition.
			uint64_t dense[RANGE_WORDS];
			for (unsigned w = 0; w < RANGE_WORDS; w++)
				dense[w] = lcg_next(&g) | lcg_next(&g) | lcg_next(&g);
			bool want = true;
			for (uint32_t j = lo; j < hi; j++)
				want &= bit_get(dense, j);
			cr_assert_eq(bit_range_full(dense, lo, hi), want,
				     "bit_range_full [%u, %u) on %016llx %016llx %016llx", lo, hi,
				     (unsigned long long)dense[0], (unsigned long long)dense[1],
				     (unsigned long long)dense[2]);
		}
}

// ---- instances ----

struct dense_case {
	struct instance in;
	char start[32]; // "" for the rules' own start
};

// Variant mixes crossed with h = 1..3 and r = 2..6, and with the uneven hands below ("lives=N"
// is --lives N, see helpers.h). Every variant of two players is in one (mixes_cover_...).
static const char *const mixes[] = {
	"cutoff", "suicide", "meta", "suns", "misere", "transfers-only", "divisions-only",
	"attacks-only", "halves", "halves-odd", "self-attack", "swaps", "logan", "cherri",
	"integers", "sudden-death", "stumps", "lives=2", "lives=3",
	"cutoff,suicide", "suicide,meta,suns", "swaps,cutoff", "logan,suicide", "cutoff,misere",
	"halves,meta", "swaps,logan,cherri", "self-attack,sudden-death", "stumps,cutoff",
	"integers,misere", "cherri,suicide", "halves-odd,cutoff", "transfers-only,suicide",
	"divisions-only,meta", "attacks-only,cutoff,suns", "sudden-death,self-attack,misere",
	"swaps,misere", "integers,self-attack", "stumps,misere", "logan,halves-odd",
	"suns,lives=2", "misere,lives=3", "stumps,lives=2", "swaps,cherri,lives=2",
	"cutoff,suicide,lives=2", "meta,suns,lives=3",
};

// Uneven hands the mixes run on: either seat with more hands, and one hand against two.
static const unsigned uneven[][2] = {{1, 2}, {2, 1}, {2, 3}, {3, 2}};

// Past 2^16 positions, so the parallel paths of the walks and solves run at 3 threads (the
// mixes add stumps with h = 3, r = 6 and stumps with lives at h = 3, r = 5 and 6).
static const struct dense_case large[] = {
	{{2, {4, 4}, 8, ""}, ""},                 // 108900 positions, 129 levels
	{{2, {3, 3}, 11, "cutoff"}, ""},          // 81796, 152 levels
	{{2, {2, 2}, 23, "cutoff,suicide"}, ""},  // 76176
	{{2, {3, 3}, 9, "misere,lives=2"}, ""},   // 108900
	{{2, {3, 3}, 11, "self-attack"}, ""},     // 81796
	{{2, {2, 2}, 23, "swaps,misere"}, ""},    // 76176
	{{2, {5, 3}, 7, ""}, ""},                 // 2 x 462 x 84 = 77616
	{{2, {3, 4}, 8, "cutoff"}, ""},           // 2 x 120 x 330 = 79200
	{{2, {2, 3}, 13, "cutoff,suicide"}, ""},  // 2 x 91 x 455 = 82810
	{{2, {3, 2}, 10, "misere,lives=2"}, ""},  // 2 x 440 x 110 = 96800
	{{2, {4, 3}, 8, "self-attack"}, ""},      // 79200
	{{2, {1, 2}, 40, "swaps,misere"}, ""},    // 2 x 40 x 820 = 65600
	{{2, {2, 3}, 7, "stumps"}, ""},           // 2 x 105 x 560 = 117600 (half fingers: 14 values)
};

// Other starts (codes as in tests/test_enumerate.c); with uneven hands, either seat to move
// (the '/' form names the seat: the first part has the mover's hands).
static const struct dense_case starts[] = {
	{{2, {2, 2}, 5, ""}, "0212"},
	{{2, {3, 3}, 5, "suicide"}, "004013"},
	{{2, {2, 2}, 5, "lives=3"}, "01:1/13"},
	{{2, {2, 2}, 5, "stumps"}, "0h0h/11"},
	{{2, {3, 3}, 4, "stumps,cutoff"}, "00h3h/012"},
	{{2, {2, 2}, 5, "cutoff,suicide"}, "0104"},
	{{2, {3, 3}, 6, "divisions-only"}, "005005"},
	{{2, {3, 2}, 5, ""}, "013/12"},
	{{2, {3, 2}, 5, ""}, "12/013"},
	{{2, {2, 3}, 5, "suicide"}, "04/013"},
	{{2, {3, 2}, 5, "lives=3"}, "13/001:2"},
	{{2, {3, 2}, 5, "stumps"}, "0h0h/011"},
	{{2, {2, 3}, 4, "stumps,cutoff"}, "0h3h/012"},
	{{2, {3, 2}, 6, "divisions-only"}, "005/05"},
	{{2, {2, 1}, 5, "cutoff,suicide"}, "4/04"},
	// Past 253 attack parents (a dead hand tapped from any of 127 values), 2113536 positions;
	// from the start the walk passes 254 layers.
	{{2, {2, 1}, 128, "cutoff"}, "100.100/100"},
};

#define MIXES (sizeof mixes / sizeof mixes[0])
#define UNEVEN (sizeof uneven / sizeof uneven[0])
#define LARGE (sizeof large / sizeof large[0])
#define STARTS (sizeof starts / sizeof starts[0])
#define STANDARD (4 * 6 + 4 * 3 * 6)
#define MAX_CASES (STANDARD + MIXES * (3 + UNEVEN) * 5 + LARGE + STARTS)

// Fills out (room for MAX_CASES): the standard game for hands a, b = 1..4 (equal or not) and
// r = 2..7, the mixes, the large instances and the other starts; returns the count.
static size_t dense_cases(struct dense_case *out)
{
	size_t n = 0;
	for (unsigned a = 1; a <= 4; a++)
		for (unsigned b = 1; b <= 4; b++)
			for (unsigned r = 2; r <= 7; r++)
				out[n++] = (struct dense_case){{2, {a, b}, r, ""}, ""};
	for (size_t m = 0; m < MIXES; m++)
		for (unsigned k = 0; k < 3 + UNEVEN; k++)
			for (unsigned r = 2; r <= 6; r++) {
				unsigned a = k < 3 ? k + 1 : uneven[k - 3][0], b = k < 3 ? k + 1 : uneven[k - 3][1];
				out[n] = (struct dense_case){{2, {a, b}, r, ""}, ""};
				strcpy(out[n++].in.variants, mixes[m]);
			}
	for (size_t i = 0; i < LARGE; i++)
		out[n++] = large[i];
	for (size_t i = 0; i < STARTS; i++)
		out[n++] = starts[i];
	cr_assert_eq(n, MAX_CASES);
	return n;
}

// Every variant two players can have appears in a mix (and so runs on every shape above).
Test(dense, mixes_cover_every_two_player_variant)
{
	for (unsigned id = 0; id < VARIANT_COUNT; id++) {
		if (variants_need(id) == NEED_P3)
			continue;
		const char *name = variants_name(id);
		bool found = false;
		for (size_t m = 0; m < MIXES && !found; m++)
			for (const char *p = mixes[m]; *p && !found; p += strcspn(p, ",") + (p[strcspn(p, ",")] == ',')) {
				size_t len = strcspn(p, ",");
				found = len == strlen(name) && !strncmp(p, name, len);
			}
		cr_assert(found, "variant %s is in no mix", name);
	}
}

// The rules of c (with its start) and its name for messages.
static struct rules *case_rules(const struct dense_case *c, char *name, size_t len)
{
	instance_text(&c->in, name, len);
	struct rules *rules = instance_rules(&c->in);
	if (c->start[0]) {
		uint64_t idx;
		struct error err = {{0}};
		cr_assert_eq(position_parse(rules, c->start, &idx, &err), STATUS_OK, "%s: %s", name,
			     err.msg);
		rules_set_start(rules, idx);
		size_t used = strlen(name);
		snprintf(name + used, len - used, " from %s", c->start);
	}
	return rules;
}

// The dense tables of rules, which must take them.
static struct dense *must_build(const struct rules *rules, const char *name)
{
	struct dense *d = NULL;
	struct error err = {{0}};
	cr_assert_eq(dense_build(rules, &d, &err), STATUS_OK, "%s: %s", name, err.msg);
	cr_assert_not_null(d, "%s: dense_build declined, so the dense path is not tested", name);
	cr_assert_eq(d->sides, rules->hands[0] == rules->hands[1] ? 1 : 2, "%s", name);
	cr_assert_eq(d->sides * d->block, rules->size, "%s: %u x %u states", name, d->n[0], d->n[1]);
	return d;
}

// Thread counts to run rules at: 1, and 3 when they are large enough for threads to matter.
static int thread_counts(const struct rules *rules, int *threads)
{
	threads[0] = 1;
#ifdef _OPENMP
	if (rules->size >= PARALLEL_MIN) {
		threads[1] = 3;
		return 2;
	}
#else
	(void)rules;
#endif
	return 1;
}


// ---- (b) walks ----

static void compare_walks(const struct rules *rules, const struct enumeration *got,
			  const struct enumeration *want, const char *name)
{
	cr_assert_eq(got->size, rules->size, "%s", name);
	cr_assert_eq(want->size, rules->size, "%s", name);
	if (memcmp(got->depth, want->depth, rules->size)) {
		uint64_t idx = 0;
		while (enumeration_depth(got, idx) == enumeration_depth(want, idx))
			idx++;
		char code[POSITION_CODE_MAX];
		position_format(rules, idx, code);
		cr_assert_fail("%s: first differing distance at index %llu (%s): dense %u, generic %u "
			       "(255: unreachable)",
			       name, (unsigned long long)idx, code, enumeration_depth(got, idx), enumeration_depth(want, idx));
	}
	compare_counts(got, want, name);
}

// dense_walk's reachable pair (what retrograde_solve without an enumeration solves) and
// counts against the generic walk; dense_seen_from_depth of its distances matches too, and
// dense_index numbers every position of the index space once.
static void compare_seen(const struct dense *d, const struct enumeration *generic,
			 const char *name)
{
	struct enumeration walked = {.size = d->rules->size};
	struct bitpair seen, from_depth;
	struct error err = {{0}};
	cr_assert_eq(dense_walk(d, NULL, NULL, &walked, &seen, &err), STATUS_OK, "%s: %s", name, err.msg);
	compare_counts(&walked, generic, name);
	cr_assert(bitpair_init(&from_depth, d->sides, d->n));
	dense_seen_from_depth(d, generic, &from_depth);
	uint8_t *numbered = calloc(d->rules->size, 1);
	cr_assert_not_null(numbered);
	for (unsigned t = 0; t < d->sides; t++)
		for (uint32_t a = 0; a < d->n[t]; a++)
			for (uint32_t b = 0; b < d->n[dense_other(d, t)]; b++) {
				uint64_t idx = dense_index(d, t, a, b);
				cr_assert(idx < d->rules->size && !numbered[idx]++, "%s: index %llu", name,
					  (unsigned long long)idx);
				bool want = enumeration_reached(generic, idx);
				bool got = bit_get(bitpair_row(&seen, t, a), b);
				bool got2 = bit_get(bitpair_row(&from_depth, t, a), b);
				if (got != want || got2 != want) {
					char code[POSITION_CODE_MAX];
					position_format(d->rules, idx, code);
					cr_assert_fail("%s: %s (index %llu): dense_walk seen %d, from distances "
						       "%d, generic reachable %d",
						       name, code, (unsigned long long)idx, got, got2, want);
				}
			}
	free(numbered);
	bitpair_free(&seen);
	bitpair_free(&from_depth);
}

// Which cases for_each_case runs: equal hands, uneven ones, and the uneven ones in three
// parts (below 2^16 positions with more hands for the first seat or fewer, and past it),
// which keep each test short under the sanitizers.
enum case_set { CASES_EQUAL, CASES_UNEVEN, CASES_MORE_FIRST, CASES_FEWER_FIRST, CASES_UNEVEN_LARGE };

static bool in_set(const struct dense_case *c, const struct rules *rules, enum case_set set)
{
	unsigned a = c->in.hands[0], b = c->in.hands[1];
	bool big = rules->size >= PARALLEL_MIN;
	switch (set) {
	case CASES_EQUAL:
		return a == b;
	case CASES_UNEVEN:
		return a != b;
	case CASES_MORE_FIRST:
		return a > b && !big;
	case CASES_FEWER_FIRST:
		return a < b && !big;
	case CASES_UNEVEN_LARGE:
		return a != b && big;
	}
	return false;
}

// Runs check on every case of set at each of its thread counts; returns how many cases are
// big enough for the parallel paths.
static size_t for_each_case(enum case_set set, void (*check)(const struct rules *rules,
							      const struct dense *d, const char *name))
{
	static struct dense_case list[MAX_CASES];
	size_t n = dense_cases(list), parallel = 0;
#ifdef _OPENMP
	int saved = omp_get_max_threads();
#endif
	for (size_t i = 0; i < n; i++) {
		char base[128], name[160];
		struct rules *rules = case_rules(&list[i], base, sizeof base);
		if (!in_set(&list[i], rules, set)) {
			rules_free(rules);
			continue;
		}
		struct dense *d = must_build(rules, base);
		int threads[2], counts = thread_counts(rules, threads);
		parallel += rules->size >= PARALLEL_MIN;
		for (int t = 0; t < counts; t++) {
			set_threads(threads[t]);
			snprintf(name, sizeof name, "%s, %d thread%s", base, threads[t],
				 threads[t] > 1 ? "s" : "");
			check(rules, d, name);
		}
		dense_free(d);
		rules_free(rules);
	}
#ifdef _OPENMP
	omp_set_num_threads(saved);
#endif
	return parallel;
}

static void check_walks(const struct rules *rules, const struct dense *d, const char *name)
{
	struct enumeration dense, generic;
	struct error err = {{0}};
	cr_assert_eq(enumerate_reachable(rules, NULL, &dense, &err), STATUS_OK, "%s: %s", name,
		     err.msg);
	cr_assert_eq(enumerate_reachable_generic(rules, NULL, &generic, &err), STATUS_OK, "%s: %s",
		     name, err.msg);
	compare_walks(rules, &dense, &generic, name);
	compare_seen(d, &generic, name);
	enumeration_free(&dense);
	enumeration_free(&generic);
}

Test(dense, walk_matches_generic, .timeout = 120)
{
	for_each_case(CASES_EQUAL, check_walks);
}

Test(dense, walk_matches_generic_uneven, .timeout = 120)
{
	for_each_case(CASES_UNEVEN, check_walks);
}

// The dense engine takes two players only.
Test(dense, declines_other_shapes)
{
	static const struct instance other[] = {
		{3, {2, 2, 2}, 4, ""},    {3, {1, 1, 1}, 5, ""},     {3, {2, 2, 2}, 3, "zombies"},
		{4, {1, 1, 1, 1}, 4, ""}, {3, {2, 1, 2}, 4, ""},
	};
	for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
		char name[128];
		instance_text(&other[i], name, sizeof name);
		struct rules *rules = instance_rules(&other[i]);
		struct dense *d = (struct dense *)1;
		struct error err = {{0}};
		cr_assert_eq(dense_build(rules, &d, &err), STATUS_OK, "%s: %s", name, err.msg);
		cr_assert_null(d, "%s: dense_build accepted it", name);
		rules_free(rules);
	}
}

// A position's attack parents may pass the counter's bound (DENSE_MAX_ATTACKS) as long as
// its attacks do not: under cutoff a dead hand may have been tapped from any of r - 1 values.
// Its walks and solves are in the cases (starts).
Test(dense, takes_attack_parents_past_the_counter)
{
	static const struct instance in = {2, {2, 1}, 128, "cutoff"};
	struct rules *rules = instance_rules(&in);
	struct dense *d = must_build(rules, "2,1 r128 cutoff");
	cr_assert_leq(d->max_attacks, DENSE_MAX_ATTACKS);
	cr_assert_gt(d->max_reach, DENSE_MAX_ATTACKS);
	dense_free(d);
	rules_free(rules);
}

// ---- (c) solves ----

// The first cell where got differs from want (the generic solve), decoded.
static void compare_cells(const struct rules *rules, const uint16_t *got, const uint16_t *want,
			  const char *what, const char *name)
{
	if (!memcmp(got, want, rules->size * sizeof *got))
		return;
	uint64_t idx = 0;
	while (got[idx] == want[idx])
		idx++;
	char code[POSITION_CODE_MAX];
	position_format(rules, idx, code);
	cr_assert_fail("%s: %s: first differing cell at index %llu (%s): %s %u (0x%04x), "
		       "backward_solve %s %u (0x%04x)",
		       name, what, (unsigned long long)idx, code, cell_value_name(cell_value(got[idx])),
		       cell_remoteness(got[idx]), got[idx], cell_value_name(cell_value(want[idx])),
		       cell_remoteness(want[idx]), want[idx]);
}

static void compare_solutions(const struct solution *s, const struct solution *ref,
			      const char *name)
{
	for (int v = 0; v < 4; v++)
		cr_assert_eq(s->count[v], ref->count[v], "%s: count of %s", name,
			     cell_value_name((enum value)v));
	cr_assert_eq(s->max_remoteness, ref->max_remoteness, "%s", name);
	cr_assert_eq(s->max_remoteness_at, ref->max_remoteness_at, "%s", name);
}

// got against the compact form of the generic cells want, built as the generic engine builds
// it (solution_put per cell, retrograde.c), byte for byte: the values, remoteness and
// overflow sections that --save writes.
static void compare_compact(const struct rules *rules, const uint16_t *want,
			    const struct solution *got, const char *name)
{
	struct solution ref;
	cr_assert(solution_init(&ref, rules->size));
	for (uint64_t idx = 0; idx < rules->size; idx++)
		if (want[idx])
			cr_assert(solution_put(&ref, idx, cell_value(want[idx]), cell_remoteness(want[idx])));
	solution_finish(&ref);
	cr_assert_eq(got->size, ref.size, "%s", name);
	cr_assert(!memcmp(got->values, ref.values, (ref.size + 3) / 4), "%s: values differ", name);
	cr_assert(!memcmp(got->remoteness, ref.remoteness, ref.size), "%s: remoteness differs", name);
	cr_assert_eq(got->overflow_count, ref.overflow_count, "%s", name);
	cr_assert(!ref.overflow_count || !memcmp(got->overflow, ref.overflow, 16 * ref.overflow_count),
		  "%s: overflow lists differ", name);
	compare_solutions(got, &ref, name);
	solution_free(&ref);
}

// retrograde_solve with the enumeration and walking by itself, and dense_solve called on the
// generic walk's reachable positions, all against backward_solve on the generic walk, and
// the first against its compact form.
static void check_solves(const struct rules *rules, const struct dense *d, const char *name)
{
	struct error err = {{0}};
	struct enumeration generic, dense;
	cr_assert_eq(enumerate_reachable_generic(rules, NULL, &generic, &err), STATUS_OK, "%s: %s",
		     name, err.msg);
	cr_assert_eq(enumerate_reachable(rules, NULL, &dense, &err), STATUS_OK, "%s: %s", name,
		     err.msg);

	uint16_t *want = malloc(rules->size * sizeof *want);
	cr_assert_not_null(want);
	unsigned want_levels = 0;
	struct backward_game game = {rules, &generic, 1, "solve", NULL};
	cr_assert_eq(backward_solve(&game, NULL, want, &want_levels, &err), STATUS_OK, "%s: %s",
		     name, err.msg);

	struct solution with_e, alone;
	cr_assert_eq(retrograde_solve(rules, &dense, NULL, &with_e, &err), STATUS_OK, "%s: %s",
		     name, err.msg);
	cr_assert_eq(retrograde_solve(rules, NULL, NULL, &alone, &err), STATUS_OK, "%s: %s", name,
		     err.msg);
	uint16_t *with_e_cell = solution_cells(&with_e), *alone_cell = solution_cells(&alone);
	cr_assert(with_e_cell && alone_cell);
	compare_cells(rules, with_e_cell, want, "retrograde_solve with the enumeration", name);
	compare_cells(rules, alone_cell, want, "retrograde_solve walking by itself", name);
	cr_assert_eq(with_e.max_remoteness, want_levels, "%s: max remoteness %u, backward levels %u",
		     name, with_e.max_remoteness, want_levels);
	compare_solutions(&alone, &with_e, name);
	cr_assert_eq(with_e.count[VALUE_WIN] + with_e.count[VALUE_LOSS] + with_e.count[VALUE_DRAW],
		     generic.reachable_count, "%s: solved positions", name);

	compare_compact(rules, want, &with_e, name);

	struct bitpair reachable;
	struct solution direct;
	memset(&direct, 0xa5, sizeof direct); // any content
	cr_assert(bitpair_init(&reachable, d->sides, d->n));
	dense_seen_from_depth(d, &generic, &reachable);
	unsigned levels = 12345;
	cr_assert_eq(dense_solve(d, &reachable, NULL, NULL, &direct, &levels, &err), STATUS_OK, "%s: %s",
		     name, err.msg);
	uint16_t *cell = solution_cells(&direct);
	cr_assert_not_null(cell);
	compare_cells(rules, cell, want, "dense_solve", name);
	compare_solutions(&direct, &with_e, name);
	cr_assert_eq(levels, want_levels, "%s: dense_solve levels %u, backward_solve %u", name,
		     levels, want_levels);

	free(cell);
	free(with_e_cell);
	free(alone_cell);
	solution_free(&direct);
	solution_free(&with_e);
	solution_free(&alone);
	free(want);
	enumeration_free(&dense);
	enumeration_free(&generic);
}

// The large cases: 6 with equal hands, 7 uneven (a test of their own, for time).
Test(dense, solve_matches_generic, .timeout = 120)
{
	size_t parallel = for_each_case(CASES_EQUAL, check_solves);
	cr_assert_geq(parallel, 6, "the parallel paths need instances of 2^16 positions");
}

Test(dense, solve_matches_generic_more_hands_first, .timeout = 120)
{
	for_each_case(CASES_MORE_FIRST, check_solves);
}

Test(dense, solve_matches_generic_fewer_hands_first, .timeout = 120)
{
	for_each_case(CASES_FEWER_FIRST, check_solves);
}

Test(dense, solve_matches_generic_uneven_large, .timeout = 120)
{
	size_t parallel = for_each_case(CASES_UNEVEN_LARGE, check_solves);
	cr_assert_geq(parallel, 7, "the parallel paths need instances of 2^16 positions");
}

// Remoteness past 254 goes to the overflow list, in the solve and in a saved table: on in,
// whose longest forced line is longest; the overflow entries in each side's index range
// are counted into per_side.
static void check_overflow(const struct instance *in, unsigned longest, uint64_t per_side[2])
{
	char name[128];
	instance_text(in, name, sizeof name);
	struct rules *rules = instance_rules(in);
	struct dense *d = must_build(rules, name);
	check_solves(rules, d, name);
	struct solution s;
	struct table_map t;
	struct error err = {{0}};
	cr_assert_eq(retrograde_solve(rules, NULL, NULL, &s, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(s.max_remoteness, longest, "%s", name);
	cr_assert_gt(s.overflow_count, 0);
	for (uint64_t k = 0; k < s.overflow_count; k++)
		per_side[le64_load(s.overflow + 16 * k) >= d->block]++;
	const char *path = "/tmp/chopsticks-dense-overflow.tbl";
	cr_assert_eq(table_save_flat(path, rules, &s, "x", &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(table_open(path, &t, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(t.sol.overflow_count, s.overflow_count);
	for (uint64_t i = 0; i < rules->size; i++) {
		cr_assert_eq(table_value(&t, i), solution_value(&s, i));
		cr_assert_eq(table_remoteness(&t, i), solution_remoteness(&s, i));
	}
	table_close(&t);
	unlink(path);
	solution_free(&s);
	dense_free(d);
	rules_free(rules);
}

// The instance's longest forced line, 317, was found by `solve` with this change; the
// generic solve (check_solves) confirms it cell for cell.
Test(dense, remoteness_past_254_matches_generic, .timeout = 120)
{
	static const struct instance in = {2, {2, 2}, 40, "cutoff"};
	uint64_t per_side[2] = {0, 0};
	check_overflow(&in, 317, per_side);
}

// Uneven hands: 264 (found by `solve` with the dense engine, confirmed by check_solves),
// from 44:12/024:1, a position with the two-hand seat to move; overflow in both sides.
Test(dense, remoteness_past_254_matches_generic_uneven, .timeout = 120)
{
	static const struct instance in = {2, {3, 2}, 6, "lives=12"};
	uint64_t per_side[2] = {0, 0};
	check_overflow(&in, 264, per_side);
	cr_assert_gt(per_side[0], 0);
	cr_assert_gt(per_side[1], 0);
}

// Reads path whole into a malloc'ed buffer; sets *len.
static uint8_t *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	cr_assert_eq(fseek(f, 0, SEEK_END), 0);
	long size = ftell(f);
	cr_assert_geq(size, 0);
	rewind(f);
	uint8_t *data = malloc((size_t)size + 1);
	cr_assert_not_null(data);
	cr_assert_eq(fread(data, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	*len = (size_t)size;
	return data;
}

// The saved table of the dense engine's solve is the generic engine's (plan_drop_dense)
// byte for byte: header, sections and checksum, uneven hands with either seat starting.
Test(dense, saved_table_matches_generic, .timeout = 120)
{
	static const struct dense_case cases[] = {
		{{2, {3, 2}, 5, ""}, ""},          {{2, {2, 3}, 6, "cutoff"}, ""},
		{{2, {3, 2}, 5, "lives=2"}, "12/013"}, {{2, {3, 2}, 6, "lives=12"}, ""},
		{{2, {3, 3}, 5, "suicide"}, ""},
	};
	const char *path[2] = {"/tmp/chopsticks-dense-t0.tbl", "/tmp/chopsticks-dense-t1.tbl"};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char name[128];
		struct rules *rules = case_rules(&cases[i], name, sizeof name);
		uint8_t *data[2];
		size_t len[2];
		for (int generic = 0; generic < 2; generic++) {
			struct plan plan;
			struct solution s;
			struct error err = {{0}};
			cr_assert_eq(plan_build(rules, &plan, &err), STATUS_OK, "%s: %s", name, err.msg);
			cr_assert_not_null(plan.dense, "%s", name);
			if (generic)
				plan_drop_dense(&plan);
			cr_assert_eq(retrograde_solve_plan(&plan, NULL, NULL, NULL, &s, &err), STATUS_OK, "%s: %s",
				     name, err.msg);
			cr_assert_eq(table_save_flat(path[generic], rules, &s, name, &err), STATUS_OK, "%s", err.msg);
			data[generic] = read_file(path[generic], &len[generic]);
			unlink(path[generic]);
			solution_free(&s);
			plan_free(&plan);
		}
		cr_assert_eq(len[0], len[1], "%s: table sizes", name);
		cr_assert(!memcmp(data[0], data[1], len[0]), "%s: the tables differ", name);
		free(data[0]);
		free(data[1]);
		rules_free(rules);
	}
}

// The overflow list counts against --max-memory: with room for 10 entries beside the solve's
// tables, the instance above (whose list is longer) fails as out of memory, naming the list.
Test(dense, overflow_list_within_max_memory, .timeout = 120)
{
	static const struct instance in = {2, {2, 2}, 40, "cutoff"};
	struct rules *rules = instance_rules(&in);
	struct dense *d = must_build(rules, "overflow limit");
	struct error err = {{0}};
	struct enumeration e;
	cr_assert_eq(enumerate_reachable(rules, NULL, &e, &err), STATUS_OK, "%s", err.msg);
	struct bitpair reachable;
	cr_assert(bitpair_init(&reachable, d->sides, d->n));
	dense_seen_from_depth(d, &e, &reachable);
	rules->max_bytes = dense_solve_bytes(d) + 16 * 10;
	struct solution s;
	unsigned levels = 0;
	cr_assert_eq(dense_solve(d, &reachable, NULL, NULL, &s, &levels, &err), STATUS_FAILURE);
	cr_assert(strstr(err.msg, "past 254"), "%s", err.msg);
	enumeration_free(&e);
	dense_free(d);
	rules_free(rules);
}

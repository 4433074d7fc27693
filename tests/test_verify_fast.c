// SPDX-License-Identifier: MIT
// verify_table (solver/verify.c) against a simple reference written here: a level-by-level
// walk from the start with movegen_children, each position checked child by child; and its
// fast walk (verify_pair.c, which every instance here takes) against its generic walk.
// Tables come from retrograde_solve and table_save for many small instances (equal and
// uneven hands, variants, lives, rollover 3..6): every one verifies, and planted errors (a
// value flipped, a remoteness changed, a position dropped, a stray remoteness byte, each
// with the checksum rewritten) give the reference's fault, position and count, and the
// generic walk's explanation too, at 1 and 3 threads. Also the two-player shape
// movegen_pair_side documents against movegen_children, and movegen_self_groups against the
// self relation.
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "describe.h"
#include "helpers.h"
#include "le64.h"
#include "movegen.h"
#include "retrograde.h"
#include "table_file.h"
#include "verify.h"
#include "verify_walk.h"

static const struct instance instances[] = {
	{2, {2, 2}, 5, ""},
	{2, {2, 2}, 3, ""},
	{2, {2, 2}, 4, ""},
	{2, {2, 2}, 6, ""},
	{2, {3, 3}, 4, ""},
	{2, {3, 2}, 5, ""},
	{2, {2, 3}, 4, ""},
	{2, {2, 2}, 5, "cutoff"},
	{2, {2, 2}, 5, "suicide"},
	{2, {3, 3}, 4, "suicide"},
	{2, {2, 2}, 5, "misere"},
	{2, {2, 2}, 5, "suns"},
	{2, {2, 2}, 5, "self-attack"},
	{2, {2, 2}, 5, "sudden-death"},
	{2, {2, 2}, 4, "lives=2"},
	{2, {2, 2}, 4, "stumps"},
	{2, {2, 2}, 6, "meta"},
	{2, {2, 2}, 5, "halves"},
	{2, {3, 3}, 3, "cutoff,suicide"},
	// uneven hands: two sides, one per seat to move
	{2, {1, 2}, 5, ""},
	{2, {2, 1}, 5, ""},
	{2, {1, 2}, 4, "cutoff"},
	{2, {2, 1}, 6, "misere"},
	{2, {2, 3}, 3, ""},
	{2, {3, 2}, 4, ""},
	{2, {2, 3}, 5, "suicide"},
	{2, {3, 2}, 3, "lives=2"},
	{2, {3, 4}, 3, ""},
	{2, {4, 3}, 3, "cutoff"},
	{2, {3, 4}, 4, "suns"},
	{2, {3, 2}, 4, "self-attack"},
	{2, {2, 3}, 4, "stumps"},
	{2, {1, 3}, 5, "sudden-death"},
};

// ---- the reference ----

static enum verify_fault ref_check(const struct rules *rules, const struct table_map *t, uint64_t i,
				   uint64_t *child)
{
	size_t n = movegen_children(rules, i, child);
	enum value v = table_value(t, i);
	unsigned r = v == VALUE_WIN || v == VALUE_LOSS ? table_remoteness(t, i) : 0;
	for (size_t k = 0; k < n; k++)
		if (table_value(t, child[k]) == VALUE_UNKNOWN)
			return VERIFY_MISSING;
	if (n == 0) {
		if (!movegen_is_terminal(rules, i))
			return VERIFY_TERMINAL;
		enum value want = movegen_winner(rules, i) == 0 ? VALUE_WIN : VALUE_LOSS;
		return v == want && r == 0 ? VERIFY_OK : VERIFY_TERMINAL;
	}
	unsigned min_lost = UINT32_MAX, max_won = 0;
	bool all_won = true, drawn = false;
	for (size_t k = 0; k < n; k++) {
		enum value c = table_value(t, child[k]);
		unsigned cr = c == VALUE_DRAW ? 0 : table_remoteness(t, child[k]);
		if (c == VALUE_LOSS && cr < min_lost)
			min_lost = cr;
		if (c == VALUE_WIN && cr > max_won)
			max_won = cr;
		all_won = all_won && c == VALUE_WIN;
		drawn = drawn || c == VALUE_DRAW;
	}
	if (v == VALUE_WIN)
		return min_lost != UINT32_MAX && min_lost + 1 == r ? VERIFY_OK : VERIFY_WIN;
	if (v == VALUE_LOSS)
		return all_won && max_won + 1 == r ? VERIFY_OK : VERIFY_LOSS;
	return min_lost == UINT32_MAX && drawn ? VERIFY_OK : VERIFY_DRAW;
}

static void reference(const struct rules *rules, const struct table_map *t, struct verify_report *out)
{
	memset(out, 0, sizeof *out);
	out->at = rules->start;
	if (table_value(t, rules->start) == VALUE_UNKNOWN) {
		out->fault = VERIFY_START;
		return;
	}
	bool *seen = calloc(t->size, 1);
	uint64_t *level = malloc(t->size * sizeof *level), *next = malloc(t->size * sizeof *next);
	uint64_t *child = malloc(rules->max_moves * sizeof *child);
	cr_assert(seen && level && next && child);
	size_t count = 1;
	level[0] = rules->start;
	seen[rules->start] = true;
	out->checked = 1;
	while (count) {
		uint64_t first = NONE;
		for (size_t k = 0; k < count; k++)
			if (level[k] < first && ref_check(rules, t, level[k], child) != VERIFY_OK)
				first = level[k];
		if (first != NONE) {
			out->fault = ref_check(rules, t, first, child);
			out->at = first;
			goto done;
		}
		size_t fresh = 0;
		for (size_t k = 0; k < count; k++) {
			size_t n = movegen_children(rules, level[k], child);
			for (size_t j = 0; j < n; j++)
				if (!seen[child[j]])
					seen[child[j]] = true, next[fresh++] = child[j];
		}
		memcpy(level, next, fresh * sizeof *level);
		out->checked += count = fresh;
	}
	uint64_t reached = 0, counts[4] = {0};
	unsigned max_rem = 0;
	for (uint64_t i = 0; i < t->size; i++) {
		enum value v = table_value(t, i);
		bool decided = v == VALUE_WIN || v == VALUE_LOSS;
		counts[v]++;
		reached += v != VALUE_UNKNOWN;
		if (decided && table_remoteness(t, i) > max_rem)
			max_rem = table_remoteness(t, i);
		if (v != VALUE_UNKNOWN && !seen[i]) {
			out->fault = VERIFY_UNREACHED, out->at = i;
			goto done;
		}
	}
	for (uint64_t i = 0; i < t->size; i++) {
		enum value v = table_value(t, i);
		if (v != VALUE_WIN && v != VALUE_LOSS && t->sol.remoteness[i]) {
			out->fault = VERIFY_STRAY, out->at = i;
			goto done;
		}
	}
	if (reached != t->reachable || counts[1] != t->count[1] || counts[2] != t->count[2] ||
	    counts[3] != t->count[3] || max_rem != t->max_remoteness)
		out->fault = VERIFY_HEADER, out->at = NONE;
done:
	free(seen);
	free(level);
	free(next);
	free(child);
}

// ---- tables ----

struct fixture {
	struct rules *rules;
	char path[64];
	uint8_t *bytes; // the saved file
	size_t len;
};

static void fixture_make(const struct instance *in, struct fixture *f)
{
	struct error err = {{0}};
	struct solution s;
	char settings[DESCRIBE_MAX];
	f->rules = instance_rules(in);
	cr_assert_eq(retrograde_solve(f->rules, NULL, NULL, &s, &err), STATUS_OK, "%s", err.msg);
	describe_settings(f->rules, settings, sizeof settings);
	snprintf(f->path, sizeof f->path, "/tmp/test_verify_fast.%ld.tbl", (long)getpid());
	cr_assert_eq(table_save_flat(f->path, f->rules, &s, settings, &err), STATUS_OK, "%s", err.msg);
	solution_free(&s);
	FILE *fp = fopen(f->path, "rb");
	cr_assert(fp);
	fseek(fp, 0, SEEK_END);
	f->len = (size_t)ftell(fp);
	rewind(fp);
	f->bytes = malloc(f->len);
	cr_assert(f->bytes && fread(f->bytes, 1, f->len, fp) == f->len);
	fclose(fp);
}

static void fixture_free(struct fixture *f)
{
	unlink(f->path);
	free(f->bytes);
	rules_free(f->rules);
}

// Notes that the fast walk ran: its check passes report their phases.
static void note_phase(void *ctx, const struct progress_step *step)
{
	if (!strcmp(step->phase, "verify: attacks") || !strcmp(step->phase, "verify: own-hands moves"))
		*(bool *)ctx = true;
}

// Writes bytes (checksum rewritten) to the fixture's path and compares verify_table, which
// must take the fast walk (unless the start is missing), with the reference and with the
// generic walk at 1 and 3 threads.
static void compare(const struct fixture *f, uint8_t *bytes, const char *what)
{
	uint64_t sum = table_checksum(bytes, f->len - 8);
	for (int k = 0; k < 8; k++)
		bytes[f->len - 8 + k] = (uint8_t)(sum >> (8 * k));
	FILE *fp = fopen(f->path, "wb");
	cr_assert(fp && fwrite(bytes, 1, f->len, fp) == f->len);
	fclose(fp);
	struct table_map t;
	struct error err = {{0}};
	cr_assert_eq(table_open(f->path, &t, &err), STATUS_OK, "%s", err.msg);
	struct verify_report want, got, generic;
	reference(f->rules, &t, &want);
	for (int threads = 1; threads <= 3; threads += 2) {
#ifdef _OPENMP
		omp_set_num_threads(threads);
#endif
		bool fast = false;
		struct progress seen = {note_phase, &fast, NULL};
		cr_assert_eq(verify_table(f->rules, &t, &seen, &got, &err), STATUS_OK, "%s", err.msg);
		cr_assert(fast || got.fault == VERIFY_START, "%s: verify did not take the fast walk", what);
		cr_assert(got.fault == want.fault && (!got.fault || got.at == want.at) && got.checked == want.checked,
			  "%s, %d threads: verify says fault %d at %llu (%llu checked: %s), the reference fault %d at %llu (%llu)",
			  what, threads, got.fault, (unsigned long long)got.at, (unsigned long long)got.checked, got.why,
			  want.fault, (unsigned long long)want.at, (unsigned long long)want.checked);
		cr_assert_eq(verify_run(f->rules, &t, false, NULL, &generic, &err), STATUS_OK, "%s", err.msg);
		cr_assert(got.fault == generic.fault && got.at == generic.at && got.checked == generic.checked &&
				  !strcmp(got.why, generic.why),
			  "%s, %d threads: the fast walk says fault %d at %llu (%llu checked: %s), the generic walk fault %d at %llu (%llu checked: %s)",
			  what, threads, got.fault, (unsigned long long)got.at, (unsigned long long)got.checked, got.why,
			  generic.fault, (unsigned long long)generic.at, (unsigned long long)generic.checked, generic.why);
	}
	table_close(&t);
}

static uint64_t lcg(uint64_t *x)
{
	*x = *x * 6364136223846793005u + 1442695040888963407u;
	return *x >> 33;
}

// Stored positions, picked at random (with the start first).
static uint64_t pick(const struct fixture *f, const struct table_map *t, uint64_t *seed, int k)
{
	if (k == 0)
		return f->rules->start;
	for (;;) {
		uint64_t i = lcg(seed) % t->size;
		if (table_value(t, i) != VALUE_UNKNOWN)
			return i;
	}
}

Test(verify_fast, instances_verify_and_planted_errors_match_the_reference)
{
	for (size_t q = 0; q < sizeof instances / sizeof *instances; q++) {
		char name[128];
		struct fixture f;
		instance_text(&instances[q], name, sizeof name);
		fixture_make(&instances[q], &f);
		struct table_map t;
		struct error err = {{0}};
		cr_assert_eq(table_open(f.path, &t, &err), STATUS_OK, "%s: %s", name, err.msg);
		struct verify_report got;
		cr_assert_eq(verify_table(f.rules, &t, NULL, &got, &err), STATUS_OK);
		cr_assert_eq(got.fault, VERIFY_OK, "%s: %s", name, got.why);
		cr_assert_eq(got.checked, t.reachable, "%s", name);
		uint64_t values = (uint64_t)(t.sol.values - t.base), rem = (uint64_t)(t.sol.remoteness - t.base);
		uint64_t size = t.size, seed = q + 1;
		uint64_t at[24];
		for (int k = 0; k < 24; k++)
			at[k] = pick(&f, &t, &seed, k);
		table_close(&t);
		uint8_t *b = malloc(f.len);
		cr_assert(b);
		for (int k = 0; k < 24; k++) {
			uint64_t i = at[k];
			char what[200];
			for (int kind = 0; kind < 5; kind++) {
				memcpy(b, f.bytes, f.len);
				uint8_t *vb = b + values + i / 4, *rb = b + rem + i;
				unsigned shift = 2 * (i % 4), v = *vb >> shift & 3;
				switch (kind) {
				case 0: // another value
				case 1:
					*vb = (uint8_t)((*vb & ~(3u << shift)) | ((v + (unsigned)kind) % 3 + 1) << shift);
					break;
				case 2: // dropped
					*vb = (uint8_t)(*vb & ~(3u << shift));
					break;
				case 3: // remoteness one more
					*rb = (uint8_t)(*rb + 1);
					break;
				default: // remoteness one less (or a stray byte on a draw)
					*rb = (uint8_t)(*rb ? *rb - 1 : 1);
					break;
				}
				snprintf(what, sizeof what, "%s, index %llu of %llu, change %d", name, (unsigned long long)i,
					 (unsigned long long)size, kind);
				compare(&f, b, what);
			}
		}
		free(b);
		fixture_free(&f);
	}
}

// The groups of cls against its self relation (when they have that shape).
static void check_groups(const struct hand_class *cls)
{
	uint64_t n = cls->states, cap = 16 * n;
	uint32_t *group = malloc(n * 4), *first = malloc((n + 1) * 4), *member = malloc(cap * 4),
		 *scratch = malloc(2 * n * 4);
	uint32_t groups = movegen_self_groups(cls, group, first, member, cap, scratch);
	for (uint64_t a = 0; groups != UINT32_MAX && a < n; a++) {
		uint64_t len = cls->self.start[a + 1] - cls->self.start[a];
		if (!len) {
			cr_assert_eq(group[a], UINT32_MAX);
			continue;
		}
		uint32_t g = group[a], k = first[g], j = 0;
		cr_assert_eq(first[g + 1] - first[g], len + 1);
		for (; k < first[g + 1]; k++)
			if (member[k] != a)
				cr_assert_eq(member[k], cls->self.to[cls->self.start[a] + j++]);
	}
	free(group), free(first), free(member), free(scratch);
}

// Sorts v[0..n) and drops repeats; returns how many are left.
static size_t as_set(uint64_t *v, size_t n)
{
	for (size_t x = 1; x < n; x++)
		for (size_t y = x; y > 0 && v[y - 1] > v[y]; y--) {
			uint64_t tmp = v[y];
			v[y] = v[y - 1];
			v[y - 1] = tmp;
		}
	size_t kept = 0;
	for (size_t x = 0; x < n; x++)
		if (!kept || v[kept - 1] != v[x])
			v[kept++] = v[x];
	return kept;
}

Test(verify_fast, pair_shape_and_groups_match_movegen)
{
	for (size_t q = 0; q < sizeof instances / sizeof *instances; q++) {
		struct rules *rules = instance_rules(&instances[q]);
		uint64_t *want = malloc(rules->max_moves * 8), *got = malloc(2 * rules->max_moves * 8 + 8);
		cr_assert_eq(rules->period, rules->hands[0] == rules->hands[1] ? 1u : 2u);
		for (unsigned s = 0; s < rules->period; s++) {
			const struct hand_class *cls[2];
			cr_assert(movegen_pair_side(rules, s, cls));
			cr_assert_eq(cls[0]->hands, rules->hands[s]);
			cr_assert_eq(cls[1]->hands, rules->hands[(s + 1) % 2]);
			check_groups(cls[0]);
			uint64_t m = cls[0]->states, o = cls[1]->states, next = (s + 1) % rules->period * rules->block;
			cr_assert_eq(m * o, rules->block);
			for (uint64_t i = s * rules->block; i < (s + 1) * rules->block; i++) {
				size_t nw = movegen_children(rules, i, want), ng = 0;
				uint32_t a = (uint32_t)((i - s * rules->block) % m), b = (uint32_t)((i - s * rules->block) / m);
				const uint8_t *live = cls[0]->live_values + (uint64_t)a * cls[0]->hands;
				if (movegen_is_terminal(rules, i)) {
				} else if (!live[0]) {
					got[ng++] = next + b + o * a;
				} else {
					for (uint64_t e = cls[0]->self.start[a]; e < cls[0]->self.start[a + 1]; e++)
						got[ng++] = next + b + o * cls[0]->self.to[e];
					for (unsigned h = 0; h < cls[0]->hands && live[h]; h++) {
						uint64_t row = (uint64_t)b * rules->modulus + live[h];
						for (uint64_t e = cls[1]->hit.start[row]; e < cls[1]->hit.start[row + 1]; e++)
							got[ng++] = next + cls[1]->hit.to[e] + o * a;
					}
				}
				size_t kept = as_set(got, ng);
				cr_assert_eq(kept, nw, "position %llu", (unsigned long long)i);
				for (size_t x = 0; x < nw; x++)
					cr_assert_eq(got[x], want[x]);
			}
		}
		free(want), free(got);
		rules_free(rules);
	}
}

// Remoteness past 254 (the overflow list) on the row and column passes: cutoff, rollover 8,
// twelve lives reaches 271. Planted: an overflow entry's remoteness one more or one less,
// and values flipped at positions the list holds and at bytes just under the mark.
Test(verify_fast, remoteness_past_254_matches_the_reference, .timeout = 120)
{
	static const struct instance in = {2, {2, 2}, 8, "cutoff,lives=12"};
	struct fixture f;
	fixture_make(&in, &f);
	struct table_map t;
	struct error err = {{0}};
	cr_assert_eq(table_open(f.path, &t, &err), STATUS_OK, "%s", err.msg);
	cr_assert_gt(t.sol.overflow_count, 2, "the instance no longer reaches past 254");
	uint64_t over = (uint64_t)(t.sol.overflow - t.base), values = (uint64_t)(t.sol.values - t.base);
	uint64_t count = t.sol.overflow_count, at[6] = {0, count / 2, count - 1}, near = 0;
	for (uint64_t i = 0; i < t.size && near < 3; i++)
		if (table_value(&t, i) != VALUE_UNKNOWN && t.sol.remoteness[i] >= 250 && t.sol.remoteness[i] < 255)
			at[3 + near++] = UINT64_MAX - i; // an index, not an entry
	compare(&f, f.bytes, "remoteness past 254, unchanged");
	table_close(&t);
	uint8_t *b = malloc(f.len);
	cr_assert(b && near == 3);
	for (int k = 0; k < 6; k++)
		for (int change = 0; change < 3; change++) {
			memcpy(b, f.bytes, f.len);
			uint8_t *entry = b + over + 16 * at[k];
			uint64_t i = k < 3 ? le64_load(entry) : UINT64_MAX - at[k];
			uint8_t *vb = b + values + i / 4;
			unsigned shift = 2 * (i % 4), v = *vb >> shift & 3;
			if (change < 2 && k < 3)
				le64_store(entry + 8, le64_load(entry + 8) + (change ? UINT64_MAX : 1));
			else
				*vb = (uint8_t)((*vb & ~(3u << shift)) | ((v + 1u + (unsigned)change) % 3 + 1) << shift);
			char what[160];
			snprintf(what, sizeof what, "remoteness past 254, index %llu, change %d", (unsigned long long)i, change);
			compare(&f, b, what);
		}
	free(b);
	fixture_free(&f);
}

// SPDX-License-Identifier: MIT
// The two-player solver (see retrograde.h): one state per position, every move hands the
// turn to the other player, solved by dense_solve.c or backward.c (the rule sets the dense
// engine declines), whose
// 16-bit cells are copied into the compact form at the end; then counts by value and the
// longest forced line are read off the compact form in index order.
#include "retrograde.h"

#include <assert.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "backward.h"
#include "dense_solve.h"
#include "dense_walk.h"
#include "le64.h"
#include "plan.h"
#include "walk_state.h"

// The compact form itself: values and remoteness bytes (the overflow list is small).
#define COMPACT_BYTES_PER_POSITION 1.25

uint64_t retrograde_bytes(const struct rules *rules)
{
	uint64_t half = backward_bytes(rules, 1); // cells take as much as the counters
	return half > UINT64_MAX / 2 ? UINT64_MAX : 2 * half;
}

// The dense solver, from the reachable positions of e or (e NULL) of its own walk, which
// keeps no distances, or from a state of ck.
static enum status solve_dense(const struct dense *d, const struct enumeration *e,
			       const struct progress *progress, struct checkpoint *ck,
			       struct solution *out, unsigned *levels, struct error *err)
{
	struct bitpair reachable = {.sides = d->sides};
	enum status st = STATUS_OK;
	if (e && !bitpair_init(&reachable, d->sides, d->n))
		return error_set(err, STATUS_FAILURE, "out of memory: the solve needs %llu bytes",
				 (unsigned long long)bitpair_bytes(d->sides, d->n));
	if (e)
		dense_seen_from_depth(d, e, &reachable);
	else if (!checkpoint_holds(ck, DENSE_SOLVE_STAGE))
		st = walk_state_dense(d, progress, ck, &reachable, err);
	if (st == STATUS_OK)
		st = dense_solve(d, &reachable, progress, ck, out, levels, err);
	return st;
}

// Copies the generic engine's cells into the compact form.
static enum status compact_cells(const uint16_t *cell, struct solution *out, struct error *err)
{
	uint64_t size = out->size;
	if (!solution_init(out, size))
		return error_set(err, STATUS_FAILURE, "out of memory: the solution needs %llu bytes",
				 (unsigned long long)(size + size / 4));
	for (uint64_t idx = 0; idx < size; idx++)
		if (cell[idx] && !solution_put(out, idx, cell_value(cell[idx]), cell_remoteness(cell[idx])))
			return error_set(err, STATUS_FAILURE, "out of memory for the overflow list");
	solution_finish(out);
	return STATUS_OK;
}

static enum status solve_generic(const struct plan *plan, const struct enumeration *e,
				 const struct progress *progress, struct checkpoint *ck,
				 struct solution *out, unsigned *levels, struct error *err)
{
	const struct rules *rules = plan->rules;
	struct enumeration walked;
	enum status st = e ? STATUS_OK : walk_state_enumerate(plan, progress, ck, &walked, err);
	if (st != STATUS_OK)
		return st;
	uint16_t *cell = malloc((rules->size ? rules->size : 1) * sizeof *cell);
	struct backward_game game = {rules, e ? e : &walked, 1, "solve", ck};
	st = cell ? backward_solve(&game, progress, cell, levels, err)
		  : error_set(err, STATUS_FAILURE, "out of memory: the solve needs %llu bytes",
			      (unsigned long long)retrograde_bytes(rules));
	if (!e)
		enumeration_free(&walked);
	if (st == STATUS_OK)
		st = compact_cells(cell, out, err);
	free(cell);
	return st;
}

enum status retrograde_solve_plan(const struct plan *plan, const struct enumeration *e,
				  const struct progress *progress, struct checkpoint *ck,
				  struct solution *out, struct error *err)
{
	const struct rules *rules = plan->rules;
	memset(out, 0, sizeof *out);
	if (rules->players != 2)
		return error_set(err, STATUS_BAD_INPUT,
				 "the win/loss/draw solve needs 2 players, not %u: with more, "
				 "solve each player against the coalition of the others",
				 rules->players);
	if (retrograde_bytes(rules) == UINT64_MAX)
		return error_set(err, STATUS_BAD_INPUT, "instance too large to solve");
	out->size = rules->size;
	unsigned levels;
	assert(!(e && ck)); // a checkpoint holds the walk of the solve
	enum status st = plan->dense ? solve_dense(plan->dense, e, progress, ck, out, &levels, err)
				     : solve_generic(plan, e, progress, ck, out, &levels, err);
	if (st != STATUS_OK)
		solution_free(out);
	return st;
}

enum status retrograde_solve(const struct rules *rules, const struct enumeration *e,
			     const struct progress *progress, struct solution *out,
			     struct error *err)
{
	struct plan plan;
	enum status st = plan_build(rules, &plan, err);
	if (st == STATUS_OK)
		st = retrograde_solve_plan(&plan, e, progress, NULL, out, err);
	else
		memset(out, 0, sizeof *out);
	plan_free(&plan);
	return st;
}

#define READ_GROUP 64 // lookups whose memory is asked for together
void solution_read(const struct solution *s, const uint64_t *idx, size_t n, uint8_t *values, unsigned *rem)
{
	for (size_t j = 0; j < n; j += READ_GROUP) {
		size_t m = n - j < READ_GROUP ? n - j : READ_GROUP;
		uint8_t bytes[READ_GROUP];
		bool frozen = s->blocks && table_blocks_many_frozen(s->blocks, idx + j, m, values + j, bytes);
		for (size_t i = 0; i < m && !s->blocks; i++)
			__builtin_prefetch(s->values + idx[j + i] / 4);
		for (size_t i = 0; i < m; i++) {
			uint64_t x = idx[j + i];
			if (!frozen)
				values[j + i] = (uint8_t)solution_value(s, x);
			bool decided = values[j + i] == VALUE_WIN || values[j + i] == VALUE_LOSS;
			rem[j + i] = !decided					 ? 0
				     : frozen && bytes[i] != SOLUTION_OVERFLOW_MARK ? bytes[i]
										    : solution_remoteness(s, x);
		}
	}
}

unsigned solution_remoteness(const struct solution *s, uint64_t idx)
{
	uint8_t b = s->blocks ? table_blocks_rem_byte(s->blocks, idx) : s->remoteness[idx];
	if (b != SOLUTION_OVERFLOW_MARK)
		return b;
	if (s->wide)
		return s->wide[idx];
	return s->blocks ? table_blocks_overflow(s->blocks, idx) : solution_overflow_find(s->overflow, s->overflow_count, idx);
}

unsigned solution_overflow_find(const uint8_t *list, uint64_t n, uint64_t idx)
{
	uint64_t lo = 0, hi = n;
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (le64_load(list + 16 * mid) < idx)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < n && le64_load(list + 16 * lo) == idx)
		return (unsigned)le64_load(list + 16 * lo + 8);
	return SOLUTION_OVERFLOW_MARK; // verify reports a mark without an entry
}

bool solution_init(struct solution *s, uint64_t size)
{
	memset(s, 0, sizeof *s);
	s->size = size;
	s->max_remoteness_at = SOLUTION_NONE;
	s->values = calloc((size + 3) / 4 + 1, 1);
	s->remoteness = calloc(size ? size : 1, 1);
	if (s->values && s->remoteness)
		return true;
	solution_free(s);
	return false;
}

bool solution_overflow_add(struct solution *s, uint64_t idx, unsigned remoteness)
{
	if (s->overflow_count == s->overflow_room) {
		if (s->overflow_max && s->overflow_count >= s->overflow_max)
			return false;
		uint64_t room = s->overflow_room ? 2 * s->overflow_room : 64;
		if (s->overflow_max && room > s->overflow_max)
			room = s->overflow_max;
		uint8_t *grown = realloc((uint8_t *)s->overflow, room * 16);
		if (!grown)
			return false;
		s->overflow = grown;
		s->overflow_room = room;
	}
	uint8_t *entry = (uint8_t *)s->overflow + 16 * s->overflow_count++;
	le64_store(entry, idx);
	le64_store(entry + 8, remoteness);
	return true;
}

bool solution_put(struct solution *s, uint64_t idx, enum value v, unsigned remoteness)
{
	uint8_t *values = (uint8_t *)s->values, *rem = (uint8_t *)s->remoteness;
	values[idx / 4] = (uint8_t)((values[idx / 4] & ~(3u << (2 * (idx % 4)))) | (unsigned)v << (2 * (idx % 4)));
	bool timed = v == VALUE_WIN || v == VALUE_LOSS;
	rem[idx] = (uint8_t)(!timed ? 0 : remoteness < SOLUTION_OVERFLOW_MARK ? remoteness : SOLUTION_OVERFLOW_MARK);
	return !timed || remoteness < SOLUTION_OVERFLOW_MARK || solution_overflow_add(s, idx, remoteness);
}

static int by_index(const void *x, const void *y)
{
	uint64_t a = le64_load(x), b = le64_load(y);
	return (a > b) - (a < b);
}

// Counts by value and the longest forced line, in index order (chunks combined in order).
static void summarise(struct solution *s)
{
	uint64_t count[4] = {0}, best_at = SOLUTION_NONE;
	unsigned best = 0;
#pragma omp parallel if (s->size >= (UINT64_C(1) << 20))
	{
		uint64_t c[4] = {0}, at = SOLUTION_NONE;
		unsigned longest = 0;
#pragma omp for schedule(static) nowait
		for (uint64_t idx = 0; idx < s->size; idx++) {
			enum value v = solution_value(s, idx);
			c[v]++;
			if (v != VALUE_WIN && v != VALUE_LOSS)
				continue;
			unsigned r = solution_remoteness(s, idx);
			if (at == SOLUTION_NONE || r > longest)
				longest = r, at = idx;
		}
#pragma omp critical
		{
			for (int v = 0; v < 4; v++)
				count[v] += c[v];
			if (at != SOLUTION_NONE &&
			    (best_at == SOLUTION_NONE || longest > best || (longest == best && at < best_at)))
				best = longest, best_at = at;
		}
	}
	count[VALUE_UNKNOWN] = 0;
	memcpy(s->count, count, sizeof count);
	s->max_remoteness = best;
	s->max_remoteness_at = best_at;
}

// The positions marked 255 (in a solution with a wide array and no list).
static uint64_t count_marks(const struct solution *s)
{
	uint64_t marks = 0;
#pragma omp parallel for schedule(static) reduction(+ : marks) if (s->size >= (UINT64_C(1) << 20))
	for (uint64_t idx = 0; idx < s->size; idx++)
		marks += s->remoteness[idx] == SOLUTION_OVERFLOW_MARK;
	return marks;
}

// The wide array as the overflow list (in index order) when that is no larger; kept as it
// is when the list cannot be allocated.
static void narrow(struct solution *s)
{
	s->wide_count = count_marks(s);
	if (s->wide_count * 16 > s->size * 2 || s->overflow_count)
		return;
	uint8_t *list = malloc(s->wide_count ? 16 * s->wide_count : 1);
	if (!list)
		return;
	uint8_t *entry = list;
	for (uint64_t idx = 0; idx < s->size; idx++)
		if (s->remoteness[idx] == SOLUTION_OVERFLOW_MARK) {
			le64_store(entry, idx);
			le64_store(entry + 8, s->wide[idx]);
			entry += 16;
		}
	free((uint8_t *)s->overflow);
	s->overflow = list;
	s->overflow_count = s->overflow_room = s->wide_count;
	free((uint16_t *)s->wide);
	s->wide = NULL;
	s->wide_count = 0;
}

void solution_finish(struct solution *s)
{
	if (s->wide)
		narrow(s);
	if (s->overflow_count > 1)
		qsort((uint8_t *)s->overflow, s->overflow_count, 16, by_index);
	summarise(s);
}

void solution_free(struct solution *s)
{
	if (!s->borrowed) {
		free((uint8_t *)s->values);
		free((uint8_t *)s->remoteness);
		free((uint8_t *)s->overflow);
		free((uint16_t *)s->wide);
	}
	memset(s, 0, sizeof *s);
}

// SPDX-License-Identifier: MIT
// The coalition solver (see coalition.h): states (position, target slot), solved by
// many_solve.c when the plan has the many-player tables, else by backward.c with the target
// as one side and everyone else as the other, whose 16-bit cells are then copied into the
// compact form. A state holds the value for the side to move; coalition_value turns it into
// the target's view.
#include "coalition.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "backward.h"
#include "many_solve.h"
#include "many_walk.h"
#include "parallel.h"
#include "plan.h"
#include "walk_state.h"

uint64_t coalition_bytes(const struct rules *rules)
{
	uint64_t half = backward_bytes(rules, rules->players); // cells take as much as counters
	return half > UINT64_MAX / 2 ? UINT64_MAX : 2 * half;
}

static uint64_t state_of(const struct coalition *c, uint64_t idx, unsigned slot)
{
	return slot * c->stride + idx;
}

enum value coalition_value(const struct coalition *c, uint64_t idx, unsigned slot)
{
	enum value v = solution_value(&c->sol, state_of(c, idx, slot));
	if (slot == 0 || v == VALUE_DRAW || v == VALUE_UNKNOWN)
		return v;
	return v == VALUE_WIN ? VALUE_LOSS : VALUE_WIN; // the coalition is to move
}

unsigned coalition_remoteness(const struct coalition *c, uint64_t idx, unsigned slot)
{
	return solution_remoteness(&c->sol, state_of(c, idx, slot));
}

int coalition_forcer(const struct coalition *c, uint64_t idx)
{
	for (unsigned t = 0; t < c->players; t++)
		if (coalition_value(c, idx, t) == VALUE_WIN)
			return (int)t;
	return -1;
}

struct tally {
	uint64_t reachable, forced[RULES_MAX_PLAYERS], stopped[RULES_MAX_PLAYERS], drawn[RULES_MAX_PLAYERS];
	uint64_t nobody, nobody_first, open, open_first;
};

static void note(uint64_t *count, uint64_t *first, uint64_t idx)
{
	if ((*count)++ == 0 || idx < *first)
		*first = idx;
}

// The counts over reachable positions, in chunks combined in any order (counts add, the
// first indexes are minima).
static void summarise(struct coalition *c)
{
	struct tally all = {.nobody_first = COALITION_NONE, .open_first = COALITION_NONE};
#pragma omp parallel if (c->size >= PARALLEL_MIN)
	{
		struct tally mine = {.nobody_first = COALITION_NONE, .open_first = COALITION_NONE};
#pragma omp for schedule(static) nowait
		for (uint64_t idx = 0; idx < c->size; idx++) {
			if (coalition_value(c, idx, 0) == VALUE_UNKNOWN)
				continue;
			mine.reachable++;
			unsigned draws = 0;
			for (unsigned t = 0; t < c->players; t++) {
				enum value v = coalition_value(c, idx, t);
				mine.stopped[t] += v == VALUE_LOSS;
				mine.drawn[t] += v == VALUE_DRAW;
				draws += v == VALUE_DRAW;
			}
			int forcer = coalition_forcer(c, idx);
			if (forcer >= 0)
				mine.forced[forcer]++;
			else
				note(&mine.nobody, &mine.nobody_first, idx);
			if (draws == c->players)
				note(&mine.open, &mine.open_first, idx);
		}
#pragma omp critical(coalition_summary)
		{
			for (unsigned t = 0; t < c->players; t++) {
				all.forced[t] += mine.forced[t];
				all.stopped[t] += mine.stopped[t];
				all.drawn[t] += mine.drawn[t];
			}
			all.reachable += mine.reachable;
			all.nobody += mine.nobody;
			all.open += mine.open;
			all.nobody_first = mine.nobody_first < all.nobody_first ? mine.nobody_first : all.nobody_first;
			all.open_first = mine.open_first < all.open_first ? mine.open_first : all.open_first;
		}
	}
	c->reachable_count = all.reachable;
	memcpy(c->forced_count, all.forced, sizeof c->forced_count);
	memcpy(c->stopped_count, all.stopped, sizeof c->stopped_count);
	memcpy(c->drawn_count, all.drawn, sizeof c->drawn_count);
	c->nobody_count = all.nobody;
	c->nobody_first = all.nobody_first;
	c->open_count = all.open;
	c->open_first = all.open_first;
}

// Copies backward.c's cells (cell[idx * players + t]) into the compact form.
static enum status compact_cells(const uint16_t *cell, struct coalition *c, struct error *err)
{
	uint64_t states = c->players * c->stride;
	if (!solution_init(&c->sol, states))
		return error_set(err, STATUS_FAILURE, "out of memory: the solution needs %llu bytes",
				 (unsigned long long)(states + states / 4));
	for (uint64_t idx = 0; idx < c->size; idx++)
		for (unsigned t = 0; t < c->players; t++) {
			uint16_t x = cell[idx * c->players + t];
			if (x && !solution_put(&c->sol, state_of(c, idx, t), cell_value(x), cell_remoteness(x)))
				return error_set(err, STATUS_FAILURE, "out of memory for the overflow list");
		}
	solution_finish(&c->sol);
	return STATUS_OK;
}

static enum status solve_generic(const struct rules *rules, const struct enumeration *e,
				 const struct progress *progress, struct checkpoint *ck,
				 struct coalition *out, struct error *err)
{
	struct enumeration walked;
	enum status st = e ? STATUS_OK : enumerate_reachable_generic(rules, progress, &walked, err);
	if (st != STATUS_OK)
		return st;
	const struct enumeration *reach = e ? e : &walked;
	uint64_t cells = rules->size * rules->players;
	uint16_t *cell = malloc((cells ? cells : 1) * sizeof *cell);
	struct backward_game game = {rules, reach, rules->players, "coalition", ck};
	unsigned levels;
	st = cell ? backward_solve(&game, progress, cell, &levels, err)
		  : error_set(err, STATUS_FAILURE, "out of memory: the solve needs %llu bytes",
			      (unsigned long long)coalition_bytes(rules));
	if (!e)
		enumeration_free(&walked);
	if (st == STATUS_OK)
		st = compact_cells(cell, out, err);
	free(cell);
	return st;
}

// The reachable positions of e as bits (bit i of word i / 64); NULL when out of memory.
static uint64_t *reachable_bits(const struct enumeration *e)
{
	uint64_t words = e->size / 64 + 1;
	uint64_t *bits = calloc(words, sizeof *bits);
	if (!bits)
		return NULL;
#pragma omp parallel for schedule(static) if (e->size >= PARALLEL_MIN)
	for (uint64_t w = 0; w < words; w++)
		for (uint64_t idx = w * 64; idx < w * 64 + 64 && idx < e->size; idx++)
			if (enumeration_reached(e, idx))
				bits[w] |= UINT64_C(1) << (idx & 63);
	return bits;
}

// The many-player solver, from the reachable positions of e or (e NULL) of its own walk,
// which keeps no distances, or from a state of ck.
static enum status solve_many(const struct many *m, const struct enumeration *e,
			      const struct progress *progress, struct checkpoint *ck,
			      struct coalition *out, struct error *err)
{
	uint64_t *reachable = NULL;
	enum status st = STATUS_OK;
	if (e && !(reachable = reachable_bits(e)))
		st = error_set(err, STATUS_FAILURE, "out of memory: the solve needs %llu bytes",
			       (unsigned long long)(e->size / 8 + 8));
	else if (!e && !checkpoint_holds(ck, MANY_SOLVE_STAGE))
		st = walk_state_many(m, progress, ck, &reachable, err);
	unsigned levels;
	return st == STATUS_OK ? many_solve(m, reachable, progress, ck, &out->sol, &levels, err) : st;
}

static enum status finish(struct coalition *out, enum status st)
{
	if (st == STATUS_OK)
		summarise(out);
	else
		coalition_free(out);
	return st;
}

static enum status start(const struct rules *rules, struct coalition *out, struct error *err)
{
	memset(out, 0, sizeof *out);
	if (coalition_bytes(rules) == UINT64_MAX)
		return error_set(err, STATUS_BAD_INPUT, "instance too large to solve");
	out->players = rules->players;
	out->size = rules->size;
	out->stride = many_solve_stride(rules->size);
	return STATUS_OK;
}

enum status coalition_solve_plan(const struct plan *plan, const struct enumeration *e,
				 const struct progress *progress, struct checkpoint *ck,
				 struct coalition *out, struct error *err)
{
	enum status st = start(plan->rules, out, err);
	if (st != STATUS_OK)
		return st;
	assert(!(plan->many && ck && e)); // its walk is the first state
	return finish(out, plan->many ? solve_many(plan->many, e, progress, ck, out, err)
				      : solve_generic(plan->rules, e, progress, ck, out, err));
}

enum status coalition_solve_generic(const struct rules *rules, const struct enumeration *e,
				    const struct progress *progress, struct coalition *out,
				    struct error *err)
{
	enum status st = start(rules, out, err);
	return st == STATUS_OK ? finish(out, solve_generic(rules, e, progress, NULL, out, err)) : st;
}

enum status coalition_solve(const struct rules *rules, const struct enumeration *e,
			    const struct progress *progress, struct coalition *out, struct error *err)
{
	struct plan plan;
	enum status st = plan_build(rules, &plan, err);
	if (st == STATUS_OK)
		st = coalition_solve_plan(&plan, e, progress, NULL, out, err);
	else
		memset(out, 0, sizeof *out);
	plan_free(&plan);
	return st;
}

void coalition_free(struct coalition *c)
{
	solution_free(&c->sol);
	memset(c, 0, sizeof *c);
}

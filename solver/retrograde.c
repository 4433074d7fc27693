// SPDX-License-Identifier: MIT
// The two-player solver (see retrograde.h): one state per position, every move hands the
// turn to the other player, solved by backward.c; then counts by value and the longest
// forced line are read off the cells in index order.
#include "retrograde.h"

#include "table_file.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "backward.h"
#include "dense_solve.h"
#include "dense_walk.h"
#include "plan.h"

uint64_t retrograde_bytes(const struct rules *rules)
{
	uint64_t half = backward_bytes(rules, 1); // cells take as much as the counters
	return half > UINT64_MAX / 2 ? UINT64_MAX : 2 * half;
}

static void summarise(struct solution *s)
{
	uint64_t count[4] = {0};
	s->max_remoteness = 0;
	s->max_remoteness_at = SOLUTION_NONE;
	for (uint64_t idx = 0; idx < s->size; idx++) {
		uint16_t c = s->cell[idx];
		enum value v = cell_value(c);
		count[v]++;
		bool first = s->max_remoteness_at == SOLUTION_NONE;
		if ((v == VALUE_WIN || v == VALUE_LOSS) &&
		    (first || cell_remoteness(c) > s->max_remoteness)) {
			s->max_remoteness = cell_remoteness(c);
			s->max_remoteness_at = idx;
		}
	}
	count[VALUE_UNKNOWN] = 0;
	memcpy(s->count, count, sizeof count);
}

// The dense solver, from the reachable positions of e or (e NULL) of its own walk, which
// keeps no distances.
static enum status solve_dense(const struct dense *d, const struct enumeration *e,
			       const struct progress *progress, uint16_t *cell, unsigned *levels,
			       struct error *err)
{
	struct bitmatrix reachable;
	if (!bitmatrix_init(&reachable, e ? d->n : 0))
		return error_set(err, STATUS_FAILURE, "out of memory: the solve needs %llu bytes",
				 (unsigned long long)bitmatrix_bytes(d->n));
	enum status st = STATUS_OK;
	if (e) {
		dense_seen_from_depth(d, e->depth, &reachable);
	} else {
		bitmatrix_free(&reachable);
		struct enumeration walked = {.size = d->rules->size};
		st = dense_walk(d, NULL, progress, &walked, &reachable, err);
	}
	if (st == STATUS_OK)
		st = dense_solve(d, &reachable, progress, cell, levels, err);
	return st;
}

static enum status solve_generic(const struct rules *rules, const struct enumeration *e,
				 const struct progress *progress, uint16_t *cell, unsigned *levels,
				 struct error *err)
{
	struct enumeration walked;
	enum status st = e ? STATUS_OK : enumerate_reachable_generic(rules, progress, &walked, err);
	if (st != STATUS_OK)
		return st;
	struct backward_game game = {rules, e ? e : &walked, 1, "solve"};
	st = backward_solve(&game, progress, cell, levels, err);
	if (!e)
		enumeration_free(&walked);
	return st;
}

enum status retrograde_solve_plan(const struct plan *plan, const struct enumeration *e,
				  const struct progress *progress, struct solution *out,
				  struct error *err)
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
	out->cell = malloc((rules->size ? rules->size : 1) * sizeof *out->cell);
	if (!out->cell)
		return error_set(err, STATUS_FAILURE, "out of memory: the solve needs %llu bytes",
				 (unsigned long long)retrograde_bytes(rules));
	unsigned levels;
	enum status st = plan->dense ? solve_dense(plan->dense, e, progress, out->cell, &levels, err)
				     : solve_generic(rules, e, progress, out->cell, &levels, err);
	if (st != STATUS_OK) {
		solution_free(out);
		return st;
	}
	summarise(out);
	return STATUS_OK;
}

enum status retrograde_solve(const struct rules *rules, const struct enumeration *e,
			     const struct progress *progress, struct solution *out,
			     struct error *err)
{
	struct plan plan;
	enum status st = plan_build(rules, &plan, err);
	if (st == STATUS_OK)
		st = retrograde_solve_plan(&plan, e, progress, out, err);
	else
		memset(out, 0, sizeof *out);
	plan_free(&plan);
	return st;
}

enum value solution_value(const struct solution *s, uint64_t idx)
{
	return s->saved ? table_value(s->saved, idx) : cell_value(s->cell[idx]);
}

unsigned solution_remoteness(const struct solution *s, uint64_t idx)
{
	return s->saved ? table_remoteness(s->saved, idx) : cell_remoteness(s->cell[idx]);
}

void solution_free(struct solution *s)
{
	free(s->cell);
	memset(s, 0, sizeof *s);
}

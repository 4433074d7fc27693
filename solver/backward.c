// SPDX-License-Identifier: MIT
// Backward induction by levels (see backward.h). Each state keeps a counter of its distinct
// children not yet known to be good for the other side; level k scans the cells for states
// of remoteness k and updates their reachable parents: a child bad for its mover makes the
// parent a win at k + 1 (compare-and-swap from UNKNOWN), and a parent whose last child has
// turned out good for the child's side becomes a loss at k + 1. The state at the boundary
// before level k is the cells, the counters and the count of decided states.
#include "backward.h"

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "movegen.h"
#include "walk_state.h"

enum { FLAG_OOM = 1, FLAG_WIDE = 2, FLAG_DEEP = 4 };

struct solve_state {
	const struct backward_game *game;
	uint16_t *cell;
	uint16_t *counter;
	int flags; // FLAG_*, set atomically
};

uint64_t backward_bytes(const struct rules *rules, unsigned sides)
{
	uint64_t bytes;
	if (__builtin_mul_overflow(rules->size, (uint64_t)sides * sizeof(uint16_t), &bytes))
		return UINT64_MAX;
	return bytes;
}

static void raise_flag(struct solve_state *s, int flag)
{
	__atomic_fetch_or(&s->flags, flag, __ATOMIC_RELAXED);
}

static bool reachable(const struct backward_game *g, uint64_t idx)
{
	return enumeration_reached(g->enumeration, idx);
}

// Whether a move from slot-tp state to slot-tc state hands the turn to the other side.
static bool flips(const struct backward_game *g, unsigned tp, unsigned tc)
{
	return g->sides == 1 || ((tp == 0) != (tc == 0));
}

// The cell of a state without moves. A non-terminal position without moves cannot arise
// under the current rules; should one appear, the side that cannot move loses.
static uint16_t end_cell(const struct backward_game *g, uint64_t idx, unsigned t)
{
	if (!movegen_is_terminal(g->rules, idx))
		return cell_pack(VALUE_LOSS, 0);
	bool target_won = movegen_won_by(g->rules, idx, t);
	return cell_pack(target_won == (t == 0) ? VALUE_WIN : VALUE_LOSS, 0);
}

// Returns how many of idx's states it decided (those of a position without moves).
static uint64_t seed_position(struct solve_state *s, uint64_t idx, uint64_t *buf)
{
	const struct backward_game *g = s->game;
	unsigned m = g->sides;
	for (unsigned t = 0; t < m; t++) {
		s->cell[idx * m + t] = 0;
		s->counter[idx * m + t] = 0;
	}
	if (!reachable(g, idx))
		return 0;
	size_t n = movegen_children(g->rules, idx, buf);
	if (n > UINT16_MAX) {
		raise_flag(s, FLAG_WIDE);
		return 0;
	}
	for (unsigned t = 0; t < m; t++) {
		if (n == 0)
			s->cell[idx * m + t] = end_cell(g, idx, t);
		else
			s->counter[idx * m + t] = (uint16_t)n;
	}
	return n == 0 ? m : 0;
}

// Level 0: terminal states decided, counters set to the number of distinct children.
// Returns how many states it decided.
static uint64_t seed(struct solve_state *s)
{
	const struct rules *rules = s->game->rules;
	uint64_t decided = 0;
#pragma omp parallel reduction(+ : decided) if (rules->size * s->game->sides >= PARALLEL_MIN)
	{
		uint64_t *buf = malloc(rules->max_moves * sizeof *buf);
		if (!buf)
			raise_flag(s, FLAG_OOM);
#pragma omp for schedule(dynamic, 4096)
		for (uint64_t idx = 0; idx < rules->size; idx++)
			if (buf)
				decided += seed_position(s, idx, buf);
		free(buf);
	}
	return decided;
}

// Updates state ps, a parent of a state decided at level k; returns 1 if it is now decided.
static uint64_t update_parent(struct solve_state *s, uint64_t ps, bool good, unsigned k)
{
	bool deep = k + 1 > CELL_MAX_REMOTENESS;
	if (good) {
		uint16_t unknown = 0;
		if (__atomic_load_n(&s->cell[ps], __ATOMIC_RELAXED) != 0)
			return 0;
		if (deep) {
			raise_flag(s, FLAG_DEEP);
			return 0;
		}
		uint16_t win = cell_pack(VALUE_WIN, k + 1);
		return __atomic_compare_exchange_n(&s->cell[ps], &unknown, win, false,
						   __ATOMIC_RELAXED, __ATOMIC_RELAXED);
	}
	if (__atomic_sub_fetch(&s->counter[ps], 1, __ATOMIC_RELAXED) != 0)
		return 0;
	if (deep) {
		raise_flag(s, FLAG_DEEP);
		return 0;
	}
	// The state cannot be decided yet (no child was good for it); the swap only keeps a
	// state from being decided twice should the move generator ever be inconsistent.
	uint16_t unknown = 0;
	return __atomic_compare_exchange_n(&s->cell[ps], &unknown, cell_pack(VALUE_LOSS, k + 1),
					   false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

static uint64_t update_parents(struct solve_state *s, uint64_t state, enum value value,
			       unsigned k, uint64_t *buf)
{
	const struct backward_game *g = s->game;
	unsigned m = g->sides, t = (unsigned)(state % m), tp = (t + 1) % m;
	// A child is good for the parent's mover when it is bad for its own side, if that is
	// the other side, or good for its own side, if that is the same side.
	bool good = flips(g, tp, t) ? value == VALUE_LOSS : value == VALUE_WIN;
	size_t n = movegen_parents(g->rules, state / m, buf);
	uint64_t found = 0;
	for (size_t i = 0; i < n; i++)
		if (reachable(g, buf[i]))
			found += update_parent(s, buf[i] * m + tp, good, k);
	return found;
}

// Scans for the states of remoteness k; returns how many states it decided (level k + 1).
static uint64_t expand_level(struct solve_state *s, unsigned k)
{
	const struct rules *rules = s->game->rules;
	uint64_t total = rules->size * s->game->sides, found = 0;
#pragma omp parallel reduction(+ : found) if (total >= PARALLEL_MIN)
	{
		uint64_t *buf = malloc(rules->max_moves * sizeof *buf);
		if (!buf)
			raise_flag(s, FLAG_OOM);
#pragma omp for schedule(dynamic, 4096)
		for (uint64_t state = 0; state < total; state++) {
			uint16_t c = __atomic_load_n(&s->cell[state], __ATOMIC_RELAXED);
			enum value v = cell_value(c);
			if (buf && (v == VALUE_WIN || v == VALUE_LOSS) && cell_remoteness(c) == k)
				found += update_parents(s, state, v, k, buf);
		}
		free(buf);
	}
	return found;
}

// Reachable states still undecided are draws.
static void mark_draws(struct solve_state *s)
{
	const struct backward_game *g = s->game;
	uint64_t total = g->rules->size * g->sides;
#pragma omp parallel for schedule(static) if (total >= PARALLEL_MIN)
	for (uint64_t state = 0; state < total; state++)
		if (s->cell[state] == 0 && reachable(g, state / g->sides))
			s->cell[state] = cell_pack(VALUE_DRAW, 0);
}

static enum status flag_error(int flags, struct error *err)
{
	if (flags & FLAG_OOM)
		return error_set(err, STATUS_FAILURE, "out of memory during the solve");
	if (flags & FLAG_WIDE)
		return error_set(err, STATUS_BAD_INPUT,
				 "a position has more than %d distinct moves: too many to solve",
				 UINT16_MAX);
	return backward_too_remote(err);
}

enum status backward_too_remote(struct error *err)
{
	return error_set(err, STATUS_BAD_INPUT,
			 "a remoteness exceeds %u moves: too long for the solver's 14-bit cells",
			 CELL_MAX_REMOTENESS);
}

// The state at a level boundary as checkpoint sections: the walk's, then the solve's own.
enum { STATE_SECTIONS = WALK_STATE_SECTIONS + 3 };

static void state_sections(struct solve_state *s, uint64_t *counts, uint64_t *done,
			   struct checkpoint_section *sec)
{
	const struct backward_game *g = s->game;
	uint64_t bytes = backward_bytes(g->rules, g->sides);
	walk_state_sections(g->enumeration, counts, sec);
	sec[WALK_STATE_SECTIONS] = (struct checkpoint_section){"cells", s->cell, bytes};
	sec[WALK_STATE_SECTIONS + 1] = (struct checkpoint_section){"counters", s->counter, bytes};
	sec[WALK_STATE_SECTIONS + 2] = (struct checkpoint_section){"decided", done, sizeof *done};
}

static enum status boundary(struct solve_state *s, const struct progress *progress,
			    const struct progress_step *step, struct error *err)
{
	uint64_t counts[WALK_STATE_COUNTS], done = step->done;
	struct checkpoint_section sec[STATE_SECTIONS];
	if (!s->game->checkpoint)
		return STATUS_OK;
	state_sections(s, counts, &done, sec);
	return checkpoint_level(s->game->checkpoint, progress, step, BACKWARD_STAGE, sec, STATE_SECTIONS, err);
}

// The state of the checkpoint instead of the seed (the caller has read back the walk).
static enum status restore(struct solve_state *s, uint64_t *done, unsigned *level, struct error *err)
{
	uint64_t counts[WALK_STATE_COUNTS];
	struct checkpoint_section sec[STATE_SECTIONS];
	state_sections(s, counts, done, sec);
	*level = s->game->checkpoint->level;
	return checkpoint_load(s->game->checkpoint, sec + WALK_STATE_SECTIONS, STATE_SECTIONS - WALK_STATE_SECTIONS, err);
}

enum status backward_solve(const struct backward_game *game, const struct progress *progress,
			   uint16_t *cell, unsigned *levels, struct error *err)
{
	assert(game->enumeration->size == game->rules->size); // an enumeration of these rules
	uint64_t bytes = backward_bytes(game->rules, game->sides);
	if (bytes == UINT64_MAX || bytes > SIZE_MAX)
		return error_set(err, STATUS_BAD_INPUT, "instance too large to solve");
	struct solve_state s = {game, cell, malloc(bytes ? bytes : 1), 0};
	if (!s.counter)
		return error_set(err, STATUS_FAILURE, "out of memory: the solve needs %llu more bytes",
				 (unsigned long long)bytes);
	struct progress_step step = {.phase = game->phase, .total = game->enumeration->reachable_count * game->sides};
	unsigned first = 0;
	enum status st = STATUS_OK;
	if (checkpoint_holds(game->checkpoint, BACKWARD_STAGE))
		st = restore(&s, &step.done, &first, err);
	else
		step.done = seed(&s);
	*levels = first;
	for (unsigned k = first; st == STATUS_OK && !s.flags; k++) {
		step.level = k;
		progress_report(progress, &step);
		if ((st = boundary(&s, progress, &step, err)) != STATUS_OK)
			break;
		if (progress_stopped(progress)) {
			st = error_set(err, STATUS_INTERRUPTED, "interrupted");
			break;
		}
		uint64_t found = expand_level(&s, k);
		if (found == 0)
			break;
		step.done += found;
		*levels = k + 1;
	}
	if (st == STATUS_OK && s.flags)
		st = flag_error(s.flags, err);
	if (st == STATUS_OK)
		mark_draws(&s);
	free(s.counter);
	return st;
}

// SPDX-License-Identifier: MIT
// The many-player coalition solve (see many_solve.h). Level k takes the states decided at
// remoteness k (the front set) and visits the parents of each, states of the next slot. A
// child good for the parent's side to move (lost by the other side, or won by the same
// side) makes an undecided parent a win; any other child counts the parent's byte down,
// and the thread that takes it to zero makes the parent a loss. Values are written at once
// with an atomic or (a parent with a good child never counts down to zero, so the two never
// meet); the remoteness bytes of the new decisions are written after the pass, from the
// next set, since other threads may still count a new win's byte down during it. A
// checkpoint (checkpoint.h) of the boundary before level k holds the bytes, the values, the
// front set, the overflow list and two counts: the next set is empty at every boundary
// (close_level moves it to the front), so it is not saved.
#include "many_solve.h"

#include <stdlib.h>
#include <string.h>

#include "backward.h"
#include "cell.h"
#include "parallel.h"
#include "solve_state.h"

// While the levels run, an unreachable state holds the value of a draw: like a decided one,
// every parent visit passes it by without touching its byte. mark_draws swaps the two.
#define VALUE_UNREACHABLE VALUE_DRAW

struct solve {
	const struct many *m;
	unsigned p;
	uint64_t stride;  // states of one slot
	uint64_t words;   // 64-bit words over all states
	uint8_t *rem;     // per state: counter, then remoteness
	uint8_t *values;  // per state: 2 bits, the solution's form
	uint64_t *front, *next;
	struct solution *out;
	bool parallel;
	int oom;
	struct checkpoint *ck;    // NULL: none
	unsigned level;           // the first level to run, and the states decided before it
	struct solve_state_counts counts;
};

static inline enum value value_at(const uint8_t *values, uint64_t st)
{
	return (enum value)(__atomic_load_n(&values[st >> 2], __ATOMIC_RELAXED) >> (2 * (st & 3)) & 3);
}

// Decides st (undecided) as v at this level: its value now, its remoteness after the pass.
static inline void decide(struct solve *s, uint64_t st, enum value v)
{
	__atomic_fetch_or(&s->values[st >> 2], (uint8_t)(v << (2 * (st & 3))), __ATOMIC_RELAXED);
	__atomic_fetch_or(&s->next[st >> 6], UINT64_C(1) << (st & 63), __ATOMIC_RELAXED);
}

// Level 0 for positions [64 w, 64 w + 64): counters, terminal states decided. The states
// of these positions fill whole bytes and words of every slot, so no other thread writes
// them. Returns how many states it decided.
static uint64_t seed_word(struct solve *s, const uint64_t *reachable, uint64_t w)
{
	const struct many *m = s->m;
	const struct rules *rules = m->rules;
	uint64_t decided = 0, size = rules->size;
	for (uint64_t idx = w * 64; idx < w * 64 + 64; idx++) {
		bool in = idx < size && many_bit(reachable, idx);
		if (!in) {
			for (unsigned t = 0; t < s->p; t++) {
				uint64_t st = t * s->stride + idx;
				s->rem[st] = 0;
				s->values[st >> 2] |= (uint8_t)(VALUE_UNREACHABLE << (2 * (st & 3)));
			}
			continue;
		}
		struct pos pos;
		many_decode(m, idx, &pos);
		bool over = rules->terminal(rules, &pos);
		unsigned n = over ? 0 : many_move_count(m, &pos), winner = over ? rules->winner(rules, &pos) : 0;
		for (unsigned t = 0; t < s->p; t++) {
			uint64_t st = t * s->stride + idx;
			s->rem[st] = (uint8_t)n;
			if (n)
				continue;
			// Without moves: the side to move wins where it holds the winner; a
			// non-terminal position without moves cannot arise, and would be lost.
			bool won = over && (winner == t) == (t == 0);
			s->values[st >> 2] |= (uint8_t)((won ? VALUE_WIN : VALUE_LOSS) << (2 * (st & 3)));
			s->front[st >> 6] |= UINT64_C(1) << (st & 63);
			decided++;
		}
	}
	return decided;
}

static uint64_t seed(struct solve *s, const uint64_t *reachable)
{
	uint64_t decided = 0;
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : decided) if (s->parallel)
	for (uint64_t w = 0; w < s->stride / 64; w++)
		decided += seed_word(s, reachable, w);
	return decided;
}

// Parent visits gathered from several front states and applied with their lines prefetched
// a few visits ahead, so that the cache misses overlap (an atomic update waits for its
// line): entry ps << 1 | whether the child is good for the parent's side.
#define BATCH 2048
#define AHEAD 24 // visits prefetched ahead of the one applied

struct batch {
	uint64_t entry[BATCH];
	unsigned n;
};

// Adds the parents of front state st, a state of slot t decided at this level.
static void gather(const struct solve *s, uint64_t st, unsigned t, struct batch *b)
{
	const struct many *m = s->m;
	unsigned tp = t + 1 == s->p ? 0 : t + 1;
	uint64_t idx = st - t * s->stride, base = tp * s->stride, *out = b->entry + b->n;
	// The move from slot tp to slot t hands the turn to the other side when one of them is
	// the target's own slot 0.
	bool flips = t == 0 || tp == 0;
	enum value v = value_at(s->values, st);
	uint64_t good = flips ? v == VALUE_LOSS : v == VALUE_WIN;
	struct pos pos;
	many_decode(m, idx, &pos);
	unsigned n = many_parents(m, &pos, out);
	for (unsigned i = 0; i < n; i++)
		out[i] = (base + out[i]) << 1 | good;
	b->n += n;
}

// Applies the gathered visits: a good child makes an undecided parent a win, any other
// counts it down; decided and unreachable parents are passed by on their value.
static void apply(struct solve *s, struct batch *b)
{
	for (unsigned i = 0; i < b->n; i++) {
		if (i + AHEAD < b->n) {
			uint64_t next = b->entry[i + AHEAD];
			__builtin_prefetch(&s->values[next >> 3]);
			if (!(next & 1))
				__builtin_prefetch(&s->rem[next >> 1], 1);
		}
		uint64_t ps = b->entry[i] >> 1;
		if (value_at(s->values, ps) != VALUE_UNKNOWN)
			continue;
		if (b->entry[i] & 1)
			decide(s, ps, VALUE_WIN);
		else if (__atomic_sub_fetch(&s->rem[ps], 1, __ATOMIC_RELAXED) == 0)
			decide(s, ps, VALUE_LOSS);
	}
	b->n = 0;
}

// Visits the parents of every front state, slot by slot: the parents of one slot's states
// are all states of the next slot, so the updates of a stretch of the front stay in one
// slot's arrays.
static void pass(struct solve *s)
{
#pragma omp parallel if (s->parallel)
	{
		struct batch b;
		b.n = 0;
		uint64_t slot_words = s->stride / 64;
		for (unsigned t = 0; t < s->p; t++) {
#pragma omp for schedule(dynamic, 16) nowait
			for (uint64_t w = t * slot_words; w < (t + 1) * slot_words; w++)
				for (uint64_t bits = s->front[w]; bits; bits &= bits - 1) {
					if (b.n + MANY_MAX_MOVES + 1 > BATCH)
						apply(s, &b);
					gather(s, w * 64 + (uint64_t)__builtin_ctzll(bits), t, &b);
				}
		}
		apply(s, &b);
	}
}

// The next set becomes the front, its states get remoteness k; returns how many.
static uint64_t close_level(struct solve *s, unsigned k)
{
	uint64_t found = 0;
	uint8_t mark = (uint8_t)(k < SOLUTION_OVERFLOW_MARK ? k : SOLUTION_OVERFLOW_MARK);
#pragma omp parallel for schedule(static) reduction(+ : found) if (s->parallel)
	for (uint64_t w = 0; w < s->words; w++) {
		uint64_t bits = s->next[w];
		s->next[w] = 0;
		s->front[w] = bits;
		for (; bits; bits &= bits - 1) {
			uint64_t st = w * 64 + (uint64_t)__builtin_ctzll(bits);
			found++;
			s->rem[st] = mark;
			if (k < SOLUTION_OVERFLOW_MARK)
				continue;
			bool ok;
#pragma omp critical(many_overflow)
			ok = solution_overflow_add(s->out, st, k);
			if (!ok) {
#pragma omp atomic write
				s->oom = 1;
			}
		}
	}
	return found;
}

// The state at a level boundary as checkpoint sections.
enum { STATE_SECTIONS = 5 };

static void state_sections(struct solve *s, struct checkpoint_section *sec)
{
	uint64_t states = s->stride * s->p;
	sec[0] = solve_state_counts(&s->counts);
	sec[1] = (struct checkpoint_section){"bytes", s->rem, states};
	sec[2] = (struct checkpoint_section){"values", s->values, states / 4};
	sec[3] = (struct checkpoint_section){"front", s->front, s->words * sizeof *s->front};
	sec[4] = solve_state_overflow(s->out);
}

static enum status run_levels(struct solve *s, const struct progress *progress, unsigned *levels,
			      struct error *err)
{
	struct progress_step step = {.phase = "coalition", .done = s->counts.done, .total = s->counts.reachable * s->p};
	struct checkpoint_section sec[STATE_SECTIONS];
	*levels = s->level;
	for (unsigned k = s->level;; k++) {
		step.level = k;
		progress_report(progress, &step);
		s->counts.done = step.done; // the state before level k, offered to the checkpoint
		state_sections(s, sec);
		enum status st = checkpoint_level(s->ck, progress, &step, MANY_SOLVE_STAGE, sec, STATE_SECTIONS, err);
		if (st != STATUS_OK)
			return st;
		if (progress_stopped(progress))
			return error_set(err, STATUS_INTERRUPTED, "interrupted");
		pass(s);
		uint64_t found = close_level(s, k + 1);
		if (s->oom)
			return error_set(err, STATUS_FAILURE, "out of memory during the solve");
		if (found && k + 1 > CELL_MAX_REMOTENESS)
			return backward_too_remote(err);
		if (found == 0)
			return STATUS_OK;
		step.done += found;
		*levels = k + 1;
	}
}

// Reachable states never decided are draws (remoteness 0), unreachable ones VALUE_UNKNOWN:
// the two swap their 2-bit values.
static void mark_draws(struct solve *s)
{
#pragma omp parallel for schedule(static) if (s->parallel)
	for (uint64_t w = 0; w < s->words; w++)
		for (uint64_t st = w * 64; st < w * 64 + 64; st++) {
			enum value v = value_at(s->values, st);
			if (v != VALUE_UNKNOWN && v != VALUE_UNREACHABLE)
				continue;
			s->values[st >> 2] ^= (uint8_t)(VALUE_DRAW << (2 * (st & 3)));
			s->rem[st] = 0;
		}
}

static uint64_t count_bits(const uint64_t *bits, uint64_t words, bool parallel)
{
	(void)parallel; // without OpenMP
	uint64_t n = 0;
#pragma omp parallel for schedule(static) reduction(+ : n) if (parallel)
	for (uint64_t w = 0; w < words; w++)
		n += (uint64_t)__builtin_popcountll(bits[w]);
	return n;
}

enum status many_solve(const struct many *m, uint64_t *reachable, const struct progress *progress,
		       struct checkpoint *ck, struct solution *out, unsigned *levels, struct error *err)
{
	memset(out, 0, sizeof *out);
	out->max_remoteness_at = SOLUTION_NONE;
	const struct rules *rules = m->rules;
	uint64_t stride = many_solve_stride(rules->size), states = stride * m->players;
	struct solve s = {.m = m, .p = m->players, .stride = stride, .words = states / 64, .out = out,
			  .parallel = states >= PARALLEL_MIN, .ck = ck};
	bool resume = checkpoint_holds(ck, MANY_SOLVE_STAGE);
	*levels = 0;
	s.rem = malloc(states ? states : 1);
	s.values = calloc(states / 4 + 1, 1);
	s.front = calloc(s.words + 1, sizeof *s.front);
	bool ok = s.rem && s.values && s.front;
	if (ok && !resume) {
		s.counts.reachable = count_bits(reachable, stride / 64, s.parallel);
		s.counts.done = seed(&s, reachable);
	}
	free(reachable); // the next set takes its place
	s.next = ok ? calloc(s.words + 1, sizeof *s.next) : NULL;
	struct checkpoint_section sec[STATE_SECTIONS]; // to restore: every array is allocated
	state_sections(&s, sec);
	enum status st = !s.next ? error_set(err, STATUS_FAILURE, "out of memory: the solve needs %llu bytes",
					     (unsigned long long)(states + states / 4 + states / 4))
			 : resume ? solve_state_load(ck, out, sec, STATE_SECTIONS, &s.level, err) : STATUS_OK;
	if (st == STATUS_OK)
		st = run_levels(&s, progress, levels, err);
	free(s.front);
	free(s.next);
	if (st == STATUS_OK) {
		mark_draws(&s);
		out->size = states;
		out->values = s.values;
		out->remoteness = s.rem;
		solution_finish(out);
	} else {
		free(s.rem);
		free(s.values);
		solution_free(out);
	}
	return st;
}

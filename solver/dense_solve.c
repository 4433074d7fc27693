// SPDX-License-Identifier: MIT
// Dense retrograde solve (see dense_solve.h). Level k turns the positions decided at
// remoteness k into those of remoteness k + 1:
// - every parent of a new loss is a win: attack parents (y, x0) of a loss (x, y) lie in row y,
//   split parents (y0, x) in row x of the transposed matrix;
// - every new win decrements the attack counters of its attack parents (row y); a parent
//   whose counter is zero is a loss if all its split moves are won. Such a parent that still
//   has a split move open waits in ZERO_T and is checked again whenever its row of the won
//   matrix grows.
// Counters: CNT_DECIDED once a position has a value, CNT_UNREACHABLE for unreachable ones.
#include "dense_solve.h"

#include <stdlib.h>
#include <string.h>

#include "backward.h"
#include "bitmatrix.h"
#include "parallel.h"
#include "movegen.h"
#include "position.h"

#define CNT_DECIDED 254
#define CNT_UNREACHABLE 255

// WON: positions won by the mover so far (A-major). ZERO_T: undecided positions with every
// attack move won, transposed. WIN_NEW, LOSS_NEW: this level's decisions; WIN_NEXT: the next
// level's wins; TMP: scratch for transposes.
enum { M_WON, M_ZERO_T, M_WIN_NEW, M_LOSS_NEW, M_WIN_NEXT, M_TMP, M_COUNT };

struct solve {
	const struct dense *d;
	uint16_t *cell;
	uint8_t *cnt; // A-major: cnt[a * n + b]
	struct bitmatrix m[M_COUNT];
	bool parallel;
	int oom;
	uint64_t reachable_count; // for progress reports
};

uint64_t dense_solve_bytes(uint32_t n)
{
	return (uint64_t)n * n + M_COUNT * bitmatrix_bytes(n);
}

static uint8_t *cnt_at(const struct solve *s, uint32_t a, uint32_t b)
{
	return &s->cnt[(uint64_t)a * s->d->n + b];
}

static void decide(struct solve *s, uint32_t a, uint32_t b, enum value v, unsigned k)
{
	*cnt_at(s, a, b) = CNT_DECIDED;
	s->cell[dense_index(s->d, a, b)] = cell_pack(v, k);
}

// Whether every own-hands move of (a, b), to (b, a'), is won for its mover.
static bool splits_won(const struct solve *s, uint32_t a, uint32_t b)
{
	const struct dense *d = s->d;
	const uint64_t *won = bitmatrix_row(&s->m[M_WON], b);
	for (uint32_t k = d->self.start[a]; k < d->self.start[a + 1]; k++)
		if (!bit_range_full(won, d->self.run[2 * k], d->self.run[2 * k + 1]))
			return false;
	return true;
}

// Level 0 for the reachable position (a, b): terminal ones decided, counters set.
static void seed_position(struct solve *s, uint32_t a, uint32_t b,
			  struct dense_scratch *scratch)
{
	const struct dense *d = s->d;
	const struct rules *rules = d->rules;
	struct pos pos = {.seat = 0, .state = {d->state_of[a], d->state_of[b]}};
	if (rules->terminal(rules, &pos)) {
		bool won = movegen_pos_won_by(rules, &pos, 0);
		decide(s, a, b, won ? VALUE_WIN : VALUE_LOSS, 0);
		bit_set(bitmatrix_row(&s->m[won ? M_WIN_NEW : M_LOSS_NEW], a), b);
		if (won)
			bit_set(bitmatrix_row(&s->m[M_WON], a), b);
		return;
	}
	size_t attacks = dense_reach(d, &d->hit, a, b, scratch);
	if (attacks + d->self_count[a] == 0) { // cannot arise under the current rules
		decide(s, a, b, VALUE_LOSS, 0);
		bit_set(bitmatrix_row(&s->m[M_LOSS_NEW], a), b);
		return;
	}
	*cnt_at(s, a, b) = (uint8_t)attacks;
	if (attacks == 0)
		bit_set_atomic(bitmatrix_row(&s->m[M_ZERO_T], b), a);
}

// A thread's scratch; on allocation failure raises s->oom and returns false.
static bool scratch_start(struct solve *s, struct dense_scratch *scratch)
{
	if (dense_scratch_init(scratch, s->d))
		return true;
#pragma omp atomic write
	s->oom = 1;
	return false;
}

static void seed(struct solve *s, const struct bitmatrix *reachable)
{
	const struct dense *d = s->d;
#pragma omp parallel if (s->parallel)
	{
		struct dense_scratch scratch;
		bool ok = scratch_start(s, &scratch);
#pragma omp for schedule(dynamic, 16)
		for (uint32_t a = 0; a < d->n; a++) {
			const uint64_t *reach = bitmatrix_row(reachable, a);
			for (uint32_t b = 0; b < d->n && ok; b++) {
				if (bit_get(reach, b))
					seed_position(s, a, b, &scratch);
				else
					*cnt_at(s, a, b) = CNT_UNREACHABLE;
			}
		}
		dense_scratch_free(&scratch);
	}
}

// Runs body with col set to each set bit of row `row` of matrix m (a copy of each word, so
// body may clear bits).
#define FOR_BITS(m, row, col, body)                                                      \
	for (uint32_t row##_w = 0; row##_w < (m)->words; row##_w++)                          \
		for (uint64_t row##_b = bitmatrix_row((m), row)[row##_w]; row##_b;           \
		     row##_b &= row##_b - 1) {                                               \
			uint32_t col = row##_w * 64 + (uint32_t)__builtin_ctzll(row##_b);     \
			body;                                                                \
		}

// Calls visit(s, y, x0) for every attack parent (y, x0) of every position (x, y) in t, a
// transposed matrix (row y, bit x); rows y in parallel, each visit writing its own row y.
static void visit_attack_parents(struct solve *s, const struct bitmatrix *t,
				 void (*visit)(struct solve *s, uint32_t y, uint32_t x0))
{
	const struct dense *d = s->d;
#pragma omp parallel if (s->parallel)
	{
		struct dense_scratch scratch;
		bool ok = scratch_start(s, &scratch);
#pragma omp for schedule(dynamic, 16)
		for (uint32_t y = 0; y < d->n; y++)
			FOR_BITS(t, y, x, {
				size_t n = ok ? dense_reach(d, &d->unhit, y, x, &scratch) : 0;
				for (size_t i = 0; i < n; i++)
					visit(s, y, scratch.out[i]);
			})
		dense_scratch_free(&scratch);
	}
}

static void mark_win(struct solve *s, uint32_t y, uint32_t x0)
{
	bit_set(bitmatrix_row(&s->m[M_WIN_NEXT], y), x0);
}

// Sets WIN_NEXT to the undecided parents of this level's losses, and decides them.
static uint64_t losses_to_wins(struct solve *s, unsigned k)
{
	const struct dense *d = s->d;
	struct bitmatrix *tmp = &s->m[M_TMP], *loss = &s->m[M_LOSS_NEW], *next = &s->m[M_WIN_NEXT];
	bitmatrix_transpose(tmp, loss, false, s->parallel);
	bitmatrix_clear(next);
	visit_attack_parents(s, tmp, mark_win);
	bitmatrix_clear(tmp);
#pragma omp parallel for schedule(dynamic, 16) if (s->parallel)
	for (uint32_t x = 0; x < d->n; x++) // split parents (y0, x): row x of tmp
		FOR_BITS(loss, x, y, {
			for (uint32_t r = d->unself.start[y]; r < d->unself.start[y + 1]; r++)
				bit_set_range(bitmatrix_row(tmp, x), d->unself.run[2 * r], d->unself.run[2 * r + 1]);
		})
	bitmatrix_transpose(next, tmp, true, s->parallel);
	uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : found) if (s->parallel)
	for (uint32_t a = 0; a < d->n; a++)
		FOR_BITS(next, a, b, {
			if (*cnt_at(s, a, b) >= CNT_DECIDED) {
				bitmatrix_row(next, a)[b >> 6] &= ~(UINT64_C(1) << (b & 63));
			} else {
				decide(s, a, b, VALUE_WIN, k + 1);
				found++;
			}
		})
	return found;
}

// A win (x, y) has decremented the counter of its attack parent (y, x0): with no open
// attack left, the parent is a loss if its splits are won, else it waits in ZERO_T.
static void count_down(struct solve *s, uint32_t y, uint32_t x0)
{
	uint8_t *c = cnt_at(s, y, x0);
	if (*c == 0 || *c >= CNT_DECIDED || --*c > 0)
		return;
	if (splits_won(s, y, x0))
		bit_set(bitmatrix_row(&s->m[M_LOSS_NEW], y), x0);
	else
		bit_set_atomic(bitmatrix_row(&s->m[M_ZERO_T], x0), y);
}

// The waiting positions (a, b) whose row b of the won matrix grew at this level.
static void recheck_row(struct solve *s, uint32_t b)
{
	uint64_t *zero = bitmatrix_row(&s->m[M_ZERO_T], b);
	FOR_BITS(&s->m[M_ZERO_T], b, a, {
		bool loss = *cnt_at(s, a, b) == 0 && splits_won(s, a, b);
		if (*cnt_at(s, a, b) != 0 || loss)
			zero[a >> 6] &= ~(UINT64_C(1) << (a & 63));
		if (loss)
			bit_set_atomic(bitmatrix_row(&s->m[M_LOSS_NEW], a), b);
	})
}

static bool row_any(const struct bitmatrix *m, uint32_t row)
{
	const uint64_t *r = bitmatrix_row(m, row);
	for (uint32_t w = 0; w < m->words; w++)
		if (r[w])
			return true;
	return false;
}

// Sets LOSS_NEW to the positions whose last open move was won at this level; decides them.
static uint64_t wins_to_losses(struct solve *s, unsigned k)
{
	const struct dense *d = s->d;
	struct bitmatrix *tmp = &s->m[M_TMP], *win = &s->m[M_WIN_NEW], *loss = &s->m[M_LOSS_NEW];
	bitmatrix_transpose(tmp, win, false, s->parallel);
	bitmatrix_clear(loss);
	visit_attack_parents(s, tmp, count_down);
#pragma omp parallel for schedule(dynamic, 16) if (s->parallel)
	for (uint32_t b = 0; b < d->n; b++)
		if (row_any(win, b))
			recheck_row(s, b);
	uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : found) if (s->parallel)
	for (uint32_t a = 0; a < d->n; a++)
		FOR_BITS(loss, a, b, {
			decide(s, a, b, VALUE_LOSS, k + 1);
			found++;
		})
	return found;
}

static void mark_draws(struct solve *s)
{
	const struct dense *d = s->d;
#pragma omp parallel for schedule(dynamic, 16) if (s->parallel)
	for (uint32_t a = 0; a < d->n; a++)
		for (uint32_t b = 0; b < d->n; b++)
			if (*cnt_at(s, a, b) < CNT_DECIDED)
				s->cell[dense_index(d, a, b)] = cell_pack(VALUE_DRAW, 0);
}

static enum status run_levels(struct solve *s, const struct progress *progress,
			      unsigned *levels, struct error *err)
{
	struct progress_step step = {.phase = "solve", .total = s->reachable_count,
				     .done = bitmatrix_count(&s->m[M_WIN_NEW], s->parallel) +
					     bitmatrix_count(&s->m[M_LOSS_NEW], s->parallel)};
	for (unsigned k = 0; !s->oom; k++) {
		step.level = k;
		progress_report(progress, &step);
		if (progress_stopped(progress))
			return error_set(err, STATUS_INTERRUPTED, "interrupted");
		uint64_t found = losses_to_wins(s, k);
		found += wins_to_losses(s, k);
		if (found && k + 1 > CELL_MAX_REMOTENESS) // the cells just written are void
			return backward_too_remote(err);
		struct bitmatrix *won = &s->m[M_WON], *next = &s->m[M_WIN_NEXT];
		for (uint64_t w = 0; w < bitmatrix_bytes(s->d->n) / 8; w++)
			won->bits[w] |= next->bits[w];
		struct bitmatrix t = s->m[M_WIN_NEW];
		s->m[M_WIN_NEW] = *next;
		*next = t;
		if (found == 0)
			break;
		step.done += found;
		*levels = k + 1;
	}
	if (s->oom)
		return error_set(err, STATUS_FAILURE, "out of memory during the solve");
	mark_draws(s);
	return STATUS_OK;
}

// Allocates matrices [from, to); false on failure.
static bool alloc_matrices(struct solve *s, unsigned from, unsigned to)
{
	bool ok = true;
	for (unsigned k = from; k < to; k++)
		ok &= bitmatrix_init(&s->m[k], s->d->n);
	return ok;
}

enum status dense_solve(const struct dense *d, struct bitmatrix *reachable,
			const struct progress *progress, uint16_t *cell, unsigned *levels,
			struct error *err)
{
	uint64_t n2 = (uint64_t)d->n * d->n;
	struct solve s = {.d = d, .cell = cell, .cnt = malloc(n2 ? n2 : 1),
			  .parallel = n2 >= PARALLEL_MIN};
	*levels = 0;
	memset(cell, 0, n2 * sizeof *cell);
	// The last two matrices are not needed to seed: allocated once reachable is freed.
	bool ok = s.cnt && alloc_matrices(&s, 0, M_WIN_NEXT);
	if (ok) {
		s.reachable_count = bitmatrix_count(reachable, s.parallel);
		seed(&s, reachable);
	}
	bitmatrix_free(reachable);
	ok = ok && alloc_matrices(&s, M_WIN_NEXT, M_COUNT);
	enum status st = ok ? run_levels(&s, progress, levels, err)
			    : error_set(err, STATUS_FAILURE, "out of memory: the solve needs %llu more bytes",
					(unsigned long long)dense_solve_bytes(d->n));
	for (unsigned k = 0; k < M_COUNT; k++)
		bitmatrix_free(&s.m[k]);
	free(s.cnt);
	return st;
}

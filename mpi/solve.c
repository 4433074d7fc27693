// SPDX-License-Identifier: MIT
// The row-split dense solve (see solve.h). Rank r holds rows [lo, hi) of the byte array and
// of the matrices WON, DECIDED, WIN_NEW, LOSS_NEW and WIN_NEXT (A-major: row a, bit b is the
// position (a, b)), rows [lo, hi) of ZERO_T (row b, bit a: (a, b) waits for its splits), and
// a seventh matrix X that each step borrows. Level k, as in dense_solve.c:
//   losses to wins: the attack parents (y, x0) of a loss (x, y) lie in row y: X = LOSS_NEW
//     transposed (exchange) gives each rank the losses of its rows y. The split parents
//     (y0, x), y0 in unself(y), lie in rows spread over the ranks: each rank gets the losses
//     (x, y) whose unself(y) meets its rows (exchange of the columns y that can), sets the runs
//     in X as an n x rows matrix (row x, bit y0 - lo), and ors its transpose into WIN_NEXT.
//   wins to losses: X = WIN_NEW transposed gives the wins (x, y) of rows y, whose attack
//     parents (y, x0) count down here; a parent left with no open attack must have all its
//     splits (b, a') won, which only the owner of row x0 can see: such parents go there
//     (LOSS_NEW, then transposed into X), where each becomes a loss candidate or waits in
//     ZERO_T; the waiting positions of a row x0 whose WON row grew are checked again there.
//     The candidates go back to the owners of their rows (transposed into LOSS_NEW), which
//     drop those decided meanwhile (ZERO_T keeps decided positions until their splits are
//     won, where dense_solve drops them at once: the same positions become losses).
// Every exchange is a transpose but the split one; the bytes of each are in the README.
#include "solve.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "backward.h"
#include "bitmatrix.h"
#include "dense_solve.h"
#include "solve_state.h"
#include "le64.h"
#include "parallel.h"
#include "walk.h"

#define CNT_UNREACHABLE MPI_SOLVE_UNREACHABLE

enum { M_WON, M_DECIDED, M_ZERO_T, M_WIN_NEW, M_LOSS_NEW, M_WIN_NEXT, M_COUNT };

struct msolve {
	const struct dense *d;
	struct exchange *ex;
	struct stats *stats;
	uint32_t lo, hi, n, words;
	uint8_t *cnt;        // cnt[(a - lo) * n + b]
	struct slab m[M_COUNT];
	uint64_t *x;         // the seventh matrix (x_rows, x_cross)
	uint32_t cross_words; // words per row of x_cross
	uint8_t *grew;       // per row b: row b of WIN_NEW has a bit
	uint32_t *split_lo, *split_hi; // per rank: the word columns y whose unself(y) meets its rows
	struct solution *overflow;
	struct rank_state *ck; // NULL: no checkpoints
	unsigned level;        // the first level to run
	uint64_t done, reachable_count; // over all ranks
	bool parallel;
	int oom;
};

// X as a matrix over this rank's rows (A-major or transposed), and as the n x rows matrix of
// the split parents (row x, bit y0 - lo).
static struct slab x_rows(const struct msolve *s)
{
	return (struct slab){s->lo, s->hi - s->lo, s->words, s->x};
}

static struct slab x_cross(const struct msolve *s)
{
	return (struct slab){0, s->n, s->cross_words, s->x};
}

static uint8_t *cnt_at(const struct msolve *s, uint32_t a, uint32_t b)
{
	return &s->cnt[(uint64_t)(a - s->lo) * s->n + b];
}

static bool decided(const struct msolve *s, uint32_t a, uint32_t b)
{
	return bit_get(slab_row(&s->m[M_DECIDED], a), b);
}

// Runs body with col set to each set bit of row (copied word by word, so body may clear bits).
#define FOR_BITS(row, words, col, body)                                                  \
	for (uint32_t col##_w = 0; col##_w < (words); col##_w++)                             \
		for (uint64_t col##_b = (row)[col##_w]; col##_b; col##_b &= col##_b - 1) {    \
			uint32_t col = col##_w * 64 + (uint32_t)__builtin_ctzll(col##_b);     \
			body;                                                                \
		}

static void clear_bit(uint64_t *row, uint32_t j)
{
	row[j >> 6] &= ~(UINT64_C(1) << (j & 63));
}

// Only the thread that owns row a calls it.
static void decide(struct msolve *s, uint32_t a, uint32_t b, unsigned k)
{
	bit_set(slab_row(&s->m[M_DECIDED], a), b);
	*cnt_at(s, a, b) = (uint8_t)(k < SOLUTION_OVERFLOW_MARK ? k : SOLUTION_OVERFLOW_MARK);
	if (k < SOLUTION_OVERFLOW_MARK)
		return;
	bool ok;
#pragma omp critical(mpi_solve_overflow)
	ok = solution_overflow_add(s->overflow, dense_index(s->d, 0, a, b), k);
	if (!ok) {
#pragma omp atomic write
		s->oom = 1;
	}
}

// A thread's scratch; on allocation failure raises s->oom and returns false.
static bool scratch_start(struct msolve *s, struct dense_scratch *scratch)
{
	if (dense_scratch_init(scratch, s->d))
		return true;
#pragma omp atomic write
	s->oom = 1;
	return false;
}

// Level 0 of row a; the positions with no attack move go to zero (row a, bit b).
static void seed_row(struct msolve *s, uint32_t a, const struct slab *reachable, struct slab *zero,
		     const struct dense_reach_tables *hit, struct dense_scratch *scratch)
{
	const struct dense_class *c = &s->d->cls[0]; // one side: equal hands
	const uint64_t *reach = slab_row(reachable, a);
	struct pos pos = {.seat = 0, .state = {c->state_of[a]}};
	for (uint32_t b = 0; b < s->n; b++) {
		size_t attacks;
		if (!bit_get(reach, b)) {
			*cnt_at(s, a, b) = CNT_UNREACHABLE;
			continue;
		}
		pos.state[1] = c->state_of[b];
		enum dense_seed kind = dense_seed(s->d, &pos, a, b, hit, scratch, &attacks);
		if (kind != DENSE_SEED_COUNT) {
			decide(s, a, b, 0);
			bit_set(slab_row(&s->m[kind == DENSE_SEED_WIN ? M_WIN_NEW : M_LOSS_NEW], a), b);
			if (kind == DENSE_SEED_WIN)
				bit_set(slab_row(&s->m[M_WON], a), b);
			continue;
		}
		*cnt_at(s, a, b) = (uint8_t)attacks;
		if (attacks == 0)
			bit_set(slab_row(zero, a), b);
	}
}

// Level 0 of this rank's rows.
static void seed(struct msolve *s, const struct slab *reachable, struct slab *zero)
{
	struct dense_reach_tables hit = dense_reach_of(s->d, 0, DENSE_HIT);
#pragma omp parallel if (s->parallel)
	{
		struct dense_scratch scratch;
		bool ok = scratch_start(s, &scratch);
#pragma omp for schedule(dynamic, 16)
		for (uint32_t a = s->lo; a < s->hi; a++)
			if (ok)
				seed_row(s, a, reachable, zero, &hit, &scratch);
		dense_scratch_free(&scratch);
	}
}

// Calls visit(s, y, x0) for every attack parent (y, x0) of every position (x, y) in t (this
// rank's rows y, bit x); rows in parallel, each visit writing its own row y.
static void visit_attack_parents(struct msolve *s, const struct slab *t,
				 void (*visit)(struct msolve *s, uint32_t y, uint32_t x0))
{
	struct dense_reach_tables unhit = dense_reach_of(s->d, 0, DENSE_UNHIT);
#pragma omp parallel if (s->parallel)
	{
		struct dense_scratch scratch;
		bool ok = scratch_start(s, &scratch);
#pragma omp for schedule(dynamic, 16)
		for (uint32_t y = s->lo; y < s->hi; y++)
			FOR_BITS(slab_row(t, y), s->words, x, {
				size_t n = ok ? dense_reach(&unhit, y, x, &scratch) : 0;
				for (size_t i = 0; i < n; i++)
					visit(s, y, scratch.out[i]);
			})
		dense_scratch_free(&scratch);
	}
}

static void mark_win(struct msolve *s, uint32_t y, uint32_t x0)
{
	bit_set(slab_row(&s->m[M_WIN_NEXT], y), x0);
}

// Sets bits [lo, hi) of row, with atomic ors (rows several threads write).
static void set_range_atomic(uint64_t *row, uint32_t lo, uint32_t hi)
{
	while (lo < hi) {
		uint32_t end = (lo | 63) + 1 < hi ? (lo | 63) + 1 : hi, len = end - lo;
		uint64_t mask = len == 64 ? ~UINT64_C(0) : ((UINT64_C(1) << len) - 1) << (lo & 63);
		__atomic_fetch_or(&row[lo >> 6], mask, __ATOMIC_RELAXED);
		lo = end;
	}
}

// The split parents (y0, x), y0 in unself(y) and in this rank's rows, of the loss (x, y):
// bits y0 - lo of row x of the cross matrix.
static void mark_splits(const struct msolve *s, uint64_t *row_x, uint32_t y, bool atomic)
{
	const struct dense_runs *unself = &s->d->cls[0].unself;
	for (uint32_t r = unself->start[y]; r < unself->start[y + 1]; r++) {
		uint32_t lo = unself->run[2 * r], hi = unself->run[2 * r + 1];
		lo = lo > s->lo ? lo : s->lo;
		hi = hi < s->hi ? hi : s->hi;
		if (lo >= hi)
			continue;
		if (atomic)
			set_range_atomic(row_x, lo - s->lo, hi - s->lo);
		else
			bit_set_range(row_x, lo - s->lo, hi - s->lo);
	}
}

static void split_piece(void *ctx, const struct exchange_piece *p)
{
	struct msolve *s = ctx;
	struct slab cross = x_cross(s);
	if (!p->bits) {
#pragma omp parallel for schedule(dynamic, 256) if (s->parallel)
		for (uint64_t i = 0; i < p->count; i++)
			mark_splits(s, slab_row(&cross, (uint32_t)(p->pairs[i] >> 32)), (uint32_t)p->pairs[i], true);
		return;
	}
#pragma omp parallel for schedule(dynamic, 16) if (s->parallel)
	for (uint32_t x = p->row_lo; x < p->row_hi; x++) {
		const uint64_t *row = p->bits + (uint64_t)(x - p->row_lo) * p->stride;
		uint64_t *row_x = slab_row(&cross, x);
		FOR_BITS(row, p->cw, j, mark_splits(s, row_x, p->col_word * 64 + j, false))
	}
}

// WIN_NEXT: the undecided parents of this level's losses, decided at k + 1.
static uint64_t losses_to_wins(struct msolve *s, unsigned k)
{
	struct slab x = x_rows(s), cross = x_cross(s), *next = &s->m[M_WIN_NEXT];
	slab_clear(next);
	slab_clear(&x);
	exchange_transpose(s->ex, &s->m[M_LOSS_NEW], &x);
	visit_attack_parents(s, &x, mark_win);
	slab_clear(&cross);
	exchange_run(s->ex, &s->m[M_LOSS_NEW], s->split_lo, s->split_hi, split_piece, s);
	struct exchange_piece whole = {.from = s->ex->rank, .bits = s->x, .row_lo = 0, .row_hi = s->n,
				       .col_word = s->lo / 64, .cw = s->cross_words, .stride = s->cross_words};
	exchange_transpose_piece(next, &whole);
	uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : found) if (s->parallel)
	for (uint32_t a = s->lo; a < s->hi; a++) {
		uint64_t *row = slab_row(next, a);
		FOR_BITS(row, s->words, b, {
			if (decided(s, a, b) || *cnt_at(s, a, b) == CNT_UNREACHABLE) {
				clear_bit(row, b);
			} else {
				decide(s, a, b, k + 1);
				found++;
			}
		})
	}
	return found;
}

// A win (x, y) has decremented the counter of its attack parent (y, x0): one with no open
// attack left goes to its row x0's owner (bit x0 of row y of LOSS_NEW, lent for that).
static void count_down(struct msolve *s, uint32_t y, uint32_t x0)
{
	uint8_t *c = cnt_at(s, y, x0);
	if (decided(s, y, x0) || *c == 0 || *c == CNT_UNREACHABLE || --*c > 0)
		return;
	bit_set(slab_row(&s->m[M_LOSS_NEW], y), x0);
}

static bool row_any(const uint64_t *row, uint32_t words)
{
	for (uint32_t w = 0; w < words; w++)
		if (row[w])
			return true;
	return false;
}

// LOSS_NEW: the positions whose last open move was won at this level, decided at k + 1.
static uint64_t wins_to_losses(struct msolve *s, unsigned k)
{
	const struct dense *d = s->d;
	struct slab x = x_rows(s), *win = &s->m[M_WIN_NEW], *loss = &s->m[M_LOSS_NEW];
	struct slab *cand = win, *zero = &s->m[M_ZERO_T];
#pragma omp parallel for schedule(static) if (s->parallel)
	for (uint32_t b = s->lo; b < s->hi; b++)
		s->grew[b - s->lo] = row_any(slab_row(win, b), s->words);
	slab_clear(&x);
	exchange_transpose(s->ex, win, &x);
	slab_clear(loss); // the parents left without an open attack, row y bit x0
	visit_attack_parents(s, &x, count_down);
	slab_clear(&x);
	exchange_transpose(s->ex, loss, &x); // row x0, bit y
	slab_clear(cand); // WIN_NEW is read: the loss candidates, row b bit a
#pragma omp parallel for schedule(dynamic, 16) if (s->parallel)
	for (uint32_t b = s->lo; b < s->hi; b++) {
		const uint64_t *won = slab_row(&s->m[M_WON], b);
		FOR_BITS(slab_row(&x, b), s->words, a, {
			if (dense_splits_won(d, 0, won, a))
				bit_set(slab_row(cand, b), a);
			else
				bit_set(slab_row(zero, b), a);
		})
		if (!s->grew[b - s->lo])
			continue;
		uint64_t *waiting = slab_row(zero, b);
		FOR_BITS(waiting, s->words, a, {
			if (dense_splits_won(d, 0, won, a)) {
				clear_bit(waiting, a);
				bit_set(slab_row(cand, b), a);
			}
		})
	}
	slab_clear(loss);
	exchange_transpose(s->ex, cand, loss);
	uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : found) if (s->parallel)
	for (uint32_t a = s->lo; a < s->hi; a++) {
		uint64_t *row = slab_row(loss, a);
		const uint64_t *done = slab_row(&s->m[M_DECIDED], a);
		for (uint32_t w = 0; w < s->words; w++)
			row[w] &= ~done[w];
		FOR_BITS(row, s->words, b, {
			decide(s, a, b, k + 1);
			found++;
		})
	}
	return found;
}

// This rank's decisions of level k (remoteness k + 1); WIN_NEW and LOSS_NEW then hold them.
static uint64_t level(struct msolve *s, unsigned k)
{
	uint64_t found = losses_to_wins(s, k);
	found += wins_to_losses(s, k);
	struct slab *won = &s->m[M_WON], *next = &s->m[M_WIN_NEXT];
	uint64_t words = (uint64_t)won->rows * won->words;
#pragma omp parallel for schedule(static) if (s->parallel)
	for (uint64_t w = 0; w < words; w++)
		won->bits[w] |= next->bits[w];
	struct slab t = s->m[M_WIN_NEW];
	s->m[M_WIN_NEW] = *next;
	*next = t;
	return found;
}

static uint64_t count_bits(const struct slab *m)
{
	uint64_t words = (uint64_t)m->rows * m->words, count = 0;
#pragma omp parallel for schedule(static) reduction(+ : count) if (words >= PARALLEL_MIN)
	for (uint64_t w = 0; w < words; w++)
		count += (uint64_t)__builtin_popcountll(m->bits[w]);
	return count;
}

// Level 0 over every rank: seeds this rank's rows (their positions without attacks go to
// ZERO_T, by way of WIN_NEXT) and counts the positions decided.
static void seeded(struct msolve *s, const struct slab *reachable)
{
	seed(s, reachable, &s->m[M_WIN_NEXT]);
	exchange_transpose(s->ex, &s->m[M_WIN_NEXT], &s->m[M_ZERO_T]);
	s->done = count_bits(&s->m[M_WIN_NEW]) + count_bits(&s->m[M_LOSS_NEW]);
	exchange_allreduce(&s->done, 1, MPI_UINT64_T, MPI_SUM, s->ex->comm);
}

// Whether any rank raised flag (a bit of 1 stop, 2 out of memory); collective.
static int agree(const struct msolve *s, int flags)
{
	exchange_allreduce(&flags, 1, MPI_INT, MPI_BOR, s->ex->comm);
	return flags;
}

// This rank's part of the state at a level boundary (dense_state_sections over its rows);
// counts holds the positions decided and reachable over all ranks. WIN_NEXT, X and grew are
// cleared before each use: not part of it.
_Static_assert(M_WIN_NEXT == DENSE_STATE_MATRICES, "the matrices of a state come first");

static void state_sections(struct msolve *s, uint64_t *counts, struct checkpoint_section *sec)
{
	uint64_t rows = s->hi - s->lo, *matrix[DENSE_STATE_MATRICES];
	for (unsigned k = 0; k < DENSE_STATE_MATRICES; k++)
		matrix[k] = s->m[k].bits;
	dense_state_sections(counts, s->cnt, rows * s->n, s->overflow, matrix, rows * s->words * sizeof *s->x, sec);
}

// rank_state_boundary with the state (computing the sections costs nothing: none is read).
static enum status boundary(struct msolve *s, const struct progress *progress,
			    const struct progress_step *step, struct error *err)
{
	uint64_t counts[2] = {step->done, s->reachable_count};
	struct checkpoint_section sec[DENSE_STATE_SECTIONS];
	state_sections(s, counts, sec);
	return rank_state_boundary(s->ck, progress, step, MPI_SOLVE_STAGE, sec, DENSE_STATE_SECTIONS, err);
}

// The state of the checkpoint instead of the seed; the status agreed.
static enum status restore(struct msolve *s, struct error *err)
{
	struct checkpoint *c = rank_state_last(s->ck);
	uint64_t counts[2] = {0, 0};
	struct checkpoint_section sec[DENSE_STATE_SECTIONS];
	enum status st = solve_state_overflow_room(c, s->overflow, err);
	if (st == STATUS_OK) {
		state_sections(s, counts, sec);
		st = checkpoint_load(c, sec, DENSE_STATE_SECTIONS, err);
	}
	s->done = counts[0];
	s->reachable_count = counts[1];
	s->level = c->level;
	return walk_agree(s->ex->comm, st, err);
}

static enum status run_levels(struct msolve *s, const struct progress *progress, unsigned *levels,
			      struct error *err)
{
	struct progress_step step = {.phase = "solve", .total = s->reachable_count, .done = s->done};
	stats_level(s->stats, STATS_SOLVE, s->done, s->ex); // the seeding, or the state resumed
	*levels = s->level;
	for (unsigned k = s->level;; k++) {
		step.level = k;
		progress_report(progress, &step);
		int flags = agree(s, (progress_stopped(progress) ? 1 : 0) | (s->oom ? 2 : 0));
		if (flags & 2)
			return error_set(err, STATUS_FAILURE, "out of memory during the solve");
		// A level boundary: every rank holds the complete state of remoteness k (its rows
		// of the bytes, WON, DECIDED, ZERO_T, and the last level's WIN_NEW and LOSS_NEW),
		// and no message is in flight.
		enum status st = boundary(s, progress, &step, err);
		if (st != STATUS_OK)
			return st;
		if (flags & 1)
			return error_set(err, STATUS_INTERRUPTED, "interrupted");
		uint64_t found = level(s, k);
		exchange_allreduce(&found, 1, MPI_UINT64_T, MPI_SUM, s->ex->comm);
		stats_level(s->stats, STATS_SOLVE, found, s->ex);
		if (found && k + 1 > CELL_MAX_REMOTENESS) // as dense_solve: the bytes just written are void
			return backward_too_remote(err);
		if (found == 0)
			break;
		step.done += found;
		*levels = k + 1;
	}
	if (agree(s, s->oom ? 2 : 0))
		return error_set(err, STATUS_FAILURE, "out of memory during the solve");
	return STATUS_OK;
}

// The word columns y of the losses (x, y) that rank r needs for its split parents: those of
// self(y0) for its rows y0 (y0 is in unself(y) exactly when y is in self(y0)).
static void split_columns(struct msolve *s)
{
	const struct dense_runs *self = &s->d->cls[0].self;
	for (int r = 0; r < s->ex->ranks; r++) {
		uint32_t lo = UINT32_MAX, hi = 0;
		for (uint32_t a = s->ex->lo[r]; a < s->ex->lo[r + 1]; a++)
			for (uint32_t k = self->start[a]; k < self->start[a + 1]; k++) {
				lo = self->run[2 * k] < lo ? self->run[2 * k] : lo;
				hi = self->run[2 * k + 1] > hi ? self->run[2 * k + 1] : hi;
			}
		s->split_lo[r] = lo < hi ? lo / 64 : 0;
		s->split_hi[r] = lo < hi ? (hi + 63) / 64 : 0;
	}
}

static int by_index(const void *x, const void *y)
{
	uint64_t a = le64_load(x), b = le64_load(y);
	return (a > b) - (a < b);
}

static void free_work(struct msolve *s)
{
	for (unsigned k = 0; k < M_COUNT; k++)
		slab_free(&s->m[k]);
	free(s->cnt);
	free(s->x);
	free(s->grew);
	free(s->split_lo);
	free(s->split_hi);
}

enum status mpi_solve(const struct dense *d, struct exchange *ex, struct slab *reachable,
		      uint64_t reachable_count, const struct progress *progress, struct stats *stats,
		      struct rank_state *ck, struct mpi_share *out, struct error *err)
{
	memset(out, 0, sizeof *out);
	uint32_t lo = ex->lo[ex->rank], hi = ex->lo[ex->rank + 1], w = hi - lo;
	uint64_t owned = (uint64_t)w * d->n[0];
	assert(d->sides == 1); // equal hands only (solve_main.c refuses the others)
	bool resume = checkpoint_holds(rank_state_last(ck), MPI_SOLVE_STAGE);
	struct msolve s = {.d = d, .ex = ex, .stats = stats, .ck = ck, .reachable_count = reachable_count,
			   .lo = lo, .hi = hi, .n = d->n[0], .words = ex->words,
			   .cnt = malloc(owned ? owned : 1), .cross_words = (w + 63) / 64, .grew = malloc(w ? w : 1),
			   .split_lo = malloc((size_t)ex->ranks * sizeof *s.split_lo),
			   .split_hi = malloc((size_t)ex->ranks * sizeof *s.split_hi), .overflow = &out->overflow,
			   .parallel = owned >= PARALLEL_MIN};
	bool ok = s.cnt && s.grew && s.split_lo && s.split_hi;
	for (unsigned k = 0; k < M_COUNT; k++) // WIN_NEXT first holds the positions without attacks
		ok &= slab_init(&s.m[k], lo, w, ex->words);
	enum status st = ok ? STATUS_OK : error_set(err, STATUS_FAILURE, "rank %d: out of memory: the solve needs %llu bytes",
						  ex->rank, (unsigned long long)(owned + M_COUNT * 8 * (uint64_t)w * ex->words));
	if ((st = walk_agree(ex->comm, st, err)) == STATUS_OK) {
		split_columns(&s);
		if (!resume)
			seeded(&s, reachable);
	}
	slab_free(reachable);
	if (st == STATUS_OK) {
		uint64_t rows = (uint64_t)w * ex->words, cross = (uint64_t)s.n * s.cross_words;
		s.x = malloc((rows > cross ? rows : cross) * sizeof *s.x + sizeof *s.x);
		st = s.x && !s.oom ? STATUS_OK : error_set(err, STATUS_FAILURE, "rank %d: out of memory during the solve", ex->rank);
		st = walk_agree(ex->comm, st, err);
	}
	if (st == STATUS_OK && resume)
		st = restore(&s, err);
	if (st == STATUS_OK)
		st = run_levels(&s, progress, &out->levels, err);
	if (st == STATUS_OK) {
		if (out->overflow.overflow_count > 1)
			qsort((uint8_t *)out->overflow.overflow, out->overflow.overflow_count, 16, by_index);
		*out = (struct mpi_share){d, lo, hi, s.cnt, s.m[M_WON], s.m[M_DECIDED], out->overflow, out->levels};
		s.cnt = NULL;
		s.m[M_WON].bits = s.m[M_DECIDED].bits = NULL;
	} else {
		free((uint8_t *)out->overflow.overflow);
		memset(out, 0, sizeof *out);
	}
	free_work(&s);
	return st;
}

void mpi_share_free(struct mpi_share *s)
{
	free(s->cnt);
	slab_free(&s->won);
	slab_free(&s->decided);
	free((uint8_t *)s->overflow.overflow);
	memset(s, 0, sizeof *s);
}

enum value mpi_share_value(const struct mpi_share *s, uint32_t a, uint32_t b)
{
	if (bit_get(slab_row(&s->decided, a), b))
		return bit_get(slab_row(&s->won, a), b) ? VALUE_WIN : VALUE_LOSS;
	return s->cnt[(uint64_t)(a - s->lo) * s->d->n[0] + b] == CNT_UNREACHABLE ? VALUE_UNKNOWN : VALUE_DRAW;
}

unsigned mpi_share_remoteness(const struct mpi_share *s, uint32_t a, uint32_t b)
{
	if (!bit_get(slab_row(&s->decided, a), b))
		return 0;
	uint8_t r = s->cnt[(uint64_t)(a - s->lo) * s->d->n[0] + b];
	if (r != SOLUTION_OVERFLOW_MARK)
		return r;
	uint64_t idx = dense_index(s->d, 0, a, b), lo = 0, hi = s->overflow.overflow_count;
	const uint8_t *list = s->overflow.overflow;
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (le64_load(list + 16 * mid) < idx)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < s->overflow.overflow_count && le64_load(list + 16 * lo) == idx)
		return (unsigned)le64_load(list + 16 * lo + 8);
	return SOLUTION_OVERFLOW_MARK;
}

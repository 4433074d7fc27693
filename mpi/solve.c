// SPDX-License-Identifier: MIT
// The row-split dense solve (see solve.h): the levels of solver/dense_level.c over this
// rank's rows [lo, hi), with the hooks that bring what they need from other rows. Rank r holds
// rows [lo, hi) of the bytes and of the six matrices, and a seventh matrix X that receives
// the exchanges:
//   a transpose in place is an exchange into X (exchange_transpose), whose buffer then
//   changes places with the matrix's (every buffer has X's size);
//   the split parents (y0, x), y0 in unself(y), of the losses (x, y) lie in rows spread over
//   the ranks: each rank gets the losses whose unself(y) meets its rows (an exchange of the
//   columns y that can), sets the runs in X as an n x rows matrix (row x, bit y0 - lo), and
//   ors its transpose into WIN_NEXT;
//   counts and flags are allreduced, and a state is saved by rank_state_boundary.
// The bytes of each exchange are in the README.
#include "solve.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "bitmatrix.h"
#include "dense_level.h"
#include "le64.h"
#include "parallel.h"
#include "walk.h"

struct msolve {
	struct dense_level lv;
	struct exchange *ex;
	struct stats *stats;
	struct rank_state *ck; // NULL: no checkpoints
	uint64_t *x;           // the seventh matrix (as_slab, cross)
	uint64_t buffer_words; // of X and of every matrix
	uint32_t cross_words;  // words per row of the n x rows matrix
	uint32_t *split_lo, *split_hi; // per rank: the word columns y whose unself(y) meets its rows
};

// A buffer of this rank's rows (A-major or transposed) as a slab.
static struct slab as_slab(const struct msolve *s, uint64_t *bits)
{
	return (struct slab){s->lv.lo, s->lv.hi - s->lv.lo, s->ex->words, bits};
}

// X as the n x rows matrix of the split parents (row x, bit y0 - lo).
static struct slab cross(const struct msolve *s)
{
	return (struct slab){0, s->ex->n, s->cross_words, s->x};
}

static void transpose(struct dense_level *lv, struct bitpair *m)
{
	struct msolve *s = lv->ctx;
	struct slab src = as_slab(s, m->side[0].bits), dst = as_slab(s, s->x);
	slab_clear(&dst);
	exchange_transpose(s->ex, &src, &dst);
	s->x = m->side[0].bits;
	m->side[0].bits = m->side[1].bits = dst.bits;
}

static void split_piece(void *ctx, const struct exchange_piece *p)
{
	struct msolve *s = ctx;
	struct slab c = cross(s);
	if (!p->bits) {
#pragma omp parallel for schedule(dynamic, 256) if (s->lv.parallel)
		for (uint64_t i = 0; i < p->count; i++)
			dense_level_split_runs(&s->lv, 0, (uint32_t)p->pairs[i], slab_row(&c, (uint32_t)(p->pairs[i] >> 32)), true);
		return;
	}
#pragma omp parallel for schedule(dynamic, 16) if (s->lv.parallel)
	for (uint32_t x = p->row_lo; x < p->row_hi; x++) {
		const uint64_t *row = p->bits + (uint64_t)(x - p->row_lo) * p->stride;
		uint64_t *row_x = slab_row(&c, x);
		BIT_FOR_EACH(row, p->cw, j, dense_level_split_runs(&s->lv, 0, p->col_word * 64 + j, row_x, false))
	}
}

static void split_parents(struct dense_level *lv)
{
	struct msolve *s = lv->ctx;
	struct slab c = cross(s), loss = as_slab(s, lv->m[DENSE_LOSS_NEW].side[0].bits);
	struct slab next = as_slab(s, lv->m[DENSE_WIN_NEXT].side[0].bits);
	slab_clear(&c);
	exchange_run(s->ex, &loss, s->split_lo, s->split_hi, split_piece, s);
	struct exchange_piece whole = {.from = s->ex->rank, .bits = s->x, .row_lo = 0, .row_hi = s->ex->n,
				       .col_word = lv->lo / 64, .cw = s->cross_words, .stride = s->cross_words};
	exchange_transpose_piece(&next, &whole);
}

static void sum(struct dense_level *lv, uint64_t *count)
{
	struct msolve *s = lv->ctx;
	exchange_allreduce(count, 1, MPI_UINT64_T, MPI_SUM, s->ex->comm);
}

static int agree(struct dense_level *lv, int flags)
{
	struct msolve *s = lv->ctx;
	exchange_allreduce(&flags, 1, MPI_INT, MPI_BOR, s->ex->comm);
	return flags;
}

static enum status boundary(struct dense_level *lv, const struct progress *progress, const struct progress_step *step,
			    struct checkpoint_section *sec, unsigned n, struct error *err)
{
	struct msolve *s = lv->ctx;
	return rank_state_boundary(s->ck, progress, step, MPI_SOLVE_STAGE, sec, n, err);
}

static void record(struct dense_level *lv, uint64_t found)
{
	struct msolve *s = lv->ctx;
	stats_level(s->stats, STATS_SOLVE, found, s->ex);
}

static const struct dense_level_ops rank_rows = {.transpose = transpose, .split_parents = split_parents, .sum = sum,
						 .agree = agree, .boundary = boundary, .record = record};

// The word columns y of the losses (x, y) that rank r needs for its split parents: those of
// self(y0) for its rows y0 (y0 is in unself(y) exactly when y is in self(y0)).
static void split_columns(struct msolve *s)
{
	const struct dense_runs *self = &s->lv.d->cls[0].self;
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

// A matrix of this rank's rows in a cleared buffer of X's size; false on allocation failure.
static bool matrix_init(struct msolve *s, struct bitpair *m)
{
	uint64_t *bits = calloc(s->buffer_words, sizeof *bits);
	struct bitmatrix side = {s->lv.hi - s->lv.lo, s->ex->n, s->ex->words, bits};
	*m = (struct bitpair){1, {side, side}};
	return bits != NULL;
}

static void free_work(struct msolve *s)
{
	for (unsigned k = 0; k < DENSE_MATRICES; k++)
		free(s->lv.m[k].side[0].bits);
	free(s->lv.cnt);
	free(s->lv.grew);
	free(s->x);
	free(s->split_lo);
	free(s->split_hi);
}

// Sets s up for this rank's rows; the status agreed.
static enum status start(struct msolve *s, const struct dense *d, struct exchange *ex, struct mpi_share *out,
			 struct error *err)
{
	uint32_t lo = ex->lo[ex->rank], hi = ex->lo[ex->rank + 1], w = hi - lo;
	uint64_t owned = (uint64_t)w * d->n[0], rows = (uint64_t)w * ex->words;
	dense_level_init(&s->lv, d, &rank_rows, s, lo, hi);
	s->cross_words = (w + 63) / 64;
	uint64_t cross = (uint64_t)d->n[0] * s->cross_words;
	s->buffer_words = (rows > cross ? rows : cross) + 1;
	s->lv.cnt = malloc(owned ? owned : 1);
	s->lv.cnt_bytes = owned;
	s->lv.grew = malloc(w ? w : 1);
	s->lv.parallel = owned >= PARALLEL_MIN;
	s->lv.matrix_words = rows;
	s->lv.out = &out->overflow;
	s->split_lo = malloc((size_t)ex->ranks * sizeof *s->split_lo);
	s->split_hi = malloc((size_t)ex->ranks * sizeof *s->split_hi);
	bool ok = s->lv.cnt && s->lv.grew && s->split_lo && s->split_hi;
	for (unsigned k = 0; k < DENSE_MATRICES; k++)
		ok &= matrix_init(s, &s->lv.m[k]);
	enum status st = ok ? STATUS_OK : error_set(err, STATUS_FAILURE, "rank %d: out of memory: the solve needs %llu bytes",
						  ex->rank, (unsigned long long)(owned + DENSE_MATRICES * 8 * s->buffer_words));
	return walk_agree(ex->comm, st, err);
}

// The levels, from the seeding of reachable or the state that ck holds; the status agreed.
static enum status run(struct msolve *s, struct slab *reachable, bool resume, const struct progress *progress,
		       unsigned *levels, struct error *err)
{
	struct bitmatrix rows = {reachable->rows, s->ex->n, reachable->words, reachable->bits};
	struct bitpair reach = {1, {rows, rows}};
	split_columns(s);
	if (!resume)
		dense_level_seed(&s->lv, &reach);
	slab_free(reachable);
	s->x = malloc(s->buffer_words * sizeof *s->x);
	enum status st = s->x && !s->lv.oom ? STATUS_OK
			 : error_set(err, STATUS_FAILURE, "rank %d: out of memory during the solve", s->ex->rank);
	st = walk_agree(s->ex->comm, st, err);
	if (st == STATUS_OK && resume)
		st = walk_agree(s->ex->comm, dense_level_restore(&s->lv, rank_state_last(s->ck), err), err);
	return st == STATUS_OK ? dense_level_run(&s->lv, progress, levels, err) : st;
}

enum status mpi_solve(const struct dense *d, struct exchange *ex, struct slab *reachable,
		      uint64_t reachable_count, const struct progress *progress, struct stats *stats,
		      struct rank_state *ck, struct mpi_share *out, struct error *err)
{
	memset(out, 0, sizeof *out);
	assert(d->sides == 1); // equal hands only (solve_main.c refuses the others)
	bool resume = checkpoint_holds(rank_state_last(ck), MPI_SOLVE_STAGE);
	struct msolve s = {.ex = ex, .stats = stats, .ck = ck};
	enum status st = start(&s, d, ex, out, err);
	s.lv.counts.reachable = reachable_count;
	if (st == STATUS_OK)
		st = run(&s, reachable, resume, progress, &out->levels, err);
	else
		slab_free(reachable);
	if (st == STATUS_OK) {
		struct solution overflow = out->overflow;
		if (overflow.overflow_count > 1)
			qsort((uint8_t *)overflow.overflow, overflow.overflow_count, 16, by_index);
		*out = (struct mpi_share){d, s.lv.lo, s.lv.hi, s.lv.cnt, as_slab(&s, s.lv.m[DENSE_WON].side[0].bits),
					  as_slab(&s, s.lv.m[DENSE_DECIDED].side[0].bits), overflow, out->levels};
		s.lv.cnt = NULL;
		s.lv.m[DENSE_WON].side[0].bits = s.lv.m[DENSE_DECIDED].side[0].bits = NULL;
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
	return s->cnt[(uint64_t)(a - s->lo) * s->d->n[0] + b] == DENSE_LEVEL_UNREACHABLE ? VALUE_UNKNOWN : VALUE_DRAW;
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

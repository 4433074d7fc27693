// SPDX-License-Identifier: MIT
// Dense retrograde solve (see dense_solve.h) on one machine: every row held here, so the
// levels (dense_level.c) need no exchange, and their transposes are in place. Per position
// one byte (the attack counter, then the remoteness) and six bit matrix pairs (one matrix per
// seat to move). At the end the bytes are moved in place to standard order (dense_order.h)
// and become the solution's remoteness array. A checkpoint (checkpoint.h) of the boundary
// before level k holds the state dense_level.c lists, under stage DENSE_SOLVE_STAGE.
#include "dense_solve.h"

#include <stdlib.h>
#include <string.h>

#include "bitmatrix.h"
#include "checkpoint.h"
#include "dense_level.h"
#include "dense_order.h"
#include "parallel.h"

uint64_t dense_solve_bytes(const struct dense *d)
{
	return d->rules->size + DENSE_MATRICES * bitpair_bytes(d->sides, d->n) + d->rows;
}

static void transpose(struct dense_level *s, struct bitpair *m)
{
	bitpair_transpose_in_place(m, s->parallel);
}

static enum status boundary(struct dense_level *s, const struct progress *progress, const struct progress_step *step,
			    struct checkpoint_section *sec, unsigned n, struct error *err)
{
	return checkpoint_level(s->ctx, progress, step, DENSE_SOLVE_STAGE, sec, n, err);
}

// Every row is here: no sums, agreements or split exchange.
static const struct dense_level_ops whole_rows = {.transpose = transpose, .boundary = boundary};

// Allocates matrices [from, to); false on failure.
static bool alloc_matrices(struct dense_level *s, unsigned from, unsigned to)
{
	bool ok = true;
	for (unsigned k = from; k < to; k++)
		ok &= bitpair_init(&s->m[k], s->d->sides, s->d->n);
	return ok;
}

// The values of standard row sb of side t (its positions (a, b) with b the engine id of
// state sb of the other's class) from the transposed DECIDED and WON pairs and the bytes,
// already in standard order; undecided bytes become 0. Rows may share a values byte, hence
// the atomic or.
static void values_of_row(const struct dense_level *s, unsigned t, uint32_t sb, uint8_t *values)
{
	const struct dense *d = s->d;
	unsigned u = dense_other(d, t);
	uint32_t n = d->n[t], b = d->cls[u].engine_of[sb];
	const uint64_t *dec = bitpair_row(&s->m[DENSE_DECIDED], u, b), *won = bitpair_row(&s->m[DENSE_WON], u, b);
	uint64_t lo = t * d->block + (uint64_t)sb * n;
	uint8_t acc = 0;
	for (uint32_t sa = 0; sa < n; sa++) {
		uint64_t idx = lo + sa;
		uint32_t a = d->cls[t].engine_of[sa];
		enum value v = bit_get(dec, a) ? (bit_get(won, a) ? VALUE_WIN : VALUE_LOSS)
				 : s->cnt[idx] == DENSE_LEVEL_UNREACHABLE ? VALUE_UNKNOWN : VALUE_DRAW;
		if (!bit_get(dec, a))
			s->cnt[idx] = 0;
		acc |= (uint8_t)(v << (2 * (idx % 4)));
		if (idx % 4 == 3 || sa + 1 == n) {
			__atomic_fetch_or(&values[idx / 4], acc, __ATOMIC_RELAXED);
			acc = 0;
		}
	}
}

// Turns the solved state into out's values and remoteness, in standard order: the working
// matrices go first, so the peak stays that of the levels.
static enum status compact(struct dense_level *s, struct error *err)
{
	const struct dense *d = s->d;
	uint64_t size = d->rules->size;
	for (unsigned k = DENSE_ZERO_T; k < DENSE_MATRICES; k++)
		bitpair_free(&s->m[k]);
	bitpair_transpose_in_place(&s->m[DENSE_WON], s->parallel);
	bitpair_transpose_in_place(&s->m[DENSE_DECIDED], s->parallel);
	uint8_t *values = calloc(size / 4 + 1, 1);
	if (!values || !dense_order_bytes(d, s->cnt, s->parallel)) {
		free(values);
		return error_set(err, STATUS_FAILURE, "out of memory: the solution needs %llu more bytes",
				 (unsigned long long)(size / 4 + 1));
	}
#pragma omp parallel for schedule(dynamic, 16) if (s->parallel)
	for (uint32_t r = 0; r < d->rows; r++) { // side t has n[other(t)] standard rows
		uint32_t sb = r;
		unsigned u = dense_row_side(d, &sb);
		values_of_row(s, dense_other(d, u), sb, values);
	}
	s->out->values = values;
	s->out->remoteness = s->cnt;
	s->cnt = NULL;
	return STATUS_OK;
}

enum status dense_solve(const struct dense *d, struct bitpair *reachable,
			const struct progress *progress, struct checkpoint *ck, struct solution *out,
			unsigned *levels, struct error *err)
{
	uint64_t size = d->rules->size;
	struct dense_level s;
	memset(out, 0, sizeof *out);
	out->size = size;
	uint64_t limit = d->rules->max_bytes, tables = dense_solve_bytes(d);
	if (limit) // 16 bytes an entry in what the limit leaves (at least one entry)
		out->overflow_max = limit > tables + 16 ? (limit - tables) / 16 : 1;
	dense_level_init(&s, d, &whole_rows, ck, 0, d->rows);
	s.wide_budget = !limit ? UINT64_MAX : limit > tables ? limit - tables : 0;
	s.cnt = malloc(size ? size : 1);
	s.cnt_bytes = size;
	s.grew = malloc(d->rows ? d->rows : 1);
	s.parallel = size >= PARALLEL_MIN;
	s.matrix_words = bitpair_bytes(d->sides, d->n) / 8;
	s.out = out;
	bool resume = checkpoint_holds(ck, DENSE_SOLVE_STAGE);
	*levels = 0;
	// The last matrix is not needed to seed: allocated once reachable is freed.
	bool ok = s.cnt && s.grew && alloc_matrices(&s, 0, DENSE_WIN_NEXT);
	if (ok && !resume) {
		s.counts.reachable = bitpair_count(reachable, s.parallel);
		dense_level_seed(&s, reachable);
	}
	bitpair_free(reachable);
	ok = ok && alloc_matrices(&s, DENSE_WIN_NEXT, DENSE_MATRICES);
	enum status st = !ok ? error_set(err, STATUS_FAILURE, "out of memory: the solve needs %llu more bytes",
					 (unsigned long long)dense_solve_bytes(d))
			 : resume ? dense_level_restore(&s, ck, err) : STATUS_OK;
	if (st == STATUS_OK)
		st = dense_level_run(&s, progress, levels, err);
	if (st == STATUS_OK)
		st = compact(&s, err);
	for (unsigned k = 0; k < DENSE_MATRICES; k++)
		bitpair_free(&s.m[k]);
	free(s.cnt);
	free(s.grew);
	if (st == STATUS_OK)
		solution_finish(out);
	else
		solution_free(out);
	return st;
}

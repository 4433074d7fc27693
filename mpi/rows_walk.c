// SPDX-License-Identifier: MIT
// The row-split dense walk (see rows_walk.h). Per layer, on rows [lo, hi) of every matrix:
// expand (local): the own-hands moves of the transposed frontier into next, the attacks of
// the frontier into next_t (dense_walk's kernels); merge (collective): agree on the flags,
// then next |= the transpose of next_t, gathered from every rank; close (collective): the
// new positions next & ~seen, recorded, become the frontier, whose transpose is gathered.
#include "rows_walk.h"

#include <string.h>

#include "bitmatrix.h"
#include "dense_walk.h"
#include "layers.h"
#include "parallel.h"
#include "position.h"
#include "walk.h"

enum { M_SEEN, M_FRONT, M_FRONT_T, M_NEXT, M_NEXT_T, M_COUNT };

struct rwalk {
	const struct dense *d;
	struct exchange *ex;
	struct stats *stats;
	struct enumeration *e;
	uint32_t lo, hi;
	struct slab m[M_COUNT];
	uint32_t *depth;
	bool parallel;
	int oom;
};

static uint64_t expand(struct rwalk *w)
{
	const struct dense *d = w->d;
	uint64_t edges = 0;
	uint32_t words = w->ex->words;
	slab_clear(&w->m[M_NEXT]);
	slab_clear(&w->m[M_NEXT_T]);
#pragma omp parallel reduction(+ : edges) if (w->parallel)
	{
		struct dense_scratch scratch;
		if (!dense_scratch_init(&scratch, d)) {
#pragma omp atomic write
			w->oom = 1;
		}
#pragma omp for schedule(dynamic, 16) nowait
		for (uint32_t b = w->lo; b < w->hi; b++)
			if (!w->oom)
				edges += dense_walk_splits(d, 0, slab_row(&w->m[M_FRONT_T], b), words, slab_row(&w->m[M_NEXT], b));
#pragma omp for schedule(dynamic, 16)
		for (uint32_t a = w->lo; a < w->hi; a++)
			if (!w->oom)
				edges += dense_walk_attacks(d, 0, a, slab_row(&w->m[M_FRONT], a), words,
							    slab_row(&w->m[M_NEXT_T], a), &scratch);
		dense_scratch_free(&scratch);
	}
	return edges;
}

// Row a of next & ~seen: recorded at distance depth, and (less terminal ones) the frontier.
static uint64_t close_row(struct rwalk *w, uint32_t a, uint32_t depth, uint64_t *terminal)
{
	const struct dense *d = w->d;
	uint64_t *next = slab_row(&w->m[M_NEXT], a), *seen = slab_row(&w->m[M_SEEN], a);
	uint64_t *front = slab_row(&w->m[M_FRONT], a), found = 0;
	for (uint32_t word = 0; word < w->ex->words; word++) {
		uint64_t fresh = next[word] & ~seen[word], expand_bits = fresh;
		seen[word] |= fresh;
		for (uint64_t bits = fresh; bits; bits &= bits - 1) {
			uint32_t b = word * 64 + (uint32_t)__builtin_ctzll(bits);
			struct pos pos = {.seat = 0, .state = {d->cls[0].state_of[a], d->cls[0].state_of[b]}};
			found++;
			if (w->depth)
				w->depth[(uint64_t)(a - w->lo) * d->n[0] + b] = depth;
			if (d->rules->terminal(d->rules, &pos)) {
				(*terminal)++;
				expand_bits &= ~(UINT64_C(1) << (b & 63));
			}
		}
		front[word] = expand_bits;
	}
	return found;
}

// Closes the layer at distance next over every rank; gathers the new frontier's transpose.
static uint64_t close_layer(struct rwalk *w, unsigned next)
{
	uint64_t count[2] = {0, 0}, found = 0, terminal = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : found, terminal) if (w->parallel)
	for (uint32_t a = w->lo; a < w->hi; a++)
		found += close_row(w, a, next, &terminal);
	count[0] = found, count[1] = terminal;
	exchange_allreduce(count, 2, MPI_UINT64_T, MPI_SUM, w->ex->comm);
	w->e->layer_terminal[next] = count[1];
	slab_clear(&w->m[M_FRONT_T]);
	exchange_transpose(w->ex, &w->m[M_FRONT], &w->m[M_FRONT_T]);
	return count[0];
}

static int layer_expand(void *ctx, unsigned layer, uint64_t *moves)
{
	struct rwalk *w = ctx;
	(void)layer; // the frontier matrices hold the layer
	*moves += expand(w);
	return w->oom ? LAYERS_FAILED : 0;
}

// The flags of all ranks (LAYERS_*).
static int agree(MPI_Comm comm, int flags)
{
	int all = flags;
	exchange_allreduce(&all, 1, MPI_INT, MPI_BOR, comm);
	return all;
}

static int layer_merge(void *ctx, int flags)
{
	struct rwalk *w = ctx;
	flags = agree(w->ex->comm, flags);
	if (!flags)
		exchange_transpose(w->ex, &w->m[M_NEXT_T], &w->m[M_NEXT]);
	return flags;
}

static uint64_t layer_close(void *ctx, unsigned next)
{
	struct rwalk *w = ctx;
	uint64_t found = close_layer(w, next);
	stats_level(w->stats, STATS_WALK, found, w->ex);
	return found;
}

static void layer_finish(void *ctx, struct enumeration *e)
{
	struct rwalk *w = ctx;
	exchange_allreduce(&e->move_count, 1, MPI_UINT64_T, MPI_SUM, w->ex->comm);
}

enum status rows_walk(const struct dense *d, struct exchange *ex, const struct progress *progress,
		      struct stats *stats, struct enumeration *out, struct slab *seen, uint32_t *depth,
		      struct error *err)
{
	struct rwalk w = {.d = d, .ex = ex, .stats = stats, .e = out, .lo = ex->lo[ex->rank],
			  .hi = ex->lo[ex->rank + 1], .depth = depth,
			  .parallel = (uint64_t)(ex->lo[ex->rank + 1] - ex->lo[ex->rank]) * d->n[0] >= PARALLEL_MIN};
	memset(out, 0, sizeof *out);
	out->size = d->rules->size;
	bool ok = true;
	for (unsigned k = 0; k < M_COUNT; k++)
		ok &= slab_init(&w.m[k], w.lo, w.hi - w.lo, ex->words);
	ok &= enumeration_room(out, 1);
	enum status st = ok ? STATUS_OK
			    : error_set(err, STATUS_FAILURE, "rank %d: out of memory: the walk needs %llu more bytes", ex->rank,
					(unsigned long long)(M_COUNT * 8 * (uint64_t)(w.hi - w.lo) * ex->words));
	if ((st = walk_agree(ex->comm, st, err)) == STATUS_OK) {
		if (depth)
			memset(depth, 0xff, (size_t)(w.hi - w.lo) * d->n[0] * sizeof *depth); // ENUMERATE_NONE
		uint64_t start = d->rules->start;
		uint32_t a = d->cls[0].engine_of[start % d->n[0]], b = d->cls[0].engine_of[start / d->n[0]];
		if (a >= w.lo && a < w.hi)
			bit_set(slab_row(&w.m[M_NEXT], a), b);
		layer_close(&w, 0);
		struct layers_engine engine = {layer_expand, layer_merge, layer_close, layer_finish, NULL, &w, false};
		st = layers_run(&engine, progress, out, err);
		// A failure or a stop is agreed in merge, so every rank returns the same status.
	}
	if (st == STATUS_OK) {
		*seen = w.m[M_SEEN];
		w.m[M_SEEN].bits = NULL;
	}
	for (unsigned k = 0; k < M_COUNT; k++)
		slab_free(&w.m[k]);
	return st;
}

// The walk's state: this rank's rows of the reachable matrix and the count over all ranks.
static void walk_sections(struct slab *seen, uint64_t *count, struct checkpoint_section *s)
{
	s[0] = (struct checkpoint_section){"reachable", seen->bits, (uint64_t)seen->rows * seen->words * sizeof *seen->bits};
	s[1] = (struct checkpoint_section){"counts", count, sizeof *count};
}

// *seen and *count from the walk's state; the status agreed.
static enum status load_walk(const struct exchange *ex, struct checkpoint *c, uint64_t *count, struct slab *seen,
			     struct error *err)
{
	struct checkpoint_section s[2];
	uint32_t lo = ex->lo[ex->rank], rows = ex->lo[ex->rank + 1] - lo;
	enum status st = slab_init(seen, lo, rows, ex->words) ? STATUS_OK
		: error_set(err, STATUS_FAILURE, "rank %d: out of memory: the walk needs %llu bytes", ex->rank,
			    (unsigned long long)(8 * (uint64_t)rows * ex->words));
	walk_sections(seen, count, s);
	if (st == STATUS_OK)
		st = checkpoint_load(c, s, 2, err);
	return walk_agree(ex->comm, st, err);
}

enum status rows_walk_state(const struct dense *d, struct exchange *ex, const struct progress *progress,
			    struct stats *stats, struct rank_state *ck, uint64_t *count, struct slab *seen,
			    uint32_t *depth, struct error *err)
{
	struct checkpoint *held = rank_state_last(ck);
	struct enumeration e;
	*count = 0;
	*seen = (struct slab){0};
	if (held && !depth)
		return checkpoint_holds(held, CHECKPOINT_STAGE_WALK) ? load_walk(ex, held, count, seen, err) : STATUS_OK;
	enum status st = rows_walk(d, ex, progress, stats, &e, seen, depth, err);
	*count = e.reachable_count;
	struct checkpoint_section s[2];
	struct progress_step step = {.phase = "walk", .level = e.max_depth, .done = e.reachable_count, .at_most = e.size};
	walk_sections(seen, count, s);
	enumeration_free(&e);
	if (st == STATUS_OK && !held) // a state held is that of the walk or a later one
		st = rank_state_boundary(ck, progress, &step, CHECKPOINT_STAGE_WALK, s, 2, err);
	return st;
}

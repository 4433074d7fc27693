// SPDX-License-Identifier: MIT
// The dense walk (see dense_walk.h). Per layer: frontier F (A-major) and its transpose FT;
// splits of (A, B) set runs in row B of next, attacks set bits in row A of next_t; then
// next |= transpose(next_t), the new positions are next & ~seen, and terminal ones among
// them are recorded but not expanded.
#include "dense_walk.h"

#include <stdlib.h>

#include "bitmatrix.h"
#include "parallel.h"
#include "position.h"

enum { M_SEEN, M_FRONT, M_FRONT_T, M_NEXT, M_NEXT_T, M_COUNT };

struct walk {
	const struct dense *d;
	struct enumeration *e;
	const struct dense_share *share; // NULL: this process expands every row
	uint32_t lo, hi;                 // the rows this process expands
	struct bitmatrix m[M_COUNT];
	bool parallel;
	int oom;
};

uint64_t dense_walk_bytes(uint32_t n)
{
	return M_COUNT * bitmatrix_bytes(n);
}

uint64_t dense_walk_splits(const struct dense *d, const uint64_t *front_t, uint32_t words, uint64_t *next)
{
	uint64_t edges = 0;
	uint32_t done_lo = 0, done_hi = 0; // a run already set: consecutive states share runs
	for (uint32_t word = 0; word < words; word++) {
		for (uint64_t bits = front_t[word]; bits; bits &= bits - 1) {
			uint32_t a = word * 64 + (uint32_t)__builtin_ctzll(bits);
			edges += d->self_count[a];
			for (uint32_t k = d->self.start[a]; k < d->self.start[a + 1]; k++) {
				uint32_t lo = d->self.run[2 * k], hi = d->self.run[2 * k + 1];
				if (lo >= done_lo && hi <= done_hi)
					continue;
				bit_set_range(next, lo, hi);
				if (lo <= done_hi && hi >= done_lo) {
					done_lo = lo < done_lo ? lo : done_lo;
					done_hi = hi > done_hi ? hi : done_hi;
				} else {
					done_lo = lo;
					done_hi = hi;
				}
			}
		}
	}
	return edges;
}

uint64_t dense_walk_attacks(const struct dense *d, uint32_t a, const uint64_t *front, uint32_t words,
			    uint64_t *next_t, struct dense_scratch *scratch)
{
	uint64_t edges = 0;
	for (uint32_t word = 0; word < words; word++) {
		for (uint64_t bits = front[word]; bits; bits &= bits - 1) {
			uint32_t b = word * 64 + (uint32_t)__builtin_ctzll(bits);
			size_t n = dense_reach(d, &d->hit, a, b, scratch);
			edges += n;
			for (size_t k = 0; k < n; k++)
				bit_set(next_t, scratch->out[k]);
		}
	}
	return edges;
}

// Sets in next row b the own-hands moves of every a in the transposed frontier row b.
static uint64_t expand_splits(struct walk *w, uint32_t b)
{
	return dense_walk_splits(w->d, bitmatrix_row(&w->m[M_FRONT_T], b), w->m[M_FRONT_T].words,
				 bitmatrix_row(&w->m[M_NEXT], b));
}

// Sets in next_t row a the attack results of every b in the frontier row a.
static uint64_t expand_attacks(struct walk *w, uint32_t a, struct dense_scratch *scratch)
{
	return dense_walk_attacks(w->d, a, bitmatrix_row(&w->m[M_FRONT], a), w->m[M_FRONT].words,
				  bitmatrix_row(&w->m[M_NEXT_T], a), scratch);
}

static uint64_t expand(struct walk *w)
{
	uint64_t edges = 0;
	bitmatrix_clear(&w->m[M_NEXT]);
	bitmatrix_clear(&w->m[M_NEXT_T]);
#pragma omp parallel reduction(+ : edges) if (w->parallel)
	{
		struct dense_scratch scratch;
		if (!dense_scratch_init(&scratch, w->d)) {
#pragma omp atomic write
			w->oom = 1;
		}
#pragma omp for schedule(dynamic, 16) nowait
		for (uint32_t b = w->lo; b < w->hi; b++)
			if (!w->oom)
				edges += expand_splits(w, b);
#pragma omp for schedule(dynamic, 16)
		for (uint32_t a = w->lo; a < w->hi; a++)
			if (!w->oom)
				edges += expand_attacks(w, a, &scratch);
		dense_scratch_free(&scratch);
	}
	return edges;
}

// Agrees with the other processes sharing the walk, if any, on flags (LAYERS_*) and merges
// their next layers into this one's; returns the flags of all.
static int agree(struct walk *w, int flags, bool merge)
{
	if (!w->share)
		return flags;
	return w->share->merge(w->share->ctx, merge ? &w->m[M_NEXT] : NULL, merge ? 2 : 0, flags);
}

// Records position (a, b) at distance depth; returns whether it is terminal.
static bool record(struct walk *w, uint32_t a, uint32_t b, uint8_t depth)
{
	const struct dense *d = w->d;
	struct pos pos = {.seat = 0, .state = {d->state_of[a], d->state_of[b]}};
	if (w->e->depth)
		w->e->depth[dense_index(d, a, b)] = depth;
	return d->rules->terminal(d->rules, &pos);
}

// Row a of next & ~seen becomes the new frontier row (less terminal positions), seen grows.
static uint64_t close_row(struct walk *w, uint32_t a, uint8_t depth, uint64_t *terminal)
{
	uint64_t *next = bitmatrix_row(&w->m[M_NEXT], a), *seen = bitmatrix_row(&w->m[M_SEEN], a);
	uint64_t *front = bitmatrix_row(&w->m[M_FRONT], a), found = 0;
	for (uint32_t word = 0; word < w->m[M_SEEN].words; word++) {
		uint64_t fresh = next[word] & ~seen[word], expand = fresh;
		seen[word] |= fresh;
		for (uint64_t bits = fresh; bits; bits &= bits - 1) {
			uint32_t b = word * 64 + (uint32_t)__builtin_ctzll(bits);
			found++;
			if (record(w, a, b, depth)) {
				(*terminal)++;
				expand &= ~(UINT64_C(1) << (b & 63));
			}
		}
		front[word] = expand;
	}
	return found;
}

// Closes the layer at distance depth: its new positions are recorded and become the frontier
// (255: only whether it is empty, for the error).
static uint64_t close_layer(struct walk *w, uint8_t depth)
{
	uint64_t found = 0, terminal = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : found, terminal) if (w->parallel)
	for (uint32_t a = 0; a < w->d->n; a++)
		found += close_row(w, a, depth, &terminal);
	if (depth < ENUMERATE_MAX_LAYERS)
		w->e->layer_terminal[depth] = terminal;
	bitmatrix_transpose(&w->m[M_FRONT_T], &w->m[M_FRONT], false, w->parallel);
	return found;
}

// The dense engine of the shared level loop (layers.h).
static int layer_expand(void *ctx, unsigned layer, uint64_t *moves)
{
	struct walk *w = ctx;
	(void)layer; // the frontier matrices hold the layer
	*moves += expand(w);
	return w->oom ? LAYERS_FAILED : 0;
}

static int layer_merge(void *ctx, int flags)
{
	return agree(ctx, flags, true);
}

static uint64_t layer_close(void *ctx, unsigned next)
{
	struct walk *w = ctx;
	bitmatrix_transpose(&w->m[M_NEXT], &w->m[M_NEXT_T], true, w->parallel);
	return close_layer(w, (uint8_t)next);
}

static enum status run_layers(struct walk *w, const struct progress *progress, struct error *err)
{
	const struct dense *d = w->d;
	uint64_t start = d->rules->start;
	bit_set(bitmatrix_row(&w->m[M_NEXT], d->engine_of[start % d->n]), d->engine_of[start / d->n]);
	close_layer(w, 0);
	struct layers_engine engine = {.expand = layer_expand, .merge = w->share ? layer_merge : NULL,
				       .close = layer_close, .ctx = w};
	return layers_run(&engine, progress, w->e, err);
}

enum status dense_walk(const struct dense *d, const struct dense_share *share,
		       const struct progress *progress, struct enumeration *out,
		       struct bitmatrix *seen, struct error *err)
{
	struct walk w = {.d = d, .e = out, .share = share, .lo = share ? share->row_lo : 0,
			 .hi = share ? share->row_hi : d->n,
			 .parallel = (uint64_t)d->n * d->n >= PARALLEL_MIN};
	bool ok = true;
	for (unsigned k = 0; k < M_COUNT; k++)
		ok &= bitmatrix_init(&w.m[k], d->n);
	enum status st = STATUS_OK;
	if (agree(&w, ok ? 0 : LAYERS_FAILED, false))
		st = error_set(err, STATUS_FAILURE, "out of memory: the walk needs %llu more bytes",
			       (unsigned long long)dense_walk_bytes(d->n));
	if (st == STATUS_OK)
		st = run_layers(&w, progress, err);
	if (st == STATUS_OK && seen) {
		*seen = w.m[M_SEEN];
		w.m[M_SEEN].bits = NULL;
	}
	for (unsigned k = 0; k < M_COUNT; k++)
		bitmatrix_free(&w.m[k]);
	return st;
}

void dense_seen_from_depth(const struct dense *d, const uint8_t *depth, struct bitmatrix *seen)
{
#pragma omp parallel for schedule(dynamic, 16) if ((uint64_t)d->n * d->n >= PARALLEL_MIN)
	for (uint32_t a = 0; a < d->n; a++)
		for (uint32_t b = 0; b < d->n; b++)
			if (depth[dense_index(d, a, b)] != ENUMERATE_UNSEEN)
				bit_set(bitmatrix_row(seen, a), b);
}

// SPDX-License-Identifier: MIT
// The dense walk (see dense_walk.h). Per layer: frontier F (A-major pair) and its transpose
// FT; splits of (A, B) of side s set runs in row B of next's side other(s), which is row B
// of FT's side other(s) expanded; attacks set bits in row A of next_t's side s; then
// next |= transpose(next_t), the new positions are next & ~seen, and terminal ones among
// them are recorded but not expanded. Rows of both sides share each parallel loop.
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
	uint32_t lo, hi;                 // the rows this process expands, of all sides
	struct bitpair m[M_COUNT];
	bool parallel;
	int oom;
};

uint64_t dense_walk_bytes(const struct dense *d)
{
	return M_COUNT * bitpair_bytes(d->sides, d->n);
}

uint64_t dense_walk_splits(const struct dense *d, unsigned t, const uint64_t *front_t, uint32_t words,
			   uint64_t *next)
{
	const struct dense_class *mover = &d->cls[dense_other(d, t)];
	uint64_t edges = 0;
	uint32_t done_lo = 0, done_hi = 0; // a run already set: consecutive states share runs
	for (uint32_t word = 0; word < words; word++) {
		for (uint64_t bits = front_t[word]; bits; bits &= bits - 1) {
			uint32_t a = word * 64 + (uint32_t)__builtin_ctzll(bits);
			edges += mover->self_count[a];
			for (uint32_t k = mover->self.start[a]; k < mover->self.start[a + 1]; k++) {
				uint32_t lo = mover->self.run[2 * k], hi = mover->self.run[2 * k + 1];
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

uint64_t dense_walk_attacks(const struct dense *d, unsigned s, uint32_t a, const uint64_t *front,
			    uint32_t words, uint64_t *next_t, struct dense_scratch *scratch)
{
	struct dense_reach_tables hit = dense_reach_of(d, s, DENSE_HIT);
	uint64_t edges = 0;
	for (uint32_t word = 0; word < words; word++) {
		for (uint64_t bits = front[word]; bits; bits &= bits - 1) {
			uint32_t b = word * 64 + (uint32_t)__builtin_ctzll(bits);
			size_t n = dense_reach(&hit, a, b, scratch);
			edges += n;
			for (size_t k = 0; k < n; k++)
				bit_set(next_t, scratch->out[k]);
		}
	}
	return edges;
}

// Sets in next row b of side t the own-hands moves of every a (a mover of side other(t))
// in the transposed frontier row b of side t.
static uint64_t expand_splits(struct walk *w, unsigned t, uint32_t b)
{
	return dense_walk_splits(w->d, t, bitpair_row(&w->m[M_FRONT_T], t, b), w->m[M_FRONT_T].side[t].words,
				 bitpair_row(&w->m[M_NEXT], t, b));
}

// Sets in next_t row a of side s the attack results of every b in the frontier row a of s.
static uint64_t expand_attacks(struct walk *w, unsigned s, uint32_t a, struct dense_scratch *scratch)
{
	return dense_walk_attacks(w->d, s, a, bitpair_row(&w->m[M_FRONT], s, a), w->m[M_FRONT].side[s].words,
				  bitpair_row(&w->m[M_NEXT_T], s, a), scratch);
}

static uint64_t expand(struct walk *w)
{
	uint64_t edges = 0;
	bitpair_clear(&w->m[M_NEXT]);
	bitpair_clear(&w->m[M_NEXT_T]);
#pragma omp parallel reduction(+ : edges) if (w->parallel)
	{
		struct dense_scratch scratch;
		if (!dense_scratch_init(&scratch, w->d)) {
#pragma omp atomic write
			w->oom = 1;
		}
#pragma omp for schedule(dynamic, 16) nowait
		for (uint32_t r = w->lo; r < w->hi; r++) {
			uint32_t b = r;
			unsigned t = dense_row_side(w->d, &b);
			if (!w->oom)
				edges += expand_splits(w, t, b);
		}
#pragma omp for schedule(dynamic, 16)
		for (uint32_t r = w->lo; r < w->hi; r++) {
			uint32_t a = r;
			unsigned s = dense_row_side(w->d, &a);
			if (!w->oom)
				edges += expand_attacks(w, s, a, &scratch);
		}
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

// Records position pos, whose standard index is idx, at distance depth; returns whether it
// is terminal.
static bool record(struct walk *w, const struct pos *pos, uint64_t idx, unsigned depth)
{
	if (enumeration_has_depth(w->e))
		enumeration_set_depth(w->e, idx, depth);
	return w->d->rules->terminal(w->d->rules, pos);
}

// Row a of side s of next & ~seen becomes the new frontier row (less terminal positions),
// seen grows.
static uint64_t close_row(struct walk *w, unsigned s, uint32_t a, unsigned depth, uint64_t *terminal)
{
	const struct dense *d = w->d;
	uint64_t *next = bitpair_row(&w->m[M_NEXT], s, a), *seen = bitpair_row(&w->m[M_SEEN], s, a);
	uint64_t *front = bitpair_row(&w->m[M_FRONT], s, a), found = 0;
	// dense_index(d, s, a, b) = row + n[s] * (b's state), the row's part taken once.
	const uint32_t *other_state = d->cls[dense_other(d, s)].state_of;
	struct pos pos = {.seat = s, .state = {d->cls[s].state_of[a]}};
	uint64_t row = s * d->block + pos.state[0];
	for (uint32_t word = 0; word < w->m[M_SEEN].side[s].words; word++) {
		uint64_t fresh = next[word] & ~seen[word], expand = fresh;
		seen[word] |= fresh;
		for (uint64_t bits = fresh; bits; bits &= bits - 1) {
			uint32_t b = word * 64 + (uint32_t)__builtin_ctzll(bits);
			found++;
			pos.state[1] = other_state[b];
			if (record(w, &pos, row + (uint64_t)d->n[s] * pos.state[1], depth)) {
				(*terminal)++;
				expand &= ~(UINT64_C(1) << (b & 63));
			}
		}
		front[word] = expand;
	}
	return found;
}

// Closes the layer at distance depth: its new positions are recorded and become the frontier
// (255 in bytes: only whether it is empty, for the error).
static uint64_t close_layer(struct walk *w, unsigned depth)
{
	uint64_t found = 0, terminal = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : found, terminal) if (w->parallel)
	for (uint32_t r = 0; r < w->d->rows; r++) {
		uint32_t a = r;
		unsigned s = dense_row_side(w->d, &a);
		found += close_row(w, s, a, depth, &terminal);
	}
	w->e->layer_terminal[depth] = terminal;
	bitpair_transpose(&w->m[M_FRONT_T], &w->m[M_FRONT], false, w->parallel);
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
	bitpair_transpose(&w->m[M_NEXT], &w->m[M_NEXT_T], true, w->parallel);
	return close_layer(w, next);
}

static enum status run_layers(struct walk *w, const struct progress *progress, struct error *err)
{
	const struct dense *d = w->d;
	uint64_t start = d->rules->start % d->block;
	unsigned s = (unsigned)(d->rules->start / d->block);
	uint32_t a = d->cls[s].engine_of[start % d->n[s]];
	bit_set(bitpair_row(&w->m[M_NEXT], s, a), d->cls[dense_other(d, s)].engine_of[start / d->n[s]]);
	if (!enumeration_room(w->e, 1))
		return error_set(err, STATUS_FAILURE, "out of memory during the walk");
	close_layer(w, 0);
	struct layers_engine engine = {.expand = layer_expand, .merge = w->share ? layer_merge : NULL,
				       .close = layer_close, .ctx = w, .narrow = w->e->depth != NULL};
	return layers_run(&engine, progress, w->e, err);
}

enum status dense_walk(const struct dense *d, const struct dense_share *share,
		       const struct progress *progress, struct enumeration *out,
		       struct bitpair *seen, struct error *err)
{
	struct walk w = {.d = d, .e = out, .share = share, .lo = share ? share->row_lo : 0,
			 .hi = share ? share->row_hi : d->rows, .parallel = d->rules->size >= PARALLEL_MIN};
	bool ok = true;
	for (unsigned k = 0; k < M_COUNT; k++)
		ok &= bitpair_init(&w.m[k], d->sides, d->n);
	enum status st = STATUS_OK;
	if (agree(&w, ok ? 0 : LAYERS_FAILED, false))
		st = error_set(err, STATUS_FAILURE, "out of memory: the walk needs %llu more bytes",
			       (unsigned long long)dense_walk_bytes(d));
	if (st == STATUS_OK)
		st = run_layers(&w, progress, err);
	if (st == STATUS_OK && seen) {
		*seen = w.m[M_SEEN];
		w.m[M_SEEN].side[0].bits = NULL;
	}
	for (unsigned k = 0; k < M_COUNT; k++)
		bitpair_free(&w.m[k]);
	return st;
}

void dense_seen_from_depth(const struct dense *d, const struct enumeration *e, struct bitpair *seen)
{
#pragma omp parallel for schedule(dynamic, 16) if (d->rules->size >= PARALLEL_MIN)
	for (uint32_t r = 0; r < d->rows; r++) {
		uint32_t a = r;
		unsigned s = dense_row_side(d, &a);
		for (uint32_t b = 0; b < d->n[dense_other(d, s)]; b++)
			if (enumeration_reached(e, dense_index(d, s, a, b)))
				bit_set(bitpair_row(seen, s, a), b);
	}
}

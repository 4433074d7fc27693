// SPDX-License-Identifier: MIT
// The many-player walk (see many_walk.h). Per layer: every frontier position that is not
// terminal claims its children in the seen set (a relaxed read first, then an atomic or
// whose old bit tells whether this thread was first) and marks the new ones in the next
// set; closing the layer turns the next set into the frontier and writes the distances.
#include "many_walk.h"

#include <stdlib.h>
#include <string.h>

#include "layers.h"
#include "parallel.h"

enum { S_SEEN, S_FRONT, S_NEXT, S_COUNT };

struct walk {
	const struct many *m;
	struct enumeration *e;
	uint64_t *set[S_COUNT];
	uint64_t words;
	bool parallel;
};

uint64_t many_walk_set_bytes(uint64_t size)
{
	return 8 * (size / 64 + 1);
}

uint64_t many_walk_bytes(uint64_t size)
{
	return S_COUNT * many_walk_set_bytes(size);
}

static inline void claim(uint64_t *seen, uint64_t *next, uint64_t idx)
{
	uint64_t bit = UINT64_C(1) << (idx & 63), *w = &seen[idx >> 6];
	if (__atomic_load_n(w, __ATOMIC_RELAXED) & bit)
		return;
	if (__atomic_fetch_or(w, bit, __ATOMIC_RELAXED) & bit)
		return;
	__atomic_fetch_or(&next[idx >> 6], bit, __ATOMIC_RELAXED);
}

// Expands the frontier at distance layer; its terminal positions are counted, not expanded.
static int layer_expand(void *ctx, unsigned layer, uint64_t *moves)
{
	struct walk *w = ctx;
	const struct many *m = w->m;
	const struct rules *rules = m->rules;
	uint64_t *seen = w->set[S_SEEN], *front = w->set[S_FRONT], *next = w->set[S_NEXT];
	uint64_t edges = 0, terminal = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : edges, terminal) if (w->parallel)
	for (uint64_t word = 0; word < w->words; word++) {
		uint64_t child[MANY_MAX_MOVES + 1];
		for (uint64_t bits = front[word]; bits; bits &= bits - 1) {
			uint64_t idx = word * 64 + (uint64_t)__builtin_ctzll(bits);
			struct pos pos;
			many_decode(m, idx, &pos);
			if (rules->terminal(rules, &pos)) {
				terminal++;
				continue;
			}
			unsigned n = many_children(m, &pos, child);
			edges += n;
			for (unsigned c = 0; c < n; c++)
				claim(seen, next, child[c]);
		}
	}
	w->e->layer_terminal[layer] = terminal;
	*moves += edges;
	return 0;
}

// The next set becomes the frontier; its positions get distance next.
static uint64_t layer_close(void *ctx, unsigned next)
{
	struct walk *w = ctx;
	uint64_t *front = w->set[S_FRONT], *fresh = w->set[S_NEXT], found = 0;
	struct enumeration *depth = enumeration_has_depth(w->e) ? w->e : NULL;
#pragma omp parallel for schedule(static) reduction(+ : found) if (w->parallel)
	for (uint64_t word = 0; word < w->words; word++) {
		uint64_t bits = fresh[word];
		fresh[word] = 0;
		front[word] = bits;
		for (; bits; bits &= bits - 1) { // counted bit by bit: no popcount instruction in
			found++;                 // the baseline x86-64 the build targets
			if (depth)
				enumeration_set_depth(depth, word * 64 + (uint64_t)__builtin_ctzll(bits), next);
		}
	}
	return found;
}

enum status many_walk(const struct many *m, const struct progress *progress, struct enumeration *out,
		      uint64_t **seen, struct error *err)
{
	const struct rules *rules = m->rules;
	struct walk w = {.m = m, .e = out, .words = rules->size / 64 + 1,
			 .parallel = rules->size >= PARALLEL_MIN};
	bool ok = true;
	for (unsigned k = 0; k < S_COUNT; k++)
		ok &= (w.set[k] = calloc(w.words, sizeof *w.set[k])) != NULL;
	enum status st = STATUS_OK;
	if (!ok) {
		st = error_set(err, STATUS_FAILURE, "out of memory: the walk needs %llu more bytes",
			       (unsigned long long)many_walk_bytes(rules->size));
	} else {
		uint64_t start = rules->start, bit = UINT64_C(1) << (start & 63);
		w.set[S_SEEN][start >> 6] |= bit;
		w.set[S_FRONT][start >> 6] |= bit;
		if (enumeration_has_depth(out))
			enumeration_set_depth(out, start, 0);
		struct layers_engine engine = {.expand = layer_expand, .close = layer_close, .ctx = &w,
					       .narrow = out->depth != NULL};
		st = layers_run(&engine, progress, out, err);
	}
	if (st == STATUS_OK && seen) {
		*seen = w.set[S_SEEN];
		w.set[S_SEEN] = NULL;
	}
	for (unsigned k = 0; k < S_COUNT; k++)
		free(w.set[k]);
	return st;
}

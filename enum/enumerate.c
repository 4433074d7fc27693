// SPDX-License-Identifier: MIT
// Level-synchronous parallel BFS (see enumerate.h). Each level scans the distance array for
// the current layer and claims unseen children with a compare-and-swap, so a position is
// counted once whichever thread finds it; the layer sets, hence all counts, do not depend
// on the schedule. Every walk keeps distances in bytes first; one refused past 254 moves
// runs again with 4 bytes per index.
#include "enumerate.h"

#include <stdlib.h>
#include <string.h>

#include "dense_walk.h"
#include "layers.h"
#include "many_walk.h"
#include "movegen.h"
#include "parallel.h"
#include "plan.h"
#include "size_text.h"

// The distance of index i (enumeration_depth) while other threads may claim it.
static unsigned depth_now(const struct enumeration *e, uint64_t i)
{
	if (e->wide)
		return __atomic_load_n(&e->wide[i], __ATOMIC_RELAXED);
	uint8_t d = __atomic_load_n(&e->depth[i], __ATOMIC_RELAXED);
	return d == ENUMERATE_UNSEEN ? ENUMERATE_NONE : d;
}

// Gives index i distance next if it has none; returns whether this call did.
static bool claim(struct enumeration *e, uint64_t i, unsigned next)
{
	if (e->wide) {
		uint32_t unseen = ENUMERATE_NONE;
		return __atomic_load_n(&e->wide[i], __ATOMIC_RELAXED) == ENUMERATE_NONE &&
		       __atomic_compare_exchange_n(&e->wide[i], &unseen, next, false, __ATOMIC_RELAXED,
						   __ATOMIC_RELAXED);
	}
	uint8_t unseen = ENUMERATE_UNSEEN;
	return __atomic_load_n(&e->depth[i], __ATOMIC_RELAXED) == ENUMERATE_UNSEEN &&
	       __atomic_compare_exchange_n(&e->depth[i], &unseen, (uint8_t)next, false, __ATOMIC_RELAXED,
					   __ATOMIC_RELAXED);
}

// Claims the unseen children of layer; returns how many, and adds the moves seen to *moves.
static uint64_t expand_layer(const struct rules *rules, struct enumeration *e, unsigned layer, int *oom,
			     uint64_t *moves)
{
	uint64_t found = 0, edges = 0;
#pragma omp parallel reduction(+ : found, edges) if (rules->size > PARALLEL_MIN)
	{
		uint64_t *child = malloc(rules->max_moves * sizeof *child);
		if (!child) {
#pragma omp atomic write
			*oom = 1;
		}
#pragma omp for schedule(dynamic, 4096)
		for (uint64_t i = 0; i < rules->size; i++) {
			if (!child || depth_now(e, i) != layer)
				continue;
			size_t n = movegen_children(rules, i, child);
			edges += n;
			for (size_t c = 0; c < n; c++)
				found += claim(e, child[c], layer + 1);
		}
		free(child);
	}
	*moves += edges;
	return found;
}

bool enumeration_room(struct enumeration *e, unsigned layers)
{
	if (layers <= e->layer_room)
		return true;
	unsigned room = e->layer_room ? e->layer_room : 256;
	while (room < layers)
		room = room > UINT32_MAX / 2 ? UINT32_MAX : 2 * room;
	uint64_t *count = realloc(e->layer_count, (size_t)room * sizeof *count);
	if (count)
		e->layer_count = count;
	uint64_t *terminal = count ? realloc(e->layer_terminal, (size_t)room * sizeof *terminal) : NULL;
	if (!terminal)
		return false;
	e->layer_terminal = terminal;
	memset(count + e->layer_room, 0, (size_t)(room - e->layer_room) * sizeof *count);
	memset(terminal + e->layer_room, 0, (size_t)(room - e->layer_room) * sizeof *terminal);
	e->layer_room = room;
	return true;
}

enum status enumeration_alloc(struct enumeration *e, uint64_t size, bool wide, struct error *err)
{
	memset(e, 0, sizeof *e);
	e->size = size;
	size_t bytes = (size_t)(size ? size : 1) * (wide ? sizeof *e->wide : 1);
	void *d = size <= SIZE_MAX / sizeof *e->wide ? malloc(bytes) : NULL;
	if (!d)
		return error_set(err, STATUS_FAILURE, "out of memory: the walk needs %llu bytes",
				 (unsigned long long)bytes);
	memset(d, 0xff, bytes); // ENUMERATE_UNSEEN bytes, or ENUMERATE_NONE
	if (wide)
		e->wide = d;
	else
		e->depth = d;
	return STATUS_OK;
}

// The generic engine of the shared level loop (layers.h): expanding a layer claims the next.
struct generic {
	const struct rules *rules;
	struct enumeration *e;
	uint64_t found; // claimed by the last expansion
};

static int generic_expand(void *ctx, unsigned layer, uint64_t *moves)
{
	struct generic *g = ctx;
	int oom = 0;
	g->found = expand_layer(g->rules, g->e, layer, &oom, moves);
	return oom ? LAYERS_FAILED : 0;
}

static uint64_t generic_close(void *ctx, unsigned next)
{
	(void)next;
	return ((struct generic *)ctx)->found;
}

static void generic_finish(void *ctx, struct enumeration *e)
{
	layers_count_terminals(((struct generic *)ctx)->rules, e, 0, e->size);
}

static enum status walk_layers(const struct rules *rules, const struct progress *progress,
			       struct enumeration *out, struct error *err)
{
	struct generic g = {rules, out, 0};
	struct layers_engine engine = {.expand = generic_expand, .close = generic_close,
				       .finish = generic_finish, .ctx = &g, .narrow = !out->wide};
	enumeration_set_depth(out, rules->start, 0);
	return layers_run(&engine, progress, out, err);
}

// Refuses a walk that must run again with 4 bytes per position past --max-memory.
static enum status check_wide(const struct plan *plan, struct error *err)
{
	double need = plan_wide_walk_bytes(plan);
	uint64_t limit = plan->rules->max_bytes;
	if (!limit || need <= (double)limit)
		return STATUS_OK;
	char a[SIZE_TEXT_MAX], b[SIZE_TEXT_MAX];
	size_text(a, need);
	size_text(b, (double)limit);
	return error_set(err, STATUS_BAD_INPUT,
			 "instance too large: a position lies more than %d moves from the start, so the walk keeps 4 bytes per position: about %s, the limit is %s (--max-memory)",
			 ENUMERATE_BYTE_LAYERS - 1, a, b);
}

// The walk of the plan's engine (the generic one when generic is true) into out, distances
// in bytes, or in 4 bytes when the walk in bytes passes 254 moves.
static enum status walk_plan(const struct plan *plan, bool generic, const struct progress *progress,
			     struct enumeration *out, struct error *err)
{
	enum status st = STATUS_BAD_INPUT;
	for (int wide = 0; wide < 2 && st == STATUS_BAD_INPUT && (!wide || out->deep); wide++) {
		enumeration_free(out);
		st = wide ? check_wide(plan, err) : STATUS_OK;
		if (st == STATUS_OK)
			st = enumeration_alloc(out, plan->rules->size, wide, err);
		if (st == STATUS_OK)
			st = generic ? walk_layers(plan->rules, progress, out, err)
			     : plan->dense ? dense_walk(plan->dense, NULL, progress, out, NULL, err)
					   : many_walk(plan->many, progress, out, NULL, err);
	}
	if (st != STATUS_OK)
		enumeration_free(out);
	return st;
}

enum status enumerate_reachable_generic(const struct rules *rules, const struct progress *progress,
					struct enumeration *out, struct error *err)
{
	struct plan plan = {.rules = rules};
	*out = (struct enumeration){0};
	return walk_plan(&plan, true, progress, out, err);
}

enum status enumerate_plan(const struct plan *plan, const struct progress *progress,
			   struct enumeration *out, struct error *err)
{
	*out = (struct enumeration){0};
	return walk_plan(plan, !plan->dense && !plan->many, progress, out, err);
}

enum status enumerate_reachable(const struct rules *rules, const struct progress *progress,
				struct enumeration *out, struct error *err)
{
	struct plan plan;
	enum status st = plan_build(rules, &plan, err);
	if (st == STATUS_OK)
		st = enumerate_plan(&plan, progress, out, err);
	plan_free(&plan);
	return st;
}

void enumeration_free(struct enumeration *e)
{
	free(e->depth);
	free(e->wide);
	free(e->layer_count);
	free(e->layer_terminal);
	memset(e, 0, sizeof *e);
}

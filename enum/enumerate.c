// SPDX-License-Identifier: MIT
// Level-synchronous parallel BFS (see enumerate.h). Each level scans the distance array for
// the current layer and claims unseen children with a compare-and-swap, so a position is
// counted once whichever thread finds it; the layer sets, hence all counts, do not depend
// on the schedule.
#include "enumerate.h"

#include <stdlib.h>
#include <string.h>

#include "dense_walk.h"
#include "layers.h"
#include "many_walk.h"
#include "movegen.h"
#include "parallel.h"
#include "plan.h"

// Claims the unseen children of layer; returns how many, and adds the moves seen to *moves.
static uint64_t expand_layer(const struct rules *rules, uint8_t *depth, uint8_t layer, int *oom,
			     uint64_t *moves)
{
	uint64_t found = 0, edges = 0;
	uint8_t next = (uint8_t)(layer + 1);
#pragma omp parallel reduction(+ : found, edges) if (rules->size > PARALLEL_MIN)
	{
		uint64_t *child = malloc(rules->max_moves * sizeof *child);
		if (!child) {
#pragma omp atomic write
			*oom = 1;
		}
#pragma omp for schedule(dynamic, 4096)
		for (uint64_t i = 0; i < rules->size; i++) {
			if (!child || __atomic_load_n(&depth[i], __ATOMIC_RELAXED) != layer)
				continue;
			size_t n = movegen_children(rules, i, child);
			edges += n;
			for (size_t c = 0; c < n; c++) {
				uint8_t unseen = ENUMERATE_UNSEEN;
				if (__atomic_load_n(&depth[child[c]], __ATOMIC_RELAXED) == ENUMERATE_UNSEEN &&
				    __atomic_compare_exchange_n(&depth[child[c]], &unseen, next, false,
								__ATOMIC_RELAXED, __ATOMIC_RELAXED))
					found++;
			}
		}
		free(child);
	}
	*moves += edges;
	return found;
}

static enum status alloc_depth(const struct rules *rules, struct enumeration *out, struct error *err)
{
	memset(out, 0, sizeof *out);
	out->size = rules->size;
	out->depth = malloc(rules->size ? rules->size : 1);
	if (!out->depth)
		return error_set(err, STATUS_FAILURE, "out of memory: the walk needs %llu bytes",
				 (unsigned long long)rules->size);
	memset(out->depth, ENUMERATE_UNSEEN, rules->size);
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
	g->found = expand_layer(g->rules, g->e->depth, (uint8_t)layer, &oom, moves);
	return oom ? LAYERS_FAILED : 0;
}

static uint64_t generic_close(void *ctx, unsigned next)
{
	(void)next;
	return ((struct generic *)ctx)->found;
}

static void generic_finish(void *ctx, struct enumeration *e)
{
	layers_count_terminals(((struct generic *)ctx)->rules, e->depth, 0, e->size, e->layer_terminal);
}

static enum status walk_layers(const struct rules *rules, const struct progress *progress,
			       struct enumeration *out, struct error *err)
{
	struct generic g = {rules, out, 0};
	struct layers_engine engine = {.expand = generic_expand, .close = generic_close,
				       .finish = generic_finish, .ctx = &g};
	out->depth[rules->start] = 0;
	return layers_run(&engine, progress, out, err);
}

enum status enumerate_reachable_generic(const struct rules *rules, const struct progress *progress,
					struct enumeration *out, struct error *err)
{
	enum status st = alloc_depth(rules, out, err);
	if (st == STATUS_OK)
		st = walk_layers(rules, progress, out, err);
	if (st != STATUS_OK)
		enumeration_free(out);
	return st;
}

enum status enumerate_plan(const struct plan *plan, const struct progress *progress,
			   struct enumeration *out, struct error *err)
{
	if (!plan->dense && !plan->many)
		return enumerate_reachable_generic(plan->rules, progress, out, err);
	enum status st = alloc_depth(plan->rules, out, err);
	if (st == STATUS_OK)
		st = plan->dense ? dense_walk(plan->dense, NULL, progress, out, NULL, err)
				 : many_walk(plan->many, progress, out, NULL, err);
	if (st != STATUS_OK)
		enumeration_free(out);
	return st;
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
	memset(e, 0, sizeof *e);
}

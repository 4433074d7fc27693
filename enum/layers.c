// SPDX-License-Identifier: MIT
// The shared level loop (see layers.h). Per layer: expand unless a stop was asked for, agree
// on the flags (and merge) with the processes sharing the walk, then close the next layer;
// an empty layer ends the walk; in a narrow walk a 255th one is refused (distances are one
// byte, 255 unseen), and the walk runs again wide (enumerate.c).
#include "layers.h"

#include "movegen.h"
#include "parallel.h"

static enum status fail(const struct layers_engine *engine, struct error *err)
{
	if (engine->failed)
		return engine->failed(engine->ctx, err);
	return error_set(err, STATUS_FAILURE, "out of memory during the walk");
}

// The reachable and terminal counts from the layers.
static void total(struct enumeration *e)
{
	for (unsigned d = 0; d <= e->max_depth; d++) {
		e->reachable_count += e->layer_count[d];
		e->terminal_count += e->layer_terminal[d];
	}
}

enum status layers_run(const struct layers_engine *engine, const struct progress *progress,
		       struct enumeration *e, struct error *err)
{
	if (!enumeration_room(e, 2))
		return fail(engine, err);
	e->layer_count[0] = 1;
	struct progress_step step = {.phase = "walk", .done = 1, .at_most = e->size};
	for (unsigned layer = 0;; layer++) {
		step.level = layer;
		progress_report(progress, &step);
		int flags = progress_stopped(progress) ? LAYERS_STOPPED : 0;
		if (!flags)
			flags = engine->expand(engine->ctx, layer, &e->move_count);
		if (engine->merge)
			flags = engine->merge(engine->ctx, flags);
		if (flags & LAYERS_STOPPED)
			return error_set(err, STATUS_INTERRUPTED, "interrupted");
		if (flags & LAYERS_FAILED)
			return fail(engine, err);
		if (layer + 2 < layer || !enumeration_room(e, layer + 2))
			return fail(engine, err);
		uint64_t found = engine->close(engine->ctx, layer + 1);
		if (found == 0) {
			e->max_depth = layer;
			break;
		}
		if (engine->narrow && layer + 1 >= ENUMERATE_BYTE_LAYERS) {
			e->deep = true;
			return error_set(err, STATUS_BAD_INPUT,
					 "a position more than %d moves from the start: not supported here (distances are kept in one byte)",
					 ENUMERATE_BYTE_LAYERS - 1);
		}
		e->layer_count[layer + 1] = found;
		step.done += found;
	}
	if (engine->finish)
		engine->finish(engine->ctx, e);
	total(e);
	return STATUS_OK;
}

void layers_count_terminals(const struct rules *rules, struct enumeration *e, uint64_t lo, uint64_t hi)
{
	uint64_t *terminal = e->layer_terminal;
#pragma omp parallel if (hi - lo >= PARALLEL_MIN)
	{
		uint64_t mine[ENUMERATE_BYTE_LAYERS] = {0}; // deeper ones (rare) are added at once
#pragma omp for schedule(static)
		for (uint64_t i = lo; i < hi; i++) {
			unsigned d = enumeration_depth(e, i - lo);
			if (d == ENUMERATE_NONE || !movegen_is_terminal(rules, i))
				continue;
			if (d < ENUMERATE_BYTE_LAYERS)
				mine[d]++;
			else
				__atomic_fetch_add(&terminal[d], 1, __ATOMIC_RELAXED);
		}
#pragma omp critical(layers_terminals)
		for (unsigned d = 0; d < ENUMERATE_BYTE_LAYERS && d <= e->max_depth; d++)
			terminal[d] += mine[d];
	}
}

// SPDX-License-Identifier: MIT
// The walk of a solve, saved and read back (see walk_state.h). The sections: "depth" (a
// byte per index, as enumeration.depth; "wide", 4 bytes per index, in a game past 254 moves)
// and "walk" (the counts; those of the layers past 254 are counted again from the distances
// on a load) for the generic engine;
// "reachable" (the bits of the matrix) for the dense one, the bit set of the positions for
// the many-player one.
#include "walk_state.h"

#include <stdlib.h>
#include <string.h>

#include "dense_walk.h"
#include "many_walk.h"
#include "movegen.h"

void walk_state_sections(const struct enumeration *e, uint64_t *counts, struct checkpoint_section *s)
{
	counts[0] = e->reachable_count;
	counts[1] = e->terminal_count;
	counts[2] = e->move_count;
	counts[3] = e->max_depth;
	memcpy(counts + 4, e->layer_count, ENUMERATE_BYTE_LAYERS * sizeof *counts);
	memcpy(counts + 4 + ENUMERATE_BYTE_LAYERS, e->layer_terminal, ENUMERATE_BYTE_LAYERS * sizeof *counts);
	s[0] = e->wide ? (struct checkpoint_section){"wide", e->wide, e->size * sizeof *e->wide}
		       : (struct checkpoint_section){"depth", e->depth, e->size};
	s[1] = (struct checkpoint_section){"walk", counts, WALK_STATE_COUNTS * sizeof *counts};
}

// The walk's end as a progress step, for checkpoint_level.
static struct progress_step walked_step(const struct enumeration *e)
{
	return (struct progress_step){.phase = "walk", .level = e->max_depth, .done = e->reachable_count,
				      .at_most = e->size};
}

// The layers past 254 moves of a loaded wide walk, counted again from its distances.
static void count_deep_layers(const struct rules *rules, struct enumeration *e)
{
	for (unsigned d = ENUMERATE_BYTE_LAYERS; d <= e->max_depth; d++)
		e->layer_count[d] = e->layer_terminal[d] = 0;
	for (uint64_t i = 0; i < e->size; i++) {
		unsigned d = enumeration_depth(e, i);
		if (d != ENUMERATE_NONE && d >= ENUMERATE_BYTE_LAYERS && d <= e->max_depth) {
			e->layer_count[d]++;
			e->layer_terminal[d] += movegen_is_terminal(rules, i);
		}
	}
}

static enum status load_enumeration(struct checkpoint *ck, const struct rules *rules, struct enumeration *out,
				    struct error *err)
{
	uint64_t counts[WALK_STATE_COUNTS], size = rules->size;
	struct checkpoint_section s[WALK_STATE_SECTIONS];
	bool wide = checkpoint_bytes(ck, "wide") != UINT64_MAX;
	enum status st = enumeration_alloc(out, size, wide, err);
	if (st != STATUS_OK)
		return st;
	if (!enumeration_room(out, ENUMERATE_BYTE_LAYERS))
		return error_set(err, STATUS_FAILURE, "out of memory reading the walk");
	walk_state_sections(out, counts, s);
	st = checkpoint_load(ck, s, WALK_STATE_SECTIONS, err);
	if (st != STATUS_OK || (counts[3] >= ENUMERATE_BYTE_LAYERS && !wide) || counts[3] >= UINT32_MAX ||
	    !enumeration_room(out, (unsigned)counts[3] + 1))
		return st != STATUS_OK ? st : error_set(err, STATUS_BAD_INPUT, "--checkpoint '%s': its walk is damaged", ck->dir);
	out->reachable_count = counts[0];
	out->terminal_count = counts[1];
	out->move_count = counts[2];
	out->max_depth = (unsigned)counts[3];
	memcpy(out->layer_count, counts + 4, ENUMERATE_BYTE_LAYERS * sizeof *counts);
	memcpy(out->layer_terminal, counts + 4 + ENUMERATE_BYTE_LAYERS, ENUMERATE_BYTE_LAYERS * sizeof *counts);
	count_deep_layers(rules, out);
	return STATUS_OK;
}

enum status walk_state_enumerate(const struct plan *plan, const struct progress *progress,
				 struct checkpoint *ck, struct enumeration *out, struct error *err)
{
	enum status st;
	if (ck && (checkpoint_bytes(ck, "depth") != UINT64_MAX || checkpoint_bytes(ck, "wide") != UINT64_MAX)) {
		st = load_enumeration(ck, plan->rules, out, err);
	} else {
		st = enumerate_plan(plan, progress, out, err);
		uint64_t counts[WALK_STATE_COUNTS];
		struct checkpoint_section s[WALK_STATE_SECTIONS];
		struct progress_step step = walked_step(out);
		if (st == STATUS_OK && ck) {
			walk_state_sections(out, counts, s);
			st = checkpoint_level(ck, progress, &step, CHECKPOINT_STAGE_WALK, s, WALK_STATE_SECTIONS, err);
		}
	}
	if (st != STATUS_OK)
		enumeration_free(out);
	return st;
}

// Whether ck holds a reachable set ("reachable": the state "walk" of the dense and the
// many-player solves).
static bool holds_reachable(const struct checkpoint *ck)
{
	return ck && checkpoint_bytes(ck, "reachable") != UINT64_MAX;
}

// The reachable set, in s: read back from ck when held, else (just walked, walked its
// counts) offered to ck as the state "walk".
static enum status keep_reachable(struct checkpoint *ck, const struct progress *progress, bool held,
				  const struct enumeration *walked, struct checkpoint_section *s,
				  struct error *err)
{
	struct progress_step step = walked_step(walked);
	if (!ck)
		return STATUS_OK;
	return held ? checkpoint_load(ck, s, 1, err)
		    : checkpoint_level(ck, progress, &step, CHECKPOINT_STAGE_WALK, s, 1, err);
}

enum status walk_state_dense(const struct dense *d, const struct progress *progress,
			     struct checkpoint *ck, struct bitpair *reachable, struct error *err)
{
	struct enumeration walked = {.size = d->rules->size};
	bool held = holds_reachable(ck);
	*reachable = (struct bitpair){.sides = d->sides};
	if (held && !bitpair_init(reachable, d->sides, d->n))
		return error_set(err, STATUS_FAILURE, "out of memory: the solve needs %llu bytes",
				 (unsigned long long)bitpair_bytes(d->sides, d->n));
	enum status st = held ? STATUS_OK : dense_walk(d, NULL, progress, &walked, reachable, err);
	struct checkpoint_section s = {"reachable", reachable->side[0].bits, bitpair_bytes(d->sides, d->n)};
	if (st == STATUS_OK)
		st = keep_reachable(ck, progress, held, &walked, &s, err);
	enumeration_free(&walked);
	if (st != STATUS_OK)
		bitpair_free(reachable);
	return st;
}

enum status walk_state_many(const struct many *m, const struct progress *progress,
			    struct checkpoint *ck, uint64_t **reachable, struct error *err)
{
	uint64_t bytes = many_walk_set_bytes(m->rules->size);
	struct enumeration walked = {.size = m->rules->size};
	bool held = holds_reachable(ck);
	*reachable = held ? malloc(bytes) : NULL;
	if (held && !*reachable)
		return error_set(err, STATUS_FAILURE, "out of memory: the solve needs %llu bytes",
				 (unsigned long long)bytes);
	enum status st = held ? STATUS_OK : many_walk(m, progress, &walked, reachable, err);
	struct checkpoint_section s = {"reachable", *reachable, bytes};
	if (st == STATUS_OK)
		st = keep_reachable(ck, progress, held, &walked, &s, err);
	enumeration_free(&walked);
	if (st != STATUS_OK) {
		free(*reachable);
		*reachable = NULL;
	}
	return st;
}

// SPDX-License-Identifier: MIT
// Path counts over the reachable move graph (see paths.h). Every count is pulled from the
// parents' counts, one position per loop iteration, so threads never write the same limbs
// and the sums are the same for any schedule.
#include "paths.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"

static bool reachable(const struct enumeration *e, uint64_t idx)
{
	return enumeration_reached(e, idx);
}

static enum status list_reachable(const struct enumeration *e, struct paths_graph *g,
				  struct error *err)
{
	if (e->reachable_count > UINT32_MAX)
		return error_set(err, STATUS_BAD_INPUT,
				 "%llu reachable positions: game lengths handle at most %lu",
				 (unsigned long long)e->reachable_count, (unsigned long)UINT32_MAX);
	g->index = malloc((e->reachable_count ? e->reachable_count : 1) * sizeof *g->index);
	if (!g->index)
		return error_set(err, STATUS_FAILURE, "out of memory listing reachable positions");
	for (uint64_t idx = 0; idx < e->size; idx++)
		if (reachable(e, idx))
			g->index[g->count++] = idx;
	return STATUS_OK;
}

// Keeps the reachable entries of buf[0..n); returns how many.
static size_t keep_reachable(const struct enumeration *e, uint64_t *buf, size_t n)
{
	size_t kept = 0;
	for (size_t i = 0; i < n; i++)
		if (reachable(e, buf[i]))
			buf[kept++] = buf[i];
	return kept;
}

static void count_moves(const struct rules *rules, const struct enumeration *e,
			const struct progress *progress, struct paths_graph *g, int *oom)
{
	unsigned most = 0;
#pragma omp parallel reduction(max : most) if (g->count >= PATHS_PARALLEL_MIN)
	{
		uint64_t *buf = malloc(rules->max_moves * sizeof *buf);
		if (!buf) {
#pragma omp atomic write
			*oom = 1;
		}
#pragma omp for schedule(dynamic, 1024)
		for (uint64_t c = 0; c < g->count; c++) {
			if (!buf || progress_stopped(progress))
				continue;
			size_t children = movegen_children(rules, g->index[c], buf);
			if (children > most)
				most = (unsigned)children;
			size_t n = movegen_parents(rules, g->index[c], buf);
			g->start[c + 1] = keep_reachable(e, buf, n);
		}
		free(buf);
	}
	g->max_children = most;
}

enum status paths_graph_count(const struct rules *rules, const struct enumeration *e,
			      const struct progress *progress, struct paths_graph *g,
			      struct error *err)
{
	memset(g, 0, sizeof *g);
	assert(e->size == rules->size); // an enumeration of these rules
	enum status st = list_reachable(e, g, err);
	if (st != STATUS_OK)
		goto fail;
	progress_report(progress, &(struct progress_step){.phase = "lengths: graph"});
	if (progress_stopped(progress)) {
		st = error_set(err, STATUS_INTERRUPTED, "interrupted");
		goto fail;
	}
	g->start = calloc(g->count + 1, sizeof *g->start);
	int oom = !g->start;
	if (!oom)
		count_moves(rules, e, progress, g, &oom);
	if (oom) {
		st = error_set(err, STATUS_FAILURE, "out of memory building the move graph");
		goto fail;
	}
	if (progress_stopped(progress)) {
		st = error_set(err, STATUS_INTERRUPTED, "interrupted");
		goto fail;
	}
	for (uint64_t c = 0; c < g->count; c++)
		g->start[c + 1] += g->start[c];
	g->edge_count = g->start[g->count];
	return STATUS_OK;
fail:
	paths_graph_free(g);
	return st;
}

enum status paths_graph_fill(const struct rules *rules, const struct enumeration *e,
			     const struct progress *progress, struct paths_graph *g, struct error *err)
{
	g->parent = malloc((g->edge_count ? g->edge_count : 1) * sizeof *g->parent);
	int oom = !g->parent;
#pragma omp parallel if (!oom && g->count >= PATHS_PARALLEL_MIN)
	{
		uint64_t *buf = malloc(rules->max_moves * sizeof *buf);
		if (!buf) {
#pragma omp atomic write
			oom = 1;
		}
#pragma omp for schedule(dynamic, 1024)
		for (uint64_t c = 0; c < g->count; c++) {
			if (!buf || !g->parent || progress_stopped(progress))
				continue;
			size_t n = keep_reachable(e, buf, movegen_parents(rules, g->index[c], buf));
			assert(n == g->start[c + 1] - g->start[c]);
			for (size_t i = 0; i < n; i++)
				g->parent[g->start[c] + i] = (uint32_t)paths_ordinal(g, buf[i]);
		}
		free(buf);
	}
	if (oom)
		return error_set(err, STATUS_FAILURE, "out of memory building the move graph");
	if (progress_stopped(progress))
		return error_set(err, STATUS_INTERRUPTED, "interrupted");
	return STATUS_OK;
}

uint64_t paths_graph_bytes(const struct paths_graph *g)
{
	return g->count * sizeof *g->index + (g->count + 1) * sizeof *g->start +
	       g->edge_count * sizeof *g->parent;
}

void paths_graph_free(struct paths_graph *g)
{
	free(g->index);
	free(g->start);
	free(g->parent);
	memset(g, 0, sizeof *g);
}

uint64_t paths_ordinal(const struct paths_graph *g, uint64_t idx)
{
	uint64_t lo = 0, hi = g->count;
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (g->index[mid] < idx)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < g->count && g->index[lo] == idx ? lo : PATHS_NONE;
}

size_t paths_width(unsigned max_children, unsigned moves)
{
	unsigned bits_per_move = 1;
	while (bits_per_move < 32 && (UINT64_C(1) << bits_per_move) <= max_children)
		bits_per_move++;
	// max_children^moves < 2^(moves * bits_per_move) paths, and one more bit of room.
	return (size_t)moves * bits_per_move / GMP_NUMB_BITS + 1;
}

void paths_to_mpz(mpz_t out, const mp_limb_t *limbs, size_t width)
{
	mpz_import(out, width, -1, sizeof *limbs, 0, GMP_NAIL_BITS, limbs);
}

static void add_into(mp_limb_t *dst, const mp_limb_t *src, size_t width)
{
	mp_limb_t carry = mpn_add_n(dst, dst, src, (mp_size_t)width);
	assert(carry == 0); // the width bounds every count
	(void)carry;
}

// geo of ordinal c at depth d: the sum over its parents at depth d - 1.
static void pull_geodesic(const struct paths_graph *g, const struct enumeration *e, size_t width,
			  mp_limb_t *geo, uint64_t c, unsigned d)
{
	for (uint64_t i = g->start[c]; i < g->start[c + 1]; i++) {
		uint32_t p = g->parent[i];
		if (enumeration_depth(e, g->index[p]) == d - 1)
			add_into(geo + c * width, geo + (uint64_t)p * width, width);
	}
}

enum status paths_geodesic(const struct paths_graph *g, const struct enumeration *e,
			   size_t width, const struct progress *progress, mp_limb_t *geo,
			   struct error *err)
{
	memset(geo, 0, g->count * width * sizeof *geo);
	for (uint64_t c = 0; c < g->count; c++)
		if (enumeration_depth(e, g->index[c]) == 0)
			geo[c * width] = 1;
	struct progress_step step = {.phase = "lengths: geodesic", .bound = e->max_depth,
				     .done = e->layer_count[0], .total = g->count};
	for (unsigned d = 1; d <= e->max_depth; d++) {
		step.level = d;
		progress_report(progress, &step);
		step.done += e->layer_count[d];
		if (progress_stopped(progress))
			return error_set(err, STATUS_INTERRUPTED, "interrupted");
#pragma omp parallel for schedule(dynamic, 1024) if (g->count >= PATHS_PARALLEL_MIN)
		for (uint64_t c = 0; c < g->count; c++)
			if (enumeration_depth(e, g->index[c]) == d)
				pull_geodesic(g, e, width, geo, c, d);
	}
	return STATUS_OK;
}

static void sum_finals(mpz_t out, const mp_limb_t *count, size_t width, const uint64_t *final,
		       uint64_t final_count)
{
	mpz_t one;
	mpz_init(one);
	mpz_set_ui(out, 0);
	for (uint64_t f = 0; f < final_count; f++) {
		paths_to_mpz(one, count + final[f] * width, width);
		mpz_add(out, out, one);
	}
	mpz_clear(one);
}

// next[c] = sum of cur over the parents of c, for every ordinal c.
static void step(const struct paths_graph *g, size_t width, const mp_limb_t *cur, mp_limb_t *next)
{
#pragma omp parallel for schedule(dynamic, 1024) if (g->count >= PATHS_PARALLEL_MIN)
	for (uint64_t c = 0; c < g->count; c++) {
		mp_limb_t *dst = next + c * width;
		memset(dst, 0, width * sizeof *dst);
		for (uint64_t i = g->start[c]; i < g->start[c + 1]; i++)
			add_into(dst, cur + (uint64_t)g->parent[i] * width, width);
	}
}

enum status paths_by_length(const struct paths_graph *g, uint64_t start_ordinal,
			    const uint64_t *final, uint64_t final_count, unsigned max_length,
			    const struct progress *progress, mpz_t *by_length, struct error *err)
{
	size_t width = paths_width(g->max_children, max_length);
	mp_limb_t *cur = calloc(g->count * width + 1, sizeof *cur);
	mp_limb_t *next = calloc(g->count * width + 1, sizeof *next);
	enum status st = STATUS_OK;
	if (!cur || !next) {
		st = error_set(err, STATUS_FAILURE, "out of memory counting games by length");
		goto done;
	}
	cur[start_ordinal * width] = 1;
	sum_finals(by_length[0], cur, width, final, final_count);
	for (unsigned n = 1; n <= max_length; n++) {
		progress_report(progress, &(struct progress_step){.phase = "lengths: games", .level = n,
								  .bound = max_length});
		if (progress_stopped(progress)) {
			st = error_set(err, STATUS_INTERRUPTED, "interrupted");
			goto done;
		}
		step(g, width, cur, next);
		sum_finals(by_length[n], next, width, final, final_count);
		mp_limb_t *swap = cur;
		cur = next;
		next = swap;
	}
done:
	free(cur);
	free(next);
	return st;
}

// SPDX-License-Identifier: MIT
// Game lengths (see lengths.h). Shortest and longest geodesic games are both shortest paths
// to a final, so one table of geodesic path counts (paths.c) answers both; games by length
// come from a step-by-step count of move sequences. Examples: for a final f at depth L, mark
// the positions with a geodesic path to f, then walk from the start taking the marked child
// with the smallest code at every step.
#include "lengths.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "paths.h"
#include "plan.h"
#include "position.h"
#include "size_text.h"

struct work {
	const struct rules *rules;
	const struct enumeration *e;
	struct paths_graph g;
	mp_limb_t *geo;       // geodesic path counts, geo_width limbs per ordinal
	size_t geo_width;
	uint64_t *final_ordinal; // ordinals of out->final[], same order
	uint8_t *mark;        // per ordinal, for examples
};

struct final_entry {
	const char *code;
	uint64_t index, ordinal;
	unsigned depth;
};

void lengths_options_default(struct lengths_options *opt)
{
	opt->max_length = LENGTHS_DEFAULT_MAX_LENGTH;
	opt->example_count = LENGTHS_DEFAULT_EXAMPLES;
	opt->max_bytes = 0;
}

// Longest code of these rules, terminating NUL included: per hand at most 5 characters
// ("249h") and a '.', per player a '/' and a lives tag (":16").
static size_t code_bytes(const struct rules *rules)
{
	size_t n = 1;
	for (unsigned s = 0; s < rules->players; s++)
		n += (size_t)rules->hands[s] * 6 + 4;
	return n;
}

// Bytes for r reachable positions, edges parent links, finals finals, max_children.
static double need_bytes(const struct rules *rules, const struct enumeration *e,
			 const struct lengths_options *opt, double edges, unsigned max_children)
{
	double r = (double)e->reachable_count, finals = (double)e->terminal_count;
	double limbs = (double)paths_width(max_children, e->max_depth) +
		       2.0 * (double)paths_width(max_children, opt->max_length);
	return plan_lengths_bytes(r, edges, limbs, finals,
				  sizeof(struct lengths_final) + sizeof(struct final_entry) + 8 + (double)code_bytes(rules));
}

uint64_t lengths_bytes(const struct rules *rules, const struct enumeration *e,
		       const struct lengths_options *opt)
{
	size_t moves = rules->max_moves > UINT32_MAX ? UINT32_MAX : rules->max_moves;
	double bytes = need_bytes(rules, e, opt, (double)e->reachable_count * (double)moves,
				  (unsigned)moves);
	return bytes >= 1.8e19 ? UINT64_MAX : (uint64_t)bytes;
}

static int by_depth_then_code(const void *a, const void *b)
{
	const struct final_entry *x = a, *y = b;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	return strcmp(x->code, y->code);
}

static void fill_final(const struct work *w, const struct final_entry *entry,
		       struct lengths_final *f, uint64_t *won_count)
{
	unsigned p = w->rules->players;
	f->index = entry->index;
	f->depth = entry->depth;
	f->winner_seat = (entry->depth + movegen_winner(w->rules, entry->index)) % p + 1;
	won_count[f->winner_seat - 1]++;
}

// Lists the reachable terminal positions in out->final, sorted by depth and then code.
static enum status collect_finals(struct work *w, struct lengths *out, struct error *err)
{
	uint64_t n = 0, cap = w->e->terminal_count;
	size_t len = code_bytes(w->rules);
	struct final_entry *entry = malloc((cap ? cap : 1) * sizeof *entry);
	char *codes = malloc((cap ? cap : 1) * len);
	out->final = malloc((cap ? cap : 1) * sizeof *out->final);
	w->final_ordinal = malloc((cap ? cap : 1) * sizeof *w->final_ordinal);
	enum status st = STATUS_OK;
	if (!entry || !codes || !out->final || !w->final_ordinal) {
		st = error_set(err, STATUS_FAILURE, "out of memory listing finals");
		goto done;
	}
	char code[POSITION_CODE_MAX];
	for (uint64_t c = 0; c < w->g.count && n < cap; c++) {
		uint64_t idx = w->g.index[c];
		if (!movegen_is_terminal(w->rules, idx))
			continue;
		position_format(w->rules, idx, code);
		assert(strlen(code) < len);
		entry[n] = (struct final_entry){strncpy(codes + n * len, code, len), idx, c,
						enumeration_depth(w->e, idx)};
		n++;
	}
	qsort(entry, n, sizeof *entry, by_depth_then_code);
	for (uint64_t i = 0; i < n; i++) {
		fill_final(w, &entry[i], &out->final[i], out->won_count);
		w->final_ordinal[i] = entry[i].ordinal;
	}
	out->final_count = n;
done:
	free(entry);
	free(codes);
	return st;
}

// Marks (in w->mark) every ordinal with a geodesic path to ordinal f at depth L.
static void mark_towards(struct work *w, uint64_t f, unsigned L)
{
	memset(w->mark, 0, w->g.count);
	w->mark[f] = 1;
	for (unsigned d = L; d >= 1; d--) {
#pragma omp parallel for schedule(dynamic, 1024) if (w->g.count >= PATHS_PARALLEL_MIN)
		for (uint64_t c = 0; c < w->g.count; c++) {
			if (enumeration_depth(w->e, w->g.index[c]) != d || !w->mark[c])
				continue;
			for (uint64_t i = w->g.start[c]; i < w->g.start[c + 1]; i++) {
				uint32_t p = w->g.parent[i];
				if (enumeration_depth(w->e, w->g.index[p]) == d - 1)
					__atomic_store_n(&w->mark[p], 1, __ATOMIC_RELAXED);
			}
		}
	}
}

// The marked child of idx one layer farther out with the smallest code.
static uint64_t best_child(const struct work *w, uint64_t idx, uint64_t *buf)
{
	char code[POSITION_CODE_MAX], best_code[POSITION_CODE_MAX];
	uint64_t best = PATHS_NONE;
	size_t n = movegen_children(w->rules, idx, buf);
	for (size_t i = 0; i < n; i++) {
		uint64_t c = paths_ordinal(&w->g, buf[i]);
		if (enumeration_depth(w->e, buf[i]) != enumeration_depth(w->e, idx) + 1 || !w->mark[c])
			continue;
		position_format(w->rules, buf[i], code);
		if (best == PATHS_NONE || strcmp(code, best_code) < 0) {
			best = buf[i];
			strcpy(best_code, code);
		}
	}
	return best;
}

// Writes to path[0..L] the lexicographically smallest geodesic game ending in ordinal f.
static void smallest_game(struct work *w, uint64_t f, unsigned L, uint64_t *path, uint64_t *buf)
{
	mark_towards(w, f, L);
	path[0] = w->rules->start;
	for (unsigned d = 0; d < L; d++)
		path[d + 1] = best_child(w, path[d], buf);
}

// Fills game for the finals out->final[first .. first + count), all at depth length.
static enum status fill_game(struct work *w, const struct lengths *out,
			     const struct lengths_options *opt, struct lengths_game *game,
			     uint64_t first, uint64_t count, struct error *err)
{
	mpz_t one;
	game->length = count ? out->final[first].depth : 0;
	game->final_first = first;
	game->final_count = count;
	mpz_init(one);
	for (uint64_t i = first; i < first + count; i++) {
		paths_to_mpz(one, w->geo + w->final_ordinal[i] * w->geo_width, w->geo_width);
		mpz_add(game->count, game->count, one);
	}
	mpz_clear(one);
	unsigned examples = count < opt->example_count ? (unsigned)count : opt->example_count;
	game->example = malloc(((size_t)examples * (game->length + 1) + 1) * sizeof *game->example);
	uint64_t *buf = malloc(w->rules->max_moves * sizeof *buf);
	enum status st = STATUS_OK;
	if (!game->example || !buf)
		st = error_set(err, STATUS_FAILURE, "out of memory choosing example games");
	for (unsigned j = 0; st == STATUS_OK && j < examples; j++)
		smallest_game(w, w->final_ordinal[first + j], game->length,
			      game->example + (size_t)j * (game->length + 1), buf);
	if (st == STATUS_OK)
		game->example_count = examples;
	free(buf);
	return st;
}

// Shortest games end in the first finals (least depth), longest geodesic ones in the last.
static enum status fill_games(struct work *w, struct lengths *out,
			      const struct lengths_options *opt, struct error *err)
{
	uint64_t n = out->final_count, lo = 0, hi = n;
	while (lo < n && out->final[lo].depth == out->final[0].depth)
		lo++;
	while (hi > 0 && out->final[hi - 1].depth == out->final[n - 1].depth)
		hi--;
	enum status st = fill_game(w, out, opt, &out->shortest, 0, lo, err);
	if (st == STATUS_OK)
		st = fill_game(w, out, opt, &out->longest, hi, n - hi, err);
	return st;
}

// Refuses when the graph and counts need more than opt->max_bytes. Before the graph is
// counted, edges is the walk's move count (every move from a reachable position is an edge)
// and max_children a lower bound.
static enum status check_memory(const struct work *w, const struct lengths_options *opt,
				double edges, unsigned max_children, struct error *err)
{
	double need = need_bytes(w->rules, w->e, opt, edges, max_children);
	if (!opt->max_bytes || need <= (double)opt->max_bytes)
		return STATUS_OK;
	char need_text[SIZE_TEXT_MAX], limit[SIZE_TEXT_MAX];
	size_text(need_text, need);
	size_text(limit, (double)opt->max_bytes);
	return error_set(err, STATUS_BAD_INPUT, "instance too large: game lengths need about %s, the limit is %s",
			 need_text, limit);
}

static enum status prepare(struct work *w, const struct lengths_options *opt,
			   const struct progress *progress, struct lengths *out, struct error *err)
{
	enum status st = check_memory(w, opt, (double)w->e->move_count, 1, err);
	if (st == STATUS_OK)
		st = paths_graph_count(w->rules, w->e, progress, &w->g, err);
	if (st == STATUS_OK)
		st = check_memory(w, opt, (double)w->g.edge_count, w->g.max_children, err);
	if (st == STATUS_OK)
		st = paths_graph_fill(w->rules, w->e, progress, &w->g, err);
	if (st == STATUS_OK)
		st = collect_finals(w, out, err);
	if (st != STATUS_OK)
		return st;
	w->geo_width = paths_width(w->g.max_children, w->e->max_depth);
	w->geo = malloc((w->g.count * w->geo_width + 1) * sizeof *w->geo);
	w->mark = malloc(w->g.count + 1);
	if (!w->geo || !w->mark)
		return error_set(err, STATUS_FAILURE, "out of memory counting geodesic games");
	return STATUS_OK;
}

static enum status init_counts(struct lengths *out, unsigned max_length, struct error *err)
{
	out->max_length = max_length;
	out->by_length = malloc(((size_t)max_length + 1) * sizeof *out->by_length);
	if (!out->by_length)
		return error_set(err, STATUS_FAILURE, "out of memory");
	for (unsigned n = 0; n <= max_length; n++)
		mpz_init(out->by_length[n]);
	mpz_init(out->shortest.count);
	mpz_init(out->longest.count);
	return STATUS_OK;
}

enum status lengths_compute(const struct rules *rules, const struct enumeration *e,
			    const struct lengths_options *opt, const struct progress *progress,
			    struct lengths *out, struct error *err)
{
	memset(out, 0, sizeof *out);
	struct work w = {.rules = rules, .e = e};
	enum status st = init_counts(out, opt->max_length, err);
	if (st == STATUS_OK)
		st = prepare(&w, opt, progress, out, err);
	if (st == STATUS_OK)
		st = paths_geodesic(&w.g, e, w.geo_width, progress, w.geo, err);
	if (st == STATUS_OK)
		st = fill_games(&w, out, opt, err);
	if (st == STATUS_OK)
		st = paths_by_length(&w.g, paths_ordinal(&w.g, rules->start), w.final_ordinal,
				     out->final_count, opt->max_length, progress, out->by_length,
				     err);
	paths_graph_free(&w.g);
	free(w.geo);
	free(w.final_ordinal);
	free(w.mark);
	if (st != STATUS_OK)
		lengths_free(out);
	return st;
}

void lengths_free(struct lengths *l)
{
	if (l->by_length) {
		for (unsigned n = 0; n <= l->max_length; n++)
			mpz_clear(l->by_length[n]);
		mpz_clear(l->shortest.count);
		mpz_clear(l->longest.count);
	}
	free(l->by_length);
	free(l->final);
	free(l->shortest.example);
	free(l->longest.example);
	memset(l, 0, sizeof *l);
}

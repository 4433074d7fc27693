// SPDX-License-Identifier: MIT
// Dense move tables (see dense.h): the hand class's relations renumbered into engine ids;
// own-hands moves compressed into runs of consecutive ids.
#include "dense.h"

#include <stdlib.h>
#include <string.h>

#include "relation.h"

static uint64_t order_key(const struct hand_class *cls, uint32_t s)
{
	if (s == cls->zombie)
		return UINT64_MAX;
	const uint8_t *hv = cls->values + (uint64_t)s * cls->hands;
	uint64_t total = 0, dead = 0;
	for (unsigned k = 0; k < cls->hands; k++) {
		total += hv[k];
		dead += hv[k] == 0;
	}
	uint64_t lives = s / cls->count, rank = s % cls->count;
	return (((lives << 16 | total) << 5 | dead) << 32) | rank;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

static bool number_states(struct dense *d, const struct hand_class *cls)
{
	uint64_t *key = malloc((size_t)d->n * 2 * sizeof *key);
	if (!key)
		return false;
	for (uint32_t s = 0; s < d->n; s++) {
		key[2 * s] = order_key(cls, s);
		key[2 * s + 1] = s;
	}
	qsort(key, d->n, 2 * sizeof *key, cmp_u64);
	for (uint32_t e = 0; e < d->n; e++) {
		d->state_of[e] = (uint32_t)key[2 * e + 1];
		d->engine_of[d->state_of[e]] = e;
		memcpy(d->live + (uint64_t)e * d->hands,
		       cls->live_values + (uint64_t)d->state_of[e] * d->hands, d->hands);
	}
	free(key);
	return true;
}

// Renumbers rel (state -> states) into runs of engine ids; sets *loop if a state maps to
// itself, and count[e] (if count) to the size of row e.
static bool to_runs(const struct dense *d, const struct relation *rel, struct dense_runs *out,
		    uint32_t *count, bool *loop)
{
	uint64_t edges = rel->start[rel->rows];
	uint32_t *ids = malloc((edges ? edges : 1) * sizeof *ids);
	out->start = malloc(((size_t)d->n + 1) * sizeof *out->start);
	out->run = malloc((edges ? edges : 1) * 2 * sizeof *out->run);
	if (!ids || !out->start || !out->run) {
		free(ids);
		return false;
	}
	uint32_t runs = 0;
	for (uint32_t e = 0; e < d->n; e++) {
		uint32_t s = d->state_of[e], m = 0;
		for (uint64_t k = rel->start[s]; k < rel->start[s + 1]; k++) {
			ids[m++] = d->engine_of[rel->to[k]];
			*loop |= rel->to[k] == s;
		}
		sort_unique_u32(ids, m); // the ids of a row are distinct: only sorted
		out->start[e] = runs;
		if (count)
			count[e] = m;
		for (uint32_t k = 0; k < m; k++) {
			if (k == 0 || ids[k] != ids[k - 1] + 1)
				out->run[2 * runs++] = ids[k];
			out->run[2 * runs - 1] = ids[k] + 1;
		}
	}
	out->start[d->n] = runs;
	free(ids);
	return true;
}

// Renumbers rel (row state * modulus + a -> states) into engine ids; returns the largest row,
// and sets *loop if a state maps to itself.
static bool to_edges(const struct dense *d, const struct relation *rel, struct dense_edges *out,
		     size_t *widest, bool *loop)
{
	uint64_t rows = (uint64_t)d->n * d->modulus, edges = rel->start[rel->rows];
	out->start = malloc((rows + 1) * sizeof *out->start);
	out->to = malloc((edges ? edges : 1) * sizeof *out->to);
	if (!out->start || !out->to)
		return false;
	uint64_t used = 0;
	*widest = 0;
	for (uint32_t e = 0; e < d->n; e++) {
		for (unsigned a = 0; a < d->modulus; a++) {
			uint64_t row = (uint64_t)d->state_of[e] * d->modulus + a;
			out->start[(uint64_t)e * d->modulus + a] = used;
			for (uint64_t k = rel->start[row]; k < rel->start[row + 1]; k++) {
				out->to[used++] = d->engine_of[rel->to[k]];
				*loop |= rel->to[k] == d->state_of[e];
			}
			uint64_t width = rel->start[row + 1] - rel->start[row];
			*widest = width > *widest ? width : *widest;
		}
	}
	out->start[rows] = used;
	return true;
}

// Whether the tables fit the dense engine (see dense_build).
static bool dense_fits(struct dense *d, bool self_loop, bool hit_loop, size_t widest_hit)
{
	size_t live = 0;
	for (uint32_t e = 0; e < d->n; e++) {
		size_t k = 0;
		while (k < d->hands && d->live[(uint64_t)e * d->hands + k])
			k++;
		live = k > live ? k : live;
	}
	d->max_attacks = live * widest_hit > 1 ? live * widest_hit : 1;
	bool passer_moves = false; // a player without a live hand only passes
	for (uint32_t e = 0; e < d->n; e++)
		passer_moves |= d->live[(uint64_t)e * d->hands] == 0 && d->self_count[e] > 0;
	return !(self_loop && hit_loop) && !passer_moves && d->max_attacks <= DENSE_MAX_ATTACKS;
}

enum status dense_build(const struct rules *rules, struct dense **out, struct error *err)
{
	*out = NULL;
	if (rules->players != 2 || rules->period != 1 || rules->class_count != 1)
		return STATUS_OK;
	const struct hand_class *cls = &rules->class[0];
	struct dense *d = calloc(1, sizeof *d);
	if (!d)
		return error_set(err, STATUS_FAILURE, "out of memory building the dense tables");
	*d = (struct dense){.rules = rules, .n = cls->states, .hands = cls->hands, .modulus = rules->modulus};
	d->state_of = malloc((size_t)d->n * sizeof *d->state_of);
	d->engine_of = malloc((size_t)d->n * sizeof *d->engine_of);
	d->live = malloc((size_t)d->n * d->hands);
	d->self_count = malloc((size_t)d->n * sizeof *d->self_count);
	bool self_loop = false, hit_loop = false, ignored = false;
	size_t widest = 0, widest_back = 0;
	bool ok = d->state_of && d->engine_of && d->live && d->self_count && number_states(d, cls) &&
		  to_runs(d, &cls->self, &d->self, d->self_count, &self_loop) &&
		  to_runs(d, &cls->unself, &d->unself, NULL, &ignored) &&
		  to_edges(d, &cls->hit, &d->hit, &widest, &hit_loop) &&
		  to_edges(d, &cls->unhit, &d->unhit, &widest_back, &ignored);
	if (!ok) {
		dense_free(d);
		return error_set(err, STATUS_FAILURE, "out of memory building the dense tables");
	}
	if (!dense_fits(d, self_loop, hit_loop, widest > widest_back ? widest : widest_back)) {
		dense_free(d);
		return STATUS_OK;
	}
	*out = d;
	return STATUS_OK;
}

void dense_free(struct dense *d)
{
	if (!d)
		return;
	free(d->state_of);
	free(d->engine_of);
	free(d->live);
	free(d->self_count);
	free(d->self.start);
	free(d->self.run);
	free(d->unself.start);
	free(d->unself.run);
	free(d->hit.start);
	free(d->hit.to);
	free(d->unhit.start);
	free(d->unhit.to);
	free(d);
}

bool dense_scratch_init(struct dense_scratch *s, const struct dense *d)
{
	s->out = malloc(d->max_attacks * sizeof *s->out);
	s->stamp = calloc(d->n ? d->n : 1, sizeof *s->stamp);
	s->token = 0;
	return s->out && s->stamp;
}

void dense_scratch_free(struct dense_scratch *s)
{
	free(s->out);
	free(s->stamp);
	s->out = s->stamp = NULL;
}

size_t dense_reach(const struct dense *d, const struct dense_edges *rel, uint32_t mover,
		   uint32_t other, struct dense_scratch *s)
{
	uint32_t *out = s->out;
	const uint8_t *live = d->live + (uint64_t)mover * d->hands;
	if (live[0] == 0) {
		out[0] = other;
		return 1;
	}
	if (++s->token == 0) { // the stamps wrapped: start them afresh
		memset(s->stamp, 0, (size_t)d->n * sizeof *s->stamp);
		s->token = 1;
	}
	size_t n = 0;
	for (unsigned v = 0; v < d->hands && live[v]; v++) {
		uint64_t row = (uint64_t)other * d->modulus + live[v];
		for (uint64_t k = rel->start[row]; k < rel->start[row + 1]; k++) {
			uint32_t t = rel->to[k];
			if (s->stamp[t] != s->token) {
				s->stamp[t] = s->token;
				out[n++] = t;
			}
		}
	}
	return n;
}

// SPDX-License-Identifier: MIT
// Dense move tables (see dense.h): each side's hand class's relations renumbered into engine
// ids; own-hands moves compressed into runs of consecutive ids.
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

static bool number_states(struct dense_class *c, const struct hand_class *cls)
{
	uint64_t *key = malloc((size_t)c->n * 2 * sizeof *key);
	if (!key)
		return false;
	for (uint32_t s = 0; s < c->n; s++) {
		key[2 * s] = order_key(cls, s);
		key[2 * s + 1] = s;
	}
	qsort(key, c->n, 2 * sizeof *key, cmp_u64);
	for (uint32_t e = 0; e < c->n; e++) {
		c->state_of[e] = (uint32_t)key[2 * e + 1];
		c->engine_of[c->state_of[e]] = e;
		memcpy(c->live + (uint64_t)e * c->hands,
		       cls->live_values + (uint64_t)c->state_of[e] * c->hands, c->hands);
	}
	free(key);
	return true;
}

// Renumbers rel (state -> states) into runs of engine ids; sets *loop if a state maps to
// itself, and count[e] (if count) to the size of row e.
static bool to_runs(const struct dense_class *c, const struct relation *rel,
		    struct dense_runs *out, uint32_t *count, bool *loop)
{
	uint64_t edges = rel->start[rel->rows];
	uint32_t *ids = malloc((edges ? edges : 1) * sizeof *ids);
	out->start = malloc(((size_t)c->n + 1) * sizeof *out->start);
	out->run = malloc((edges ? edges : 1) * 2 * sizeof *out->run);
	if (!ids || !out->start || !out->run) {
		free(ids);
		return false;
	}
	uint32_t runs = 0;
	for (uint32_t e = 0; e < c->n; e++) {
		uint32_t s = c->state_of[e], m = 0;
		for (uint64_t k = rel->start[s]; k < rel->start[s + 1]; k++) {
			ids[m++] = c->engine_of[rel->to[k]];
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
	out->start[c->n] = runs;
	free(ids);
	return true;
}

// Renumbers rel (row state * modulus + a -> states) into engine ids; raises *widest to the
// largest row, and sets *loop if a state maps to itself.
static bool to_edges(const struct dense_class *c, unsigned modulus, const struct relation *rel,
		     struct dense_edges *out, size_t *widest, bool *loop)
{
	uint64_t rows = (uint64_t)c->n * modulus, edges = rel->start[rel->rows];
	out->start = malloc((rows + 1) * sizeof *out->start);
	out->to = malloc((edges ? edges : 1) * sizeof *out->to);
	if (!out->start || !out->to)
		return false;
	uint64_t used = 0;
	for (uint32_t e = 0; e < c->n; e++) {
		for (unsigned a = 0; a < modulus; a++) {
			uint64_t row = (uint64_t)c->state_of[e] * modulus + a;
			out->start[(uint64_t)e * modulus + a] = used;
			for (uint64_t k = rel->start[row]; k < rel->start[row + 1]; k++) {
				out->to[used++] = c->engine_of[rel->to[k]];
				*loop |= rel->to[k] == c->state_of[e];
			}
			uint64_t width = rel->start[row + 1] - rel->start[row];
			*widest = width > *widest ? width : *widest;
		}
	}
	out->start[rows] = used;
	return true;
}

// What dense_fits needs to know of a class's tables.
struct class_facts {
	bool self_loop, hit_loop; // an own-hands move, or a tap, that keeps the state
	size_t widest_hit;        // the largest row of hit
	size_t widest_unhit;      // the largest row of unhit
	size_t live;              // the most distinct live values of a state
	bool passer_moves;        // a state without a live hand has own-hands moves
};

static bool build_class(struct dense_class *c, const struct hand_class *cls, unsigned modulus,
			struct class_facts *f)
{
	*c = (struct dense_class){.n = cls->states, .hands = cls->hands};
	c->state_of = malloc((size_t)c->n * sizeof *c->state_of);
	c->engine_of = malloc((size_t)c->n * sizeof *c->engine_of);
	c->live = malloc((size_t)c->n * c->hands);
	c->self_count = malloc((size_t)c->n * sizeof *c->self_count);
	bool ignored = false;
	*f = (struct class_facts){0};
	if (!c->state_of || !c->engine_of || !c->live || !c->self_count || !number_states(c, cls) ||
	    !to_runs(c, &cls->self, &c->self, c->self_count, &f->self_loop) ||
	    !to_runs(c, &cls->unself, &c->unself, NULL, &ignored) ||
	    !to_edges(c, modulus, &cls->hit, &c->hit, &f->widest_hit, &f->hit_loop) ||
	    !to_edges(c, modulus, &cls->unhit, &c->unhit, &f->widest_unhit, &ignored))
		return false;
	for (uint32_t e = 0; e < c->n; e++) {
		size_t k = 0;
		while (k < c->hands && c->live[(uint64_t)e * c->hands + k])
			k++;
		f->live = k > f->live ? k : f->live;
		f->passer_moves |= k == 0 && c->self_count[e] > 0; // a player without a live hand passes
	}
	return true;
}

static size_t larger(size_t a, size_t b)
{
	return a > b ? a : b;
}

// Whether the tables fit the dense engine (see dense_build), and its bounds on attacks and
// on dense_reach. A side whose mover's own-hands move keeps its state, and whose opponent's
// tap keeps theirs, would count one move twice. Only the attacks go to a counter byte: the
// attack parents of a position (unhit, as many as the values a dead hand was tapped from
// under cutoff) are only listed.
static bool dense_fits(struct dense *d, const struct class_facts *f)
{
	size_t attacks = 1, reach = 1;
	bool ok = true;
	for (unsigned s = 0; s < d->sides; s++) {
		const struct class_facts *mover = &f[s], *other = &f[dense_other(d, s)];
		attacks = larger(attacks, mover->live * other->widest_hit);
		reach = larger(reach, mover->live * larger(other->widest_hit, other->widest_unhit));
		ok &= !(mover->self_loop && other->hit_loop) && !mover->passer_moves;
	}
	d->max_attacks = attacks;
	d->max_reach = reach;
	return ok && attacks <= DENSE_MAX_ATTACKS;
}

enum status dense_build(const struct rules *rules, struct dense **out, struct error *err)
{
	*out = NULL;
	if (rules->players != 2 || rules->class_count != rules->period)
		return STATUS_OK;
	struct dense *d = calloc(1, sizeof *d);
	if (!d)
		return error_set(err, STATUS_FAILURE, "out of memory building the dense tables");
	*d = (struct dense){.rules = rules, .sides = rules->period, .modulus = rules->modulus};
	struct class_facts facts[2];
	bool ok = true;
	for (unsigned s = 0; s < d->sides && ok; s++)
		ok = build_class(&d->cls[s], &rules->class[rules->class_of[s]], d->modulus, &facts[s]);
	if (!ok) {
		dense_free(d);
		return error_set(err, STATUS_FAILURE, "out of memory building the dense tables");
	}
	for (unsigned s = 0; s < 2; s++)
		d->n[s] = d->cls[s % d->sides].n;
	d->rows = d->n[0] + (d->sides == 2 ? d->n[1] : 0);
	d->block = (uint64_t)d->n[0] * d->n[1];
	if (!dense_fits(d, facts)) {
		dense_free(d);
		return STATUS_OK;
	}
	*out = d;
	return STATUS_OK;
}

static void free_class(struct dense_class *c)
{
	free(c->state_of);
	free(c->engine_of);
	free(c->live);
	free(c->self_count);
	free(c->self.start);
	free(c->self.run);
	free(c->unself.start);
	free(c->unself.run);
	free(c->hit.start);
	free(c->hit.to);
	free(c->unhit.start);
	free(c->unhit.to);
}

void dense_free(struct dense *d)
{
	if (!d)
		return;
	for (unsigned s = 0; s < d->sides; s++)
		free_class(&d->cls[s]);
	free(d);
}

bool dense_scratch_init(struct dense_scratch *s, const struct dense *d)
{
	s->stamps = d->n[0] > d->n[1] ? d->n[0] : d->n[1];
	s->out = malloc(d->max_reach * sizeof *s->out);
	s->stamp = calloc(s->stamps ? s->stamps : 1, sizeof *s->stamp);
	s->token = 0;
	return s->out && s->stamp;
}

void dense_scratch_free(struct dense_scratch *s)
{
	free(s->out);
	free(s->stamp);
	s->out = s->stamp = NULL;
}

size_t dense_reach(const struct dense_reach_tables *t, uint32_t mover, uint32_t other,
		   struct dense_scratch *s)
{
	uint32_t *out = s->out;
	const struct dense_edges *rel = t->rel;
	const uint8_t *live = t->live + (uint64_t)mover * t->hands;
	if (live[0] == 0) {
		out[0] = other;
		return 1;
	}
	if (++s->token == 0) { // the stamps wrapped: start them afresh
		memset(s->stamp, 0, (size_t)s->stamps * sizeof *s->stamp);
		s->token = 1;
	}
	size_t n = 0;
	for (unsigned v = 0; v < t->hands && live[v]; v++) {
		uint64_t row = (uint64_t)other * t->modulus + live[v];
		for (uint64_t k = rel->start[row]; k < rel->start[row + 1]; k++) {
			uint32_t target = rel->to[k];
			if (s->stamp[target] != s->token) {
				s->stamp[target] = s->token;
				out[n++] = target;
			}
		}
	}
	return n;
}

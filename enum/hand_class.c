// SPDX-License-Identifier: MIT
// The tables of one hand count (see hand_class.h). Families describe moves on plain sorted
// hands; here the out rules (elimination, lives, zombies) turn each result into a state.
#include "hand_class.h"

#include <stdlib.h>
#include <string.h>

#include "multiset.h"

double hand_class_bytes_estimate(unsigned h, unsigned r, unsigned lives)
{
	unsigned max_total = h * (r - 1);
	double *dp = calloc((size_t)(h + 1) * (max_total + 1), sizeof *dp); // dp[k][t]
	if (!dp)
		return 1e30;
#define DP(k, t) dp[(size_t)(k) * (max_total + 1) + (t)]
	DP(0, 0) = 1; // multisets of k hands with total t: splits join multisets of equal total
	for (unsigned v = 0; v < r; v++)
		for (unsigned k = 1; k <= h; k++)
			for (unsigned t = v; t <= max_total; t++)
				DP(k, t) += DP(k - 1, t - v);
	double count = (double)multiset_count(h, r) * lives, edges = 0;
	for (unsigned t = 0; t <= max_total; t++)
		edges += DP(h, t) * (DP(h, t) + (t >= r ? DP(h, t - r) : 0));
#undef DP
	free(dp);
	return count * (2.0 * h + 16.0 * (r + 1) + 8.0 * r * h) + edges * lives * 8;
}

// The rank of the start hands: every hand 1, or r - 1 under suns.
static uint32_t start_rank(const struct rules *rules, const struct hand_class *cls)
{
	uint8_t hv[RULES_MAX_HANDS];
	memset(hv, (int)((rules->axis[AXIS_START] == START_FULL ? rules->rollover - 1 : 1) * rules->scale), cls->hands);
	return (uint32_t)multiset_rank(hv, cls->hands);
}

uint32_t hand_class_start(const struct rules *rules, const struct hand_class *cls)
{
	return start_rank(rules, cls) + cls->count * (rules->lives - 1);
}

uint32_t hand_class_result_state(const struct rules *rules, const struct hand_class *cls,
			   const uint8_t *hands, unsigned lives, bool changed)
{
	unsigned total = 0;
	for (unsigned k = 0; k < cls->hands; k++)
		total += hands[k];
	bool out = total == 0 ||
		   (changed && total == rules->scale && rules->axis[AXIS_ELIMINATE] == ELIMINATE_ONE_FINGER);
	if (!out)
		return (uint32_t)multiset_rank(hands, cls->hands) + cls->count * (lives - 1);
	if (lives > 1)
		return start_rank(rules, cls) + cls->count * (lives - 2);
	return cls->zombie != UINT32_MAX ? cls->zombie : 0;
}

// one: the value of one whole finger (rules->scale), what a zombie attacks with.
static void fill_values(struct hand_class *cls, unsigned r, unsigned one)
{
	unsigned h = cls->hands;
	uint8_t v[RULES_MAX_HANDS] = {0};
	for (;;) { // every ascending sequence, stored at its rank
		memcpy(cls->values + multiset_rank(v, h) * h, v, h);
		int k = (int)h - 1;
		while (k >= 0 && v[k] == r - 1)
			k--;
		if (k < 0)
			break;
		v[k]++;
		for (unsigned j = (unsigned)k + 1; j < h; j++)
			v[j] = v[k];
	}
	for (uint32_t s = cls->count; s < cls->states; s++) // more lives: the same hands
		memcpy(cls->values + (uint64_t)s * h, cls->values + (uint64_t)(s % cls->count) * h, h);
	if (cls->zombie != UINT32_MAX)
		memset(cls->values + (uint64_t)cls->zombie * h, 0, h);
	for (uint32_t s = 0; s < cls->states; s++) {
		const uint8_t *hv = cls->values + (uint64_t)s * h;
		uint8_t *live = cls->live_values + (uint64_t)s * h;
		unsigned n = 0;
		for (unsigned k = 0; k < h; k++)
			if (hv[k] && (n == 0 || live[n - 1] != hv[k]))
				live[n++] = hv[k];
	}
	if (cls->zombie != UINT32_MAX)
		cls->live_values[(uint64_t)cls->zombie * h] = (uint8_t)one;
}

struct self_ctx {
	const struct rules *rules;
	const struct hand_class *cls;
	struct relation *rel;
	const uint8_t *from;
	unsigned lives;
};

static void add_result(void *ctx, const uint8_t *result)
{
	struct self_ctx *c = ctx;
	bool changed = memcmp(result, c->from, c->cls->hands) != 0;
	relation_add(c->rel, hand_class_result_state(c->rules, c->cls, result, c->lives, changed));
}

// Own-hands moves of states lo .. hi - 1, as the rows of rel (a zombie has none).
static void fill_self_rows(const struct rules *rules, const struct hand_class *cls, uint32_t lo, uint32_t hi,
			   struct relation *rel)
{
	for (uint32_t s = lo; s < hi; s++) {
		struct self_ctx ctx = {rules, cls, rel, cls->values + (uint64_t)s * cls->hands, s / cls->count + 1};
		for (unsigned f = 0; f < rules->family_count && s != cls->zombie; f++)
			if (rules->family[f]->self_moves)
				rules->family[f]->self_moves(rules, ctx.from, cls->hands, add_result, &ctx);
		relation_end_row(rel);
	}
}

#define SELF_PARTS 16 // blocks of states filled in parallel, then joined in order

// Own-hands moves of every state: blocks of rows built in parallel (the same relation for
// any thread count), joined into cls->self.
static void fill_self(const struct rules *rules, struct hand_class *cls)
{
	struct relation part[SELF_PARTS];
	unsigned parts = cls->states < 4096 ? 1 : SELF_PARTS;
	bool ok = true;
#pragma omp parallel for schedule(dynamic, 1) reduction(&& : ok) if (parts > 1)
	for (unsigned p = 0; p < parts; p++) {
		uint32_t lo = (uint32_t)((uint64_t)cls->states * p / parts), hi = (uint32_t)((uint64_t)cls->states * (p + 1) / parts);
		ok = relation_init(&part[p], hi - lo);
		if (ok)
			fill_self_rows(rules, cls, lo, hi, &part[p]);
	}
	for (unsigned p = 0; p < parts; p++) {
		if (!ok || !relation_append(&cls->self, &part[p]))
			cls->self.failed = true;
		relation_free(&part[p]);
	}
}

const struct move_family *hand_class_tap_family(const struct rules *rules)
{
	const struct move_family *fam = NULL;
	for (unsigned f = 0; f < rules->family_count; f++)
		if (rules->family[f]->tap)
			fam = rules->family[f];
	return fam;
}

uint32_t hand_class_tap(const struct rules *rules, const struct hand_class *cls,
			const struct move_family *fam, uint32_t s, unsigned k, unsigned a)
{
	const uint8_t *hv = cls->values + (uint64_t)s * cls->hands;
	if (hv[k] == 0 || (k > 0 && hv[k] == hv[k - 1]))
		return UINT32_MAX;
	uint8_t out[RULES_MAX_HANDS];
	memcpy(out, hv, cls->hands);
	out[k] = (uint8_t)fam->tap(rules, a, hv[k]);
	multiset_sort(out, cls->hands);
	return hand_class_result_state(rules, cls, out, s / cls->count + 1, true);
}

size_t hand_class_hit_row(const struct rules *rules, const struct hand_class *cls, uint32_t s, unsigned a,
			  uint32_t *out)
{
	const struct move_family *fam = hand_class_tap_family(rules);
	size_t n = 0;
	for (unsigned k = 0; k < cls->hands && a > 0 && fam && s != cls->zombie; k++) {
		uint32_t to = hand_class_tap(rules, cls, fam, s, k, a);
		if (to != UINT32_MAX)
			out[n++] = to;
	}
	return n;
}

// Own-hands rows kept by light rules: a row per state once made ([0] its length), and the
// bytes they take (both updated atomically).
struct kept_rows {
	uint32_t **row;
	uint64_t bytes;
};

// The own-hands row of state s made now, [0] its length; NULL when out of memory.
static uint32_t *self_row_new(const struct rules *rules, const struct hand_class *cls, uint32_t s)
{
	struct relation rel;
	uint32_t *row = NULL;
	if (!relation_init(&rel, 1))
		return NULL;
	fill_self_rows(rules, cls, s, s + 1, &rel);
	if (!rel.failed && (row = malloc((rel.edge_count + 1) * sizeof *row))) {
		row[0] = (uint32_t)rel.edge_count;
		memcpy(row + 1, rel.to, rel.edge_count * sizeof *row);
	}
	relation_free(&rel);
	return row;
}

const uint32_t *hand_class_light_row(const struct rules *rules, const struct hand_class *cls, uint32_t s,
				     uint32_t **fresh)
{
	struct kept_rows *k = cls->kept;
	uint32_t **slot = &k->row[s], *row = __atomic_load_n(slot, __ATOMIC_ACQUIRE), *none = NULL;
	*fresh = NULL;
	if (row)
		return row;
	if (!(row = self_row_new(rules, cls, s)))
		return NULL;
	uint64_t bytes = (row[0] + 1) * sizeof *row;
	if (__atomic_load_n(&k->bytes, __ATOMIC_RELAXED) + bytes > HAND_CLASS_KEPT_BYTES)
		return *fresh = row;
	if (!__atomic_compare_exchange_n(slot, &none, row, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return free(row), none; // another thread kept its row first
	__atomic_add_fetch(&k->bytes, bytes, __ATOMIC_RELAXED);
	return row;
}

// Row s * r + a: state s tapped by a live hand a (a zombie cannot be tapped).
static void fill_hits(const struct rules *rules, struct hand_class *cls)
{
	uint32_t to[RULES_MAX_HANDS];
	for (uint32_t s = 0; s < cls->states; s++) {
		for (unsigned a = 0; a < rules->modulus; a++) {
			size_t n = hand_class_hit_row(rules, cls, s, a, to);
			for (size_t i = 0; i < n; i++)
				relation_add(&cls->hit, to[i]);
			relation_end_row(&cls->hit);
		}
	}
}

enum status hand_class_build(const struct rules *rules, struct hand_class *cls, unsigned h,
			     struct error *err)
{
	unsigned r = rules->modulus;
	cls->hands = h;
	cls->count = (uint32_t)multiset_count(h, r);
	cls->states = cls->count * rules->lives + (rules->axis[AXIS_ZOMBIES] ? 1 : 0);
	cls->zombie = rules->axis[AXIS_ZOMBIES] ? cls->states - 1 : UINT32_MAX;
	cls->values = malloc((uint64_t)cls->states * h);
	cls->live_values = calloc((uint64_t)cls->states, h);
	if (rules->light && cls->values && cls->live_values && (cls->kept = calloc(1, sizeof *cls->kept)) &&
	    (cls->kept->row = calloc(cls->states, sizeof *cls->kept->row))) {
		fill_values(cls, r, rules->scale);
		return STATUS_OK;
	}
	if (rules->light)
		return error_set(err, STATUS_FAILURE, "out of memory building move tables");
	if (!cls->values || !cls->live_values || !relation_init(&cls->self, cls->states) ||
	    !relation_init(&cls->hit, (uint64_t)cls->states * r))
		return error_set(err, STATUS_FAILURE, "out of memory building move tables");
	fill_values(cls, r, rules->scale);
	fill_self(rules, cls);
	fill_hits(rules, cls);
	if (cls->self.failed || cls->hit.failed ||
	    !relation_invert(&cls->self, cls->states, 1, &cls->unself) ||
	    !relation_invert(&cls->hit, cls->states, r, &cls->unhit))
		return error_set(err, STATUS_FAILURE, "out of memory building move tables");
	return STATUS_OK;
}

void hand_class_free(struct hand_class *cls)
{
	for (uint32_t s = 0; cls->kept && cls->kept->row && s < cls->states; s++)
		free(cls->kept->row[s]);
	if (cls->kept)
		free(cls->kept->row);
	free(cls->kept);
	free(cls->values);
	free(cls->live_values);
	relation_free(&cls->self);
	relation_free(&cls->unself);
	relation_free(&cls->hit);
	relation_free(&cls->unhit);
}

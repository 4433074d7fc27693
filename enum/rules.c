// SPDX-License-Identifier: MIT
// Building a const struct rules (see rules.h): validate the numbers, apply the variant
// presets to the axes, pick the move families, and turn them into per-hand-count tables.
// Memory for the tables is estimated before anything large is allocated.
#include "rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "closed_form.h"
#include "families.h"
#include "multiset.h"
#include "variants.h"

static enum status check_numbers(const struct rules_spec *spec, struct error *err)
{
	if (spec->players < 2 || spec->players > RULES_MAX_PLAYERS)
		return error_set(err, STATUS_BAD_INPUT, "--players '%u': must be an integer from 2 to %d",
				 spec->players, RULES_MAX_PLAYERS);
	if (spec->rollover < 2 || spec->rollover > RULES_MAX_ROLLOVER)
		return error_set(err, STATUS_BAD_INPUT, "--rollover '%u': must be an integer from 2 to %d",
				 spec->rollover, RULES_MAX_ROLLOVER);
	for (unsigned s = 0; s < spec->players; s++)
		if (spec->hands[s] < 1 || spec->hands[s] > RULES_MAX_HANDS)
			return error_set(err, STATUS_BAD_INPUT,
					 "--hands '%u': must be an integer from 1 to %d", spec->hands[s],
					 RULES_MAX_HANDS);
	return STATUS_OK;
}

static enum status apply_variants(struct rules *rules, const struct rules_spec *spec,
				  struct error *err)
{
	struct axis_setter set;
	axis_setter_init(&set, err);
	for (int id = 0; id < VARIANT_COUNT; id++) {
		if (!(spec->variants & (UINT64_C(1) << id)))
			continue;
		enum variant_need need = variants_need((enum variant_id)id);
		if ((need == NEED_P2 && spec->players != 2) || (need == NEED_P3 && spec->players < 3))
			return error_set(err, STATUS_BAD_INPUT,
					 "variant %s: needs %s players, not %u", variants_name((enum variant_id)id),
					 need == NEED_P2 ? "exactly 2" : "3 or more", spec->players);
		variants_apply((enum variant_id)id, &set);
	}
	for (int a = 0; a < AXIS_COUNT; a++) {
		char source[40];
		snprintf(source, sizeof source, "option --%s", axis_name((enum axis)a));
		if (spec->axis[a])
			axis_set(&set, (enum axis)a, spec->axis[a] - 1, source);
	}
	if (set.status != STATUS_OK)
		return set.status;
	static const enum axis split_axes[] = {AXIS_REVIVE, AXIS_SUICIDE, AXIS_META, AXIS_SPLIT_KIND};
	if (set.value[AXIS_SPLITS] == SPLITS_OFF)
		for (size_t i = 0; i < sizeof split_axes / sizeof *split_axes; i++)
			if (set.source[split_axes[i]][0])
				return error_set(err, STATUS_BAD_INPUT,
						 "%s and %s contradict each other: %s changes splits, "
						 "which %s removes", set.source[AXIS_SPLITS],
						 set.source[split_axes[i]], set.source[split_axes[i]],
						 set.source[AXIS_SPLITS]);
	memcpy(rules->axis, set.value, sizeof rules->axis);
	return STATUS_OK;
}

// Estimate of the bytes of the tables of one class, made before building them: splits
// join multisets of equal total (n_t^2 edges for the n_t multisets of total t, and
// n_t * n_{t-r} more for meta), attacks add up to h targets per (rank, value) row.
static double class_bytes_estimate(unsigned h, unsigned r)
{
	unsigned max_total = h * (r - 1);
	double *dp = calloc((size_t)(h + 1) * (max_total + 1), sizeof *dp); // dp[k][t]
	if (!dp)
		return 1e30;
#define DP(k, t) dp[(size_t)(k) * (max_total + 1) + (t)]
	DP(0, 0) = 1;
	for (unsigned v = 0; v < r; v++)
		for (unsigned k = 1; k <= h; k++)
			for (unsigned t = v; t <= max_total; t++)
				DP(k, t) += DP(k - 1, t - v);
	double count = (double)multiset_count(h, r), edges = 0;
	for (unsigned t = 0; t <= max_total; t++)
		edges += DP(h, t) * (DP(h, t) + (t >= r ? DP(h, t - r) : 0));
#undef DP
	free(dp);
	return count * (2.0 * h + 16.0 * (r + 1) + 8.0 * r * h) + edges * 8;
}

struct self_ctx {
	const struct rules *rules;
	struct relation *rel;
	unsigned h;
};

// Adds the rank of hands a move produced, after the elimination rule.
static void add_settled(const struct rules *rules, struct relation *rel, uint8_t *hands, unsigned h)
{
	families_settle(rules, hands, h);
	relation_add(rel, (uint32_t)multiset_rank(hands, h));
}

static void add_result(void *ctx, const uint8_t *result)
{
	struct self_ctx *c = ctx;
	uint8_t hands[RULES_MAX_HANDS];
	memcpy(hands, result, c->h);
	add_settled(c->rules, c->rel, hands, c->h);
}

static void fill_values(struct hand_class *cls, unsigned r)
{
	uint8_t v[RULES_MAX_HANDS] = {0};
	for (;;) { // every ascending sequence, stored at its rank
		memcpy(cls->values + multiset_rank(v, cls->hands) * cls->hands, v, cls->hands);
		int k = (int)cls->hands - 1;
		while (k >= 0 && v[k] == r - 1)
			k--;
		if (k < 0)
			break;
		v[k]++;
		for (unsigned j = (unsigned)k + 1; j < cls->hands; j++)
			v[j] = v[k];
	}
	for (uint32_t i = 0; i < cls->count; i++) {
		const uint8_t *hv = cls->values + (uint64_t)i * cls->hands;
		uint8_t *live = cls->live_values + (uint64_t)i * cls->hands;
		unsigned n = 0;
		for (unsigned k = 0; k < cls->hands; k++)
			if (hv[k] && (n == 0 || live[n - 1] != hv[k]))
				live[n++] = hv[k];
	}
}

static void fill_hits(const struct rules *rules, struct hand_class *cls,
		      const struct move_family *fam)
{
	unsigned h = cls->hands, r = rules->rollover;
	for (uint32_t j = 0; j < cls->count; j++) {
		const uint8_t *hv = cls->values + (uint64_t)j * h;
		for (unsigned a = 0; a < r; a++) {
			for (unsigned k = 0; k < h && a > 0 && fam; k++) {
				if (hv[k] == 0 || (k > 0 && hv[k] == hv[k - 1]))
					continue;
				uint8_t out[RULES_MAX_HANDS];
				memcpy(out, hv, h);
				out[k] = (uint8_t)fam->tap(rules, a, hv[k]);
				multiset_sort(out, h);
				add_settled(rules, &cls->hit, out, h);
			}
			relation_end_row(&cls->hit);
		}
	}
}

static enum status build_class(const struct rules *rules, struct hand_class *cls, unsigned h,
			       struct error *err)
{
	unsigned r = rules->rollover;
	cls->hands = h;
	cls->count = (uint32_t)multiset_count(h, r);
	cls->values = malloc((uint64_t)cls->count * h);
	cls->live_values = calloc((uint64_t)cls->count, h);
	if (!cls->values || !cls->live_values || !relation_init(&cls->self, cls->count) ||
	    !relation_init(&cls->hit, (uint64_t)cls->count * r))
		return error_set(err, STATUS_FAILURE, "out of memory building move tables");
	fill_values(cls, r);
	const struct move_family *tapper = NULL;
	for (unsigned f = 0; f < rules->family_count; f++)
		if (rules->family[f]->tap)
			tapper = rules->family[f];
	struct self_ctx ctx = {rules, &cls->self, h};
	for (uint32_t i = 0; i < cls->count; i++) {
		for (unsigned f = 0; f < rules->family_count; f++)
			if (rules->family[f]->self_moves)
				rules->family[f]->self_moves(rules, cls->values + (uint64_t)i * h, h,
							     add_result, &ctx);
		relation_end_row(&cls->self);
	}
	fill_hits(rules, cls, tapper);
	if (cls->self.failed || cls->hit.failed ||
	    !relation_invert(&cls->self, cls->count, 1, &cls->unself) ||
	    !relation_invert(&cls->hit, cls->count, r, &cls->unhit))
		return error_set(err, STATUS_FAILURE, "out of memory building move tables");
	return STATUS_OK;
}

static void free_class(struct hand_class *cls)
{
	free(cls->values);
	free(cls->live_values);
	relation_free(&cls->self);
	relation_free(&cls->unself);
	relation_free(&cls->hit);
	relation_free(&cls->unhit);
}

static enum status size_classes(struct rules *rules, uint64_t max_bytes, struct error *err)
{
	double bytes = 0;
	rules->block = 1;
	for (unsigned s = 0; s < rules->players; s++) {
		unsigned h = rules->hands[s], c = 0;
		while (c < rules->class_count && rules->class[c].hands != h)
			c++;
		if (c == rules->class_count) {
			rules->class[rules->class_count++].hands = h;
			bytes += class_bytes_estimate(h, rules->rollover);
		}
		rules->class_of[s] = c;
		uint64_t count = multiset_count(h, rules->rollover);
		if (count > UINT32_MAX / rules->rollover ||
		    __builtin_mul_overflow(rules->block, count, &rules->block))
			return error_set(err, STATUS_BAD_INPUT,
					 "%u players, %u hands, rollover %u: more than 2^64 positions; too large to index",
					 rules->players, h, rules->rollover);
	}
	rules->period = closed_form_rotations(rules->players, rules->hands);
	if (__builtin_mul_overflow(rules->block, (uint64_t)rules->period, &rules->size))
		return error_set(err, STATUS_BAD_INPUT, "instance too large: more than 2^64 positions");
	if (max_bytes && bytes > (double)max_bytes)
		return error_set(err, STATUS_BAD_INPUT,
				 "instance too large: its move tables alone need about %.3g GiB, the limit is %.3g GiB",
				 bytes / (1 << 30), (double)max_bytes / (1 << 30));
	return STATUS_OK;
}

static void set_bounds(struct rules *rules)
{
	uint64_t most_self = 0, most_hit = 0, most_unself = 0, most_unhit = 0;
	unsigned most_hands = 0;
	for (unsigned c = 0; c < rules->class_count; c++) {
		struct hand_class *cls = &rules->class[c];
		uint64_t v;
		if ((v = relation_max_row(&cls->self)) > most_self) most_self = v;
		if ((v = relation_max_row(&cls->hit)) > most_hit) most_hit = v;
		if ((v = relation_max_row(&cls->unself)) > most_unself) most_unself = v;
		if ((v = relation_max_row(&cls->unhit)) > most_unhit) most_unhit = v;
		if (cls->hands > most_hands) most_hands = cls->hands;
		rules->table_bytes += (uint64_t)cls->count * cls->hands * 2 +
			(cls->self.rows + cls->unself.rows + cls->hit.rows + cls->unhit.rows + 4) * 8 +
			(cls->self.edge_count + cls->unself.edge_count + cls->hit.edge_count +
			 cls->unhit.edge_count) * 4;
	}
	uint64_t fwd = most_self + (rules->players - 1) * most_hands * most_hit + 1;
	uint64_t back = most_unself + (rules->players - 1) * most_hands * most_unhit + 1;
	rules->max_moves = fwd > back ? fwd : back;
}

static uint64_t start_index(const struct rules *rules)
{
	unsigned v = rules->axis[AXIS_START] == START_FULL ? rules->rollover - 1 : 1;
	uint64_t index = 0;
	for (unsigned k = rules->players; k-- > 0;) {
		const struct hand_class *cls = &rules->class[rules->class_of[k]];
		uint8_t hv[RULES_MAX_HANDS];
		memset(hv, (int)v, cls->hands);
		index = index * cls->count + multiset_rank(hv, cls->hands);
	}
	return index;
}

enum status rules_build(const struct rules_spec *spec, struct rules **out, struct error *err)
{
	*out = NULL;
	enum status st = check_numbers(spec, err);
	if (st != STATUS_OK)
		return st;
	struct rules *rules = calloc(1, sizeof *rules);
	if (!rules)
		return error_set(err, STATUS_FAILURE, "out of memory");
	rules->players = spec->players;
	rules->rollover = spec->rollover;
	rules->variants = spec->variants;
	memcpy(rules->hands, spec->hands, sizeof rules->hands);
	if ((st = apply_variants(rules, spec, err)) != STATUS_OK ||
	    (st = size_classes(rules, spec->max_bytes, err)) != STATUS_OK)
		goto fail;
	families_select(rules);
	for (unsigned c = 0; c < rules->class_count; c++)
		if ((st = build_class(rules, &rules->class[c], rules->class[c].hands, err)) != STATUS_OK)
			goto fail;
	set_bounds(rules);
	rules->start = start_index(rules);
	*out = rules;
	return STATUS_OK;
fail:
	rules_free(rules);
	return st;
}

void rules_set_start(struct rules *rules, uint64_t start)
{
	rules->start = start;
}

void rules_free(struct rules *rules)
{
	if (!rules)
		return;
	for (unsigned c = 0; c < rules->class_count; c++)
		free_class(&rules->class[c]);
	free(rules);
}

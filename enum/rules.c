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
#include "hand_class.h"
#include "multiset.h"
#include "size_text.h"
#include "variants.h"

static enum status check_numbers(const struct rules_spec *spec, struct error *err)
{
	if (spec->players < 2 || spec->players > RULES_MAX_PLAYERS)
		return error_set(err, STATUS_BAD_INPUT, "--players '%u': must be an integer from 2 to %d",
				 spec->players, RULES_MAX_PLAYERS);
	if (spec->rollover < 2 || spec->rollover > RULES_MAX_ROLLOVER)
		return error_set(err, STATUS_BAD_INPUT, "--rollover '%u': must be an integer from 2 to %d",
				 spec->rollover, RULES_MAX_ROLLOVER);
	if (spec->lives > RULES_MAX_LIVES)
		return error_set(err, STATUS_BAD_INPUT, "--lives '%u': must be an integer from 1 to %d",
				 spec->lives, RULES_MAX_LIVES);
	for (unsigned s = 0; s < spec->players; s++)
		if (spec->hands[s] < 1 || spec->hands[s] > RULES_MAX_HANDS)
			return error_set(err, STATUS_BAD_INPUT,
					 "--hands '%u': must be an integer from 1 to %d", spec->hands[s],
					 RULES_MAX_HANDS);
	return STATUS_OK;
}

// The variants the game is: those asked for, and sudden-death for --lives 1, which is that
// game (one life, lost at one finger), so both resolve to the same rules.
static uint64_t resolved_variants(const struct rules_spec *spec)
{
	return spec->variants | (spec->lives == 1 ? UINT64_C(1) << VARIANT_SUDDEN_DEATH : 0);
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
	if (spec->lives)
		axis_set(&set, AXIS_ELIMINATE, ELIMINATE_ONE_FINGER, "option --lives");
	if (set.status != STATUS_OK)
		return set.status;
	if (set.value[AXIS_ZOMBIES] && spec->players < 3)
		return error_set(err, STATUS_BAD_INPUT, "%s: zombies need 3 or more players, not %u",
				 set.source[AXIS_ZOMBIES], spec->players);
	if (set.value[AXIS_END] == END_MISERE) // the first player out wins: no zombie ever plays
		set.value[AXIS_ZOMBIES] = ZOMBIES_NO;
	memcpy(rules->axis, set.value, sizeof rules->axis);
	return STATUS_OK;
}

static enum status size_classes(struct rules *rules, uint64_t max_bytes, struct error *err)
{
	double bytes = 0;
	rules->block = 1;
	for (unsigned s = 0; s < rules->players; s++) {
		unsigned h = rules->hands[s], c = 0;
		while (c < rules->class_count && rules->class[c].hands != h)
			c++;
		if (c == rules->class_count)
			rules->class[rules->class_count++].hands = h;
		rules->class_of[s] = c;
		uint64_t count = multiset_count(h, rules->modulus); // states: count * lives (+ 1)
		if (count > UINT32_MAX / rules->modulus / (rules->lives + 1) ||
		    __builtin_mul_overflow(rules->block, count * rules->lives + (rules->axis[AXIS_ZOMBIES] ? 1 : 0),
					   &rules->block))
			return error_set(err, STATUS_BAD_INPUT,
					 "%u players with %u hands each, rollover %u: more than 2^64 positions; too large to index",
					 rules->players, h, rules->rollover);
	}
	for (unsigned c = 0; c < rules->class_count; c++) // the index fits: the counts are small
		bytes += hand_class_bytes_estimate(rules->class[c].hands, rules->modulus, rules->lives);
	rules->period = closed_form_rotations(rules->players, rules->hands);
	if (__builtin_mul_overflow(rules->block, (uint64_t)rules->period, &rules->size))
		return error_set(err, STATUS_BAD_INPUT, "instance too large: more than 2^64 positions");
	if (max_bytes && bytes > (double)max_bytes) {
		char need[SIZE_TEXT_MAX], limit[SIZE_TEXT_MAX];
		size_text(need, bytes);
		size_text(limit, (double)max_bytes);
		return error_set(err, STATUS_BAD_INPUT,
				 "instance too large: its move tables alone need about %s, the limit is %s (--max-memory)",
				 need, limit);
	}
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
		rules->table_bytes += (uint64_t)cls->states * cls->hands * 2 +
			(cls->self.rows + cls->unself.rows + cls->hit.rows + cls->unhit.rows + 4) * 8 +
			(cls->self.edge_count + cls->unself.edge_count + cls->hit.edge_count +
			 cls->unhit.edge_count) * 4;
	}
	if (rules->light) // no relations to measure: a state's own moves lead to distinct states
		for (unsigned c = 0; c < rules->class_count; c++)
			most_self = rules->class[c].states > most_self ? rules->class[c].states : most_self;
	most_hit = rules->light ? most_hands : most_hit;
	uint64_t fwd = most_self + (rules->players - 1) * most_hands * most_hit + 1;
	uint64_t back = most_unself + (rules->players - 1) * most_hands * most_unhit + 1;
	rules->max_moves = fwd > back ? fwd : back;
}

uint64_t rules_default_start(const struct rules *rules)
{
	uint64_t index = 0;
	for (unsigned k = rules->players; k-- > 0;) {
		const struct hand_class *cls = &rules->class[rules->class_of[k]];
		index = index * cls->states + hand_class_start(rules, cls);
	}
	return index;
}

static enum status build(const struct rules_spec *spec, bool light, struct rules **out, struct error *err)
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
	rules->variants = resolved_variants(spec);
	rules->lives = spec->lives ? spec->lives : 1;
	rules->light = light;
	rules->max_bytes = spec->max_bytes;
	memcpy(rules->hands, spec->hands, sizeof rules->hands);
	if ((st = apply_variants(rules, spec, err)) != STATUS_OK)
		goto fail;
	rules->scale = rules->axis[AXIS_STUMPS] ? 2 : 1;
	rules->modulus = rules->rollover * rules->scale;
	if (rules->modulus > RULES_MAX_ROLLOVER) {
		st = error_set(err, STATUS_BAD_INPUT, "--rollover '%u': with stumps (half fingers) at most %d",
			       rules->rollover, RULES_MAX_ROLLOVER / 2);
		goto fail;
	}
	if ((st = size_classes(rules, spec->max_bytes, err)) != STATUS_OK)
		goto fail;
	if (rules->axis[AXIS_ZOMBIES] && rules->period > 1) { // a zombie shows no hand count
		st = error_set(err, STATUS_BAD_INPUT, "zombies need the same number of hands for every player");
		goto fail;
	}
	families_select(rules);
	for (unsigned c = 0; c < rules->class_count; c++)
		if ((st = hand_class_build(rules, &rules->class[c], rules->class[c].hands, err)) != STATUS_OK)
			goto fail;
	set_bounds(rules);
	rules->start = rules_default_start(rules);
	*out = rules;
	return STATUS_OK;
fail:
	rules_free(rules);
	return st;
}

enum status rules_build(const struct rules_spec *spec, struct rules **out, struct error *err)
{
	return build(spec, false, out, err);
}

enum status rules_build_light(const struct rules_spec *spec, struct rules **out, struct error *err)
{
	return build(spec, true, out, err);
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
		hand_class_free(&rules->class[c]);
	free(rules);
}

// SPDX-License-Identifier: MIT
// Attack and split families (see families.h). Splits enumerate every multiset with the
// target total and filter by the split axes (revive, suicide); meta adds the total s - r.
#include "families.h"

#include <string.h>

static unsigned tap_rollover(const struct rules *rules, unsigned a, unsigned b)
{
	unsigned sum = a + b;
	return sum >= rules->rollover ? sum - rules->rollover : sum;
}

static unsigned tap_cutoff(const struct rules *rules, unsigned a, unsigned b)
{
	unsigned sum = a + b;
	return sum >= rules->rollover ? 0 : sum;
}

static unsigned dead_count(const uint8_t *v, unsigned h)
{
	unsigned dead = 0;
	for (unsigned i = 0; i < h; i++)
		dead += v[i] == 0;
	return dead;
}

// Whether a split from dead_before to dead_after dead hands obeys the split axes.
static int split_allowed(const struct rules *rules, unsigned dead_before, unsigned dead_after)
{
	if (dead_after > dead_before && !rules->axis[AXIS_SUICIDE])
		return 0;
	switch (rules->axis[AXIS_REVIVE]) {
	case REVIVE_NEVER: return dead_after >= dead_before;
	case REVIVE_REQUIRED: return dead_after < dead_before;
	default: return 1;
	}
}

struct split_walk {
	const struct rules *rules;
	const uint8_t *from;
	unsigned h, dead_before;
	uint8_t out[RULES_MAX_HANDS];
	void (*emit)(void *ctx, const uint8_t *result);
	void *ctx;
};

// Emits every ascending out[k..h) with values in [min, r) summing to left.
static void split_fill(struct split_walk *w, unsigned k, unsigned min, unsigned left)
{
	unsigned r = w->rules->rollover;
	if (k == w->h) {
		if (left == 0 && memcmp(w->out, w->from, w->h) != 0 &&
		    split_allowed(w->rules, w->dead_before, dead_count(w->out, w->h)))
			w->emit(w->ctx, w->out);
		return;
	}
	unsigned slots = w->h - k;
	for (unsigned v = min; v < r && v * slots <= left; v++) {
		if (left - v > (r - 1) * (slots - 1))
			continue; // the rest cannot hold what is left
		w->out[k] = (uint8_t)v;
		split_fill(w, k + 1, v, left - v);
	}
}

static void split_moves(const struct rules *rules, const uint8_t *hands, unsigned h,
			void (*emit)(void *ctx, const uint8_t *result), void *ctx)
{
	struct split_walk w = {rules, hands, h, dead_count(hands, h), {0}, emit, ctx};
	unsigned total = 0;
	for (unsigned i = 0; i < h; i++)
		total += hands[i];
	if (total == 0)
		return;
	split_fill(&w, 0, 0, total);
	if (rules->axis[AXIS_META] && total > rules->rollover)
		split_fill(&w, 0, 0, total - rules->rollover);
}

static const struct move_family attack_rollover = {"attack", NULL, tap_rollover};
static const struct move_family attack_cutoff = {"attack", NULL, tap_cutoff};
static const struct move_family split = {"split", split_moves, NULL};

void families_select(struct rules *rules)
{
	rules->family_count = 0;
	rules->family[rules->family_count++] =
		rules->axis[AXIS_OVERFLOW] == OVERFLOW_CUTOFF ? &attack_cutoff : &attack_rollover;
	if (rules->axis[AXIS_SPLITS] == SPLITS_ON)
		rules->family[rules->family_count++] = &split;
}

// SPDX-License-Identifier: MIT
// Attack and split families (see families.h). Splits enumerate every multiset with the
// target total and filter by the split axes (revive, suicide); meta adds the total s - r.
#include "families.h"

#include <string.h>

#include "hand_class.h"
#include "multiset.h"
#include "position.h"

static unsigned tap_rollover(const struct rules *rules, unsigned a, unsigned b)
{
	unsigned sum = a + b;
	return sum >= rules->modulus ? sum - rules->modulus : sum;
}

static unsigned tap_cutoff(const struct rules *rules, unsigned a, unsigned b)
{
	unsigned sum = a + b;
	return sum >= rules->modulus ? 0 : sum;
}

static unsigned tap(const struct rules *rules, unsigned a, unsigned b)
{
	return rules->axis[AXIS_OVERFLOW] == OVERFLOW_CUTOFF ? tap_cutoff(rules, a, b)
							     : tap_rollover(rules, a, b);
}

static unsigned dead_count(const uint8_t *v, unsigned h)
{
	unsigned dead = 0;
	for (unsigned i = 0; i < h; i++)
		dead += v[i] == 0;
	return dead;
}

// Hands showing a half finger (odd in half units; none without stumps).
static unsigned half_count(const struct rules *rules, const uint8_t *v, unsigned h)
{
	unsigned halves = 0;
	for (unsigned i = 0; i < h && rules->scale == 2; i++)
		halves += v[i] & 1;
	return halves;
}

struct split_walk {
	const struct rules *rules;
	const uint8_t *from;
	unsigned h, dead_before;
	uint8_t out[RULES_MAX_HANDS];
	void (*emit)(void *ctx, const uint8_t *result);
	void *ctx;
};

// Whether out is a split of from under the split axes: it differs, its dead hands obey the
// revive and suicide axes, and (stumps) it moves whole fingers, so the number of hands
// showing a half stays the same.
static int split_allowed(const struct split_walk *w)
{
	unsigned dead_after = dead_count(w->out, w->h);
	if (!memcmp(w->out, w->from, w->h) ||
	    half_count(w->rules, w->out, w->h) != half_count(w->rules, w->from, w->h) ||
	    (dead_after > w->dead_before && !w->rules->axis[AXIS_SUICIDE]))
		return 0;
	switch (w->rules->axis[AXIS_REVIVE]) {
	case REVIVE_NEVER: return dead_after >= w->dead_before;
	case REVIVE_REQUIRED: return dead_after < w->dead_before;
	default: return 1;
	}
}

// Emits every ascending out[k..h) with values in [min, r) summing to left.
static void split_fill(struct split_walk *w, unsigned k, unsigned min, unsigned left)
{
	unsigned r = w->rules->modulus;
	if (k == w->h) {
		if (left == 0 && split_allowed(w))
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

// The most even distribution of total over the hands (ascending), if the split kind
// allows it for this total.
static void split_even(struct split_walk *w, unsigned total)
{
	if (w->rules->axis[AXIS_SPLIT_KIND] == SPLIT_KIND_HALVES && total % w->h)
		return;
	for (unsigned k = 0; k < w->h; k++)
		w->out[k] = (uint8_t)(total / w->h + (k >= w->h - total % w->h));
	if (split_allowed(w))
		w->emit(w->ctx, w->out);
}

static void split_total(struct split_walk *w, unsigned total)
{
	if (w->rules->axis[AXIS_SPLIT_KIND] == SPLIT_KIND_FREE)
		split_fill(w, 0, 0, total);
	else
		split_even(w, total);
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
	split_total(&w, total);
	if (rules->axis[AXIS_META] && total > rules->modulus)
		split_total(&w, total - rules->modulus);
}

// Emits hands with hand k replaced by value, sorted.
static void emit_changed(const uint8_t *hands, unsigned h, unsigned k, unsigned value,
			 void (*emit)(void *ctx, const uint8_t *result), void *ctx)
{
	uint8_t out[RULES_MAX_HANDS];
	memcpy(out, hands, h);
	out[k] = (uint8_t)value;
	multiset_sort(out, h);
	emit(ctx, out);
}

static void self_attack_moves(const struct rules *rules, const uint8_t *hands, unsigned h,
			      void (*emit)(void *ctx, const uint8_t *result), void *ctx)
{
	for (unsigned i = 0; i < h; i++)
		for (unsigned j = 0; j < h; j++)
			if (i != j && hands[i] && hands[j])
				emit_changed(hands, h, j, tap(rules, hands[i], hands[j]), emit, ctx);
}

static void flip_moves(const struct rules *rules, const uint8_t *hands, unsigned h,
		       void (*emit)(void *ctx, const uint8_t *result), void *ctx)
{
	for (unsigned k = 0; k < h; k++)
		if (hands[k] && rules->modulus - hands[k] != hands[k])
			emit_changed(hands, h, k, rules->modulus - hands[k], emit, ctx);
}

// Stumps: a player whose only live hand shows one finger splits it into two halves.
static void stump_moves(const struct rules *rules, const uint8_t *hands, unsigned h,
			void (*emit)(void *ctx, const uint8_t *result), void *ctx)
{
	unsigned dead = dead_count(hands, h);
	if (h < 2 || dead != h - 1 || hands[h - 1] != rules->scale)
		return;
	uint8_t out[RULES_MAX_HANDS] = {0};
	out[h - 2] = out[h - 1] = (uint8_t)(rules->scale / 2);
	emit(ctx, out);
}

// Passes: the hands stay as they are (as a multiset) and the turn goes on.
static void pass_if(int allowed, const uint8_t *hands,
		    void (*emit)(void *ctx, const uint8_t *result), void *ctx)
{
	if (allowed)
		emit(ctx, hands);
}

static void swap_moves(const struct rules *rules, const uint8_t *hands, unsigned h,
		       void (*emit)(void *ctx, const uint8_t *result), void *ctx)
{
	(void)rules; // two unequal live hands: the largest live value differs from the smallest
	unsigned dead = dead_count(hands, h);
	pass_if(h - dead >= 2 && hands[dead] != hands[h - 1], hands, emit, ctx);
}

static void logan_moves(const struct rules *rules, const uint8_t *hands, unsigned h,
			void (*emit)(void *ctx, const uint8_t *result), void *ctx)
{
	(void)rules;
	unsigned dead = dead_count(hands, h);
	pass_if(dead > 0 && dead < h, hands, emit, ctx);
}

static void cherri_moves(const struct rules *rules, const uint8_t *hands, unsigned h,
			 void (*emit)(void *ctx, const uint8_t *result), void *ctx)
{
	(void)rules;
	pass_if(hands[0] != hands[h - 1], hands, emit, ctx);
}

static const struct move_family attack_rollover = {"attack", NULL, tap_rollover};
static const struct move_family attack_cutoff = {"attack", NULL, tap_cutoff};

// Families that exist when an axis has a value, in the order they are offered.
static const struct {
	enum axis axis;
	int value;
	struct move_family family;
} optional[] = {
	{AXIS_SPLITS, SPLITS_ON, {"split", split_moves, NULL}},
	{AXIS_SELF_ATTACK, 1, {"self-attack", self_attack_moves, NULL}},
	{AXIS_FLIP, 1, {"flip", flip_moves, NULL}},
	{AXIS_STUMPS, 1, {"stump", stump_moves, NULL}},
	{AXIS_SWAPS, 1, {"swap", swap_moves, NULL}},
	{AXIS_LOGAN, 1, {"logan", logan_moves, NULL}},
	{AXIS_CHERRI, 1, {"cherri", cherri_moves, NULL}},
};

static bool alive(const struct rules *rules, const struct pos *pos, unsigned k)
{
	return hand_class_alive(position_class(rules, pos->seat, k), pos->state[k]);
}

static unsigned count_alive(const struct rules *rules, const struct pos *pos)
{
	unsigned n = 0;
	for (unsigned k = 0; k < rules->players; k++)
		n += alive(rules, pos, k);
	return n;
}

static bool terminal_normal(const struct rules *rules, const struct pos *pos)
{
	return count_alive(rules, pos) <= 1;
}

static bool terminal_misere(const struct rules *rules, const struct pos *pos)
{
	return count_alive(rules, pos) < rules->players;
}

// The first slot whose aliveness is `want`.
static unsigned first_slot(const struct rules *rules, const struct pos *pos, bool want)
{
	for (unsigned k = 0; k < rules->players; k++)
		if (alive(rules, pos, k) == want)
			return k;
	return 0;
}

static unsigned winner_normal(const struct rules *rules, const struct pos *pos)
{
	return first_slot(rules, pos, true);
}

static unsigned winner_misere(const struct rules *rules, const struct pos *pos)
{
	return first_slot(rules, pos, false);
}

void families_select(struct rules *rules)
{
	rules->family_count = 0;
	rules->family[rules->family_count++] =
		rules->axis[AXIS_OVERFLOW] == OVERFLOW_CUTOFF ? &attack_cutoff : &attack_rollover;
	for (size_t i = 0; i < sizeof optional / sizeof *optional; i++)
		if (rules->axis[optional[i].axis] == optional[i].value)
			rules->family[rules->family_count++] = &optional[i].family;
	bool misere = rules->axis[AXIS_END] == END_MISERE;
	rules->terminal = misere ? terminal_misere : terminal_normal;
	rules->winner = misere ? winner_misere : winner_normal;
}

// SPDX-License-Identifier: MIT
// The canonical texts of a game (see describe.h).
#include "describe.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "position.h"
#include "variants.h"

struct text {
	char *buf;
	size_t len, used;
};

static void put(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct text *t, const char *fmt, ...)
{
	if (t->used >= t->len)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(t->buf + t->used, t->len - t->used, fmt, ap);
	va_end(ap);
	t->used += n > 0 ? (size_t)n : 0;
}

static void put_hands(struct text *t, const struct rules *rules)
{
	unsigned s = 1;
	while (s < rules->players && rules->hands[s] == rules->hands[0])
		s++;
	put(t, "%u", rules->hands[0]);
	for (unsigned k = 1; s < rules->players && k < rules->players; k++)
		put(t, ",%u", rules->hands[k]);
}

static const char *axis_text(const struct rules *rules, int a)
{
	return axis_values((enum axis)a)[rules->axis[a]];
}

void describe_settings(const struct rules *rules, char *buf, size_t len)
{
	struct text t = {buf, len, 0};
	char start[POSITION_CODE_MAX];
	buf[0] = '\0';
	position_format(rules, rules->start, start);
	put(&t, "players=%u hands=", rules->players);
	put_hands(&t, rules);
	put(&t, " rollover=%u lives=%u start=%s", rules->rollover, rules->lives, start);
	for (int a = 0; a < AXIS_COUNT; a++)
		put(&t, " %s=%s", axis_name((enum axis)a), axis_text(rules, a));
}

// The axes the preset of variant id sets, as a bit mask; *holds: whether rules agree.
static unsigned preset_axes(const struct rules *rules, enum variant_id id, bool *holds)
{
	struct axis_setter set;
	unsigned axes = 0;
	axis_setter_init(&set, NULL);
	variants_apply(id, &set);
	*holds = true;
	for (int a = 0; a < AXIS_COUNT; a++) {
		if (!set.source[a][0])
			continue;
		axes |= 1u << a;
		*holds = *holds && rules->axis[a] == set.value[a];
	}
	return axes;
}

// Axes whose value comes from elsewhere than a variant or axis option.
static unsigned implied_axes(const struct rules *rules)
{
	return rules->lives > 1 ? 1u << AXIS_ELIMINATE : 0;
}

uint64_t describe_variants(const struct rules *rules)
{
	uint64_t mask = 0;
	for (int id = 0; id < VARIANT_COUNT; id++) {
		bool holds;
		unsigned axes = preset_axes(rules, (enum variant_id)id, &holds);
		if (holds && !(axes & implied_axes(rules)))
			mask |= UINT64_C(1) << id;
	}
	return mask;
}

void describe_options(const struct rules *rules, char *buf, size_t len)
{
	struct text t = {buf, len, 0};
	buf[0] = '\0';
	if (rules->players != 2)
		put(&t, "--players %u ", rules->players);
	put(&t, "--hands ");
	put_hands(&t, rules);
	put(&t, " --rollover %u", rules->rollover);
	uint64_t mask = describe_variants(rules);
	unsigned covered = implied_axes(rules);
	const char *sep = " --variant ";
	for (int id = 0; id < VARIANT_COUNT; id++) {
		bool holds;
		if (!(mask >> id & 1))
			continue;
		put(&t, "%s%s", sep, variants_name((enum variant_id)id));
		covered |= preset_axes(rules, (enum variant_id)id, &holds);
		sep = ",";
	}
	for (int a = 0; a < AXIS_COUNT; a++)
		if (rules->axis[a] && !(covered >> a & 1))
			put(&t, " --%s %s", axis_name((enum axis)a), axis_text(rules, a));
	if (rules->lives > 1)
		put(&t, " --lives %u", rules->lives);
	if (rules->start != rules_default_start(rules)) {
		char start[POSITION_CODE_MAX];
		position_format(rules, rules->start, start);
		put(&t, " --start %s", start);
	}
}

void describe_game(const struct rules *rules, struct description *d)
{
	memset(d, 0, sizeof *d);
	d->players = rules->players;
	memcpy(d->hands, rules->hands, sizeof d->hands);
	d->rollover = rules->rollover;
	d->lives = rules->lives;
	memcpy(d->axis, rules->axis, sizeof d->axis);
	d->variants = describe_variants(rules);
	position_format(rules, rules->start, d->start);
	describe_options(rules, d->options, sizeof d->options);
	describe_settings(rules, d->settings, sizeof d->settings);
}

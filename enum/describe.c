// SPDX-License-Identifier: MIT
// The canonical texts of a game (see describe.h).
#include "describe.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "numparse.h"
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

// The value of key in the next token of *p ("key=value "), copied to out; advances *p.
static bool take(const char **p, const char *key, char *out, size_t len)
{
	size_t k = strlen(key), n = strcspn(*p, " ");
	if (strncmp(*p, key, k) || (*p)[k] != '=' || n - k - 1 >= len || n == k + 1)
		return false;
	memcpy(out, *p + k + 1, n - k - 1);
	out[n - k - 1] = '\0';
	*p += n + ((*p)[n] == ' ');
	return true;
}

static bool take_number(const char **p, const char *key, unsigned lo, unsigned hi, unsigned *out)
{
	char text[32];
	uint64_t v;
	if (!take(p, key, text, sizeof text) || !numparse_u64(text, (size_t)-1, lo, hi, &v))
		return false;
	*out = (unsigned)v;
	return true;
}

static bool take_hands(const char **p, struct rules_spec *spec)
{
	char text[128], *q = text;
	unsigned n = 0;
	if (!take(p, "hands", text, sizeof text))
		return false;
	for (uint64_t h; n < RULES_MAX_PLAYERS; q += strcspn(q, ",") + 1) {
		if (!numparse_u64(q, strcspn(q, ","), 1, RULES_MAX_HANDS, &h))
			return false;
		spec->hands[n++] = (unsigned)h;
		if (!q[strcspn(q, ",")])
			break;
	}
	for (unsigned k = n; n == 1 && k < RULES_MAX_PLAYERS; k++)
		spec->hands[k] = spec->hands[0];
	return n == 1 || n == spec->players;
}

bool describe_difference(const char *a, const char *b, const char **at_a, int *len_a,
			 const char **at_b, int *len_b)
{
	for (;;) {
		size_t la = strcspn(a, " "), lb = strcspn(b, " ");
		if (la != lb || strncmp(a, b, la)) {
			*at_a = a, *len_a = (int)la, *at_b = b, *len_b = (int)lb;
			return true;
		}
		if (!a[la] && !b[lb])
			return false;
		a += la + (a[la] == ' ');
		b += lb + (b[lb] == ' ');
	}
}

enum status describe_parse(const char *settings, struct rules_spec *spec, char *start, size_t len,
			   struct error *err)
{
	const char *p = settings;
	unsigned lives;
	memset(spec, 0, sizeof *spec);
	bool ok = take_number(&p, "players", 2, RULES_MAX_PLAYERS, &spec->players) && take_hands(&p, spec) &&
		  take_number(&p, "rollover", 2, RULES_MAX_ROLLOVER, &spec->rollover) &&
		  take_number(&p, "lives", 1, RULES_MAX_LIVES, &lives) && take(&p, "start", start, len);
	for (int a = 0; ok && a < AXIS_COUNT; a++) {
		char value[32];
		int v;
		ok = take(&p, axis_name((enum axis)a), value, sizeof value) && (v = axis_parse_value((enum axis)a, value)) >= 0;
		if (ok)
			spec->axis[a] = v + 1;
	}
	if (!ok || *p)
		return error_set(err, STATUS_BAD_INPUT, "rules '%.200s': not a settings line at '%.40s'", settings, p);
	spec->lives = lives > 1 ? lives : 0; // one life: no lives rule (the eliminate axis says the rest)
	return STATUS_OK;
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

// SPDX-License-Identifier: MIT
// What each named variant does: one apply_<id>() per row of variants.def, each a preset of
// axis values. Also the expansion of the axis table (axes.def: names, help, value names),
// the variant names, texts and the --variant list parser.
#include "variants.h"

#include <stdio.h>
#include <string.h>

struct axis_row {
	const char *name, *help;
	const char *values[AXIS_MAX_VALUES]; // by value, then NULL
};

static const struct axis_row axes[AXIS_COUNT] = {
#define VALUE(constant, name) name,
#define AXIS(id, name, help, values) [AXIS_##id] = {name, help, {values}},
#include "axes.def"
#undef AXIS
#undef VALUE
};

// Each row has room for its values and the NULL after them.
#define VALUE(constant, name) +1
#define AXIS(id, name, help, values) \
	_Static_assert(0 values < AXIS_MAX_VALUES, "axes.def: too many values for " name);
#include "axes.def"
#undef AXIS
#undef VALUE

const char *axis_name(enum axis axis) { return axes[axis].name; }
const char *axis_help(enum axis axis) { return axes[axis].help; }
const char *const *axis_values(enum axis axis) { return axes[axis].values; }

int axis_parse_value(enum axis axis, const char *text)
{
	for (int v = 0; axes[axis].values[v]; v++)
		if (!strcmp(axes[axis].values[v], text))
			return v;
	return -1;
}

void axis_setter_init(struct axis_setter *set, struct error *err)
{
	memset(set, 0, sizeof *set);
	set->err = err;
}

void axis_set(struct axis_setter *set, enum axis axis, int value, const char *source)
{
	if (set->source[axis][0] && set->value[axis] != value) {
		if (set->status == STATUS_OK)
			set->status = error_set(set->err, STATUS_BAD_INPUT,
				"%s and %s contradict each other: %s sets %s=%s, %s sets %s=%s",
				set->source[axis], source, set->source[axis], axes[axis].name,
				axes[axis].values[set->value[axis]], source, axes[axis].name,
				axes[axis].values[value]);
		return;
	}
	set->value[axis] = value;
	snprintf(set->source[axis], sizeof set->source[axis], "%s", source);
}

#define SET(axis, value) axis_set(set, axis, value, source)
static void apply_CUTOFF(struct axis_setter *set, const char *source) { SET(AXIS_OVERFLOW, OVERFLOW_CUTOFF); }
static void apply_SUICIDE(struct axis_setter *set, const char *source) { SET(AXIS_SUICIDE, SUICIDE_YES); }
static void apply_META(struct axis_setter *set, const char *source) { SET(AXIS_META, META_YES); }
static void apply_SUNS(struct axis_setter *set, const char *source) { SET(AXIS_START, START_FULL); }
static void apply_MISERE(struct axis_setter *set, const char *source) { SET(AXIS_END, END_MISERE); }
static void apply_TRANSFERS_ONLY(struct axis_setter *set, const char *source) { SET(AXIS_REVIVE, REVIVE_NEVER); }
static void apply_DIVISIONS_ONLY(struct axis_setter *set, const char *source) { SET(AXIS_REVIVE, REVIVE_REQUIRED); }
static void apply_ATTACKS_ONLY(struct axis_setter *set, const char *source) { SET(AXIS_SPLITS, SPLITS_OFF); }
static void apply_HALVES(struct axis_setter *set, const char *source) { SET(AXIS_SPLIT_KIND, SPLIT_KIND_HALVES); }
static void apply_HALVES_ODD(struct axis_setter *set, const char *source) { SET(AXIS_SPLIT_KIND, SPLIT_KIND_HALVES_ODD); }
static void apply_SELF_ATTACK(struct axis_setter *set, const char *source) { SET(AXIS_SELF_ATTACK, SELF_ATTACK_YES); }
static void apply_SWAPS(struct axis_setter *set, const char *source) { SET(AXIS_SWAPS, SWAPS_YES); }
static void apply_LOGAN(struct axis_setter *set, const char *source) { SET(AXIS_LOGAN, LOGAN_YES); }
static void apply_CHERRI(struct axis_setter *set, const char *source) { SET(AXIS_CHERRI, CHERRI_YES); }
static void apply_INTEGERS(struct axis_setter *set, const char *source) { SET(AXIS_FLIP, FLIP_YES); }
static void apply_SUDDEN_DEATH(struct axis_setter *set, const char *source) { SET(AXIS_ELIMINATE, ELIMINATE_ONE_FINGER); }
static void apply_ZOMBIES(struct axis_setter *set, const char *source) { SET(AXIS_ZOMBIES, ZOMBIES_YES); }
static void apply_STUMPS(struct axis_setter *set, const char *source) { SET(AXIS_STUMPS, STUMPS_YES); }
#undef SET

struct variant_row {
	const char *name, *summary, *rule;
	enum variant_need need;
	void (*apply)(struct axis_setter *set, const char *source);
};

static const struct variant_row table[VARIANT_COUNT] = {
#define VARIANT(id, name, need, summary, rule) [VARIANT_##id] = {name, summary, rule, need, apply_##id},
#include "variants.def"
#undef VARIANT
};

void variants_apply(enum variant_id id, struct axis_setter *set)
{
	char source[40];
	snprintf(source, sizeof source, "variant %s", table[id].name);
	table[id].apply(set, source);
}

const char *variants_name(enum variant_id id) { return table[id].name; }
const char *variants_summary(enum variant_id id) { return table[id].summary; }
const char *variants_rule(enum variant_id id) { return table[id].rule; }
enum variant_need variants_need(enum variant_id id) { return table[id].need; }

void variants_axes_text(enum variant_id id, char *buf, size_t len)
{
	struct axis_setter set;
	axis_setter_init(&set, NULL);
	variants_apply(id, &set);
	size_t used = 0;
	buf[0] = '\0';
	for (int a = 0; a < AXIS_COUNT; a++) {
		if (!set.source[a][0] || used >= len)
			continue;
		used += (size_t)snprintf(buf + used, len - used, "%s%s=%s", used ? " " : "",
					 axes[a].name, axes[a].values[set.value[a]]);
	}
}

static void valid_names(char *buf, size_t len)
{
	variants_format_list((UINT64_C(1) << VARIANT_COUNT) - 1, buf, len);
}

enum status variants_parse_list(const char *list, uint64_t *mask, struct error *err)
{
	uint64_t bits = 0;
	const char *p = list;
	while (*p) {
		size_t n = strcspn(p, ",");
		int found = -1;
		for (int id = 0; id < VARIANT_COUNT; id++)
			if (strlen(table[id].name) == n && strncmp(p, table[id].name, n) == 0)
				found = id;
		char names[512];
		valid_names(names, sizeof names);
		if (found < 0)
			return error_set(err, STATUS_BAD_INPUT, "'%.*s': unknown variant (valid: %s)",
					 (int)(n > 60 ? 60 : n), p, names);
		if (bits & (UINT64_C(1) << found))
			return error_set(err, STATUS_BAD_INPUT, "'%s': variant given twice (valid: %s)",
					 table[found].name, names);
		bits |= UINT64_C(1) << found;
		p += n;
		if (*p == ',') {
			p++;
			if (!*p)
				return error_set(err, STATUS_BAD_INPUT,
						 "'%s': empty variant name after the last comma (valid: %s)",
						 list, names);
		}
	}
	*mask = bits;
	return STATUS_OK;
}

void variants_format_list(uint64_t mask, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int id = 0; id < VARIANT_COUNT && used < len; id++)
		if (mask & (UINT64_C(1) << id))
			used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? "," : "",
						 table[id].name);
}

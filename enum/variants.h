// SPDX-License-Identifier: MIT
// Named variants (variants.def) as presets of axis values, their names and texts, and the
// parser of `--variant LIST`. Axis conflicts are found here, when two sources set one axis
// to different values; the message names both sources.
#ifndef CHOPSTICKS_ENUM_VARIANTS_H
#define CHOPSTICKS_ENUM_VARIANTS_H

#include <stdint.h>

#include "error.h"
#include "rules.h"

enum variant_need { NEED_ANY, NEED_P2, NEED_P3 };

struct axis_setter {
	int value[AXIS_COUNT];
	char source[AXIS_COUNT][40]; // "" while the axis has its default value
	enum status status;          // first failure, STATUS_OK while none
	struct error *err;
};

// Default axis values (standard rules), no sources recorded.
void axis_setter_init(struct axis_setter *set, struct error *err);
// Sets axis to value on behalf of source; on a conflicting earlier setting records
// STATUS_BAD_INPUT in set->status and set->err (the first failure is kept).
void axis_set(struct axis_setter *set, enum axis axis, int value, const char *source);
// The name of an axis ("overflow"), its one-line help text, and the names of its values
// ("rollover", "cutoff"; NULL-terminated, the default first), all from axes.def.
const char *axis_name(enum axis axis);
const char *axis_help(enum axis axis);
const char *const *axis_values(enum axis axis);
// Parses the value name of axis; -1 if unknown.
int axis_parse_value(enum axis axis, const char *text);
// Applies the preset of variant id to set.
void variants_apply(enum variant_id id, struct axis_setter *set);

const char *variants_name(enum variant_id id);
const char *variants_summary(enum variant_id id);
const char *variants_rule(enum variant_id id);
enum variant_need variants_need(enum variant_id id);
// The axis settings of variant id as text, e.g. "overflow=cutoff"; buf holds len bytes.
void variants_axes_text(enum variant_id id, char *buf, size_t len);

// Parses a comma-separated list of names into a bit mask (1 << id). An empty list gives 0.
// Unknown or repeated names: STATUS_BAD_INPUT, with the valid names in the message.
enum status variants_parse_list(const char *list, uint64_t *mask, struct error *err);
// Writes the names of mask, comma-separated in table order ("" for none), into buf.
void variants_format_list(uint64_t mask, char *buf, size_t len);

#endif

// SPDX-License-Identifier: MIT
// `chopsticks variants`: every named variant with its exact rule and its axis settings,
// expanded from enum/variants.def (text, csv or json), then the rules of the source
// article's variant list that are not modelled, each with the reason (text and json).
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "output.h"
#include "record.h"
#include "text.h"
#include "variants.h"

static const char help[] =
	"usage: chopsticks variants [--format text|csv|json]\n"
	"Lists each variant: name, who it applies to, the axis settings it makes, and its exact\n"
	"rule. Variants combine freely unless two set the same axis to different values\n"
	"(transfers-only,divisions-only; halves,halves-odd); such a mix is refused. Split\n"
	"variants with attacks-only are accepted and have no effect (there are no splits).\n"
	"Text wraps the summaries and rules to the terminal width ($COLUMNS, else the terminal's,\n"
	"80 when not a terminal). CSV columns: name,players,axes,summary,rule. JSON: {\"variants\":[{name,players,axes,summary,rule}],\n"
	"\"not_modelled\":[{name,why}]}. Text and JSON end with the rules of the source article's\n"
	"variant list that are not modelled, and why (CSV lists the modelled variants only).\n"
	"  --axes    list the rule axes instead: each can be set directly (--overflow cutoff);\n"
	"            the first value is the standard rule (CSV: axis,values)\n";

static const struct extra_option extra[] = {{"--axes", false, NULL, 0}};
static const struct command_args command = {"variants", NULL, 0, FORMATS_DATA, extra, 1, NULL, help};
const struct command_args *cmd_variants_args(void) { return &command; }

static void axis_row(struct record *r, uint64_t a, const void *ctx)
{
	(void)ctx;
	const char *const *values = axis_values((enum axis)a);
	record_str(r, "axis", axis_name((enum axis)a));
	if (r->format == FORMAT_JSON) {
		record_array(r, "values");
		for (int i = 0; values[i]; i++)
			record_str(r, NULL, values[i]);
		record_close(r);
	} else {
		char list[128] = "";
		for (int i = 0; values[i]; i++)
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? "," : "", values[i]);
		record_str(r, "values", list);
	}
}

static int print_axes(enum format format)
{
	if (format != FORMAT_TEXT) {
		record_list(stdout, format, "axes", AXIS_COUNT, axis_row, NULL);
		return 0;
	}
	for (int a = 0; a < AXIS_COUNT; a++) {
		const char *const *values = axis_values((enum axis)a);
		printf("--%-12s", axis_name((enum axis)a));
		for (int i = 0; values[i]; i++)
			printf("%s%s", i ? "," : " ", values[i]);
		putchar('\n');
	}
	return 0;
}

// The source article's variants that no setting of the rules can express.
static const struct {
	const char *name, *why;
} not_modelled[] = {
	{"wet-jackson",
	 "The one rule of the source article's variant list that depends on a player's body, not "
	 "on the position: what it allows turns on the player's own hands themselves, which a "
	 "position (the fingers each hand shows, and who moves) does not record. A solver works "
	 "on positions only, so no rule setting and no solver can model it."},
};
enum { NOT_MODELLED = sizeof not_modelled / sizeof not_modelled[0] };

static const char *const need_text[] = {"any", "2", "3+"};
static const char *const keys[] = {"name", "players", "axes", "summary", "rule"};

// The five fields of variant v, in the order of keys (axes: room for its text).
static void variant_fields(enum variant_id v, const char *fields[5], char *axes, size_t len)
{
	variants_axes_text(v, axes, len);
	fields[0] = variants_name(v);
	fields[1] = need_text[variants_need(v)];
	fields[2] = axes;
	fields[3] = variants_summary(v);
	fields[4] = variants_rule(v);
}

static void variant_row(struct record *r, uint64_t id, const void *ctx)
{
	(void)ctx;
	const char *fields[5];
	char axes[256];
	variant_fields((enum variant_id)id, fields, axes, sizeof axes);
	for (int f = 0; f < 5; f++)
		record_str(r, keys[f], fields[f]);
}

static void not_modelled_row(struct record *r, uint64_t i, const void *ctx)
{
	(void)ctx;
	record_str(r, "name", not_modelled[i].name);
	record_str(r, "why", not_modelled[i].why);
}

// One JSON array of count objects, each written by row.
static void json_array(struct record *r, const char *name, int count, record_row_fn *row)
{
	record_array(r, name);
	for (int i = 0; i < count; i++) {
		record_object(r, NULL);
		row(r, (uint64_t)i, NULL);
		record_close(r);
	}
	record_close(r);
}

// JSON: {"variants":[...],"not_modelled":[{name,why}]}.
static int print_json(void)
{
	struct record r;
	record_begin(&r, stdout, FORMAT_JSON);
	json_array(&r, "variants", VARIANT_COUNT, variant_row);
	json_array(&r, "not_modelled", NOT_MODELLED, not_modelled_row);
	record_end(&r);
	return 0;
}

int cmd_variants(int argc, char **argv)
{
	struct cli_options opt;
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0)
		return rc;
	if (opt.extra_set[0])
		return print_axes(opt.format);
	if (opt.format == FORMAT_CSV) {
		record_list(stdout, opt.format, "variants", VARIANT_COUNT, variant_row, NULL);
		return 0;
	}
	if (opt.format == FORMAT_JSON)
		return print_json();
	unsigned width = text_width();
	for (int id = 0; id < VARIANT_COUNT; id++) {
		const char *fields[5];
		char axes[256];
		variant_fields((enum variant_id)id, fields, axes, sizeof axes);
		printf("%s\n", fields[0]);
		for (int f = 1; f < 5; f++) {
			printf("  %-8s ", keys[f]);
			text_wrap(stdout, fields[f], 11, 11, width);
		}
	}
	for (int i = 0; i < NOT_MODELLED; i++) {
		printf("%s (not modelled)\n  %-8s ", not_modelled[i].name, "why");
		text_wrap(stdout, not_modelled[i].why, 11, 11, width);
	}
	return 0;
}

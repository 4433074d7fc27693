// SPDX-License-Identifier: MIT
// `chopsticks variants`: every named variant with its exact rule and its axis settings,
// expanded from enum/variants.def (text, csv or json).
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
	"80 when not a terminal). CSV columns: name,players,axes,summary,rule. JSON: {\"variants\":[{name,players,axes,summary,rule}]}.\n"
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

int cmd_variants(int argc, char **argv)
{
	struct cli_options opt;
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0)
		return rc;
	if (opt.extra_set[0])
		return print_axes(opt.format);
	if (opt.format != FORMAT_TEXT) {
		record_list(stdout, opt.format, "variants", VARIANT_COUNT, variant_row, NULL);
		return 0;
	}
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
	return 0;
}

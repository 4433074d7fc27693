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

static int print_axes(enum format format)
{
	if (format == FORMAT_CSV)
		puts("axis,values");
	if (format == FORMAT_JSON)
		printf("{\"axes\":[");
	for (int a = 0; a < AXIS_COUNT; a++) {
		const char *const *values = axis_values((enum axis)a);
		char list[128] = "";
		for (int i = 0; values[i]; i++)
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? "," : "", values[i]);
		if (format == FORMAT_TEXT)
			printf("--%-12s %s\n", axis_name((enum axis)a), list);
		if (format == FORMAT_CSV)
			printf("%s,\"%s\"\n", axis_name((enum axis)a), list);
		if (format == FORMAT_JSON) {
			printf("%s{\"axis\":\"%s\",\"values\":[", a ? "," : "", axis_name((enum axis)a));
			for (int i = 0; values[i]; i++)
				printf("%s\"%s\"", i ? "," : "", values[i]);
			printf("]}");
		}
	}
	if (format == FORMAT_JSON)
		printf("]}\n");
	return 0;
}

static const char *const need_text[] = {"any", "2", "3+"};

int cmd_variants(int argc, char **argv)
{
	struct cli_options opt;
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0)
		return rc;
	if (opt.extra_set[0])
		return print_axes(opt.format);
	unsigned width = text_width();
	if (opt.format == FORMAT_CSV)
		puts("name,players,axes,summary,rule");
	if (opt.format == FORMAT_JSON)
		printf("{\"variants\":[");
	for (int id = 0; id < VARIANT_COUNT; id++) {
		enum variant_id v = (enum variant_id)id;
		char axes[256];
		variants_axes_text(v, axes, sizeof axes);
		const char *fields[] = {variants_name(v), need_text[variants_need(v)], axes,
					variants_summary(v), variants_rule(v)};
		const char *keys[] = {"name", "players", "axes", "summary", "rule"};
		for (int f = 0; f < 5; f++) {
			if (opt.format == FORMAT_TEXT && f == 0)
				printf("%s\n", fields[0]);
			else if (opt.format == FORMAT_TEXT) {
				printf("  %-8s ", keys[f]);
				text_wrap(stdout, fields[f], 11, 11, width);
			}
			if (opt.format == FORMAT_CSV) {
				record_csv_field(stdout, fields[f]);
				putchar(f == 4 ? '\n' : ',');
			}
			if (opt.format == FORMAT_JSON) {
				printf("%s\"%s\":", f == 0 ? (id ? ",{" : "{") : ",", keys[f]);
				record_json_string(stdout, fields[f]);
			}
		}
		if (opt.format == FORMAT_JSON)
			putchar('}');
	}
	if (opt.format == FORMAT_JSON)
		printf("]}\n");
	return 0;
}

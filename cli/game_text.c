// SPDX-License-Identifier: MIT
// The game's name in each output format (see game_text.h).
#include "game_text.h"

#include "describe.h"
#include "output.h"
#include "position.h"
#include "variants.h"

void game_text_header(FILE *f, const struct rules *rules)
{
	char buf[DESCRIBE_MAX];
	describe_options(rules, buf, sizeof buf);
	fprintf(f, "game: %s\n", buf);
	describe_settings(rules, buf, sizeof buf);
	fprintf(f, "rules: %s\n", buf);
}

void game_json_rules(FILE *f, const struct rules *rules)
{
	char buf[DESCRIBE_MAX];
	fprintf(f, "{\"players\":%u,\"hands\":[", rules->players);
	for (unsigned k = 0; k < rules->players; k++)
		fprintf(f, "%s%u", k ? "," : "", rules->hands[k]);
	position_format(rules, rules->start, buf);
	fprintf(f, "],\"rollover\":%u,\"lives\":%u,\"start\":", rules->rollover, rules->lives);
	output_json_string(f, buf);
	fputs(",\"variants\":", f);
	output_json_variants(f, describe_variants(rules));
	fputs(",\"axes\":{", f);
	for (int a = 0; a < AXIS_COUNT; a++) {
		fprintf(f, "%s\"%s\":", a ? "," : "", axis_name((enum axis)a));
		output_json_string(f, axis_values((enum axis)a)[rules->axis[a]]);
	}
	describe_options(rules, buf, sizeof buf);
	fputs("},\"options\":", f);
	output_json_string(f, buf);
	describe_settings(rules, buf, sizeof buf);
	fputs(",\"settings\":", f);
	output_json_string(f, buf);
	fputc('}', f);
}

void game_csv_field(FILE *f, const struct rules *rules)
{
	char buf[DESCRIBE_MAX];
	describe_options(rules, buf, sizeof buf);
	output_csv_field(f, buf);
}

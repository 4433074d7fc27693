// SPDX-License-Identifier: MIT
// The game's name in each output format (see game_text.h).
#include "game_text.h"

#include "output.h"
#include "record.h"
#include "variants.h"

void game_text_header_of(FILE *f, const struct description *d)
{
	fprintf(f, "game: %s\nrules: %s\n", d->options, d->settings);
}

void game_json_rules_of(FILE *f, const struct description *d)
{
	fprintf(f, "{\"players\":%u,\"hands\":", d->players);
	output_json_hands(f, d->players, d->hands);
	fprintf(f, ",\"rollover\":%u,\"lives\":%u,\"start\":", d->rollover, d->lives);
	record_json_string(f, d->start);
	fputs(",\"variants\":", f);
	output_json_variants(f, d->variants);
	fputs(",\"axes\":{", f);
	for (int a = 0; a < AXIS_COUNT; a++) {
		fprintf(f, "%s\"%s\":", a ? "," : "", axis_name((enum axis)a));
		record_json_string(f, axis_values((enum axis)a)[d->axis[a]]);
	}
	fputs("},\"options\":", f);
	record_json_string(f, d->options);
	fputs(",\"settings\":", f);
	record_json_string(f, d->settings);
	fputc('}', f);
}

void game_csv_field_of(FILE *f, const struct description *d)
{
	record_csv_field(f, d->options);
}

void game_text_header(FILE *f, const struct rules *rules)
{
	struct description d;
	describe_game(rules, &d);
	game_text_header_of(f, &d);
}

void game_json_rules(FILE *f, const struct rules *rules)
{
	struct description d;
	describe_game(rules, &d);
	game_json_rules_of(f, &d);
}

void game_csv_field(FILE *f, const struct rules *rules)
{
	struct description d;
	describe_game(rules, &d);
	game_csv_field_of(f, &d);
}

// SPDX-License-Identifier: MIT
// The game's name in each output format (see game_text.h).
#include "game_text.h"

#include <stdlib.h>

#include "variants.h"

void game_record_hands(struct record *r, const char *name, unsigned players, const unsigned *hands)
{
	record_array(r, name);
	for (unsigned k = 0; k < players; k++)
		record_uint(r, NULL, hands[k]);
	record_close(r);
}

void game_record_variants(struct record *r, const char *name, uint64_t variants)
{
	record_array(r, name);
	for (int id = 0; id < VARIANT_COUNT; id++)
		if (variants & (UINT64_C(1) << id))
			record_str(r, NULL, variants_name((enum variant_id)id));
	record_close(r);
}

// The fields of the JSON object "rules".
static void rules_fields(struct record *r, const struct description *d)
{
	record_uint(r, "players", d->players);
	game_record_hands(r, "hands", d->players, d->hands);
	record_uint(r, "rollover", d->rollover);
	record_uint(r, "lives", d->lives);
	record_str(r, "start", d->start);
	game_record_variants(r, "variants", d->variants);
	record_object(r, "axes");
	for (int a = 0; a < AXIS_COUNT; a++)
		record_str(r, axis_name((enum axis)a), axis_values((enum axis)a)[d->axis[a]]);
	record_close(r);
	record_str(r, "options", d->options);
	record_str(r, "settings", d->settings);
}

void game_record_rules(struct record *r, const char *name, const struct description *d)
{
	record_object(r, name);
	rules_fields(r, d);
	record_close(r);
}

char *game_rules_json(const struct description *d)
{
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return NULL;
	struct record r;
	record_begin(&r, f, FORMAT_JSON);
	rules_fields(&r, d);
	record_end_inline(&r);
	if (fclose(f) != 0 || !text)
		return free(text), NULL;
	return text;
}

void game_record_of(struct record *r, const struct description *d)
{
	if (r->format == FORMAT_JSON) {
		game_record_rules(r, "rules", d);
	} else if (r->format == FORMAT_CSV) {
		record_str(r, "game", d->options);
	} else {
		record_str(r, "game", d->options);
		record_str(r, "rules", d->settings);
	}
}

void game_record(struct record *r, const struct rules *rules)
{
	struct description d;
	describe_game(rules, &d);
	game_record_of(r, &d);
}

void game_text_header_of(FILE *f, const struct description *d)
{
	struct record r;
	record_begin(&r, f, FORMAT_TEXT);
	game_record_of(&r, d);
	record_end(&r);
}

void game_text_header(FILE *f, const struct rules *rules)
{
	struct description d;
	describe_game(rules, &d);
	game_text_header_of(f, &d);
}

// SPDX-License-Identifier: MIT
// How every output names its game (describe.h's texts), as one record field: two lines
// "game: OPTIONS" and "rules: SETTINGS" in text, a "rules" object in JSON, a "game" column
// (the option string) in CSV. The _of forms take a description kept from rules already
// freed (table rows, atlas cells).
#ifndef CHOPSTICKS_PROGRAMS_GAME_TEXT_H
#define CHOPSTICKS_PROGRAMS_GAME_TEXT_H

#include <stdio.h>

#include "describe.h"
#include "record.h"
#include "rules.h"

// The paragraph of --help that says how outputs name their game.
#define GAME_TEXT_HELP \
	"The game: text output starts with 'game: OPTIONS' (the shortest options that rebuild\n" \
	"these rules; paste them back) and 'rules: SETTINGS' (every setting, one canonical line);\n" \
	"JSON carries \"rules\": {players, hands (an array), rollover, lives, start, variants,\n" \
	"axes, options, settings}; CSV ends every row with the column game (OPTIONS).\n"

// The game in r's format: text "game: --hands 2 --rollover 5\nrules: players=2 ... stumps=no\n";
// JSON "rules":{"players":2,"hands":[2,2],"rollover":5,"lives":1,"start":"1111",
// "variants":[...],"axes":{"overflow":"rollover",...},"options":"...","settings":"..."};
// CSV the field game (the options).
void game_record(struct record *r, const struct rules *rules);
void game_record_of(struct record *r, const struct description *d);
// JSON: the "rules" object alone, under name (NULL in an array).
void game_record_rules(struct record *r, const char *name, const struct description *d);
// That object's JSON text, made once for outputs that write it on every line (record_json);
// malloc'd, NULL when out of memory.
char *game_rules_json(const struct description *d);
// Fields of their own: hands as an array, one count per seat ([2,2]); variant names.
void game_record_hands(struct record *r, const char *name, unsigned players, const unsigned *hands);
void game_record_variants(struct record *r, const char *name, uint64_t variants);

// The text header on f, for text printed by hand after it.
void game_text_header(FILE *f, const struct rules *rules);
void game_text_header_of(FILE *f, const struct description *d);

#endif

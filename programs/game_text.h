// SPDX-License-Identifier: MIT
// How every output names its game (describe.h's texts): a two-line header in text, a
// "rules" object in JSON, a "game" column (the option string) in CSV. The _of forms take a
// description kept from rules already freed (table rows, atlas cells).
#ifndef CHOPSTICKS_PROGRAMS_GAME_TEXT_H
#define CHOPSTICKS_PROGRAMS_GAME_TEXT_H

#include <stdio.h>

#include "describe.h"
#include "rules.h"

// The paragraph of --help that says how outputs name their game.
#define GAME_TEXT_HELP \
	"The game: text output starts with 'game: OPTIONS' (the shortest options that rebuild\n" \
	"these rules; paste them back) and 'rules: SETTINGS' (every setting, one canonical line);\n" \
	"JSON carries \"rules\": {players, hands (an array), rollover, lives, start, variants,\n" \
	"axes, options, settings}; CSV ends every row with the column game (OPTIONS).\n"

// "game: --hands 2 --rollover 5\nrules: players=2 hands=2 ... stumps=no\n".
void game_text_header(FILE *f, const struct rules *rules);
void game_text_header_of(FILE *f, const struct description *d);
// {"players":2,"hands":[2,2],"rollover":5,"lives":1,"start":"1111","variants":[...],
//  "axes":{"overflow":"rollover",...},"options":"--hands 2 --rollover 5","settings":"..."}
void game_json_rules(FILE *f, const struct rules *rules);
void game_json_rules_of(FILE *f, const struct description *d);
// The option string as one CSV field.
void game_csv_field(FILE *f, const struct rules *rules);
void game_csv_field_of(FILE *f, const struct description *d);

#endif

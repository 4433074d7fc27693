// SPDX-License-Identifier: MIT
// How every output names its game (describe.h's texts): a two-line header in text, a
// "rules" object in JSON, a "game" column (the option string) in CSV.
#ifndef CHOPSTICKS_CLI_GAME_TEXT_H
#define CHOPSTICKS_CLI_GAME_TEXT_H

#include <stdio.h>

#include "rules.h"

// "game: --hands 2 --rollover 5\nrules: players=2 hands=2 ... stumps=no\n".
void game_text_header(FILE *f, const struct rules *rules);
// {"players":2,"hands":[2,2],"rollover":5,"lives":1,"start":"1111","variants":[...],
//  "axes":{"overflow":"rollover",...},"options":"--hands 2 --rollover 5","settings":"..."}
void game_json_rules(FILE *f, const struct rules *rules);
// The option string as one CSV field.
void game_csv_field(FILE *f, const struct rules *rules);

#endif

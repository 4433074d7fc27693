// SPDX-License-Identifier: MIT
// What the programs draw a game with, beyond include/chopsticks.h: the internal rules of a
// game handle, for the writers of programs/ (game_text.h's "rules" object). Internal: not
// exported from the shared library; outside code uses chop_game_settings and _options.
#ifndef CHOPSTICKS_LIB_API_DRAW_H
#define CHOPSTICKS_LIB_API_DRAW_H

#include "chopsticks.h"
#include "rules.h"

// The rules of game (owned by it, valid while it lives; read-only, so thread-safe).
const struct rules *api_game_rules(const chop_game *game);

#endif

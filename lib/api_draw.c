// SPDX-License-Identifier: MIT
// Drawing a position (chop_game_hands): each player's hands as codes write them, for a front
// end that draws fingers (chopsticks serve's page). Reads the game only, so thread-safe.
#include "api_draw.h"

#include <string.h>

#include "api.h"
#include "position.h"

const struct rules *api_game_rules(const chop_game *game)
{
	return game->rules;
}

unsigned chop_game_hands(const chop_game *game, uint64_t index, unsigned k, char *buf, size_t len)
{
	const struct rules *rules = game->rules;
	if (index >= rules->size || k >= rules->players)
		return 0;
	uint8_t hands[RULES_MAX_HANDS];
	char text[POSITION_CODE_MAX];
	unsigned n = position_hands(rules, index, k, hands);
	size_t at = 0;
	for (unsigned i = 0; i < n; i++) {
		if (i)
			text[at++] = ',';
		at += (size_t)position_hand_text(rules, hands[i], text + at);
	}
	if (!buf || at >= len)
		return 0;
	memcpy(buf, text, at);
	buf[at] = '\0';
	return n;
}

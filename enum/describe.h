// SPDX-License-Identifier: MIT
// The one description of a game: its resolved rules (players, hands, rollover, lives, start
// and every axis value) as a canonical line of settings, and the shortest option string that
// rebuilds them (named variants where they fit, axis options for the rest). Two option sets
// that resolve to the same rules get the same texts, so the texts identify a game: outputs
// print them and saved files are matched by them.
#ifndef CHOPSTICKS_ENUM_DESCRIBE_H
#define CHOPSTICKS_ENUM_DESCRIBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "position.h"
#include "rules.h"

// Room for either text: every axis, a list of hands, every variant name and a start code of
// the largest instance (16 players of 16 hands, two or three characters a hand) fit.
#define DESCRIBE_MAX (POSITION_CODE_MAX + 1024)

// "players=2 hands=2 rollover=5 lives=1 start=1111 overflow=rollover ... stumps=no": every
// setting, in a fixed order, axes in enum axis order.
void describe_settings(const struct rules *rules, char *buf, size_t len);
// "--hands 2 --rollover 5 --variant cutoff,transfers-only": --players when not 2, --hands and
// --rollover always, then --variant, the axis options no variant names, --lives, --start.
void describe_options(const struct rules *rules, char *buf, size_t len);
// The named variants whose presets hold in the resolved rules (bit 1 << id each). Under
// --lives N (N > 1) the one-finger rule comes with the lives and is not listed.
uint64_t describe_variants(const struct rules *rules);

// The first setting where two settings lines differ (space-separated tokens, in order): points
// *at_a and *at_b at that token of a and of b, sets *len_a and *len_b to their lengths (0 for
// a line that ended first) and returns true; false when the lines are equal.
bool describe_difference(const char *a, const char *b, const char **at_a, int *len_a,
			 const char **at_b, int *len_b);

// Reads describe_settings' line back into spec (players, hands, rollover, lives, every axis
// set directly) and start (the start code, len bytes). STATUS_BAD_INPUT naming the first
// token that is not one of the line's settings in order.
enum status describe_parse(const char *settings, struct rules_spec *spec, char *start, size_t len,
			   struct error *err);

// All of the above, copied out of the rules: outlives them (a table row keeps the description
// of a game whose tables are freed).
struct description {
	unsigned players, hands[RULES_MAX_PLAYERS], rollover, lives;
	int axis[AXIS_COUNT];
	uint64_t variants;               // describe_variants
	char start[POSITION_CODE_MAX];   // the start code
	char options[DESCRIBE_MAX];      // describe_options
	char settings[DESCRIBE_MAX];     // describe_settings
};
void describe_game(const struct rules *rules, struct description *d);

#endif

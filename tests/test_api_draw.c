// SPDX-License-Identifier: MIT
// chop_game_hands (include/chopsticks.h, "Drawing a position") through the shared library
// alone: each player's hands as the code writes them, the player to move first; 0 and the
// buffer untouched for a bad index, a bad player or a buffer too small. Expected hands are
// read off the codes by hand (README: one digit per hand, the player to move first).
#include <criterion/criterion.h>
#include <string.h>

#include "chopsticks.h"

static chop_game *game(const char *options)
{
	chop_error err;
	chop_game *g = chop_game_from_options(options, &err);
	cr_assert_not_null(g, "%s", err.message);
	return g;
}

// The hands of code's player k.
static unsigned hands(chop_game *g, const char *code, unsigned k, char *buf, size_t len)
{
	uint64_t idx;
	cr_assert_eq(chop_game_parse(g, code, &idx, NULL), CHOP_OK, "%s", code);
	return chop_game_hands(g, idx, k, buf, len);
}

Test(api_draw, hands_of_each_player)
{
	chop_game *g = game("");
	char buf[64];
	cr_assert_eq(hands(g, "1312", 0, buf, sizeof buf), 2);
	cr_assert_str_eq(buf, "1,3");
	cr_assert_eq(hands(g, "1312", 1, buf, sizeof buf), 2);
	cr_assert_str_eq(buf, "1,2");
	cr_assert_eq(hands(g, "0401", 0, buf, sizeof buf), 2);
	cr_assert_str_eq(buf, "0,4");
	chop_game_free(g);
}

Test(api_draw, three_players_uneven_hands_and_half_fingers)
{
	chop_game *g = game("--players 3");
	char buf[64];
	cr_assert_eq(hands(g, "121311", 2, buf, sizeof buf), 2);
	cr_assert_str_eq(buf, "1,1");
	chop_game_free(g);
	g = game("--hands 3,2");
	cr_assert_eq(hands(g, "111/12", 1, buf, sizeof buf), 2);
	cr_assert_str_eq(buf, "1,2");
	chop_game_free(g);
	g = game("--variant stumps");
	cr_assert_eq(hands(g, "11/0h0h", 1, buf, sizeof buf), 2);
	cr_assert_str_eq(buf, "0h,0h");
	chop_game_free(g);
}

Test(api_draw, refusals_leave_the_buffer)
{
	chop_game *g = game("");
	char buf[8] = "same";
	cr_assert_eq(chop_game_hands(g, chop_game_size(g), 0, buf, sizeof buf), 0);
	cr_assert_eq(chop_game_hands(g, chop_game_start(g), 2, buf, sizeof buf), 0);
	cr_assert_eq(chop_game_hands(g, chop_game_start(g), 0, buf, 3), 0);
	cr_assert_str_eq(buf, "same");
	cr_assert_eq(chop_game_hands(g, chop_game_start(g), 0, buf, 4), 2);
	cr_assert_str_eq(buf, "1,1");
	chop_game_free(g);
}

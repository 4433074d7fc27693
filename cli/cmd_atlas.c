// SPDX-License-Identifier: MIT
// `chopsticks atlas`: the value of the start and its remoteness (two players) for no
// variant, every variant alone and every pair of variants, over a grid of hands and
// rollover; one CSV row each, for the variant heat map.
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "claims.h"
#include "commands.h"
#include "game_text.h"
#include "numparse.h"
#include "output.h"
#include "record.h"
#include "variants.h"

static const char help[] =
	"usage: chopsticks atlas [--hands A-B] [--rollover A-B] [--singles]\n"
	"Solves the two-player game from the start for the standard rules, every variant alone\n"
	"and every pair of variants that may be combined, for every hands and rollover in the\n"
	"ranges (default --hands 2 --rollover 3-6), and prints CSV:\n"
	"variants,hands,rollover,reachable,value,remoteness,game (value for the first player; the\n"
	"remoteness is empty for a draw; game: the shortest options that rebuild the cell's\n"
	"rules, e.g. '--hands 2 --rollover 5 --variant cutoff,suns'). Combinations refused as\n"
	"contradictory, or needing three players, are left out.\n"
	"  --singles          only the standard rules and each variant alone\n";

enum { OPT_SINGLES };
static const struct extra_option extra[] = {{"--singles", false, NULL, 0}};
static const struct command_args command = {"atlas", NULL, ARGS_HANDS | ARGS_ROLLOVER | ARGS_RANGES | ARGS_THREADS,
					    FORMAT_BIT(FORMAT_CSV), extra, 1, NULL, help};
const struct command_args *cmd_atlas_args(void) { return &command; }

// One row of the atlas (header: the header row, whose values are not read).
static void row(bool header, const char *variants, unsigned h, unsigned r, uint64_t reachable, enum value v,
		unsigned remoteness, const struct description *game)
{
	struct record rec;
	record_begin(&rec, stdout, FORMAT_CSV);
	record_names(&rec, header);
	record_str(&rec, "variants", variants);
	record_uint(&rec, "hands", h);
	record_uint(&rec, "rollover", r);
	record_u64(&rec, "reachable", reachable);
	record_str(&rec, "value", cell_value_name(v));
	record_opt_uint(&rec, "remoteness", v != VALUE_DRAW, remoteness);
	game_record_of(&rec, game);
	record_end(&rec);
}

// Solves one cell and prints its row; refused combinations print nothing. Returns 0, or
// the exit status of a failure.
static int cell(uint64_t mask, unsigned h, unsigned r)
{
	struct claims_instance in;
	struct error err;
	enum status st = claims_solve(h, r, mask, &in, &err);
	if (st == STATUS_BAD_INPUT)
		return 0;
	if (st != STATUS_OK)
		return output_failure("atlas", st, err.msg);
	char names[512];
	struct description game;
	variants_format_list(mask, names, sizeof names);
	describe_game(in.rules, &game);
	uint64_t at = in.rules->start;
	row(false, names[0] ? names : "none", h, r, in.e.reachable_count, solution_value(&in.s, at),
	    solution_remoteness(&in.s, at), &game);
	claims_instance_free(&in);
	return 0;
}

int cmd_atlas(int argc, char **argv)
{
	struct cli_options opt;
	struct args_grid g = {2, 2, 3, 6};
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0 || (rc = args_parse_grid(&opt, 4, 12, &g)) >= 0)
		return rc;
	row(true, "", 0, 0, 0, VALUE_DRAW, 0, &(struct description){0});
	// a = -1: the standard rules (b = -1) or one variant b; a >= 0: the pair a < b.
	for (int a = -1; a < (opt.extra_set[OPT_SINGLES] ? 0 : VARIANT_COUNT); a++)
		for (int b = a < 0 ? -1 : a + 1; b < VARIANT_COUNT; b++) {
			uint64_t mask = (a >= 0 ? UINT64_C(1) << a : 0) | (b >= 0 ? UINT64_C(1) << b : 0);
			for (unsigned h = g.h0; h <= g.h1; h++)
				for (unsigned r = g.r0; r <= g.r1; r++)
					if ((rc = cell(mask, h, r)) != 0)
						return rc;
		}
	return 0;
}

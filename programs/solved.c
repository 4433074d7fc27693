// SPDX-License-Identifier: MIT
// Shared solving steps of the subcommands (see solved.h).
#include "solved.h"

#include <stdio.h>
#include <string.h>

#include "describe.h"
#include "output.h"
#include "position.h"
#include "solve_report.h"

// Opens the directory of --checkpoint for the game of s (checkpoint.h: one state, "state").
static enum status open_checkpoint(const struct cli_options *opt, struct solved *s, struct error *err)
{
	char settings[DESCRIBE_MAX];
	if (!opt->checkpoint)
		return STATUS_OK;
	describe_settings(s->rules, settings, sizeof settings);
	s->checkpointing = true;
	return checkpoint_open(&s->checkpoint, opt->checkpoint, "state", settings, opt->checkpoint_every, err);
}

static int build(const struct cli_options *opt, struct solved *s, bool distances)
{
	memset(s, 0, sizeof *s);
	unsigned p = opt->spec.players;
	enum plan_task task = p == 2   ? (distances ? PLAN_SOLVE_DISTANCES : PLAN_SOLVE)
			      : distances ? PLAN_COALITION_DISTANCES
					  : PLAN_COALITION;
	int rc = args_build_rules(opt, task, &s->rules, &s->plan);
	if (rc)
		return rc;
	struct error err;
	struct solved_game game;
	enum status st = open_checkpoint(opt, s, &err);
	if (st == STATUS_OK)
		st = solved_game_run(&s->plan, distances, output_progress(opt->command),
				     s->checkpointing ? &s->checkpoint : NULL, &game, &err);
	if (st != STATUS_OK) {
		rc = output_failure(opt->command, st, err.msg);
		solved_free(s);
		return rc;
	}
	s->e = game.e;
	s->solution = game.solution;
	s->coalition = game.coalition;
	output_progress_done();
	return 0;
}

int solved_build(const struct cli_options *opt, struct solved *s)
{
	return build(opt, s, true);
}

int solved_build_values(const struct cli_options *opt, struct solved *s)
{
	return build(opt, s, false);
}

static bool reachable_in(const void *ctx, uint64_t idx)
{
	return solved_reachable(ctx, idx);
}

int solved_position(struct solved *s, const char *cmd, const char *what, const char *code, uint64_t *idx)
{
	int rc;
	// A damaged block reads as unreachable: named first.
	if (s->table.blocks && position_parse(s->rules, code, idx, NULL) == STATUS_OK &&
	    (solved_reachable(s, *idx), rc = solved_intact(s, cmd)) != 0)
		return rc;
	return solve_report_position(s->rules, cmd, what, code, reachable_in, s, idx);
}

bool solved_reachable(const struct solved *s, uint64_t idx)
{
	return solved_game_reachable(s->rules, &s->e, &s->solution, &s->coalition, idx);
}

int solved_intact(struct solved *s, const char *cmd)
{
	struct error err;
	if (!s->table.blocks || !table_blocks_damage(s->table.blocks, &s->damage_seen, &err))
		return 0;
	return output_failure(cmd, STATUS_BAD_INPUT, err.msg);
}

int solved_done(struct solved *s, const char *cmd)
{
	struct error err;
	if (!s->checkpointing || fflush(stdout) != 0 || ferror(stdout))
		return 0; // a write error on stdout is reported at exit
	enum status st = checkpoint_remove(&s->checkpoint, &err);
	return st == STATUS_OK ? 0 : output_failure(cmd, st, err.msg);
}

void solved_free(struct solved *s)
{
	struct solved_game game = {s->rules, s->e, s->solution, s->coalition};
	table_close(&s->table);
	solved_game_free(&game);
	plan_free(&s->plan);
	rules_free(s->rules);
	memset(s, 0, sizeof *s);
}

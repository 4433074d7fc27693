// SPDX-License-Identifier: MIT
// Shared solving steps of the subcommands (see solved.h).
#include "solved.h"

#include <stdio.h>
#include <string.h>

#include "describe.h"
#include "output.h"
#include "position.h"
#include "solve_report.h"
#include "walk_state.h"

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
	const struct progress *progress = output_progress(opt->command);
	enum status st = open_checkpoint(opt, s, &err);
	struct checkpoint *ck = s->checkpointing ? &s->checkpoint : NULL;
	if (st == STATUS_OK && p == 2) { // solve first: the walk's distances are not held while it runs
		st = retrograde_solve_plan(&s->plan, NULL, progress, ck, &s->solution, &err);
		if (st == STATUS_OK && distances)
			st = enumerate_plan(&s->plan, progress, &s->e, &err);
		const uint64_t *c = s->solution.count;
		if (st == STATUS_OK && !distances)
			s->e = (struct enumeration){.size = s->rules->size,
						    .reachable_count = c[VALUE_WIN] + c[VALUE_LOSS] + c[VALUE_DRAW]};
	} else if (st == STATUS_OK && s->plan.many) { // the same order: the solve walks first
		st = coalition_solve_plan(&s->plan, NULL, progress, ck, &s->coalition, &err);
		if (st == STATUS_OK && distances)
			st = enumerate_plan(&s->plan, progress, &s->e, &err);
		if (st == STATUS_OK && !distances)
			s->e = (struct enumeration){.size = s->rules->size,
						    .reachable_count = s->coalition.reachable_count};
	} else if (st == STATUS_OK) { // the generic solve walks anyway: its distances serve both
		st = walk_state_enumerate(&s->plan, progress, ck, &s->e, &err);
		if (st == STATUS_OK)
			st = coalition_solve_plan(&s->plan, &s->e, progress, ck, &s->coalition, &err);
	}
	if (st != STATUS_OK) {
		rc = output_failure(opt->command, st, err.msg);
		solved_free(s);
		return rc;
	}
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

int solved_position(const struct solved *s, const char *cmd, const char *what, const char *code, uint64_t *idx)
{
	return solve_report_position(s->rules, cmd, what, code, reachable_in, s, idx);
}

bool solved_reachable(const struct solved *s, uint64_t idx)
{
	if (s->e.depth)
		return s->e.depth[idx] != ENUMERATE_UNSEEN;
	if (s->rules->players != 2)
		return coalition_value(&s->coalition, idx, 0) != VALUE_UNKNOWN;
	return solution_value(&s->solution, idx) != VALUE_UNKNOWN;
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
	table_close(&s->table);
	if (s->rules && s->rules->players == 2)
		solution_free(&s->solution);
	else if (s->rules)
		coalition_free(&s->coalition);
	enumeration_free(&s->e);
	plan_free(&s->plan);
	rules_free(s->rules);
	memset(s, 0, sizeof *s);
}

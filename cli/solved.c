// SPDX-License-Identifier: MIT
// Shared solving steps of the subcommands (see solved.h).
#include "solved.h"

#include <stdio.h>
#include <string.h>

#include "message.h"
#include "output.h"
#include "position.h"

static int build(const struct cli_options *opt, struct solved *s, bool distances)
{
	memset(s, 0, sizeof *s);
	unsigned p = opt->spec.players;
	enum plan_task task = p != 2 ? (distances ? PLAN_COALITION_DISTANCES : PLAN_COALITION)
			      : distances ? PLAN_SOLVE_DISTANCES : PLAN_SOLVE;
	int rc = args_build_rules(opt, task, &s->rules, &s->plan);
	if (rc)
		return rc;
	struct error err;
	const struct progress *progress = output_progress(opt->command);
	enum status st;
	if (p == 2) { // solve first: the walk's distances are not held while it runs
		st = retrograde_solve_plan(&s->plan, NULL, progress, &s->solution, &err);
		if (st == STATUS_OK && distances)
			st = enumerate_plan(&s->plan, progress, &s->e, &err);
		const uint64_t *c = s->solution.count;
		if (st == STATUS_OK && !distances)
			s->e = (struct enumeration){.size = s->rules->size,
						    .reachable_count = c[VALUE_WIN] + c[VALUE_LOSS] + c[VALUE_DRAW]};
	} else if (s->plan.many) { // the same order: the solve walks for itself first
		st = coalition_solve_plan(&s->plan, NULL, progress, &s->coalition, &err);
		if (st == STATUS_OK && distances)
			st = enumerate_plan(&s->plan, progress, &s->e, &err);
		if (st == STATUS_OK && !distances)
			s->e = (struct enumeration){.size = s->rules->size,
						    .reachable_count = s->coalition.reachable_count};
	} else { // the generic solve walks anyway: its distances serve both
		st = enumerate_plan(&s->plan, progress, &s->e, &err);
		if (st == STATUS_OK)
			st = coalition_solve_plan(&s->plan, &s->e, progress, &s->coalition, &err);
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

int solved_position(const struct solved *s, const char *cmd, const char *what, const char *code, uint64_t *idx)
{
	struct error err;
	char start[POSITION_CODE_MAX];
	if (position_parse(s->rules, code, idx, &err) != STATUS_OK) {
		message_print(cmd, "%s %s", what, err.msg);
		return 2;
	}
	if (!solved_reachable(s, *idx)) {
		position_format(s->rules, s->rules->start, start);
		message_print(cmd, "%s '%s': not reachable from the start %s (use --start %s)", what, code, start, code);
		return 2;
	}
	return 0;
}

bool solved_reachable(const struct solved *s, uint64_t idx)
{
	if (s->e.depth)
		return s->e.depth[idx] != ENUMERATE_UNSEEN;
	if (s->rules->players != 2)
		return coalition_value(&s->coalition, idx, 0) != VALUE_UNKNOWN;
	return solution_value(&s->solution, idx) != VALUE_UNKNOWN;
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

// SPDX-License-Identifier: MIT
// Shared solving steps of the subcommands (see solved.h).
#include "solved.h"

#include <stdio.h>
#include <string.h>

#include "message.h"
#include "output.h"
#include "position.h"

// Bytes per position of a two-player solve at its peak (the solver says), or of the walk for
// the distances afterwards, next to the solution (1.25 bytes).
static double solve_two_bytes(const struct cli_options *opt, bool distances)
{
	double solve = retrograde_bytes_per_position(&opt->spec), walk = 1.25 + ENUMERATE_BYTES_PER_POSITION;
	return distances && walk > solve ? walk : solve;
}

static int build(const struct cli_options *opt, struct solved *s, bool distances)
{
	memset(s, 0, sizeof *s);
	unsigned p = opt->spec.players;
	int rc = args_build_rules(opt, p == 2 ? solve_two_bytes(opt, distances) : 1 + 4 * p, &s->rules);
	if (rc)
		return rc;
	struct error err;
	const struct progress *progress = output_progress(opt->command);
	enum status st;
	if (p == 2) { // solve first: the walk's distances are not held while it runs
		st = retrograde_solve(s->rules, NULL, progress, &s->solution, &err);
		if (st == STATUS_OK && distances)
			st = enumerate_reachable(s->rules, progress, &s->e, &err);
		const uint64_t *c = s->solution.count;
		if (st == STATUS_OK && !distances)
			s->e = (struct enumeration){.size = s->rules->size,
						    .reachable_count = c[VALUE_WIN] + c[VALUE_LOSS] + c[VALUE_DRAW]};
	} else {
		st = enumerate_reachable(s->rules, progress, &s->e, &err);
		if (st == STATUS_OK)
			st = coalition_solve(s->rules, &s->e, progress, &s->coalition, &err);
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
	return build(opt, s, opt->spec.players != 2);
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
	rules_free(s->rules);
	memset(s, 0, sizeof *s);
}

// SPDX-License-Identifier: MIT
// The solving driver shared by the programs and the library (see solved_game.h).
#include "solved_game.h"

#include <string.h>

#include "walk_state.h"

// The enumeration without distances: the size and the reachable count of the solve.
static struct enumeration counted(const struct rules *rules, uint64_t reachable)
{
	return (struct enumeration){.size = rules->size, .reachable_count = reachable};
}

enum status solved_game_run(const struct plan *plan, bool distances, const struct progress *progress,
			    struct checkpoint *ck, struct solved_game *out, struct error *err)
{
	const struct rules *rules = plan->rules;
	enum status st;
	memset(out, 0, sizeof *out);
	out->rules = rules;
	if (rules->players == 2) { // solve first: the walk's distances are not held while it runs
		st = retrograde_solve_plan(plan, NULL, progress, ck, &out->solution, err);
		const uint64_t *c = out->solution.count;
		if (st == STATUS_OK && !distances)
			out->e = counted(rules, c[VALUE_WIN] + c[VALUE_LOSS] + c[VALUE_DRAW]);
	} else if (plan->many) { // the same order: the solve walks first
		st = coalition_solve_plan(plan, NULL, progress, ck, &out->coalition, err);
		if (st == STATUS_OK && !distances)
			out->e = counted(rules, out->coalition.reachable_count);
	} else { // the generic solve walks anyway: its distances serve both
		st = walk_state_enumerate(plan, progress, ck, &out->e, err);
		if (st == STATUS_OK)
			st = coalition_solve_plan(plan, &out->e, progress, ck, &out->coalition, err);
		distances = false; // walked already
	}
	if (st == STATUS_OK && distances)
		st = enumerate_plan(plan, progress, &out->e, err);
	if (st != STATUS_OK)
		solved_game_free(out);
	return st;
}

bool solved_game_reachable(const struct rules *rules, const struct enumeration *e, const struct solution *solution,
			   const struct coalition *coalition, uint64_t idx)
{
	if (enumeration_has_depth(e))
		return enumeration_reached(e, idx);
	if (rules->players != 2)
		return coalition_value(coalition, idx, 0) != VALUE_UNKNOWN;
	return solution_value(solution, idx) != VALUE_UNKNOWN;
}

void solved_game_free(struct solved_game *g)
{
	if (g->rules && g->rules->players == 2)
		solution_free(&g->solution);
	else if (g->rules)
		coalition_free(&g->coalition);
	enumeration_free(&g->e);
	memset(g, 0, sizeof *g);
}

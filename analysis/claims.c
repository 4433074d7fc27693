// SPDX-License-Identifier: MIT
// The evidence behind each published statement (see claims.h).
#include "claims.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lookahead.h"
#include "movegen.h"
#include "plan.h"
#include "position.h"

enum status claims_solve(unsigned hands, unsigned rollover, uint64_t variants,
			 struct claims_instance *out, struct error *err)
{
	struct rules_spec spec = {.players = 2, .hands = {hands, hands}, .rollover = rollover, .variants = variants};
	return claims_solve_spec(&spec, out, err);
}

enum status claims_solve_spec(const struct rules_spec *spec, struct claims_instance *out,
			      struct error *err)
{
	memset(out, 0, sizeof *out);
	struct plan plan = {0};
	enum status st = rules_build(spec, &out->rules, err);
	if (st == STATUS_OK)
		st = plan_build(out->rules, &plan, err);
	if (st == STATUS_OK)
		st = enumerate_plan(&plan, NULL, &out->e, err);
	if (st == STATUS_OK)
		st = retrograde_solve_plan(&plan, &out->e, NULL, NULL, &out->s, err);
	plan_free(&plan);
	if (st != STATUS_OK)
		claims_instance_free(out);
	return st;
}

void claims_instance_free(struct claims_instance *in)
{
	solution_free(&in->s);
	enumeration_free(&in->e);
	rules_free(in->rules);
	memset(in, 0, sizeof *in);
}

enum status claims_lookahead(const struct claims_instance *in, unsigned depth,
			     struct lookahead_claim *out, struct error *err)
{
	memset(out, 0, sizeof *out);
	out->depth = depth;
	uint64_t *best = malloc(in->rules->max_moves * sizeof *best);
	if (!best)
		return error_set(err, STATUS_FAILURE, "out of memory");
	for (uint64_t i = 0; i < in->e.size; i++) {
		if (!enumeration_reached(&in->e, i) || movegen_is_terminal(in->rules, i) ||
		    solution_value(&in->s, i) == VALUE_LOSS)
			continue;
		out->checked++;
		size_t n = lookahead_best(in->rules, i, depth, best);
		if (n == (size_t)-1) {
			free(best);
			return error_set(err, STATUS_FAILURE, "out of memory");
		}
		for (size_t c = 0; c < n; c++)
			if (solution_value(&in->s, best[c]) == VALUE_WIN) {
				if (out->unsafe++ == 0)
					out->example = i, out->example_child = best[c];
				break;
			}
	}
	free(best);
	return STATUS_OK;
}

static void add_kind(struct moves_claim *out, const char *text)
{
	for (unsigned k = 0; k < out->kind_count; k++)
		if (!strcmp(out->kind[k], text))
			return;
	if (out->kind_count < CLAIMS_MAX_KINDS)
		snprintf(out->kind[out->kind_count++], sizeof out->kind[0], "%.15s", text);
}

static int by_text(const void *a, const void *b)
{
	return strcmp(a, b);
}

enum status claims_moves(const struct claims_instance *in, struct moves_claim *out,
			 struct error *err)
{
	memset(out, 0, sizeof *out);
	uint64_t *child = malloc(in->rules->max_moves * sizeof *child);
	if (!child)
		return error_set(err, STATUS_FAILURE, "out of memory");
	char text[2 * POSITION_CODE_MAX];
	for (uint64_t i = 0; i < in->e.size; i++) {
		if (!enumeration_reached(&in->e, i))
			continue;
		size_t n = movegen_children(in->rules, i, child);
		if (n > out->max_moves)
			out->max_moves = n, out->max_at = i;
		for (size_t c = 0; c < n; c++) {
			movegen_describe(in->rules, i, child[c], text);
			add_kind(out, text);
		}
	}
	free(child);
	qsort(out->kind, out->kind_count, sizeof out->kind[0], by_text);
	return STATUS_OK;
}

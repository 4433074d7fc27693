// SPDX-License-Identifier: MIT
// Computing table rows (see table.h): build the rules, walk, classify what was not reached.
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "closed_form.h"
#include "enumerate.h"
#include "movegen.h"
#include "plan.h"
#include "position.h"
#include "rules.h"
#include "unreachable.h"
#include "variants.h"

#define EVIDENCE_MAX 24 // positions listed as evidence per row

#define SMS ((UINT64_C(1) << VARIANT_SUICIDE) | (UINT64_C(1) << VARIANT_META) | (UINT64_C(1) << VARIANT_SUNS))

// Builds the rules of a row's game (and describes it in *d, setting *described).
static enum status build(unsigned hands, unsigned rollover, uint64_t variants, uint64_t max_bytes,
			 struct rules **rules, struct description *d, bool *described, struct error *err)
{
	struct rules_spec spec = {.players = 2, .hands = {hands, hands}, .rollover = rollover,
				  .variants = variants, .max_bytes = max_bytes};
	enum status st = rules_build(&spec, rules, err);
	if (st == STATUS_OK) {
		describe_game(*rules, d);
		*described = true;
	}
	return st;
}

static enum status walk(unsigned hands, unsigned rollover, uint64_t variants, uint64_t max_bytes,
			const struct progress *progress, struct rules **rules, struct enumeration *e,
			struct description *d, bool *described, struct error *err)
{
	enum status st = build(hands, rollover, variants, max_bytes, rules, d, described, err);
	if (st != STATUS_OK)
		return st;
	struct plan plan;
	st = plan_build(*rules, &plan, err);
	if (st == STATUS_OK && !plan_fits(&plan, PLAN_WALK, 1, max_bytes))
		st = error_set(err, STATUS_BAD_INPUT, "needs about %.3g GiB, over the memory limit",
			       plan_bytes(&plan, PLAN_WALK, 1) / (1 << 30));
	if (st == STATUS_OK)
		st = enumerate_plan(&plan, progress, e, err);
	plan_free(&plan);
	return st;
}

// Describes the games of a row that is not walked, when their rules tables fit.
static void describe_only(struct table_row *row, uint64_t max_bytes)
{
	struct error err;
	for (int sms = 0; sms < 2; sms++) {
		struct rules *rules = NULL;
		if (!(sms ? row->described_sms : row->described))
			build(row->hands, row->rollover, sms ? SMS : 0, max_bytes, &rules,
			      sms ? &row->game_sms : &row->game, sms ? &row->described_sms : &row->described, &err);
		rules_free(rules);
	}
}

// Keeps the first positions of the groups other than last-dead, with their parents.
static enum status gather_evidence(struct table_row *row, const struct rules *rules,
				   const struct unreachable *u, struct error *err)
{
	uint64_t *parent = malloc(rules->max_moves * sizeof *parent);
	row->evidence = calloc(EVIDENCE_MAX, sizeof *row->evidence);
	if (!parent || !row->evidence) {
		free(parent);
		return error_set(err, STATUS_FAILURE, "out of memory");
	}
	for (int g = UNREACHABLE_NO_PARENT; g < UNREACHABLE_REASON_COUNT; g++)
		for (uint64_t i = 0; i < u->count[g] && row->evidence_count < EVIDENCE_MAX; i++) {
			struct table_evidence *ev = &row->evidence[row->evidence_count++]; // cleared with the row
			position_format(rules, u->index[g][i], ev->code);
			ev->reason = (enum unreachable_reason)g;
			size_t n = movegen_parents(rules, u->index[g][i], parent);
			ev->parent = n ? malloc(n * sizeof *ev->parent) : NULL;
			if (n && !ev->parent) {
				free(parent);
				return error_set(err, STATUS_FAILURE, "out of memory");
			}
			ev->parent_count = (unsigned)n;
			for (size_t k = 0; k < n; k++)
				position_format(rules, parent[k], ev->parent[k]);
		}
	row->evidence_more = row->other_unreachable - row->evidence_count;
	free(parent);
	return STATUS_OK;
}

static enum status standard_row(struct table_row *row, uint64_t max_bytes,
				const struct progress *progress, struct error *err)
{
	struct rules *rules = NULL;
	struct enumeration e = {0};
	struct unreachable u = {0};
	enum status st = walk(row->hands, row->rollover, 0, max_bytes, progress, &rules, &e, &row->game,
			      &row->described, err);
	if (st == STATUS_OK) {
		row->reachable = e.reachable_count;
		st = unreachable_classify(rules, &e, EVIDENCE_MAX, &u, err);
	}
	if (st == STATUS_OK) {
		row->last_dead = u.count[UNREACHABLE_NO_PARENT_LAST_DEAD];
		row->other_unreachable = u.count[UNREACHABLE_NO_PARENT] + u.count[UNREACHABLE_PARENTS_UNREACHABLE];
		st = gather_evidence(row, rules, &u, err);
	}
	unreachable_free(&u);
	enumeration_free(&e);
	rules_free(rules);
	return st;
}

static enum status sms_row(struct table_row *row, uint64_t max_bytes,
			   const struct progress *progress, struct error *err)
{
	struct rules *rules = NULL;
	struct enumeration e = {0};
	enum status st = walk(row->hands, row->rollover, SMS, max_bytes, progress, &rules, &e, &row->game_sms,
			      &row->described_sms, err);
	row->reachable_sms = e.reachable_count;
	enumeration_free(&e);
	rules_free(rules);
	return st;
}

enum status table_row_compute(struct table_row *row, unsigned hands, unsigned rollover,
			      uint64_t max_bytes, const struct progress *progress, struct error *err)
{
	memset(row, 0, sizeof *row);
	row->hands = hands;
	row->rollover = rollover;
	mpz_inits(row->positions, row->distinct, NULL);
	unsigned h[2] = {hands, hands};
	closed_form_positions(row->positions, 2, h, rollover);
	closed_form_distinct(row->distinct, 2, h, rollover);
	row->published = published_find(hands, rollover);
	struct rules_spec spec = {.players = 2, .hands = {hands, hands}, .rollover = rollover};
	double need = mpz_get_d(row->distinct) * plan_spec_bytes(&spec, PLAN_WALK, 1);
	if (max_bytes && need > (double)max_bytes) {
		snprintf(row->note, sizeof row->note, "not walked: about %.3g GiB needed, over the memory limit",
			 need / (1 << 30));
		describe_only(row, max_bytes);
		return STATUS_OK;
	}
	enum status st = standard_row(row, max_bytes, progress, err);
	if (st == STATUS_OK)
		st = sms_row(row, max_bytes, progress, err);
	if (st == STATUS_BAD_INPUT) { // too large after all: a note, not a failure
		snprintf(row->note, sizeof row->note, "not walked: %.140s", err->msg);
		describe_only(row, max_bytes);
		return STATUS_OK;
	}
	row->computed = st == STATUS_OK;
	return st;
}

bool table_row_disagrees(const struct table_row *row)
{
	const struct published_row *p = row->published;
	return p && row->computed &&
	       (mpz_cmp_ui(row->positions, p->positions) || mpz_cmp_ui(row->distinct, p->distinct) ||
		row->reachable != p->reachable || row->reachable_sms != p->reachable_sms);
}

void table_row_clear(struct table_row *row)
{
	mpz_clears(row->positions, row->distinct, NULL);
	for (unsigned i = 0; i < row->evidence_count; i++)
		free(row->evidence[i].parent);
	free(row->evidence);
	row->evidence = NULL;
	row->evidence_count = 0;
}

// SPDX-License-Identifier: MIT
// From scanned options to a built instance (see instance.h): the memory refusal, up front
// from the closed form and again once the plan has chosen the engine, and --start.
#include "instance.h"

#include <math.h>

#include "closed_form.h"
#include "position.h"
#include "size_text.h"

void instance_distinct(const struct cli_options *opt, mpz_t distinct)
{
	mpz_t positions;
	mpz_init(positions);
	bool stumps = opt->spec.axis[AXIS_STUMPS] == STUMPS_YES + 1 || (opt->spec.variants >> VARIANT_STUMPS & 1);
	closed_form_tagged(positions, distinct, opt->spec.players, opt->spec.hands,
			   opt->spec.rollover * (stumps ? 2 : 1), opt->spec.lives,
			   opt->spec.axis[AXIS_ZOMBIES] == ZOMBIES_YES + 1 || (opt->spec.variants >> VARIANT_ZOMBIES & 1));
	mpz_clear(positions);
}

// Refuses, before anything is allocated, an instance whose positions alone would need more
// than the limit (estimated from the closed form, so it works at any size).
enum status instance_check_size(const struct cli_options *opt, enum plan_task task, struct error *err)
{
	double bytes_per_position = plan_spec_bytes(&opt->spec, task, 1);
	mpz_t distinct;
	mpz_init(distinct);
	instance_distinct(opt, distinct);
	long exp2;
	double mantissa = mpz_get_d_2exp(&exp2, distinct); // distinct = mantissa * 2^exp2
	mpz_clear(distinct);
	double log2_need = (double)exp2 + log2(mantissa * bytes_per_position);
	if (!opt->spec.max_bytes || log2_need <= log2((double)opt->spec.max_bytes))
		return STATUS_OK;
	char count[SIZE_TEXT_MAX], need[SIZE_TEXT_MAX], limit[SIZE_TEXT_MAX];
	size_text_pow2(count, log2_need - log2(bytes_per_position));
	size_text_log2(need, log2_need);
	size_text(limit, (double)opt->spec.max_bytes);
	return error_set(err, STATUS_BAD_INPUT,
			 "instance too large: %s positions need about %s, the limit is %s (--max-memory)", count, need, limit);
}

// The exact check once the plan is built: its positions and tables on the plan's engine.
static enum status check_plan(const struct cli_options *opt, const struct plan *plan, enum plan_task task,
			      struct error *err)
{
	if (plan_fits(plan, task, 1, opt->spec.max_bytes))
		return STATUS_OK;
	char need_text[SIZE_TEXT_MAX], limit[SIZE_TEXT_MAX];
	size_text(need_text, plan_bytes(plan, task, 1));
	size_text(limit, (double)opt->spec.max_bytes);
	return error_set(err, STATUS_BAD_INPUT,
			 "instance too large: its positions and move tables need about %s, the limit is %s (--max-memory)",
			 need_text, limit);
}

enum status instance_plan(const struct cli_options *opt, const struct rules *rules, enum plan_task task,
			  struct plan *plan, struct error *err)
{
	enum status st = plan_build_for(rules, task, plan, err);
	if (st == STATUS_OK && !opt->estimate && (st = check_plan(opt, plan, task, err)) != STATUS_OK)
		plan_free(plan);
	return st;
}

static enum status drop(struct rules **out, struct plan *plan, enum status st)
{
	plan_free(plan);
	rules_free(*out);
	*out = NULL;
	return st;
}

enum status instance_build(const struct cli_options *opt, enum plan_task task, struct rules **out,
			   struct plan *plan, struct error *err)
{
	*out = NULL;
	*plan = (struct plan){0};
	enum status st = opt->estimate ? STATUS_OK : instance_check_size(opt, task, err);
	if (st == STATUS_OK) // a saved table read position by position: no relations
		st = (task == PLAN_PROBE ? rules_build_light : rules_build)(&opt->spec, out, err);
	if (st == STATUS_OK)
		st = instance_plan(opt, *out, task, plan, err);
	if (st != STATUS_OK)
		return drop(out, plan, st);
	uint64_t start;
	if (opt->start) {
		struct error why;
		if (position_parse(*out, opt->start, &start, &why) != STATUS_OK)
			return drop(out, plan, error_set(err, STATUS_BAD_INPUT, "%s %s", opt->start_name, why.msg));
		rules_set_start(*out, start);
	}
	return STATUS_OK;
}

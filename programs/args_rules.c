// SPDX-License-Identifier: MIT
// From parsed options to rules (see args.h): the memory refusal, up front from the closed
// form and again once the plan has chosen the engine, --start, and the ranges of table and atlas.
#include "args.h"

#include <math.h>
#include <string.h>

#include "closed_form.h"
#include "game_text.h"
#include "message.h"
#include "numparse.h"
#include "position.h"
#include "record.h"
#include "size_text.h"

void args_distinct(const struct cli_options *opt, mpz_t distinct)
{
	mpz_t positions;
	mpz_init(positions);
	bool stumps = opt->spec.axis[AXIS_STUMPS] == STUMPS_YES + 1 || (opt->spec.variants >> VARIANT_STUMPS & 1);
	closed_form_tagged(positions, distinct, opt->spec.players, opt->spec.hands,
			   opt->spec.rollover * (stumps ? 2 : 1), opt->spec.lives,
			   opt->spec.axis[AXIS_ZOMBIES] == ZOMBIES_YES + 1 || (opt->spec.variants >> VARIANT_ZOMBIES & 1));
	mpz_clear(positions);
}

// Parses "N" or "A-B" with lo <= A <= B <= hi into *a, *b; -1 to go on, or 2 after the error.
static int parse_range(const char *cmd, const char *name, const char *text, unsigned lo, unsigned hi,
		       unsigned *a, unsigned *b)
{
	const char *dash = strchr(text, '-');
	uint64_t x, y;
	size_t len = dash ? (size_t)(dash - text) : strlen(text);
	if (!numparse_u64(text, len, lo, hi, &x) ||
	    !numparse_u64(dash ? dash + 1 : text, (size_t)-1, x, hi, &y))
		return args_fail(cmd, "%s '%s': must be N or A-B with %u <= A <= B <= %u", name, text, lo, hi);
	*a = (unsigned)x;
	*b = (unsigned)y;
	return -1;
}

int args_parse_grid(const struct cli_options *opt, unsigned hands_max, unsigned rollover_max, struct args_grid *g)
{
	int rc = -1;
	if (opt->hands_given)
		rc = parse_range(opt->command, "--hands", opt->hands_text, 1, hands_max, &g->h0, &g->h1);
	if (rc < 0 && opt->rollover_given)
		rc = parse_range(opt->command, "--rollover", opt->rollover_text, 2, rollover_max, &g->r0, &g->r1);
	return rc;
}

// Refuses, before anything is allocated, an instance whose positions alone would need more
// than the limit (estimated from the closed form, so it works at any size).
static int check_size(const struct cli_options *opt, double bytes_per_position)
{
	mpz_t distinct;
	mpz_init(distinct);
	args_distinct(opt, distinct);
	long exp2;
	double mantissa = mpz_get_d_2exp(&exp2, distinct); // distinct = mantissa * 2^exp2
	mpz_clear(distinct);
	double log2_need = (double)exp2 + log2(mantissa * bytes_per_position);
	if (!opt->spec.max_bytes || log2_need <= log2((double)opt->spec.max_bytes))
		return 0;
	char count[SIZE_TEXT_MAX], need[SIZE_TEXT_MAX], limit[SIZE_TEXT_MAX];
	size_text_pow2(count, log2_need - log2(bytes_per_position));
	size_text_log2(need, log2_need);
	size_text(limit, (double)opt->spec.max_bytes);
	message_print(opt->command, "instance too large: %s positions need about %s, the limit is %s (--max-memory)",
		      count, need, limit);
	return 2;
}

// --estimate: what the two refusals below compare with the limit, as JSON: position_bytes,
// the closed-form estimate (positions * bytes_per_position) checked before any table is
// built, and bytes, the larger of it and the estimate of the built rules (their index space
// on the plan's engine, plan_bytes).
static int print_estimate(const struct cli_options *opt, enum plan_task task, const struct plan *plan,
			  const struct rules *rules)
{
	double bytes_per_position = plan_spec_bytes(&opt->spec, task, 1);
	mpz_t distinct, closed, bytes, built;
	mpz_inits(distinct, closed, bytes, built, NULL);
	args_distinct(opt, distinct);
	mpz_mul_ui(closed, distinct, (unsigned long)(bytes_per_position * 1024)); // figures are
	mpz_cdiv_q_ui(closed, closed, 1024);                                         // k / 1024 bytes
	mpz_set(bytes, closed);
	mpz_set_d(built, plan_bytes(plan, task, 1));
	if (mpz_cmp(built, bytes) > 0)
		mpz_set(bytes, built);
	// JSON: {rules, positions, ...}; text: the game's two lines, then one line per figure.
	struct record r;
	mpz_t table;
	mpz_init_set_ui(table, 0);
	mpz_import(table, 1, 1, sizeof rules->table_bytes, 0, 0, &rules->table_bytes);
	record_begin(&r, stdout, opt->format == FORMAT_JSON ? FORMAT_JSON : FORMAT_TEXT);
	game_record(&r, rules);
	record_mpz(&r, "positions", distinct);
	record_real(&r, "bytes_per_position", bytes_per_position, -1);
	record_bytes(&r, "position_bytes", closed);
	record_bytes(&r, "table_bytes", table);
	record_bytes(&r, "bytes", bytes);
	if (opt->spec.max_bytes) {
		mpz_set_ui(table, 0);
		mpz_import(table, 1, 1, sizeof opt->spec.max_bytes, 0, 0, &opt->spec.max_bytes);
		record_bytes(&r, "limit", table);
	} else {
		record_null(&r, "limit");
	}
	record_bool(&r, "fits", !opt->spec.max_bytes || mpz_cmp(bytes, table) <= 0);
	record_end(&r);
	mpz_clear(table);
	mpz_clears(distinct, closed, bytes, built, NULL);
	return -1;
}

static int drop_rules(struct rules **out, struct plan *plan, int status)
{
	plan_free(plan);
	rules_free(*out);
	*out = NULL;
	return status;
}

// The exact check once the plan is built: its positions and tables on the plan's engine.
static int check_plan(const struct cli_options *opt, const struct plan *plan, enum plan_task task)
{
	if (plan_fits(plan, task, 1, opt->spec.max_bytes))
		return 0;
	char need_text[SIZE_TEXT_MAX], limit[SIZE_TEXT_MAX];
	size_text(need_text, plan_bytes(plan, task, 1));
	size_text(limit, (double)opt->spec.max_bytes);
	message_print(opt->command, "instance too large: its positions and move tables need about %s, the limit is %s (--max-memory)",
		      need_text, limit);
	return 2;
}

int args_build_rules(const struct cli_options *opt, enum plan_task task, struct rules **out,
		     struct plan *plan)
{
	struct error err;
	*out = NULL;
	*plan = (struct plan){0};
	if (!opt->estimate && check_size(opt, plan_spec_bytes(&opt->spec, task, 1)))
		return 2;
	enum status st = rules_build(&opt->spec, out, &err);
	if (st == STATUS_OK)
		st = plan_build_for(*out, task, plan, &err);
	if (st != STATUS_OK) {
		message_print(opt->command, "%s", err.msg);
		return drop_rules(out, plan, st == STATUS_BAD_INPUT ? 2 : 1);
	}
	if (!opt->estimate && check_plan(opt, plan, task))
		return drop_rules(out, plan, 2);
	uint64_t start;
	if (opt->start) {
		if (position_parse(*out, opt->start, &start, &err) != STATUS_OK) {
			message_print(opt->command, "%s %s", opt->start_name, err.msg);
			return drop_rules(out, plan, 2);
		}
		rules_set_start(*out, start);
	}
	return opt->estimate ? drop_rules(out, plan, print_estimate(opt, task, plan, *out)) : 0;
}

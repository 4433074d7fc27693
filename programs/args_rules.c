// SPDX-License-Identifier: MIT
// From parsed options to rules (see args.h): the library's instance_build with its refusal
// printed, the memory estimate of --estimate, and the ranges of table and atlas.
#include "args.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#include <string.h>

#include "game_text.h"
#include "instance.h"
#include "message.h"
#include "numparse.h"
#include "record.h"

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

// --estimate: what the two refusals below compare with the limit, as JSON: position_bytes,
// the closed-form estimate (positions * bytes_per_position) checked before any table is
// built, and bytes, the larger of it and the estimate of the built rules (their index space
// on the plan's engine, plan_bytes).
static void print_estimate(const struct cli_options *opt, enum plan_task task, const struct plan *plan,
			  const struct rules *rules)
{
	double bytes_per_position = plan_spec_bytes(&opt->spec, task, 1);
	mpz_t distinct, closed, bytes, built;
	mpz_inits(distinct, closed, bytes, built, NULL);
	instance_distinct(opt, distinct);
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
}

int args_build_rules(const struct cli_options *opt, enum plan_task task, struct rules **out,
		     struct plan *plan)
{
	struct error err;
	enum status st = instance_build(opt, task, out, plan, &err);
	if (st != STATUS_OK) {
		message_print(opt->command, "%s", err.msg);
		return st == STATUS_BAD_INPUT ? 2 : 1;
	}
	// Without --threads a small game runs on fewer threads (chopsticks-mpi keeps its own).
#ifdef _OPENMP
	if (opt->threads_auto && task != PLAN_ENGINE)
		omp_set_num_threads((int)plan_threads(plan, opt->threads));
#endif
	if (!opt->estimate)
		return 0;
	print_estimate(opt, task, plan, *out);
	plan_free(plan);
	rules_free(*out);
	*out = NULL;
	return -1;
}

// SPDX-License-Identifier: MIT
// From parsed options to rules (see args.h): the memory refusal, up front from the closed
// form and again once the tables are built, --start, and the ranges of table and atlas.
#include "args.h"

#include <math.h>
#include <string.h>

#include "closed_form.h"
#include "message.h"
#include "numparse.h"
#include "position.h"
#include "size_text.h"

void args_distinct(const struct cli_options *opt, mpz_t distinct)
{
	mpz_t positions;
	mpz_init(positions);
	bool stumps = opt->spec.axis[AXIS_STUMPS] == 2 || (opt->spec.variants >> VARIANT_STUMPS & 1);
	closed_form_tagged(positions, distinct, opt->spec.players, opt->spec.hands,
			   opt->spec.rollover * (stumps ? 2 : 1), opt->spec.lives,
			   opt->spec.axis[AXIS_ZOMBIES] == 2 || (opt->spec.variants >> VARIANT_ZOMBIES & 1));
	mpz_clear(positions);
}

int args_parse_range(const char *cmd, const char *name, const char *text, unsigned lo, unsigned hi,
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

static int drop_rules(struct rules **out, int status)
{
	rules_free(*out);
	*out = NULL;
	return status;
}

int args_build_rules(const struct cli_options *opt, double bytes_per_position, struct rules **out)
{
	struct error err;
	*out = NULL;
	if (check_size(opt, bytes_per_position))
		return 2;
	enum status st = rules_build(&opt->spec, out, &err);
	if (st != STATUS_OK) {
		message_print(opt->command, "%s", err.msg);
		return st == STATUS_BAD_INPUT ? 2 : 1;
	}
	// The tables count twice: the dense engine (dense.h) keeps a renumbered copy.
	double need = (double)(*out)->size * bytes_per_position + 2.0 * (double)(*out)->table_bytes;
	if (opt->spec.max_bytes && need > (double)opt->spec.max_bytes) {
		char need_text[SIZE_TEXT_MAX], limit[SIZE_TEXT_MAX];
		size_text(need_text, need);
		size_text(limit, (double)opt->spec.max_bytes);
		message_print(opt->command, "instance too large: its positions and move tables need about %s, the limit is %s (--max-memory)",
			      need_text, limit);
		return drop_rules(out, 2);
	}
	uint64_t start;
	if (opt->start) {
		if (position_parse(*out, opt->start, &start, &err) != STATUS_OK) {
			message_print(opt->command, "%s %s", opt->start_name, err.msg);
			return drop_rules(out, 2);
		}
		rules_set_start(*out, start);
	}
	return 0;
}

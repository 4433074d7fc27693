// SPDX-License-Identifier: MIT
// Shared command-line parsing (see args.h). Every number goes through numparse_u64; every
// refusal names the bad value and what is allowed.
#include "args.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "closed_form.h"
#include "enumerate.h"
#include "numparse.h"
#include "position.h"
#include "variants.h"

const char args_rule_help[] =
	"Rule options:\n"
	"  --players P        number of players, 2..16 (default 2)\n"
	"  --hands H          hands per player, 1..16 (default 2), or one count per player: 3,2\n"
	"  --rollover R       a hand dies at exactly R fingers, 2..250 (default 5)\n"
	"  --variant LIST     comma-separated variant names (see 'chopsticks variants')\n"
	"  --lives N          a player who drops to one finger (or none) loses a life and restarts\n"
	"                     from the start hands, and is out after the last (1..16; sudden death\n"
	"                     with lives: --lives 1 is exactly --variant sudden-death, and its codes\n"
	"                     carry no tag; from 2 on codes carry ':L', lives left, e.g. 13:2/11:3)\n"
	"  --start CODE       start from this position instead of the standard start\n"
	"  --AXIS VALUE       set one rule axis directly, e.g. --overflow cutoff --revive never\n"
	"                     (the axes and their values: 'chopsticks variants --axes')\n";

const char args_common_help[] =
	"Common options:\n"
	"  --format F         text, csv or json (default text)\n"
	"  --threads N        OpenMP threads, 1..1024 (default: all cores); results do not depend on it\n"
	"  --max-memory SIZE  refuse instances needing more, e.g. 512M, 8G (default: 90% of RAM)\n"
	"  --help, --version\n"
	"Exit status: 0 success, 1 failure, 2 bad usage or input (including instances refused\n"
	"as too large, with an estimate), 130 interrupted.\n";

int args_fail(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "chopsticks %s: ", cmd);
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\ntry 'chopsticks %s --help'\n", cmd);
	va_end(ap);
	return 2;
}

static uint64_t default_max_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	if (pages <= 0 || page <= 0)
		return UINT64_C(8) << 30;
	return (uint64_t)pages * (uint64_t)page / 10 * 9;
}

static int parse_size(const char *cmd, const char *text, uint64_t *out)
{
	size_t len = strlen(text);
	uint64_t unit = 1, value;
	const char *units = "KMGT";
	const char *u = len ? strchr(units, text[len - 1]) : NULL;
	if (u && *u) {
		unit = UINT64_C(1) << (10 * (u - units + 1));
		len--;
	}
	if (!numparse_u64(text, len, 1, UINT64_MAX / unit, &value))
		return args_fail(cmd, "--max-memory '%s': must be a positive size such as 4096, 512M or 8G", text);
	*out = value * unit;
	return -1;
}

static int parse_hands(const char *cmd, struct cli_options *opt)
{
	const char *p = opt->hands_text;
	unsigned n = 0;
	for (;;) {
		size_t len = strcspn(p, ",");
		uint64_t h;
		if (n == RULES_MAX_PLAYERS || !numparse_u64(p, len, 1, RULES_MAX_HANDS, &h))
			return args_fail(cmd, "--hands '%s': must be an integer from 1 to %d, or a comma-separated list of them, one per player",
					 opt->hands_text, RULES_MAX_HANDS);
		opt->spec.hands[n++] = (unsigned)h;
		if (!p[len])
			break;
		p += len + 1;
	}
	if (n == 1)
		for (unsigned s = 1; s < RULES_MAX_PLAYERS; s++)
			opt->spec.hands[s] = opt->spec.hands[0];
	else if (n != opt->spec.players)
		return args_fail(cmd, "--hands '%s': %u counts given for %u players", opt->hands_text, n,
				 opt->spec.players);
	return -1;
}

// "--overflow cutoff": sets an axis directly. Returns 0 when name is not an axis option.
static int parse_axis(const char *cmd, const char *name, const char *value, struct cli_options *opt)
{
	for (int a = 0; a < AXIS_COUNT; a++) {
		if (strcmp(name + 2, axis_name((enum axis)a)))
			continue;
		int v = axis_parse_value((enum axis)a, value);
		if (v < 0) {
			const char *const *names = axis_values((enum axis)a);
			char allowed[128] = "";
			for (int i = 0; i < 4 && names[i]; i++)
				snprintf(allowed + strlen(allowed), sizeof allowed - strlen(allowed), "%s%s", i ? ", " : "", names[i]);
			return args_fail(cmd, "%s '%s': must be one of %s", name, value, allowed);
		}
		opt->spec.axis[a] = v + 1;
		return -1;
	}
	return 0;
}

static int parse_common(const char *cmd, const char *name, const char *value, struct cli_options *opt)
{
	uint64_t v;
	struct error err;
	if (!strcmp(name, "--players")) {
		if (!numparse_u64(value, (size_t)-1, 2, RULES_MAX_PLAYERS, &v))
			return args_fail(cmd, "--players '%s': must be an integer from 2 to %d", value, RULES_MAX_PLAYERS);
		opt->spec.players = (unsigned)v;
	} else if (!strcmp(name, "--hands")) {
		opt->hands_text = value;
		opt->hands_given = true;
	} else if (!strcmp(name, "--rollover")) {
		opt->rollover_text = value;
		opt->rollover_given = true;
	} else if (!strcmp(name, "--variant")) {
		if (variants_parse_list(value, &opt->spec.variants, &err) != STATUS_OK)
			return args_fail(cmd, "--variant %s", err.msg);
	} else if (!strcmp(name, "--lives")) {
		if (!numparse_u64(value, (size_t)-1, 1, RULES_MAX_LIVES, &v))
			return args_fail(cmd, "--lives '%s': must be an integer from 1 to %d", value, RULES_MAX_LIVES);
		opt->spec.lives = (unsigned)v;
	} else if (!strcmp(name, "--start")) {
		opt->start = value;
	} else if (!strcmp(name, "--format")) {
		const char *names[] = {"text", "csv", "json", "dot"};
		unsigned f = 0, formats = strcmp(cmd, "graph") ? 3 : 4;
		while (f < formats && strcmp(value, names[f]))
			f++;
		if (f == formats)
			return args_fail(cmd, "--format '%s': must be %s", value,
					 formats == 4 ? "text, csv, json or dot" : "text, csv or json");
		opt->format = (enum format)f;
	} else if (!strcmp(name, "--threads")) {
		if (!numparse_u64(value, (size_t)-1, 1, 1024, &v))
			return args_fail(cmd, "--threads '%s': must be an integer from 1 to 1024", value);
		opt->threads = (unsigned)v;
	} else if (!strcmp(name, "--max-memory")) {
		return parse_size(cmd, value, &opt->spec.max_bytes);
	} else {
		return parse_axis(cmd, name, value, opt);
	}
	return -1;
}

static const char *const common_names[] = {"--players", "--hands", "--rollover", "--variant", "--lives", "--start",
					   "--format", "--threads", "--max-memory"};

static int find_extra(const struct extra_option *extra, unsigned n, const char *name)
{
	for (unsigned i = 0; i < n; i++)
		if (!strcmp(extra[i].name, name))
			return (int)i;
	return -1;
}

static bool is_common(const char *name)
{
	for (int a = 0; a < AXIS_COUNT; a++)
		if (!strncmp(name, "--", 2) && !strcmp(name + 2, axis_name((enum axis)a)))
			return true;
	for (size_t i = 0; i < sizeof common_names / sizeof *common_names; i++)
		if (!strcmp(common_names[i], name))
			return true;
	return false;
}

static int finish(const char *cmd, struct cli_options *opt)
{
	int rc;
	uint64_t v;
	// table and atlas read ranges (A-B) themselves; everyone else wants one value.
	bool ranges = !strcmp(cmd, "table") || !strcmp(cmd, "atlas");
	if (opt->rollover_given && !ranges &&
	    !numparse_u64(opt->rollover_text, (size_t)-1, 2, RULES_MAX_ROLLOVER, &v))
		return args_fail(cmd, "--rollover '%s': must be an integer from 2 to %d", opt->rollover_text, RULES_MAX_ROLLOVER);
	if (opt->rollover_given && !ranges)
		opt->spec.rollover = (unsigned)v;
	if (opt->hands_given && !ranges && (rc = parse_hands(cmd, opt)) >= 0)
		return rc;
#ifdef _OPENMP
	omp_set_num_threads((int)opt->threads);
#endif
	return -1;
}

static void defaults(struct cli_options *opt, const char *cmd)
{
	memset(opt, 0, sizeof *opt);
	opt->command = cmd;
	opt->spec.players = 2;
	opt->spec.rollover = 5;
	for (unsigned s = 0; s < RULES_MAX_PLAYERS; s++)
		opt->spec.hands[s] = 2;
	opt->spec.max_bytes = default_max_bytes();
#ifdef _OPENMP
	opt->threads = (unsigned)omp_get_max_threads();
#else
	opt->threads = 1;
#endif
}

int args_parse(int argc, char **argv, const char *cmd, const struct extra_option *extra,
	       unsigned n_extra, const char *positional_name, const char *help,
	       struct cli_options *opt)
{
	defaults(opt, cmd);
	for (int i = 1; i < argc; i++) {
		char name[64];
		const char *arg = argv[i], *value = NULL, *eq = strchr(arg, '=');
		if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
			fputs(help, stdout);
			if (strstr(help, "[rule options]"))
				fputs(args_rule_help, stdout);
			fputs(args_common_help, stdout);
			return 0;
		}
		if (!strcmp(arg, "--version")) {
			printf("chopsticks %s\n", CHOPSTICKS_VERSION);
			return 0;
		}
		if (strncmp(arg, "--", 2) != 0) {
			if (!positional_name || opt->positional)
				return args_fail(cmd, "unexpected argument '%s'", arg);
			opt->positional = arg;
			continue;
		}
		size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
		snprintf(name, sizeof name, "%.*s", (int)(len < 63 ? len : 63), arg);
		int e = find_extra(extra, n_extra, name);
		bool wants = is_common(name) || (e >= 0 && extra[e].takes_value);
		if (e < 0 && !is_common(name))
			return args_fail(cmd, "unknown option '%s'", name);
		if (wants) {
			value = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
			if (!value)
				return args_fail(cmd, "%s needs a value", name);
		} else if (eq) {
			return args_fail(cmd, "%s takes no value", name);
		}
		if (e >= 0) {
			opt->extra_set[e] = true;
			opt->extra_value[e] = value;
			continue;
		}
		int rc = parse_common(cmd, name, value, opt);
		if (rc >= 0)
			return rc;
	}
	if (positional_name && !opt->positional)
		return args_fail(cmd, "missing %s", positional_name);
	return finish(cmd, opt);
}

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

// Writes 2^log2v as a short decimal ("3.17e+50"), also past the range of a double.
static void approx(char *buf, double log2v)
{
	double log10v = log2v * log10(2.0), e = floor(log10v);
	snprintf(buf, 32, "%.3ge%+.0f", pow(10.0, log10v - e), e);
}

// Refuses, before anything is allocated, an instance whose positions alone would need more
// than the limit (estimated from the closed form, so it works at any size).
static int check_size(const struct cli_options *opt, uint64_t bytes_per_position)
{
	mpz_t distinct;
	mpz_init(distinct);
	args_distinct(opt, distinct);
	long exp2;
	double mantissa = mpz_get_d_2exp(&exp2, distinct); // distinct = mantissa * 2^exp2
	mpz_clear(distinct);
	double log2_need = (double)exp2 + log2(mantissa * (double)bytes_per_position);
	if (!opt->spec.max_bytes || log2_need <= log2((double)opt->spec.max_bytes))
		return 0;
	char count[32], gib[32];
	approx(count, log2_need - log2((double)bytes_per_position));
	approx(gib, log2_need - 30);
	fprintf(stderr, "chopsticks %s: instance too large: %s positions need about %s GiB, the limit is %.3g GiB (--max-memory)\n",
		opt->command, count, gib, (double)opt->spec.max_bytes / (1 << 30));
	return 2;
}

int args_build_rules(const struct cli_options *opt, uint64_t bytes_per_position, struct rules **out)
{
	struct error err;
	*out = NULL;
	if (check_size(opt, bytes_per_position))
		return 2;
	enum status st = rules_build(&opt->spec, out, &err);
	if (st != STATUS_OK) {
		fprintf(stderr, "chopsticks %s: %s\n", opt->command, err.msg);
		return st == STATUS_BAD_INPUT ? 2 : 1;
	}
	// The tables count twice: the dense engine (dense.h) keeps a renumbered copy.
	double need = (double)(*out)->size * (double)bytes_per_position + 2.0 * (double)(*out)->table_bytes;
	if (opt->spec.max_bytes && need > (double)opt->spec.max_bytes) {
		fprintf(stderr, "chopsticks %s: instance too large: its positions and move tables need about %.3g GiB, the limit is %.3g GiB (--max-memory)\n",
			opt->command, need / (1 << 30), (double)opt->spec.max_bytes / (1 << 30));
		rules_free(*out);
		*out = NULL;
		return 2;
	}
	uint64_t start;
	if (opt->start) {
		if (position_parse(*out, opt->start, &start, &err) != STATUS_OK) {
			fprintf(stderr, "chopsticks %s: --start %s\n", opt->command, err.msg);
			rules_free(*out);
			*out = NULL;
			return 2;
		}
		rules_set_start(*out, start);
	}
	return 0;
}

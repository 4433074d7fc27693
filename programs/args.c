// SPDX-License-Identifier: MIT
// Shared command-line parsing (see args.h): the loop over argv, --help, and the refusals
// that follow from a command's declaration (options it does not use, repeated options,
// its own options used without what they need).
#include "args.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "args_shared.h"
#include "message.h"
#include "numparse.h"
#include "output.h"

int args_fail(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	message_vprint(cmd, fmt, ap);
	va_end(ap);
	fprintf(stderr, "try 'chopsticks %s --help'\n", cmd);
	return 2;
}

void args_print_help(FILE *f, const struct command_args *cmd)
{
	fputs(cmd->help, f);
	unsigned rules = cmd->accepts & ARGS_RULES;
	if (cmd->accepts & ARGS_RANGES)
		rules &= ~(unsigned)(ARGS_HANDS | ARGS_ROLLOVER); // the command's help covers them
	if (rules)
		fputs("Rule options:\n", f);
	for (unsigned i = 0; i < OPTION_COUNT; i++)
		if (args_shared[i].accept & rules)
			args_shared_help(f, &args_shared[i], NULL);
	char formats[64], first[16], text[128];
	args_format_list(cmd->formats, formats, sizeof formats);
	args_format_list(cmd->formats & -cmd->formats, first, sizeof first);
	if (__builtin_popcount(cmd->formats) == 1)
		snprintf(text, sizeof text, "%s, the only format", formats);
	else
		snprintf(text, sizeof text, "%s (default %s)", formats, first);
	fputs("Common options:\n", f);
	args_shared_help(f, &args_shared[OPTION_FORMAT], text);
	for (unsigned i = 0; i < OPTION_COUNT; i++)
		if (args_shared[i].accept & cmd->accepts & ARGS_COMMON)
			args_shared_help(f, &args_shared[i], NULL);
	fputs("  --help, --version\n"
	      "An option given twice is refused unless both values are the same (lists of --variant\n"
	      "combine), and so is an option this command does not use.\n"
	      "Exit status: 0 success, 1 failure (including a write error on standard output), 2 bad\n"
	      "usage or input (including instances refused as too large, with an estimate), 130\n"
	      "interrupted.\n",
	      f);
}

static uint64_t default_max_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	if (pages <= 0 || page <= 0)
		return UINT64_C(8) << 30;
	return (uint64_t)pages * (uint64_t)page / 10 * 9;
}

// The cores this process may run on; OMP_NUM_THREADS lowers it, never raises it; in the
// range of --threads.
static unsigned default_threads(void)
{
#ifdef _OPENMP
	const struct shared_option *o = &args_shared[OPTION_THREADS];
	int n = omp_get_max_threads(), procs = omp_get_num_procs();
	n = procs < n ? procs : n;
	return n < (int)o->lo ? o->lo : n > (int)o->hi ? o->hi : (unsigned)n;
#else
	return 1;
#endif
}

static void defaults(struct cli_options *opt, const struct command_args *cmd)
{
	memset(opt, 0, sizeof *opt);
	opt->command = cmd->name;
	opt->start_name = "--start";
	opt->format = (enum format)__builtin_ctz(cmd->formats);
	opt->spec.players = args_shared[OPTION_PLAYERS].fallback;
	opt->spec.rollover = args_shared[OPTION_ROLLOVER].fallback;
	for (unsigned s = 0; s < RULES_MAX_PLAYERS; s++)
		opt->spec.hands[s] = args_shared[OPTION_HANDS].fallback;
	opt->spec.lives = args_shared[OPTION_LIVES].fallback;
	opt->spec.max_bytes = default_max_bytes();
	opt->threads = default_threads();
	opt->checkpoint_every = args_shared[OPTION_CHECKPOINT_EVERY].fallback;
}

static int parse_hands(const char *cmd, struct cli_options *opt)
{
	const struct shared_option *o = &args_shared[OPTION_HANDS];
	const char *p = opt->hands_text;
	unsigned n = 0;
	for (;;) {
		size_t len = strcspn(p, ",");
		uint64_t h;
		if (n == RULES_MAX_PLAYERS || !numparse_u64(p, len, o->lo, o->hi, &h))
			return args_fail(cmd, "%s '%s': must be an integer from %u to %u, or a comma-separated list of them, one per player",
					 o->name, opt->hands_text, o->lo, o->hi);
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

static int find_extra(const struct command_args *cmd, const char *name)
{
	for (unsigned i = 0; i < cmd->n_extra; i++)
		if (!strcmp(cmd->extra[i].name, name))
			return (int)i;
	return -1;
}

// The command's own options that do nothing here: without the option they need, or with
// another format than theirs.
static int check_extra(const struct command_args *cmd, const struct cli_options *opt)
{
	char formats[64];
	for (unsigned i = 0; i < cmd->n_extra; i++) {
		const struct extra_option *x = &cmd->extra[i];
		if (!opt->extra_set[i])
			continue;
		if (x->needs && !opt->extra_set[find_extra(cmd, x->needs)])
			return args_fail(cmd->name, "%s is used only with %s", x->name, x->needs);
		args_format_list(x->formats, formats, sizeof formats);
		if (x->formats && !(x->formats & FORMAT_BIT(opt->format)))
			return args_fail(cmd->name, "%s is used only with --format %s", x->name, formats);
	}
	return -1;
}

static int finish(const struct command_args *cmd, struct cli_options *opt)
{
	int rc;
	uint64_t v;
	const struct shared_option *r = &args_shared[OPTION_ROLLOVER];
	if (opt->positional == NULL && cmd->positional)
		return args_fail(cmd->name, "missing %s", cmd->positional);
	if ((rc = check_extra(cmd, opt)) >= 0)
		return rc;
	if (opt->checkpoint_every_given && !opt->checkpoint)
		return args_fail(cmd->name, "--checkpoint-every is used only with --checkpoint");
	bool single = !(cmd->accepts & ARGS_RANGES); // else the command reads ranges A-B itself
	if (opt->rollover_given && single &&
	    !numparse_u64(opt->rollover_text, (size_t)-1, r->lo, r->hi, &v))
		return args_fail(cmd->name, "%s '%s': must be an integer from %u to %u", r->name,
				 opt->rollover_text, r->lo, r->hi);
	if (opt->rollover_given && single)
		opt->spec.rollover = (unsigned)v;
	if (opt->hands_given && single && (rc = parse_hands(cmd->name, opt)) >= 0)
		return rc;
	int e = find_extra(cmd, ARGS_ESTIMATE);
	opt->estimate = e >= 0 && opt->extra_set[e];
#ifdef _OPENMP
	omp_set_num_threads((int)opt->threads);
#endif
	output_progress_plain(opt->progress);
	return -1;
}

// What args_parse has seen so far.
struct parse_state {
	const char *seen[ARGS_SHARED_SLOTS + ARGS_MAX_EXTRA]; // the value each option was given
};

// A second value for the option in slot is refused unless it is the same. Returns -1 to
// store it, 0 to skip it (the same again), or 2.
static int repeated(const struct command_args *cmd, struct parse_state *ps, unsigned slot,
		    const char *name, const char *value)
{
	if (!ps->seen[slot]) {
		ps->seen[slot] = value;
		return -1;
	}
	if (!strcmp(ps->seen[slot], value))
		return 0;
	return args_fail(cmd->name, "%s given twice, '%s' and '%s': give it once", name, ps->seen[slot], value);
}

// Parses the option at argv[*i] (and its value, moving *i past it). Returns -1 to go on, or 2.
static int parse_option(const struct command_args *cmd, struct parse_state *ps, int argc, char **argv,
			int *i, struct cli_options *opt)
{
	char name[64];
	unsigned slot = 0;
	const char *arg = argv[*i], *value = NULL, *eq = strchr(arg, '=');
	size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
	snprintf(name, sizeof name, "%.*s", (int)(len < 63 ? len : 63), arg);
	int e = find_extra(cmd, name);
	const struct shared_option *sh = e < 0 ? args_shared_find(name, &slot) : NULL;
	if (e < 0 && !sh)
		return args_fail(cmd->name, "unknown option '%s'", name);
	if (sh && !args_shared_takes(cmd, sh))
		return args_fail(cmd->name, "%s is not used by %s", name, cmd->name);
	if (sh ? *sh->metavar != '\0' : cmd->extra[e].takes_value) {
		value = eq ? eq + 1 : (*i + 1 < argc ? argv[++*i] : NULL);
		if (!value)
			return args_fail(cmd->name, "%s needs a value", name);
	} else if (eq) {
		return args_fail(cmd->name, "%s takes no value", name);
	}
	if (e >= 0) {
		int rc = value ? repeated(cmd, ps, ARGS_SHARED_SLOTS + (unsigned)e, name, value) : -1;
		opt->extra_set[e] = true;
		opt->extra_value[e] = rc < 0 ? value : opt->extra_value[e];
		return rc > 0 ? rc : -1;
	}
	int rc = sh->combines || !value ? -1 : repeated(cmd, ps, slot, name, value);
	return rc < 0 ? sh->parse(cmd, name, value, opt) : rc > 0 ? rc : -1;
}

int args_parse(int argc, char **argv, const struct command_args *cmd, struct cli_options *opt)
{
	struct parse_state ps = {{0}};
	defaults(opt, cmd);
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
			args_print_help(stdout, cmd);
			return 0;
		}
		if (!strcmp(arg, "--version")) {
			printf("%s %s\n", cmd->program ? cmd->program : "chopsticks", CHOPSTICKS_VERSION);
			return 0;
		}
		if (strncmp(arg, "--", 2) != 0) {
			if (!cmd->positional || opt->positional)
				return args_fail(cmd->name, "unexpected argument '%s'", arg);
			opt->positional = arg;
			continue;
		}
		int rc = parse_option(cmd, &ps, argc, argv, &i, opt);
		if (rc >= 0)
			return rc;
	}
	return finish(cmd, opt);
}

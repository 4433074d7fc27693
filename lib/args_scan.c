// SPDX-License-Identifier: MIT
// Scanning a command's options (see args_scan.h): the loop over argv, the shared options of
// options.def and their parsers, and the refusals that follow from a command's declaration
// (options it does not use, repeated options, its own options used without what they need).
// Every number goes through numparse_u64 with the range of its row; every refusal names the
// bad value and what is allowed.
#include "args_scan.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "numparse.h"

// Fills err with the refusal; returns STATUS_BAD_INPUT.
static enum status refuse(struct error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static enum status refuse(struct error *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return STATUS_BAD_INPUT;
}

// An integer option in the range of its row into *out.
static enum status parse_count(enum shared_option_id id, const char *value, unsigned *out, struct error *err)
{
	const struct shared_option *o = &args_shared[id];
	uint64_t v;
	if (!numparse_u64(value, (size_t)-1, o->lo, o->hi, &v))
		return refuse(err, "%s '%s': must be an integer from %u to %u", o->name, value,
				 o->lo, o->hi);
	*out = (unsigned)v;
	return STATUS_OK;
}

static enum status parse_players(const struct command_args *cmd, const char *name, const char *value,
		struct cli_options *opt, struct error *err)
{
	(void)cmd, (void)name;
	return parse_count(OPTION_PLAYERS, value, &opt->spec.players, err);
}

// --hands and --rollover keep their text: a command reads ranges, or args_parse one value.
static enum status keep_hands(const struct command_args *cmd, const char *name, const char *value,
		struct cli_options *opt, struct error *err)
{
	(void)cmd, (void)name, (void)err;
	opt->hands_text = value;
	opt->hands_given = true;
	return STATUS_OK;
}

static enum status keep_rollover(const struct command_args *cmd, const char *name, const char *value,
		struct cli_options *opt, struct error *err)
{
	(void)cmd, (void)name, (void)err;
	opt->rollover_text = value;
	opt->rollover_given = true;
	return STATUS_OK;
}

// Repeated lists combine; a name in two of them is refused like one named twice in a list.
static enum status parse_variant(const struct command_args *cmd, const char *name, const char *value,
		struct cli_options *opt, struct error *err)
{
	(void)cmd;
	struct error why;
	uint64_t bits;
	if (variants_parse_list(value, &bits, &why) != STATUS_OK)
		return refuse(err, "%s %s", name, why.msg);
	uint64_t both = bits & opt->spec.variants;
	if (both)
		return refuse(err, "%s '%s': variant given twice", name,
				 variants_name((enum variant_id)__builtin_ctzll(both)));
	opt->spec.variants |= bits;
	return STATUS_OK;
}

static enum status parse_lives(const struct command_args *cmd, const char *name, const char *value,
		struct cli_options *opt, struct error *err)
{
	(void)cmd, (void)name;
	return parse_count(OPTION_LIVES, value, &opt->spec.lives, err);
}

static enum status keep_start(const struct command_args *cmd, const char *name, const char *value,
		struct cli_options *opt, struct error *err)
{
	(void)cmd, (void)name, (void)err;
	opt->start = value;
	return STATUS_OK;
}

static const char *const format_names[] = {"text", "csv", "json", "dot"};

void args_format_list(unsigned mask, char *buf, size_t len)
{
	size_t used = 0;
	unsigned left = (unsigned)__builtin_popcount(mask);
	buf[0] = '\0';
	for (unsigned f = 0; f < 4 && used < len; f++)
		if (mask & FORMAT_BIT(f)) {
			left--;
			used += (size_t)snprintf(buf + used, len - used, "%s%s", format_names[f],
						 left > 1 ? ", " : left == 1 ? " or " : "");
		}
}

const char *args_format_name(enum format f)
{
	return format_names[f];
}

static enum status parse_format(const struct command_args *cmd, const char *name, const char *value,
		struct cli_options *opt, struct error *err)
{
	char allowed[64];
	for (unsigned f = 0; f < 4; f++)
		if ((cmd->formats & FORMAT_BIT(f)) && !strcmp(value, format_names[f])) {
			opt->format = (enum format)f;
			return STATUS_OK;
		}
	args_format_list(cmd->formats, allowed, sizeof allowed);
	if (__builtin_popcount(cmd->formats) == 1)
		return refuse(err, "%s '%s': %s writes %s only", name, value, cmd->name, allowed);
	return refuse(err, "%s '%s': must be %s", name, value, allowed);
}

static enum status parse_threads(const struct command_args *cmd, const char *name, const char *value,
		struct cli_options *opt, struct error *err)
{
	(void)cmd, (void)name;
	return parse_count(OPTION_THREADS, value, &opt->threads, err);
}

static enum status parse_progress(const struct command_args *cmd, const char *name, const char *value,
		struct cli_options *opt, struct error *err)
{
	(void)cmd, (void)name, (void)value, (void)err;
	opt->progress = true;
	return STATUS_OK;
}

static enum status keep_checkpoint(const struct command_args *cmd, const char *name, const char *value,
		struct cli_options *opt, struct error *err)
{
	(void)cmd;
	if (!*value)
		return refuse(err, "%s '': must name a directory", name);
	opt->checkpoint = value;
	return STATUS_OK;
}

static enum status parse_checkpoint_every(const struct command_args *cmd, const char *name, const char *value,
		struct cli_options *opt, struct error *err)
{
	(void)cmd, (void)name;
	opt->checkpoint_every_given = true;
	return parse_count(OPTION_CHECKPOINT_EVERY, value, &opt->checkpoint_every, err);
}

static enum status parse_size(const struct command_args *cmd, const char *name, const char *value,
		struct cli_options *opt, struct error *err)
{
	(void)cmd;
	size_t len = strlen(value);
	uint64_t unit = 1, v;
	const char *units = "KMGT";
	const char *u = len ? strchr(units, value[len - 1]) : NULL;
	if (u && *u) {
		unit = UINT64_C(1) << (10 * (u - units + 1));
		len--;
	}
	if (!numparse_u64(value, len, 1, UINT64_MAX / unit, &v))
		return refuse(err, "%s '%s': must be a positive size such as 4096, 512M or 8G", name, value);
	opt->spec.max_bytes = v * unit;
	return STATUS_OK;
}

// "--overflow cutoff": sets one rule axis directly.
static enum status parse_axis(const struct command_args *cmd, const char *name, const char *value,
		struct cli_options *opt, struct error *err)
{
	(void)cmd;
	int a = 0;
	while (strcmp(name + 2, axis_name((enum axis)a)))
		a++;
	int v = axis_parse_value((enum axis)a, value);
	if (v < 0) {
		const char *const *names = axis_values((enum axis)a);
		char allowed[128] = "";
		for (int i = 0; names[i]; i++)
			snprintf(allowed + strlen(allowed), sizeof allowed - strlen(allowed), "%s%s", i ? ", " : "", names[i]);
		return refuse(err, "%s '%s': must be one of %s", name, value, allowed);
	}
	opt->spec.axis[a] = v + 1;
	return STATUS_OK;
}

const struct shared_option args_shared[OPTION_COUNT] = {
#define OPTION(id, name, metavar, group, combines, lo, hi, fallback, parse, help) \
	[OPTION_##id] = {name, metavar, group, combines, lo, hi, fallback, help, parse},
#include "options.def"
#undef OPTION
};

bool args_shared_takes(const struct command_args *cmd, const struct shared_option *o)
{
	return !o->accept || (o->accept & cmd->accepts);
}

const struct shared_option *args_shared_find(const char *name, unsigned *slot)
{
	for (unsigned i = 0; i < OPTION_COUNT; i++)
		if (args_shared[i].accept != ARGS_AXES && !strcmp(args_shared[i].name, name)) {
			*slot = i;
			return &args_shared[i];
		}
	for (int a = 0; a < AXIS_COUNT; a++)
		if (!strncmp(name, "--", 2) && !strcmp(name + 2, axis_name((enum axis)a))) {
			*slot = OPTION_COUNT + (unsigned)a;
			return &args_shared[OPTION_AXES];
		}
	return NULL;
}

uint64_t args_default_max_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	if (pages <= 0 || page <= 0)
		return UINT64_C(8) << 30;
	return (uint64_t)pages * (uint64_t)page / 10 * 9;
}

unsigned args_default_threads(void)
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
	opt->spec.max_bytes = args_default_max_bytes();
	opt->checkpoint_every = args_shared[OPTION_CHECKPOINT_EVERY].fallback;
}

static enum status parse_hands(struct cli_options *opt, struct error *err)
{
	const struct shared_option *o = &args_shared[OPTION_HANDS];
	const char *p = opt->hands_text;
	unsigned n = 0;
	for (;;) {
		size_t len = strcspn(p, ",");
		uint64_t h;
		if (n == RULES_MAX_PLAYERS || !numparse_u64(p, len, o->lo, o->hi, &h))
			return refuse(err, "%s '%s': must be an integer from %u to %u, or a comma-separated list of them, one per player",
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
		return refuse(err, "--hands '%s': %u counts given for %u players", opt->hands_text, n, opt->spec.players);
	return STATUS_OK;
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
static enum status check_extra(const struct command_args *cmd, const struct cli_options *opt, struct error *err)
{
	char formats[64];
	for (unsigned i = 0; i < cmd->n_extra; i++) {
		const struct extra_option *x = &cmd->extra[i];
		if (!opt->extra_set[i])
			continue;
		if (x->needs && !opt->extra_set[find_extra(cmd, x->needs)])
			return refuse(err, "%s is used only with %s", x->name, x->needs);
		args_format_list(x->formats, formats, sizeof formats);
		if (x->formats && !(x->formats & FORMAT_BIT(opt->format)))
			return refuse(err, "%s is used only with --format %s", x->name, formats);
	}
	return STATUS_OK;
}

static enum status finish(const struct command_args *cmd, struct cli_options *opt, struct error *err)
{
	uint64_t v;
	const struct shared_option *r = &args_shared[OPTION_ROLLOVER];
	if (opt->positional == NULL && cmd->positional)
		return refuse(err, "missing %s", cmd->positional);
	if (check_extra(cmd, opt, err) != STATUS_OK)
		return STATUS_BAD_INPUT;
	if (opt->checkpoint_every_given && !opt->checkpoint)
		return refuse(err, "--checkpoint-every is used only with --checkpoint");
	bool single = !(cmd->accepts & ARGS_RANGES); // else the command reads ranges A-B itself
	if (opt->rollover_given && single &&
	    !numparse_u64(opt->rollover_text, (size_t)-1, r->lo, r->hi, &v))
		return refuse(err, "%s '%s': must be an integer from %u to %u", r->name, opt->rollover_text, r->lo, r->hi);
	if (opt->rollover_given && single)
		opt->spec.rollover = (unsigned)v;
	if (opt->hands_given && single && parse_hands(opt, err) != STATUS_OK)
		return STATUS_BAD_INPUT;
	int e = find_extra(cmd, ARGS_ESTIMATE);
	opt->estimate = e >= 0 && opt->extra_set[e];
	return STATUS_OK;
}

// What args_scan has seen so far.
struct parse_state {
	const char *seen[ARGS_SHARED_SLOTS + ARGS_MAX_EXTRA]; // the value each option was given
};

// A second value for the option in slot is refused unless it is the same. Returns -1 to
// store it, 0 to skip it (the same again), or 2 (refused, err filled).
static int repeated(struct parse_state *ps, unsigned slot, const char *name, const char *value, struct error *err)
{
	if (!ps->seen[slot]) {
		ps->seen[slot] = value;
		return -1;
	}
	if (!strcmp(ps->seen[slot], value))
		return 0;
	return refuse(err, "%s given twice, '%s' and '%s': give it once", name, ps->seen[slot], value);
}

// Parses the option at argv[*i] (and its value, moving *i past it).
static enum status parse_option(const struct command_args *cmd, struct parse_state *ps, int argc, char **argv,
				int *i, struct cli_options *opt, struct error *err)
{
	char name[64];
	unsigned slot = 0;
	const char *arg = argv[*i], *value = NULL, *eq = strchr(arg, '=');
	size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
	snprintf(name, sizeof name, "%.*s", (int)(len < 63 ? len : 63), arg);
	int e = find_extra(cmd, name);
	const struct shared_option *sh = e < 0 ? args_shared_find(name, &slot) : NULL;
	if (e < 0 && !sh)
		return refuse(err, "unknown option '%s'", name);
	if (sh && !args_shared_takes(cmd, sh))
		return refuse(err, "%s is not used by %s", name, cmd->name);
	if (sh ? *sh->metavar != '\0' : cmd->extra[e].takes_value) {
		value = eq ? eq + 1 : (*i + 1 < argc ? argv[++*i] : NULL);
		if (!value)
			return refuse(err, "%s needs a value", name);
	} else if (eq) {
		return refuse(err, "%s takes no value", name);
	}
	if (e >= 0) {
		int rc = value ? repeated(ps, ARGS_SHARED_SLOTS + (unsigned)e, name, value, err) : -1;
		opt->extra_set[e] = true;
		opt->extra_value[e] = rc < 0 ? value : opt->extra_value[e];
		return rc > 0 ? STATUS_BAD_INPUT : STATUS_OK;
	}
	int rc = sh->combines || !value ? -1 : repeated(ps, slot, name, value, err);
	return rc < 0 ? sh->parse(cmd, name, value, opt, err) : rc > 0 ? STATUS_BAD_INPUT : STATUS_OK;
}

enum args_outcome args_scan(int argc, char **argv, const struct command_args *cmd, struct cli_options *opt,
			    struct error *err)
{
	struct parse_state ps = {{0}};
	defaults(opt, cmd);
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (!strcmp(arg, "--help") || !strcmp(arg, "-h"))
			return ARGS_HELP;
		if (!strcmp(arg, "--version"))
			return ARGS_VERSION;
		if (strncmp(arg, "--", 2) != 0) {
			if (!cmd->positional || opt->positional)
				return refuse(err, "unexpected argument '%s'", arg), ARGS_REFUSED;
			opt->positional = arg;
			continue;
		}
		if (parse_option(cmd, &ps, argc, argv, &i, opt, err) != STATUS_OK)
			return ARGS_REFUSED;
	}
	return finish(cmd, opt, err) == STATUS_OK ? ARGS_RUN : ARGS_REFUSED;
}

// SPDX-License-Identifier: MIT
// The shared options (options.def) and their parsers (see args_shared.h). Every number goes
// through numparse_u64 with the range of its row; every refusal names the bad value and what
// is allowed.
#include "args_shared.h"

#include <stdio.h>
#include <string.h>

#include "numparse.h"

// An integer option in the range of its row into *out.
static int parse_count(const struct command_args *cmd, enum shared_option_id id, const char *value,
		       unsigned *out)
{
	const struct shared_option *o = &args_shared[id];
	uint64_t v;
	if (!numparse_u64(value, (size_t)-1, o->lo, o->hi, &v))
		return args_fail(cmd->name, "%s '%s': must be an integer from %u to %u", o->name, value,
				 o->lo, o->hi);
	*out = (unsigned)v;
	return -1;
}

static int parse_players(const struct command_args *cmd, const char *name, const char *value,
			 struct cli_options *opt)
{
	(void)name;
	return parse_count(cmd, OPTION_PLAYERS, value, &opt->spec.players);
}

// --hands and --rollover keep their text: a command reads ranges, or args_parse one value.
static int keep_hands(const struct command_args *cmd, const char *name, const char *value,
		      struct cli_options *opt)
{
	(void)cmd, (void)name;
	opt->hands_text = value;
	opt->hands_given = true;
	return -1;
}

static int keep_rollover(const struct command_args *cmd, const char *name, const char *value,
			 struct cli_options *opt)
{
	(void)cmd, (void)name;
	opt->rollover_text = value;
	opt->rollover_given = true;
	return -1;
}

// Repeated lists combine; a name in two of them is refused like one named twice in a list.
static int parse_variant(const struct command_args *cmd, const char *name, const char *value,
			 struct cli_options *opt)
{
	struct error err;
	uint64_t bits;
	if (variants_parse_list(value, &bits, &err) != STATUS_OK)
		return args_fail(cmd->name, "%s %s", name, err.msg);
	uint64_t both = bits & opt->spec.variants;
	if (both)
		return args_fail(cmd->name, "%s '%s': variant given twice", name,
				 variants_name((enum variant_id)__builtin_ctzll(both)));
	opt->spec.variants |= bits;
	return -1;
}

static int parse_lives(const struct command_args *cmd, const char *name, const char *value,
		       struct cli_options *opt)
{
	(void)name;
	return parse_count(cmd, OPTION_LIVES, value, &opt->spec.lives);
}

static int keep_start(const struct command_args *cmd, const char *name, const char *value,
		      struct cli_options *opt)
{
	(void)cmd, (void)name;
	opt->start = value;
	return -1;
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

static int parse_format(const struct command_args *cmd, const char *name, const char *value,
			struct cli_options *opt)
{
	char allowed[64];
	for (unsigned f = 0; f < 4; f++)
		if ((cmd->formats & FORMAT_BIT(f)) && !strcmp(value, format_names[f])) {
			opt->format = (enum format)f;
			return -1;
		}
	args_format_list(cmd->formats, allowed, sizeof allowed);
	if (__builtin_popcount(cmd->formats) == 1)
		return args_fail(cmd->name, "%s '%s': %s writes %s only", name, value, cmd->name, allowed);
	return args_fail(cmd->name, "%s '%s': must be %s", name, value, allowed);
}

static int parse_threads(const struct command_args *cmd, const char *name, const char *value,
			 struct cli_options *opt)
{
	(void)name;
	return parse_count(cmd, OPTION_THREADS, value, &opt->threads);
}

static int parse_progress(const struct command_args *cmd, const char *name, const char *value,
			  struct cli_options *opt)
{
	(void)cmd, (void)name, (void)value;
	opt->progress = true;
	return -1;
}

static int keep_checkpoint(const struct command_args *cmd, const char *name, const char *value,
			   struct cli_options *opt)
{
	if (!*value)
		return args_fail(cmd->name, "%s '': must name a directory", name);
	opt->checkpoint = value;
	return -1;
}

static int parse_checkpoint_every(const struct command_args *cmd, const char *name, const char *value,
				  struct cli_options *opt)
{
	(void)name;
	opt->checkpoint_every_given = true;
	return parse_count(cmd, OPTION_CHECKPOINT_EVERY, value, &opt->checkpoint_every);
}

static int parse_size(const struct command_args *cmd, const char *name, const char *value,
		      struct cli_options *opt)
{
	size_t len = strlen(value);
	uint64_t unit = 1, v;
	const char *units = "KMGT";
	const char *u = len ? strchr(units, value[len - 1]) : NULL;
	if (u && *u) {
		unit = UINT64_C(1) << (10 * (u - units + 1));
		len--;
	}
	if (!numparse_u64(value, len, 1, UINT64_MAX / unit, &v))
		return args_fail(cmd->name, "%s '%s': must be a positive size such as 4096, 512M or 8G", name, value);
	opt->spec.max_bytes = v * unit;
	return -1;
}

// "--overflow cutoff": sets one rule axis directly.
static int parse_axis(const struct command_args *cmd, const char *name, const char *value,
		      struct cli_options *opt)
{
	int a = 0;
	while (strcmp(name + 2, axis_name((enum axis)a)))
		a++;
	int v = axis_parse_value((enum axis)a, value);
	if (v < 0) {
		const char *const *names = axis_values((enum axis)a);
		char allowed[128] = "";
		for (int i = 0; names[i]; i++)
			snprintf(allowed + strlen(allowed), sizeof allowed - strlen(allowed), "%s%s", i ? ", " : "", names[i]);
		return args_fail(cmd->name, "%s '%s': must be one of %s", name, value, allowed);
	}
	opt->spec.axis[a] = v + 1;
	return -1;
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

void args_shared_text(FILE *f, const struct shared_option *o, const char *text, const char *indent)
{
	for (const char *p = text ? text : o->help; *p; p++) {
		if (*p == '\n') {
			fprintf(f, "\n%s", indent);
		} else if (p[0] == '@' && (p[1] == 'R' || p[1] == 'D')) {
			if (*++p == 'R')
				fprintf(f, "%u..%u", o->lo, o->hi);
			else
				fprintf(f, "%u", o->fallback);
		} else {
			putc(*p, f);
		}
	}
}

void args_shared_help(FILE *f, const struct shared_option *o, const char *text)
{
	char left[32];
	snprintf(left, sizeof left, "%s%s%s", o->name, *o->metavar ? " " : "", o->metavar);
	if (strlen(left) > 17) // the text starts on a line of its own
		fprintf(f, "  %s\n%21s", left, "");
	else
		fprintf(f, "  %-17s  ", left);
	args_shared_text(f, o, text, "                     ");
	putc('\n', f);
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

// SPDX-License-Identifier: MIT
// The shared options and their parsers (see args_shared.h). Every number goes through
// numparse_u64; every refusal names the bad value and what is allowed.
#include "args_shared.h"

#include <stdio.h>
#include <string.h>

#include "numparse.h"

// An integer option from lo to hi into *out.
static int parse_count(const struct command_args *cmd, const char *name, const char *value, unsigned lo,
		       unsigned hi, unsigned *out)
{
	uint64_t v;
	if (!numparse_u64(value, (size_t)-1, lo, hi, &v))
		return args_fail(cmd->name, "%s '%s': must be an integer from %u to %u", name, value, lo, hi);
	*out = (unsigned)v;
	return -1;
}

static int parse_players(const struct command_args *cmd, const char *name, const char *value,
			 struct cli_options *opt)
{
	return parse_count(cmd, name, value, 2, RULES_MAX_PLAYERS, &opt->spec.players);
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
	return parse_count(cmd, name, value, 1, RULES_MAX_LIVES, &opt->spec.lives);
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
	return parse_count(cmd, name, value, 1, 1024, &opt->threads);
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
		for (int i = 0; i < 4 && names[i]; i++)
			snprintf(allowed + strlen(allowed), sizeof allowed - strlen(allowed), "%s%s", i ? ", " : "", names[i]);
		return args_fail(cmd->name, "%s '%s': must be one of %s", name, value, allowed);
	}
	opt->spec.axis[a] = v + 1;
	return -1;
}

const struct shared_option args_shared[] = {
	{"--players", ARGS_PLAYERS, false, "  --players P        number of players, 2..16 (default 2)\n", parse_players},
	{"--hands", ARGS_HANDS, false,
	 "  --hands H          hands per player, 1..16 (default 2), or one count per player: 3,2\n", keep_hands},
	{"--rollover", ARGS_ROLLOVER, false,
	 "  --rollover R       a hand dies at exactly R fingers, 2..250 (default 5)\n", keep_rollover},
	{"--variant", ARGS_VARIANT, true,
	 "  --variant LIST     comma-separated variant names (see 'chopsticks variants'); the lists\n"
	 "                     of a repeated --variant combine (a name given twice is an error)\n",
	 parse_variant},
	{"--lives", ARGS_LIVES, false,
	 "  --lives N          a player who drops to one finger (or none) loses a life and restarts\n"
	 "                     from the start hands, and is out after the last (1..16; sudden death\n"
	 "                     with lives: --lives 1 is exactly --variant sudden-death, and its codes\n"
	 "                     carry no tag; from 2 on codes carry ':L', lives left, e.g. 13:2/11:3)\n",
	 parse_lives},
	{"--start", ARGS_START, false, "  --start CODE       start from this position instead of the standard start\n", keep_start},
	{NULL, ARGS_AXES, false,
	 "  --AXIS VALUE       set one rule axis directly, e.g. --overflow cutoff --revive never\n"
	 "                     (the axes and their values: 'chopsticks variants --axes')\n",
	 parse_axis},
	{"--format", 0, false, "", parse_format},
	{"--threads", ARGS_THREADS, false,
	 "  --threads N        OpenMP threads, 1..1024 (default: the cores available; OMP_NUM_THREADS\n"
	 "                     is honoured up to that); results do not depend on it\n",
	 parse_threads},
	{"--max-memory", ARGS_MAX_MEMORY, false,
	 "  --max-memory SIZE  refuse instances needing more, e.g. 512M, 8G (default: 90% of RAM)\n", parse_size},
	{0},
};

const struct shared_option *args_shared_find(const char *name, unsigned *slot)
{
	unsigned i = 0;
	for (; args_shared[i].parse; i++)
		if (args_shared[i].name && !strcmp(args_shared[i].name, name)) {
			*slot = i;
			return &args_shared[i];
		}
	for (int a = 0; a < AXIS_COUNT; a++)
		if (!strncmp(name, "--", 2) && !strcmp(name + 2, axis_name((enum axis)a))) {
			*slot = i + (unsigned)a;
			for (i = 0; args_shared[i].name; i++)
				;
			return &args_shared[i];
		}
	return NULL;
}

_Static_assert(sizeof args_shared / sizeof *args_shared <= 13, "ARGS_SHARED_SLOTS holds 12 entries");

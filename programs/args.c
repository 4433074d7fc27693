// SPDX-License-Identifier: MIT
// Shared command-line parsing (see args.h): the options scanned by the library's args_scan,
// its refusals printed, --help and --version.
#include "args.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "args_shared.h"
#include "message.h"
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

int args_parse(int argc, char **argv, const struct command_args *cmd, struct cli_options *opt)
{
	struct error err;
	switch (args_scan(argc, argv, cmd, opt, &err)) {
	case ARGS_HELP:
		args_print_help(stdout, cmd);
		return 0;
	case ARGS_VERSION:
		printf("%s %s\n", cmd->program ? cmd->program : "chopsticks", CHOPSTICKS_VERSION);
		return 0;
	case ARGS_REFUSED:
		return args_fail(cmd->name, "%s", err.msg);
	case ARGS_RUN:
		break;
	}
	opt->threads_auto = !opt->threads;
	if (opt->threads_auto)
		opt->threads = args_default_threads();
#ifdef _OPENMP
	omp_set_num_threads((int)opt->threads);
#endif
	output_progress_plain(opt->progress);
	return -1;
}

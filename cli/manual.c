// SPDX-License-Identifier: MIT
// The manual page (see manual.h): every section is expanded from a table (main.c's commands
// and top-level options, each command's struct command_args and its --help, options.def,
// axes.def, variants.def), so a new command, option, axis or variant documents itself. Only
// the prose around them (description, exit status, environment) is written here.
#include "manual.h"

#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "args_shared.h"
#include "variants.h"

// Writes n bytes of s as roff text: a backslash as \e, a dash as \- (options stay ASCII when
// rendered), and \& before a '.' or a quote that starts a line (roff would take the line for
// a request or a macro).
static void text_n(FILE *f, const char *s, size_t n)
{
	for (size_t i = 0; i < n && s[i]; i++) {
		if ((i == 0 || s[i - 1] == '\n') && (s[i] == '.' || s[i] == '\'' || s[i] == '"'))
			fputs("\\&", f);
		if (s[i] == '\\')
			fputs("\\e", f);
		else if (s[i] == '-')
			fputs("\\-", f);
		else
			putc(s[i], f);
	}
}

static void text(FILE *f, const char *s)
{
	text_n(f, s, strlen(s));
}

// Text written by a --help writer into memory, to be escaped (capture_open, then
// capture_write).
struct capture {
	char *buf;
	size_t len;
	FILE *m;
};

static FILE *capture_open(struct capture *c)
{
	c->buf = NULL;
	c->m = open_memstream(&c->buf, &c->len);
	return c->m;
}

// Writes what was captured to f as roff text and frees it. Returns 0, or -1 when memory ran out.
static int capture_write(FILE *f, struct capture *c)
{
	if (!c->m)
		return -1;
	int rc = fclose(c->m) == 0 ? 0 : -1;
	if (rc == 0)
		text(f, c->buf);
	free(c->buf);
	return rc;
}

// An option as a tagged paragraph's tag: "--name VALUE", value in italics.
static void option_tag(FILE *f, const char *name, const char *value)
{
	fputs(".TP\n\\fB", f);
	text(f, name);
	fputs("\\fR", f);
	if (value) {
		fputs(" \\fI", f);
		text(f, value);
		fputs("\\fR", f);
	}
	putc('\n', f);
}

// One line per command: its usage line(s) from its --help, joined, without "usage: ".
static void synopsis(FILE *f, const struct program *p)
{
	fputs(".SH SYNOPSIS\n", f);
	for (size_t i = 0; i < p->n_commands; i++) {
		const char *u = p->commands[i].args()->help;
		if (!strncmp(u, "usage: ", 7))
			u += 7;
		for (;;) {
			size_t n = strcspn(u, "\n");
			text_n(f, u, n);
			putc('\n', f);
			u += n + (u[n] != '\0');
			if (*u != ' ')
				break;
			u += strspn(u, " ");
		}
		fputs(".br\n", f);
	}
	for (size_t i = 0; i < p->n_options; i++) {
		fputs("chopsticks ", f);
		text(f, p->options[i].name);
		if (p->options[i].value) {
			putc(' ', f);
			text(f, p->options[i].value);
		}
		fputs("\n.br\n", f);
	}
}

static void description(FILE *f, const struct program *p)
{
	fputs(".SH DESCRIPTION\n", f);
	text(f, "chopsticks counts the positions of the hand game Chopsticks (with exact big numbers), "
		"walks every position reachable from the start, solves games by retrograde analysis "
		"(win, loss or draw, and the moves to the end), measures the shortest and longest "
		"games, and reproduces and checks the published table of position counts: for any "
		"number of players, hands per player and rollover, under any combination of rule "
		"variants. Each command takes only the options it uses (see its --help, printed in "
		"full under COMMANDS) and refuses the others.\n");
	fputs(".PP\n", f);
	text(f, "chopsticks-mpi, where it was built, does what chopsticks count does with the walk "
		"spread over MPI ranks (mpirun -np N chopsticks-mpi [rule options]) and prints exactly "
		"what it prints.\n");
	fputs(".PP\nThe program itself takes:\n", f);
	for (size_t i = 0; i < p->n_options; i++) {
		option_tag(f, p->options[i].name, p->options[i].value);
		text(f, p->options[i].help);
		putc('\n', f);
	}
}

static int commands(FILE *f, const struct program *p)
{
	fputs(".SH COMMANDS\n", f);
	for (size_t i = 0; i < p->n_commands; i++) {
		const struct command_args *cmd = p->commands[i].args();
		struct capture c;
		fputs(".SS ", f);
		text(f, cmd->name);
		putc('\n', f);
		text(f, p->commands[i].summary);
		fputs(".\n.PP\n.nf\n", f);
		if (capture_open(&c))
			args_print_help(c.m, cmd);
		if (capture_write(f, &c) != 0)
			return -1;
		fputs(".fi\n", f);
	}
	return 0;
}

// The rows of options.def in group mask (0: the rows every command takes), as --help explains them.
static int shared_options(FILE *f, unsigned mask)
{
	for (unsigned i = 0; i < OPTION_COUNT; i++) {
		const struct shared_option *o = &args_shared[i];
		struct capture c;
		if (mask ? !(o->accept & mask) : o->accept != 0)
			continue;
		option_tag(f, o->name, o->metavar);
		if (!*o->help) { // its text depends on the command: say what it depends on
			char all[64];
			args_format_list(FORMAT_BIT(FORMAT_DOT + 1) - 1, all, sizeof all);
			fputs("one of the formats the command writes (", f);
			text(f, all);
			fputs("); the first its --help lists is the default\n", f);
			continue;
		}
		if (capture_open(&c))
			args_shared_text(c.m, o, NULL, "");
		if (capture_write(f, &c) != 0)
			return -1;
		putc('\n', f);
		if (o->accept == ARGS_AXES)
			fputs("(see RULE AXES)\n", f);
	}
	return 0;
}

static int options(FILE *f)
{
	fputs(".SH RULE OPTIONS\nThe rules of the game, for the commands that take them.\n", f);
	if (shared_options(f, ARGS_RULES) != 0)
		return -1;
	fputs(".SH COMMON OPTIONS\n", f);
	if (shared_options(f, 0) != 0 || shared_options(f, ARGS_COMMON) != 0)
		return -1;
	option_tag(f, "--help", NULL);
	fputs("the help of the command: its usage, its own options and the shared ones it takes\n", f);
	option_tag(f, "--version", NULL);
	fputs("the program's name and version\n", f);
	return 0;
}

static void variants(FILE *f)
{
	static const char *const need[] = {[NEED_ANY] = NULL, [NEED_P2] = "two players only",
					   [NEED_P3] = "three or more players"};
	fputs(".SH VARIANTS\nNames for --variant (a comma-separated list); each is a preset of rule axes.\n", f);
	for (int v = 0; v < VARIANT_COUNT; v++) {
		char axes[256];
		variants_axes_text((enum variant_id)v, axes, sizeof axes);
		option_tag(f, variants_name((enum variant_id)v), NULL);
		text(f, variants_summary((enum variant_id)v));
		if (need[variants_need((enum variant_id)v)]) {
			fputs(" (", f);
			text(f, need[variants_need((enum variant_id)v)]);
			putc(')', f);
		}
		fputs(".\n.br\n", f);
		text(f, variants_rule((enum variant_id)v));
		fputs("\n.br\nAxes: ", f);
		text(f, axes);
		putc('\n', f);
	}
}

static void axes(FILE *f)
{
	fputs(".SH RULE AXES\nEach axis is an option of its own; its first value is the standard rule "
	      "and the default.\n", f);
	for (int a = 0; a < AXIS_COUNT; a++) {
		const char *const *values = axis_values((enum axis)a);
		fputs(".TP\n\\fB\\-\\-", f);
		text(f, axis_name((enum axis)a));
		fputs("\\fR ", f);
		for (int i = 0; values[i]; i++) {
			fputs(i ? "|\\fI" : "\\fI", f);
			text(f, values[i]);
			fputs("\\fR", f);
		}
		putc('\n', f);
		text(f, axis_help((enum axis)a));
		putc('\n', f);
	}
}

static void endmatter(FILE *f)
{
	static const char *const status[][2] = {
		{"0", "success"},
		{"1", "a failure that stops a run, other than bad usage or input: I/O (including a write error on standard "
		      "output, or a read error on standard input in play), memory allocation, a failed "
		      "internal check"},
		{"2", "bad usage or input, including instances refused as too large for memory (the "
		      "message gives the estimate)"},
		{"130", "interrupted (SIGINT)"},
	};
	fputs(".SH EXIT STATUS\n", f);
	for (size_t i = 0; i < sizeof status / sizeof *status; i++) {
		fprintf(f, ".TP\n%s\n", status[i][0]);
		text(f, status[i][1]);
		putc('\n', f);
	}
	fputs(".SH ENVIRONMENT\n.TP\nOMP_NUM_THREADS\n", f);
	text(f, "the default of --threads, honoured up to the cores available; --threads overrides it. "
		"Results do not depend on the number of threads.\n");
	fputs(".SH FILES\n.TP\nshare/bash\\-completion/completions/chopsticks\n", f);
	text(f, "under the installation prefix: the bash completion script (chopsticks --completion bash).\n");
	fputs(".SH SEE ALSO\n.BR mpirun (1),\n.BR dot (1);\n", f);
	text(f, "chopsticks variants and chopsticks variants --axes; README.md of the source tree "
		"(output formats, file layouts, the rule decisions).\n");
}

int manual_roff(FILE *f, const struct program *p)
{
	fputs(".\\\" Generated by 'chopsticks --man' from the tables behind --help: do not edit.\n", f);
	// No hyphenation and a ragged right margin: option names and codes stay whole.
	fprintf(f, ".TH CHOPSTICKS 1 \"\" \"chopsticks %s\" \"User Commands\"\n.nh\n.ad l\n"
		".SH NAME\nchopsticks \\- ", CHOPSTICKS_VERSION);
	text(f, p->summary);
	putc('\n', f);
	synopsis(f, p);
	description(f, p);
	if (commands(f, p) != 0 || options(f) != 0)
		return -1;
	variants(f);
	axes(f);
	endmatter(f);
	return 0;
}

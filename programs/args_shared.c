// SPDX-License-Identifier: MIT
// The --help text of the shared options (see args_shared.h).
#include "args_shared.h"

#include <string.h>

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

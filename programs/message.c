// SPDX-License-Identifier: MIT
// One-line diagnostics with control characters escaped (see message.h).
#include "message.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Appends text to out, escaped; out has room for 4 bytes per byte of text.
static char *escape(char *out, const char *text)
{
	static const char named[] = {'\n', 'n', '\r', 'r', '\t', 't'};
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		const char *n = *p < 0x20 ? memchr(named, *p, sizeof named) : NULL;
		if (n && (n - named) % 2 == 0)
			out += sprintf(out, "\\%c", n[1]);
		else if (*p < 0x20 || *p == 0x7f)
			out += sprintf(out, "\\x%02x", *p);
		else
			*out++ = (char)*p;
	}
	*out = '\0';
	return out;
}

void message_vprint(const char *cmd, const char *fmt, va_list ap)
{
	va_list again;
	va_copy(again, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	size_t len = n > 0 ? (size_t)n : 0;
	char *text = malloc(len + 1), *line = malloc(4 * len + 64 + (cmd ? strlen(cmd) : 0));
	if (text && line) {
		vsnprintf(text, len + 1, fmt, again);
		char *end = line + (cmd ? sprintf(line, "chopsticks %s: ", cmd) : sprintf(line, "chopsticks: "));
		strcpy(escape(end, text), "\n");
		fputs(line, stderr); // one write, so that lines of several processes do not mix
	} else {
		fputs("chopsticks: out of memory writing a message\n", stderr);
	}
	va_end(again);
	free(text);
	free(line);
}

void message_print(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	message_vprint(cmd, fmt, ap);
	va_end(ap);
}

// SPDX-License-Identifier: MIT
// Digit grouping, plurals and wrapping for text output (see text.h).
#include "text.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "numparse.h"

// Copies the decimal digits (an optional '-' first) to out with a comma before every group
// of three from the right; out has room for strlen(digits) * 4 / 3 + 2.
static void group(const char *digits, char *out)
{
	if (*digits == '-')
		*out++ = *digits++;
	size_t n = strlen(digits);
	for (size_t i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			*out++ = ',';
		*out++ = digits[i];
	}
	*out = '\0';
}

char *text_u64(char buf[TEXT_NUMBER_MAX], uint64_t n)
{
	char digits[24];
	snprintf(digits, sizeof digits, "%llu", (unsigned long long)n);
	group(digits, buf);
	return buf;
}

char *text_mpz(const mpz_t z)
{
	char *digits = mpz_get_str(NULL, 10, z);
	char *out = digits ? malloc(strlen(digits) * 4 / 3 + 2) : NULL;
	if (out)
		group(digits, out);
	void (*gmp_free)(void *, size_t);
	mp_get_memory_functions(NULL, NULL, &gmp_free);
	if (digits)
		gmp_free(digits, strlen(digits) + 1);
	return out;
}

void text_count(FILE *f, uint64_t n, const char *one, const char *many)
{
	char buf[TEXT_NUMBER_MAX];
	fprintf(f, "%s %s", text_u64(buf, n), text_plural(n, one, many));
}

const char *text_plural(uint64_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

unsigned text_width(void)
{
	const char *columns = getenv("COLUMNS");
	uint64_t v;
	if (columns && numparse_u64(columns, (size_t)-1, 20, 1000, &v))
		return (unsigned)v;
	struct winsize ws;
	if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
		return ws.ws_col;
	return 80;
}

void text_wrap(FILE *f, const char *text, unsigned first_cols, unsigned indent, unsigned width)
{
	size_t col = first_cols;
	bool line_empty = true;
	for (const char *p = text; *p;) {
		p += strspn(p, " ");
		size_t len = strcspn(p, " ");
		if (!len)
			break;
		if (!line_empty && col + 1 + len > width) {
			fprintf(f, "\n%*s", (int)indent, "");
			col = indent, line_empty = true;
		}
		if (!line_empty)
			fputc(' ', f), col++;
		fprintf(f, "%.*s", (int)len, p);
		col += len, line_empty = false;
		p += len;
	}
	fputc('\n', f);
}

// SPDX-License-Identifier: MIT
// The check used by the fuzz harnesses: a failed property prints what failed (to the real
// stderr, even after a harness has pointed stderr at /dev/null) and aborts, which libFuzzer
// and the replay driver both report as a crash. Independent of NDEBUG, unlike assert.
#ifndef CHOPSTICKS_TESTS_FUZZ_FUZZ_CHECK_H
#define CHOPSTICKS_TESTS_FUZZ_FUZZ_CHECK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// Where failed checks are reported; NULL: stderr. Set it before redirecting stderr.
static FILE *fuzz_log;

__attribute__((format(printf, 5, 6))) static inline void
fuzz_check(bool ok, const char *file, int line, const char *expr, const char *fmt, ...)
{
	if (ok)
		return;
	FILE *f = fuzz_log ? fuzz_log : stderr;
	va_list ap;
	va_start(ap, fmt);
	fprintf(f, "%s:%d: check failed: %s: ", file, line, expr);
	vfprintf(f, fmt, ap);
	fputc('\n', f);
	fflush(f);
	va_end(ap);
	abort();
}

// FUZZ_CHECK(condition, "printf format", args...): aborts with the message when false.
#define FUZZ_CHECK(cond, ...) fuzz_check((cond), __FILE__, __LINE__, #cond, __VA_ARGS__)

// Copies size bytes of data into buf (cap bytes) as a NUL-terminated string, cutting long
// inputs; returns the length copied. Embedded NULs stay, so the string may end early.
static inline size_t fuzz_copy(char *buf, size_t cap, const uint8_t *data, size_t size)
{
	size_t n = size < cap - 1 ? size : cap - 1;
	for (size_t i = 0; i < n; i++)
		buf[i] = (char)data[i];
	buf[n] = '\0';
	return n;
}

#endif

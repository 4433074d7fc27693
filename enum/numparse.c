// SPDX-License-Identifier: MIT
// Checked decimal parsing (see numparse.h). Digits are read by hand so no locale, sign or
// whitespace rule of strtoull can slip through.
#include "numparse.h"

#include <string.h>

bool numparse_u64(const char *text, size_t len, uint64_t min, uint64_t max, uint64_t *out)
{
	if (!text)
		return false;
	if (len == (size_t)-1)
		len = strlen(text);
	if (len == 0)
		return false;
	uint64_t value = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c < '0' || c > '9')
			return false;
		if (__builtin_mul_overflow(value, 10u, &value) ||
		    __builtin_add_overflow(value, (uint64_t)(c - '0'), &value))
			return false;
	}
	if (value < min || value > max)
		return false;
	*out = value;
	return true;
}

size_t numparse_put_u64(char *buf, uint64_t v)
{
	char digits[20];
	size_t n = 0, used = 0;
	do
		digits[n++] = (char)('0' + v % 10);
	while (v /= 10);
	while (n)
		buf[used++] = digits[--n];
	return used;
}

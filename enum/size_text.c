// SPDX-License-Identifier: MIT
// Sizes and large counts for messages (see size_text.h).
#include "size_text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void size_text_pow2(char *buf, double log2v)
{
	double log10v = log2v * log10(2.0), e = floor(log10v);
	snprintf(buf, SIZE_TEXT_MAX, "%.3ge%+.0f", pow(10.0, log10v - e), e);
}

void size_text_log2(char *buf, double log2_bytes)
{
	static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
	const double below_1000 = log2(999.5); // what %.3g still prints without an exponent
	int u = 0;
	while (u < 4 && log2_bytes - 10.0 * u >= below_1000)
		u++;
	double in_unit = log2_bytes - 10.0 * u;
	if (in_unit < below_1000) {
		snprintf(buf, SIZE_TEXT_MAX, "%.3g %s", exp2(in_unit), units[u]);
		return;
	}
	size_text_pow2(buf, in_unit);
	strcat(buf, " TiB"); // the number is at most "9.99e+308" long
}

void size_text(char *buf, double bytes)
{
	if (bytes < 1.0)
		snprintf(buf, SIZE_TEXT_MAX, "0 B");
	else
		size_text_log2(buf, log2(bytes));
}

// SPDX-License-Identifier: MIT
// size_text.h: sizes in the unit that fits, three significant digits, also past a double.
#include <criterion/criterion.h>
#include <math.h>

#include "size_text.h"

static void expect_size(double bytes, const char *want)
{
	char buf[SIZE_TEXT_MAX];
	size_text(buf, bytes);
	cr_expect_str_eq(buf, want, "%.17g bytes", bytes);
}

Test(size_text, picks_the_unit_that_fits)
{
	expect_size(0, "0 B");
	expect_size(100, "100 B");
	expect_size(999, "999 B");
	expect_size(1000, "0.977 KiB");
	expect_size(1024, "1 KiB");
	expect_size(3000, "2.93 KiB");
	expect_size(64.0 * 1024 * 1024, "64 MiB");
	expect_size(0.0467 * 1024 * 1024 * 1024, "47.8 MiB");
	expect_size(8.79 * 1024 * 1024 * 1024, "8.79 GiB");
	expect_size(12.3 * 1024 * 1024 * 1024 * 1024, "12.3 TiB");
	expect_size(2000.0 * 1024 * 1024 * 1024 * 1024, "2e+3 TiB");
}

Test(size_text, goes_past_the_range_of_a_double)
{
	char buf[SIZE_TEXT_MAX];
	size_text_log2(buf, 2000.0);
	cr_expect_str_eq(buf, "1.04e+590 TiB");
	size_text_pow2(buf, 64.0);
	cr_expect_str_eq(buf, "1.84e+19");
}

// SPDX-License-Identifier: MIT
// numparse.h: accept/reject vectors for the one checked number reader (kissat's
// CHECKVAL/FAILVAL style). Expected values are written out by hand.
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdint.h>

#include "numparse.h"

struct vector {
	char text[32];
	int len; // -1: up to the NUL
	uint64_t min, max;
	int ok;
	uint64_t value;
};

ParameterizedTestParameters(numparse, vectors)
{
	static struct vector cases[] = {
		{"0", -1, 0, UINT64_MAX, 1, 0},
		{"1", -1, 0, UINT64_MAX, 1, 1},
		{"42", -1, 0, 100, 1, 42},
		{"007", -1, 0, 100, 1, 7},
		{"18446744073709551615", -1, 0, UINT64_MAX, 1, UINT64_MAX},
		{"18446744073709551614", -1, 0, UINT64_MAX, 1, UINT64_MAX - 1},
		{"5", -1, 5, 5, 1, 5},
		{"2", -1, 2, 250, 1, 2},
		{"250", -1, 2, 250, 1, 250},
		{"123", 2, 0, 1000, 1, 12},
		{"12x", 2, 0, 1000, 1, 12},
		{"9/8", 1, 0, 9, 1, 9},
		{"", -1, 0, UINT64_MAX, 0, 0},
		{"123", 0, 0, UINT64_MAX, 0, 0},
		{"+1", -1, 0, UINT64_MAX, 0, 0},
		{"-1", -1, 0, UINT64_MAX, 0, 0},
		{"-0", -1, 0, UINT64_MAX, 0, 0},
		{" 1", -1, 0, UINT64_MAX, 0, 0},
		{"1 ", -1, 0, UINT64_MAX, 0, 0},
		{"\t1", -1, 0, UINT64_MAX, 0, 0},
		{"1x", -1, 0, UINT64_MAX, 0, 0},
		{"x1", -1, 0, UINT64_MAX, 0, 0},
		{"1.0", -1, 0, UINT64_MAX, 0, 0},
		{"0x10", -1, 0, UINT64_MAX, 0, 0},
		{"1e3", -1, 0, UINT64_MAX, 0, 0},
		{"18446744073709551616", -1, 0, UINT64_MAX, 0, 0},
		{"18446744073709551620", -1, 0, UINT64_MAX, 0, 0},
		{"99999999999999999999999", -1, 0, UINT64_MAX, 0, 0},
		{"4", -1, 5, 10, 0, 0},
		{"11", -1, 5, 10, 0, 0},
		{"1", -1, 2, 250, 0, 0},
		{"251", -1, 2, 250, 0, 0},
		{"256", -1, 0, 255, 0, 0},
		{"0", -1, 1, UINT64_MAX, 0, 0},
	};
	return cr_make_param_array(struct vector, cases, sizeof cases / sizeof cases[0]);
}

ParameterizedTest(struct vector *v, numparse, vectors)
{
	uint64_t out = 0xdeadbeef;
	size_t len = v->len < 0 ? (size_t)-1 : (size_t)v->len;
	bool ok = numparse_u64(v->text, len, v->min, v->max, &out);
	cr_assert_eq(ok, v->ok != 0, "'%s' (len %d) in [%llu, %llu]", v->text, v->len,
		     (unsigned long long)v->min, (unsigned long long)v->max);
	cr_assert_eq(out, v->ok ? v->value : 0xdeadbeef, "'%s': value, or *out touched on failure",
		     v->text);
}

Test(numparse, null_text_is_refused)
{
	uint64_t out = 7;
	cr_assert_not(numparse_u64(NULL, (size_t)-1, 0, 10, &out));
	cr_assert_eq(out, 7);
}

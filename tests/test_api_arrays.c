// SPDX-License-Identifier: MIT
// A solution in bulk through the public API alone (chopsticks.h and the shared library, like
// test_api.c): the lent arrays decode, by the layout the header states, to what
// chop_solution_value says index by index, in memory and from a saved table; ranges and batches
// agree with it too and refuse what the header says they refuse, and codes in bulk parse to
// the indexes chop_game_format named. The one known answer from
// elsewhere: with cutoff at rollover 40 the longest forced line is 317 moves (test_dense.c and
// test_many.c check it against the generic solver), past the one-byte remoteness.
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chopsticks.h"

static chop_game *game_of(const char *options)
{
	chop_error err;
	chop_game *g = chop_game_from_options(options, &err);
	cr_assert(g, "'%s': %s", options, err.message);
	return g;
}

static chop_solution *solved(const chop_game *g)
{
	chop_error err;
	chop_solution *s = chop_solve(g, NULL, &err);
	cr_assert(s, "%s: %s", chop_game_options(g), err.message);
	return s;
}

// The lent arrays of s decode to chop_solution_value at every index (remoteness capped at 255).
static void expect_arrays_agree(const chop_solution *s)
{
	uint64_t size = chop_game_size(chop_solution_game(s)), vbytes = 0, rbytes = 0;
	const uint8_t *packed = chop_solution_packed_values(s, &vbytes);
	const uint8_t *rem = chop_solution_remoteness_bytes(s, &rbytes);
	cr_assert(packed && rem);
	cr_expect_eq(vbytes, (size + 3) / 4);
	cr_expect_eq(rbytes, size);
	uint64_t bad = 0, first = 0;
	for (uint64_t i = 0; i < size; i++) {
		unsigned r;
		chop_value v = chop_solution_value(s, i, 0, &r);
		bool ok = (packed[i / 4] >> 2 * (i % 4) & 3) == (unsigned)v && rem[i] == (r < 255 ? r : 255);
		first = bad || ok ? first : i;
		bad += !ok;
	}
	cr_expect_eq(bad, 0, "%llu indexes differ, the first %llu", (unsigned long long)bad, (unsigned long long)first);
}

// chop_solution_range and chop_solution_value_many of s for seat agree with chop_solution_value.
static void expect_batches_agree(const chop_solution *s, unsigned seat)
{
	uint64_t size = chop_game_size(chop_solution_game(s));
	uint8_t *values = malloc(size), *many = malloc(size);
	unsigned *rem = malloc(size * sizeof *rem), *many_rem = malloc(size * sizeof *rem);
	uint64_t *indexes = malloc(size * sizeof *indexes);
	cr_assert(values && many && rem && many_rem && indexes);
	chop_error err;
	cr_assert_eq(chop_solution_range(s, 0, size, seat, values, rem, &err), CHOP_OK, "%s", err.message);
	for (uint64_t i = 0; i < size; i++)
		indexes[i] = size - 1 - i; // any order
	size_t found = chop_solution_value_many(s, indexes, size, seat, many, many_rem);
	size_t reachable = 0;
	uint64_t bad = 0, first = 0;
	for (uint64_t i = 0; i < size; i++) {
		unsigned r;
		chop_value v = chop_solution_value(s, i, seat, &r);
		reachable += v != CHOP_UNREACHABLE;
		bool ok = values[i] == v && rem[i] == r && many[size - 1 - i] == v && many_rem[size - 1 - i] == r;
		first = bad || ok ? first : i;
		bad += !ok;
	}
	cr_expect_eq(bad, 0, "seat %u: %llu indexes differ, the first %llu", seat, (unsigned long long)bad,
		     (unsigned long long)first);
	cr_expect_eq(found, reachable);
	cr_expect_eq(reachable, chop_solution_reachable(s));
	free(values);
	free(many);
	free(rem);
	free(many_rem);
	free(indexes);
}

Test(api_arrays, two_players_in_memory)
{
	static const char games[][48] = {"", "--variant cutoff", "--hands 3,2 --rollover 4", "--lives 2 --rollover 4",
					 "--hands 3 --rollover 4 --variant misere"};
	for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
		chop_game *g = game_of(games[k]);
		chop_solution *s = solved(g);
		expect_arrays_agree(s);
		expect_batches_agree(s, 0);
		cr_expect_eq(chop_solution_overflow_count(s), 0);
		chop_solution_free(s);
		chop_game_free(g);
	}
}

Test(api_arrays, a_saved_table_lends_its_file)
{
	char path[] = "/tmp/test_api_arrays_XXXXXX";
	int fd = mkstemp(path);
	cr_assert(fd >= 0);
	close(fd);
	chop_game *g = game_of("--hands 3 --rollover 5 --variant cutoff");
	chop_solution *s = solved(g);
	chop_error err;
	cr_assert_eq(chop_solution_save(s, path, &err), CHOP_OK, "%s", err.message);
	chop_solution *t = chop_table_open(path, g, &err);
	cr_assert(t, "%s", err.message);
	expect_arrays_agree(t);
	expect_batches_agree(t, 0);
	uint64_t bytes;
	const uint8_t *a = chop_solution_packed_values(s, &bytes), *b = chop_solution_packed_values(t, NULL);
	cr_expect_neq(a, b); // the table's own bytes, not a copy of the solve's ...
	for (uint64_t i = 0; i < bytes; i++)
		cr_expect_eq(a[i], b[i]); // ... equal to them
	chop_solution_free(t);
	chop_solution_free(s);
	chop_game_free(g);
	unlink(path);
}

Test(api_arrays, remoteness_past_one_byte)
{
	chop_game *g = game_of("--rollover 40 --variant cutoff");
	chop_solution *s = solved(g);
	uint64_t at;
	unsigned longest, r;
	cr_assert(chop_solution_longest(s, &longest, &at));
	cr_expect_eq(longest, 317);
	const uint8_t *rem = chop_solution_remoteness_bytes(s, NULL);
	cr_assert(rem);
	cr_expect_eq(rem[at], 255);
	cr_expect_gt(chop_solution_overflow_count(s), 0);
	cr_assert_eq(chop_solution_range(s, at, 1, 0, NULL, &r, NULL), CHOP_OK);
	cr_expect_eq(r, 317);
	expect_arrays_agree(s);
	expect_batches_agree(s, 0);
	chop_solution_free(s);
	chop_game_free(g);
}

Test(api_arrays, three_players_per_seat)
{
	chop_game *g = game_of("--players 3 --hands 2 --rollover 3");
	chop_solution *s = solved(g);
	uint64_t bytes = 7;
	cr_expect_null(chop_solution_packed_values(s, &bytes));
	cr_expect_null(chop_solution_remoteness_bytes(s, &bytes));
	cr_expect_eq(bytes, 7);
	cr_expect_eq(chop_solution_overflow_count(s), 0);
	for (unsigned seat = 0; seat < 3; seat++)
		expect_batches_agree(s, seat);
	chop_solution_free(s);
	chop_game_free(g);
}

Test(api_arrays, refusals)
{
	chop_game *g = game_of("");
	chop_solution *s = solved(g);
	uint64_t size = chop_game_size(g);
	uint8_t v[2] = {9, 9};
	unsigned r[2] = {9, 9};
	chop_error err;
	const uint64_t ranges[][2] = {{size, 1}, {size + 1, 0}, {1, UINT64_MAX}, {UINT64_MAX, 2}};
	for (size_t k = 0; k < sizeof ranges / sizeof ranges[0]; k++) {
		err.status = CHOP_OK;
		cr_expect_eq(chop_solution_range(s, ranges[k][0], ranges[k][1], 0, v, r, &err), CHOP_BAD_INPUT);
		cr_expect_eq(err.status, CHOP_BAD_INPUT);
		cr_expect(strstr(err.message, "past the index space"), "%s", err.message);
	}
	cr_expect_eq(chop_solution_range(s, 0, 1, 2, v, r, &err), CHOP_BAD_INPUT);
	cr_expect(strstr(err.message, "seat 2"), "%s", err.message);
	cr_expect_eq(chop_solution_range(s, 0, 1, 2, v, r, NULL), CHOP_BAD_INPUT); // no error record
	cr_expect(v[0] == 9 && r[0] == 9, "written despite the refusal");
	cr_expect_eq(chop_solution_range(s, size, 0, 0, v, r, &err), CHOP_OK); // empty, at the end
	uint64_t idx[2] = {size, UINT64_MAX};
	cr_expect_eq(chop_solution_value_many(s, idx, 2, 0, v, r), 0);
	cr_expect(v[0] == CHOP_UNREACHABLE && v[1] == CHOP_UNREACHABLE && r[0] == 0 && r[1] == 0);
	idx[0] = chop_game_start(g);
	cr_expect_eq(chop_solution_value_many(s, idx, 1, 2, v, r), 0); // no seat 2 with two players
	cr_expect_eq(chop_solution_value_many(s, idx, 1, 0, NULL, NULL), 1);
	chop_solution_free(s);
	chop_game_free(g);
}

Test(api_arrays, codes_in_bulk)
{
	chop_game *g = game_of("--hands 3,2 --rollover 4");
	uint64_t size = chop_game_size(g);
	char(*text)[64] = malloc(size * sizeof *text);
	const char **codes = malloc((size + 3) * sizeof *codes);
	uint64_t *idx = malloc((size + 3) * sizeof *idx);
	cr_assert(text && codes && idx);
	for (uint64_t i = 0; i < size; i++) {
		cr_assert_eq(chop_game_format(g, size - 1 - i, text[i], sizeof text[i], NULL), CHOP_OK);
		codes[i] = text[i];
	}
	codes[size] = "nonsense";
	codes[size + 1] = NULL;
	codes[size + 2] = "11111"; // uneven hands need '/'
	cr_expect_eq(chop_game_parse_many(g, codes, size + 3, idx), size);
	uint64_t bad = 0;
	for (uint64_t i = 0; i < size; i++)
		bad += idx[i] != size - 1 - i;
	cr_expect_eq(bad, 0);
	cr_expect(idx[size] == UINT64_MAX && idx[size + 1] == UINT64_MAX && idx[size + 2] == UINT64_MAX);
	free(text);
	free(codes);
	free(idx);
	chop_game_free(g);
}

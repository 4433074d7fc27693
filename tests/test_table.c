// SPDX-License-Identifier: MIT
// Saved solution tables and their verifier: a table reads back exactly what was solved
// (remoteness past 254 included); any flipped byte or cut makes it unreadable; `verify`
// accepts the solver's tables and, with the checksum made good again, catches a planted
// error of each kind at the planted position or at one of its parents.
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "le64.h"
#include "describe.h"
#include "movegen.h"
#include "retrograde.h"
#include "table_file.h"
#include "verify.h"

struct saved {
	struct rules *rules;
	struct solution sol;
	char path[64];
};

static void save_instance(const struct instance *in, struct saved *s)
{
	struct error err;
	char settings[DESCRIBE_MAX];
	s->rules = instance_rules(in);
	cr_assert_eq(retrograde_solve(s->rules, NULL, NULL, &s->sol, &err), STATUS_OK, "%s", err.msg);
	snprintf(s->path, sizeof s->path, "/tmp/chopsticks-table-%d.tbl", (int)getpid());
	describe_settings(s->rules, settings, sizeof settings);
	cr_assert_eq(table_save_flat(s->path, s->rules, &s->sol, settings, &err), STATUS_OK, "%s", err.msg);
}

static void saved_free(struct saved *s)
{
	unlink(s->path);
	solution_free(&s->sol);
	rules_free(s->rules);
}

static uint8_t *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	cr_assert(f);
	fseek(f, 0, SEEK_END);
	*len = (size_t)ftell(f);
	rewind(f);
	uint8_t *data = malloc(*len);
	cr_assert(data && fread(data, 1, *len, f) == *len);
	fclose(f);
	return data;
}

static void spill(const char *path, const uint8_t *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	cr_assert(f && fwrite(data, 1, len, f) == len && fclose(f) == 0);
}

// Rewrites the checksum so that only the planted change remains.
static void reseal(uint8_t *data, size_t len)
{
	uint64_t h = table_checksum(data, len - 8);
	for (int k = 0; k < 8; k++)
		data[len - 8 + k] = (uint8_t)(h >> (8 * k));
}

static struct instance standard = {2, {2, 2}, 5, ""};

Test(table, reads_back_what_was_solved)
{
	struct saved s;
	struct table_map t;
	struct error err;
	save_instance(&standard, &s);
	cr_assert_eq(table_open(s.path, &t, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(t.size, s.rules->size);
	cr_assert_eq(t.reachable, 204); // the published count for two hands, rollover 5
	for (uint64_t i = 0; i < t.size; i++) {
		cr_assert_eq(table_value(&t, i), solution_value(&s.sol, i), "index %llu", (unsigned long long)i);
		cr_assert_eq(table_remoteness(&t, i), solution_remoteness(&s.sol, i));
	}
	table_close(&t);
	saved_free(&s);
}

Test(table, remoteness_past_254_goes_to_overflow)
{
	struct rules *rules = instance_rules(&standard);
	struct solution sol;
	cr_assert(solution_init(&sol, rules->size));
	const unsigned rem[] = {253, 254, 255, 256, 300, 1001, 16383};
	for (unsigned k = 7; k-- > 0;) // the overflow list in descending order: finish sorts it
		cr_assert(solution_put(&sol, 10 * k + 3, k % 2 ? VALUE_WIN : VALUE_LOSS, rem[k]));
	solution_finish(&sol);
	cr_assert_eq(sol.overflow_count, 5);
	cr_assert_eq(sol.max_remoteness, 16383);
	cr_assert_eq(sol.max_remoteness_at, 63);
	for (unsigned k = 0; k < 7; k++)
		cr_assert_eq(solution_remoteness(&sol, 10 * k + 3), rem[k]);
	struct table_map t;
	struct error err;
	const char *path = "/tmp/chopsticks-table-overflow.tbl";
	cr_assert_eq(table_save_flat(path, rules, &sol, "x", &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(table_open(path, &t, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(t.sol.overflow_count, 5);
	for (unsigned k = 0; k < 7; k++) {
		cr_assert_eq(table_remoteness(&t, 10 * k + 3), rem[k]);
		cr_assert_eq(table_value(&t, 10 * k + 3), k % 2 ? VALUE_WIN : VALUE_LOSS);
	}
	cr_assert_eq(table_value(&t, 4), VALUE_UNKNOWN);
	table_close(&t);
	unlink(path);
	solution_free(&sol);
	rules_free(rules);
}

// Format 2 keeps the overflow list in chunks of TABLE_OVERFLOW_CHUNK entries, each with its
// hash in the checked directory: a flipped byte in chunk 1 of 3 + leaves the table open and
// the other chunks answering; a lookup in chunk 1 gets 255 and names the chunk, and a whole
// load refuses the table naming it. A flip in the directory is refused at open. The intact
// table loads whole into a scratch file as it reads.
Test(table, overflow_list_is_checked_chunk_by_chunk)
{
	struct instance four = {2, {4, 4}, 10, ""};
	struct rules *rules = instance_rules(&four);
	const uint64_t n = 3 * TABLE_OVERFLOW_CHUNK + 17;
	struct solution sol;
	cr_assert(solution_init(&sol, rules->size));
	for (uint64_t k = 0; k < n; k++)
		cr_assert(solution_put(&sol, 7 * k + 1, k % 2 ? VALUE_WIN : VALUE_LOSS, (unsigned)(300 + k % 1000)));
	solution_finish(&sol);
	cr_assert_eq(sol.overflow_count, n);
	const char *path = "/tmp/chopsticks-table-chunks.tbl", *flipped = "/tmp/chopsticks-table-chunks-flip.tbl";
	struct error err;
	cr_assert_eq(table_save(path, rules, &sol, "x", &err), STATUS_OK, "%s", err.msg);
	size_t len;
	uint8_t *data = slurp(path, &len);
	uint64_t list_at = le64_load(data + 112) - 16 * n; // the list ends where the blocks begin
	struct table_map t;
	const uint64_t in_chunk[] = {5, TABLE_OVERFLOW_CHUNK + 9, 2 * TABLE_OVERFLOW_CHUNK + 3, n - 1};
	data[list_at + 16 * (TABLE_OVERFLOW_CHUNK + 100) + 9] ^= 0x40;
	spill(flipped, data, len);
	cr_assert_eq(table_open(flipped, &t, &err), STATUS_OK, "%s", err.msg);
	for (unsigned i = 0; i < 4; i++) {
		uint64_t k = in_chunk[i];
		unsigned want = i == 1 ? SOLUTION_OVERFLOW_MARK : (unsigned)(300 + k % 1000);
		cr_assert_eq(table_remoteness(&t, 7 * k + 1), want, "entry %llu", (unsigned long long)k);
	}
	uint64_t seen = 0;
	cr_assert(table_blocks_damage(t.blocks, &seen, &err));
	cr_assert(strstr(err.msg, "overflow chunk 1 (entries 4096 to 8191"), "%s", err.msg);
	cr_assert_eq(table_load_whole(&t, false, &err), STATUS_BAD_INPUT);
	cr_assert(strstr(err.msg, "overflow chunk 1 "), "%s", err.msg);
	table_close(&t);
	data[list_at + 16 * (TABLE_OVERFLOW_CHUNK + 100) + 9] ^= 0x40;
	data[list_at - 8 - 16 * 4 + 16 + 2] ^= 0x01; // the directory's entry of chunk 1
	spill(flipped, data, len);
	cr_assert_eq(table_open(flipped, &t, &err), STATUS_BAD_INPUT);
	cr_assert(strstr(err.msg, "checksum"), "%s", err.msg);
	// Whole, in a scratch file: a directory that is not there is an error, not a crash.
	cr_assert_eq(setenv("TMPDIR", "/nonexistent-chopsticks-dir", 1), 0);
	cr_assert_eq(table_open(path, &t, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(table_load_whole(&t, true, &err), STATUS_FAILURE);
	cr_assert(strstr(err.msg, "no scratch file of ") && strstr(err.msg, " bytes in /nonexistent-chopsticks-dir: "), "%s",
		  err.msg);
	cr_assert_eq(unsetenv("TMPDIR"), 0);
	cr_assert_eq(table_load_whole(&t, true, &err), STATUS_OK, "%s", err.msg);
	for (uint64_t k = 0; k < n; k++)
		cr_assert_eq(table_remoteness(&t, 7 * k + 1), 300 + k % 1000);
	for (uint64_t i = 0; i < rules->size; i++)
		cr_assert_eq(table_value(&t, i), solution_value(&sol, i), "index %llu", (unsigned long long)i);
	table_close(&t);
	free(data);
	unlink(path), unlink(flipped);
	solution_free(&sol);
	rules_free(rules);
}

// A solution whose remoteness past 254 is in a wide array (as the dense solve keeps it for a
// deep game): positions 3, 5, ..., marked 255, remoteness 300 + index there. With n of them
// past an eighth of the positions the array stays; with fewer finish turns it into the list.
static void wide_solution(struct solution *sol, uint64_t size, uint64_t n)
{
	cr_assert(solution_init(sol, size));
	uint16_t *wide = calloc(size, sizeof *wide);
	cr_assert(wide);
	sol->wide = wide;
	for (uint64_t k = 0; k < n; k++) {
		uint64_t idx = 2 * k + 3;
		cr_assert(solution_put(sol, idx, k % 2 ? VALUE_WIN : VALUE_LOSS, 254));
		((uint8_t *)sol->remoteness)[idx] = SOLUTION_OVERFLOW_MARK;
		wide[idx] = (uint16_t)(300 + idx);
	}
	solution_finish(sol);
}

Test(table, remoteness_past_254_in_a_wide_array)
{
	struct rules *rules = instance_rules(&standard);
	uint64_t size = rules->size, many = size / 4, few = size / 16;
	struct solution sol;
	wide_solution(&sol, size, many);
	cr_assert_not_null(sol.wide);
	cr_assert_eq(sol.overflow_count, 0);
	cr_assert_eq(solution_deep_count(&sol), many);
	cr_assert_eq(sol.max_remoteness, 300 + 2 * (many - 1) + 3);
	for (uint64_t k = 0; k < many; k++)
		cr_assert_eq(solution_remoteness(&sol, 2 * k + 3), 300 + 2 * k + 3);
	cr_assert_eq(solution_remoteness(&sol, 2 * many + 3), 0);
	// A table keeps the list only: the save is refused, and nothing is left behind.
	const char *path = "/tmp/chopsticks-table-wide.tbl";
	struct error err;
	unlink(path);
	cr_assert_eq(table_save(path, rules, &sol, "x", &err), STATUS_BAD_INPUT);
	cr_assert(strstr(err.msg, "past remoteness 254"), "%s", err.msg);
	cr_assert_eq(access(path, F_OK), -1);
	cr_assert_eq(access("/tmp/chopsticks-table-wide.tbl.tmp", F_OK), -1);
	solution_free(&sol);
	wide_solution(&sol, size, few);
	cr_assert_null(sol.wide);
	cr_assert_eq(sol.overflow_count, few);
	for (uint64_t k = 0; k < few; k++) {
		cr_assert_eq(solution_remoteness(&sol, 2 * k + 3), 300 + 2 * k + 3);
		cr_assert_eq(le64_load(sol.overflow + 16 * k), 2 * k + 3); // in index order
	}
	solution_free(&sol);
	rules_free(rules);
}

Test(table, any_flipped_byte_or_cut_is_refused)
{
	struct saved s;
	struct table_map t;
	struct error err;
	size_t len;
	save_instance(&standard, &s);
	uint8_t *data = slurp(s.path, &len);
	for (size_t at = 0; at < len; at += 7) {
		data[at] ^= 0x10;
		spill(s.path, data, len);
		cr_assert_eq(table_open(s.path, &t, &err), STATUS_BAD_INPUT, "a flip at byte %zu went unnoticed", at);
		data[at] ^= 0x10;
	}
	for (size_t cut = 0; cut < len; cut += len / 5) {
		spill(s.path, data, cut);
		cr_assert_eq(table_open(s.path, &t, &err), STATUS_BAD_INPUT, "a table cut to %zu bytes was read", cut);
	}
	free(data);
	saved_free(&s);
}

static struct instance variety[] = {
	{2, {2, 2}, 5, ""},
	{2, {2, 2}, 5, "cutoff"},
	{2, {2, 2}, 4, "misere"},
	{2, {3, 3}, 4, "suicide,meta,suns"},
	{2, {3, 2}, 4, ""},
	{2, {2, 2}, 5, "sudden-death"},
	{2, {2, 2}, 4, "self-attack,swaps"},
	{2, {1, 1}, 7, ""},
	{2, {2, 2}, 3, "stumps"},
	{2, {2, 2}, 4, "lives=2"},
};

ParameterizedTestParameters(table, solver_tables_verify) { return cr_make_param_array(struct instance, variety, 10); }

ParameterizedTest(struct instance *in, table, solver_tables_verify)
{
	struct saved s;
	struct table_map t;
	struct error err;
	struct verify_report report;
	save_instance(in, &s);
	cr_assert_eq(table_open(s.path, &t, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(verify_table(s.rules, &t, NULL, &report, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(report.fault, VERIFY_OK, "%s: %s", in->variants, report.why);
	cr_assert_eq(report.checked, t.reachable);
	table_close(&t);
	saved_free(&s);
}

// Offsets of the sections, from the header (table_file.h).
static uint64_t field(const uint8_t *data, unsigned k)
{
	uint64_t v = 0;
	for (int b = 7; b >= 0; b--)
		v = v << 8 | data[16 + 8 * k + b];
	return v;
}
#define VALUES_AT(d) field(d, 9)
#define REMOTENESS_AT(d) field(d, 10)

static void plant(uint8_t *data, uint64_t i, enum value v, unsigned rem)
{
	uint8_t *b = data + VALUES_AT(data) + i / 4;
	*b = (uint8_t)((*b & ~(3u << (2 * (i % 4)))) | (unsigned)v << (2 * (i % 4)));
	data[REMOTENESS_AT(data) + i] = (uint8_t)rem;
}

// The first reachable index (not the start) with value v (and terminal or not, when asked).
static uint64_t find(const struct saved *s, enum value v, int terminal)
{
	for (uint64_t i = 0; i < s->rules->size; i++)
		if (i != s->rules->start && solution_value(&s->sol, i) == v &&
		    (terminal < 0 || movegen_is_terminal(s->rules, i) == (terminal == 1)))
			return i;
	cr_assert_fail("no position of value %d", v);
	return 0;
}

enum where { AT, AT_OR_PARENT, PARENT };

// Plants v/rem at i (or, with header_win, a wrong win count) and checks what verify says.
static void expect_caught(uint64_t i, enum value v, unsigned rem, bool header_win, enum verify_fault want,
			  enum where where)
{
	struct saved s;
	struct table_map t;
	struct error err;
	struct verify_report r;
	size_t len;
	save_instance(&standard, &s);
	uint8_t *data = slurp(s.path, &len);
	if (i == UINT64_MAX - 1)
		i = find(&s, VALUE_WIN, 0);
	const char *codes[] = {"1111", "1312", "0001"};
	const uint64_t indexes[] = {32, 67, 15};
	for (int k = 0; k < 3; k++) { // the indexes the tests name, against position_parse
		uint64_t idx;
		cr_assert_eq(position_parse(s.rules, codes[k], &idx, &err), STATUS_OK);
		cr_assert_eq(idx, indexes[k], "%s", codes[k]);
	}
	cr_assert(movegen_is_terminal(s.rules, 15) && solution_value(&s.sol, 15) == VALUE_LOSS);
	cr_assert_neq(solution_value(&s.sol, 1), VALUE_LOSS);
	cr_assert_eq(solution_value(&s.sol, 1), VALUE_UNKNOWN);
	if (header_win)
		data[16 + 8 * 2]++;
	else
		plant(data, i, v, rem);
	reseal(data, len);
	spill(s.path, data, len);
	cr_assert_eq(table_open(s.path, &t, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(verify_table(s.rules, &t, NULL, &r, &err), STATUS_OK, "%s", err.msg);
	cr_assert_neq(r.fault, VERIFY_OK, "a planted error at %llu went unnoticed", (unsigned long long)i);
	if (want != VERIFY_OK)
		cr_assert_eq(r.fault, want, "fault %d, wanted %d (%s)", r.fault, want, r.why);
	if (!header_win)
		cr_assert(where == AT ? r.at == i : where == PARENT ? is_parent(s.rules, r.at, i)
			  : r.at == i || is_parent(s.rules, r.at, i),
			  "reported at %llu, planted at %llu: %s", (unsigned long long)r.at, (unsigned long long)i, r.why);
	table_close(&t);
	free(data);
	saved_free(&s);
}

// Indexes of the standard game, from position.h's example: 1312 is 7 + 15 * 4 = 67; the
// start 1111 is 2 + 15 * 2 = 32; 0001 (0,0 | 0,1) is 0 + 15 * 1 = 15 (terminal, a loss).
Test(verify, start_missing) { expect_caught(32, VALUE_UNKNOWN, 0, false, VERIFY_START, AT); }
Test(verify, reachable_position_missing) { expect_caught(67, VALUE_UNKNOWN, 0, false, VERIFY_MISSING, PARENT); }
Test(verify, unreachable_position_stored) { expect_caught(1, VALUE_DRAW, 0, false, VERIFY_UNREACHED, AT); }
Test(verify, terminal_made_a_win) { expect_caught(15, VALUE_WIN, 0, false, VERIFY_OK, AT_OR_PARENT); }
Test(verify, terminal_given_remoteness) { expect_caught(15, VALUE_LOSS, 2, false, VERIFY_OK, AT_OR_PARENT); }
Test(verify, draw_made_a_loss) { expect_caught(67, VALUE_LOSS, 2, false, VERIFY_OK, AT_OR_PARENT); }
Test(verify, draw_with_remoteness) { expect_caught(67, VALUE_DRAW, 3, false, VERIFY_STRAY, AT); }
Test(verify, win_slowed_down) { expect_caught(UINT64_MAX - 1, VALUE_WIN, 7, false, VERIFY_OK, AT_OR_PARENT); }
Test(verify, header_counts) { expect_caught(0, VALUE_UNKNOWN, 0, true, VERIFY_HEADER, AT); }

static void set_field(uint8_t *data, unsigned k, uint64_t v)
{
	for (int b = 0; b < 8; b++)
		data[16 + 8 * k + b] = (uint8_t)(v >> (8 * b));
}

// A header whose size and overflow count are huge but whose offsets add up, modulo 2^64,
// to the file's real length: the reader must refuse it, not map past the end.
Test(table, header_sizes_that_wrap_around_are_refused)
{
	struct saved s;
	struct table_map t;
	struct error err;
	size_t len;
	save_instance(&standard, &s);
	uint8_t *data = slurp(s.path, &len);
	uint64_t settings = field(data, 6) >> 32, n = UINT64_C(1) << 60, m, at;
	do {
		n--;
		uint64_t values = 128 + (settings + 7) / 8 * 8;
		uint64_t rem = values + ((n + 3) / 4 + 7) / 8 * 8;
		at = rem + (n + 7) / 8 * 8;
		m = ((uint64_t)len - 8 - at) / 16;
		set_field(data, 0, n);
		set_field(data, 9, values);
		set_field(data, 10, rem);
		set_field(data, 11, at);
	} while (((uint64_t)len - 8 - at) % 16 || m > n);
	set_field(data, 8, m);
	reseal(data, len);
	spill(s.path, data, len);
	cr_assert_eq(table_open(s.path, &t, &err), STATUS_BAD_INPUT, "a header claiming %llu indexes was read",
		     (unsigned long long)n);
	free(data);
	saved_free(&s);
}

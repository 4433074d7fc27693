// SPDX-License-Identifier: MIT
// The variants table tests itself (names, texts, parse/format round trips, refusals with
// messages that name the culprits), and tests/data/variants.csv: hand-checked children of
// one position per variant, checked against both enum/ and the oracle.
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "movegen.h"

#define ALL_VARIANTS ((UINT64_C(1) << VARIANT_COUNT) - 1)

Test(variants, names_and_texts)
{
	for (int id = 0; id < VARIANT_COUNT; id++) {
		const char *name = variants_name((enum variant_id)id);
		size_t n = strlen(name);
		cr_assert_gt(n, 0);
		cr_assert(islower((unsigned char)name[0]) && islower((unsigned char)name[n - 1]),
			  "'%s' must start and end with a lower-case letter", name);
		for (size_t i = 0; i < n; i++) {
			cr_assert(islower((unsigned char)name[i]) || name[i] == '-', "'%s'", name);
			cr_assert(!(name[i] == '-' && name[i + 1] == '-'), "'%s': double hyphen", name);
		}
		for (int other = 0; other < id; other++)
			cr_assert_str_neq(name, variants_name((enum variant_id)other), "duplicate name");
		cr_assert_gt(strlen(variants_summary((enum variant_id)id)), 0, "%s: summary", name);
		cr_assert_gt(strlen(variants_rule((enum variant_id)id)), 0, "%s: rule", name);
		char axes[256];
		variants_axes_text((enum variant_id)id, axes, sizeof axes);
		cr_assert_gt(strlen(axes), 0, "%s sets no axis", name);
	}
	cr_assert_leq(VARIANT_COUNT, 64, "masks are 64 bits");
}

static uint64_t parse_ok(const char *list)
{
	uint64_t mask = UINT64_MAX;
	struct error err = {{0}};
	cr_assert_eq(variants_parse_list(list, &mask, &err), STATUS_OK, "'%s': %s", list, err.msg);
	return mask;
}

Test(variants, parse_format_round_trip)
{
	char buf[512];
	cr_assert_eq(parse_ok(""), 0);
	variants_format_list(0, buf, sizeof buf);
	cr_assert_str_eq(buf, "");
	for (int a = 0; a < VARIANT_COUNT; a++) {
		uint64_t one = UINT64_C(1) << a;
		variants_format_list(one, buf, sizeof buf);
		cr_assert_str_eq(buf, variants_name((enum variant_id)a));
		cr_assert_eq(parse_ok(buf), one);
		for (int b = 0; b < VARIANT_COUNT; b++) {
			if (a == b)
				continue;
			uint64_t two = one | (UINT64_C(1) << b);
			variants_format_list(two, buf, sizeof buf);
			cr_assert_eq(parse_ok(buf), two, "'%s'", buf);
			char swapped[512]; // given in the other order: the same set
			snprintf(swapped, sizeof swapped, "%s,%s", variants_name((enum variant_id)b),
				 variants_name((enum variant_id)a));
			cr_assert_eq(parse_ok(swapped), two, "'%s'", swapped);
		}
	}
	variants_format_list(ALL_VARIANTS, buf, sizeof buf);
	cr_assert_eq(parse_ok(buf), ALL_VARIANTS);
}

// list must be refused with a message quoting want and listing every valid name.
static void refused(const char *list, const char *want, bool lists_names)
{
	uint64_t mask = 777;
	struct error err = {{0}};
	cr_assert_eq(variants_parse_list(list, &mask, &err), STATUS_BAD_INPUT, "'%s'", list);
	cr_assert_eq(mask, 777, "'%s': mask written on failure", list);
	cr_assert(strstr(err.msg, want), "'%s': message lacks '%s': %s", list, want, err.msg);
	for (int id = 0; lists_names && id < VARIANT_COUNT; id++)
		cr_assert(strstr(err.msg, variants_name((enum variant_id)id)),
			  "'%s': message does not list %s: %s", list, variants_name((enum variant_id)id),
			  err.msg);
}

Test(variants, unknown_and_empty_names_refused)
{
	refused("nosuch", "nosuch", true);
	refused("Cutoff", "Cutoff", true);
	refused("cutoff,sucide", "sucide", true);
	refused(" cutoff", " cutoff", true);
	refused("cutoff ", "cutoff ", true);
	refused("cut", "cut", true);
	refused("cutoffs", "cutoffs", true);
	refused(",cutoff", "unknown", true);
	refused("cutoff,,suicide", "unknown", true);
	refused(",", "", true);
	refused("cutoff,", "empty", true);
	refused("cutoff,cutoff", "twice", true);
	refused("meta,suns,meta", "meta", true);
}

// Builds p=2 (or players), h=2, r=5 rules with mask; returns the status, message in err.
static enum status build(unsigned players, uint64_t mask, struct error *err)
{
	struct rules_spec spec = {.players = players, .hands = {2, 2, 2, 2}, .rollover = 5,
				  .variants = mask};
	struct rules *rules = (struct rules *)1;
	enum status st = rules_build(&spec, &rules, err);
	if (st == STATUS_OK)
		rules_free(rules);
	else
		cr_assert_null(rules, "*out must be NULL on failure");
	return st;
}

static bool contradictory(const char *a, const char *b)
{
	static const char *const pairs[][2] = {
		{"transfers-only", "divisions-only"}, {"attacks-only", "suicide"},
		{"attacks-only", "meta"},             {"attacks-only", "transfers-only"},
		{"attacks-only", "divisions-only"},   {"attacks-only", "halves"},
		{"attacks-only", "halves-odd"},       {"halves", "halves-odd"},
	};
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
		if ((!strcmp(a, pairs[i][0]) && !strcmp(b, pairs[i][1])) ||
		    (!strcmp(b, pairs[i][0]) && !strcmp(a, pairs[i][1])))
			return true;
	return false;
}

// Exactly the listed pairs are refused (naming both); every other pair builds.
Test(variants, contradictory_pairs_refused)
{
	int refusals = 0;
	for (int a = 0; a < VARIANT_COUNT; a++)
		for (int b = a + 1; b < VARIANT_COUNT; b++) {
			const char *na = variants_name((enum variant_id)a), *nb = variants_name((enum variant_id)b);
			struct error err = {{0}};
			enum status st = build(2, (UINT64_C(1) << a) | (UINT64_C(1) << b), &err);
			if (!contradictory(na, nb)) {
				cr_assert_eq(st, STATUS_OK, "%s,%s: %s", na, nb, err.msg);
				continue;
			}
			refusals++;
			cr_assert_eq(st, STATUS_BAD_INPUT, "%s,%s must be refused", na, nb);
			cr_assert(strstr(err.msg, na) && strstr(err.msg, nb),
				  "%s,%s: message must name both: %s", na, nb, err.msg);
		}
	cr_assert_eq(refusals, 8, "all eight contradictory pairs are in the table");
}

// NEED_P2 / NEED_P3 rows are refused with the wrong player count, naming the variant; every
// variant builds with a player count it allows. (misere became NEED_ANY in e884be2: the
// first player out wins, for any number of players.)
Test(variants, player_count_needs)
{
	for (int id = 0; id < VARIANT_COUNT; id++) {
		const char *name = variants_name((enum variant_id)id);
		enum variant_need need = variants_need((enum variant_id)id);
		uint64_t one = UINT64_C(1) << id;
		struct error err = {{0}};
		cr_assert_eq(build(need == NEED_P3 ? 3 : 2, one, &err), STATUS_OK, "%s: %s", name, err.msg);
		cr_assert_eq(build(need == NEED_P2 ? 2 : 3, one, &err), STATUS_OK, "%s: %s", name, err.msg);
		if (need == NEED_ANY)
			continue;
		cr_assert_eq(build(need == NEED_P2 ? 3 : 2, one, &err), STATUS_BAD_INPUT, "%s", name);
		cr_assert(strstr(err.msg, name), "%s: %s", name, err.msg);
	}
	struct error err = {{0}};
	cr_assert_eq(build(3, parse_ok("misere"), &err), STATUS_OK, "%s", err.msg);
}

// Setting an axis directly (--overflow cutoff) agrees with the variant that presets it, and
// a conflicting direct setting is refused with both sources named.
Test(variants, axis_options)
{
	struct rules_spec spec = {.players = 2, .hands = {2, 2}, .rollover = 5};
	struct rules *rules;
	struct error err = {{0}};
	spec.axis[AXIS_OVERFLOW] = OVERFLOW_CUTOFF + 1;
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(rules->axis[AXIS_OVERFLOW], OVERFLOW_CUTOFF);
	rules_free(rules);
	spec.variants = parse_ok("cutoff");
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_OK, "same value twice: %s", err.msg);
	rules_free(rules);
	spec.axis[AXIS_OVERFLOW] = OVERFLOW_ROLLOVER + 1;
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_BAD_INPUT);
	cr_assert(strstr(err.msg, "cutoff") && strstr(err.msg, "--overflow"), "%s", err.msg);
	cr_assert_eq(axis_parse_value(AXIS_OVERFLOW, "cutoff"), OVERFLOW_CUTOFF);
	cr_assert_eq(axis_parse_value(AXIS_OVERFLOW, "nosuch"), -1);
}

// ---- tests/data/variants.csv ----

#define FIELDS 9

// Splits line at commas into f[0..FIELDS); returns the field count.
static int split_csv(char *line, char **f)
{
	int n = 0;
	line[strcspn(line, "\r\n")] = '\0';
	for (char *p = line; n < FIELDS; n++) {
		f[n] = p;
		char *comma = strchr(p, ',');
		if (!comma)
			return n + 1;
		*comma = '\0';
		p = comma + 1;
	}
	return n + 1; // more fields than expected
}

// Splits text at spaces into codes; "-" is the empty list.
static size_t split_codes(const char *text, char (*codes)[ORACLE_CODE_MAX])
{
	size_t n = 0;
	if (!strcmp(text, "-"))
		return 0;
	for (const char *p = text; *p;) {
		size_t len = strcspn(p, " ");
		cr_assert_lt(len, (size_t)ORACLE_CODE_MAX);
		memcpy(codes[n], p, len);
		codes[n++][len] = '\0';
		p += len + (p[len] == ' ');
	}
	return n;
}

static void check_list(const char *what, char (*want)[ORACLE_CODE_MAX], size_t nw,
		       char (*got)[ORACLE_CODE_MAX], size_t ng, int row)
{
	char a[2048], b[2048];
	codes_sort(want, nw);
	codes_sort(got, ng);
	codes_join(want, nw, a, sizeof a);
	codes_join(got, ng, b, sizeof b);
	cr_assert_str_eq(b, a, "variants.csv row %d: %s gives '%s', expected '%s'", row, what, b, a);
}

static void check_row(char **f, int row, uint64_t *alone)
{
	struct instance in = {0};
	snprintf(in.variants, sizeof in.variants, "%s", f[0]);
	for (char *p = in.variants; *p; p++)
		if (*p == '+')
			*p = ',';
	in.players = (unsigned)atoi(f[1]);
	cr_assert(in.players >= 2 && in.players <= 4, "row %d: players", row);
	for (unsigned s = 0; s < in.players; s++)
		in.hands[s] = (unsigned)atoi(f[2]);
	if (strchr(f[2], ':'))
		cr_assert_eq(sscanf(f[2], "%u:%u:%u:%u", &in.hands[0], &in.hands[1], &in.hands[2],
				    &in.hands[3]), (int)in.players, "row %d: hands", row);
	in.rollover = (unsigned)atoi(f[3]);
	uint64_t mask = parse_ok(in.variants);
	if (mask && !(mask & (mask - 1)))
		*alone |= mask;
	struct rules *rules = instance_rules(&in);
	struct oracle_game game;
	instance_game(&in, &game);
	char start[ORACLE_CODE_MAX];
	index_code(rules, rules->start, start);
	cr_assert_str_eq(start, f[4], "variants.csv row %d: start", row);
	uint64_t idx, kids[512];
	struct error err;
	cr_assert_eq(position_parse(rules, f[5], &idx, &err), STATUS_OK, "row %d: %s", row, err.msg);
	static char want[512][ORACLE_CODE_MAX], got[512][ORACLE_CODE_MAX];
	size_t nw = split_codes(f[6], want);
	cr_assert_leq(rules->max_moves, 512);
	size_t ng = movegen_children(rules, idx, kids);
	for (size_t i = 0; i < ng; i++)
		index_code(rules, kids[i], got[i]);
	check_list("movegen", want, nw, got, ng, row);
	struct oracle_pos here, opos[512];
	cr_assert(oracle_parse(&game, f[5], &here));
	size_t no = oracle_children(&game, &here, opos, 512);
	for (size_t i = 0; i < no; i++)
		oracle_format(&game, &opos[i], got[i]);
	check_list("the oracle", want, nw, got, no, row);
	bool terminal = strcmp(f[7], "-") != 0;
	cr_assert_eq(movegen_is_terminal(rules, idx), terminal, "row %d: terminal", row);
	cr_assert_eq(oracle_is_terminal(&game, &here), terminal, "row %d: oracle terminal", row);
	if (terminal) {
		cr_assert_eq(movegen_winner(rules, idx), (unsigned)atoi(f[7]), "row %d: winner", row);
		cr_assert_eq(oracle_winner(&game, &here), atoi(f[7]), "row %d: oracle winner", row);
	}
	cr_assert(strstr(f[8], "hand-checked"), "row %d: source must say hand-checked", row);
	rules_free(rules);
}

Test(variants, csv_rows)
{
	FILE *fp = fopen(TEST_DATA_DIR "/variants.csv", "r");
	cr_assert_not_null(fp, "cannot open " TEST_DATA_DIR "/variants.csv");
	char line[1024];
	int row = 0, header = 0;
	uint64_t alone = 0;
	while (fgets(line, sizeof line, fp)) {
		char *f[FIELDS + 1];
		if (line[0] == '#' || line[0] == '\n')
			continue;
		cr_assert_eq(split_csv(line, f), FIELDS, "variants.csv: a line without %d fields",
			     FIELDS);
		if (!header++) {
			cr_assert_str_eq(f[0], "variants");
			continue;
		}
		check_row(f, ++row, &alone);
	}
	fclose(fp);
	cr_assert_gt(row, 0);
	for (int id = 0; id < VARIANT_COUNT; id++)
		cr_assert(alone & (UINT64_C(1) << id), "variants.csv has no row for %s alone",
			  variants_name((enum variant_id)id));
}

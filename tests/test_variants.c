// SPDX-License-Identifier: MIT
// The variants table tests itself (names, texts, parse/format round trips, refusals with
// messages that name the culprits), and tests/data/variants.csv and lives.csv: hand-checked
// children of one position per variant (and of positions with lives), checked against both
// enum/ and the oracle.
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "movegen.h"

#define ALL_VARIANTS ((UINT64_C(1) << VARIANT_COUNT) - 1)

// Names are lower-case words joined by single hyphens.
static void check_name(const char *name)
{
	size_t n = strlen(name);
	cr_assert_gt(n, 0);
	cr_assert(islower((unsigned char)name[0]) && islower((unsigned char)name[n - 1]),
		  "'%s' must start and end with a lower-case letter", name);
	for (size_t i = 0; i < n; i++) {
		cr_assert(islower((unsigned char)name[i]) || name[i] == '-', "'%s'", name);
		cr_assert(!(name[i] == '-' && name[i + 1] == '-'), "'%s': double hyphen", name);
	}
}

Test(variants, names_and_texts)
{
	for (int id = 0; id < VARIANT_COUNT; id++) {
		const char *name = variants_name((enum variant_id)id);
		check_name(name);
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

// The axis table (axes.def) tests itself: names unique, at least two values per axis,
// each named and parsed back to its number, and a help text.
Test(variants, axes_table)
{
	for (int a = 0; a < AXIS_COUNT; a++) {
		const char *name = axis_name((enum axis)a);
		const char *const *values = axis_values((enum axis)a);
		check_name(name);
		for (int other = 0; other < a; other++)
			cr_assert_str_neq(name, axis_name((enum axis)other), "duplicate axis name");
		cr_assert_gt(strlen(axis_help((enum axis)a)), 0, "%s: help", name);
		int count = 0;
		for (; values[count]; count++) {
			check_name(values[count]);
			cr_assert_eq(axis_parse_value((enum axis)a, values[count]), count, "%s=%s", name,
				     values[count]);
		}
		cr_assert_geq(count, 2, "%s: fewer than two values", name);
		cr_assert_lt(count, AXIS_MAX_VALUES, "%s: no room for the NULL", name);
	}
	// The constants follow the table's value order.
	cr_assert_str_eq(axis_values(AXIS_SPLIT_KIND)[SPLIT_KIND_HALVES_ODD], "halves-odd");
	cr_assert_str_eq(axis_values(AXIS_STUMPS)[STUMPS_YES], "yes");
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
	if (players > 2) // NEED_P3 variants build with three players; hands are per seat
		spec.hands[2] = 2;
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
	// Two values of one axis. attacks-only with a split rule is no contradiction: with no
	// splits the split rule has nothing to act on (tests/test_retrograde.c checks the game).
	static const char *const pairs[][2] = {
		{"transfers-only", "divisions-only"}, {"halves", "halves-odd"},
	};
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
		if ((!strcmp(a, pairs[i][0]) && !strcmp(b, pairs[i][1])) ||
		    (!strcmp(b, pairs[i][0]) && !strcmp(a, pairs[i][1])))
			return true;
	return false;
}

// The player count a pair of variants can be built with: 3 when either needs 3 or more,
// 2 when either needs exactly 2, 0 when both (no count fits: the pair is not tried).
static unsigned pair_players(int a, int b)
{
	enum variant_need na = variants_need((enum variant_id)a), nb = variants_need((enum variant_id)b);
	bool p2 = na == NEED_P2 || nb == NEED_P2, p3 = na == NEED_P3 || nb == NEED_P3;
	return p2 && p3 ? 0 : p3 ? 3 : 2;
}

// Exactly the listed pairs are refused (naming both); every other pair builds, with three
// players where a variant needs them.
Test(variants, contradictory_pairs_refused)
{
	int refusals = 0;
	for (int a = 0; a < VARIANT_COUNT; a++)
		for (int b = a + 1; b < VARIANT_COUNT; b++) {
			const char *na = variants_name((enum variant_id)a), *nb = variants_name((enum variant_id)b);
			struct error err = {{0}};
			unsigned players = pair_players(a, b);
			if (!players)
				continue;
			enum status st = build(players, (UINT64_C(1) << a) | (UINT64_C(1) << b), &err);
			if (!contradictory(na, nb)) {
				cr_assert_eq(st, STATUS_OK, "%s,%s: %s", na, nb, err.msg);
				continue;
			}
			refusals++;
			cr_assert_eq(st, STATUS_BAD_INPUT, "%s,%s must be refused", na, nb);
			cr_assert(strstr(err.msg, na) && strstr(err.msg, nb),
				  "%s,%s: message must name both: %s", na, nb, err.msg);
		}
	cr_assert_eq(refusals, 2, "both contradictory pairs are in the table");
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

// --lives N (rules_spec.lives): 0 is not given (no lives), 1..16 imply the one-finger rule
// (so sudden-death agrees and --eliminate no-hands contradicts, naming both), 17 is refused.
// Zombies set directly (--zombies yes) still need three players.
Test(variants, lives_and_zombies_options)
{
	struct rules_spec spec = {.players = 2, .hands = {2, 2}, .rollover = 5};
	struct rules *rules;
	struct error err = {{0}};
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(rules->lives, 1);
	cr_assert_eq(rules->axis[AXIS_ELIMINATE], ELIMINATE_NO_HANDS);
	rules_free(rules);
	spec.lives = 1;
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(rules->lives, 1);
	cr_assert_eq(rules->axis[AXIS_ELIMINATE], ELIMINATE_ONE_FINGER);
	rules_free(rules);
	spec.axis[AXIS_ELIMINATE] = ELIMINATE_NO_HANDS + 1;
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_BAD_INPUT);
	cr_assert(strstr(err.msg, "--lives") && strstr(err.msg, "--eliminate"), "%s", err.msg);
	spec.axis[AXIS_ELIMINATE] = 0;
	spec.lives = 16;
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(rules->lives, 16);
	cr_assert_eq(rules->axis[AXIS_ELIMINATE], ELIMINATE_ONE_FINGER);
	rules_free(rules);
	spec.lives = 17;
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_BAD_INPUT);
	cr_assert(strstr(err.msg, "--lives") && strstr(err.msg, "17"), "%s", err.msg);
	spec.lives = 3;
	spec.variants = parse_ok("sudden-death");
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_OK, "%s", err.msg);
	rules_free(rules);
	spec.variants = 0;
	spec.axis[AXIS_ELIMINATE] = ELIMINATE_NO_HANDS + 1;
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_BAD_INPUT);
	cr_assert(strstr(err.msg, "--lives") && strstr(err.msg, "--eliminate"), "%s", err.msg);
	spec.axis[AXIS_ELIMINATE] = 0;
	spec.lives = 0;
	spec.axis[AXIS_ZOMBIES] = ZOMBIES_YES + 1;
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_BAD_INPUT);
	cr_assert(strstr(err.msg, "zombies"), "%s", err.msg);
	spec.players = 3;
	spec.hands[2] = 2;
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_OK, "%s", err.msg);
	cr_assert(rules->axis[AXIS_ZOMBIES]);
	rules_free(rules);
	spec.hands[1] = 1; // a zombie shows no hand count: uneven hands are refused (c020fb2)
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_BAD_INPUT);
	cr_assert(strstr(err.msg, "zombies") && strstr(err.msg, "hands"), "%s", err.msg);
}

// attacks-only with a split rule builds and keeps both on their axes, as asked: splits off,
// and the split rule's own axis set (it changes nothing, as there are no splits).
Test(variants, attacks_only_keeps_split_rules)
{
	static const struct {
		const char *with;
		enum axis axis;
		int value;
	} cases[] = {
		{"suicide", AXIS_SUICIDE, 1},
		{"meta", AXIS_META, 1},
		{"transfers-only", AXIS_REVIVE, REVIVE_NEVER},
		{"divisions-only", AXIS_REVIVE, REVIVE_REQUIRED},
		{"halves", AXIS_SPLIT_KIND, SPLIT_KIND_HALVES},
		{"halves-odd", AXIS_SPLIT_KIND, SPLIT_KIND_HALVES_ODD},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct rules_spec spec = {.players = 2, .hands = {2, 2}, .rollover = 5};
		spec.variants = parse_ok("attacks-only") | parse_ok(cases[i].with);
		struct rules *rules;
		struct error err = {{0}};
		cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_OK, "%s: %s", cases[i].with, err.msg);
		cr_assert_eq(rules->axis[AXIS_SPLITS], SPLITS_OFF, "%s", cases[i].with);
		cr_assert_eq(rules->axis[cases[i].axis], cases[i].value, "%s", cases[i].with);
		cr_assert_eq(rules->variants, spec.variants, "%s", cases[i].with);
		rules_free(rules);
	}
}

// --lives 1 is sudden-death: one life, lost at one finger. Both resolve to the same rules
// (variants, axes, lives, index space, start), alone and with other variants.
Test(variants, one_life_is_sudden_death)
{
	const char *const with[] = {"", "cutoff", "misere", "suns,suicide", "self-attack"};
	for (size_t i = 0; i < sizeof with / sizeof *with; i++) {
		struct rules_spec a = {.players = 2, .hands = {2, 2}, .rollover = 5, .lives = 1};
		a.variants = parse_ok(with[i]);
		struct rules_spec b = a;
		b.lives = 0;
		b.variants |= UINT64_C(1) << VARIANT_SUDDEN_DEATH;
		struct rules *ra, *rb;
		struct error err = {{0}};
		cr_assert_eq(rules_build(&a, &ra, &err), STATUS_OK, "%s", err.msg);
		cr_assert_eq(rules_build(&b, &rb, &err), STATUS_OK, "%s", err.msg);
		cr_assert_eq(ra->variants, rb->variants, "[%s]", with[i]);
		cr_assert_arr_eq(ra->axis, rb->axis, sizeof ra->axis, "[%s]", with[i]);
		cr_assert_eq(ra->lives, 1);
		cr_assert_eq(rb->lives, 1);
		cr_assert_eq(ra->size, rb->size, "[%s]", with[i]);
		cr_assert_eq(ra->start, rb->start, "[%s]", with[i]);
		rules_free(ra);
		rules_free(rb);
	}
}

// Stumps count half fingers: scale 2, a hand dies at modulus 2r, so r is at most
// RULES_MAX_ROLLOVER / 2 (refused above, naming --rollover); without stumps scale 1.
Test(variants, stumps_scale)
{
	struct rules_spec spec = {.players = 2, .hands = {1, 1}, .rollover = 5};
	struct rules *rules;
	struct error err = {{0}};
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_OK, "%s", err.msg);
	cr_assert(rules->scale == 1 && rules->modulus == 5);
	rules_free(rules);
	spec.variants = parse_ok("stumps");
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_OK, "%s", err.msg);
	cr_assert(rules->scale == 2 && rules->modulus == 10);
	rules_free(rules);
	spec.rollover = RULES_MAX_ROLLOVER / 2;
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_OK, "%s", err.msg);
	cr_assert_eq(rules->modulus, RULES_MAX_ROLLOVER);
	rules_free(rules);
	spec.rollover = RULES_MAX_ROLLOVER / 2 + 1;
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_BAD_INPUT);
	cr_assert(strstr(err.msg, "--rollover") && strstr(err.msg, "stumps"), "%s", err.msg);
}

// Every variant also builds with lives (three players where it needs them).
Test(variants, every_variant_with_lives)
{
	for (int id = 0; id < VARIANT_COUNT; id++) {
		unsigned players = variants_need((enum variant_id)id) == NEED_P3 ? 3 : 2;
		struct rules_spec spec = {.players = players, .hands = {2, 2, 2}, .rollover = 5,
					  .variants = UINT64_C(1) << id, .lives = 2};
		struct rules *rules;
		struct error err = {{0}};
		cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_OK, "%s: %s",
			     variants_name((enum variant_id)id), err.msg);
		cr_assert_eq(rules->size % 2, players == 3 && id == VARIANT_ZOMBIES ? 1 : 0,
			     "%s: each seat has twice its multisets (plus a zombie)",
			     variants_name((enum variant_id)id));
		rules_free(rules);
	}
}

// ---- tests/data/variants.csv and tests/data/lives.csv ----

// The columns, found by name in each file's header line; lives is optional (none: 1).
enum column { COL_VARIANTS, COL_PLAYERS, COL_HANDS, COL_ROLLOVER, COL_LIVES, COL_START, COL_CODE,
	      COL_CHILDREN, COL_WINNER, COL_SOURCE, COL_COUNT };
static const char *const column_names[COL_COUNT] = {
	"variants", "players", "hands", "rollover", "lives", "start", "code", "children", "winner",
	"source",
};
#define MAX_FIELDS 16

// Splits line at commas into f[0..MAX_FIELDS); returns the field count.
static int split_csv(char *line, char **f)
{
	int n = 0;
	line[strcspn(line, "\r\n")] = '\0';
	for (char *p = line; n < MAX_FIELDS; n++) {
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

static void check_list(const char *where, const char *what, char (*want)[ORACLE_CODE_MAX],
		       size_t nw, char (*got)[ORACLE_CODE_MAX], size_t ng)
{
	char a[2048], b[2048];
	codes_sort(want, nw);
	codes_sort(got, ng);
	codes_join(want, nw, a, sizeof a);
	codes_join(got, ng, b, sizeof b);
	cr_assert_str_eq(b, a, "%s: %s gives '%s', expected '%s'", where, what, b, a);
}

// The instance of one row: '+' joins variants; a lives column adds "lives=N".
static void row_instance(char **f, const int *col, const char *where, struct instance *in)
{
	memset(in, 0, sizeof *in);
	snprintf(in->variants, sizeof in->variants, "%s", f[col[COL_VARIANTS]]);
	for (char *p = in->variants; *p; p++)
		if (*p == '+')
			*p = ',';
	unsigned lives = col[COL_LIVES] < 0 ? 1 : (unsigned)atoi(f[col[COL_LIVES]]);
	cr_assert(lives >= 1, "%s: lives", where);
	if (lives > 1) {
		size_t used = strlen(in->variants);
		snprintf(in->variants + used, sizeof in->variants - used, "%slives=%u", used ? "," : "",
			 lives);
	}
	const char *hands = f[col[COL_HANDS]];
	in->players = (unsigned)atoi(f[col[COL_PLAYERS]]);
	cr_assert(in->players >= 2 && in->players <= 4, "%s: players", where);
	for (unsigned s = 0; s < in->players; s++)
		in->hands[s] = (unsigned)atoi(hands);
	if (strchr(hands, ':'))
		cr_assert_eq(sscanf(hands, "%u:%u:%u:%u", &in->hands[0], &in->hands[1], &in->hands[2],
				    &in->hands[3]), (int)in->players, "%s: hands", where);
	in->rollover = (unsigned)atoi(f[col[COL_ROLLOVER]]);
}

// Checks one row against enum/ and the oracle; adds a lone variant of the row to *alone.
static void check_row(char **f, const int *col, const char *where, uint64_t *alone)
{
	struct instance in;
	row_instance(f, col, where, &in);
	char names[64];
	instance_lives(&in, names, sizeof names);
	uint64_t mask = parse_ok(names);
	if (mask && !(mask & (mask - 1)))
		*alone |= mask;
	struct rules *rules = instance_rules(&in);
	struct oracle_game game;
	instance_game(&in, &game);
	char start[ORACLE_CODE_MAX];
	index_code(rules, rules->start, start);
	cr_assert_str_eq(start, f[col[COL_START]], "%s: start", where);
	struct oracle_pos ostart;
	oracle_start(&game, &ostart);
	oracle_format(&game, &ostart, start);
	cr_assert_str_eq(start, f[col[COL_START]], "%s: the oracle's start", where);
	const char *code = f[col[COL_CODE]];
	uint64_t idx, kids[512];
	struct error err;
	cr_assert_eq(position_parse(rules, code, &idx, &err), STATUS_OK, "%s: %s", where, err.msg);
	static char want[512][ORACLE_CODE_MAX], got[512][ORACLE_CODE_MAX];
	size_t nw = split_codes(f[col[COL_CHILDREN]], want);
	cr_assert_leq(rules->max_moves, 512);
	size_t ng = movegen_children(rules, idx, kids);
	for (size_t i = 0; i < ng; i++)
		index_code(rules, kids[i], got[i]);
	check_list(where, "movegen", want, nw, got, ng);
	struct oracle_pos here, opos[512];
	cr_assert(oracle_parse(&game, code, &here), "%s: the oracle cannot read %s", where, code);
	size_t no = oracle_children(&game, &here, opos, 512);
	for (size_t i = 0; i < no; i++)
		oracle_format(&game, &opos[i], got[i]);
	nw = split_codes(f[col[COL_CHILDREN]], want);
	check_list(where, "the oracle", want, nw, got, no);
	const char *winner = f[col[COL_WINNER]];
	bool terminal = strcmp(winner, "-") != 0;
	cr_assert_eq(movegen_is_terminal(rules, idx), terminal, "%s: terminal", where);
	cr_assert_eq(oracle_is_terminal(&game, &here), terminal, "%s: oracle terminal", where);
	if (terminal) {
		cr_assert_eq(movegen_winner(rules, idx), (unsigned)atoi(winner), "%s: winner", where);
		cr_assert_eq(oracle_winner(&game, &here), atoi(winner), "%s: oracle winner", where);
	}
	cr_assert(strstr(f[col[COL_SOURCE]], "hand-checked"), "%s: source must say hand-checked",
		  where);
	rules_free(rules);
}

// Checks every row of tests/data/<file>; returns the row count, lone variants in *alone.
static int check_file(const char *file, uint64_t *alone)
{
	char path[512], line[1024], where[600];
	snprintf(path, sizeof path, "%s/%s", TEST_DATA_DIR, file);
	FILE *fp = fopen(path, "r");
	cr_assert_not_null(fp, "cannot open %s", path);
	int row = 0, fields = 0, col[COL_COUNT];
	while (fgets(line, sizeof line, fp)) {
		char *f[MAX_FIELDS + 1];
		if (line[0] == '#' || line[0] == '\n')
			continue;
		int n = split_csv(line, f);
		if (!fields) { // the header names the columns
			fields = n;
			for (int c = 0; c < COL_COUNT; c++) {
				col[c] = -1;
				for (int i = 0; i < n; i++)
					if (!strcmp(f[i], column_names[c]))
						col[c] = i;
				cr_assert(col[c] >= 0 || c == COL_LIVES, "%s: no column %s", file,
					  column_names[c]);
			}
			cr_assert_eq(col[COL_VARIANTS], 0, "%s: variants come first", file);
			continue;
		}
		snprintf(where, sizeof where, "%s row %d", file, ++row);
		cr_assert_eq(n, fields, "%s: %d fields, the header has %d", where, n, fields);
		check_row(f, col, where, alone);
	}
	fclose(fp);
	return row;
}

Test(variants, csv_rows)
{
	uint64_t alone = 0;
	cr_assert_gt(check_file("variants.csv", &alone), 0);
	for (int id = 0; id < VARIANT_COUNT; id++)
		cr_assert(alone & (UINT64_C(1) << id), "variants.csv has no row for %s alone",
			  variants_name((enum variant_id)id));
}

// Lives (--lives N): a life lost restarts the start hands; the last one puts the player out.
Test(variants, lives_csv_rows)
{
	uint64_t alone = 0;
	cr_assert_gt(check_file("lives.csv", &alone), 0);
}

// SPDX-License-Identifier: MIT
// position.h: the worked example, code <-> index round trips over every index (with the
// oracle's independent reading of each code), decode/encode, hands given in any order, and
// the codes that must be refused with STATUS_BAD_INPUT and a message. Also tagged codes
// (lives ':L', zombies 'z', halves 'h' under stumps): round trips, the '/' form, omitted
// tags, refusals.
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <string.h>

#include "helpers.h"

static struct rules *make(unsigned players, const unsigned *hands, unsigned r)
{
	struct instance in = {players, {0}, r, ""};
	memcpy(in.hands, hands, players * sizeof *hands);
	return instance_rules(&in);
}

static uint64_t parse_ok(const struct rules *rules, const char *code)
{
	uint64_t idx = UINT64_MAX;
	struct error err = {{0}};
	cr_assert_eq(position_parse(rules, code, &idx, &err), STATUS_OK, "'%s': %s", code, err.msg);
	cr_assert_lt(idx, rules->size);
	return idx;
}

Test(position, worked_example_1312)
{
	const unsigned h[2] = {2, 2};
	struct rules *rules = make(2, h, 5);
	cr_assert_eq(rules->size, 225);
	cr_assert_eq(parse_ok(rules, "1312"), 67, "position.h: 1312 has index 67");
	char buf[POSITION_CODE_MAX];
	position_format(rules, 67, buf);
	cr_assert_str_eq(buf, "1312");
	position_format(rules, rules->start, buf);
	cr_assert_str_eq(buf, "1111");
	position_format(rules, 0, buf);
	cr_assert_str_eq(buf, "0000");
	rules_free(rules);
}

// Past 16 hands codes count the hands of each value (position.h); the digits of each hand
// and the values in any order, '.' between them, read as the same position.
Test(position, count_form_at_20_hands)
{
	const unsigned h[2] = {20, 20};
	struct rules *rules = make(2, h, 6);
	uint64_t idx = parse_ok(rules, "0x3.1x17/1x20");
	char buf[POSITION_CODE_MAX];
	position_format(rules, idx, buf);
	cr_assert_str_eq(buf, "0x3.1x17/1x20");
	cr_assert_eq(parse_ok(rules, "00011111111111111111/11111111111111111111"), idx);
	cr_assert_eq(parse_ok(rules, "1x17.0x3/1x20"), idx);
	cr_assert_eq(parse_ok(rules, "1x16.0.0.0.1/1x20"), idx);
	position_format(rules, rules->start, buf);
	cr_assert_str_eq(buf, "1x20/1x20");
	position_format(rules, 0, buf);
	cr_assert_str_eq(buf, "0x20/0x20");
	rules_free(rules);
}

ParameterizedTestParameters(position, round_trip)
{
	static struct instance cases[] = {
		{2, {2, 2}, 2, ""},       {2, {2, 2}, 5, ""},    {2, {1, 1}, 7, ""},
		{2, {3, 3}, 6, ""},       {3, {2, 2, 2}, 4, ""}, {2, {3, 2}, 5, ""},
		{3, {2, 1, 2}, 4, ""},    {2, {2, 2}, 12, ""},   {2, {2, 1}, 13, ""},
		{4, {1, 2, 1, 2}, 3, ""}, {2, {1, 1}, 100, ""},  {2, {4, 4}, 10, ""},
		// digits written a word at a time: 5 to 7 hands by two overlapping halves, 8 and
		// more by words of 8 (16: two of them; 11: the second overlapping the first)
		{2, {5, 5}, 3, ""},    {2, {7, 7}, 3, ""},    {2, {8, 8}, 3, ""},
		{2, {11, 11}, 2, ""},  {2, {16, 16}, 2, ""},  {2, {6, 9}, 3, ""},
		// tagged codes; zombies only with even hands (see the note at tagged_codes)
		{2, {2, 2}, 5, "lives=3"},        {2, {3, 2}, 4, "lives=2"},
		{2, {2, 2}, 12, "lives=2"},       {2, {1, 1}, 3, "lives=16"},
		{3, {2, 1, 2}, 3, "lives=2"},     {3, {2, 2, 2}, 3, "zombies"},
		{3, {1, 1, 1}, 5, "zombies,lives=3"}, {4, {1, 1, 1, 1}, 3, "zombies,lives=2"},
		{3, {1, 1, 1}, 11, "zombies,lives=10"},
		// stumps: hand values in half fingers, a half written 'h'
		{2, {2, 2}, 5, "stumps"},         {2, {3, 2}, 4, "stumps"},
		{2, {2, 2}, 12, "stumps"},        {2, {2, 1}, 13, "stumps"},
		{2, {1, 1}, 100, "stumps"},       {2, {2, 2}, 3, "stumps,lives=3"},
		{3, {2, 2, 2}, 3, "stumps,zombies,lives=2"},
		// past 16 hands: the count form (0x3.1x17/1x20)
		{2, {17, 17}, 2, ""},             {2, {20, 20}, 3, ""},
		{2, {24, 17}, 3, ""},             {3, {17, 17, 17}, 2, ""},
		{2, {24, 24}, 2, "lives=2"},      {2, {17, 2}, 2, "stumps"},
	};
	return cr_make_param_array(struct instance, cases, sizeof cases / sizeof cases[0]);
}

// Every index: format, parse back to the same index; the oracle reads the code as the same
// hands (position_hands) and writes it identically; decode/encode are inverse.
ParameterizedTest(struct instance *in, position, round_trip)
{
	struct rules *rules = instance_rules(in);
	struct oracle_game game;
	instance_game(in, &game);
	char name[128];
	instance_text(in, name, sizeof name);
	for (uint64_t idx = 0; idx < rules->size; idx++) {
		char code[ORACLE_CODE_MAX], again[ORACLE_CODE_MAX];
		index_code(rules, idx, code);
		cr_assert_eq(parse_ok(rules, code), idx, "%s: '%s'", name, code);
		struct oracle_pos op;
		cr_assert(oracle_parse(&game, code, &op), "%s: oracle cannot read '%s'", name, code);
		oracle_format(&game, &op, again);
		cr_assert_str_eq(again, code, "%s: canonical form differs", name);
		for (unsigned k = 0; k < rules->players; k++) {
			uint8_t hv[RULES_MAX_HANDS], dead[RULES_MAX_HANDS] = {0};
			unsigned n = position_hands(rules, idx, k, hv);
			if (op.zombie[k]) { // a zombie shows no hands of its own
				cr_assert_arr_eq(hv, dead, n, "%s: '%s' zombie slot %u", name, code, k);
				continue;
			}
			cr_assert_eq(n, op.count[k], "%s: '%s' slot %u", name, code, k);
			cr_assert_arr_eq(hv, op.v[k], n, "%s: '%s' slot %u", name, code, k);
		}
		struct pos pos;
		position_decode(rules, idx, &pos);
		cr_assert_lt(pos.seat, rules->period);
		cr_assert_eq(position_encode(rules, &pos), idx);
	}
	rules_free(rules);
}

Test(position, codes_in_each_form)
{
	const unsigned h32[2] = {3, 2}, h22[2] = {2, 2}, h212[3] = {2, 1, 2};
	char buf[POSITION_CODE_MAX];
	struct rules *rules = make(2, h32, 5);
	position_format(rules, rules->start, buf);
	cr_assert_str_eq(buf, "111/11", "uneven hands use '/'");
	uint64_t a = parse_ok(rules, "013/14"), b = parse_ok(rules, "14/013");
	cr_assert_neq(a, b, "who is to move is part of the position");
	position_format(rules, b, buf);
	cr_assert_str_eq(buf, "14/013");
	rules_free(rules);

	rules = make(2, h22, 12);
	position_format(rules, rules->start, buf);
	cr_assert_str_eq(buf, "1.1/1.1");
	position_format(rules, parse_ok(rules, "0.10/3.11"), buf);
	cr_assert_str_eq(buf, "0.10/3.11");
	rules_free(rules);

	const unsigned h21[2] = {2, 1};
	rules = make(2, h21, 13); // a one-hand player showing 10 when two-hand seat is not to move
	position_format(rules, parse_ok(rules, "10/0.0"), buf);
	cr_assert_str_eq(buf, "10/0.0");
	position_format(rules, parse_ok(rules, "0.12/11"), buf);
	cr_assert_str_eq(buf, "0.12/11");
	rules_free(rules);

	rules = make(3, h212, 4);
	position_format(rules, rules->start, buf);
	cr_assert_str_eq(buf, "11/1/11");
	position_format(rules, parse_ok(rules, "1/11/11"), buf);
	cr_assert_str_eq(buf, "1/11/11");
	rules_free(rules);
}

Test(position, unsorted_hands_are_canonicalised)
{
	const unsigned h22[2] = {2, 2}, h32[2] = {3, 2}, h33[3] = {2, 2, 2};
	struct rules *rules = make(2, h22, 5);
	cr_assert_eq(parse_ok(rules, "3121"), parse_ok(rules, "1312"));
	cr_assert_eq(parse_ok(rules, "31/21"), parse_ok(rules, "1312"), "'/' form also accepted");
	rules_free(rules);
	rules = make(2, h32, 5);
	cr_assert_eq(parse_ok(rules, "310/41"), parse_ok(rules, "013/14"));
	rules_free(rules);
	rules = make(2, h22, 12);
	cr_assert_eq(parse_ok(rules, "10.0/11.3"), parse_ok(rules, "0.10/3.11"));
	rules_free(rules);
	rules = make(3, h33, 5);
	char buf[POSITION_CODE_MAX];
	position_format(rules, parse_ok(rules, "211121"), buf);
	cr_assert_str_eq(buf, "121112");
	rules_free(rules);
}

struct bad_code {
	unsigned players, hands[3], rollover;
	char code[32];
};

ParameterizedTestParameters(position, rejected)
{
	static struct bad_code cases[] = {
		{2, {2, 2}, 5, ""},          {2, {2, 2}, 5, "abcd"},       {2, {2, 2}, 5, "13a2"},
		{2, {2, 2}, 5, "131"},       {2, {2, 2}, 5, "13122"},      {2, {2, 2}, 5, "1352"},
		{2, {2, 2}, 5, "9999"},      {2, {2, 2}, 5, "+131"},       {2, {2, 2}, 5, " 1312"},
		{2, {2, 2}, 5, "1312 "},     {2, {2, 2}, 5, "13/12/11"},   {2, {2, 2}, 5, "13/"},
		{2, {2, 2}, 5, "/13"},       {2, {2, 2}, 5, "13//12"},     {2, {2, 2}, 5, "131/2"},
		{2, {2, 2}, 5, "1.3."},      {2, {2, 2}, 12, "0.10/3."},   {2, {2, 2}, 12, "0.10/3.12"},
		{2, {2, 2}, 12, "0.10"},     {2, {2, 2}, 12, "0.10/3.11/1.1"},
		{2, {2, 2}, 12, "0.10/.11"}, {2, {2, 2}, 12, "0.10/3.11."}, {2, {2, 2}, 12, "0.1.0/3.1"},
		{2, {3, 2}, 5, "11111"},     {2, {3, 2}, 5, "1111/1"},     {2, {3, 2}, 5, "11/11"},
		{2, {3, 2}, 5, "111/111"},   {2, {3, 2}, 5, "115/11"},     {3, {2, 1, 2}, 4, "11111"},
		{3, {2, 1, 2}, 4, "11/1/1"}, {3, {2, 2, 2}, 4, "1111"},   {3, {2, 2, 2}, 4, "11/11"},
		// the count form
		{2, {17, 17}, 3, "1x0.1x17/1x17"}, {2, {17, 17}, 3, "1x16/1x17"}, {2, {17, 17}, 3, "1x/1x17"},
		{2, {17, 17}, 3, "x17/1x17"},      {2, {17, 17}, 3, "3x17/1x17"}, {2, {17, 17}, 3, "1x17./1x17"},
		{2, {17, 17}, 3, "1x1025/1x17"},   {2, {17, 17}, 3, "1xx17/1x17"}, {2, {17, 17}, 3, "1x17"},
	};
	return cr_make_param_array(struct bad_code, cases, sizeof cases / sizeof cases[0]);
}

ParameterizedTest(struct bad_code *c, position, rejected)
{
	struct rules *rules = make(c->players, c->hands, c->rollover);
	uint64_t idx = 12345;
	struct error err = {{0}};
	enum status st = position_parse(rules, c->code, &idx, &err);
	cr_assert_eq(st, STATUS_BAD_INPUT, "'%s' (r=%u) must be refused", c->code, c->rollover);
	cr_assert_eq(idx, 12345, "'%s': *idx written on failure", c->code);
	cr_assert_gt(strlen(err.msg), 10, "'%s': no message", c->code);
	cr_assert(strstr(err.msg, "code '") != NULL, "'%s': message does not name the code: %s",
		  c->code, err.msg);
	rules_free(rules);
}

// ---- tagged codes: lives ':L' and zombies 'z' ----

static struct rules *make_tagged(unsigned players, const unsigned *hands, unsigned r,
				 const char *variants)
{
	struct instance in = {players, {0}, r, ""};
	memcpy(in.hands, hands, players * sizeof *hands);
	snprintf(in.variants, sizeof in.variants, "%s", variants);
	return instance_rules(&in);
}

// code must read as the index of want (a canonical code) and format back as want.
static void reads_as(const struct rules *rules, const char *code, const char *want)
{
	char buf[POSITION_CODE_MAX];
	position_format(rules, parse_ok(rules, code), buf);
	cr_assert_str_eq(buf, want, "'%s'", code);
	cr_assert_eq(parse_ok(rules, code), parse_ok(rules, want), "'%s'", code);
}

// Hand-checked: tags force the '/' form; ':L' left out means every life (also in the
// run-together form); lives are part of the position. With zombies and uneven hands two
// indexes can show the same code (z/z/11 with hands 2,1,2: which zombie had two hands is
// not written), so round trips over every index use even hands with zombies.
Test(position, tagged_codes)
{
	const unsigned h22[2] = {2, 2}, h222[3] = {2, 2, 2}, h32[2] = {3, 2};
	char buf[POSITION_CODE_MAX];
	struct rules *rules = make_tagged(2, h22, 5, "lives=3");
	position_format(rules, rules->start, buf);
	cr_assert_str_eq(buf, "11:3/11:3", "lives force the '/' form");
	reads_as(rules, "13:2/11:3", "13:2/11:3");
	reads_as(rules, "13/11", "13:3/11:3");
	reads_as(rules, "31:1/11", "13:1/11:3");
	reads_as(rules, "1311", "13:3/11:3");
	reads_as(rules, "00:1/11:2", "00:1/11:2");
	cr_assert_neq(parse_ok(rules, "11:1/11:1"), parse_ok(rules, "11:3/11:3"));
	cr_assert_neq(parse_ok(rules, "11:1/11:2"), parse_ok(rules, "11:2/11:1"));
	rules_free(rules);

	rules = make_tagged(2, h32, 4, "lives=2");
	position_format(rules, rules->start, buf);
	cr_assert_str_eq(buf, "111:2/11:2");
	reads_as(rules, "13/301:1", "13:2/013:1");
	rules_free(rules);

	rules = make_tagged(3, h222, 5, "zombies");
	position_format(rules, rules->start, buf);
	cr_assert_str_eq(buf, "11/11/11", "zombies force the '/' form");
	reads_as(rules, "z/21/11", "z/12/11");
	reads_as(rules, "z/z/z", "z/z/z");
	reads_as(rules, "111111", "11/11/11");
	cr_assert_neq(parse_ok(rules, "z/11/11"), parse_ok(rules, "00/11/11"),
		      "a zombie is not a player out");
	rules_free(rules);

	rules = make_tagged(3, h222, 12, "zombies,lives=2");
	position_format(rules, rules->start, buf);
	cr_assert_str_eq(buf, "1.1:2/1.1:2/1.1:2");
	reads_as(rules, "z/11.10:1/0.3", "z/10.11:1/0.3:2");
	rules_free(rules);
}

struct bad_tag {
	unsigned players, hands[3], rollover;
	char variants[32];
	char code[32];
};

ParameterizedTestParameters(position, tagged_rejected)
{
	static struct bad_tag cases[] = {
		// 'z' needs zombies; ':L' needs --lives
		{3, {2, 2, 2}, 5, "", "z/11/11"},          {3, {2, 2, 2}, 5, "lives=2", "z/11/11"},
		{2, {2, 2}, 5, "", "11:1/11"},             {3, {2, 2, 2}, 5, "zombies", "11:1/11/11"},
		// ':0' and ':L' above the lives
		{2, {2, 2}, 5, "lives=3", "11:0/11"},      {2, {2, 2}, 5, "lives=3", "11:4/11"},
		{2, {2, 2}, 5, "lives=3", "11/11:0"},      {2, {2, 2}, 5, "lives=2", "11:3/11:1"},
		{2, {1, 1}, 5, "lives=16", "1:17/1"},      {2, {2, 2}, 5, "lives=3", "11:99999999999999999999/11"},
		// malformed tags
		{2, {2, 2}, 5, "lives=3", "11:/11"},       {2, {2, 2}, 5, "lives=3", ":2/11"},
		{2, {2, 2}, 5, "lives=3", "11:2:2/11"},    {2, {2, 2}, 5, "lives=3", "11:-1/11"},
		{2, {2, 2}, 5, "lives=3", "11:+2/11"},     {2, {2, 2}, 5, "lives=3", "11: 2/11"},
		{2, {2, 2}, 5, "lives=3", "11:2 /11"},     {2, {2, 2}, 5, "lives=3", "11:2a/11"},
		{2, {2, 2}, 5, "lives=3", "1:21/11"},      {2, {2, 2}, 5, "lives=3", "11:2/11:"},
		{2, {2, 2}, 5, "lives=3", "11:2"},         {2, {2, 2}, 5, "lives=3", "11:211"},
		{2, {2, 2}, 5, "lives=3", "11:2/11:2/11"}, {2, {2, 2}, 5, "lives=3", "15:1/11"},
		{3, {2, 2, 2}, 5, "zombies", "z:1/11/11"}, {3, {2, 2, 2}, 5, "zombies", "zz/11/11"},
		{3, {2, 2, 2}, 5, "zombies", "z1/11/11"},  {3, {2, 2, 2}, 5, "zombies", "1z/11/11"},
		{3, {2, 2, 2}, 5, "zombies", "Z/11/11"},   {3, {2, 2, 2}, 5, "zombies", "11z111"},
		{3, {2, 2, 2}, 5, "zombies", "z/11"},      {3, {2, 2, 2}, 5, "zombies", "z/11/11/z"},
		{3, {2, 2, 2}, 5, "zombies", "/z/11/11"},  {3, {2, 2, 2}, 5, "zombies", "z//11/11"},
		{3, {2, 2, 2}, 5, "zombies,lives=2", "z:2/11/11"},
		{3, {2, 2, 2}, 5, "zombies,lives=2", "z/11:0/11"},
		{3, {2, 2, 2}, 5, "zombies,lives=2", "z/11:3/11"},
		// 'h' needs stumps; a half above r - 1 is out of range (3h with r = 3); malformed halves
		{2, {2, 2}, 5, "", "0h1/11"},              {2, {2, 2}, 5, "lives=2", "0h1/11"},
		{2, {2, 2}, 12, "", "0.1h/1.1"},           {2, {2, 2}, 3, "stumps", "03h/11"},
		{2, {2, 2}, 3, "stumps", "3h0/11"},        {2, {2, 2}, 5, "stumps", "05/11"},
		{2, {2, 2}, 5, "stumps", "0hh/11"},        {2, {2, 2}, 5, "stumps", "h1/11"},
		{2, {2, 2}, 5, "stumps", "0H1/11"},        {2, {2, 2}, 5, "stumps", "0h0h11"},
		{2, {2, 2}, 5, "stumps", "1h/11"},         {2, {2, 2}, 5, "stumps", "1h1h1/11"},
		{2, {2, 2}, 5, "stumps", "0h1/11/11"},     {2, {2, 2}, 5, "stumps", "0h 1/11"},
		{2, {2, 2}, 12, "stumps", "0.12h/1.1"},    {2, {2, 2}, 12, "stumps", "0h./1.1"},
		{2, {2, 2}, 12, "stumps", "0.h/1.1"},      {2, {2, 2}, 12, "stumps", "11h.12/1.1"},
		{2, {2, 2}, 12, "stumps", "1h1.1/1.1"},    {2, {2, 2}, 5, "stumps,lives=2", "0h1:2h/11"},
		{2, {2, 2}, 5, "stumps,lives=2", "0h1h:3/11"}, {3, {2, 2, 2}, 5, "stumps,zombies", "zh/11/11"},
	};
	return cr_make_param_array(struct bad_tag, cases, sizeof cases / sizeof cases[0]);
}

ParameterizedTest(struct bad_tag *c, position, tagged_rejected)
{
	struct rules *rules = make_tagged(c->players, c->hands, c->rollover, c->variants);
	uint64_t idx = 12345;
	struct error err = {{0}};
	enum status st = position_parse(rules, c->code, &idx, &err);
	cr_assert_eq(st, STATUS_BAD_INPUT, "'%s' [%s] must be refused", c->code, c->variants);
	cr_assert_eq(idx, 12345, "'%s': *idx written on failure", c->code);
	cr_assert(strstr(err.msg, "code '") != NULL, "'%s': message does not name the code: %s",
		  c->code, err.msg);
	struct instance in = {c->players, {0}, c->rollover, ""};
	memcpy(in.hands, c->hands, sizeof c->hands);
	snprintf(in.variants, sizeof in.variants, "%s", c->variants);
	struct oracle_game game;
	struct oracle_pos op;
	instance_game(&in, &game);
	cr_assert(!oracle_parse(&game, c->code, &op), "'%s' [%s]: the oracle reads it", c->code,
		  c->variants);
	rules_free(rules);
}

// Hand-checked (stumps): halves force the '/' form and write 'h' after the whole fingers;
// the run-together form still reads digits (whole fingers); hands in any order; a half is
// part of the value (0h1 is not 01); with r > 10 the dotted form carries 'h' too.
Test(position, stumps_codes)
{
	const unsigned h22[2] = {2, 2}, h32[2] = {3, 2};
	char buf[POSITION_CODE_MAX];
	struct rules *rules = make_tagged(2, h22, 5, "stumps");
	cr_assert_eq(rules->size, 55 * 55, "C(2 + 10 - 1, 2) = 55 multisets of half fingers");
	position_format(rules, rules->start, buf);
	cr_assert_str_eq(buf, "11/11", "stumps force the '/' form");
	reads_as(rules, "1111", "11/11");
	reads_as(rules, "0h0h/11", "0h0h/11");
	reads_as(rules, "2h0h/1h1", "0h2h/11h");
	reads_as(rules, "4h4/4h4h", "44h/4h4h");
	reads_as(rules, "00/0h0", "00/00h");
	cr_assert_neq(parse_ok(rules, "0h1/11"), parse_ok(rules, "01/11"));
	cr_assert_neq(parse_ok(rules, "0h1/11"), parse_ok(rules, "11/0h1"));
	uint8_t hv[RULES_MAX_HANDS];
	cr_assert_eq(position_hands(rules, parse_ok(rules, "0h4h/11"), 0, hv), 2);
	cr_assert(hv[0] == 1 && hv[1] == 9, "0h4h is 1 and 9 half fingers: %u %u", hv[0], hv[1]);
	rules_free(rules);

	rules = make_tagged(2, h32, 4, "stumps,lives=2");
	position_format(rules, rules->start, buf);
	cr_assert_str_eq(buf, "111:2/11:2");
	reads_as(rules, "3h1h0:1/2h1", "01h3h:1/12h:2");
	rules_free(rules);

	rules = make_tagged(2, h22, 12, "stumps");
	position_format(rules, rules->start, buf);
	cr_assert_str_eq(buf, "1.1/1.1");
	reads_as(rules, "10h.3/1.1", "3.10h/1.1");
	reads_as(rules, "11h.0/0h.11", "0.11h/0h.11");
	reads_as(rules, "11h.11/11.11h", "11.11h/11.11h");
	rules_free(rules);
}

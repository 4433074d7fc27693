// SPDX-License-Identifier: MIT
// The count report and its printers (see count_report.h).
#include "count_report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "closed_form.h"
#include "game_text.h"
#include "output.h"
#include "record.h"
#include "text.h"
#include "variants.h"

static void print_text(const struct count_report *c)
{
	const struct enumeration *e = &c->e;
	const struct rules *rules = c->rules;
	char a[TEXT_NUMBER_MAX], b[TEXT_NUMBER_MAX], m[TEXT_NUMBER_MAX];
	game_text_header_of(stdout, &c->game);
	printf("players %u, hands %s, rollover %u, variants %s, start %s\n", rules->players, c->hands,
	       rules->rollover, c->variants[0] ? c->variants : "none", c->start);
	char *positions = text_mpz(c->positions), *distinct = text_mpz(c->distinct);
	printf("positions  %s\ndistinct   %s\n", positions ? positions : "?", distinct ? distinct : "?");
	free(positions);
	free(distinct);
	printf("reachable  %s\nterminal   %s\nmoves      %s\nmax_depth  %u\nlayers (depth: positions, of which terminal)\n",
	       text_u64(a, e->reachable_count), text_u64(b, e->terminal_count), text_u64(m, e->move_count), e->max_depth);
	for (unsigned d = 0; d <= e->max_depth; d++)
		printf("  %3u: %s, %s\n", d, text_u64(a, e->layer_count[d]), text_u64(b, e->layer_terminal[d]));
	if (c->special.applies)
		printf("closed form: %s -> reachable %s, length %llu (%s)\n", c->special.formula,
		       text_u64(a, c->special.reachable), (unsigned long long)c->special.length,
		       c->special.reachable == e->reachable_count && c->special.length == e->max_depth ? "agrees" : "DISAGREES");
	if (!c->with_unreachable)
		return;
	char code[POSITION_CODE_MAX];
	for (int g = 0; g < UNREACHABLE_REASON_COUNT; g++) {
		printf("unreachable, %s: %s\n", unreachable_reason_text((enum unreachable_reason)g),
		       text_u64(a, c->u.count[g]));
		for (uint64_t i = 0; i < c->u.count[g] && i < COUNT_REPORT_UNREACHABLE_LIMIT; i++) {
			position_format(rules, c->u.index[g][i], code);
			printf("%s%s", i % 10 ? " " : "  ", code);
			if (i % 10 == 9 || i + 1 == c->u.count[g])
				putchar('\n');
		}
	}
}

// One CSV row of the unreachable positions (names: the header row).
static void unreachable_row(const struct count_report *c, bool names, const char *code, int g)
{
	struct record r;
	record_begin(&r, stdout, FORMAT_CSV);
	record_names(&r, names);
	record_str(&r, "code", code);
	record_str(&r, "reason", unreachable_reason_key((enum unreachable_reason)g));
	game_record_of(&r, &c->game);
	record_end(&r);
}

// The instance and its totals, in CSV and JSON alike: hands and variants are one field in
// CSV ("3,2", "cutoff,suicide" or "none") and arrays in JSON.
static void instance_fields(struct record *r, const struct count_report *c)
{
	const struct enumeration *e = &c->e;
	bool json = r->format == FORMAT_JSON;
	record_uint(r, "players", c->rules->players);
	if (json)
		game_record_hands(r, "hands", c->rules->players, c->rules->hands);
	else
		record_str(r, "hands", c->hands);
	record_uint(r, "rollover", c->rules->rollover);
	if (json)
		game_record_variants(r, "variants", c->game.variants);
	else
		record_str(r, "variants", c->variants[0] ? c->variants : "none");
	record_str(r, "start", c->start);
	record_mpz(r, "positions", c->positions);
	record_mpz(r, "distinct", c->distinct);
	record_u64(r, "reachable", e->reachable_count);
	record_u64(r, "terminal", e->terminal_count);
	record_u64(r, "moves", e->move_count);
	record_uint(r, "max_depth", e->max_depth);
}

// One CSV row: the instance and layer d (names: the header row).
static void layer_row(const struct count_report *c, bool names, unsigned d)
{
	const struct enumeration *e = &c->e;
	struct record r;
	record_begin(&r, stdout, FORMAT_CSV);
	record_names(&r, names);
	instance_fields(&r, c);
	record_uint(&r, "depth", d);
	record_u64(&r, "layer_positions", e->layer_count[d]);
	record_u64(&r, "layer_terminal", e->layer_terminal[d]);
	game_record_of(&r, &c->game);
	record_end(&r);
}

static void print_csv(const struct count_report *c)
{
	char code[POSITION_CODE_MAX];
	if (c->with_unreachable) {
		unreachable_row(c, true, "", 0);
		for (int g = 0; g < UNREACHABLE_REASON_COUNT; g++)
			for (uint64_t i = 0; i < c->u.count[g] && i < COUNT_REPORT_UNREACHABLE_LIMIT; i++) {
				position_format(c->rules, c->u.index[g][i], code);
				unreachable_row(c, false, code, g);
			}
		return;
	}
	layer_row(c, true, 0);
	for (unsigned d = 0; d <= c->e.max_depth; d++)
		layer_row(c, false, d);
}

static void unreachable_record(struct record *r, const struct count_report *c)
{
	char code[POSITION_CODE_MAX];
	record_array(r, "unreachable");
	for (int g = 0; g < UNREACHABLE_REASON_COUNT; g++) {
		record_object(r, NULL);
		record_str(r, "reason", unreachable_reason_key((enum unreachable_reason)g));
		record_str(r, "text", unreachable_reason_text((enum unreachable_reason)g));
		record_u64(r, "count", c->u.count[g]);
		record_array(r, "codes");
		for (uint64_t i = 0; i < c->u.count[g] && i < COUNT_REPORT_UNREACHABLE_LIMIT; i++) {
			position_format(c->rules, c->u.index[g][i], code);
			record_str(r, NULL, code);
		}
		record_close(r);
		record_close(r);
	}
	record_close(r);
}

static void u64_array(struct record *r, const char *name, const uint64_t *v, unsigned n)
{
	record_array(r, name);
	for (unsigned k = 0; k < n; k++)
		record_u64(r, NULL, v[k]);
	record_close(r);
}

static void print_json(const struct count_report *c)
{
	const struct enumeration *e = &c->e;
	struct record r;
	record_begin(&r, stdout, FORMAT_JSON);
	instance_fields(&r, c);
	u64_array(&r, "layers", e->layer_count, e->max_depth + 1);
	u64_array(&r, "layers_terminal", e->layer_terminal, e->max_depth + 1);
	if (c->with_unreachable)
		unreachable_record(&r, c);
	if (c->special.applies) {
		record_object(&r, "closed_form");
		record_str(&r, "formula", c->special.formula);
		record_u64(&r, "reachable", c->special.reachable);
		record_u64(&r, "length", c->special.length);
		record_close(&r);
	}
	game_record_of(&r, &c->game);
	record_end(&r);
}

void count_report_init(struct count_report *c, const struct rules *rules, bool custom_start)
{
	memset(c, 0, sizeof *c);
	c->rules = rules;
	mpz_inits(c->positions, c->distinct, NULL);
	closed_form_tagged(c->positions, c->distinct, rules->players, rules->hands, rules->modulus,
			   rules->lives, rules->axis[AXIS_ZOMBIES]);
	output_hands(c->hands, sizeof c->hands, rules->players, rules->hands);
	describe_game(rules, &c->game);
	variants_format_list(c->game.variants, c->variants, sizeof c->variants);
	position_format(rules, rules->start, c->start);
	if (!custom_start)
		c->special = special_predict(rules);
}

void count_report_clear(struct count_report *c)
{
	unreachable_free(&c->u);
	enumeration_free(&c->e);
	mpz_clears(c->positions, c->distinct, NULL);
}

void count_report_print(const struct count_report *c, enum format format)
{
	void (*print[])(const struct count_report *) = {print_text, print_csv, print_json};
	print[format](c);
}

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

static void print_csv(const struct count_report *c)
{
	const struct enumeration *e = &c->e;
	const struct rules *rules = c->rules;
	char code[POSITION_CODE_MAX];
	if (c->with_unreachable) {
		puts("code,reason,game");
		for (int g = 0; g < UNREACHABLE_REASON_COUNT; g++)
			for (uint64_t i = 0; i < c->u.count[g] && i < COUNT_REPORT_UNREACHABLE_LIMIT; i++) {
				position_format(rules, c->u.index[g][i], code);
				printf("%s,%s,", code, unreachable_reason_key((enum unreachable_reason)g));
				game_csv_field_of(stdout, &c->game);
				putchar('\n');
			}
		return;
	}
	puts("players,hands,rollover,variants,start,positions,distinct,reachable,terminal,moves,max_depth,depth,layer_positions,layer_terminal,game");
	for (unsigned d = 0; d <= e->max_depth; d++) {
		printf("%u,", rules->players);
		record_csv_field(stdout, c->hands);
		printf(",%u,", rules->rollover);
		record_csv_field(stdout, c->variants[0] ? c->variants : "none");
		printf(",%s", c->start);
		gmp_printf(",%Zd,%Zd,%llu,%llu,%llu,%u,%u,%llu,%llu,", c->positions, c->distinct,
			   (unsigned long long)e->reachable_count, (unsigned long long)e->terminal_count,
			   (unsigned long long)e->move_count, e->max_depth, d, (unsigned long long)e->layer_count[d],
			   (unsigned long long)e->layer_terminal[d]);
		game_csv_field_of(stdout, &c->game);
		putchar('\n');
	}
}

static void print_json_unreachable(const struct count_report *c)
{
	const struct rules *rules = c->rules;
	char code[POSITION_CODE_MAX];
	printf(",\"unreachable\":[");
	for (int g = 0; g < UNREACHABLE_REASON_COUNT; g++) {
		printf("%s{\"reason\":\"%s\",\"text\":", g ? "," : "", unreachable_reason_key((enum unreachable_reason)g));
		record_json_string(stdout, unreachable_reason_text((enum unreachable_reason)g));
		printf(",\"count\":%llu,\"codes\":[", (unsigned long long)c->u.count[g]);
		for (uint64_t i = 0; i < c->u.count[g] && i < COUNT_REPORT_UNREACHABLE_LIMIT; i++) {
			position_format(rules, c->u.index[g][i], code);
			printf("%s\"%s\"", i ? "," : "", code);
		}
		printf("]}");
	}
	printf("]");
}

static void print_json(const struct count_report *c)
{
	const struct enumeration *e = &c->e;
	const struct rules *rules = c->rules;
	printf("{\"players\":%u,\"hands\":", rules->players);
	output_json_hands(stdout, rules->players, rules->hands);
	printf(",\"rollover\":%u,\"variants\":", rules->rollover);
	output_json_variants(stdout, c->game.variants);
	gmp_printf(",\"start\":\"%s\",\"positions\":%Zd,\"distinct\":%Zd,\"reachable\":%llu,\"terminal\":%llu,\"moves\":%llu,\"max_depth\":%u,\"layers\":[",
		   c->start, c->positions, c->distinct, (unsigned long long)e->reachable_count,
		   (unsigned long long)e->terminal_count, (unsigned long long)e->move_count, e->max_depth);
	for (unsigned d = 0; d <= e->max_depth; d++)
		printf("%s%llu", d ? "," : "", (unsigned long long)e->layer_count[d]);
	printf("],\"layers_terminal\":[");
	for (unsigned d = 0; d <= e->max_depth; d++)
		printf("%s%llu", d ? "," : "", (unsigned long long)e->layer_terminal[d]);
	printf("]");
	if (c->with_unreachable)
		print_json_unreachable(c);
	if (c->special.applies) {
		printf(",\"closed_form\":{\"formula\":");
		record_json_string(stdout, c->special.formula);
		printf(",\"reachable\":%llu,\"length\":%llu}", (unsigned long long)c->special.reachable,
		       (unsigned long long)c->special.length);
	}
	printf(",\"rules\":");
	game_json_rules_of(stdout, &c->game);
	printf("}\n");
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

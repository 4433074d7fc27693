// SPDX-License-Identifier: MIT
// `chopsticks count`: closed-form counts, the reachable set, terminal positions and the
// layers of the walk; with --unreachable, the unreachable positions grouped by reason.
#include <gmp.h>
#include <stdlib.h>

#include "args.h"
#include "closed_form.h"
#include "commands.h"
#include "enumerate.h"
#include "output.h"
#include "position.h"
#include "special.h"
#include "unreachable.h"
#include "variants.h"

static const char help[] =
	"usage: chopsticks count [rule options] [--unreachable] [--format text|csv|json]\n"
	"Walks every position reachable from the start and prints: positions (every ordering\n"
	"of hands, r^(sum of hands)), distinct (canonical positions, prod C(h+r-1,h)), reachable\n"
	"(terminal included), terminal, max_depth and the positions at each distance (layers).\n"
	"With uneven hands the closed forms are multiplied by the number of distinct rotations\n"
	"of the hand counts, since who is to move is then part of the position; with --lives L\n"
	"and zombies each player's count becomes count * L (+ 1 for the zombie state).\n"
	"  --unreachable      also list every unreachable canonical position, grouped by why\n"
	"                     nothing reaches it (csv: one row per position, code,reason)\n"
	"CSV: one row per layer: players,hands,rollover,variants,positions,distinct,reachable,\n"
	"terminal,max_depth,depth,layer_positions,layer_terminal.\n"
	"For the forced games (one hand each, or rollover 2; two players, standard rules) the\n"
	"closed form is printed beside the walk (text, and json key closed_form).\n";

enum { OPT_UNREACHABLE };
static const struct extra_option extra[] = {{"--unreachable", false}};

#define UNREACHABLE_LIMIT 1000000

struct count_result {
	mpz_t positions, distinct;
	struct enumeration e;
	struct unreachable u;
	struct special_prediction special;
	char hands[128], variants[512], start[POSITION_CODE_MAX];
};

static void print_text(const struct cli_options *opt, const struct rules *rules, struct count_result *c)
{
	const struct enumeration *e = &c->e;
	printf("players %u, hands %s, rollover %u, variants %s, start %s\n", rules->players, c->hands,
	       rules->rollover, c->variants[0] ? c->variants : "none", c->start);
	gmp_printf("positions  %Zd\ndistinct   %Zd\n", c->positions, c->distinct);
	printf("reachable  %llu\nterminal   %llu\nmoves      %llu\nmax_depth  %u\nlayers (distance: positions, of which terminal)\n",
	       (unsigned long long)e->reachable_count, (unsigned long long)e->terminal_count,
	       (unsigned long long)e->move_count, e->max_depth);
	for (unsigned d = 0; d <= e->max_depth; d++)
		printf("  %3u: %llu, %llu\n", d, (unsigned long long)e->layer_count[d],
		       (unsigned long long)e->layer_terminal[d]);
	if (c->special.applies)
		printf("closed form: %s -> reachable %llu, length %llu (%s)\n", c->special.formula,
		       (unsigned long long)c->special.reachable, (unsigned long long)c->special.length,
		       c->special.reachable == e->reachable_count && c->special.length == e->max_depth ? "agrees" : "DISAGREES");
	if (!opt->extra_set[OPT_UNREACHABLE])
		return;
	char code[POSITION_CODE_MAX];
	for (int g = 0; g < UNREACHABLE_REASON_COUNT; g++) {
		printf("unreachable, %s: %llu\n", unreachable_reason_text((enum unreachable_reason)g),
		       (unsigned long long)c->u.count[g]);
		for (uint64_t i = 0; i < c->u.count[g] && i < UNREACHABLE_LIMIT; i++) {
			position_format(rules, c->u.index[g][i], code);
			printf("%s%s", i % 10 ? " " : "  ", code);
			if (i % 10 == 9 || i + 1 == c->u.count[g])
				putchar('\n');
		}
	}
}

static void print_csv(const struct cli_options *opt, const struct rules *rules, struct count_result *c)
{
	const struct enumeration *e = &c->e;
	char code[POSITION_CODE_MAX];
	if (opt->extra_set[OPT_UNREACHABLE]) {
		puts("code,reason");
		for (int g = 0; g < UNREACHABLE_REASON_COUNT; g++)
			for (uint64_t i = 0; i < c->u.count[g] && i < UNREACHABLE_LIMIT; i++) {
				position_format(rules, c->u.index[g][i], code);
				printf("%s,%s\n", code, unreachable_reason_key((enum unreachable_reason)g));
			}
		return;
	}
	puts("players,hands,rollover,variants,positions,distinct,reachable,terminal,max_depth,depth,layer_positions,layer_terminal");
	for (unsigned d = 0; d <= e->max_depth; d++) {
		printf("%u,", rules->players);
		output_csv_field(stdout, c->hands);
		printf(",%u,", rules->rollover);
		output_csv_field(stdout, c->variants);
		gmp_printf(",%Zd,%Zd,%llu,%llu,%u,%u,%llu,%llu\n", c->positions, c->distinct,
			   (unsigned long long)e->reachable_count, (unsigned long long)e->terminal_count,
			   e->max_depth, d, (unsigned long long)e->layer_count[d],
			   (unsigned long long)e->layer_terminal[d]);
	}
}

static void print_json_unreachable(const struct rules *rules, struct count_result *c)
{
	char code[POSITION_CODE_MAX];
	printf(",\"unreachable\":[");
	for (int g = 0; g < UNREACHABLE_REASON_COUNT; g++) {
		printf("%s{\"reason\":\"%s\",\"text\":", g ? "," : "", unreachable_reason_key((enum unreachable_reason)g));
		output_json_string(stdout, unreachable_reason_text((enum unreachable_reason)g));
		printf(",\"count\":%llu,\"codes\":[", (unsigned long long)c->u.count[g]);
		for (uint64_t i = 0; i < c->u.count[g] && i < UNREACHABLE_LIMIT; i++) {
			position_format(rules, c->u.index[g][i], code);
			printf("%s\"%s\"", i ? "," : "", code);
		}
		printf("]}");
	}
	printf("]");
}

static void print_json(const struct cli_options *opt, const struct rules *rules, struct count_result *c)
{
	const struct enumeration *e = &c->e;
	printf("{\"players\":%u,\"hands\":", rules->players);
	output_json_hands(stdout, rules->players, rules->hands);
	printf(",\"rollover\":%u,\"variants\":", rules->rollover);
	output_json_variants(stdout, rules->variants);
	gmp_printf(",\"start\":\"%s\",\"positions\":%Zd,\"distinct\":%Zd,\"reachable\":%llu,\"terminal\":%llu,\"moves\":%llu,\"max_depth\":%u,\"layers\":[",
		   c->start, c->positions, c->distinct, (unsigned long long)e->reachable_count,
		   (unsigned long long)e->terminal_count, (unsigned long long)e->move_count, e->max_depth);
	for (unsigned d = 0; d <= e->max_depth; d++)
		printf("%s%llu", d ? "," : "", (unsigned long long)e->layer_count[d]);
	printf("],\"layers_terminal\":[");
	for (unsigned d = 0; d <= e->max_depth; d++)
		printf("%s%llu", d ? "," : "", (unsigned long long)e->layer_terminal[d]);
	printf("]");
	if (opt->extra_set[OPT_UNREACHABLE])
		print_json_unreachable(rules, c);
	if (c->special.applies) {
		printf(",\"closed_form\":{\"formula\":");
		output_json_string(stdout, c->special.formula);
		printf(",\"reachable\":%llu,\"length\":%llu}", (unsigned long long)c->special.reachable,
		       (unsigned long long)c->special.length);
	}
	printf("}\n");
}

int cmd_count(int argc, char **argv)
{
	struct cli_options opt;
	struct rules *rules = NULL;
	struct error err;
	int rc = args_parse(argc, argv, "count", extra, 1, NULL, help, &opt);
	if (rc >= 0 || (rc = args_build_rules(&opt, 1, &rules)) != 0)
		return rc < 0 ? 0 : rc;
	struct count_result c = {0};
	mpz_inits(c.positions, c.distinct, NULL);
	closed_form_tagged(c.positions, c.distinct, rules->players, rules->hands, rules->modulus,
			   rules->lives, rules->axis[AXIS_ZOMBIES]);
	output_hands(c.hands, sizeof c.hands, rules->players, rules->hands);
	variants_format_list(rules->variants, c.variants, sizeof c.variants);
	position_format(rules, rules->start, c.start);
	if (!opt.start)
		c.special = special_predict(rules);
	enum status st = enumerate_reachable(rules, output_progress("count"), &c.e, &err);
	if (st == STATUS_OK && opt.extra_set[OPT_UNREACHABLE])
		st = unreachable_classify(rules, &c.e, UNREACHABLE_LIMIT, &c.u, &err);
	if (st != STATUS_OK) {
		rc = output_failure("count", st, err.msg);
	} else {
		output_progress_done();
		void (*print[])(const struct cli_options *, const struct rules *, struct count_result *) = {
			print_text, print_csv, print_json};
		print[opt.format](&opt, rules, &c);
	}
	unreachable_free(&c.u);
	enumeration_free(&c.e);
	mpz_clears(c.positions, c.distinct, NULL);
	rules_free(rules);
	return rc;
}

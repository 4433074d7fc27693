// SPDX-License-Identifier: MIT
// `chopsticks count`: closed-form counts, the reachable set, terminal positions and the
// layers of the walk; with --unreachable, the unreachable positions grouped by reason.
#include "args.h"
#include "commands.h"
#include "count_report.h"
#include "game_text.h"
#include "output.h"

static const char help[] =
	"usage: chopsticks count [rule options] [--unreachable] [--format text|csv|json]\n"
	"Walks every position reachable from the start and prints: positions (every ordering\n"
	"of hands, r^(sum of hands)), distinct (canonical positions, prod C(h+r-1,h)), reachable\n"
	"(terminal included), terminal, max_depth and the positions at each distance (layers).\n"
	"With uneven hands the closed forms are multiplied by the number of distinct rotations\n"
	"of the hand counts, since who is to move is then part of the position; with --lives L\n"
	"and zombies each player's count becomes count * L (+ 1 for the zombie state, none under\n"
	"misere, where no zombie ever plays).\n"
	"  --unreachable      also list every unreachable canonical position, grouped by why\n"
	"                     nothing reaches it (csv: one row per position, code,reason,game)\n"
	"CSV: one row per layer: players,hands,rollover,variants,positions,distinct,reachable,\n"
	"terminal,max_depth,depth,layer_positions,layer_terminal,game. variants (text, CSV and\n"
	"JSON) are the named variants the resolved rules hold, however they were asked for.\n"
	"For the forced games (one hand each, or rollover 2; two players, standard rules) the\n"
	"closed form is printed beside the walk (text, and json key closed_form).\n" ARGS_ESTIMATE_HELP GAME_TEXT_HELP;

enum { OPT_UNREACHABLE };
static const struct extra_option extra[] = {{"--unreachable", false, NULL, 0}, ARGS_ESTIMATE_OPTION};
static const struct command_args command = {"count", NULL, ARGS_RULES | ARGS_COMPUTE, FORMATS_DATA, extra, 2, NULL, help};
const struct command_args *cmd_count_args(void) { return &command; }

int cmd_count(int argc, char **argv)
{
	struct cli_options opt;
	struct rules *rules = NULL;
	struct plan plan;
	struct error err;
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0 || (rc = args_build_rules(&opt, PLAN_WALK, &rules, &plan)) != 0)
		return rc < 0 ? 0 : rc;
	struct count_report c;
	count_report_init(&c, rules, opt.start != NULL);
	c.with_unreachable = opt.extra_set[OPT_UNREACHABLE];
	enum status st = enumerate_plan(&plan, output_progress("count"), &c.e, &err);
	if (st == STATUS_OK && c.with_unreachable)
		st = unreachable_classify(rules, &c.e, COUNT_REPORT_UNREACHABLE_LIMIT, &c.u, &err);
	if (st != STATUS_OK) {
		rc = output_failure("count", st, err.msg);
	} else {
		output_progress_done();
		count_report_print(&c, opt.format);
	}
	count_report_clear(&c);
	plan_free(&plan);
	rules_free(rules);
	return rc;
}

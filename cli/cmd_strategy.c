// SPDX-License-Identifier: MIT
// `chopsticks strategy`: for each side, a short ordered list of target positions that wins
// (or resists longest, or never loses in a drawn game), built from the solved game and
// checked by playing it against every reply (strategy_check.h); `--check FILE` checks a
// list read back from a file instead.
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "game_text.h"
#include "output.h"
#include "record.h"
#include "position.h"
#include "solution_file.h"
#include "solved.h"
#include "strategy_check.h"
#include "text.h"
#include "strategy_file.h"

static const char help[] =
	"usage: chopsticks strategy [rule options] [--position CODE] [--notation code|article]\n"
	"                           [--table FILE] [--check FILE] [--format text|json]\n"
	"Two players. For each side, from the start (or --position), a rule a person can follow:\n"
	"  the side that wins: an ordered list of targets; always move to the first target in the\n"
	"    list that the move can reach (or win at once, when a move ends the game in your\n"
	"    favour) and you win, against every reply, in the moves stated; each target shows its\n"
	"    remoteness: the most moves left from it when the list is followed;\n"
	"  the side that loses: the same kind of list, resisting longest: against every reply no\n"
	"    loss comes sooner than the solver's remoteness; each target shows the fewest moves\n"
	"    to a loss from it ('no loss': none can follow);\n"
	"  in a drawn game, each side: the positions never to move into; any other move never\n"
	"    loses.\n"
	"How the lists are built: the solver's best moves (fastest win, then draws, then slowest\n"
	"loss) rank every target, so the first one reachable is a best move whenever the list\n"
	"holds one; playing the list against every reply, positions without one get the best move\n"
	"shared by most of them (a greedy cover), until none is left; then each target is removed\n"
	"again, the least used first, when the list still keeps its promise without it. The lists\n"
	"are short but not proven minimal: the shortest list is a covering problem over the\n"
	"positions the list itself leads to, which the tool does not solve exactly. The list to\n"
	"avoid is every losing move of a position met while the side makes any other move: none of\n"
	"them can be left out, but forbidding some drawn moves as well might need fewer.\n"
	"Every list is checked before it is printed, independently of the solver: it is played\n"
	"against every reply of the opponent, exhaustively, using only the rules' moves; a win\n"
	"must end in a win within the stated moves from the start and from every target (no line\n"
	"may go round forever), a resistance must allow no earlier loss, and the closed set of\n"
	"positions met under a list to avoid must hold no loss and leave a move everywhere.\n"
	"  --position CODE    start from this position (reachable from the start; default the start)\n"
	"  --notation N       positions as codes (code, default: 1312) or as the article writes\n"
	"                     them (article: [1,3],[1,2], the player to move first)\n"
	"  --table FILE       answer from a table saved by 'solve --save FILE' (or a CSV export)\n"
	"  --check FILE       check the lists of FILE (text as this command prints it, either\n"
	"                     notation) instead; its rules line must be these rules' exactly\n"
	"Exit status: 0, or with --check 1 when a list fails its check.\n"
	"JSON: {position,value,remoteness,notation,strategies:[{side,kind,moves,targets:[{position,\n"
	"remoteness}],checked:{ok,nodes,used}}],rules}; with --check {file,ok,lists:[{side,kind,\n"
	"targets,ok,fault,position,why,nodes,used}],rules}.\n" GAME_TEXT_HELP;

enum { OPT_POSITION, OPT_NOTATION, OPT_TABLE, OPT_CHECK };
static const struct extra_option extra[] = {
	{"--position", true, NULL, 0}, {"--notation", true, NULL, 0}, {"--table", true, NULL, 0}, {"--check", true, NULL, 0}};
static const struct command_args command = {"strategy", NULL, ARGS_RULES | ARGS_COMPUTE,
					    FORMAT_BIT(FORMAT_TEXT) | FORMAT_BIT(FORMAT_JSON), extra, 4, NULL, help};
const struct command_args *cmd_strategy_args(void) { return &command; }

static const char *const kind_names[] = {"win", "resist", "avoid"};
static const char *const fault_names[] = {"none", "no-target", "stuck", "lost", "cycle", "length", "target", "listed"};

// The one line after a list in text: what the check found.
static void print_checked(const struct strategy *s, const struct strategy_report *r)
{
	if (r->fault) {
		printf("checked: FAILED (%s): %s", fault_names[r->fault], r->why);
		if (r->fault == STRATEGY_LENGTH || r->fault == STRATEGY_TARGET)
			printf(" (stated %u, found %u)", r->stated, r->found);
		putchar('\n');
		return;
	}
	char n[TEXT_NUMBER_MAX];
	printf("checked: %s %s of play against every reply; ", text_u64(n, r->nodes), text_plural(r->nodes, "position", "positions"));
	if (s->kind == STRATEGY_WIN)
		printf("every line wins within %u %s; %zu of %zu %s used\n", r->moves, text_plural(r->moves, "move", "moves"),
		       r->used, s->count, text_plural(s->count, "target", "targets"));
	else if (s->kind == STRATEGY_RESIST)
		printf("no loss before move %u; %zu of %zu %s used\n", r->moves, r->used, s->count,
		       text_plural(s->count, "target", "targets"));
	else
		printf("no line ends in a loss and a move is always left; %zu of %zu %s moves met\n", r->used, s->count,
		       s->count == 1 ? "position is" : "positions are");
}

// One list and its check, as an object of the array "strategies".
static void list_record(struct record *out, const struct rules *rules, const struct strategy *s,
			const struct strategy_report *r, enum notation n)
{
	char text[STRATEGY_TEXT_MAX];
	record_object(out, NULL);
	record_str(out, "side", strategy_file_side(s->side));
	record_str(out, "kind", kind_names[s->kind]);
	record_opt_uint(out, "moves", s->kind != STRATEGY_AVOID, s->moves);
	record_array(out, "targets");
	for (size_t t = 0; t < s->count; t++) {
		strategy_file_position(rules, s->target[t], n, text);
		record_object(out, NULL);
		record_str(out, "position", text);
		record_opt_uint(out, "remoteness", s->kind != STRATEGY_AVOID && s->remoteness[t] != STRATEGY_NO_LOSS,
				s->remoteness[t]);
		record_close(out);
	}
	record_close(out);
	record_object(out, "checked");
	record_bool(out, "ok", !r->fault);
	record_u64(out, "nodes", r->nodes);
	record_u64(out, "used", r->used);
	record_close(out);
	record_close(out);
}

static int print_lists(const struct cli_options *opt, const struct solved *sv, uint64_t at, enum notation n)
{
	struct strategy list[2];
	struct strategy_report report[2];
	struct error err;
	enum status st = STATUS_OK;
	size_t built = 0;
	for (; built < 2 && st == STATUS_OK; built++) {
		st = strategy_build(sv->rules, &sv->solution, at, (unsigned)built, &list[built], &err);
		if (st == STATUS_OK && (st = strategy_check(sv->rules, &list[built], true, &report[built], &err)) != STATUS_OK)
			strategy_free(&list[built]);
		if (st != STATUS_OK)
			break;
	}
	if (st != STATUS_OK) {
		for (size_t i = 0; i < built; i++)
			strategy_free(&list[i]), strategy_report_free(&report[i]);
		return output_failure("strategy", st, err.msg);
	}
	char code[STRATEGY_TEXT_MAX];
	enum value v = solution_value(&sv->solution, at);
	strategy_file_position(sv->rules, at, n, code);
	struct record out;
	if (opt->format == FORMAT_JSON) {
		record_begin(&out, stdout, FORMAT_JSON);
		record_str(&out, "position", code);
		record_str(&out, "value", cell_value_name(v));
		record_opt_uint(&out, "remoteness", v != VALUE_DRAW, solution_remoteness(&sv->solution, at));
		record_str(&out, "notation", n == NOTATION_CODE ? "code" : "article");
		record_array(&out, "strategies");
	} else {
		game_text_header(stdout, sv->rules);
		printf("position %s: %s", code, cell_value_name(v));
		printf(v == VALUE_DRAW ? " for the player to move\n" : " in %u for the player to move\n",
		       solution_remoteness(&sv->solution, at));
	}
	bool ok = true;
	for (size_t i = 0; i < 2; i++) {
		if (opt->format == FORMAT_JSON) {
			list_record(&out, sv->rules, &list[i], &report[i], n);
		} else {
			strategy_file_write(stdout, sv->rules, &list[i], n);
			print_checked(&list[i], &report[i]);
		}
		ok &= !report[i].fault;
		strategy_free(&list[i]);
		strategy_report_free(&report[i]);
	}
	if (opt->format == FORMAT_JSON) {
		record_close(&out);
		game_record(&out, sv->rules);
		record_end(&out);
	}
	return ok ? 0 : 1;
}

// One list of a file and its check, as an object of the array "lists".
static void check_record(struct record *out, const struct rules *rules, const struct strategy *s,
			 const struct strategy_report *r)
{
	char code[POSITION_CODE_MAX];
	bool at = r->fault && r->at != UINT64_MAX;
	if (at)
		position_format(rules, r->at, code);
	record_object(out, NULL);
	record_str(out, "side", strategy_file_side(s->side));
	record_str(out, "kind", kind_names[s->kind]);
	record_u64(out, "targets", s->count);
	record_bool(out, "ok", !r->fault);
	record_str(out, "fault", r->fault ? fault_names[r->fault] : NULL);
	record_str(out, "position", at ? code : NULL);
	record_str(out, "why", r->fault ? r->why : NULL);
	record_u64(out, "nodes", r->nodes);
	record_u64(out, "used", r->used);
	record_close(out);
}

static int check_file(const struct cli_options *opt)
{
	struct rules *rules;
	struct plan plan;
	struct strategy_file file;
	int rc = args_build_rules(opt, PLAN_STRATEGY_CHECK, &rules, &plan);
	if (rc)
		return rc;
	plan_free(&plan);
	if (rules->players != 2) {
		rules_free(rules);
		return args_fail("strategy", "--players '%u': strategies need two players", opt->spec.players);
	}
	if ((rc = strategy_file_read("strategy", opt->extra_value[OPT_CHECK], rules, &file)) != 0) {
		rules_free(rules);
		return rc;
	}
	struct strategy_report r[STRATEGY_FILE_MAX_LISTS];
	struct error err;
	size_t done = 0;
	enum status st = STATUS_OK;
	for (; done < file.count && st == STATUS_OK; done++)
		if ((st = strategy_check(rules, &file.list[done], true, &r[done], &err)) != STATUS_OK)
			break;
	if (st != STATUS_OK)
		rc = output_failure("strategy", st, err.msg);
	bool ok = true;
	if (!rc && opt->format == FORMAT_JSON) {
		struct record out;
		for (size_t i = 0; i < done; i++)
			ok &= !r[i].fault;
		record_begin(&out, stdout, FORMAT_JSON);
		record_str(&out, "file", opt->extra_value[OPT_CHECK]);
		record_bool(&out, "ok", ok);
		record_array(&out, "lists");
		for (size_t i = 0; i < done; i++)
			check_record(&out, rules, &file.list[i], &r[i]);
		record_close(&out);
		game_record(&out, rules);
		record_end(&out);
	} else if (!rc) {
		game_text_header(stdout, rules);
		for (size_t i = 0; i < done; i++) {
			printf("%s player, %s, %zu %s: ", strategy_file_side(file.list[i].side), kind_names[file.list[i].kind],
			       file.list[i].count, text_plural(file.list[i].count, "target", "targets"));
			print_checked(&file.list[i], &r[i]);
			ok &= !r[i].fault;
		}
	}
	for (size_t i = 0; i < done; i++)
		strategy_report_free(&r[i]);
	strategy_file_free(&file);
	rules_free(rules);
	return rc ? rc : ok ? 0 : 1;
}

int cmd_strategy(int argc, char **argv)
{
	struct cli_options opt;
	struct solved s;
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0)
		return rc;
	enum notation n = NOTATION_CODE;
	const char *nt = opt.extra_value[OPT_NOTATION];
	if (opt.extra_set[OPT_NOTATION] && strcmp(nt, "code") && strcmp(nt, "article"))
		return args_fail("strategy", "--notation '%s': must be code or article", nt);
	if (opt.extra_set[OPT_NOTATION] && !strcmp(nt, "article"))
		n = NOTATION_ARTICLE;
	if (opt.extra_set[OPT_CHECK]) {
		if (opt.extra_set[OPT_POSITION] || opt.extra_set[OPT_TABLE] || opt.extra_set[OPT_NOTATION])
			return args_fail("strategy", "--check FILE takes its position and notation from the file (no --position, --table or --notation)");
		return check_file(&opt);
	}
	if (opt.spec.players != 2)
		return args_fail("strategy", "--players '%u': strategies need two players", opt.spec.players);
	if ((rc = solution_file_obtain(&opt, opt.extra_set[OPT_TABLE] ? opt.extra_value[OPT_TABLE] : NULL, false, &s)) != 0)
		return rc;
	uint64_t at = s.rules->start;
	if (!opt.extra_set[OPT_POSITION] || (rc = solved_position(&s, "strategy", "--position", opt.extra_value[OPT_POSITION], &at)) == 0)
		rc = print_lists(&opt, &s, at, n);
	solved_free(&s);
	return rc;
}

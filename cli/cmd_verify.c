// SPDX-License-Identifier: MIT
// `chopsticks verify FILE`: rebuilds the rules named in a saved table's header and checks
// every stored value against them (verify.h), independently of the solvers; for three or
// more players every seat's duel, with per-seat counts in the report.
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "describe.h"
#include "game_text.h"
#include "message.h"
#include "output.h"
#include "record.h"
#include "plan.h"
#include "position.h"
#include "size_text.h"
#include "verify.h"
#include "text.h"

static const char help[] =
	"usage: chopsticks verify FILE [--save OUT [--save-format 1|2]] [--format text|json]\n"
	"                         [--threads N] [--max-memory SIZE]\n"
	"Checks a table saved by 'solve --save FILE' against the rules in its header, without\n"
	"the solvers: the file must be intact (checksum); a walk from the start over the rules'\n"
	"moves must reach exactly the stored positions; a terminal position must carry the\n"
	"terminal value in 0; a win in r must have a child lost in r - 1 and none lost sooner; a\n"
	"loss in r only won children, the slowest won in r - 1; a draw no lost child and a drawn\n"
	"one; the header's counts and longest line must match the data.\n"
	"Three or more players: the table holds every seat's duel against all the others at every\n"
	"position, each for the side to move there (the seat itself when it moves, else the\n"
	"others together), and each is checked the same way against the duels it leads to, the\n"
	"side to move there being the same side again when neither is the seat itself; a\n"
	"terminal position is won for the seat when the rules name it the winner. Text then\n"
	"gives, per seat (counted from the player to move), the reachable positions by the value\n"
	"of its duel, as 'solve' counts them; JSON adds duels:[{seat,win,loss,draw}]. Such a\n"
	"table converts only to format 2.\n"
	"Exit status 0 when everything holds, 1 with the first failing position and why (the\n"
	"smallest index failing nearest the start), 2 when FILE is not an intact table.\n"
	"It needs 1.5 bytes per position of the index space for two players, equal hands or not\n"
	"(3/8 otherwise) besides the mapped file (and a format 2 table's sections decoded, 1.25\n"
	"more per state: a state per position and seat with three or more players). When only\n"
	"the check fits --max-memory, the sections go to a scratch file in $TMPDIR (or /tmp),\n"
	"deleted at once and mapped so that the kernel keeps what fits (that disk needs the\n"
	"room); beyond that it is refused up front.\n"
	"Both formats are read: 1 (one checksum over the whole file) and 2 (compressed blocks,\n"
	"each with its own checksum, all checked here).\n"
	"  --save OUT         once FILE is verified, also write it to OUT (a conversion): in\n"
	"                     format 2, or in format 1 with --save-format 1 (what chopsticks\n"
	"                     before format 2 reads; two players only)\n"
	"  --save-format N    1 or 2 (default 2)\n"
	"JSON: {rules,file,ok,checked,fault,position,why} (fault, position, why null when ok;\n"
	"three or more players, when ok, also duels).\n";

enum { OPT_SAVE, OPT_SAVE_FORMAT };
static const struct extra_option extra[] = {{"--save", true, NULL, 0}, {"--save-format", true, "--save", 0}};

static const struct command_args command = {"verify", NULL, ARGS_COMPUTE,
					    FORMAT_BIT(FORMAT_TEXT) | FORMAT_BIT(FORMAT_JSON), extra, 2, "FILE", help};
const struct command_args *cmd_verify_args(void) { return &command; }

static const char *const fault_names[] = {"none", "start", "missing", "unreachable", "terminal", "win",
					  "loss", "draw", "stray", "header"};

// The rules of the table's header; prints the error and returns its exit status on failure.
static int rules_of(const char *path, const struct table_map *t, struct rules **out)
{
	struct rules_spec spec;
	struct error err;
	char start[POSITION_CODE_MAX], again[DESCRIBE_MAX];
	uint64_t idx;
	enum status st = describe_parse(t->settings, &spec, start, sizeof start, &err);
	if (st == STATUS_OK)
		st = rules_build(&spec, out, &err);
	if (st == STATUS_OK && (st = position_parse(*out, start, &idx, &err)) == STATUS_OK)
		rules_set_start(*out, idx);
	if (st == STATUS_OK) {
		describe_settings(*out, again, sizeof again);
		if (strcmp(again, t->settings))
			st = error_set(&err, STATUS_BAD_INPUT, "its rules do not read back as written ('%.100s')", t->settings);
	}
	if (st == STATUS_OK)
		return 0;
	rules_free(*out);
	*out = NULL;
	message_print("verify", "'%s': %s", path, err.msg);
	return st == STATUS_BAD_INPUT ? 2 : 1;
}

// 0 when verifying the table of rules fits --max-memory (*scratch: with format 2's decoded
// sections in a scratch file), else the message and 2.
static int check_memory(const struct cli_options *opt, const struct rules *rules, const struct table_map *t,
			bool *scratch)
{
	double need;
	enum verify_room room = verify_room(rules, t, opt->spec.max_bytes, &need);
	*scratch = room == VERIFY_SCRATCH;
	if (room != VERIFY_TOO_LARGE)
		return 0;
	char need_text[SIZE_TEXT_MAX], limit[SIZE_TEXT_MAX];
	size_text(need_text, need);
	size_text(limit, (double)opt->spec.max_bytes);
	message_print("verify", "'%s': too large to verify here: it needs about %s, the limit is %s (--max-memory)",
		      opt->positional, need_text, limit);
	return 2;
}

// Three or more players: per seat (counted from the player to move), the reachable positions
// by the value of its duel, JSON "duels":[{seat,win,loss,draw}] as in 'solve'.
static void duels_record(struct record *out, const struct verify_report *r)
{
	record_array(out, "duels");
	for (unsigned t = 0; t < r->players; t++) {
		record_object(out, NULL);
		record_uint(out, "seat", t + 1);
		record_u64(out, "win", r->duels[t][VALUE_WIN]);
		record_u64(out, "loss", r->duels[t][VALUE_LOSS]);
		record_u64(out, "draw", r->duels[t][VALUE_DRAW]);
		record_close(out);
	}
	record_close(out);
}

// The same in text, a line per seat.
static void duels_text(const struct verify_report *r)
{
	char w[TEXT_NUMBER_MAX], l[TEXT_NUMBER_MAX], d[TEXT_NUMBER_MAX];
	for (unsigned t = 0; t < r->players; t++)
		printf("seat %u (counted from the player to move) against the others: win %s, loss %s, draw %s\n", t + 1,
		       text_u64(w, r->duels[t][VALUE_WIN]), text_u64(l, r->duels[t][VALUE_LOSS]),
		       text_u64(d, r->duels[t][VALUE_DRAW]));
}

static void print_report(const struct cli_options *opt, const struct rules *rules, const char *path,
			 const struct verify_report *r)
{
	char code[POSITION_CODE_MAX] = "";
	bool at = r->fault && r->at != UINT64_MAX;
	if (at)
		position_format(rules, r->at, code);
	if (opt->format == FORMAT_JSON) {
		struct record out;
		record_begin(&out, stdout, FORMAT_JSON);
		game_record(&out, rules);
		record_str(&out, "file", path);
		record_bool(&out, "ok", !r->fault);
		record_u64(&out, "checked", r->checked);
		record_str(&out, "fault", r->fault ? fault_names[r->fault] : NULL);
		record_str(&out, "position", at ? code : NULL);
		record_str(&out, "why", r->fault ? r->why : NULL);
		if (r->players > 2 && !r->fault)
			duels_record(&out, r);
		record_end(&out);
		return;
	}
	game_text_header(stdout, rules);
	if (!r->fault) {
		printf("verified: ");
		text_count(stdout, r->checked, "position", "positions");
		printf(r->players > 2 ? ", every seat's duel at each follows from the rules\n"
				      : ", every value follows from the rules\n");
		if (r->players > 2)
			duels_text(r);
	}
	else if (at)
		printf("FAILED (%s): position %s %s\n", fault_names[r->fault], code, r->why);
	else
		printf("FAILED (%s): %s\n", fault_names[r->fault], r->why);
}

// --save: t (verified) written again in the format asked for.
static int convert(const struct cli_options *opt, const struct rules *rules, const struct table_map *t)
{
	struct error err;
	const char *path = opt->extra_value[OPT_SAVE];
	bool flat = opt->extra_set[OPT_SAVE_FORMAT] && !strcmp(opt->extra_value[OPT_SAVE_FORMAT], "1");
	struct coalition c;
	table_coalition(t, &c);
	enum status st = t->players != 2 ? table_save_coalition(path, flat ? TABLE_VERSION_FLAT : TABLE_VERSION_BLOCKS,
								 rules, &c, t->settings, &err)
			 : (flat ? table_save_flat : table_save)(path, rules, &t->sol, t->settings, &err);
	return st == STATUS_OK ? 0 : output_failure("verify", st, err.msg);
}

int cmd_verify(int argc, char **argv)
{
	struct cli_options opt;
	struct table_map t;
	struct rules *rules = NULL;
	struct error err;
	struct verify_report report;
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0)
		return rc;
	const char *format = opt.extra_value[OPT_SAVE_FORMAT];
	if (opt.extra_set[OPT_SAVE_FORMAT] && strcmp(format, "1") && strcmp(format, "2"))
		return args_fail("verify", "--save-format '%s': must be 1 or 2", format);
	enum status st = table_open(opt.positional, &t, &err);
	if (st != STATUS_OK) {
		message_print("verify", "%s", err.msg);
		return st == STATUS_BAD_INPUT ? 2 : 1;
	}
	if (t.players != 2 && opt.extra_set[OPT_SAVE_FORMAT] && !strcmp(format, "1")) {
		rc = args_fail("verify", "--save-format 1: format 1 keeps two players only; '%s' has %u (use format 2)",
			       opt.positional, t.players);
		table_close(&t);
		return rc;
	}
	bool scratch;
	if ((rc = rules_of(opt.positional, &t, &rules)) == 0 && (rc = check_memory(&opt, rules, &t, &scratch)) == 0) {
		st = table_load_whole(&t, scratch, &err);
		if (st == STATUS_OK)
			st = verify_table(rules, &t, output_progress("verify"), &report, &err);
		output_progress_done();
		if (st == STATUS_OK)
			print_report(&opt, rules, opt.positional, &report);
		rc = st != STATUS_OK ? output_failure("verify", st, err.msg) : report.fault ? 1 : 0;
		if (!rc && opt.extra_set[OPT_SAVE])
			rc = convert(&opt, rules, &t);
	}
	rules_free(rules);
	table_close(&t);
	return rc;
}

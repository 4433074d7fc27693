// SPDX-License-Identifier: MIT
// The two-player solve report and its printers (see solve_report.h).
#include "solve_report.h"

#include "game_text.h"
#include "message.h"
#include "position.h"
#include "record.h"
#include "retrograde.h"
#include "text.h"

static void print_json(const struct solve_summary *s, const char *code, const char *longest)
{
	struct record r;
	record_begin(&r, stdout, FORMAT_JSON);
	record_uint(&r, "players", 2);
	record_str(&r, "position", code);
	record_u64(&r, "reachable", s->reachable);
	record_str(&r, "value", cell_value_name(s->value));
	record_opt_uint(&r, "remoteness", s->value != VALUE_DRAW, s->remoteness);
	record_object(&r, "counts");
	record_u64(&r, "win", s->count[VALUE_WIN]);
	record_u64(&r, "loss", s->count[VALUE_LOSS]);
	record_u64(&r, "draw", s->count[VALUE_DRAW]);
	record_close(&r);
	if (longest) {
		record_object(&r, "longest_forced");
		record_uint(&r, "remoteness", s->max_remoteness);
		record_str(&r, "position", longest);
		record_close(&r);
	} else {
		record_null(&r, "longest_forced");
	}
	game_record(&r, s->rules);
	record_end(&r);
}

void solve_report_two(const struct solve_summary *s, enum format format)
{
	char code[POSITION_CODE_MAX], longest[POSITION_CODE_MAX];
	bool decided = s->max_remoteness_at != SOLUTION_NONE; // some position is won or lost
	position_format(s->rules, s->at, code);
	if (decided)
		position_format(s->rules, s->max_remoteness_at, longest);
	if (format == FORMAT_JSON) {
		print_json(s, code, decided ? longest : NULL);
		return;
	}
	game_text_header(stdout, s->rules);
	printf("position %s: %s", code, cell_value_name(s->value));
	if (s->value != VALUE_DRAW)
		printf(" in %u", s->remoteness);
	char n[4][TEXT_NUMBER_MAX];
	printf(" for the player to move\nreachable %s: win %s, loss %s, draw %s\n", text_u64(n[0], s->reachable),
	       text_u64(n[1], s->count[VALUE_WIN]), text_u64(n[2], s->count[VALUE_LOSS]),
	       text_u64(n[3], s->count[VALUE_DRAW]));
	if (decided)
		printf("longest forced line: remoteness %u, from %s\n", s->max_remoteness, longest);
	else
		puts("longest forced line: none");
}

// One CSV row (names: the header row, whose values are not read).
static void csv_row(bool names, const char *code, unsigned depth, enum value v, unsigned remoteness,
		    const struct description *game)
{
	struct record r;
	record_begin(&r, stdout, FORMAT_CSV);
	record_names(&r, names);
	record_str(&r, "code", code);
	record_uint(&r, "depth", depth);
	record_str(&r, "value", cell_value_name(v));
	record_opt_uint(&r, "remoteness", v != VALUE_DRAW, remoteness);
	game_record_of(&r, game);
	record_end(&r);
}

void solve_report_csv_header(void)
{
	csv_row(true, "", 0, VALUE_DRAW, 0, &(struct description){0});
}

void solve_report_csv_row(const struct rules *rules, const struct description *game, uint64_t idx,
			  unsigned depth, enum value v, unsigned remoteness)
{
	char code[POSITION_CODE_MAX];
	position_format(rules, idx, code);
	csv_row(false, code, depth, v, remoteness, game);
}

int solve_report_position(const struct rules *rules, const char *cmd, const char *what, const char *code,
			  bool (*reachable)(const void *ctx, uint64_t idx), const void *ctx, uint64_t *idx)
{
	struct error err;
	char start[POSITION_CODE_MAX];
	if (position_parse(rules, code, idx, &err) != STATUS_OK) {
		message_print(cmd, "%s %s", what, err.msg);
		return 2;
	}
	if (!reachable(ctx, *idx)) {
		position_format(rules, rules->start, start);
		message_print(cmd, "%s '%s': not reachable from the start %s (use --start %s)", what, code, start, code);
		return 2;
	}
	return 0;
}

// SPDX-License-Identifier: MIT
// The two-player solve report and its printers (see solve_report.h).
#include "solve_report.h"

#include "game_text.h"
#include "message.h"
#include "position.h"
#include "retrograde.h"
#include "text.h"

void solve_report_two(const struct solve_summary *s, enum format format)
{
	char code[POSITION_CODE_MAX], longest[POSITION_CODE_MAX] = "";
	position_format(s->rules, s->at, code);
	if (s->max_remoteness_at != SOLUTION_NONE)
		position_format(s->rules, s->max_remoteness_at, longest);
	if (format == FORMAT_JSON) {
		printf("{\"players\":2,\"position\":\"%s\",\"reachable\":%llu,\"value\":\"%s\",\"remoteness\":", code,
		       (unsigned long long)s->reachable, cell_value_name(s->value));
		printf(s->value == VALUE_DRAW ? "null" : "%u", s->remoteness);
		printf(",\"counts\":{\"win\":%llu,\"loss\":%llu,\"draw\":%llu},\"longest_forced\":{\"remoteness\":%u,\"position\":\"%s\"},\"rules\":",
		       (unsigned long long)s->count[VALUE_WIN], (unsigned long long)s->count[VALUE_LOSS],
		       (unsigned long long)s->count[VALUE_DRAW], s->max_remoteness, longest);
		game_json_rules(stdout, s->rules);
		printf("}\n");
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
	printf("longest forced line: remoteness %u, from %s\n", s->max_remoteness, longest);
}

void solve_report_csv_header(void)
{
	puts("code,depth,value,remoteness,game");
}

void solve_report_csv_row(const struct rules *rules, const struct description *game, uint64_t idx,
			  unsigned depth, enum value v, unsigned remoteness)
{
	char code[POSITION_CODE_MAX];
	position_format(rules, idx, code);
	printf("%s,%u,%s,", code, depth, cell_value_name(v));
	printf(v == VALUE_DRAW ? "," : "%u,", remoteness);
	game_csv_field_of(stdout, game);
	putchar('\n');
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

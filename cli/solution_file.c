// SPDX-License-Identifier: MIT
// Export and import of solutions (see solution_file.h).
#include "solution_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "numparse.h"
#include "output.h"
#include "position.h"
#include "ranked_moves.h"
#include "variants.h"

static void header(const struct rules *rules, char *buf, size_t len)
{
	char hands[128], variants[512], start[POSITION_CODE_MAX];
	output_hands(hands, sizeof hands, rules->players, rules->hands);
	variants_format_list(rules->variants, variants, sizeof variants);
	position_format(rules, rules->start, start);
	snprintf(buf, len, "# chopsticks solution: players=%u hands=%s rollover=%u variants=%s start=%s",
		 rules->players, hands, rules->rollover, variants, start);
}

static void write_row(FILE *f, const struct solved *s, uint64_t i, struct ranked_move *moves, bool jsonl)
{
	char code[POSITION_CODE_MAX];
	enum value v = solution_value(&s->solution, i);
	position_format(s->rules, i, code);
	size_t n = ranked_moves(s->rules, &s->solution, i, moves), best = 0;
	while (best < n && moves[best].outcome == moves[0].outcome && moves[best].moves == moves[0].moves)
		best++;
	if (jsonl) {
		fprintf(f, "{\"code\":\"%s\",\"depth\":%u,\"value\":\"%s\",\"remoteness\":", code, s->e.depth[i], cell_value_name(v));
		fprintf(f, v == VALUE_DRAW ? "null" : "%u", solution_remoteness(&s->solution, i));
		fprintf(f, ",\"best\":[");
		for (size_t b = 0; b < best; b++)
			fprintf(f, "%s\"%s\"", b ? "," : "", moves[b].code);
		fprintf(f, "]}\n");
		return;
	}
	fprintf(f, "%s,%u,%s,", code, s->e.depth[i], cell_value_name(v));
	fprintf(f, v == VALUE_DRAW ? "," : "%u,", solution_remoteness(&s->solution, i));
	for (size_t b = 0; b < best; b++)
		fprintf(f, "%s%s", b ? " " : "", moves[b].code);
	fputc('\n', f);
}

int solution_file_export(const struct solved *s, const char *path)
{
	size_t len = strlen(path);
	bool jsonl = len > 6 && !strcmp(path + len - 6, ".jsonl");
	if (!jsonl && !(len > 4 && !strcmp(path + len - 4, ".csv")))
		return args_fail("solve", "--export '%s': the file name must end in .csv or .jsonl", path);
	char tmp[4096], line[4096];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	struct ranked_move *moves = malloc(s->rules->max_moves * sizeof *moves);
	if (!f || !moves) {
		fprintf(stderr, "chopsticks solve: --export '%s': %s\n", path, f ? "out of memory" : strerror(errno));
		if (f)
			fclose(f), remove(tmp);
		free(moves);
		return 1;
	}
	header(s->rules, line, sizeof line);
	fprintf(f, "%s\n", line);
	if (!jsonl)
		fprintf(f, "code,depth,value,remoteness,best\n");
	for (uint64_t i = 0; i < s->e.size; i++)
		if (s->e.depth[i] != ENUMERATE_UNSEEN)
			write_row(f, s, i, moves, jsonl);
	free(moves);
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		fprintf(stderr, "chopsticks solve: --export '%s': %s\n", path, strerror(errno));
		remove(tmp);
		return 1;
	}
	return 0;
}

static const char *const value_names[] = {"unknown", "win", "loss", "draw"};

// Parses "code,depth,value,remoteness,..." into s; returns 0 or 2.
static int import_row(struct solved *s, char *line, unsigned lineno, const char *path)
{
	char *field[4];
	for (int k = 0; k < 4; k++) {
		field[k] = line;
		line = k < 3 ? strchr(line, ',') : line;
		if (k < 3 && !line)
			goto bad;
		if (k < 3)
			*line++ = '\0';
	}
	field[3][strcspn(field[3], ",\n")] = '\0';
	uint64_t idx, depth, rem = 0;
	int v = 1;
	while (v < 4 && strcmp(field[2], value_names[v]))
		v++;
	if (position_parse(s->rules, field[0], &idx, NULL) != STATUS_OK || v == 4 ||
	    !numparse_u64(field[1], (size_t)-1, 0, ENUMERATE_UNSEEN - 1, &depth) ||
	    (v != VALUE_DRAW && !numparse_u64(field[3], (size_t)-1, 0, SOLUTION_MAX_REMOTENESS, &rem)))
		goto bad;
	s->e.depth[idx] = (uint8_t)depth;
	s->solution.cell[idx] = cell_pack((enum value)v, (unsigned)rem);
	return 0;
bad:
	fprintf(stderr, "chopsticks show: --table '%s' line %u: expected code,depth,value,remoteness,best\n", path, lineno);
	return 2;
}

int solution_file_import(const struct cli_options *opt, const char *path, struct solved *s)
{
	memset(s, 0, sizeof *s);
	int rc = args_build_rules(opt, 3, &s->rules);
	if (rc)
		return rc;
	FILE *f = fopen(path, "r");
	s->e.size = s->solution.size = s->rules->size;
	s->e.depth = malloc(s->rules->size);
	s->solution.cell = calloc(s->rules->size, sizeof *s->solution.cell);
	char want[4096], line[8192];
	if (!f || !s->e.depth || !s->solution.cell) {
		fprintf(stderr, "chopsticks show: --table '%s': %s\n", path, f ? "out of memory" : strerror(errno));
		rc = f ? 1 : 2;
		goto done;
	}
	memset(s->e.depth, ENUMERATE_UNSEEN, s->rules->size);
	header(s->rules, want, sizeof want);
	if (!fgets(line, sizeof line, f) || (line[strcspn(line, "\r\n")] = 0, strcmp(line, want) != 0)) {
		fprintf(stderr, "chopsticks show: --table '%s': not a CSV solution of these rules (first line should be '%s')\n", path, want);
		rc = 2;
		goto done;
	}
	for (unsigned lineno = 2; !rc && fgets(line, sizeof line, f); lineno++)
		if (lineno > 2 || strncmp(line, "code,", 5) != 0)
			rc = import_row(s, line, lineno, path);
done:
	if (f)
		fclose(f);
	if (rc)
		solved_free(s);
	return rc;
}

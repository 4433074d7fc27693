// SPDX-License-Identifier: MIT
// Saving, exporting and loading solutions (see solution_file.h).
#include "solution_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "describe.h"
#include "game_text.h"
#include "movegen.h"
#include "numparse.h"
#include "message.h"
#include "output.h"
#include "record.h"
#include "position.h"
#include "ranked_moves.h"

int solution_file_save(const struct solved *s, const char *path)
{
	char settings[DESCRIBE_MAX];
	struct error err;
	describe_settings(s->rules, settings, sizeof settings);
	enum status st = s->rules->players == 2
				 ? table_save(path, s->rules, &s->solution, settings, &err)
				 : table_save_coalition(path, TABLE_VERSION_BLOCKS, s->rules, &s->coalition, settings, &err);
	return st == STATUS_OK ? 0 : output_failure("solve", st, err.msg);
}

// An export under way: the file, its format, and room for the moves of a position and
// (CSV) the list of the best ones.
struct export {
	FILE *f;
	enum format format;
	const struct solved *s;
	struct ranked_move *moves;
	char *list; // max_moves codes, each with its space
	const char *game;
};

// One row of the export: position i (JSON Lines: an object; CSV: a row that ends with the
// game's options), or with names the CSV header, whose values are not read.
static void write_row(const struct export *x, bool names, uint64_t i)
{
	const struct solved *s = x->s;
	struct ranked_move *moves = x->moves;
	char code[POSITION_CODE_MAX] = "";
	enum value v = VALUE_DRAW;
	size_t n = 0, best = 0;
	if (!names) {
		v = solution_value(&s->solution, i);
		position_format(s->rules, i, code);
		n = ranked_moves(s->rules, &s->solution, i, moves);
	}
	while (best < n && moves[best].value == moves[0].value && moves[best].remoteness == moves[0].remoteness)
		best++;
	struct record r;
	record_begin(&r, x->f, x->format);
	record_names(&r, names);
	record_str(&r, "code", code);
	record_uint(&r, "depth", names ? 0 : enumeration_depth(&s->e, i));
	record_str(&r, "value", cell_value_name(v));
	record_opt_uint(&r, "remoteness", v != VALUE_DRAW, names ? 0 : solution_remoteness(&s->solution, i));
	if (x->format == FORMAT_JSON) {
		record_array(&r, "best");
		for (size_t b = 0; b < best; b++)
			record_str(&r, NULL, moves[b].code);
		record_close(&r);
	} else {
		char *end = x->list;
		*end = '\0';
		for (size_t b = 0; b < best; b++)
			end += sprintf(end, "%s%s", b ? " " : "", moves[b].code);
		record_str(&r, "best", x->list);
		record_str(&r, "game", x->game);
	}
	record_end(&r);
}

static bool ends_with(const char *text, const char *end)
{
	size_t a = strlen(text), b = strlen(end);
	return a > b && !strcmp(text + a - b, end);
}

int solution_file_export(const struct solved *s, const char *path)
{
	bool jsonl = ends_with(path, ".jsonl");
	if (!jsonl && !ends_with(path, ".csv"))
		return args_fail("solve", "--export '%s': the file name must end in .csv or .jsonl (binary tables: --save)", path);
	char tmp[4096], game[DESCRIBE_MAX];
	if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp)
		return args_fail("solve", "--export '%.60s...': the path is too long", path);
	FILE *f = fopen(tmp, "w");
	struct export x = {f, jsonl ? FORMAT_JSON : FORMAT_CSV, s, malloc(ranked_moves_bytes(s->rules)),
			   malloc(s->rules->max_moves * (size_t)POSITION_CODE_MAX + 1), game};
	if (!f || !x.moves || !x.list) {
		message_print("solve", "--export '%s': %s", path, f ? "out of memory" : strerror(errno));
		if (f)
			fclose(f), remove(tmp);
		free(x.moves), free(x.list);
		return 1;
	}
	describe_options(s->rules, game, sizeof game);
	if (jsonl) {
		struct record r;
		record_begin(&r, f, x.format);
		game_record(&r, s->rules);
		record_end(&r);
	} else {
		write_row(&x, true, 0);
	}
	for (uint64_t i = 0; i < s->e.size; i++)
		if (enumeration_reached(&s->e, i))
			write_row(&x, false, i);
	free(x.moves), free(x.list);
	bool ok = !ferror(f);
	if (fclose(f) != 0 || !ok || rename(tmp, path) != 0) {
		message_print("solve", "--export '%s': %s", path, strerror(errno ? errno : EIO));
		remove(tmp);
		return 1;
	}
	return 0;
}

// Names the first setting where the file's game and the options' differ.
static int other_game(const char *cmd, const char *path, const char *file, const char *want)
{
	const char *a, *b;
	int la, lb;
	if (describe_difference(file, want, &a, &la, &b, &lb) && la && lb)
		return message_print(cmd, "--table '%s' is of another game: it has %.*s, these options give %.*s (give its rule options)",
				     path, la, a, lb, b), 2;
	message_print(cmd, "--table '%s' is of another game: its rules are '%s'", path, file);
	return 2;
}

static int load_table(const struct cli_options *opt, const char *path, struct solved *s)
{
	struct error err;
	char want[DESCRIBE_MAX];
	enum status st = table_open(path, &s->table, &err);
	if (st != STATUS_OK)
		return message_print(opt->command, "--table %s", err.msg), st == STATUS_BAD_INPUT ? 2 : 1;
	describe_settings(s->rules, want, sizeof want);
	if (strcmp(want, s->table.settings))
		return other_game(opt->command, path, s->table.settings, want);
	if (s->table.size != s->rules->size || s->table.start != s->rules->start)
		return output_failure(opt->command, STATUS_BAD_INPUT, "--table: its index size does not fit its rules: the file is damaged");
	if (s->table.players != s->rules->players) // the settings name the players: a damaged file
		return output_failure(opt->command, STATUS_BAD_INPUT, "--table: its header's players do not fit its rules: the file is damaged");
	if (s->table.players == 2)
		s->solution = s->table.sol; // borrowed from the mapping
	else
		table_coalition(&s->table, &s->coalition);
	s->e.size = s->rules->size;
	s->e.reachable_count = s->table.reachable;
	return 0;
}

// Splits a CSV row of the export into its six fields (the last, game, may be quoted).
static bool split_row(char *line, char **field)
{
	line[strcspn(line, "\r\n")] = '\0';
	for (int k = 0; k < 5; k++) {
		field[k] = line;
		if (!(line = strchr(line, ',')))
			return false;
		*line++ = '\0';
	}
	field[5] = line;
	if (*line != '"')
		return !strchr(line, ',');
	char *out = line;
	for (char *p = line + 1; *p; p++) {
		if (*p == '"' && p[1] != '"')
			return (*out = '\0', p[1] == '\0');
		*out++ = *p;
		p += *p == '"';
	}
	return false;
}

static const char *const value_names[] = {"unknown", "win", "loss", "draw"};

// One row into s; returns 0, or 2 after naming the line and what is wrong with it.
static int import_row(struct solved *s, char *line, const char *game, unsigned long lineno, const char *path,
		      const char *cmd)
{
	char *field[6];
	uint64_t idx, depth, rem = 0;
	int v = 1;
	const char *why = "expected code,depth,value,remoteness,best,game";
	if (!split_row(line, field))
		goto bad;
	while (v < 4 && strcmp(field[2], value_names[v]))
		v++;
	if (position_parse(s->rules, field[0], &idx, NULL) != STATUS_OK || v == 4 ||
	    !numparse_u64(field[1], (size_t)-1, 0, ENUMERATE_UNSEEN - 1, &depth) ||
	    (v != VALUE_DRAW && !numparse_u64(field[3], (size_t)-1, 0, SOLUTION_MAX_REMOTENESS, &rem)))
		goto bad;
	if (strcmp(field[5], game))
		return message_print(cmd, "--table '%s' is of another game: line %lu says '%s', these options give '%s' (give its rule options)",
			       path, lineno, field[5], game), 2;
	why = !enumeration_reached(&s->e, idx) ? "the position is not reachable from the start"
	      : solution_value(&s->solution, idx) ? "the position comes twice"
	      : enumeration_depth(&s->e, idx) != depth ? "the depth is not the position's distance from the start" : NULL;
	if (why)
		goto bad;
	if (!solution_put(&s->solution, idx, (enum value)v, (unsigned)rem))
		return output_failure(cmd, STATUS_FAILURE, "out of memory");
	return 0;
bad:
	message_print(cmd, "--table '%s' line %lu: %s", path, lineno, why);
	return 2;
}

// The first reachable position the file left out; returns 2 after naming it.
static int incomplete(const struct cli_options *opt, const char *path, const struct solved *s, uint64_t rows)
{
	char code[POSITION_CODE_MAX] = "";
	for (uint64_t i = 0; i < s->e.size; i++)
		if (enumeration_reached(&s->e, i) && !solution_value(&s->solution, i)) {
			position_format(s->rules, i, code);
			break;
		}
	message_print(opt->command, "--table '%s' is incomplete: %llu of %llu reachable positions (%s is missing)",
		path, (unsigned long long)rows, (unsigned long long)s->e.reachable_count, code);
	return 2;
}

// Whether f has nothing left (a last line without a newline ends there).
static bool at_end(FILE *f)
{
	int ch = getc(f);
	return ch == EOF || ungetc(ch, f) == EOF;
}

static int load_csv(const struct cli_options *opt, FILE *f, const char *path, struct solved *s)
{
	struct error err;
	char game[DESCRIBE_MAX], line[8192];
	enum status st = enumerate_plan(&s->plan, output_progress(opt->command), &s->e, &err);
	if (st != STATUS_OK)
		return output_failure(opt->command, st, err.msg);
	output_progress_done();
	if (!solution_init(&s->solution, s->rules->size))
		return output_failure(opt->command, STATUS_FAILURE, "out of memory");
	describe_options(s->rules, game, sizeof game);
	// Lines end in LF or CR LF (RFC 4180; what spreadsheets write back).
	if (!fgets(line, sizeof line, f) || (line[strcspn(line, "\r\n")] = '\0', strcmp(line, "code,depth,value,remoteness,best,game")))
		return message_print(opt->command, "--table '%s': not a CSV export of 'solve --export' (first line should be code,depth,value,remoteness,best,game)",
			       path), 2;
	uint64_t rows = 0;
	for (unsigned long lineno = 2; fgets(line, sizeof line, f); lineno++, rows++) {
		if (!strchr(line, '\n') && !at_end(f))
			return message_print(opt->command, "--table '%s' line %lu: longer than %zu characters", path, lineno,
					     sizeof line - 1), 2;
		if (import_row(s, line, game, lineno, path, opt->command))
			return 2;
	}
	if (ferror(f))
		return message_print(opt->command, "--table '%s': %s", path, strerror(errno)), 1;
	if (rows != s->e.reachable_count)
		return incomplete(opt, path, s, rows);
	solution_finish(&s->solution); // the counts and the longest line, as a solve gives them
	return 0;
}

int solution_file_load(const struct cli_options *opt, const char *path, bool probe, struct solved *s)
{
	memset(s, 0, sizeof *s);
	char head[8] = {0};
	FILE *f = fopen(path, "rb");
	if (!f) {
		int e = errno;
		message_print(opt->command, "--table '%s': %s", path, strerror(e));
		return e == ENOENT ? 2 : 1;
	}
	size_t got = fread(head, 1, sizeof head, f);
	rewind(f);
	bool binary = got == sizeof head && !memcmp(head, "CHOPSTBL", 8);
	if (!binary && opt->spec.players != 2) {
		fclose(f);
		return message_print(opt->command, "--table '%s': a CSV export holds two players; with %u, give a binary table ('solve --save')",
				     path, opt->spec.players), 2;
	}
	int rc = args_build_rules(opt, !binary ? PLAN_IMPORT : probe ? PLAN_PROBE : PLAN_TABLES, &s->rules, &s->plan);
	if (!rc)
		rc = binary ? load_table(opt, path, s) : load_csv(opt, f, path, s);
	fclose(f);
	if (rc)
		solved_free(s);
	return rc;
}

int solution_file_obtain(const struct cli_options *opt, const char *path, bool probe, struct solved *s)
{
	return path ? solution_file_load(opt, path, probe, s) : solved_build(opt, s);
}

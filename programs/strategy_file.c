// SPDX-License-Identifier: MIT
// Writing and reading strategy lists as text (see strategy_file.h). A list is
//   first player: wins in 23 moves with 9 targets (...)
//     1. 0113  in 2
// and the reader keys on the words before the parenthesis and on each target's number.
#include "strategy_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "message.h"
#include "position.h"

void strategy_file_position(const struct rules *rules, uint64_t idx, enum notation n, char *buf)
{
	if (n == NOTATION_CODE) {
		position_format(rules, idx, buf);
		return;
	}
	uint8_t hands[RULES_MAX_HANDS];
	size_t at = 0;
	for (unsigned k = 0; k < rules->players; k++) {
		unsigned h = position_hands(rules, idx, k, hands);
		at += (size_t)sprintf(buf + at, k ? ",[" : "[");
		for (unsigned i = 0; i < h; i++) {
			if (i)
				buf[at++] = ',';
			at += (size_t)position_hand_text(rules, hands[i], buf + at);
		}
		buf[at++] = ']';
	}
	buf[at] = '\0';
}

const char *strategy_file_side(unsigned side)
{
	return side ? "second" : "first";
}

// The words that open a section after "first player: " (the reader matches them).
static const char *const opening[] = {"wins in", "loses in", "never loses"};

// Whether word is one (n == 1) or one followed by 's' (any other n).
static bool noun(const char *word, const char *one, uint64_t n)
{
	size_t len = strlen(one);
	return !strncmp(word, one, len) && !strcmp(word + len, n == 1 ? "" : "s");
}

void strategy_file_write(FILE *f, const struct rules *rules, const struct strategy *s, enum notation n)
{
	char text[STRATEGY_TEXT_MAX];
	const char *side = strategy_file_side(s->side);
	if (s->kind == STRATEGY_WIN)
		fprintf(f, "%s player: %s %u %s with %zu %s (move to the first target in the list that can be reached, or win at once)\n",
			side, opening[0], s->moves, text_plural(s->moves, "move", "moves"), s->count,
			text_plural(s->count, "target", "targets"));
	else if (s->kind == STRATEGY_RESIST)
		fprintf(f, "%s player: %s %u %s at the earliest with %zu %s (move to the first target in the list that can be reached, or win at once)\n",
			side, opening[1], s->moves, text_plural(s->moves, "move", "moves"), s->count,
			text_plural(s->count, "target", "targets"));
	else
		fprintf(f, "%s player: %s with %zu %s never to move into (any other move)\n", side, opening[2], s->count,
			text_plural(s->count, "position", "positions"));
	for (size_t t = 0; t < s->count; t++) {
		strategy_file_position(rules, s->target[t], n, text);
		fprintf(f, "  %3zu. %-14s", t + 1, text);
		if (s->kind == STRATEGY_WIN)
			fprintf(f, " in %u", s->remoteness[t]);
		else if (s->kind == STRATEGY_RESIST && s->remoteness[t] == STRATEGY_NO_LOSS)
			fputs(" no loss", f);
		else if (s->kind == STRATEGY_RESIST)
			fprintf(f, " loss in %u", s->remoteness[t]);
		fputc('\n', f);
	}
}

// Parses a position in either notation; the article's [a,b],[c,d] becomes a.b/c.d.
static bool parse_position(const struct rules *rules, const char *text, uint64_t *idx, struct error *err)
{
	char code[STRATEGY_TEXT_MAX];
	size_t n = 0;
	if (text[0] != '[')
		return position_parse(rules, text, idx, err) == STATUS_OK;
	for (const char *p = text; *p && n + 1 < sizeof code; p++) {
		if (*p == '[' || *p == ']')
			continue;
		code[n++] = *p != ',' ? *p : p[-1] == ']' ? '/' : '.';
	}
	code[n] = '\0';
	return position_parse(rules, code, idx, err) == STATUS_OK;
}

struct reader {
	const char *cmd, *path;
	unsigned line;
	const struct rules *rules;
	struct strategy_file *out;
	struct strategy *cur; // the list being read
	size_t want;          // its stated target count
	uint64_t root;
	bool have_root;
	char game[DESCRIBE_MAX]; // the file's game: line
};

static int bad(const struct reader *r, const char *what)
{
	message_print(r->cmd, "'%s' line %u: %s", r->path, r->line, what);
	return 2;
}

static int section(struct reader *r, const char *line)
{
	char side[16];
	unsigned moves = 0;
	size_t count;
	int used = 0;
	struct strategy *s = &r->out->list[r->out->count];
	if (sscanf(line, "%15s player: %n", side, &used) != 1 || !used || (strcmp(side, "first") && strcmp(side, "second")))
		return bad(r, "expected 'first player:' or 'second player:'");
	const char *rest = line + used;
	enum strategy_kind kind;
	char unit[16] = "", item[16] = "";
	if (sscanf(rest, "wins in %u %15s with %zu %15[a-z]", &moves, unit, &count, item) == 4 &&
	    noun(unit, "move", moves) && noun(item, "target", count))
		kind = STRATEGY_WIN;
	else if (sscanf(rest, "loses in %u %15s at the earliest with %zu %15[a-z]", &moves, unit, &count, item) == 4 &&
		 noun(unit, "move", moves) && noun(item, "target", count))
		kind = STRATEGY_RESIST;
	else if (sscanf(rest, "never loses with %zu %15[a-z]", &count, item) == 2 && noun(item, "position", count))
		kind = STRATEGY_AVOID;
	else
		return bad(r, "expected 'wins in N moves with K targets', 'loses in N moves at the earliest with K targets' or 'never loses with K positions'");
	if (!r->have_root)
		return bad(r, "a list before the 'position' line");
	if (r->out->count == STRATEGY_FILE_MAX_LISTS || count > r->rules->size)
		return bad(r, "too many lists or targets");
	struct error err;
	if (strategy_alloc(s, count, &err) != STATUS_OK) {
		message_print(r->cmd, "%s", err.msg);
		return 1;
	}
	s->count = 0;
	s->kind = kind;
	s->side = strcmp(side, "first") ? 1 : 0;
	s->moves = moves;
	s->root = r->root;
	r->out->count++;
	r->cur = s;
	r->want = count;
	return 0;
}

static int target(struct reader *r, const char *line)
{
	char text[STRATEGY_TEXT_MAX], tail[32] = "";
	size_t number;
	unsigned rem = 0;
	struct error err;
	int n = sscanf(line, "%zu. %2047s %31[a-z ]%u", &number, text, tail, &rem);
	struct strategy *s = r->cur;
	if (!s || n < 2 || number != s->count + 1 || s->count == r->want)
		return bad(r, "expected target number N+1 of the list above ('N. POSITION ...')");
	size_t len = strlen(tail);
	while (len && tail[len - 1] == ' ')
		tail[--len] = '\0';
	bool ok = s->kind == STRATEGY_WIN     ? n == 4 && !strcmp(tail, "in")
		  : s->kind == STRATEGY_AVOID ? n == 2
					      : (n == 4 && !strcmp(tail, "loss in")) || (n == 3 && !strcmp(tail, "no loss"));
	if (!ok)
		return bad(r, s->kind == STRATEGY_WIN ? "a target of a win ends 'in R'"
			      : s->kind == STRATEGY_AVOID ? "a position never to move into has nothing after it"
							  : "a target of a resistance ends 'loss in R' or 'no loss'");
	if (!parse_position(r->rules, text, &s->target[s->count], &err)) {
		message_print(r->cmd, "'%s' line %u: %s", r->path, r->line, err.msg);
		return 2;
	}
	s->remoteness[s->count++] = n == 3 ? STRATEGY_NO_LOSS : rem;
	return 0;
}

static int read_line(struct reader *r, char *line)
{
	line[strcspn(line, "\r\n")] = '\0';
	char *p = line + strspn(line, " \t");
	char settings[DESCRIBE_MAX], text[STRATEGY_TEXT_MAX];
	struct error err;
	if (!strncmp(p, "game: ", 6)) {
		snprintf(r->game, sizeof r->game, "%s", p + 6);
		return 0;
	}
	if (!*p || !strncmp(p, "checked", 7))
		return 0;
	if (!strncmp(p, "rules: ", 7)) {
		describe_settings(r->rules, settings, sizeof settings);
		snprintf(r->out->settings, sizeof r->out->settings, "%s", p + 7);
		if (strcmp(settings, p + 7)) {
			describe_options(r->rules, settings, sizeof settings);
			message_print(r->cmd, "'%s': another game: the file's is '%s', these options give '%s'", r->path,
				      r->game[0] ? r->game : "(no game: line)", settings);
			return 2;
		}
		return 0;
	}
	if (!r->out->settings[0])
		return bad(r, "expected the 'rules:' line first");
	if (sscanf(p, "position %2047s", text) == 1) { // "position CODE: ..." (codes may hold ':')
		text[strlen(text) - 1] = text[strlen(text) - 1] == ':' ? '\0' : text[strlen(text) - 1];
		if (!parse_position(r->rules, text, &r->root, &err)) {
			message_print(r->cmd, "'%s' line %u: %s", r->path, r->line, err.msg);
			return 2;
		}
		r->have_root = true;
		return 0;
	}
	if (*p >= '0' && *p <= '9')
		return target(r, p);
	if (r->cur && r->cur->count != r->want)
		return bad(r, "the list above has fewer targets than it says");
	return section(r, p);
}

int strategy_file_read(const char *cmd, const char *path, const struct rules *rules, struct strategy_file *out)
{
	memset(out, 0, sizeof *out);
	struct reader r = {cmd, path, 0, rules, out, NULL, 0, 0, false, ""};
	FILE *f = fopen(path, "r");
	if (!f) {
		message_print(cmd, "'%s': %s", path, strerror(errno));
		return 2;
	}
	char line[4096];
	int rc = 0;
	while (!rc && fgets(line, sizeof line, f)) {
		r.line++;
		int ch = strchr(line, '\n') ? EOF : getc(f); // a last line may lack its newline
		if (ch != EOF) {
			message_print(cmd, "'%s' line %u: longer than %zu characters", path, r.line, sizeof line - 1);
			rc = 2;
		} else {
			rc = read_line(&r, line);
		}
	}
	if (!rc && ferror(f)) {
		message_print(cmd, "'%s': read error", path);
		rc = 1;
	}
	if (!rc && (!out->count || (r.cur && r.cur->count != r.want))) {
		r.line++;
		rc = bad(&r, out->count ? "the last list has fewer targets than it says" : "no strategy list in the file");
	}
	fclose(f);
	if (rc)
		strategy_file_free(out);
	return rc;
}

void strategy_file_free(struct strategy_file *f)
{
	for (size_t i = 0; i < f->count; i++)
		strategy_free(&f->list[i]);
	f->count = 0;
}

// SPDX-License-Identifier: MIT
// `chopsticks table`: the two-player position-count table, every column computed, the
// published values beside it, and for each disagreement the positions responsible.
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "game_text.h"
#include "numparse.h"
#include "output.h"
#include "record.h"
#include "table.h"
#include "text.h"

static const char help[] =
	"usage: chopsticks table [--hands A-B] [--rollover A-B] [--format text|csv|json]\n"
	"Computes, for two players, every row of the published position-count table:\n"
	"positions (r^(2h)), distinct (C(h+r-1,h)^2), reachable (standard rules, walked) and\n"
	"reachable_sms (walked from the suns start with suicide and meta), with the published\n"
	"values beside them. Rows go by rollover, then hands. Defaults: --hands 2-6\n"
	"--rollover 3-5 (the published rows). A row too large for --max-memory keeps its\n"
	"closed forms and is marked as not walked. Disagreements are marked '*' and explained:\n"
	"every unreachable position other than those whose last mover has no live hand is\n"
	"listed with its parents ('code <- parents'; all of them unreachable too).\n"
	"CSV columns: hands,rollover,positions,distinct,reachable,reachable_sms,\n"
	"published_positions,published_distinct,published_reachable,published_sms,agrees,\n"
	"unreachable_last_dead,unreachable_other (empty where not computed or not published;\n"
	"agrees: true or false),\n"
	"game,game_sms (the option strings of the row's two games: '--hands H --rollover R' and\n"
	"that with '--variant suicide,meta,suns').\n"
	"JSON: {rows:[{hands,rollover,positions,...,evidence,evidence_positions,evidence_more,\n"
	"rules,rules_sms}]}: evidence is the text of the note, evidence_positions the same as data\n"
	"([{code,reason,parents:[codes]}], reason as in 'count --unreachable'), evidence_more the\n"
	"positions left out; each row carries the rules of its two games (null only where even\n"
	"their tables were over the limit).\n"
	"Text columns: hands, rollover, positions, distinct, reachable, pub_reach (published\n"
	"reachable), reach_sms, pub_sms (published reachable_sms); counts grouped in threes.\n"
	"Text starts with 'game:' and 'rules:' lines that give the games of the rows, H hands and\n"
	"rollover R, with every setting that the rows share.\n";

// One setting or option of a row's description with the row's own numbers replaced by H and R
// (and the start, the same on every hand, by its value to the power 2H): "hands=H".
static void generic_token(const char *tok, size_t len, const char *prev, size_t prev_len, const char *start1)
{
	if (len > 6 && !strncmp(tok, "hands=", 6))
		printf("hands=H");
	else if (len > 9 && !strncmp(tok, "rollover=", 9))
		printf("rollover=R");
	else if (len > 6 && !strncmp(tok, "start=", 6))
		printf("start=%s^(2H)", start1);
	else if (prev_len == 7 && !strncmp(prev, "--hands", 7))
		printf("H");
	else if (prev_len == 10 && !strncmp(prev, "--rollover", 10))
		printf("R");
	else
		printf("%.*s", (int)len, tok);
}

// Prints text with generic_token applied to each space-separated token. With other, prints
// only the tokens that differ from those of other (the same settings, in the same order).
static void print_generic(const char *text, const char *other, const char *start1)
{
	const char *p = text, *q = other, *prev = "";
	size_t prev_len = 0;
	bool first = true;
	while (*p) {
		size_t len = strcspn(p, " "), olen = q ? strcspn(q, " ") : 0;
		bool same = q && len == olen && !strncmp(p, q, len);
		bool start = len > 6 && !strncmp(p, "start=", 6);
		if (!q || (!same && !start && strncmp(p, "hands=", 6) && strncmp(p, "rollover=", 9))) {
			printf(first ? "" : " ");
			generic_token(p, len, prev, prev_len, start1);
			first = false;
		}
		prev = p, prev_len = len;
		p += len + (p[len] == ' ');
		if (q)
			q += olen + (q[olen] == ' ');
	}
}

// The games of the rows: one line of options, one of settings, from a described row.
static void print_games(struct table_row *rows, size_t n)
{
	unsigned h0 = rows[0].hands, h1 = rows[n - 1].hands, r0 = rows[0].rollover, r1 = rows[n - 1].rollover;
	for (size_t i = 0; i < n; i++) {
		h0 = rows[i].hands < h0 ? rows[i].hands : h0, h1 = rows[i].hands > h1 ? rows[i].hands : h1;
		r0 = rows[i].rollover < r0 ? rows[i].rollover : r0, r1 = rows[i].rollover > r1 ? rows[i].rollover : r1;
	}
	const struct table_row *d = NULL;
	for (size_t i = 0; i < n && !d; i++)
		if (rows[i].described && rows[i].described_sms)
			d = &rows[i];
	printf("game: one row per ");
	if (d)
		print_generic(d->game.options, NULL, "1");
	else
		printf("--hands H --rollover R");
	printf(" (H = %u..%u, R = %u..%u); reach_sms: ", h0, h1, r0, r1);
	if (d)
		print_generic(d->game_sms.options, NULL, "1");
	else
		printf("--hands H --rollover R --variant suicide,meta,suns");
	printf("\nrules: ");
	if (d) {
		print_generic(d->game.settings, NULL, "1");
		printf("; reach_sms: start=(R-1)^(2H) ");
		print_generic(d->game_sms.settings, d->game.settings, "(R-1)");
	} else {
		printf("(not built: every row is over the memory limit)");
	}
	putchar('\n');
}

static const struct command_args command = {"table", NULL, ARGS_HANDS | ARGS_ROLLOVER | ARGS_RANGES | ARGS_COMPUTE,
					    FORMATS_DATA, NULL, 0, NULL, help};
const struct command_args *cmd_table_args(void) { return &command; }

// The evidence of a row as one line: "code <- parent parent; code (no parent); ... (N more)".
static void print_evidence(FILE *f, const struct table_row *t)
{
	for (unsigned i = 0; i < t->evidence_count; i++) {
		const struct table_evidence *ev = &t->evidence[i];
		fprintf(f, "%s%s%s", i ? "; " : "", ev->code, ev->parent_count ? " <-" : " (no parent)");
		for (unsigned k = 0; k < ev->parent_count; k++)
			fprintf(f, " %s", ev->parent[k]);
	}
	if (t->evidence_more)
		fprintf(f, "; ... (%llu more)", (unsigned long long)t->evidence_more);
}

static void evidence_positions(struct record *r, const struct table_row *t)
{
	record_array(r, "evidence_positions");
	for (unsigned i = 0; i < t->evidence_count; i++) {
		const struct table_evidence *ev = &t->evidence[i];
		record_object(r, NULL);
		record_str(r, "code", ev->code);
		record_str(r, "reason", unreachable_reason_key(ev->reason));
		record_array(r, "parents");
		for (unsigned k = 0; k < ev->parent_count; k++)
			record_str(r, NULL, ev->parent[k]);
		record_close(r);
		record_close(r);
	}
	record_close(r);
}

static void print_text(struct table_row *rows, size_t n)
{
	print_games(rows, n);
	printf("%5s %8s %28s %18s %12s %12s %12s %12s\n", "hands", "rollover", "positions", "distinct",
	       "reachable", "pub_reach", "reach_sms", "pub_sms");
	for (size_t i = 0; i < n; i++) {
		struct table_row *t = &rows[i];
		char *positions = text_mpz(t->positions), *distinct = text_mpz(t->distinct), a[TEXT_NUMBER_MAX],
		     b[TEXT_NUMBER_MAX], c[TEXT_NUMBER_MAX];
		printf("%5u %8u %28s %18s", t->hands, t->rollover, positions ? positions : "?", distinct ? distinct : "?");
		free(positions);
		free(distinct);
		if (!t->computed)
			printf("  %s", t->note);
		else
			printf(" %12s", text_u64(a, t->reachable));
		if (t->computed && t->published)
			printf(" %12s %12s %12s", text_u64(a, t->published->reachable), text_u64(b, t->reachable_sms),
			       text_u64(c, t->published->reachable_sms));
		else if (t->computed)
			printf(" %12s %12s %12s", "-", text_u64(b, t->reachable_sms), "-");
		puts(table_row_disagrees(t) ? " *" : "");
	}
	for (size_t i = 0; i < n; i++) {
		struct table_row *t = &rows[i];
		if (!table_row_disagrees(t))
			continue;
		char *note = NULL, a[TEXT_NUMBER_MAX], b[TEXT_NUMBER_MAX], c[TEXT_NUMBER_MAX], d[TEXT_NUMBER_MAX];
		size_t note_bytes = 0;
		FILE *f = open_memstream(&note, &note_bytes);
		if (!f)
			continue;
		fprintf(f, "hands %u, rollover %u: walked %s reachable, published %s (%+lld). Of the unreachable "
			   "positions, %s %s a last mover with no live hand; the other %s, with their parents: ",
			t->hands, t->rollover, text_u64(a, t->reachable), text_u64(b, t->published->reachable),
			(long long)t->reachable - (long long)t->published->reachable, text_u64(c, t->last_dead),
			text_plural(t->last_dead, "has", "have"), text_u64(d, t->other_unreachable));
		print_evidence(f, t);
		fclose(f);
		printf("* ");
		text_wrap(stdout, note, 2, 2, text_width());
		free(note);
	}
}

static void u64_or_null(struct record *r, const char *name, bool have, uint64_t v)
{
	if (have)
		record_u64(r, name, v);
	else
		record_null(r, name);
}

// One of a row's two games: the rules object (JSON) or the options (CSV) named for suffix.
static void row_game(struct record *r, const char *suffix, bool described, const struct description *d)
{
	char name[16];
	snprintf(name, sizeof name, "%s%s", r->format == FORMAT_JSON ? "rules" : "game", suffix);
	if (!described)
		record_null(r, name);
	else if (r->format == FORMAT_JSON)
		game_record_rules(r, name, d);
	else
		record_str(r, name, d->options);
}

// Row i of the table: the counts, the published values and the games (CSV and JSON), and
// the evidence (JSON).
static void row_record(struct record *r, uint64_t i, const void *ctx)
{
	const struct table_row *t = (const struct table_row *)ctx + i;
	const struct published_row *p = t->published;
	record_uint(r, "hands", t->hands);
	record_uint(r, "rollover", t->rollover);
	record_mpz(r, "positions", t->positions);
	record_mpz(r, "distinct", t->distinct);
	u64_or_null(r, "reachable", t->computed, t->reachable);
	u64_or_null(r, "reachable_sms", t->computed, t->reachable_sms);
	u64_or_null(r, "published_positions", p, p ? p->positions : 0);
	u64_or_null(r, "published_distinct", p, p ? p->distinct : 0);
	u64_or_null(r, "published_reachable", p, p ? p->reachable : 0);
	u64_or_null(r, "published_sms", p, p ? p->reachable_sms : 0);
	if (p && t->computed)
		record_bool(r, "agrees", !table_row_disagrees(t));
	else
		record_null(r, "agrees");
	u64_or_null(r, "unreachable_last_dead", t->computed, t->last_dead);
	u64_or_null(r, "unreachable_other", t->computed, t->other_unreachable);
	if (r->format == FORMAT_JSON && t->computed) {
		char *note = NULL;
		size_t note_bytes = 0;
		FILE *f = open_memstream(&note, &note_bytes);
		if (f) {
			print_evidence(f, t);
			fclose(f);
		}
		record_str(r, "evidence", note ? note : "");
		free(note);
		evidence_positions(r, t);
		record_u64(r, "evidence_more", t->evidence_more);
	} else if (r->format == FORMAT_JSON) {
		record_str(r, "evidence", t->note);
		record_null(r, "evidence_positions");
		record_null(r, "evidence_more");
	}
	row_game(r, "", t->described, &t->game);
	row_game(r, "_sms", t->described_sms, &t->game_sms);
}

int cmd_table(int argc, char **argv)
{
	struct cli_options opt;
	struct args_grid g = {2, 6, 3, 5};
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0 || (rc = args_parse_grid(&opt, RULES_MAX_HANDS, RULES_MAX_ROLLOVER, &g)) >= 0)
		return rc;
	size_t n = (size_t)(g.h1 - g.h0 + 1) * (g.r1 - g.r0 + 1), k = 0;
	struct table_row *rows = calloc(n, sizeof *rows);
	if (!rows)
		return output_failure("table", STATUS_FAILURE, "out of memory");
	const struct progress *progress = output_progress("table");
	struct error err;
	enum status st = STATUS_OK;
	for (unsigned r = g.r0; r <= g.r1 && st == STATUS_OK; r++)
		for (unsigned h = g.h0; h <= g.h1 && st == STATUS_OK; h++, k++)
			st = table_row_compute(&rows[k], h, r, opt.spec.max_bytes, progress, &err);
	if (st != STATUS_OK) {
		rc = output_failure("table", st, err.msg);
	} else {
		output_progress_done();
		if (opt.format == FORMAT_TEXT)
			print_text(rows, n);
		else
			record_list(stdout, opt.format, "rows", n, row_record, rows);
		rc = 0;
	}
	for (size_t i = 0; i < k; i++)
		table_row_clear(&rows[i]);
	free(rows);
	return rc;
}

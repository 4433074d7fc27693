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

static void print_evidence_json(const struct table_row *t)
{
	printf(",\"evidence_positions\":[");
	for (unsigned i = 0; i < t->evidence_count; i++) {
		const struct table_evidence *ev = &t->evidence[i];
		printf("%s{\"code\":", i ? "," : "");
		record_json_string(stdout, ev->code);
		printf(",\"reason\":\"%s\",\"parents\":[", unreachable_reason_key(ev->reason));
		for (unsigned k = 0; k < ev->parent_count; k++) {
			fputs(k ? "," : "", stdout);
			record_json_string(stdout, ev->parent[k]);
		}
		printf("]}");
	}
	printf("],\"evidence_more\":%llu", (unsigned long long)t->evidence_more);
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

static void print_csv(struct table_row *rows, size_t n)
{
	puts("hands,rollover,positions,distinct,reachable,reachable_sms,published_positions,published_distinct,"
	     "published_reachable,published_sms,agrees,unreachable_last_dead,unreachable_other,game,game_sms");
	for (size_t i = 0; i < n; i++) {
		struct table_row *t = &rows[i];
		const struct published_row *p = t->published;
		gmp_printf("%u,%u,%Zd,%Zd,", t->hands, t->rollover, t->positions, t->distinct);
		if (t->computed)
			printf("%llu,%llu,", (unsigned long long)t->reachable, (unsigned long long)t->reachable_sms);
		else
			printf(",,");
		if (p)
			printf("%llu,%llu,%llu,%llu,", (unsigned long long)p->positions, (unsigned long long)p->distinct,
			       (unsigned long long)p->reachable, (unsigned long long)p->reachable_sms);
		else
			printf(",,,,");
		printf("%s,", p && t->computed ? (table_row_disagrees(t) ? "false" : "true") : "");
		if (t->computed)
			printf("%llu,%llu,", (unsigned long long)t->last_dead, (unsigned long long)t->other_unreachable);
		else
			printf(",,");
		if (t->described)
			game_csv_field_of(stdout, &t->game);
		putchar(',');
		if (t->described_sms)
			game_csv_field_of(stdout, &t->game_sms);
		putchar('\n');
	}
}

static void json_u64_or_null(const char *key, bool have, uint64_t v)
{
	if (have)
		printf(",\"%s\":%llu", key, (unsigned long long)v);
	else
		printf(",\"%s\":null", key);
}

static void print_json(struct table_row *rows, size_t n)
{
	printf("{\"rows\":[");
	for (size_t i = 0; i < n; i++) {
		struct table_row *t = &rows[i];
		const struct published_row *p = t->published;
		gmp_printf("%s{\"hands\":%u,\"rollover\":%u,\"positions\":%Zd,\"distinct\":%Zd", i ? "," : "",
			   t->hands, t->rollover, t->positions, t->distinct);
		json_u64_or_null("reachable", t->computed, t->reachable);
		json_u64_or_null("reachable_sms", t->computed, t->reachable_sms);
		json_u64_or_null("published_positions", p, p ? p->positions : 0);
		json_u64_or_null("published_distinct", p, p ? p->distinct : 0);
		json_u64_or_null("published_reachable", p, p ? p->reachable : 0);
		json_u64_or_null("published_sms", p, p ? p->reachable_sms : 0);
		printf(",\"agrees\":%s", p && t->computed ? (table_row_disagrees(t) ? "false" : "true") : "null");
		json_u64_or_null("unreachable_last_dead", t->computed, t->last_dead);
		json_u64_or_null("unreachable_other", t->computed, t->other_unreachable);
		printf(",\"evidence\":");
		if (t->computed) { // codes hold no character that a JSON string escapes
			putchar('"');
			print_evidence(stdout, t);
			putchar('"');
			print_evidence_json(t);
		} else {
			record_json_string(stdout, t->note);
			printf(",\"evidence_positions\":null,\"evidence_more\":null");
		}
		printf(",\"rules\":");
		if (t->described)
			game_json_rules_of(stdout, &t->game);
		else
			printf("null");
		printf(",\"rules_sms\":");
		if (t->described_sms)
			game_json_rules_of(stdout, &t->game_sms);
		else
			printf("null");
		printf("}");
	}
	printf("]}\n");
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
		void (*print[])(struct table_row *, size_t) = {print_text, print_csv, print_json};
		print[opt.format](rows, n);
		rc = 0;
	}
	for (size_t i = 0; i < k; i++)
		table_row_clear(&rows[i]);
	free(rows);
	return rc;
}

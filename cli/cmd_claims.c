// SPDX-License-Identifier: MIT
// `chopsticks claims`: checks each published statement of SPEC.md with the enumerator and
// solver and writes a report: the statement, what the tool finds, the command that shows it,
// the evidence, and a verdict; as Markdown for people or as JSON for scripts, from the same
// computed values. Two players, two hands, rollover 5 unless stated.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "claims.h"
#include "commands.h"
#include "describe.h"
#include "game_text.h"
#include "movegen.h"
#include "output.h"
#include "record.h"
#include "position.h"
#include "special.h"
#include "variants.h"

static const char help[] =
	"usage: chopsticks claims [--format text|json]\n"
	"Checks the published statements about Chopsticks (the standard game is a draw; one move\n"
	"of lookahead avoids losing; 14 moves in all and at most 5 per position; cutoff lets the\n"
	"first player win; halves lets the second player win; one hand follows Fibonacci mod r;\n"
	"rollover 2 is degenerate; more hands than the opponent is good) and prints a Markdown\n"
	"report with the evidence for each. Each claim starts with a line 'Game:' or 'Games:'\n"
	"that names the games it solves by their options (the rules of a single game:\n"
	"'chopsticks count OPTIONS' prints them), the report with the settings of the standard game.\n"
	"JSON: {rules, claims:[{id, number, statement, verdict, command, games, evidence}]}: id is\n"
	"draw, lookahead, moves, cutoff, halves, fibonacci, rollover2 or uneven; games holds the\n"
	"rules of every game the claim solves, and the rows of its evidence name theirs by index\n"
	"into it (game); verdict is the verdict as the report words it, without emphasis.\n";

static const struct command_args command = {"claims", NULL, ARGS_THREADS,
					    FORMAT_BIT(FORMAT_TEXT) | FORMAT_BIT(FORMAT_JSON), NULL, 0, NULL, help};
const struct command_args *cmd_claims_args(void) { return &command; }

#define MAX_LOOKAHEAD 6

// Where a claim goes. Text is printed as it is computed; JSON keeps the claim's games and
// writes its evidence as a record on a memory stream (the verdict, written before them, comes
// last), and claim_end writes the whole claim to out, the report's record.
struct report {
	bool json;
	struct record out;  // JSON: the report, on stdout
	struct record ev;   // JSON: the claim's evidence object, on ev_file
	FILE *ev_file;
	char *ev_buf;
	size_t ev_len;
	struct description *games; // JSON: the claim's games
	unsigned game_count, game_room;
	bool oom;           // a game could not be kept
};

static int claim_begin(struct report *o)
{
	if (!o->json)
		return 0;
	o->game_count = 0;
	if (!(o->ev_file = open_memstream(&o->ev_buf, &o->ev_len)))
		return -1;
	record_begin(&o->ev, o->ev_file, FORMAT_JSON);
	return 0;
}

// Adds rules to the claim's games; returns its index there.
static unsigned add_game(struct report *o, const struct rules *rules)
{
	if (o->game_count == o->game_room) {
		unsigned room = o->game_room ? 2 * o->game_room : 16;
		struct description *grown = realloc(o->games, room * sizeof *grown);
		if (!grown) {
			o->oom = true;
			return o->game_count;
		}
		o->games = grown, o->game_room = room;
	}
	describe_game(rules, &o->games[o->game_count]);
	return o->game_count++;
}

static int claim_end(struct report *o, const char *id, unsigned number, const char *statement,
		     const char *verdict, const char *cmdline)
{
	if (!o->json)
		return 0;
	record_end_inline(&o->ev);
	bool bad = fclose(o->ev_file) || o->oom;
	if (!bad) {
		struct record *r = &o->out;
		record_object(r, NULL);
		record_str(r, "id", id);
		record_uint(r, "number", number);
		record_str(r, "statement", statement);
		record_str(r, "verdict", verdict);
		record_str(r, "command", cmdline);
		record_array(r, "games");
		for (unsigned g = 0; g < o->game_count; g++)
			game_record_rules(r, NULL, &o->games[g]);
		record_close(r);
		record_json(r, "evidence", o->ev_buf);
		record_close(r);
	}
	free(o->ev_buf);
	o->ev_file = NULL;
	return bad ? -1 : 0;
}

// The paragraph that names the game of a claim: "Game: `OPTIONS`." and what varies.
static void game_line(const struct rules *rules, const char *more)
{
	char buf[DESCRIBE_MAX];
	describe_options(rules, buf, sizeof buf);
	printf("%s: `%s`%s.\n\n", more[0] ? "Games" : "Game", buf, more);
}

static void code_of(const struct rules *rules, uint64_t idx, char *buf)
{
	position_format(rules, idx, buf);
}

// The value of a position and its remoteness (none for a draw).
static void json_value(struct record *r, enum value v, unsigned remoteness)
{
	record_str(r, "value", cell_value_name(v));
	record_opt_uint(r, "remoteness", v != VALUE_DRAW, remoteness);
}

static const char draw_title[] = "The standard game is a draw under perfect play";

static int claim_draw(struct report *o, const struct claims_instance *in)
{
	enum value v = solution_value(&in->s, in->rules->start);
	const char *verdict = v == VALUE_DRAW ? "reproduced" : "refuted";
	char start[POSITION_CODE_MAX];
	code_of(in->rules, in->rules->start, start);
	if (o->json) {
		struct record *r = &o->ev;
		record_uint(r, "game", add_game(o, in->rules));
		record_str(r, "start", start);
		record_str(r, "value", cell_value_name(v));
		record_u64(r, "reachable", in->e.reachable_count);
		record_object(r, "counts");
		record_u64(r, "win", in->s.count[VALUE_WIN]);
		record_u64(r, "loss", in->s.count[VALUE_LOSS]);
		record_u64(r, "draw", in->s.count[VALUE_DRAW]);
		record_close(r);
		return claim_end(o, "draw", 1, draw_title, verdict, "chopsticks solve");
	}
	printf("## 1. %s\n\n", draw_title);
	game_line(in->rules, "");
	printf("Found: the start %s is a **%s** for the player to move. Of the %llu reachable positions "
	       "%llu are wins, %llu losses and %llu draws for the player to move.\n\n"
	       "Command: `chopsticks solve`. Verdict: **%s**.\n\n",
	       start, cell_value_name(v), (unsigned long long)in->e.reachable_count,
	       (unsigned long long)in->s.count[VALUE_WIN], (unsigned long long)in->s.count[VALUE_LOSS],
	       (unsigned long long)in->s.count[VALUE_DRAW], verdict);
	return 0;
}

static const char lookahead_title[] = "A player looking one move ahead can always avoid losing";

static int claim_lookahead(struct report *o, const struct claims_instance *in, struct error *err)
{
	if (o->json) {
		record_uint(&o->ev, "game", add_game(o, in->rules));
		record_array(&o->ev, "rows");
	} else {
		printf("## 2. %s\n\n", lookahead_title);
		game_line(in->rules, "");
		printf("A player looking N moves ahead scores each move by depth-limited search (a forced win or "
		       "loss within N moves in all, this move included, else unknown) and may pick any best-scored "
		       "move. A position is *unsafe* at depth N when it is not already lost but one of those picks "
		       "loses under perfect play. Every reachable position that is neither terminal nor lost for "
		       "the player to move is checked.\n\n"
		       "| N | positions checked | unsafe | example (position: losing pick) |\n|---|---|---|---|\n");
	}
	unsigned first_safe = 0, last_unsafe = 0;
	for (unsigned d = 1; d <= MAX_LOOKAHEAD; d++) {
		struct lookahead_claim c;
		if (claims_lookahead(in, d, &c, err) != STATUS_OK)
			return 1;
		char a[POSITION_CODE_MAX] = "-", b[POSITION_CODE_MAX] = "-";
		if (c.unsafe)
			code_of(in->rules, c.example, a), code_of(in->rules, c.example_child, b), last_unsafe = d;
		if (o->json) {
			struct record *r = &o->ev;
			record_object(r, NULL);
			record_uint(r, "depth", d);
			record_u64(r, "checked", c.checked);
			record_u64(r, "unsafe", c.unsafe);
			record_str(r, "example", c.unsafe ? a : NULL);
			record_str(r, "example_move", c.unsafe ? b : NULL);
			record_close(r);
		} else
			printf("| %u | %llu | %llu | %s%s%s |\n", d, (unsigned long long)c.checked,
			       (unsigned long long)c.unsafe, a, c.unsafe ? ": " : "", c.unsafe ? b : "");
		if (!c.unsafe && !first_safe)
			first_safe = d;
	}
	const char *verdict = !first_safe ? "refuted" : first_safe == 1 ? "reproduced" : "refuted as stated (holds with more lookahead)";
	if (o->json) {
		record_close(&o->ev);
		record_int(&o->ev, "max_depth", MAX_LOOKAHEAD);
		record_opt_uint(&o->ev, "safe_depth", first_safe, first_safe);
		record_uint(&o->ev, "unsafe_depth", last_unsafe);
		return claim_end(o, "lookahead", 2, lookahead_title, verdict, "chopsticks play --level N");
	}
	if (first_safe)
		printf("\nFound: looking %u move%s ahead (the reply included when N >= 2) is enough never to "
		       "pick a losing move; fewer is not. Verdict: **%s**.\n\n", first_safe,
		       first_safe > 1 ? "s" : "", verdict);
	else
		printf("\nFound: no lookahead up to %d moves is always safe. Verdict: **%s**.\n\n", MAX_LOOKAHEAD, verdict);
	printf("Command: `chopsticks play --level N` plays such a player.\n\n");
	return 0;
}

#define CLAIMED_MOVES 14
#define CLAIMED_MAX_MOVES 5

static int claim_moves(struct report *o, const struct claims_instance *in, struct error *err)
{
	struct moves_claim m;
	if (claims_moves(in, &m, err) != STATUS_OK)
		return 1;
	unsigned attacks = 0;
	for (unsigned k = 0; k < m.kind_count; k++)
		attacks += strlen(m.kind[k]) == 4; // "a->b" with one-digit hands
	char at[POSITION_CODE_MAX], title[160], verdict[160], cmdline[POSITION_CODE_MAX + 32];
	code_of(in->rules, m.max_at, at);
	snprintf(title, sizeof title, "Two hands, rollover 5: at most %d different moves in total, never more than %d in one position",
		 CLAIMED_MOVES, CLAIMED_MAX_MOVES);
	snprintf(cmdline, sizeof cmdline, "chopsticks show %s", at);
	const char *total = m.kind_count == CLAIMED_MOVES ? "reproduced" : "refuted";
	const char *most = m.max_moves <= CLAIMED_MAX_MOVES ? "reproduced" : "refuted";
	if (o->json) {
		snprintf(verdict, sizeof verdict, "total %s (%u, not %d); per position %s (%llu)", total, m.kind_count,
			 CLAIMED_MOVES, most, (unsigned long long)m.max_moves);
		struct record *r = &o->ev;
		record_uint(r, "game", add_game(o, in->rules));
		record_int(r, "claimed_total", CLAIMED_MOVES);
		record_int(r, "claimed_max", CLAIMED_MAX_MOVES);
		record_uint(r, "total", m.kind_count);
		record_uint(r, "attacks", attacks);
		record_uint(r, "splits", m.kind_count - attacks);
		record_u64(r, "max", m.max_moves);
		record_str(r, "max_at", at);
		record_array(r, "moves");
		for (unsigned k = 0; k < m.kind_count; k++)
			record_str(r, NULL, m.kind[k]);
		record_close(r);
		return claim_end(o, "moves", 3, title, verdict, cmdline);
	}
	printf("## 3. %s\n\n", title);
	game_line(in->rules, "");
	printf("A move is identified by what it does to the hands: an attack `a->b` (a hand with a taps a hand "
	       "with b) or a split `ab->cd`; moves from one position that lead to the same position count once.\n\n"
	       "Found: %u different moves over all reachable positions (%u attacks, %u splits):",
	       m.kind_count, attacks, m.kind_count - attacks);
	for (unsigned k = 0; k < m.kind_count; k++)
		printf(" `%s`", m.kind[k]);
	printf(". The most moves in one position: %llu, at %s.\n\n", (unsigned long long)m.max_moves, at);
	printf("Command: `%s`. Verdict: total **%s** (%u, not %d); per position **%s** (%llu).\n\n", cmdline, total,
	       m.kind_count, CLAIMED_MOVES, most, (unsigned long long)m.max_moves);
	return 0;
}

// Solves base plus every combination of up to two more variants; lists those whose start
// has value want. Returns the number found, or -1 on failure.
static int search_variants(struct report *o, enum variant_id base, enum value want, struct error *err)
{
	int found = 0;
	if (o->json)
		record_array(&o->ev, "rows");
	else
		printf("| variants | start value |\n|---|---|\n");
	// a = -1 with b = -1 is base alone, a = -1 with b >= 0 base plus b, else base plus a and b.
	for (int a = -1; a < VARIANT_COUNT; a++)
		for (int b = a; b < VARIANT_COUNT; b++) {
			if ((a >= 0 && b == a) || a == (int)base || b == (int)base)
				continue;
			uint64_t mask = UINT64_C(1) << base;
			if (a >= 0)
				mask |= UINT64_C(1) << a;
			if (b >= 0)
				mask |= UINT64_C(1) << b;
			struct claims_instance in;
			enum status st = claims_solve(2, 5, mask, &in, err);
			if (st == STATUS_BAD_INPUT)
				continue;
			if (st != STATUS_OK)
				return -1;
			enum value v = solution_value(&in.s, in.rules->start);
			unsigned rem = solution_remoteness(&in.s, in.rules->start);
			char names[256];
			variants_format_list(mask, names, sizeof names);
			if (v == want && o->json) {
				record_object(&o->ev, NULL);
				record_uint(&o->ev, "game", add_game(o, in.rules));
				game_record_variants(&o->ev, "variants", mask);
				json_value(&o->ev, v, rem);
				record_close(&o->ev);
			} else if (v == want) {
				printf("| %s | %s in %u |\n", names, cell_value_name(v), rem);
			}
			found += v == want;
			claims_instance_free(&in);
		}
	if (o->json)
		record_close(&o->ev);
	return found;
}

static int claim_variant(struct report *o, unsigned number, const char *id, const char *title,
			 enum variant_id base, enum value want, const char *who, struct error *err)
{
	struct claims_instance in;
	if (claims_solve(2, 5, UINT64_C(1) << base, &in, err) != STATUS_OK)
		return 1;
	enum value alone = solution_value(&in.s, in.rules->start);
	if (o->json) {
		struct record *r = &o->ev;
		record_uint(r, "game", add_game(o, in.rules));
		record_str(r, "variant", variants_name(base));
		record_str(r, "want", cell_value_name(want));
		record_object(r, "alone");
		json_value(r, alone, solution_remoteness(&in.s, in.rules->start));
		record_close(r);
	} else {
		printf("## %u. %s\n\n", number, title);
		game_line(in.rules, " by itself, and `--hands 2 --rollover 5 --variant LIST` for each row of the table, "
			  "LIST being its variants column");
	}
	claims_instance_free(&in);
	if (!o->json)
		printf("Found: with `%s` alone the start is a **%s** for the first player. Every combination of "
		       "`%s` with up to two more variants was solved; those where the %s player can force a win:\n\n",
		       variants_name(base), cell_value_name(alone), variants_name(base), who);
	int n = search_variants(o, base, want, err);
	if (n < 0)
		return 1;
	char verdict[160], cmdline[96];
	const char *outcome = alone == want ? "reproduced" : "refuted for the variant alone";
	snprintf(verdict, sizeof verdict, "%s; it holds under the %d combinations listed", outcome, n);
	snprintf(cmdline, sizeof cmdline, "chopsticks solve --variant %s[,...]", variants_name(base));
	if (o->json) {
		record_int(&o->ev, "combinations", n);
		return claim_end(o, id, number, title, verdict, cmdline);
	}
	printf("\nCommand: `%s`. Verdict: **%s**; it holds under the %d combinations listed.\n\n", cmdline, outcome, n);
	return 0;
}

// The closing line of a claim checked row by row.
static const char rows_verdict[] = "reproduced wherever the table says yes";

static const char fibonacci_title[] = "One hand each: the game is forced and follows the Fibonacci numbers modulo r";
#define FIBONACCI_FROM 2
#define FIBONACCI_TO 40

static int claim_fibonacci(struct report *o)
{
	if (o->json) {
		record_int(&o->ev, "from", FIBONACCI_FROM);
		record_int(&o->ev, "to", FIBONACCI_TO);
		record_array(&o->ev, "rows");
	} else {
		printf("## 6. %s\n\n"
		       "Games: `--hands 1 --rollover R`, one per row (R = r).\n\n"
		       "With one hand each no split exists and the only attack adds the mover's hand to the "
		       "other's, so after n moves the mover holds F(n+2) mod r: the game is forced and ends when "
		       "r divides a Fibonacci number for the first time, at alpha(r) (the entry point). Predicted: "
		       "alpha(r) - 1 reachable positions, one per layer, and alpha(r) - 2 moves.\n\n"
		       "| r | alpha(r) | reachable (walk) | length (walk) | largest layer | agrees |\n|---|---|---|---|---|---|\n",
		       fibonacci_title);
	}
	unsigned agree = 0; // rows that agree
	for (unsigned r = FIBONACCI_FROM; r <= FIBONACCI_TO; r++) {
		struct claims_instance in;
		struct error err;
		if (claims_solve(1, r, 0, &in, &err) != STATUS_OK)
			continue;
		struct special_prediction p = special_predict(in.rules);
		uint64_t widest = 0;
		for (unsigned d = 0; d <= in.e.max_depth; d++)
			widest = in.e.layer_count[d] > widest ? in.e.layer_count[d] : widest;
		bool ok = p.reachable == in.e.reachable_count && p.length == in.e.max_depth && widest == 1;
		unsigned long long alpha = (unsigned long long)special_fibonacci_entry(r);
		if (o->json) {
			struct record *e = &o->ev;
			record_object(e, NULL);
			record_uint(e, "game", add_game(o, in.rules));
			record_uint(e, "rollover", r);
			record_u64(e, "alpha", alpha);
			record_u64(e, "reachable", in.e.reachable_count);
			record_uint(e, "length", in.e.max_depth);
			record_u64(e, "largest_layer", widest);
			record_bool(e, "agrees", ok);
			record_close(e);
		} else
			printf("| %u | %llu | %llu | %u | %llu | %s |\n", r, alpha, (unsigned long long)in.e.reachable_count,
			       in.e.max_depth, (unsigned long long)widest, ok ? "yes" : "NO");
		agree += ok;
		claims_instance_free(&in);
	}
	if (o->json) {
		record_close(&o->ev);
		record_uint(&o->ev, "agree", agree);
		return claim_end(o, "fibonacci", 6, fibonacci_title, rows_verdict, "chopsticks count --hands 1 --rollover R");
	}
	printf("\nCommand: `chopsticks count --hands 1 --rollover R`. Verdict: **reproduced** wherever the table says yes.\n\n");
	return 0;
}

static const char rollover2_title[] = "With rollover 2 the game is degenerate";
#define ROLLOVER2_TO 8

static int claim_rollover2(struct report *o)
{
	if (o->json) {
		record_int(&o->ev, "from", 1);
		record_int(&o->ev, "to", ROLLOVER2_TO);
		record_array(&o->ev, "rows");
	} else
		printf("## 7. %s\n\n"
		       "Games: `--hands H --rollover 2`, one per row (H = hands).\n\n"
		       "Every live hand shows 1, so every attack kills a hand and no split can change anything: the "
		       "game is forced, lasts 2h - 1 moves over 2h positions, and the first player wins.\n\n"
		       "| hands | reachable (walk) | length (walk) | start value | agrees |\n|---|---|---|---|---|\n",
		       rollover2_title);
	unsigned agree = 0; // rows that agree
	for (unsigned h = 1; h <= ROLLOVER2_TO; h++) {
		struct claims_instance in;
		struct error err;
		if (claims_solve(h, 2, 0, &in, &err) != STATUS_OK)
			continue;
		enum value v = solution_value(&in.s, in.rules->start);
		unsigned rem = solution_remoteness(&in.s, in.rules->start);
		bool ok = in.e.reachable_count == 2 * h && in.e.max_depth == 2 * h - 1 && v == VALUE_WIN;
		if (o->json) {
			struct record *e = &o->ev;
			record_object(e, NULL);
			record_uint(e, "game", add_game(o, in.rules));
			record_uint(e, "hands", h);
			record_u64(e, "reachable", in.e.reachable_count);
			record_uint(e, "length", in.e.max_depth);
			json_value(e, v, rem);
			record_bool(e, "agrees", ok);
			record_close(e);
		} else {
			printf("| %u | %llu | %u | %s in %u | %s |\n", h, (unsigned long long)in.e.reachable_count,
			       in.e.max_depth, cell_value_name(v), rem, ok ? "yes" : "NO");
		}
		agree += ok;
		claims_instance_free(&in);
	}
	if (o->json) {
		record_close(&o->ev);
		record_uint(&o->ev, "agree", agree);
		return claim_end(o, "rollover2", 7, rollover2_title, rows_verdict, "chopsticks count --hands H --rollover 2");
	}
	printf("\nCommand: `chopsticks count --hands H --rollover 2`. Verdict: **reproduced** wherever the table says yes.\n");
	return 0;
}

static const char uneven_title[] = "Uneven hands: more hands than the opponent is generally good";
#define UNEVEN_HANDS 4
#define UNEVEN_R0 2
#define UNEVEN_R1 5

// One cell of the uneven table as JSON; an exception is a cell against the rule (more hands
// and not a win, or fewer and not a loss).
static void uneven_json(struct report *o, unsigned a, unsigned b, unsigned r, const struct claims_instance *in,
			enum value v, unsigned rem)
{
	bool against = (a > b && v != VALUE_WIN) || (a < b && v != VALUE_LOSS);
	struct record *e = &o->ev;
	char label[16];
	snprintf(label, sizeof label, v == VALUE_DRAW ? "%c" : "%c%u", "?WLD"[v], rem);
	record_object(e, NULL);
	record_uint(e, "game", add_game(o, in->rules));
	game_record_hands(e, "hands", 2, (const unsigned[]){a, b});
	record_uint(e, "rollover", r);
	json_value(e, v, rem);
	record_str(e, "label", label);
	record_bool(e, "exception", a != b && against);
	record_close(e);
}

static int claim_uneven(struct report *o)
{
	if (o->json) {
		record_int(&o->ev, "from", 1);
		record_int(&o->ev, "to", UNEVEN_HANDS);
		record_array(&o->ev, "rollovers");
		for (unsigned r = UNEVEN_R0; r <= UNEVEN_R1; r++)
			record_uint(&o->ev, NULL, r);
		record_close(&o->ev);
		record_array(&o->ev, "cells");
	} else {
		printf("\n## 8. %s\n\n"
		       "Games: `--hands A,B --rollover R --variant attacks-only` (R = 2, 3, 4, 5 in each cell; "
		       "A = B is `--hands A`).\n\n"
		       "Attacks only (no splits), the first player with a hands and the second with b. Each cell: "
		       "the value of the start for the first player (W win, L loss, D draw) and its remoteness "
		       "(none for a draw), "
		       "for rollover 2 / 3 / 4 / 5.\n\n| a \\ b | 1 | 2 | 3 | 4 |\n|---|---|---|---|---|\n",
		       uneven_title);
	}
	unsigned more_wins = 0, more_cells = 0, fewer_wins = 0, fewer_cells = 0;
	for (unsigned a = 1; a <= UNEVEN_HANDS; a++) {
		if (!o->json)
			printf("| %u |", a);
		for (unsigned b = 1; b <= UNEVEN_HANDS; b++) {
			for (unsigned r = UNEVEN_R0; r <= UNEVEN_R1; r++) {
				struct rules_spec spec = {.players = 2, .hands = {a, b}, .rollover = r,
							  .variants = UINT64_C(1) << VARIANT_ATTACKS_ONLY};
				struct claims_instance in;
				struct error err;
				if (claims_solve_spec(&spec, &in, &err) != STATUS_OK) {
					if (!o->json)
						printf(" ?");
					continue;
				}
				enum value v = solution_value(&in.s, in.rules->start);
				unsigned rem = solution_remoteness(&in.s, in.rules->start);
				if (o->json)
					uneven_json(o, a, b, r, &in, v, rem);
				else
					printf(v == VALUE_DRAW ? "%s%c" : "%s%c%u", r > UNEVEN_R0 ? " / " : " ", "?WLD"[v], rem);
				more_cells += a > b, fewer_cells += a < b;
				more_wins += a > b && v == VALUE_WIN, fewer_wins += a < b && v == VALUE_LOSS;
				claims_instance_free(&in);
			}
			if (!o->json)
				printf(" |");
		}
		if (!o->json)
			putchar('\n');
	}
	const char *verdict = 2 * more_wins > more_cells && 2 * fewer_wins > fewer_cells ? "reproduced (generally, not always)" : "refuted";
	if (o->json) {
		struct record *e = &o->ev;
		record_close(e);
		record_uint(e, "more_wins", more_wins);
		record_uint(e, "more_cases", more_cells);
		record_uint(e, "fewer_losses", fewer_wins);
		record_uint(e, "fewer_cases", fewer_cells);
		return claim_end(o, "uneven", 8, uneven_title, verdict, "chopsticks solve --variant attacks-only --hands A,B --rollover R");
	}
	printf("\nFound: with more hands the first player wins %u of %u cases; with fewer hands the first "
	       "player loses %u of %u cases (the second player, then the one with more hands, wins).\n\n"
	       "Hand analysis, rollover 2 (every tap kills): with hands 2 against 1 the first player kills the "
	       "lone hand at once (W1); with 1 against 2 the first player kills one hand and the second "
	       "player's other hand kills the first player's only hand (L2).\n\n"
	       "Command: `chopsticks solve --variant attacks-only --hands A,B --rollover R`. Verdict: **%s**.\n",
	       more_wins, more_cells, fewer_wins, fewer_cells, verdict);
	return 0;
}

// Runs a claim between claim_begin and claim_end (which the claim calls); -1 or 1 on failure.
#define CLAIM(o, call) (claim_begin(o) || (call))

int cmd_claims(int argc, char **argv)
{
	struct cli_options opt;
	struct claims_instance in;
	struct error err = {0};
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0)
		return rc;
	struct report o = {.json = opt.format == FORMAT_JSON};
	if (claims_solve(2, 5, 0, &in, &err) != STATUS_OK)
		return output_failure("claims", STATUS_FAILURE, err.msg);
	char settings[DESCRIBE_MAX];
	describe_settings(in.rules, settings, sizeof settings);
	if (o.json) {
		record_begin(&o.out, stdout, FORMAT_JSON);
		game_record(&o.out, in.rules);
		record_array(&o.out, "claims");
	} else {
		printf("# Published claims, checked\n\nWritten by `chopsticks claims`; every number below is computed by the "
		       "tool. Two players, two hands, rollover 5 unless stated: the rules `%s`. Each claim names its "
		       "games by the options that rebuild them.\n\n", settings);
	}
	rc = CLAIM(&o, claim_draw(&o, &in)) || CLAIM(&o, claim_lookahead(&o, &in, &err)) ||
	     CLAIM(&o, claim_moves(&o, &in, &err)) ||
	     CLAIM(&o, claim_variant(&o, 4, "cutoff", "With the cutoff rule the first player can force a win", VARIANT_CUTOFF,
				     VALUE_WIN, "first", &err)) ||
	     CLAIM(&o, claim_variant(&o, 5, "halves", "With halves the second player can force a win", VARIANT_HALVES,
				     VALUE_LOSS, "second", &err)) ||
	     CLAIM(&o, claim_fibonacci(&o)) || CLAIM(&o, claim_rollover2(&o)) || CLAIM(&o, claim_uneven(&o));
	claims_instance_free(&in);
	free(o.games);
	if (rc)
		return output_failure("claims", STATUS_FAILURE, err.msg[0] ? err.msg : "out of memory");
	if (o.json) {
		record_close(&o.out);
		record_end(&o.out);
	}
	return 0;
}

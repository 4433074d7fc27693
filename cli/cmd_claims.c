// SPDX-License-Identifier: MIT
// `chopsticks claims`: checks each published statement of SPEC.md with the enumerator and
// solver and writes a Markdown report: the statement, what the tool finds, the command that
// shows it, the evidence, and a verdict. Two players, two hands, rollover 5 unless stated.
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "claims.h"
#include "commands.h"
#include "describe.h"
#include "movegen.h"
#include "output.h"
#include "position.h"
#include "special.h"
#include "variants.h"

static const char help[] =
	"usage: chopsticks claims\n"
	"Checks the published statements about Chopsticks (the standard game is a draw; one move\n"
	"of lookahead avoids losing; 14 moves in all and at most 5 per position; cutoff lets the\n"
	"first player win; halves lets the second player win; one hand follows Fibonacci mod r;\n"
	"rollover 2 is degenerate; more hands than the opponent is good) and prints a Markdown\n"
	"report with the evidence for each (text only). Each claim starts with a line 'Game:' or\n"
	"'Games:' that names the games it solves by their options (the rules of a single game:\n"
	"'chopsticks count OPTIONS' prints them), the report with the settings of the standard game.\n";

static const struct command_args command = {"claims", NULL, ARGS_THREADS, FORMAT_BIT(FORMAT_TEXT), NULL, 0, NULL, help};

#define MAX_LOOKAHEAD 6

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

static int claim_draw(const struct claims_instance *in)
{
	enum value v = solution_value(&in->s, in->rules->start);
	printf("## 1. The standard game is a draw under perfect play\n\n");
	game_line(in->rules, "");
	printf("Found: the start 1111 is a **%s** for the player to move. Of the %llu reachable positions "
	       "%llu are wins, %llu losses and %llu draws for the player to move.\n\n"
	       "Command: `chopsticks solve`. Verdict: **%s**.\n\n",
	       cell_value_name(v), (unsigned long long)in->e.reachable_count,
	       (unsigned long long)in->s.count[VALUE_WIN], (unsigned long long)in->s.count[VALUE_LOSS],
	       (unsigned long long)in->s.count[VALUE_DRAW], v == VALUE_DRAW ? "reproduced" : "refuted");
	return 0;
}

static int claim_lookahead(const struct claims_instance *in, struct error *err)
{
	printf("## 2. A player looking one move ahead can always avoid losing\n\n");
	game_line(in->rules, "");
	printf("A player looking N moves ahead scores each move by depth-limited search (a forced win or "
	       "loss within N moves in all, this move included, else unknown) and may pick any best-scored "
	       "move. A position is *unsafe* at depth N when it is not already lost but one of those picks "
	       "loses under perfect play. Every reachable position that is neither terminal nor lost for "
	       "the player to move is checked.\n\n"
	       "| N | positions checked | unsafe | example (position: losing pick) |\n|---|---|---|---|\n");
	unsigned first_safe = 0;
	for (unsigned d = 1; d <= MAX_LOOKAHEAD; d++) {
		struct lookahead_claim c;
		if (claims_lookahead(in, d, &c, err) != STATUS_OK)
			return 1;
		char a[POSITION_CODE_MAX] = "-", b[POSITION_CODE_MAX] = "-";
		if (c.unsafe)
			code_of(in->rules, c.example, a), code_of(in->rules, c.example_child, b);
		printf("| %u | %llu | %llu | %s%s%s |\n", d, (unsigned long long)c.checked,
		       (unsigned long long)c.unsafe, a, c.unsafe ? ": " : "", c.unsafe ? b : "");
		if (!c.unsafe && !first_safe)
			first_safe = d;
	}
	if (first_safe)
		printf("\nFound: looking %u move%s ahead (the reply included when N >= 2) is enough never to "
		       "pick a losing move; fewer is not. Verdict: **%s**.\n\n", first_safe,
		       first_safe > 1 ? "s" : "", first_safe == 1 ? "reproduced" : "refuted as stated (holds with more lookahead)");
	else
		printf("\nFound: no lookahead up to %d moves is always safe. Verdict: **refuted**.\n\n", MAX_LOOKAHEAD);
	printf("Command: `chopsticks play --level N` plays such a player.\n\n");
	return 0;
}

static int claim_moves(const struct claims_instance *in, struct error *err)
{
	struct moves_claim m;
	if (claims_moves(in, &m, err) != STATUS_OK)
		return 1;
	unsigned attacks = 0;
	for (unsigned k = 0; k < m.kind_count; k++)
		attacks += strlen(m.kind[k]) == 4; // "a->b" with one-digit hands
	char at[POSITION_CODE_MAX];
	code_of(in->rules, m.max_at, at);
	printf("## 3. Two hands, rollover 5: at most 14 different moves in total, never more than 5 in one position\n\n");
	game_line(in->rules, "");
	printf("A move is identified by what it does to the hands: an attack `a->b` (a hand with a taps a hand "
	       "with b) or a split `ab->cd`; moves from one position that lead to the same position count once.\n\n"
	       "Found: %u different moves over all reachable positions (%u attacks, %u splits):",
	       m.kind_count, attacks, m.kind_count - attacks);
	for (unsigned k = 0; k < m.kind_count; k++)
		printf(" `%s`", m.kind[k]);
	printf(". The most moves in one position: %llu, at %s.\n\n", (unsigned long long)m.max_moves, at);
	printf("Command: `chopsticks show %s`. Verdict: total **%s** (%u, not 14); per position **%s** (%llu).\n\n",
	       at, m.kind_count == 14 ? "reproduced" : "refuted", m.kind_count,
	       m.max_moves <= 5 ? "reproduced" : "refuted", (unsigned long long)m.max_moves);
	return 0;
}

// Solves base plus every combination of up to two more variants; lists those whose start
// has value want. Returns the number found, or -1 on failure.
static int search_variants(enum variant_id base, enum value want, struct error *err)
{
	int found = 0;
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
			char names[256];
			variants_format_list(mask, names, sizeof names);
			if (v == want) {
				printf("| %s | %s in %u |\n", names, cell_value_name(v), solution_remoteness(&in.s, in.rules->start));
				found++;
			}
			claims_instance_free(&in);
		}
	return found;
}

static int claim_variant(const char *title, enum variant_id base, enum value want, const char *who,
			 struct error *err)
{
	struct claims_instance in;
	if (claims_solve(2, 5, UINT64_C(1) << base, &in, err) != STATUS_OK)
		return 1;
	enum value alone = solution_value(&in.s, in.rules->start);
	printf("## %s\n\n", title);
	game_line(in.rules, " by itself, and `--hands 2 --rollover 5 --variant LIST` for each row of the table, "
		  "LIST being its variants column");
	claims_instance_free(&in);
	printf("Found: with `%s` alone the start is a **%s** for the first player. Every combination of "
	       "`%s` with up to two more variants was solved; those where the %s player can force a win:\n\n",
	       variants_name(base), cell_value_name(alone), variants_name(base), who);
	int n = search_variants(base, want, err);
	if (n < 0)
		return 1;
	printf("\nCommand: `chopsticks solve --variant %s[,...]`. Verdict: **%s**; it holds under the %d "
	       "combinations listed.\n\n", variants_name(base),
	       alone == want ? "reproduced" : "refuted for the variant alone", n);
	return 0;
}

static void claim_fibonacci(void)
{
	printf("## 6. One hand each: the game is forced and follows the Fibonacci numbers modulo r\n\n"
	       "Games: `--hands 1 --rollover R`, one per row (R = r).\n\n"
	       "With one hand each no split exists and the only attack adds the mover's hand to the "
	       "other's, so after n moves the mover holds F(n+2) mod r: the game is forced and ends when "
	       "r divides a Fibonacci number for the first time, at alpha(r) (the entry point). Predicted: "
	       "alpha(r) - 1 reachable positions, one per layer, and alpha(r) - 2 moves.\n\n"
	       "| r | alpha(r) | reachable (walk) | length (walk) | largest layer | agrees |\n|---|---|---|---|---|---|\n");
	for (unsigned r = 2; r <= 40; r++) {
		struct claims_instance in;
		struct error err;
		if (claims_solve(1, r, 0, &in, &err) != STATUS_OK)
			continue;
		struct special_prediction p = special_predict(in.rules);
		uint64_t widest = 0;
		for (unsigned d = 0; d <= in.e.max_depth; d++)
			widest = in.e.layer_count[d] > widest ? in.e.layer_count[d] : widest;
		bool ok = p.reachable == in.e.reachable_count && p.length == in.e.max_depth && widest == 1;
		printf("| %u | %llu | %llu | %u | %llu | %s |\n", r, (unsigned long long)special_fibonacci_entry(r),
		       (unsigned long long)in.e.reachable_count, in.e.max_depth, (unsigned long long)widest, ok ? "yes" : "NO");
		claims_instance_free(&in);
	}
	printf("\nCommand: `chopsticks count --hands 1 --rollover R`. Verdict: **reproduced** wherever the table says yes.\n\n");
}

static void claim_rollover2(void)
{
	printf("## 7. With rollover 2 the game is degenerate\n\n"
	       "Games: `--hands H --rollover 2`, one per row (H = hands).\n\n"
	       "Every live hand shows 1, so every attack kills a hand and no split can change anything: the "
	       "game is forced, lasts 2h - 1 moves over 2h positions, and the first player wins.\n\n"
	       "| hands | reachable (walk) | length (walk) | start value | agrees |\n|---|---|---|---|---|\n");
	for (unsigned h = 1; h <= 8; h++) {
		struct claims_instance in;
		struct error err;
		if (claims_solve(h, 2, 0, &in, &err) != STATUS_OK)
			continue;
		enum value v = solution_value(&in.s, in.rules->start);
		bool ok = in.e.reachable_count == 2 * h && in.e.max_depth == 2 * h - 1 && v == VALUE_WIN;
		printf("| %u | %llu | %u | %s in %u | %s |\n", h, (unsigned long long)in.e.reachable_count, in.e.max_depth,
		       cell_value_name(v), solution_remoteness(&in.s, in.rules->start), ok ? "yes" : "NO");
		claims_instance_free(&in);
	}
	printf("\nCommand: `chopsticks count --hands H --rollover 2`. Verdict: **reproduced** wherever the table says yes.\n");
}

static void claim_uneven(void)
{
	printf("\n## 8. Uneven hands: more hands than the opponent is generally good\n\n"
	       "Games: `--hands A,B --rollover R --variant attacks-only` (R = 2, 3, 4, 5 in each cell; "
	       "A = B is `--hands A`).\n\n"
	       "Attacks only (no splits), the first player with a hands and the second with b. Each cell: "
	       "the value of the start for the first player (W win, L loss, D draw) and its remoteness "
	       "(none for a draw), "
	       "for rollover 2 / 3 / 4 / 5.\n\n| a \\ b | 1 | 2 | 3 | 4 |\n|---|---|---|---|---|\n");
	unsigned more_wins = 0, more_cells = 0, fewer_wins = 0, fewer_cells = 0;
	for (unsigned a = 1; a <= 4; a++) {
		printf("| %u |", a);
		for (unsigned b = 1; b <= 4; b++) {
			for (unsigned r = 2; r <= 5; r++) {
				struct rules_spec spec = {.players = 2, .hands = {a, b}, .rollover = r,
							  .variants = UINT64_C(1) << VARIANT_ATTACKS_ONLY};
				struct claims_instance in;
				struct error err;
				if (claims_solve_spec(&spec, &in, &err) != STATUS_OK) {
					printf(" ?");
					continue;
				}
				enum value v = solution_value(&in.s, in.rules->start);
				printf(v == VALUE_DRAW ? "%s%c" : "%s%c%u", r > 2 ? " / " : " ", "?WLD"[v],
				       solution_remoteness(&in.s, in.rules->start));
				more_cells += a > b, fewer_cells += a < b;
				more_wins += a > b && v == VALUE_WIN, fewer_wins += a < b && v == VALUE_LOSS;
				claims_instance_free(&in);
			}
			printf(" |");
		}
		putchar('\n');
	}
	printf("\nFound: with more hands the first player wins %u of %u cases; with fewer hands the first "
	       "player loses %u of %u cases (the second player, then the one with more hands, wins).\n\n"
	       "Hand analysis, rollover 2 (every tap kills): with hands 2 against 1 the first player kills the "
	       "lone hand at once (W1); with 1 against 2 the first player kills one hand and the second "
	       "player's other hand kills the first player's only hand (L2).\n\n"
	       "Command: `chopsticks solve --variant attacks-only --hands A,B --rollover R`. Verdict: **%s**.\n",
	       more_wins, more_cells, fewer_wins, fewer_cells,
	       2 * more_wins > more_cells && 2 * fewer_wins > fewer_cells ? "reproduced (generally, not always)" : "refuted");
}

int cmd_claims(int argc, char **argv)
{
	struct cli_options opt;
	struct claims_instance in;
	struct error err;
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0)
		return rc;
	if (claims_solve(2, 5, 0, &in, &err) != STATUS_OK)
		return output_failure("claims", STATUS_FAILURE, err.msg);
	char settings[DESCRIBE_MAX];
	describe_settings(in.rules, settings, sizeof settings);
	printf("# Published claims, checked\n\nWritten by `chopsticks claims`; every number below is computed by the "
	       "tool. Two players, two hands, rollover 5 unless stated: the rules `%s`. Each claim names its "
	       "games by the options that rebuild them.\n\n", settings);
	rc = claim_draw(&in) || claim_lookahead(&in, &err) || claim_moves(&in, &err) ||
	     claim_variant("4. With the cutoff rule the first player can force a win", VARIANT_CUTOFF, VALUE_WIN, "first", &err) ||
	     claim_variant("5. With halves the second player can force a win", VARIANT_HALVES, VALUE_LOSS, "second", &err);
	claims_instance_free(&in);
	if (rc)
		return output_failure("claims", STATUS_FAILURE, err.msg);
	claim_fibonacci();
	claim_rollover2();
	claim_uneven();
	return 0;
}

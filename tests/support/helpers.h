// SPDX-License-Identifier: MIT
// Small helpers shared by the Criterion tests: one instance description (plain values and
// fixed char arrays, safe as a Criterion parameter), turned into enum/ rules or an oracle
// game, code lists compared as sorted sets, walk counts compared, whether a position is a
// parent of another, and the OpenMP thread count. Header-only; tests
// include it after criterion/criterion.h.
#ifndef CHOPSTICKS_TESTS_SUPPORT_HELPERS_H
#define CHOPSTICKS_TESTS_SUPPORT_HELPERS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "enumerate.h"
#include "movegen.h"
#include "oracle.h"
#include "position.h"
#include "rules.h"
#include "variants.h"

// An instance: players, hands per seat, rollover, comma-separated variants. The list may
// also hold one "lives=N" item, which is --lives N, not a variant ("zombies,lives=3"). No
// pointers: Criterion copies parameters between processes (Snaipe/Criterion #208).
struct instance {
	unsigned players;
	unsigned hands[4];
	unsigned rollover;
	char variants[64];
};

// Writes the variant names of in (without any "lives=N" item) to names and returns the
// lives asked for (0 when none, as in rules_spec).
static inline unsigned instance_lives(const struct instance *in, char *names, size_t len)
{
	unsigned lives = 0;
	size_t used = 0;
	names[0] = '\0';
	for (const char *p = in->variants; *p;) {
		size_t n = strcspn(p, ",");
		if (n > 6 && !strncmp(p, "lives=", 6))
			lives = (unsigned)atoi(p + 6);
		else if (used + n + 2 < len)
			used += (size_t)snprintf(names + used, len - used, "%s%.*s", used ? "," : "", (int)n, p);
		p += n + (p[n] == ',');
	}
	return lives;
}

static inline void instance_text(const struct instance *in, char *buf, size_t len)
{
	int used = snprintf(buf, len, "p=%u h=", in->players);
	for (unsigned s = 0; s < in->players; s++)
		used += snprintf(buf + used, len - (size_t)used, "%s%u", s ? "," : "", in->hands[s]);
	snprintf(buf + used, len - (size_t)used, " r=%u [%s]", in->rollover, in->variants);
}

// Builds enum/ rules for in with build (rules_build or rules_build_light); fails the test on
// any error.
static inline struct rules *instance_rules_with(const struct instance *in,
						enum status (*build)(const struct rules_spec *, struct rules **, struct error *))
{
	struct rules_spec spec = {0};
	struct error err = {{0}};
	spec.players = in->players;
	spec.rollover = in->rollover;
	char names[64];
	spec.lives = instance_lives(in, names, sizeof names);
	for (unsigned s = 0; s < in->players; s++)
		spec.hands[s] = in->hands[s];
	cr_assert_eq(variants_parse_list(names, &spec.variants, &err), STATUS_OK, "%s", err.msg);
	struct rules *rules = NULL;
	cr_assert_eq(build(&spec, &rules, &err), STATUS_OK, "%s", err.msg);
	return rules;
}

static inline struct rules *instance_rules(const struct instance *in)
{
	return instance_rules_with(in, rules_build);
}

static inline void instance_game(const struct instance *in, struct oracle_game *game)
{
	char names[64];
	unsigned lives = instance_lives(in, names, sizeof names);
	cr_assert(oracle_game_init(game, in->players, in->hands, in->rollover, names),
		  "oracle cannot take variants '%s'", in->variants);
	cr_assert(oracle_game_set_lives(game, lives), "oracle cannot take '%s'", in->variants);
}

static inline int cmp_code(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

// Sorts n codes of width ORACLE_CODE_MAX in place.
static inline void codes_sort(char (*codes)[ORACLE_CODE_MAX], size_t n)
{
	qsort(codes, n, sizeof *codes, cmp_code);
}

// Joins n codes with spaces into buf (for messages).
static inline void codes_join(char (*codes)[ORACLE_CODE_MAX], size_t n, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n && used + 1 < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", codes[i]);
}

// The code of idx under rules, via enum/'s formatter (checked to fit the oracle's width).
static inline void index_code(const struct rules *rules, uint64_t idx, char *out)
{
	char buf[POSITION_CODE_MAX];
	position_format(rules, idx, buf);
	cr_assert_lt(strlen(buf), (size_t)ORACLE_CODE_MAX);
	strcpy(out, buf);
}

// Asserts that two walks have the same counts, layer by layer.
static inline void compare_counts(const struct enumeration *got, const struct enumeration *want,
				  const char *name)
{
	cr_assert_eq(got->reachable_count, want->reachable_count, "%s: reachable", name);
	cr_assert_eq(got->terminal_count, want->terminal_count, "%s: terminal", name);
	cr_assert_eq(got->move_count, want->move_count, "%s: moves", name);
	cr_assert_eq(got->max_depth, want->max_depth, "%s: max depth", name);
	for (unsigned d = 0; d <= want->max_depth; d++) {
		cr_assert_eq(got->layer_count[d], want->layer_count[d], "%s: layer %u", name, d);
		cr_assert_eq(got->layer_terminal[d], want->layer_terminal[d],
			     "%s: terminals in layer %u", name, d);
	}
}

// Sets the OpenMP thread count (nothing without OpenMP).
static inline void set_threads(int threads)
{
#ifdef _OPENMP
	omp_set_num_threads(threads);
#else
	(void)threads;
#endif
}

// Whether child is a child of parent (movegen_children), for a verifier's report that may
// name the parent of a planted error.
static inline bool is_parent(const struct rules *rules, uint64_t parent, uint64_t child)
{
	uint64_t *kids = malloc(rules->max_moves * sizeof *kids);
	size_t n = kids ? movegen_children(rules, parent, kids) : 0;
	bool found = false;
	for (size_t k = 0; k < n; k++)
		found = found || kids[k] == child;
	free(kids);
	return found;
}

#endif

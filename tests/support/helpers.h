// SPDX-License-Identifier: MIT
// Small helpers shared by the Criterion tests: one instance description (plain values and
// fixed char arrays, safe as a Criterion parameter), turned into enum/ rules or an oracle
// game, and code lists compared as sorted sets. Header-only; tests include it after
// criterion/criterion.h.
#ifndef CHOPSTICKS_TESTS_SUPPORT_HELPERS_H
#define CHOPSTICKS_TESTS_SUPPORT_HELPERS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"
#include "position.h"
#include "rules.h"
#include "variants.h"

// An instance: players, hands per seat, rollover, comma-separated variants. No pointers:
// Criterion copies parameters between processes (Snaipe/Criterion #208).
struct instance {
	unsigned players;
	unsigned hands[4];
	unsigned rollover;
	char variants[64];
};

static inline void instance_text(const struct instance *in, char *buf, size_t len)
{
	int used = snprintf(buf, len, "p=%u h=", in->players);
	for (unsigned s = 0; s < in->players; s++)
		used += snprintf(buf + used, len - (size_t)used, "%s%u", s ? "," : "", in->hands[s]);
	snprintf(buf + used, len - (size_t)used, " r=%u [%s]", in->rollover, in->variants);
}

// Builds enum/ rules for in; fails the test on any error.
static inline struct rules *instance_rules(const struct instance *in)
{
	struct rules_spec spec = {0};
	struct error err = {{0}};
	spec.players = in->players;
	spec.rollover = in->rollover;
	for (unsigned s = 0; s < in->players; s++)
		spec.hands[s] = in->hands[s];
	cr_assert_eq(variants_parse_list(in->variants, &spec.variants, &err), STATUS_OK, "%s",
		     err.msg);
	struct rules *rules = NULL;
	cr_assert_eq(rules_build(&spec, &rules, &err), STATUS_OK, "%s", err.msg);
	return rules;
}

static inline void instance_game(const struct instance *in, struct oracle_game *game)
{
	cr_assert(oracle_game_init(game, in->players, in->hands, in->rollover, in->variants),
		  "oracle cannot take variants '%s'", in->variants);
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

#endif

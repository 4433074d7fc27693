// SPDX-License-Identifier: MIT
// Fuzzes variants_parse_list on arbitrary bytes. Properties: a list either parses to a mask
// of known variants that variants_format_list prints as a list parsing back to the same mask,
// or is refused with STATUS_BAD_INPUT and a message. A parsed mask then builds rules on two
// small instances (2p h2 r5, 3p h2 r3) or is refused with STATUS_BAD_INPUT and a message;
// rules that build are walked, and the walk's totals must agree with each other.
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "enumerate.h"
#include "fuzz_check.h"
#include "rules.h"
#include "variants.h"

#define LIST_CAP 1024

static void check_build(uint64_t mask, unsigned players, unsigned hands, unsigned rollover)
{
	struct rules_spec spec = {0};
	struct rules *rules = NULL;
	struct error err = {{0}};
	spec.players = players;
	spec.rollover = rollover;
	for (unsigned s = 0; s < RULES_MAX_PLAYERS; s++)
		spec.hands[s] = hands;
	spec.variants = mask;
	spec.max_bytes = UINT64_C(1) << 24;
	enum status st = rules_build(&spec, &rules, &err);
	if (st != STATUS_OK) {
		FUZZ_CHECK(st == STATUS_BAD_INPUT, "mask %#llx, %up: status %d: %s",
			   (unsigned long long)mask, players, (int)st, err.msg);
		FUZZ_CHECK(err.msg[0] != '\0', "mask %#llx, %up: refused without a message",
			   (unsigned long long)mask, players);
		FUZZ_CHECK(rules == NULL, "mask %#llx: rules left set on failure", (unsigned long long)mask);
		return;
	}
	FUZZ_CHECK(rules->start < rules->size, "mask %#llx: start %llu, size %llu",
		   (unsigned long long)mask, (unsigned long long)rules->start,
		   (unsigned long long)rules->size);
	FUZZ_CHECK(rules->variants == mask, "mask %#llx: rules say %#llx", (unsigned long long)mask,
		   (unsigned long long)rules->variants);
	struct enumeration e;
	memset(&e, 0, sizeof e);
	st = enumerate_reachable(rules, NULL, &e, &err);
	FUZZ_CHECK(st == STATUS_OK || st == STATUS_BAD_INPUT, "mask %#llx, %up: walk status %d: %s",
		   (unsigned long long)mask, players, (int)st, err.msg);
	if (st == STATUS_OK) {
		uint64_t sum = 0, terminal = 0;
		for (unsigned d = 0; d <= e.max_depth; d++) {
			sum += e.layer_count[d];
			terminal += e.layer_terminal[d];
		}
		FUZZ_CHECK(e.reachable_count >= 1 && e.reachable_count <= rules->size &&
				   sum == e.reachable_count && terminal == e.terminal_count &&
				   e.terminal_count <= e.reachable_count,
			   "mask %#llx, %up: reachable %llu, layers sum %llu, terminal %llu/%llu",
			   (unsigned long long)mask, players, (unsigned long long)e.reachable_count,
			   (unsigned long long)sum, (unsigned long long)e.terminal_count,
			   (unsigned long long)terminal);
		FUZZ_CHECK(enumeration_depth(&e, rules->start) == 0, "mask %#llx: start not at distance 0",
			   (unsigned long long)mask);
		enumeration_free(&e);
	}
	rules_free(rules);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char list[LIST_CAP], printed[LIST_CAP];
	struct error err = {{0}};
	uint64_t mask = 0, again = 0;
#ifdef _OPENMP
	omp_set_num_threads(1); // fuzzing wants executions, not threads
#endif
	fuzz_copy(list, sizeof list, data, size);
	enum status st = variants_parse_list(list, &mask, &err);
	if (st != STATUS_OK) {
		FUZZ_CHECK(st == STATUS_BAD_INPUT, "'%s': status %d", list, (int)st);
		FUZZ_CHECK(err.msg[0] != '\0', "'%s': refused without a message", list);
		return 0;
	}
	FUZZ_CHECK(mask < (UINT64_C(1) << VARIANT_COUNT), "'%s': unknown bits in %#llx", list,
		   (unsigned long long)mask);
	variants_format_list(mask, printed, sizeof printed);
	st = variants_parse_list(printed, &again, &err);
	FUZZ_CHECK(st == STATUS_OK && again == mask, "'%s' -> %#llx -> '%s' -> %#llx (%s)", list,
		   (unsigned long long)mask, printed, (unsigned long long)again,
		   st == STATUS_OK ? "ok" : err.msg);
	check_build(mask, 2, 2, 5);
	check_build(mask, 3, 2, 3);
	return 0;
}

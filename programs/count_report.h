// SPDX-License-Identifier: MIT
// What `chopsticks count` reports about one walked instance, and its three printers (text,
// csv, json). Shared by cmd_count.c and chopsticks-mpi (mpi/main.c), whose outputs must be
// the same byte for byte. Unreachable groups are printed only when present.
#ifndef CHOPSTICKS_PROGRAMS_COUNT_REPORT_H
#define CHOPSTICKS_PROGRAMS_COUNT_REPORT_H

#include <gmp.h>
#include <stdbool.h>

#include "args.h"
#include "describe.h"
#include "enumerate.h"
#include "position.h"
#include "special.h"
#include "unreachable.h"

// At most this many unreachable positions are kept and printed per group.
#define COUNT_REPORT_UNREACHABLE_LIMIT 1000000

struct count_report {
	const struct rules *rules;
	mpz_t positions, distinct;
	struct enumeration e;       // filled by the caller's walk
	struct unreachable u;       // filled by the caller with --unreachable
	bool with_unreachable;
	struct special_prediction special;
	struct description game;    // the rules, as every output names them
	char hands[128], variants[512], start[POSITION_CODE_MAX]; // variants: describe_variants
};

// Fills everything but e and u from rules (and whether --start was given). Clear with
// count_report_clear, which also frees e and u.
void count_report_init(struct count_report *c, const struct rules *rules, bool custom_start);
void count_report_clear(struct count_report *c);
// Prints c to stdout in format.
void count_report_print(const struct count_report *c, enum format format);

#endif

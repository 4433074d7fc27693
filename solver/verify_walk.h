// SPDX-License-Identifier: MIT
// What verify.c, verify_pair.c and verify_coalition.c share: the check's context, the walk's
// bitmaps and its level loop, the checks of the overflow list and the header. Private to
// solver/verify*.c and their tests.
#ifndef CHOPSTICKS_SOLVER_VERIFY_WALK_H
#define CHOPSTICKS_SOLVER_VERIFY_WALK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "verify.h"

#define NONE UINT64_MAX

struct ctx {
	const struct rules *rules;
	const struct table_map *t;
	char *why; // NULL: only the verdict is wanted
	size_t len;
	// The check of position i from its children (the fault; the failing slot in *slot), with
	// the reason when why is set; NULL: the two-player check of verify.c.
	enum verify_fault (*check)(const struct ctx *c, uint64_t i, const uint64_t *child, size_t n, unsigned *slot);
};

// Bitmaps over every index: reached so far, the current level, the next.
struct walk {
	uint64_t words, *seen, *cur, *next;
};

// One level of the walk: the smallest failing position of w->cur (NONE if none) and, when
// none fails, the children of w->cur marked in w->next. *ok turns false when out of memory.
typedef uint64_t (*walk_level)(void *arg, struct walk *w, bool *ok);

// The walk from the start, level by level, until a level fails (explained in report) or
// none is left; report->checked counts the positions reached.
enum status walk_levels(const struct ctx *c, struct walk *w, walk_level level, void *arg,
			const struct progress *progress, struct verify_report *report, struct error *err);

// Writes the reason (printf format) into c->why, when wanted, and returns f.
enum verify_fault verify_fail(const struct ctx *c, enum verify_fault f, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

// What a pass over every state found: counts by stored value, the first state stored but not
// reached and the first with a stray remoteness byte (NONE: none), the states marked 255,
// the largest remoteness byte of a win or loss.
struct tally {
	uint64_t count[4], unreached, stray, marks;
	unsigned max_rem;
};

// The overflow entries: each at a decided state marked 255, with remoteness >= 255, and one
// for every mark (y->marks). Returns the largest remoteness there (0 if none), or sets the
// fault in report.
unsigned verify_overflow(const struct ctx *c, const struct tally *y, struct verify_report *report);
// The header's reachable positions (against positions), counts and longest line (max_rem)
// against the data; sets the fault in report when they differ.
void verify_header(const struct ctx *c, const struct tally *y, uint64_t positions, unsigned max_rem,
		   struct verify_report *report);

// The check of a table of three or more players (verify_coalition.c), on w (allocated).
enum status verify_coalition(const struct ctx *c, struct walk *w, const struct progress *progress,
			     struct verify_report *report, struct error *err);

// verify_table with the fast walk of verify_pair.c where it applies (fast) or the generic
// walk alone (!fast), which the tests compare it with.
enum status verify_run(const struct rules *rules, const struct table_map *t, bool fast, const struct progress *progress,
		       struct verify_report *report, struct error *err);

// The walk of verify_pair.c when it applies (*applies), with its own checks first.
enum status verify_pair(const struct ctx *c, struct walk *w, const struct progress *progress,
			struct verify_report *report, struct error *err, bool *applies);

#endif

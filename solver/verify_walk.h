// SPDX-License-Identifier: MIT
// What verify.c and verify_pair.c share: the check's context, the walk's bitmaps and its
// level loop. Private to solver/verify*.c and their tests.
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

// verify_table with the fast walk of verify_pair.c where it applies (fast) or the generic
// walk alone (!fast), which the tests compare it with.
enum status verify_run(const struct rules *rules, const struct table_map *t, bool fast, const struct progress *progress,
		       struct verify_report *report, struct error *err);

// The walk of verify_pair.c when it applies (*applies), with its own checks first.
enum status verify_pair(const struct ctx *c, struct walk *w, const struct progress *progress,
			struct verify_report *report, struct error *err, bool *applies);

#endif

// SPDX-License-Identifier: MIT
// Why positions are unreachable: every canonical position that the walk did not reach is put
// in one group by looking at its parents (movegen_parents): none at all (grouped further by
// whether the player who moved last is out of hands), or only unreachable ones.
#ifndef CHOPSTICKS_ANALYSIS_UNREACHABLE_H
#define CHOPSTICKS_ANALYSIS_UNREACHABLE_H

#include <stdint.h>

#include "enumerate.h"
#include "error.h"
#include "rules.h"

enum unreachable_reason {
	UNREACHABLE_NO_PARENT_LAST_DEAD, // no move leads here; the last mover has no live hand
	UNREACHABLE_NO_PARENT,           // no move leads here, for another reason
	UNREACHABLE_PARENTS_UNREACHABLE, // moves lead here, but only from unreachable positions
	UNREACHABLE_REASON_COUNT
};

struct unreachable {
	uint64_t count[UNREACHABLE_REASON_COUNT];
	uint64_t *index[UNREACHABLE_REASON_COUNT]; // ascending; up to `limit` per group kept
};

// Classifies every unreachable position of e, keeping at most limit indexes per group.
// STATUS_FAILURE on allocation failure. Free with unreachable_free.
enum status unreachable_classify(const struct rules *rules, const struct enumeration *e,
				 uint64_t limit, struct unreachable *out, struct error *err);
void unreachable_free(struct unreachable *u);
// One sentence saying why positions of this group are unreachable.
const char *unreachable_reason_text(enum unreachable_reason reason);
// A short key for CSV/JSON: "no-parent-last-dead", "no-parent", "unreachable-parents".
const char *unreachable_reason_key(enum unreachable_reason reason);

#endif

// SPDX-License-Identifier: MIT
// The published two-player table (analysis/published.csv, compiled in as text) as rows.
// Only reference values: nothing here is ever used as an answer.
#ifndef CHOPSTICKS_ANALYSIS_PUBLISHED_H
#define CHOPSTICKS_ANALYSIS_PUBLISHED_H

#include <stddef.h>
#include <stdint.h>

struct published_row {
	unsigned hands, rollover;
	uint64_t positions, distinct, reachable, reachable_sms;
};

// The row for (hands, rollover), or NULL when the table has none. Thread-safe after the
// first call returns.
const struct published_row *published_find(unsigned hands, unsigned rollover);
// All rows in file order; *count receives their number.
const struct published_row *published_rows(size_t *count);

#endif

// SPDX-License-Identifier: MIT
// One row of the position-count table (two players, h hands, rollover r): closed forms,
// reachable counts under the standard rules and under suicide+meta+suns, the published
// values beside them, and, where the walk and the publication disagree, the positions
// responsible with their parents as evidence.
#ifndef CHOPSTICKS_ANALYSIS_TABLE_H
#define CHOPSTICKS_ANALYSIS_TABLE_H

#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "describe.h"
#include "error.h"
#include "progress.h"
#include "position.h"
#include "published.h"
#include "unreachable.h"

// One unreachable position of a row's evidence: its code, why it is unreachable
// (unreachable.h), and the codes of its parents (none for the no-parent groups).
struct table_evidence {
	char code[POSITION_CODE_MAX];
	enum unreachable_reason reason;
	unsigned parent_count;
	char (*parent)[POSITION_CODE_MAX]; // malloc'd, parent_count codes
};

struct table_row {
	unsigned hands, rollover;
	mpz_t positions, distinct;
	bool computed;                // false: refused, see note
	uint64_t reachable, reachable_sms;
	uint64_t last_dead;           // unreachable because the last mover has no live hand
	uint64_t other_unreachable;   // every other unreachable position (standard rules)
	const struct published_row *published; // NULL when the publication has no such row
	char note[160];               // why the row was not computed
	// The evidence: the first unreachable positions other than those whose last mover has no
	// live hand, with their parents (all unreachable too); malloc'd, evidence_count entries,
	// and evidence_more further positions not listed.
	struct table_evidence *evidence;
	unsigned evidence_count;
	uint64_t evidence_more;
	// The two games of the row, as describe.h names them: the standard rules and suicide +
	// meta + suns. described: false when even the rules tables were refused (row not walked).
	bool described, described_sms;
	struct description game, game_sms;
};

// Fills row for (hands, rollover). Instances needing more than max_bytes are not walked
// (computed = false, note says why) and that is not an error. STATUS_FAILURE or
// STATUS_INTERRUPTED stop the table. Clear with table_row_clear.
enum status table_row_compute(struct table_row *row, unsigned hands, unsigned rollover,
			      uint64_t max_bytes, const struct progress *progress, struct error *err);
void table_row_clear(struct table_row *row);
// True when a computed column differs from a published one.
bool table_row_disagrees(const struct table_row *row);

#endif

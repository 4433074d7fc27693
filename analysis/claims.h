// SPDX-License-Identifier: MIT
// Checks of the published statements about the game (SPEC.md, "Other published statements
// to check"): each computes evidence with the enumerator and solver, never a stored answer.
#ifndef CHOPSTICKS_ANALYSIS_CLAIMS_H
#define CHOPSTICKS_ANALYSIS_CLAIMS_H

#include <stdint.h>

#include "enumerate.h"
#include "error.h"
#include "retrograde.h"
#include "rules.h"

// A solved two-player instance.
struct claims_instance {
	struct rules *rules;
	struct enumeration e;
	struct solution s;
};

// Builds, walks and solves 2 players, hands h, rollover r, variants (a mask), with extra
// axis settings (0 = unset, v + 1 = value v, as in rules_spec). STATUS_BAD_INPUT when the
// combination is refused (err says why). Free with claims_instance_free.
enum status claims_solve(unsigned hands, unsigned rollover, uint64_t variants,
			 struct claims_instance *out, struct error *err);
// The same for any two-player spec (uneven hands, axes set directly).
enum status claims_solve_spec(const struct rules_spec *spec, struct claims_instance *out,
			      struct error *err);
void claims_instance_free(struct claims_instance *in);

// Lookahead: positions (reachable, not terminal, not lost for the mover) where a player
// looking depth moves ahead may pick a move that loses under perfect play.
struct lookahead_claim {
	unsigned depth;
	uint64_t checked;  // positions looked at
	uint64_t unsafe;   // of which unsafe
	uint64_t example;  // an unsafe position (smallest index), if any
	uint64_t example_child; // the losing move it may pick
};
enum status claims_lookahead(const struct claims_instance *in, unsigned depth,
			     struct lookahead_claim *out, struct error *err);

// Moves: the distinct moves (as movegen_describe writes them, e.g. "1->3", "13->22") over
// all reachable positions, and the most moves in one position.
#define CLAIMS_MAX_KINDS 512
struct moves_claim {
	unsigned kind_count;
	char kind[CLAIMS_MAX_KINDS][16];
	uint64_t max_moves;
	uint64_t max_at; // a position with that many moves (smallest index)
};
enum status claims_moves(const struct claims_instance *in, struct moves_claim *out,
			 struct error *err);

#endif

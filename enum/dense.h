// SPDX-License-Identifier: MIT
// Move tables for the dense walk and solve (dense_walk.c, solver/dense_solve.c): two players
// with the same number of hands, where a position is a pair (A, B) of states of one hand
// class, A the player to move. States get engine ids ordered by (lives, total, dead hands,
// multiset rank), so that the own-hands moves of a state (splits keep the total, and the
// split axes bound the dead hands) form a few contiguous runs of ids. A position (A, B) is
// bit B of row A of a bit matrix ("A-major"), or bit A of row B in the transposed matrix.
// A move from (A, B) leads to (B, A') with A' in self(A) (row B of the A-major matrix), or
// to (B', A) with B' an attack result (row A of the transposed one), so every pass of the
// walk and the solve writes one row at a time.
#ifndef CHOPSTICKS_ENUM_DENSE_H
#define CHOPSTICKS_ENUM_DENSE_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "rules.h"

// Runs of engine ids: row e holds pairs lo, hi (ids lo .. hi-1) at run[2k], run[2k+1] for
// start[e] <= k < start[e + 1].
struct dense_runs {
	uint32_t *start;
	uint32_t *run;
};

// Row e * modulus + a: targets (engine ids) of state e under a tap by a live value a.
struct dense_edges {
	uint64_t *start;
	uint32_t *to;
};

struct dense {
	const struct rules *rules;
	uint32_t n;             // states of the hand class; positions are n * n
	unsigned hands, modulus;
	uint32_t *state_of;     // engine id -> state (its number in the hand class)
	uint32_t *engine_of;    // state -> engine id
	uint8_t *live;          // engine id -> distinct live values ascending, zero-padded
	uint32_t *self_count;   // engine id -> number of own-hands moves
	struct dense_runs self, unself;
	struct dense_edges hit, unhit;
	size_t max_attacks;     // bound on the distinct attack (or pass) moves of a position
};

// Attack moves of a position fit a one-byte counter below this.
#define DENSE_MAX_ATTACKS 253

// Builds the tables, or sets *out to NULL (and returns STATUS_OK) when the rules are not of
// this shape: other than two players with equal hands, an own-hands move that keeps the
// hands together with a tap that keeps them, an own-hands move of a player without a live
// hand (who passes), or more than DENSE_MAX_ATTACKS attacks.
// STATUS_FAILURE on allocation failure.
enum status dense_build(const struct rules *rules, struct dense **out, struct error *err);
void dense_free(struct dense *d);

// Per-thread scratch for dense_reach.
struct dense_scratch {
	uint32_t *out;   // max_attacks entries: the targets found
	uint32_t *stamp; // n entries
	uint32_t token;
};
// false on allocation failure; free with dense_scratch_free in any case.
bool dense_scratch_init(struct dense_scratch *s, const struct dense *d);
void dense_scratch_free(struct dense_scratch *s);

// The distinct targets of rel over the live values a of mover: rows other * modulus + a; a
// mover without a live hand passes, which leaves other as it is. Writes them to s->out and
// returns how many. With rel = hit these are the attack results B' of the position
// (mover, other); with rel = unhit, the A0 such that (mover, A0) attacks to (other, mover).
size_t dense_reach(const struct dense *d, const struct dense_edges *rel, uint32_t mover,
		   uint32_t other, struct dense_scratch *s);

// The standard index (position.h) of position (a, b) in engine ids.
static inline uint64_t dense_index(const struct dense *d, uint32_t a, uint32_t b)
{
	return d->state_of[a] + (uint64_t)d->n * d->state_of[b];
}

#endif

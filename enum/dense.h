// SPDX-License-Identifier: MIT
// Move tables for the dense walk and solve (dense_walk.c, solver/dense_solve.c): two players,
// where a position is a pair (A, B), A the state of the player to move and B the other's.
// States get engine ids, per hand class, ordered by (lives, total, dead hands, multiset
// rank), so that the own-hands moves of a state (splits keep the total, and the split axes
// bound the dead hands) form a few contiguous runs of ids. The positions with seat s to move
// are side s: bit B of row A of its bit matrix (bitmatrix.h, struct bitpair), or bit A of
// row B in the transposed pair. With equal hands the seats have the same states and one
// side stands for both (sides 1, other(0) = 0); with uneven hands there are two, each the
// other's transposed shape. A move from (A, B) of side s leads to (B, A') of side other(s)
// with A' in self(A) (row B of that side), or to (B', A) with B' an attack result (row A of
// the transposed pair's side s), so every pass of the walk and the solve writes one row at
// a time.
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

// The tables of one hand class, in its engine ids.
struct dense_class {
	uint32_t n;             // states of the hand class
	unsigned hands;
	uint32_t *state_of;     // engine id -> state (its number in the hand class)
	uint32_t *engine_of;    // state -> engine id
	uint8_t *live;          // engine id -> distinct live values ascending, zero-padded
	uint32_t *self_count;   // engine id -> number of own-hands moves
	struct dense_runs self, unself;
	struct dense_edges hit, unhit;
};

struct dense {
	const struct rules *rules;
	unsigned sides;          // 1: equal hands, one side for both seats; 2: one per seat
	unsigned modulus;
	struct dense_class cls[2]; // side s: the mover's states (cls[1] unused with one side)
	uint32_t n[2];           // cls[s].n, the rows of side s (n[1] = n[0] with one side)
	uint32_t rows;           // rows of all sides: n[0] (+ n[1])
	uint64_t block;          // positions of one side: n[0] * n[1] (rules->block)
	size_t max_attacks;      // bound on the distinct attack (or pass) moves of a position
	size_t max_reach;        // bound on what dense_reach finds: those, or attack parents
};

// Attack moves of a position fit a one-byte counter below this.
#define DENSE_MAX_ATTACKS 253

// Builds the tables, or sets *out to NULL (and returns STATUS_OK) when the rules are not of
// this shape: other than two players, an own-hands move that keeps the hands together with a
// tap that keeps them, an own-hands move of a player without a live hand (who passes), or
// more than DENSE_MAX_ATTACKS attacks.
// STATUS_FAILURE on allocation failure.
enum status dense_build(const struct rules *rules, struct dense **out, struct error *err);
void dense_free(struct dense *d);

// The side of the opponent of side s's mover.
static inline unsigned dense_other(const struct dense *d, unsigned s)
{
	return d->sides - 1 - s;
}

// Row r of all sides (0 <= r < d->rows): row *r of side dense_row_side(d, r).
static inline unsigned dense_row_side(const struct dense *d, uint32_t *r)
{
	unsigned s = *r >= d->n[0];
	*r -= s ? d->n[0] : 0;
	return s;
}

// Per-thread scratch for dense_reach.
struct dense_scratch {
	uint32_t *out;   // max_reach entries: the targets found
	uint32_t *stamp; // stamps entries: the states of the larger class
	uint32_t stamps, token;
};
// false on allocation failure; free with dense_scratch_free in any case.
bool dense_scratch_init(struct dense_scratch *s, const struct dense *d);
void dense_scratch_free(struct dense_scratch *s);

enum dense_rel {
	DENSE_HIT,   // the attack results B' of the position (mover, other)
	DENSE_UNHIT, // the A0 such that (mover, A0) attacks to (other, mover)
};
// What dense_reach reads for the positions of one side: the movers' live values and one
// relation of the other's class (taken once per row, not per position).
struct dense_reach_tables {
	const uint8_t *live;
	unsigned hands, modulus;
	const struct dense_edges *rel;
};
static inline struct dense_reach_tables dense_reach_of(const struct dense *d, unsigned side,
						       enum dense_rel which)
{
	const struct dense_class *other = &d->cls[d->sides - 1 - side];
	return (struct dense_reach_tables){d->cls[side].live, d->cls[side].hands, d->modulus,
					   which == DENSE_HIT ? &other->hit : &other->unhit};
}
// The distinct targets of t's relation over the live values a of mover: rows other *
// modulus + a; a mover without a live hand passes, which leaves other as it is. Writes them
// to s->out and returns how many.
size_t dense_reach(const struct dense_reach_tables *t, uint32_t mover, uint32_t other,
		   struct dense_scratch *s);

// The standard index (position.h) of position (a, b) of side s, in engine ids.
static inline uint64_t dense_index(const struct dense *d, unsigned s, uint32_t a, uint32_t b)
{
	return s * d->block + d->cls[s].state_of[a] +
	       (uint64_t)d->n[s] * d->cls[dense_other(d, s)].state_of[b];
}

#endif

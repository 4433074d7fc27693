// SPDX-License-Identifier: MIT
// Move tables for the many-player walk and coalition solve (many_walk.h, solver/many_solve.h):
// positions keep the standard index (position.h: mixed radix over the slots, mover first,
// times the rotation), so nothing is renumbered. Per state: its set of live values as a
// small id, and its own-hands moves (the rules' self relation). Per live set L and state x
// of a class: the distinct states x becomes under a tap by some value of L, and the inverse.
// A move that leaves the position as it is, only rotated (a pass, an own-hands move or tap
// that keeps the hands), is left out of every list and flagged instead, so that the moves
// of a position, its own-hands moves, its attacks on each other slot and that one move, are
// distinct by construction: the same moves as movegen_children, counted without sorting.
#ifndef CHOPSTICKS_ENUM_MANY_H
#define CHOPSTICKS_ENUM_MANY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "position.h"
#include "rules.h"

// Moves of one position (and parents of one position) the engine takes: its counters are
// one byte.
#define MANY_MAX_MOVES 254

struct many_class {
	const struct hand_class *cls;
	uint32_t states;
	uint16_t *live;      // state -> live-set id; 0: no live hand (the player passes)
	uint16_t *self_info; // state -> own-hands moves to other states << 1 | one keeps the hands
};

// Per target class: the distinct states x becomes under a tap by a value of live set L (hit,
// row x * sets + L), or that become x under such a tap (unhit, row L * states + x), x
// itself left out; bit `row` of loop: x is among them. The orders follow the walks: the
// mover's state, hence L, changes fastest along the index, while the parents of a run of
// positions share the mover and L.

struct many_taps {
	uint32_t *start; // rows + 1
	uint32_t *to;
	uint64_t *loop;
};

// One rotation of the hand counts: slot k's class, states and stride in the index.
struct many_seat {
	unsigned cls[RULES_MAX_PLAYERS];
	uint32_t n[RULES_MAX_PLAYERS];
	uint64_t stride[RULES_MAX_PLAYERS];
};

struct many {
	const struct rules *rules;
	unsigned players, period;
	uint64_t block;   // rules->block: positions of one rotation
	uint32_t sets;    // live-set ids 0 .. sets - 1
	struct many_class cls[RULES_MAX_PLAYERS]; // per hand class of the rules
	struct many_taps hit[RULES_MAX_PLAYERS], unhit[RULES_MAX_PLAYERS];
	struct many_seat seat[RULES_MAX_PLAYERS]; // per rotation 0 .. period - 1
	unsigned max_moves;     // bound on the moves, and on the parents, of one position
	uint64_t table_bytes;   // what the tables above hold
};

// Builds the tables, or sets *out to NULL (and returns STATUS_OK) when the rules are not of
// this shape: fewer than two players, a player without a live hand who has own-hands moves
// (movegen lets them only pass), more than MANY_MAX_MOVES moves or parents in a position,
// tables past 32-bit offsets or 65535 live sets, or tap-table rows past 2^23 and a
// sixteenth of the positions (tables out of proportion to the instance, as when one player
// has many more hands than the others). STATUS_FAILURE on allocation failure.
enum status many_build(const struct rules *rules, struct many **out, struct error *err);
void many_free(struct many *m);

// The slots of idx (< rules->size), as position_decode.
static inline void many_decode(const struct many *m, uint64_t idx, struct pos *pos)
{
	pos->seat = m->period == 1 ? 0 : (unsigned)(idx / m->block);
	idx -= pos->seat * m->block;
	const struct many_seat *s = &m->seat[pos->seat];
	for (unsigned k = 0; k + 1 < m->players; k++) {
		uint64_t q = idx / s->n[k];
		pos->state[k] = (uint32_t)(idx - q * s->n[k]);
		idx = q;
	}
	pos->state[m->players - 1] = (uint32_t)idx;
}

static inline bool many_bit(const uint64_t *bits, uint64_t i)
{
	return bits[i >> 6] >> (i & 63) & 1;
}

// The number of distinct moves of the non-terminal position pos (movegen_children's count).
static inline unsigned many_move_count(const struct many *m, const struct pos *pos)
{
	const struct many_seat *s = &m->seat[pos->seat];
	const struct many_class *mc = &m->cls[s->cls[0]];
	uint32_t s0 = pos->state[0];
	uint64_t set = mc->live[s0];
	if (set == 0)
		return 1; // the pass
	unsigned n = mc->self_info[s0] >> 1;
	bool keep = mc->self_info[s0] & 1;
	for (unsigned k = 1; k < m->players; k++) {
		const struct many_taps *t = &m->hit[s->cls[k]];
		uint64_t row = pos->state[k] * (uint64_t)m->sets + set;
		n += t->start[row + 1] - t->start[row];
		keep |= many_bit(t->loop, row);
	}
	return n + keep;
}

// Writes the distinct children of the non-terminal position pos to out (room for
// m->max_moves), in no particular order; returns how many (many_move_count).
static inline unsigned many_children(const struct many *m, const struct pos *pos, uint64_t *out)
{
	unsigned p = m->players, cs = pos->seat + 1 == m->period ? 0 : pos->seat + 1;
	const struct many_seat *s = &m->seat[pos->seat], *c = &m->seat[cs];
	uint64_t base = cs * m->block; // the child that only rotates: slot k goes to k - 1
	for (unsigned k = 1; k < p; k++)
		base += pos->state[k] * c->stride[k - 1];
	const struct many_class *mc = &m->cls[s->cls[0]];
	uint32_t s0 = pos->state[0];
	uint64_t set = mc->live[s0], last = c->stride[p - 1], rest = base;
	base += s0 * last;
	unsigned n = 0;
	bool keep = set == 0 || (mc->self_info[s0] & 1);
	const struct relation *self = &mc->cls->self;
	for (uint64_t e = self->start[s0]; e < self->start[s0 + 1]; e++)
		if (self->to[e] != s0)
			out[n++] = rest + self->to[e] * last;
	for (unsigned k = 1; k < p && set; k++) {
		const struct many_taps *t = &m->hit[s->cls[k]];
		uint64_t row = pos->state[k] * (uint64_t)m->sets + set, st = c->stride[k - 1];
		uint64_t other = base - pos->state[k] * st;
		for (uint32_t e = t->start[row]; e < t->start[row + 1]; e++)
			out[n++] = other + t->to[e] * st;
		keep |= many_bit(t->loop, row);
	}
	if (keep)
		out[n++] = base;
	return n;
}

// Writes the distinct positions that have pos as a child (terminal ones included:
// movegen_parents leaves them out) to out (room for m->max_moves); returns how many.
static inline unsigned many_parents(const struct many *m, const struct pos *pos, uint64_t *out)
{
	unsigned p = m->players, ps = pos->seat == 0 ? m->period - 1 : pos->seat - 1;
	const struct many_seat *s = &m->seat[ps];
	uint32_t moved = pos->state[p - 1]; // the parent's mover, now in the last slot
	uint64_t base = ps * m->block + moved;
	for (unsigned k = 1; k < p; k++)
		base += pos->state[k - 1] * s->stride[k];
	const struct many_class *mc = &m->cls[s->cls[0]];
	uint64_t set = mc->live[moved], rest = base - moved;
	unsigned n = 0;
	bool keep = set == 0 || (mc->self_info[moved] & 1);
	const struct relation *unself = &mc->cls->unself;
	for (uint64_t e = unself->start[moved]; e < unself->start[moved + 1]; e++)
		if (unself->to[e] != moved)
			out[n++] = rest + unself->to[e];
	for (unsigned k = 1; k < p && set; k++) {
		const struct many_taps *t = &m->unhit[s->cls[k]];
		uint64_t row = set * s->n[k] + pos->state[k - 1], st = s->stride[k];
		uint64_t other = base - pos->state[k - 1] * st;
		for (uint32_t e = t->start[row]; e < t->start[row + 1]; e++)
			out[n++] = other + t->to[e] * st;
		keep |= many_bit(t->loop, row);
	}
	if (keep)
		out[n++] = base;
	return n;
}

#endif

// SPDX-License-Identifier: MIT
// The rules interface: players, hands, rollover and variants turned into one const struct
// rules that the enumerator and solver query through movegen.h. Variants set axes (how a
// tap overflows, which splits exist, how the game starts and ends); rules_build then builds
// per-hand-count move tables from the enabled move families. Nothing outside variants.c
// switches on a variant id. Invariant: a built rules value is immutable and thread-safe.
#ifndef CHOPSTICKS_ENUM_RULES_H
#define CHOPSTICKS_ENUM_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "relation.h"

#define RULES_MAX_PLAYERS 16
// Hands per player: a bound for fixed arrays only. Memory refuses first at every rollover
// but 2 (C(h + r - 1, h) states per player: h = 1024 at rollover 3 is 2.8e11 positions for
// two players); rollover 2 is the closed form of its 2h - 1 moves.
#define RULES_MAX_HANDS 1024
// Hand counts up to this one write codes as today; a game with more writes the count form
// (position.h).
#define RULES_CODE_PLAIN_HANDS 16
#define RULES_MAX_ROLLOVER 250
#define RULES_MAX_LIVES 16

enum variant_id {
#define VARIANT(id, name, need, summary, rule) VARIANT_##id,
#include "variants.def"
#undef VARIANT
	VARIANT_COUNT
};

// Axes (axes.def): each is one behaviour field; named variants are presets of axis values.
enum axis {
#define AXIS(id, name, help, values) AXIS_##id,
#include "axes.def"
#undef AXIS
	AXIS_COUNT
};
#define AXIS_MAX_VALUES 4 // values of one axis, and a NULL after them (axis_values)
// The values of each axis, one enum per row: enum { OVERFLOW_ROLLOVER, OVERFLOW_CUTOFF, };
#define VALUE(constant, name) constant,
#define AXIS(id, name, help, values) enum { values };
#include "axes.def"
#undef AXIS
#undef VALUE

struct rules_spec {
	unsigned players;
	unsigned hands[RULES_MAX_PLAYERS]; // per seat, seat 0 moves first
	unsigned rollover;
	uint64_t variants;                 // bit (1 << VARIANT_x) for each variant asked for
	int axis[AXIS_COUNT];              // 0: not set; v + 1: axis set to v directly (--overflow)
	unsigned lives;                    // 0: not given; N >= 1: --lives N (the one-finger rule
					   // with N lives; 1 is exactly sudden-death)
	uint64_t max_bytes;                // refuse instances whose tables need more; 0: no limit
};

// The states of a player with one hand count, with the move relations between them. A
// state is a multiset m of hands (rank by multiset.h) with l lives left: m + count * (l - 1);
// with zombies one more state, the zombie, comes last. State 0 is a player who is out.
struct kept_rows;
struct hand_class {
	unsigned hands;
	uint32_t count;        // C(hands + r - 1, hands) multisets; rank 0 is all dead
	uint32_t states;       // count * lives (+ 1 with zombies)
	uint32_t zombie;       // the zombie state, or UINT32_MAX without zombies
	uint8_t *values;       // states * hands values, ascending (a zombie shows all zeros)
	uint8_t *live_values;  // states * hands: distinct live values ascending, then zeros
			       // (a zombie attacks with 1); none: the player passes
	struct relation self;  // state i -> states after an own-hands move (split, ...)
	struct relation unself;// inverse of self
	struct relation hit;   // row j * r + a: state j tapped by a live hand a -> states
	struct relation unhit; // row j' * r + a: the states j that a tap by a turns into j'
	struct kept_rows *kept;// light rules: own-hands rows made so far (hand_class_light_row)
};

struct rules;
struct pos;

// One family of moves (attack, split, ...): it contributes edges to the class tables.
struct move_family {
	const char *name;
	// Own-hands moves from sorted hands[0..h): calls emit(ctx, result) for each result
	// multiset (sorted, may repeat). NULL if the family has none.
	void (*self_moves)(const struct rules *rules, const uint8_t *hands, unsigned h,
			   void (*emit)(void *ctx, const uint8_t *result), void *ctx);
	// The value of a live hand b tapped by a live hand a, in 0..r-1. NULL if none.
	unsigned (*tap)(const struct rules *rules, unsigned a, unsigned b);
};

#define RULES_MAX_FAMILIES 8

struct rules {
	unsigned players;
	unsigned hands[RULES_MAX_PLAYERS];
	unsigned rollover;    // r, in fingers, as the user gave it
	unsigned scale;       // hand values are counted in 1/scale fingers: 1, or 2 (stumps)
	unsigned modulus;     // r * scale: the value at which a hand dies, in those units
	uint64_t variants;
	int axis[AXIS_COUNT];
	const struct move_family *family[RULES_MAX_FAMILIES];
	unsigned family_count;
	unsigned class_count;
	unsigned class_of[RULES_MAX_PLAYERS]; // seat -> index into class[]
	struct hand_class class[RULES_MAX_PLAYERS];
	unsigned period;      // smallest rotation of hands[] that maps it to itself
	uint64_t block;       // product of class counts over the seats
	uint64_t size;        // period * block: the dense index space
	uint64_t start;       // index of the start position
	size_t max_moves;     // bound on children (and parents) of one position
	uint64_t table_bytes; // memory held by the class tables
	bool light;           // built without the class relations (rules_build_light): movegen
			      // makes a position's rows when asked; no parents, no engines
	unsigned lives;       // lives each player starts with (1: no lives to lose; codes carry no ':L')
	uint64_t max_bytes;   // --max-memory (0: none), for a walk that must keep its distances
			      // in 4 bytes past 254 moves (enumerate.c)
	// The end of the game, chosen from the end axis: is the position over, and which slot
	// has won there.
	bool (*terminal)(const struct rules *rules, const struct pos *pos);
	unsigned (*winner)(const struct rules *rules, const struct pos *pos);
};

// Builds rules from spec. On failure returns STATUS_BAD_INPUT (bad or contradictory input,
// or the tables would exceed spec->max_bytes, with the estimate in the message) or
// STATUS_FAILURE (allocation), sets err, and leaves *out NULL. Free with rules_free.
enum status rules_build(const struct rules_spec *spec, struct rules **out, struct error *err);
// The same with only the hands of each state (no relations): for reading a saved table
// position by position (movegen_children, movegen_describe and the rest that look forward),
// built in microseconds where the relations take seconds. Not for solvers, walks or parents.
enum status rules_build_light(const struct rules_spec *spec, struct rules **out, struct error *err);
void rules_free(struct rules *rules);

// The index of the start the rules give (every hand 1, or r-1 with suns), whatever
// rules_set_start did.
uint64_t rules_default_start(const struct rules *rules);

// Replaces the start position (an index from position_parse). Call before sharing rules.
void rules_set_start(struct rules *rules, uint64_t start);

#endif

// SPDX-License-Identifier: MIT
// Building the tables of one hand count (struct hand_class in rules.h): every state, its
// hands and live values, and the self and hit relations with their inverses, from the move
// families of a rules value. Also the state a move's result becomes under the out rules
// (elimination, lives, zombies). Not thread-safe while building; read-only afterwards but
// for the rows light rules keep (hand_class_light_row, which is thread-safe).
#ifndef CHOPSTICKS_ENUM_HAND_CLASS_H
#define CHOPSTICKS_ENUM_HAND_CLASS_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"
#include "rules.h"

// Builds cls for h hands under rules (axes, families, lives set). STATUS_FAILURE on
// allocation failure (cls is then safe to free).
enum status hand_class_build(const struct rules *rules, struct hand_class *cls, unsigned h,
			     struct error *err);
void hand_class_free(struct hand_class *cls);
// Estimated bytes of the tables of h hands, rollover r, lives lives, made before building.
double hand_class_bytes_estimate(unsigned h, unsigned r, unsigned lives);

// Whether state s is a player still in the game (a live hand, not a zombie).
static inline bool hand_class_alive(const struct hand_class *cls, uint32_t s)
{
	return s != cls->zombie && s % cls->count != 0;
}

// The state that hands a move just produced (sorted) become for a player with lives lives
// left: out when none is live (or, under one-finger, one finger is left after a change);
// then a life is lost and the start hands come back, or with none left the player is out
// (state 0, or the zombie). changed: whether the move changed the hands (passes do not).
uint32_t hand_class_result_state(const struct rules *rules, const struct hand_class *cls,
			   const uint8_t *hands, unsigned lives, bool changed);
// The move family that taps (the last one with a tap), or NULL when no family taps.
const struct move_family *hand_class_tap_family(const struct rules *rules);
// The tap rule, shared by the hit tables and movegen_kind: the state that hand k of state s
// becomes when tapped by the live value a under family fam (hand_class_tap_family, not
// NULL), settled; UINT32_MAX when hand k is dead or repeats hand k - 1 (the same tap).
uint32_t hand_class_tap(const struct rules *rules, const struct hand_class *cls,
			const struct move_family *fam, uint32_t s, unsigned k, unsigned a);
// The rows of the relations of state s, made now (what rules_build_light leaves out). Its
// own-hands moves, in the relation's order, as a row whose first entry is their count: kept
// for the next query of s while the class's kept rows hold less than HAND_CLASS_KEPT_BYTES
// (a stream of queries meets each state many times), else made for this call, *fresh set,
// for the caller to free; NULL when out of memory. Thread-safe: concurrent callers may each
// make a row, and one is kept.
#define HAND_CLASS_KEPT_BYTES (UINT64_C(64) << 20)
const uint32_t *hand_class_light_row(const struct rules *rules, const struct hand_class *cls, uint32_t s,
				     uint32_t **fresh);
// And what a tap by a live a makes of s (at most cls->hands), in the relation's order, into
// out; returns how many.
size_t hand_class_hit_row(const struct rules *rules, const struct hand_class *cls, uint32_t s, unsigned a,
			  uint32_t *out);
// The state of the start hands (every hand 1, or r - 1 under suns) with all lives.
uint32_t hand_class_start(const struct rules *rules, const struct hand_class *cls);

#endif

// SPDX-License-Identifier: MIT
// Positions as dense indexes and as codes. A position lists each player's hands (a multiset,
// ranked by multiset.h) from the player to move on around the ring. Index = seat * block +
// sum_k state_k * stride_k (mixed radix, slot 0 least significant), where state_k is slot
// k's state in its hand class (the multiset rank, with lives and the zombie: rules.h) and
// seat is the rotation of the hand counts (always 0 when every player has the same number
// of hands).
// Example, 2 players, 2 hands, r = 5 (15 multisets): code 1312 has ranks {1,3} -> 7 and
// {1,2} -> 4, so index = 7 + 15 * 4 = 67. Codes: digits run together when r <= 10 and the
// hand counts are all equal (1312); otherwise '/' between players and, when r > 10, '.'
// between hands (0.10/3.11). A game where some player has more than RULES_CODE_PLAIN_HANDS
// hands writes the count form: '/' between players, and each player's distinct values
// ascending as value 'x' count, '.' between them (20 hands, r = 6: 0x3.1x17/1x20). The
// reader takes any form in any game: a value without 'x' counts once (0.10 is 0x1.10x1).
// Tags: ':' lives, 'z' a zombie, 'h' a half. A code is only digits and "/.:xhz", so it is a
// JSON string as it is.
#ifndef CHOPSTICKS_ENUM_POSITION_H
#define CHOPSTICKS_ENUM_POSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "rules.h"

// One player's text at most: 16 hands of "124h." (64 characters); or the count form, at most
// 17 groups of "16hx1024." (past 16 hands the 32-bit states of a player allow at most 17
// hand values: C(33, 17) > 2^32 / 17); then a lives tag ":16" and a '/'.
#define POSITION_PLAYER_MAX (17 * 9 + 3 + 1)
#define POSITION_CODE_MAX (RULES_MAX_PLAYERS * POSITION_PLAYER_MAX + 1)

struct pos {
	unsigned seat;                     // rotation, 0 .. period-1
	uint32_t state[RULES_MAX_PLAYERS]; // per slot, its state in the hand class; slot 0 moves
};

// The class (hand count tables) of slot k of a position with rotation seat.
static inline const struct hand_class *position_class(const struct rules *rules, unsigned seat,
						       unsigned k)
{
	unsigned j = seat + k; // below the players mostly: no division then (this is called everywhere)
	return &rules->class[rules->class_of[j < rules->players ? j : j % rules->players]];
}

// idx must be < rules->size.
void position_decode(const struct rules *rules, uint64_t idx, struct pos *pos);
// Asks for the memory of pos's hands (what its code and moves are written from) before it is
// read: a list of moves reads the hands of hundreds of positions spread over the classes.
static inline void position_warm(const struct rules *rules, const struct pos *pos)
{
	for (unsigned k = 0; k < rules->players; k++) {
		const struct hand_class *cls = position_class(rules, pos->seat, k);
		__builtin_prefetch(cls->values + (uint64_t)pos->state[k] * cls->hands);
	}
}
uint64_t position_encode(const struct rules *rules, const struct pos *pos);

// Parses a code (either form, where unambiguous; hands in any order). Returns
// STATUS_BAD_INPUT with a message naming the code and what is allowed on failure.
enum status position_parse(const struct rules *rules, const char *code, uint64_t *idx,
			   struct error *err);
// Writes the canonical code of idx into buf (at least POSITION_CODE_MAX bytes); _pos: of
// the decoded position pos, returning the characters written (the '\0' not counted).
void position_format(const struct rules *rules, uint64_t idx, char *buf);
size_t position_format_pos(const struct rules *rules, const struct pos *pos, char *buf);
// Writes hand value (in 1/scale fingers) as a code writes it ("3", or "2h" for two and a
// half under stumps); returns the characters written (at most 5).
int position_hand_text(const struct rules *rules, unsigned value, char *buf);
// Whether the game's codes are only each hand's digit, nothing between the players (rollover
// at most 10, one seat a turn, no tags, no count form): the codes of one seat's positions
// then have the same length.
bool position_digit_codes(const struct rules *rules);
// Writes the hands of state s of cls as a code of the plain form writes them ("0134",
// "0.3.11" past rollover 10); returns the characters written.
size_t position_hands_text(const struct rules *rules, const struct hand_class *cls, uint32_t s, char *buf);
// The hands of slot k of idx, ascending; returns the hand count.
unsigned position_hands(const struct rules *rules, uint64_t idx, unsigned k, uint8_t *out);

#endif

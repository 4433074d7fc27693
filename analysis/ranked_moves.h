// SPDX-License-Identifier: MIT
// The moves from a solved position, described and ordered best first for the mover:
// fastest win, then draws, then slowest loss, ties by resulting code (a remoteness past
// 2^30 - 1, which no real game reaches, sorts as that). Used by show and play.
// With three or more players a move's value is the mover's duel against all the others
// (coalition.h) after it.
#ifndef CHOPSTICKS_ANALYSIS_RANKED_MOVES_H
#define CHOPSTICKS_ANALYSIS_RANKED_MOVES_H

#include <stddef.h>
#include <stdint.h>

#include "movegen.h"
#include "position.h"
#include "coalition.h"
#include "retrograde.h"

// A move and what it leads to; its text and code lie in the room after the moves (below).
struct ranked_move {
	uint64_t child;
	enum value value;    // for the mover
	unsigned remoteness; // to the end, this move included (0 for a draw)
	uint32_t key;        // the order of value and remoteness: best first
	const char *text;    // "1->3", "13->22", "pass"
	const char *code;    // the resulting position
	uint16_t text_len, code_len; // their lengths
};

// Bytes of the room ranked_moves fills: rules->max_moves moves, then room for their text and
// codes at the longest (written side by side, so a position's moves touch only what they
// use: a struct with kilobytes of room for each string made a show of 1,513 moves fault in
// 4 MB), and RANKED_MOVES_SLACK bytes after them, so that a string may be read that many
// bytes at a time. Allocate it with malloc; the strings stay until the next call on the same
// room.
#define RANKED_MOVES_SLACK 16
size_t ranked_moves_bytes(const struct rules *rules);

// Fills out (ranked_moves_bytes of room) with the moves from reachable position at.
size_t ranked_moves(const struct rules *rules, const struct solution *s, uint64_t at,
		    struct ranked_move *out);
// The same with at's children already made: child[0 .. n), movegen_children's list.
size_t ranked_moves_of(const struct rules *rules, const struct solution *s, uint64_t at, const uint64_t *child,
		       size_t n, struct ranked_move *out);
// The same from a coalition solve (three or more players): the value and remoteness of
// the mover's duel after each move. Returns 0 when out of memory.
size_t ranked_moves_coalition(const struct rules *rules, const struct coalition *c, uint64_t at,
			      struct ranked_move *out);

#endif

// SPDX-License-Identifier: MIT
// The queries the enumerator and solver make of a rules value: the children and parents of
// a position (as indexes), whether it is terminal, and who has won there. Moves are
// identified by the position they lead to, so two moves that reach the same position are
// one move. All functions are thread-safe and allocate nothing.
#ifndef CHOPSTICKS_ENUM_MOVEGEN_H
#define CHOPSTICKS_ENUM_MOVEGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules.h"

// True when at most one player has a live hand (the game is over).
bool movegen_is_terminal(const struct rules *rules, uint64_t idx);
// The slot (0 = player to move) of the winner of terminal position idx.
unsigned movegen_winner(const struct rules *rules, uint64_t idx);
// Whether the player at slot (0 = to move) has won terminal position pos, or idx: the one
// rule every solver (backward, dense, lookahead) reads a terminal position by.
bool movegen_pos_won_by(const struct rules *rules, const struct pos *pos, unsigned slot);
bool movegen_won_by(const struct rules *rules, uint64_t idx, unsigned slot);
// Writes the distinct children of idx, ascending, to out (room for rules->max_moves) and
// returns how many; 0 for a terminal position. A player with no live hand passes.
size_t movegen_children(const struct rules *rules, uint64_t idx, uint64_t *out);
// The same children in no particular order, some possibly more than once (cheaper).
size_t movegen_children_any(const struct rules *rules, uint64_t idx, uint64_t *out);
// Writes the distinct non-terminal positions that have idx as a child, ascending (room
// for rules->max_moves), reachable from the start or not; returns how many.
size_t movegen_parents(const struct rules *rules, uint64_t idx, uint64_t *out);
enum move_kind { MOVE_ATTACK, MOVE_SELF, MOVE_PASS };
// The kind of the move from parent to child (a child of parent): the mover's own hands
// change (MOVE_SELF: split, self-attack, flip), an opponent's do (MOVE_ATTACK), or
// nothing changes (MOVE_PASS).
enum move_kind movegen_kind(const struct rules *rules, uint64_t parent, uint64_t child);
// Describes the move from parent to child (a child of parent): "1->3" (attack with a 1 on
// a 3; "1->3@2" names the slot attacked with three or more players), "13->22" (own hands,
// as codes of the mover's hands) or "pass". buf holds at least MOVEGEN_TEXT_MAX bytes.
// _pos: the same of decoded positions (a list of moves decodes its parent once), returning
// the characters written (the '\0' not counted).
#define MOVEGEN_TEXT_MAX (2 * POSITION_PLAYER_MAX + 8)
void movegen_describe(const struct rules *rules, uint64_t parent, uint64_t child, char *buf);
size_t movegen_describe_pos(const struct rules *rules, const struct pos *from, const struct pos *to, char *buf);

// Two players, side s (0 <= s < rules->period: the positions with seat s to move), cls[0]
// and cls[1] the classes of its mover and of the other, with m and o states: the children
// that movegen_children_any gives s * rules->block + A + m * B are none when it is
// terminal; c + B + o * A alone (a pass) when A has no live hand; otherwise c + B + o * A'
// for A' in cls[0]->self row A (own hands) and c + B' + o * A for B' in cls[1]->hit row
// B * rules->modulus + v, v each live value of A (attacks), where c = ((s + 1) %
// rules->period) * rules->block starts the next side (side 0 itself with equal hands, whose
// one class has m = o states). Writes cls for walks over whole rows and columns and returns
// true, or false when rules have more players.
bool movegen_pair_side(const struct rules *rules, unsigned s, const struct hand_class *cls[2]);
// The own-hands moves of cls as groups, when they have that shape: the moves of each state s
// lead to exactly the other states of one group holding s (free splits: the other multisets
// with the same total and no more dead hands). Groups may overlap and are listed once each.
// Writes group[s] (UINT32_MAX for a state without own-hands moves) and the groups' states,
// ascending, as first[g] .. first[g + 1] into member[] (room for cls->states + 1 and
// capacity); scratch holds 2 * cls->states. Returns the number of groups, or UINT32_MAX when
// the moves have another shape or the groups need more room.
uint32_t movegen_self_groups(const struct hand_class *cls, uint32_t *group, uint32_t *first, uint32_t *member,
			     uint64_t capacity, uint32_t *scratch);
#endif

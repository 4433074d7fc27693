// SPDX-License-Identifier: MIT
// The order in which a format 2 table keeps its states (table_file.h's index scheme).
// Scheme 1: in index order. Scheme 2 (two players with equal hands, size = S * S): the index
// idx = a + S * b (a the state of the player to move, b the other's; position.h) lies at
// place b + S * a, so the children of a position, which mostly keep the parent's opponent as
// their mover and differ in the other slot, lie side by side, in one block or two, where index
// order scatters them a row of S apart. Here: the map from index to place, a writer's gather
// into place order and a whole load's scatter back into index order.
#ifndef CHOPSTICKS_SOLVER_TABLE_ORDER_H
#define CHOPSTICKS_SOLVER_TABLE_ORDER_H

#include <stdint.h>

struct solution;

// The place of index idx: idx itself in scheme 1 (side 0), else b + side * a.
static inline uint64_t table_place(uint64_t side, uint64_t idx)
{
	if (side && (idx | side) <= UINT32_MAX) // a 32-bit division where it does (lookups are many)
		return (uint32_t)idx / (uint32_t)side + side * ((uint32_t)idx % (uint32_t)side);
	return side ? idx / side + side * (idx % side) : idx;
}

// The side S of a scheme 2 table of size indexes (S * S == size), or 0 when size is no square.
uint64_t table_order_side(uint64_t size);

// Section bytes in place order (side S) from s's arrays in index order: places first ..
// first + n - 1 into out, a byte each (section 0: the value, 1: the remoteness byte).
// In parallel; first + n <= s->size.
void table_order_gather(const struct solution *s, uint64_t side, int section, uint64_t first, uint64_t n,
			uint8_t *out);

// The decoded block of section (0: values, 2 bits a state; 1: a byte a state) holding the
// places first .. first + n - 1 (first a multiple of 4), written at their indexes into whole
// (index order). whole must start zeroed: blocks share bytes of values there, merged with an
// atomic or, and a tile of remoteness bytes that are all 0 is not written. Thread-safe
// against other blocks.
void table_order_scatter(uint64_t side, int section, uint64_t first, uint64_t n, const uint8_t *block,
			 uint8_t *whole);

#endif

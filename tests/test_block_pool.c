// SPDX-License-Identifier: MIT
// block_pool.h: slots never overlap, across slabs too; a slot given back is handed out
// again before any new one; a pool of slots larger than a slab still works.
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "block_pool.h"

#define SLOT 4096
#define COUNT 20000 // 80 MB of slots: three slabs

// Fills each slot with its own number, then checks every byte of every slot.
static void fill_and_check(uint8_t **slot, size_t n, size_t bytes)
{
	for (size_t i = 0; i < n; i++)
		memset(slot[i], (int)(i % 251), bytes);
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < bytes; k++)
			cr_assert_eq(slot[i][k], i % 251, "slot %zu byte %zu overwritten", i, k);
}

Test(block_pool, slots_are_apart_and_come_back)
{
	static uint8_t *slot[COUNT];
	struct block_pool *p = block_pool_new(SLOT, COUNT);
	cr_assert(p);
	for (size_t i = 0; i < COUNT; i++)
		cr_assert((slot[i] = block_pool_get(p)));
	fill_and_check(slot, COUNT, SLOT);
	static uint8_t *back[COUNT / 2];
	for (size_t i = 0; i < COUNT; i += 2)
		block_pool_put(p, back[i / 2] = slot[i]);
	for (size_t i = 0; i < COUNT; i += 2) { // the given-back slots, none new
		uint8_t *again = block_pool_get(p);
		bool known = false;
		for (size_t k = 0; k < COUNT / 2 && !known; k++)
			known = again == back[k];
		cr_assert(known, "get %zu: a new slot while given-back ones were free", i / 2);
		slot[i] = again;
	}
	fill_and_check(slot, COUNT, SLOT);
	block_pool_free(p);
}

Test(block_pool, a_slot_larger_than_a_slab)
{
	uint8_t *slot[3];
	size_t bytes = (UINT64_C(40) << 20) + 5;
	struct block_pool *p = block_pool_new(bytes, 3);
	cr_assert(p);
	for (size_t i = 0; i < 3; i++)
		cr_assert((slot[i] = block_pool_get(p)));
	fill_and_check(slot, 3, bytes);
	block_pool_free(p);
}

// SPDX-License-Identifier: MIT
// Slots for decoded blocks (see block_pool.h): mappings of about SLAB_BYTES, aligned to huge
// pages, handed out a slot at a time; given-back slots on a free list.
#define _DEFAULT_SOURCE // MAP_ANONYMOUS, madvise
#include "block_pool.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#define SLAB_BYTES (UINT64_C(32) << 20)
#define HUGE_PAGE (UINT64_C(2) << 20)

struct slab {
	void *map;
	size_t bytes;
};

struct block_pool {
	size_t slot, per;      // bytes a slot, slots a slab
	struct slab *slabs;
	size_t slab_count, slab_room;
	uint8_t *next;         // the newest slab's first slot not handed out, left of them
	size_t left;
	void **free;           // slots given back
	size_t free_count, free_room;
};

struct block_pool *block_pool_new(size_t slot, size_t most)
{
	struct block_pool *p = calloc(1, sizeof *p);
	if (p) {
		p->slot = slot;
		p->per = SLAB_BYTES / slot < most ? SLAB_BYTES / slot : most;
		p->per = p->per ? p->per : 1;
	}
	return p;
}

// Maps a slab (one huge page more, to start it on a huge page); false when out of memory.
static int add_slab(struct block_pool *p)
{
	if (p->slab_count == p->slab_room) {
		size_t room = p->slab_room ? 2 * p->slab_room : 8;
		struct slab *s = realloc(p->slabs, room * sizeof *s);
		if (!s)
			return 0;
		p->slabs = s, p->slab_room = room;
	}
	size_t used = p->per * p->slot, bytes = used + HUGE_PAGE;
	void *map = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED)
		return 0;
	uintptr_t start = ((uintptr_t)map + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
	madvise((void *)start, used, MADV_HUGEPAGE); // advice: without it the slots still work
	p->slabs[p->slab_count++] = (struct slab){map, bytes};
	p->next = (uint8_t *)start, p->left = p->per;
	return 1;
}

void *block_pool_get(struct block_pool *p)
{
	if (p->free_count)
		return p->free[--p->free_count];
	if (!p->left && !add_slab(p))
		return NULL;
	p->left--;
	return (p->next += p->slot) - p->slot;
}

void block_pool_put(struct block_pool *p, void *slot)
{
	if (p->free_count == p->free_room) {
		size_t room = p->free_room ? 2 * p->free_room : 64;
		void **f = realloc(p->free, room * sizeof *f);
		if (!f)
			return; // the slot stays mapped, unused, until block_pool_free
		p->free = f, p->free_room = room;
	}
	p->free[p->free_count++] = slot;
}

void block_pool_free(struct block_pool *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->slab_count; i++)
		munmap(p->slabs[i].map, p->slabs[i].bytes);
	free(p->slabs), free(p->free), free(p);
}

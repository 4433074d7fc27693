// SPDX-License-Identifier: MIT
// Room for the decoded blocks of a format 2 table (table_blocks.c): slots of one size cut
// from large mappings with transparent huge pages advised, a freed slot kept for the next
// block. A stream of queries decodes hundreds of megabytes of blocks; from malloc, each
// 4 KiB page of them was a fault and a clear in the kernel, and went back to the system
// when the block was dropped. Measured on this 2-core VM, one chop_solution_probe_many of
// 100,000 random codes of the 8-hand table (every block decoded): 244,145 probes/s with
// huge pages advised, 191,719 with them refused (medians of 3); a stream through show -
// was the same either way. Not thread-safe (the reader calls it under its lock).
#ifndef CHOPSTICKS_SOLVER_BLOCK_POOL_H
#define CHOPSTICKS_SOLVER_BLOCK_POOL_H

#include <stddef.h>

struct block_pool;

// A pool of at most most slots of slot bytes at once; NULL when out of memory.
struct block_pool *block_pool_new(size_t slot, size_t most);
// A slot; NULL when out of memory.
void *block_pool_get(struct block_pool *p);
// Gives slot (from block_pool_get of p) back for the next get.
void block_pool_put(struct block_pool *p, void *slot);
// Unmaps every slot.
void block_pool_free(struct block_pool *p);

#endif

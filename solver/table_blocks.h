// SPDX-License-Identifier: MIT
// Format 2 of saved solution tables (table_file.h, README "Solution tables"): the values and
// the remoteness bytes in independently compressed blocks (zstd), each with its own hash,
// checked every time it is read; a block reader that decodes only the blocks a query needs and
// keeps the last ones decoded (24 MiB, more for a batch of queries), so that a table answers
// a probe without reading the rest of the file. Internal to table_file.c and
// retrograde.h's solution_value, which reads through a reader when the solution has one.
#ifndef CHOPSTICKS_SOLVER_TABLE_BLOCKS_H
#define CHOPSTICKS_SOLVER_TABLE_BLOCKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cell.h"
#include "error.h"

// States per block (a power of two, a multiple of 4): chosen by measurement on the 8-hand
// table (README "Solution tables": 2^16 gave 0.085 bytes per position, 2^18 0.068, 2^20
// 0.052, decoding in 0.08, 0.17 and 0.62 ms).
#define TABLE_BLOCK_STATES (UINT32_C(1) << 18)
#define TABLE_BLOCK_LEVEL 3 // zstd level
// Overflow entries per chunk of the overflow list (64 KiB), each chunk hashed on its own
// and checked when a lookup first reads it (the 10-hand table's list is 182 MB).
#define TABLE_OVERFLOW_CHUNK 4096

struct table_blocks;
struct solution;

// What a table's states are: two players, one per index (the value for the player to move,
// the other's being its opposite), stride = the index count N; three or more, the duel of
// every slot t at every index, state t * stride + index, stride = N rounded up to a multiple
// of 64 (the coalition solver's layout, coalition.h), the states past N in each slot unused.
// side: 0 when the blocks hold the states in that order (index scheme 1); else (index scheme
// 2: two players, equal hands, N = side * side) index idx lies at place table_place(side,
// idx) of table_order.h.
struct table_shape {
	unsigned players;
	uint64_t stride, states, side;
};

// The hash of len bytes (a format 2 block's compressed bytes, a chunk of table_checksum):
// words mixed from h = len (table_file.c); a change of any one word always changes it.
uint64_t table_hash(const uint8_t *data, size_t len);

// Writes the format 2 file of s to f (opened for writing, empty): meta (header, settings,
// index, overflow, checksum; head holds the header's first 88 bytes, as format 1's) and the
// blocks, streamed from fill as table_save_filled describes. False with errno on failure.
// fill(ctx, section, offset, most, &piece): table_file.h.
typedef uint64_t (*table_fill)(void *ctx, int section, uint64_t offset, uint64_t most, const uint8_t **piece);
int table_blocks_write(FILE *f, const uint8_t *head, const struct solution *s, const struct table_shape *shape,
		       const char *settings, table_fill fill, void *ctx);

// Checks the format 2 file mapped at base (bytes long; the header's common fields already
// parsed into size and overflow_count) and builds its reader: header fields (players 2 to
// RULES_MAX_PLAYERS, the stride that fits them and size, the block count of that many
// states), the file's length, the index, the overflow order and the checksum of all that,
// with *shape what the header says (index scheme 2 needs two players and a square size).
// Block contents are checked when read. STATUS_BAD_INPUT naming what is wrong;
// STATUS_FAILURE (memory).
enum status table_blocks_open(const char *path, const uint8_t *base, uint64_t bytes, uint64_t size,
			      unsigned scheme, uint64_t overflow_count, struct table_blocks **out,
			      struct table_shape *shape, const uint8_t **overflow, struct error *err);
void table_blocks_close(struct table_blocks *b);

// Every block decoded and checked, and every chunk of the overflow list checked (in
// parallel, once; kept until close): the values and the remoteness bytes of format 1, in
// index order whatever the scheme. STATUS_BAD_INPUT naming the first damaged block or chunk.
// scratch: the sections lie in a file of table_scratch_dir(), deleted at once and mapped
// shared, whose pages the kernel can write out and drop (what format 1's mapped sections
// allow), where memory would not hold them; STATUS_FAILURE when that disk has no room.
enum status table_blocks_whole(struct table_blocks *b, bool scratch, const uint8_t **values,
			       const uint8_t **remoteness, struct error *err);
// Where scratch files go: $TMPDIR, or /tmp.
const char *table_scratch_dir(void);

// The value and remoteness byte of index idx (< size), from the block of its place; thread-safe. A damaged
// block gives VALUE_UNKNOWN and 0 and is counted (table_blocks_damage).
enum value table_blocks_value(struct table_blocks *b, uint64_t idx);
uint8_t table_blocks_rem_byte(struct table_blocks *b, uint64_t idx);
// The remoteness of the overflow entry of idx (a state marked 255), from its chunk of the
// list, checked when first read; 255 when there is none or its chunk is damaged (counted,
// as a damaged block is). Thread-safe.
unsigned table_blocks_overflow(struct table_blocks *b, uint64_t idx);
// Both for idx[0 .. n) (any order; grouped by block internally, each block decoded once):
// values[i] an enum value, rem[i] the remoteness byte (either may be NULL).
void table_blocks_many(struct table_blocks *b, const uint64_t *idx, size_t n, uint8_t *values, uint8_t *rem);
// The same from a frozen cache (table_blocks_prefetch), without the lock, the memory of a
// group of lookups asked for together (a list of moves looks up hundreds of scattered
// states); false, with nothing done, when the cache is not frozen.
bool table_blocks_many_frozen(struct table_blocks *b, const uint64_t *idx, size_t n, uint8_t *values, uint8_t *rem);
// A batch of queries whose positions are known up front: decodes, in parallel, the blocks
// that lookups of idx[0 .. n) will read, and keeps up to max_bytes of decoded blocks (not
// less than the 24 MiB kept otherwise) until table_blocks_forget, so that batches that
// follow find them. A batch that needs more gets what fits; the rest is decoded as it is
// read. A damaged block is left to the lookup that reads it, which counts it. True when
// every block those lookups read is now kept: until the next prefetch or forget the cache
// is frozen (lookups read it without the lock, so threads answering the batch do not wait
// on each other, and nothing is dropped). False when some block is damaged, does not fit or
// memory ran out (lookups then decode as they read, under the lock). Prefetch and forget
// must not run while other lookups of b do.
bool table_blocks_prefetch(struct table_blocks *b, const uint64_t *idx, size_t n, uint64_t max_bytes);
// Back to the 24 MiB kept otherwise. The memory of the blocks dropped stays with b, for the
// blocks it decodes next (block_pool.h), until table_blocks_close.
void table_blocks_forget(struct table_blocks *b);

// Damaged blocks read so far (table_blocks_faults); when it grows past *seen, err names the last one, *seen is
// updated and the result is true.
int table_blocks_damage(struct table_blocks *b, uint64_t *seen, struct error *err);
uint64_t table_blocks_faults(struct table_blocks *b);

#endif

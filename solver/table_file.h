// SPDX-License-Identifier: MIT
// Saved solution tables (`solve --save`): a binary file holding the value and remoteness of
// every state of a game, for `show`, `play` and `graph --table` and for `verify`. Two
// players: one state per position, the value for the player to move. Three or more: the
// coalition's duels (coalition.h), one state per (slot t, position idx) at t * stride + idx,
// each for the side to move there (the target when t == 0, else the others together).
// Little-endian throughout; README "Solution tables" has the layout byte by byte.
// Both formats begin with the same 88 header bytes: magic "CHOPSTBL", u32 version (1 or 2),
// u32 index scheme (1: the sections hold the states in the order of position.h's index; 2:
// format 2 with two players of equal hands, N = S * S: index a + S * b at place b + S * a,
// table_order.h; every other index in the file, such as the overflow list's and the start,
// is position.h's), u64 size N (indexes), u64 reachable
// positions, u64 win, loss, draw counts over the states (their sum: reachable with two
// players, players x reachable with more), u64 start index, u32 max remoteness, u32 settings
// length L, u64 state where the max remoteness starts, u64 overflow count M.
// Format 1 (written by `verify --save-format 1`; two players only; read always): then u64
//   section offsets: values, remoteness, overflow, settings; zero padding to 128;
//   settings: L bytes, describe_settings() of the rules (no NUL), zero-padded to 8;
//   values: ceil(N / 4) bytes, position i in bits 2 (i % 4) and up of byte i / 4:
//     0 unreachable, 1 win, 2 loss, 3 draw (for the player to move); zero-padded to 8;
//   remoteness: N bytes, the remoteness of a win or loss below 255, 255 when it is 255 or
//     more (see overflow), 0 for a draw or an unreachable position; zero-padded to 8;
//   overflow: M pairs (u64 index, u64 remoteness), ascending index, for remoteness >= 255;
//   checksum: u64, table_checksum() of every byte before it.
// Format 2 (the default): header bytes 88 on: u32 states per block B (2^18), u32 players P
//   (2 to RULES_MAX_PLAYERS), u64 stride (P = 2: N; P >= 3: N rounded up to a multiple of
//   64), u64 blocks per section K = ceil(S / B) with S the states (P = 2: N; else P x
//   stride), u64 offset of the first block, u64 file length; then the settings as in format
//   1; the index, 2K entries (u64 offset, u64 table_hash of the block's compressed bytes): K
//   blocks of the values section, then K of the remoteness section; the overflow list's
//   directory, one entry per chunk of TABLE_OVERFLOW_CHUNK entries of it (u64 the chunk's
//   first state, u64 table_hash of its bytes); u64 table_checksum() of all bytes before it;
//   the overflow list as in format 1 (over states), each chunk checked when first read; then
//   the blocks in
//   state order, back to back, each one zstd frame that decodes to the bytes of its section
//   (coded as format 1's, state s in place of position i) for states kB .. min(S, (k + 1) B)
//   - 1, counted in place order under index scheme 2 (a block ends where the next begins,
//   the last at the file's end). States t * stride + idx with idx >= N are 0 (unreachable).
//   table_save writes scheme 2 where it applies, table_save_filled (MPI) and three or more
//   players scheme 1.
// Written to FILE.tmp and renamed. Opened by mapping the file read-only: format 1 is checked
// whole at open; format 2's meta part at open, each block whenever it is read and each chunk
// of the overflow list when a lookup first reads it.
#ifndef CHOPSTICKS_SOLVER_TABLE_FILE_H
#define CHOPSTICKS_SOLVER_TABLE_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "coalition.h"
#include "error.h"
#include "retrograde.h"
#include "table_blocks.h"

#define TABLE_VERSION_FLAT 1
#define TABLE_VERSION_BLOCKS 2
#define TABLE_INDEX_SCHEME 1   // the blocks hold the states in index order
#define TABLE_SCHEME_SWAPPED 2 // format 2, two players, equal hands: in place order (table_order.h)
#define TABLE_HEADER_BYTES 128
#define TABLE_SETTINGS_MAX 4096

struct table_map {
	const uint8_t *base;     // the mapped file
	size_t bytes;
	uint64_t size, reachable, count[4], start, max_remoteness_at;
	unsigned max_remoteness;
	char settings[TABLE_SETTINGS_MAX];
	unsigned version;             // TABLE_VERSION_FLAT or TABLE_VERSION_BLOCKS
	unsigned players;             // 2, or the coalition's players (sol holds its duels)
	uint64_t stride;              // the coalition's stride (two players: size)
	struct table_blocks *blocks;  // format 2: the block reader (sol reads through it)
	// Format 1's sections are a solution's arrays as they are: sol borrows them from the
	// mapping (and has the header's size, counts and longest line), for solution_value and
	// the rest; format 2's sol reads through blocks until table_load_whole. sol.size is the
	// states (players x stride with three or more players), its counts over them.
	struct solution sol;
};

// The checksum of data[0 .. len): the data is cut into 1 MiB chunks, each hashed word by
// word (u64 little-endian, the last zero-padded) as h = rotl(h ^ w, 29) * 0x9E3779B97F4A7C15
// from h = len of the chunk, and the chunk hashes are hashed the same way from h = len.
// A change of any one word always changes it. Parallel, the same for any thread count.
uint64_t table_checksum(const uint8_t *data, size_t len);

// Saves the solved positions of s under rules to path in format 2 (through path.tmp and a
// rename); settings names the game (describe_settings). STATUS_FAILURE with the reason on
// I/O errors, leaving no file behind. table_save_flat: the same in format 1.
enum status table_save(const char *path, const struct rules *rules, const struct solution *s,
		       const char *settings, struct error *err);
enum status table_save_flat(const char *path, const struct rules *rules, const struct solution *s,
			    const char *settings, struct error *err);
// table_save (format 2) with the values and remoteness sections from fill (s gives the header fields and
// the overflow list; its values and remoteness may be NULL), for a solution that no process
// holds whole (mpi/): fill(ctx, section, offset, most, &piece) points piece at the next bytes
// of section (TABLE_VALUES, then TABLE_REMOTENESS) from offset on and returns how many, 1 ..
// most. Called in section order, every byte of both sections exactly once, unless the file
// cannot be created (then not at all); each block is compressed as its bytes come.
enum { TABLE_VALUES, TABLE_REMOTENESS };
// Saves the duels of c (three or more players; STATUS_BAD_INPUT for two) in format version
// (TABLE_VERSION_BLOCKS; TABLE_VERSION_FLAT is refused with STATUS_BAD_INPUT, format 1
// keeping two players only), as table_save.
enum status table_save_coalition(const char *path, unsigned version, const struct rules *rules,
				 const struct coalition *c, const char *settings, struct error *err);
enum status table_save_filled(const char *path, const struct rules *rules, const struct solution *s,
			      const char *settings, table_fill fill, void *ctx, struct error *err);
// Maps path and checks it: magic, version, index scheme, sizes against the file's length, the
// overflow order and the checksum (format 1: of the whole file; format 2: of its header,
// index and overflow directory, the blocks and the overflow list's chunks being checked when
// read). STATUS_BAD_INPUT naming what
// is wrong (not a table, another version, truncated, checksum mismatch); STATUS_FAILURE on
// I/O errors.
enum status table_open(const char *path, struct table_map *out, struct error *err);
// Format 2: decodes and checks every block (in parallel) and points t->sol at the whole
// sections, as format 1 has them (verify); nothing to do for format 1. STATUS_BAD_INPUT
// naming the first damaged block.
// scratch: in a scratch file (table_blocks_whole).
enum status table_load_whole(struct table_map *t, bool scratch, struct error *err);
void table_close(struct table_map *t);
// A coalition over t's states (three or more players), borrowing t->sol as it is now (take it
// after table_load_whole, if called): players, size, stride and the header's reachable
// count; the per-seat counts are not kept in a table and stay 0. Valid while t is open.
void table_coalition(const struct table_map *t, struct coalition *out);

// solution_value and solution_remoteness of t->sol (idx a state).
enum value table_value(const struct table_map *t, uint64_t idx);
unsigned table_remoteness(const struct table_map *t, uint64_t idx);

#endif

// SPDX-License-Identifier: MIT
// Format 2 tables: writing the compressed blocks, checking the meta part at open, and the
// block reader with its cache (see table_blocks.h; the layout is table_file.h's).
#define _DEFAULT_SOURCE // MAP_ANONYMOUS, madvise
#include "table_blocks.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zstd.h>

#include "block_pool.h"
#include "le64.h"
#include "many_solve.h"
#include "retrograde.h"
#include "table_file.h"
#include "table_order.h"

#define CACHE_BYTES (UINT64_C(24) << 20)      // decoded blocks kept between lookups
#define BATCH 32            // blocks compressed at once when writing
#define STREAMS 2           // values, then remoteness
#define NO_ENTRY UINT64_MAX
#define CHUNK TABLE_OVERFLOW_CHUNK

// Header fields of format 2 past the common 88 bytes (table_file.h).
enum { F2_BLOCK_AT = 88, F2_STRIDE_AT = 96, F2_COUNT_AT = 104, F2_FIRST_AT = 112, F2_LENGTH_AT = 120 };

// What is known of a chunk of the overflow list: checked when a lookup first reads it.
enum { CHUNK_UNCHECKED, CHUNK_GOOD, CHUNK_BAD };

// The decoded blocks kept: any index entries, up to max bytes, the one read longest ago
// dropped first.
struct cache {
	uint8_t **data;   // per index entry: its decoded bytes, or NULL
	uint64_t *used;   // per index entry: the clock when it was last read
	uint64_t *held;   // the entries decoded (n of them), in no order
	uint64_t n, bytes, max, clock;
	bool frozen;      // the last prefetch's lookups find every block they read here: they
	                  // read without the lock, and nothing is dropped, until the next
	                  // prefetch or forget
};

struct table_blocks {
	const uint8_t *base, *index; // the mapped file; its 2K index entries (offset, hash)
	uint64_t bytes, size, count; // file length, states, blocks per stream (K)
	uint32_t states;             // per block (B), a power of two
	unsigned shift;              // log2 of states
	unsigned players;            // 2: a state per index; more: per slot and index
	uint64_t side;               // index scheme 2: the side of the square (0: scheme 1)
	pthread_mutex_t lock;
	ZSTD_DCtx *dctx;
	struct cache cache;
	struct block_pool *pool[STREAMS]; // room for the decoded entries of each stream
	uint64_t faults, bad_entry;
	const uint8_t *dir, *overflow; // the overflow list's directory (chunks entries) and the list
	uint64_t overflow_count, chunks;
	uint8_t *chunk_state;        // per chunk: CHUNK_UNCHECKED, CHUNK_GOOD or CHUNK_BAD
	uint8_t *whole[STREAMS];     // mapped: anonymous memory, or a scratch file
	bool whole_done;             // whole holds every block, decoded and checked
	char path[512];
};

static uint64_t round8(uint64_t v) { return (v + 7) / 8 * 8; }

// Bytes of stream 0 (2-bit values) or 1 (remoteness bytes) for size states.
static uint64_t stream_bytes(int stream, uint64_t size) { return stream ? size : (size + 3) / 4; }

// Decoded bytes of index entry e (stream e / K, block e % K).
static uint64_t entry_bytes(uint64_t size, uint64_t count, uint32_t states, uint64_t e)
{
	int stream = (int)(e / count);
	uint64_t first = e % count * states, n = size - first < states ? size - first : states;
	return stream_bytes(stream, n);
}

// Releases the decoded sections (table_blocks_whole).
static void whole_free(struct table_blocks *b)
{
	for (int k = 0; k < STREAMS; k++) {
		if (b->whole[k])
			munmap(b->whole[k], stream_bytes(k, b->size) + 1);
		b->whole[k] = NULL;
	}
}

static uint64_t chunk_count(uint64_t overflow) { return (overflow + CHUNK - 1) / CHUNK; }

// The entries of chunk c of an overflow list of overflow entries (CHUNK, or fewer in the last).
static uint64_t chunk_entries(uint64_t overflow, uint64_t c)
{
	return overflow - c * CHUNK < CHUNK ? overflow - c * CHUNK : CHUNK;
}

// Where the checksum of the meta part lies: after the header, settings, index and the
// overflow list's directory.
static uint64_t checksum_at(uint64_t settings_len, uint64_t count, uint64_t overflow)
{
	return TABLE_HEADER_BYTES + round8(settings_len) + 16 * STREAMS * count + 16 * chunk_count(overflow);
}

// Where the blocks start: after the checksum and the overflow list.
static uint64_t first_block_at(uint64_t settings_len, uint64_t count, uint64_t overflow)
{
	return checksum_at(settings_len, count, overflow) + 8 + 16 * overflow;
}

// ---- Writing ------------------------------------------------------------------------------

struct bwriter {
	FILE *f;
	uint64_t size, count, at; // states, blocks per stream, file offset of the next block
	uint32_t states;
	uint8_t *in, *out[BATCH];
	size_t out_len[BATCH], bound;
	uint8_t *index;           // 2K entries, filled as blocks are written
	uint64_t entry;           // next entry
	bool failed;
};

// Compresses the n blocks of stream bytes in w->in (block i at i * per, the last len bytes)
// in parallel and writes them in order.
static void put_batch(struct bwriter *w, size_t n, size_t per, size_t last)
{
	int fails = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : fails)
	for (size_t i = 0; i < n; i++) {
		size_t r = ZSTD_compress(w->out[i], w->bound, w->in + i * per, i + 1 < n ? per : last, TABLE_BLOCK_LEVEL);
		fails += ZSTD_isError(r) != 0;
		w->out_len[i] = ZSTD_isError(r) ? 0 : r;
	}
	if (fails)
		w->failed = true, errno = ENOMEM;
	for (size_t i = 0; i < n && !w->failed; i++) {
		le64_store(w->index + 16 * w->entry, w->at);
		le64_store(w->index + 16 * w->entry + 8, table_hash(w->out[i], w->out_len[i]));
		w->entry++;
		w->at += w->out_len[i];
		if (fwrite(w->out[i], 1, w->out_len[i], w->f) != w->out_len[i])
			w->failed = true;
	}
}

// One stream, piece by piece from fill, cut into blocks of per bytes.
static void put_stream(struct bwriter *w, int stream, table_fill fill, void *ctx)
{
	uint64_t length = stream_bytes(stream, w->size), per = stream_bytes(stream, w->states), held = 0;
	for (uint64_t at = 0; at < length && !w->failed;) {
		const uint8_t *piece;
		uint64_t room = BATCH * per - held, n = fill(ctx, stream, at, length - at < room ? length - at : room, &piece);
		memcpy(w->in + held, piece, n);
		held += n;
		at += n;
		if (held == BATCH * per || at == length) {
			size_t blocks = (held + per - 1) / per;
			put_batch(w, blocks, per, held - (blocks - 1) * per);
			held = 0;
		}
	}
}

static bool writer_init(struct bwriter *w, FILE *f, const struct solution *s)
{
	*w = (struct bwriter){.f = f, .size = s->size, .states = TABLE_BLOCK_STATES};
	w->count = (s->size + w->states - 1) / w->states;
	w->bound = ZSTD_compressBound(w->states);
	w->in = malloc((size_t)BATCH * w->states);
	w->index = calloc(STREAMS * w->count + 1, 16);
	bool ok = w->in && w->index;
	for (int i = 0; i < BATCH; i++)
		ok = (w->out[i] = malloc(w->bound)) && ok;
	return ok;
}

static void writer_free(struct bwriter *w)
{
	free(w->in);
	free(w->index);
	for (int i = 0; i < BATCH; i++)
		free(w->out[i]);
}

// The overflow list's directory at dir: per chunk, its first state and the hash of its bytes.
static void put_directory(uint8_t *dir, const struct solution *s)
{
	for (uint64_t c = 0; c < chunk_count(s->overflow_count); c++) {
		uint64_t n = chunk_entries(s->overflow_count, c);
		const uint8_t *p = s->overflow + 16 * CHUNK * c;
		le64_store(dir + 16 * c, le64_load(p));
		le64_store(dir + 16 * c + 8, table_hash(p, 16 * n));
	}
}

// The meta part (header, settings, index, the overflow list's directory, checksum), then
// the overflow list: first bytes.
static bool put_meta(struct bwriter *w, const uint8_t *head, const struct solution *s,
		     const struct table_shape *shape, const char *settings, uint64_t first)
{
	uint64_t len = strlen(settings), at = TABLE_HEADER_BYTES + round8(len);
	uint64_t sum_at = checksum_at(len, w->count, s->overflow_count);
	uint8_t *meta = calloc(sum_at + 8, 1);
	if (!meta)
		return errno = ENOMEM, false;
	memcpy(meta, head, F2_BLOCK_AT);
	le64_store(meta + 8, TABLE_VERSION_BLOCKS | (uint64_t)(shape->side ? TABLE_SCHEME_SWAPPED : TABLE_INDEX_SCHEME) << 32);
	le64_store(meta + F2_BLOCK_AT, w->states | (uint64_t)shape->players << 32);
	le64_store(meta + F2_STRIDE_AT, shape->stride);
	le64_store(meta + F2_COUNT_AT, w->count);
	le64_store(meta + F2_FIRST_AT, first);
	le64_store(meta + F2_LENGTH_AT, w->at);
	memcpy(meta + TABLE_HEADER_BYTES, settings, len);
	memcpy(meta + at, w->index, 16 * STREAMS * w->count);
	put_directory(meta + at + 16 * STREAMS * w->count, s);
	le64_store(meta + sum_at, table_checksum(meta, sum_at));
	bool ok = fseek(w->f, 0, SEEK_SET) == 0 && fwrite(meta, 1, sum_at + 8, w->f) == sum_at + 8 &&
		  (!s->overflow_count || fwrite(s->overflow, 16, s->overflow_count, w->f) == s->overflow_count);
	free(meta);
	return ok;
}

int table_blocks_write(FILE *f, const uint8_t *head, const struct solution *s, const struct table_shape *shape,
		       const char *settings, table_fill fill, void *ctx)
{
	struct bwriter w;
	bool ok = writer_init(&w, f, s);
	uint64_t first = first_block_at(strlen(settings), w.count, s->overflow_count);
	w.at = first;
	if (!ok)
		errno = ENOMEM;
	else
		ok = fseek(f, (long)first, SEEK_SET) == 0;
	for (int stream = 0; ok && stream < STREAMS; stream++) {
		put_stream(&w, stream, fill, ctx);
		ok = !w.failed;
	}
	ok = ok && put_meta(&w, head, s, shape, settings, first);
	writer_free(&w);
	return ok;
}

// ---- Opening -------------------------------------------------------------------------------

static enum status damaged(struct error *err, const char *path, const char *what)
{
	return error_set(err, STATUS_BAD_INPUT, "'%s': truncated or damaged (%s)", path, what);
}

// The index entries: ascending offsets from the first block to the file's end.
static bool index_sound(const struct table_blocks *b, uint64_t first)
{
	uint64_t prev = first;
	for (uint64_t e = 0; e < STREAMS * b->count; e++) {
		uint64_t off = le64_load(b->index + 16 * e);
		if (off != prev && (e == 0 || off < prev))
			return false;
		prev = off;
	}
	return prev <= b->bytes;
}

// The directory: first states ascending, below the states' count.
static bool directory_sound(const struct table_blocks *b)
{
	for (uint64_t c = 0; c < b->chunks; c++)
		if (le64_load(b->dir + 16 * c) >= b->size || (c && le64_load(b->dir + 16 * c) <= le64_load(b->dir + 16 * (c - 1))))
			return false;
	return true;
}

// Whether chunk c of the overflow list is what the directory says: its hash, its first
// state, its states ascending and below the next chunk's first (or the states' count).
static bool chunk_sound(const struct table_blocks *b, uint64_t c)
{
	uint64_t from = c * CHUNK, n = chunk_entries(b->overflow_count, c);
	uint64_t end = c + 1 < b->chunks ? le64_load(b->dir + 16 * (c + 1)) : b->size;
	const uint8_t *p = b->overflow + 16 * from;
	if (table_hash(p, 16 * n) != le64_load(b->dir + 16 * c + 8) || le64_load(p) != le64_load(b->dir + 16 * c))
		return false;
	for (uint64_t k = 1; k < n; k++)
		if (le64_load(p + 16 * k) <= le64_load(p + 16 * (k - 1)))
			return false;
	return le64_load(p + 16 * (n - 1)) < end;
}

static struct table_blocks *reader_new(const char *path, const uint8_t *base, uint64_t bytes, uint64_t size)
{
	struct table_blocks *b = calloc(1, sizeof *b);
	if (!b)
		return NULL;
	b->base = base;
	b->bytes = bytes;
	b->size = size;
	b->bad_entry = NO_ENTRY;
	snprintf(b->path, sizeof b->path, "%s", path);
	b->cache.max = CACHE_BYTES;
	pthread_mutex_init(&b->lock, NULL);
	if (!(b->dctx = ZSTD_createDCtx())) {
		table_blocks_close(b);
		return NULL;
	}
	return b;
}

// The states of a table of size indexes: one per index with two players, else one per
// (slot, index) at slot * stride + index; 0 when players or stride do not fit size.
static uint64_t shape_states(unsigned players, uint64_t stride, uint64_t size)
{
	if (players < 2 || players > RULES_MAX_PLAYERS || size >= (UINT64_C(1) << 56))
		return 0;
	if (players == 2)
		return stride == size ? size : 0;
	return stride == many_solve_stride(size) ? players * stride : 0;
}

enum status table_blocks_open(const char *path, const uint8_t *base, uint64_t bytes, uint64_t size,
			      unsigned scheme, uint64_t overflow_count, struct table_blocks **out,
			      struct table_shape *shape, const uint8_t **overflow, struct error *err)
{
	uint64_t word = le64_load(base + F2_BLOCK_AT), stride = le64_load(base + F2_STRIDE_AT);
	uint64_t count = le64_load(base + F2_COUNT_AT), first = le64_load(base + F2_FIRST_AT);
	uint64_t length = le64_load(base + F2_LENGTH_AT), len = le64_load(base + 64) >> 32;
	uint32_t states = (uint32_t)word;
	uint64_t total = shape_states((unsigned)(word >> 32), stride, size);
	uint64_t side = scheme == TABLE_SCHEME_SWAPPED && word >> 32 == 2 ? table_order_side(size) : 0;
	*out = NULL;
	if (length != bytes)
		return error_set(err, STATUS_BAD_INPUT, "'%s': truncated or damaged (its header says %llu bytes, the file has %llu)",
				 path, (unsigned long long)length, (unsigned long long)bytes);
	// The sizes are bounded by the file's before the offsets are summed.
	bool sane = states >= 4 && states <= (UINT32_C(1) << 24) && !(states & (states - 1)) && total &&
		    count == (total + states - 1) / states && overflow_count <= total && overflow_count <= bytes / 16 &&
		    count <= bytes / 32 && len < TABLE_SETTINGS_MAX && first == first_block_at(len, count, overflow_count) &&
		    first <= bytes && (scheme != TABLE_SCHEME_SWAPPED || side);
	if (!sane)
		return damaged(err, path, "its header's fields do not fit together");
	uint64_t sum_at = checksum_at(len, count, overflow_count);
	if (table_checksum(base, sum_at) != le64_load(base + sum_at))
		return damaged(err, path, "the checksum of its header, index and overflow directory does not match");
	struct table_blocks *b = reader_new(path, base, bytes, total);
	if (!b)
		return error_set(err, STATUS_FAILURE, "'%s': out of memory", path);
	b->count = count;
	b->states = states;
	b->shift = (unsigned)__builtin_ctz(states);
	b->players = (unsigned)(word >> 32);
	b->side = side;
	b->index = base + TABLE_HEADER_BYTES + round8(len);
	b->dir = b->index + 16 * STREAMS * count;
	b->overflow = *overflow = base + sum_at + 8;
	b->overflow_count = overflow_count;
	b->chunks = chunk_count(overflow_count);
	struct cache *c = &b->cache;
	for (int k = 0; k < STREAMS; k++)
		b->pool[k] = block_pool_new(entry_bytes(total, count, states, k * count), count);
	if (!(c->data = calloc(STREAMS * count, sizeof *c->data)) || !(c->used = calloc(STREAMS * count, sizeof *c->used)) ||
	    !(c->held = malloc(STREAMS * count * sizeof *c->held)) || !(b->chunk_state = calloc(b->chunks + 1, 1)) ||
	    !b->pool[0] || !b->pool[1]) {
		table_blocks_close(b);
		return error_set(err, STATUS_FAILURE, "'%s': out of memory", path);
	}
	if (!index_sound(b, first) || !directory_sound(b)) {
		table_blocks_close(b);
		return damaged(err, path, "its index or overflow directory is out of order");
	}
	*shape = (struct table_shape){(unsigned)(word >> 32), stride, total, side};
	*out = b;
	return STATUS_OK;
}

void table_blocks_close(struct table_blocks *b)
{
	if (!b)
		return;
	for (int k = 0; k < STREAMS; k++)
		block_pool_free(b->pool[k]);
	free(b->cache.data), free(b->cache.used), free(b->cache.held);
	free(b->chunk_state);
	whole_free(b);
	ZSTD_freeDCtx(b->dctx);
	pthread_mutex_destroy(&b->lock);
	free(b);
}

// ---- Reading -------------------------------------------------------------------------------

// Decodes entry e into out (entry_bytes long) with dctx, checking its hash and its length.
static bool decode(const struct table_blocks *b, ZSTD_DCtx *dctx, uint64_t e, uint8_t *out)
{
	uint64_t off = le64_load(b->index + 16 * e), hash = le64_load(b->index + 16 * e + 8);
	uint64_t end = e + 1 < STREAMS * b->count ? le64_load(b->index + 16 * (e + 1)) : b->bytes;
	uint64_t want = entry_bytes(b->size, b->count, b->states, e);
	if (table_hash(b->base + off, end - off) != hash)
		return false;
	size_t got = ZSTD_decompressDCtx(dctx, out, want, b->base + off, end - off);
	return !ZSTD_isError(got) && got == want;
}

static void fault(struct table_blocks *b, uint64_t e)
{
	b->faults++;
	b->bad_entry = e;
}

struct use {
	uint64_t used, entry;
};

static int by_use(const void *x, const void *y)
{
	uint64_t a = ((const struct use *)x)->used, b = ((const struct use *)y)->used;
	return (a > b) - (a < b);
}

// Drops the entries read longest ago until at most max bytes stay decoded (all of them when
// out of memory to sort them: then false; lock held).
static bool cache_shrink(struct table_blocks *b, uint64_t max)
{
	struct cache *c = &b->cache;
	if (c->bytes <= max)
		return true;
	struct use *u = malloc(c->n * sizeof *u);
	for (uint64_t i = 0; u && i < c->n; i++)
		u[i] = (struct use){c->used[c->held[i]], c->held[i]};
	if (u)
		qsort(u, c->n, sizeof *u, by_use);
	uint64_t gone = 0;
	for (; gone < c->n && (!u || c->bytes > max); gone++) {
		uint64_t e = u ? u[gone].entry : c->held[gone];
		c->bytes -= entry_bytes(b->size, b->count, b->states, e);
		block_pool_put(b->pool[e / b->count], c->data[e]);
		c->data[e] = NULL;
	}
	for (uint64_t i = gone; i < c->n; i++)
		c->held[i - gone] = u[i].entry;
	c->n -= gone;
	bool sorted = u != NULL;
	free(u);
	return sorted;
}

static void cache_add(struct table_blocks *b, uint64_t e, uint8_t *data)
{
	struct cache *c = &b->cache;
	__atomic_store_n(&c->data[e], data, __ATOMIC_RELEASE); // frozen lookups read it unlocked
	c->held[c->n++] = e;
	c->bytes += entry_bytes(b->size, b->count, b->states, e);
	c->used[e] = ++c->clock;
}


// The decoded bytes of entry e (lock held), or NULL when the block is damaged (counted):
// from the cache, or decoded into it. A full cache drops an eighth more than the block
// needs, so that one sort of the cache serves many misses; a frozen one drops nothing.
static const uint8_t *block(struct table_blocks *b, uint64_t e)
{
	struct cache *c = &b->cache;
	if (!c->data[e]) {
		uint64_t want = entry_bytes(b->size, b->count, b->states, e);
		uint8_t *data = block_pool_get(b->pool[e / b->count]);
		if (!data || !decode(b, b->dctx, e, data)) {
			if (data)
				block_pool_put(b->pool[e / b->count], data);
			return fault(b, e), NULL;
		}
		if (!c->frozen && c->bytes + want > c->max)
			cache_shrink(b, (c->max > want ? c->max - want : 0) / 8 * 7);
		cache_add(b, e, data);
	}
	c->used[e] = ++c->clock;
	return c->data[e];
}

// The value of place i of decoded value block v; VALUE_UNKNOWN when v is NULL.
static unsigned packed_value(const uint8_t *v, uint64_t i)
{
	return v ? v[i / 4] >> (2 * (i % 4)) & 3 : VALUE_UNKNOWN;
}

// Entry e from a frozen cache, without the lock; NULL when it is not there.
static const uint8_t *frozen_block(struct table_blocks *b, uint64_t e)
{
	return __atomic_load_n(&b->cache.data[e], __ATOMIC_ACQUIRE);
}

#define MISSING UINT_MAX // what answer gives when get gives NULL

// Value | remoteness byte << 2 of the state at place, its blocks from get: block (lock held;
// then MISSING means damaged) or frozen_block.
static unsigned answer_at(struct table_blocks *b, uint64_t place, const uint8_t *(*get)(struct table_blocks *, uint64_t))
{
	uint64_t k = place >> b->shift, i = place & (b->states - 1);
	const uint8_t *v = get(b, k), *r;
	if (!v)
		return MISSING;
	unsigned value = packed_value(v, i);
	if (value == VALUE_UNKNOWN || value == VALUE_DRAW) // remoteness 0: its block is not read
		return value;
	return (r = get(b, b->count + k)) ? value | (unsigned)r[i] << 2 : MISSING;
}

// answer_at of index idx (lock held): a damaged block reads as VALUE_UNKNOWN.
static unsigned answer_locked(struct table_blocks *b, uint64_t idx)
{
	unsigned a = answer_at(b, table_place(b->side, idx), block);
	return a == MISSING ? VALUE_UNKNOWN : a;
}

static unsigned answer_under_lock(struct table_blocks *b, uint64_t idx)
{
	pthread_mutex_lock(&b->lock);
	unsigned a = answer_locked(b, idx);
	pthread_mutex_unlock(&b->lock);
	return a;
}

static bool frozen(struct table_blocks *b)
{
	return __atomic_load_n(&b->cache.frozen, __ATOMIC_ACQUIRE);
}

// answer of idx: from a frozen cache without the lock where it can, else under the lock.
static unsigned lookup(struct table_blocks *b, uint64_t idx)
{
	unsigned a = frozen(b) ? answer_at(b, table_place(b->side, idx), frozen_block) : MISSING;
	return a == MISSING ? answer_under_lock(b, idx) : a;
}

// FROZEN_GROUP lookups at a time, their value bytes asked for before any is read, so that
// their memory arrives together, not in turn; without the lock but for a miss, which a
// frozen cache does not give.
#define FROZEN_GROUP 64
bool table_blocks_many_frozen(struct table_blocks *b, const uint64_t *idx, size_t n, uint8_t *values, uint8_t *rem)
{
	if (!frozen(b))
		return false;
	for (size_t j = 0; j < n; j += FROZEN_GROUP) {
		uint64_t place[FROZEN_GROUP];
		size_t m = n - j < FROZEN_GROUP ? n - j : FROZEN_GROUP;
		for (size_t i = 0; i < m; i++) {
			place[i] = table_place(b->side, idx[j + i]);
			const uint8_t *v = frozen_block(b, place[i] >> b->shift);
			if (v)
				__builtin_prefetch(v + (place[i] & (b->states - 1)) / 4);
		}
		for (size_t i = 0; i < m; i++) {
			unsigned a = answer_at(b, place[i], frozen_block);
			a = a == MISSING ? answer_under_lock(b, idx[j + i]) : a;
			if (values)
				values[j + i] = (uint8_t)(a & 3);
			if (rem)
				rem[j + i] = (uint8_t)(a >> 2);
		}
	}
	return true;
}

enum value table_blocks_value(struct table_blocks *b, uint64_t idx)
{
	return (enum value)(lookup(b, idx) & 3);
}

uint8_t table_blocks_rem_byte(struct table_blocks *b, uint64_t idx)
{
	return (uint8_t)(lookup(b, idx) >> 2);
}

unsigned table_blocks_overflow(struct table_blocks *b, uint64_t idx)
{
	uint64_t lo = 0, hi = b->chunks; // the chunks whose first state is at most idx: [0, lo)
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (le64_load(b->dir + 16 * mid) <= idx)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return SOLUTION_OVERFLOW_MARK;
	uint64_t c = lo - 1, from = c * CHUNK;
	pthread_mutex_lock(&b->lock);
	if (b->chunk_state[c] == CHUNK_UNCHECKED)
		b->chunk_state[c] = chunk_sound(b, c) ? CHUNK_GOOD : CHUNK_BAD;
	bool good = b->chunk_state[c] == CHUNK_GOOD;
	if (!good)
		fault(b, STREAMS * b->count + c);
	pthread_mutex_unlock(&b->lock);
	return good ? solution_overflow_find(b->overflow + 16 * from, chunk_entries(b->overflow_count, c), idx) : SOLUTION_OVERFLOW_MARK;
}

// The positions in idx[0 .. n) grouped by block, blocks in order (a counting sort: each
// block is then decoded once); NULL when out of memory.
static size_t *by_block(const struct table_blocks *b, const uint64_t *idx, size_t n)
{
	size_t *start = calloc(b->count + 1, sizeof *start), *order = malloc((n ? n : 1) * sizeof *order);
	if (start && order) {
		for (size_t i = 0; i < n; i++)
			start[(table_place(b->side, idx[i]) >> b->shift) + 1]++;
		for (uint64_t k = 0; k < b->count; k++)
			start[k + 1] += start[k];
		for (size_t i = 0; i < n; i++)
			order[start[table_place(b->side, idx[i]) >> b->shift]++] = i;
	} else {
		free(order), order = NULL;
	}
	free(start);
	return order;
}

void table_blocks_many(struct table_blocks *b, const uint64_t *idx, size_t n, uint8_t *values, uint8_t *rem)
{
	size_t *order = by_block(b, idx, n);
	pthread_mutex_lock(&b->lock);
	for (size_t k = 0; k < n; k++) {
		size_t i = order ? order[k] : k;
		unsigned a = answer_locked(b, idx[i]);
		if (values)
			values[i] = (uint8_t)(a & 3);
		if (rem)
			rem[i] = (uint8_t)(a >> 2);
	}
	pthread_mutex_unlock(&b->lock);
	free(order);
}

void table_blocks_forget(struct table_blocks *b)
{
	pthread_mutex_lock(&b->lock);
	__atomic_store_n(&b->cache.frozen, false, __ATOMIC_RELEASE);
	b->cache.max = CACHE_BYTES;
	cache_shrink(b, CACHE_BYTES);
	pthread_mutex_unlock(&b->lock);
}

// The entries of stream that lookups of idx[0 .. n) read (remoteness: only of the wins and
// losses, and any the cache holds already: reading the values to tell cost more than keeping
// it) and the cache lacks, in file order, into want, as many as fit in *room beside the
// ones it holds, which are marked as read now; their count (lock held). *all is cleared
// when some do not fit.
static uint64_t missing(struct table_blocks *b, int stream, const uint64_t *idx, size_t n, uint8_t *mark,
			uint64_t *want, uint64_t *room, bool *all)
{
	struct cache *c = &b->cache;
	memset(mark, 0, b->count);
	for (size_t i = 0; i < n; i++) {
		uint64_t place = table_place(b->side, idx[i]), k = place >> b->shift;
		if (mark[k])
			continue;
		// remoteness not held: the value from its block when that is decoded (else none is needed)
		unsigned v = stream && !c->data[b->count + k] ? packed_value(c->data[k], place & (b->states - 1)) : VALUE_WIN;
		mark[k] = v == VALUE_WIN || v == VALUE_LOSS;
	}
	uint64_t m = 0;
	for (int pass = 0; pass < 2; pass++)
		for (uint64_t k = 0; k < b->count; k++) {
			uint64_t e = stream * b->count + k, bytes = entry_bytes(b->size, b->count, b->states, e);
			if (!mark[k] || (c->data[e] != NULL) == (pass == 1))
				continue;
			if (bytes > *room) {
				*all = false;
				continue;
			}
			*room -= bytes;
			if (pass == 0)
				c->used[e] = ++c->clock;
			else
				want[m++] = e;
		}
	return m;
}

// Decodes the m entries of want into the cache, in parallel; a damaged one stays out (the
// lookup that reads it counts it) and clears *all. False when out of memory (lock held).
static bool fill_cache(struct table_blocks *b, const uint64_t *want, uint64_t m, bool *all)
{
	uint64_t bytes = 0;
	for (uint64_t j = 0; j < m; j++)
		bytes += entry_bytes(b->size, b->count, b->states, want[j]);
	if (!m)
		return true;
	if (!cache_shrink(b, b->cache.max > bytes ? b->cache.max - bytes : 0))
		*all = false; // the blocks it held for this batch went too
	uint8_t **out = calloc(m, sizeof *out);
	bool *good = calloc(m, sizeof *good);
	for (uint64_t j = 0; out && good && j < m; j++)
		out[j] = block_pool_get(b->pool[want[j] / b->count]);
	if (out && good) {
#pragma omp parallel
		{
			ZSTD_DCtx *dctx = ZSTD_createDCtx();
#pragma omp for schedule(dynamic, 1)
			for (uint64_t j = 0; j < m; j++)
				good[j] = dctx && out[j] && decode(b, dctx, want[j], out[j]);
			ZSTD_freeDCtx(dctx);
		}
	}
	for (uint64_t j = 0; out && good && j < m; j++) {
		if (good[j])
			cache_add(b, want[j], out[j]);
		else if (out[j])
			block_pool_put(b->pool[want[j] / b->count], out[j]);
		*all = *all && good[j];
	}
	bool ok = out && good;
	free(out), free(good);
	return ok;
}

bool table_blocks_prefetch(struct table_blocks *b, const uint64_t *idx, size_t n, uint64_t max_bytes)
{
	uint8_t *mark = malloc(b->count);
	uint64_t *want = malloc(b->count * sizeof *want);
	bool ok = mark && want, all = true;
	pthread_mutex_lock(&b->lock);
	__atomic_store_n(&b->cache.frozen, false, __ATOMIC_RELEASE);
	uint64_t room = b->cache.max = max_bytes > CACHE_BYTES ? max_bytes : CACHE_BYTES;
	// the whole table held (a long stream's batches after the first few): nothing to look for
	bool whole = b->cache.n == STREAMS * b->count && b->cache.bytes <= room;
	for (int stream = 0; ok && !whole && stream < STREAMS; stream++)
		ok = fill_cache(b, want, missing(b, stream, idx, n, mark, want, &room, &all), &all);
	all = all && ok;
	__atomic_store_n(&b->cache.frozen, all, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&b->lock);
	free(mark), free(want);
	return all;
}

uint64_t table_blocks_faults(struct table_blocks *b)
{
	pthread_mutex_lock(&b->lock);
	uint64_t faults = b->faults;
	pthread_mutex_unlock(&b->lock);
	return faults;
}

int table_blocks_damage(struct table_blocks *b, uint64_t *seen, struct error *err)
{
	pthread_mutex_lock(&b->lock);
	uint64_t faults = b->faults, e = b->bad_entry;
	pthread_mutex_unlock(&b->lock);
	if (faults == *seen)
		return 0;
	*seen = faults;
	if (e >= STREAMS * b->count) {
		uint64_t c = e - STREAMS * b->count, from = c * CHUNK;
		uint64_t to = from + chunk_entries(b->overflow_count, c);
		error_set(err, STATUS_BAD_INPUT, "'%s': overflow chunk %llu (entries %llu to %llu of the overflow list) is damaged: its checksum or its order does not match",
			  b->path, (unsigned long long)c, (unsigned long long)from, (unsigned long long)(to - 1));
		return 1;
	}
	uint64_t k = e % b->count, from = k * b->states, to = from + b->states < b->size ? from + b->states : b->size;
	error_set(err, STATUS_BAD_INPUT, "'%s': block %llu (the %s of %s %llu to %llu) is damaged: its checksum or its length does not match",
		  b->path, (unsigned long long)e, e < b->count ? "values" : "remoteness", b->players == 2 ? (b->side ? "places" : "indexes") : "states",
		  (unsigned long long)from,
		  (unsigned long long)(to - 1));
	return 1;
}

// Blocks of a section decoded together before they are scattered (index scheme 2): about
// SCATTER_ROWS rows of the square, so that each column's run of indexes is that many
// bytes, not two or three (the 10-hand table's rows are 92,378 places, a third of a block;
// a block at a time touched a page per index), and at most SCATTER_MAX places.
#define SCATTER_ROWS 512
#define SCATTER_MAX (UINT64_C(1) << 26)
static uint64_t group_blocks(const struct table_blocks *b)
{
	uint64_t places = SCATTER_ROWS * b->side < SCATTER_MAX ? SCATTER_ROWS * b->side : SCATTER_MAX;
	uint64_t g = b->side ? (places + b->states - 1) / b->states : 1;
	return g < b->count ? g : b->count;
}

// Decodes group g of stream (blocks g G .. g G + G - 1, G = group_blocks) into b->whole: in
// place (scheme 1), or into own and from there to the indexes of its places (scheme 2); the
// first damaged entry, or NO_ENTRY.
static uint64_t decode_group(const struct table_blocks *b, ZSTD_DCtx *dctx, int stream, uint64_t g, uint8_t *own)
{
	uint64_t per = group_blocks(b), from = g * per, to = from + per < b->count ? from + per : b->count;
	uint64_t first = from * b->states, n = (to < b->count ? to * b->states : b->size) - first;
	uint8_t *out = b->side ? own : b->whole[stream] + stream_bytes(stream, first);
	for (uint64_t k = from; k < to; k++)
		if (!decode(b, dctx, stream * b->count + k, out + stream_bytes(stream, (k - from) * b->states)))
			return stream * b->count + k;
	if (b->side)
		table_order_scatter(b->side, stream, first, n, own, b->whole[stream]);
	return NO_ENTRY;
}

// Decodes every block into b->whole, by groups, and checks every chunk of the overflow list
// (entry 2K + c; lock held); the smallest damaged entry, NO_ENTRY - 1 when out of memory, or
// NO_ENTRY.
static uint64_t decode_all(struct table_blocks *b)
{
	uint64_t groups = (b->count + group_blocks(b) - 1) / group_blocks(b), bad = NO_ENTRY;
	uint64_t units = STREAMS * groups + b->chunks;
#pragma omp parallel
	{
		ZSTD_DCtx *dctx = ZSTD_createDCtx();
		uint8_t *own = b->side ? malloc(group_blocks(b) * b->states) : NULL;
		uint64_t mine = !dctx || (b->side && !own) ? NO_ENTRY - 1 : NO_ENTRY; // out of memory
#pragma omp for schedule(dynamic, 1)
		for (uint64_t u = 0; u < units; u++) {
			uint64_t e = mine != NO_ENTRY				      ? NO_ENTRY
				     : u < STREAMS * groups			      ? decode_group(b, dctx, (int)(u / groups), u % groups, own)
				     : chunk_sound(b, u - STREAMS * groups) ? NO_ENTRY
									      : STREAMS * b->count + u - STREAMS * groups;
			mine = e < mine ? e : mine;
		}
#pragma omp critical(table_blocks_bad)
		bad = mine < bad ? mine : bad;
		free(own);
		ZSTD_freeDCtx(dctx);
	}
	return bad;
}

const char *table_scratch_dir(void)
{
	const char *dir = getenv("TMPDIR");
	return dir && *dir ? dir : "/tmp";
}

// Zeroed room for bytes in a file of table_scratch_dir(), deleted at once and mapped
// shared; NULL with errno set when it cannot be made (no room on that disk: ENOSPC).
static uint8_t *scratch_room(uint64_t bytes)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/chopsticks-scratch-XXXXXX", table_scratch_dir());
	int fd = mkstemp(path), e = 0;
	if (fd < 0)
		return NULL;
	unlink(path);
	void *p = (e = posix_fallocate(fd, 0, (off_t)bytes)) ? MAP_FAILED
							  : mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	e = e ? e : p == MAP_FAILED ? errno : 0;
	close(fd);
	errno = e;
	return p == MAP_FAILED ? NULL : p;
}

// Zeroed memory for bytes, in huge pages where the kernel gives them: verify's lookups fall
// all over the sections, and a page walk costs more than the lookup (format 1's mapped file
// gets pages of 4 KiB); NULL when out of memory.
static uint8_t *anon_room(uint64_t bytes)
{
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	madvise(p, bytes, MADV_HUGEPAGE);
	return p;
}

// Room for both decoded sections in b->whole (scheme 2 merges values into zeroed bytes);
// false with err set.
static bool whole_room(struct table_blocks *b, bool scratch, struct error *err)
{
	for (int k = 0; k < STREAMS; k++) {
		uint64_t bytes = stream_bytes(k, b->size) + 1;
		b->whole[k] = scratch ? scratch_room(bytes) : anon_room(bytes);
		if (!b->whole[k]) {
			int e = errno;
			whole_free(b);
			if (!scratch)
				return error_set(err, STATUS_FAILURE, "'%s': out of memory", b->path), false;
			return error_set(err, STATUS_FAILURE, "'%s': no scratch file of %llu bytes in %s: %s", b->path,
					 (unsigned long long)bytes, table_scratch_dir(), strerror(e)), false;
		}
	}
	return true;
}

enum status table_blocks_whole(struct table_blocks *b, bool scratch, const uint8_t **values, const uint8_t **remoteness,
			       struct error *err)
{
	enum status st = STATUS_OK;
	pthread_mutex_lock(&b->lock);
	if (!b->whole[0] && !whole_room(b, scratch, err)) {
		st = STATUS_FAILURE;
	} else if (!b->whole_done) {
		uint64_t bad = decode_all(b);
		b->whole_done = bad == NO_ENTRY;
		if (bad != NO_ENTRY) {
			whole_free(b);
			if (bad == NO_ENTRY - 1)
				st = error_set(err, STATUS_FAILURE, "'%s': out of memory", b->path);
			else
				fault(b, bad);
		}
	}
	pthread_mutex_unlock(&b->lock);
	if (st == STATUS_OK && !b->whole[0]) {
		uint64_t seen = 0;
		table_blocks_damage(b, &seen, err);
		st = STATUS_BAD_INPUT;
	}
	*values = b->whole[0];
	*remoteness = b->whole[1];
	return st;
}

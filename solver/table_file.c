// SPDX-License-Identifier: MIT
// Writing, mapping and checking saved solution tables (see table_file.h).
#include "table_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "le64.h"
#include "table_blocks.h"
#include "table_order.h"

#define CHUNK (UINT64_C(1) << 20)
#define PLACED_PIECE (UINT64_C(1) << 23) // places gathered at once for index scheme 2

static const char magic[8] = {'C', 'H', 'O', 'P', 'S', 'T', 'B', 'L'};

// Header fields, as u64 slots after the magic and the two u32s (byte 16 on).
// H_COMMON fields are the same in both formats; the rest are format 1's.
enum { H_SIZE, H_REACHABLE, H_WIN, H_LOSS, H_DRAW, H_START, H_MAXREM_LEN, H_MAXREM_AT, H_OVERFLOW,
       H_COMMON, H_VALUES = H_COMMON, H_REMOTENESS, H_OVERFLOW_AT, H_SETTINGS, H_FIELDS };

static uint64_t mix(uint64_t h, uint64_t w)
{
	h ^= w;
	h = h << 29 | h >> 35;
	return h * UINT64_C(0x9E3779B97F4A7C15);
}

uint64_t table_hash(const uint8_t *p, size_t len)
{
	uint64_t h = len;
	size_t i = 0;
	for (; i + 8 <= len; i += 8)
		h = mix(h, le64_load(p + i));
	if (i < len) {
		uint8_t last[8] = {0};
		memcpy(last, p + i, len - i);
		h = mix(h, le64_load(last));
	}
	return h;
}

uint64_t table_checksum(const uint8_t *data, size_t len)
{
	size_t chunks = (len + CHUNK - 1) / CHUNK;
	uint64_t *hash = chunks > 1 ? malloc(chunks * sizeof *hash) : NULL, h = len;
	if (!hash) { // one chunk (a table opened for one probe: no threads started), or no memory
		for (size_t c = 0; c < chunks; c++)
			h = mix(h, table_hash(data + c * CHUNK, c + 1 < chunks ? CHUNK : len - c * CHUNK));
		return h;
	}
#pragma omp parallel for schedule(dynamic, 4)
	for (size_t c = 0; c < chunks; c++)
		hash[c] = table_hash(data + c * CHUNK, c + 1 < chunks ? CHUNK : len - c * CHUNK);
	for (size_t c = 0; c < chunks; c++)
		h = mix(h, hash[c]);
	free(hash);
	return h;
}

// A buffered writer that hashes each full chunk as it goes (the checksum of table_checksum).
struct writer {
	FILE *f;
	uint8_t *buf;
	size_t used;
	uint64_t total, h_chunks, chunks_hashed;
	uint64_t *chunk_hashes;
	size_t chunk_room;
	bool failed;
};

static void flush_chunk(struct writer *w)
{
	if (!w->used)
		return;
	if (w->chunks_hashed == w->chunk_room) {
		size_t room = w->chunk_room ? 2 * w->chunk_room : 64;
		uint64_t *grown = realloc(w->chunk_hashes, room * sizeof *grown);
		if (!grown) {
			w->failed = true;
			errno = ENOMEM;
			w->used = 0; // put_byte would write past buf otherwise
			return;
		}
		w->chunk_hashes = grown;
		w->chunk_room = room;
	}
	w->chunk_hashes[w->chunks_hashed++] = table_hash(w->buf, w->used);
	if (fwrite(w->buf, 1, w->used, w->f) != w->used)
		w->failed = true;
	w->used = 0;
}

static void put_byte(struct writer *w, uint8_t b)
{
	w->buf[w->used++] = b;
	w->total++;
	if (w->used == CHUNK)
		flush_chunk(w);
}

static void put_bytes(struct writer *w, const uint8_t *p, uint64_t n)
{
	while (n) {
		size_t room = CHUNK - w->used, k = n < room ? (size_t)n : room;
		memcpy(w->buf + w->used, p, k);
		w->used += k;
		w->total += k;
		p += k;
		n -= k;
		if (w->used == CHUNK)
			flush_chunk(w);
	}
}

static void put_pad(struct writer *w)
{
	while (w->total % 8)
		put_byte(w, 0);
}

static uint64_t round8(uint64_t v) { return (v + 7) / 8 * 8; }

// The header's fields that both formats share (bytes 0 to 88; version written as v).
static void common_header(uint8_t *head, unsigned v, const struct rules *rules, const struct solution *s,
			  uint64_t reachable, const char *settings)
{
	uint64_t f[H_COMMON], len = strlen(settings);
	f[H_SIZE] = rules->size;
	f[H_REACHABLE] = reachable;
	f[H_WIN] = s->count[VALUE_WIN];
	f[H_LOSS] = s->count[VALUE_LOSS];
	f[H_DRAW] = s->count[VALUE_DRAW];
	f[H_START] = rules->start;
	f[H_MAXREM_LEN] = (uint64_t)s->max_remoteness | len << 32;
	f[H_MAXREM_AT] = s->max_remoteness_at;
	f[H_OVERFLOW] = s->overflow_count;
	memset(head, 0, TABLE_HEADER_BYTES);
	memcpy(head, magic, 8);
	le64_store(head + 8, v | (uint64_t)TABLE_INDEX_SCHEME << 32);
	for (int k = 0; k < H_COMMON; k++)
		le64_store(head + 16 + 8 * k, f[k]);
}

static void put_header(struct writer *w, const struct rules *rules, const struct solution *s,
		       const char *settings)
{
	uint64_t len = strlen(settings), f[H_FIELDS];
	uint8_t head[TABLE_HEADER_BYTES];
	common_header(head, TABLE_VERSION_FLAT, rules, s, s->count[VALUE_WIN] + s->count[VALUE_LOSS] + s->count[VALUE_DRAW],
		      settings);
	f[H_SETTINGS] = TABLE_HEADER_BYTES;
	f[H_VALUES] = f[H_SETTINGS] + round8(len);
	f[H_REMOTENESS] = f[H_VALUES] + round8((s->size + 3) / 4);
	f[H_OVERFLOW_AT] = f[H_REMOTENESS] + round8(s->size);
	for (int k = H_VALUES; k < H_FIELDS; k++)
		le64_store(head + 16 + 8 * k, f[k]);
	put_bytes(w, head, sizeof head);
	put_bytes(w, (const uint8_t *)settings, len);
	put_pad(w);
}

// The values and remoteness sections, piece by piece from fill, then the overflow list.
static void put_sections(struct writer *w, const struct solution *s, table_fill fill, void *ctx)
{
	const uint64_t length[2] = {(s->size + 3) / 4, s->size};
	for (int section = TABLE_VALUES; section <= TABLE_REMOTENESS; section++) {
		for (uint64_t at = 0; at < length[section];) {
			const uint8_t *piece;
			uint64_t n = fill(ctx, section, at, length[section] - at, &piece);
			put_bytes(w, piece, n);
			at += n;
		}
		put_pad(w);
	}
	put_bytes(w, s->overflow, 16 * s->overflow_count);
}

// The solution's arrays are the sections as they are (struct solution).
static uint64_t fill_from(void *ctx, int section, uint64_t offset, uint64_t most, const uint8_t **piece)
{
	const struct solution *s = ctx;
	*piece = (section == TABLE_VALUES ? s->values : s->remoteness) + offset;
	return most;
}

static void put_checksum(struct writer *w)
{
	if (w->failed)
		return;
	uint64_t total = w->total;
	flush_chunk(w);
	uint64_t h = total;
	for (uint64_t c = 0; c < w->chunks_hashed; c++)
		h = mix(h, w->chunk_hashes[c]);
	uint8_t b[8];
	le64_store(b, h);
	if (!w->failed && fwrite(b, 1, 8, w->f) != 8)
		w->failed = true;
}

// Format 1 through the hashing writer.
static bool write_flat(FILE *f, const struct rules *rules, const struct solution *s, const char *settings,
		       table_fill fill, void *ctx)
{
	struct writer w = {.f = f, .buf = malloc(CHUNK)};
	if (!w.buf)
		return errno = ENOMEM, false;
	put_header(&w, rules, s, settings);
	put_sections(&w, s, fill, ctx);
	put_checksum(&w);
	free(w.buf);
	free(w.chunk_hashes);
	return !w.failed;
}

// Writes path.tmp in format version, syncs it and renames it to path: the states of s, of
// the shape given (format 1: two players only), reachable positions in all.
static enum status save(const char *path, unsigned version, const struct rules *rules, const struct solution *s,
			const struct table_shape *shape, uint64_t reachable, const char *settings, table_fill fill,
			void *ctx, struct error *err)
{
	char tmp[4096];
	uint8_t head[TABLE_HEADER_BYTES];
	if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp)
		return error_set(err, STATUS_BAD_INPUT, "--save '%.60s...': the path is too long", path);
	if (version == TABLE_VERSION_FLAT && shape->players != 2)
		return error_set(err, STATUS_BAD_INPUT, "--save '%s': format 1 keeps two players only (%u here): use format 2",
				 path, shape->players);
	if (s->wide)
		return error_set(err, STATUS_BAD_INPUT,
				 "--save '%s': %llu positions lie past remoteness 254, more than a table's "
				 "overflow list keeps (16 bytes each): not supported",
				 path, (unsigned long long)s->wide_count);
	FILE *f = fopen(tmp, "wb");
	if (!f)
		return error_set(err, STATUS_FAILURE, "--save '%s': %s", path, strerror(errno));
	errno = 0;
	common_header(head, version, rules, s, reachable, settings);
	bool ok = version == TABLE_VERSION_FLAT ? write_flat(f, rules, s, settings, fill, ctx)
						: table_blocks_write(f, head, s, shape, settings, fill, ctx);
	ok = ok && fflush(f) == 0 && fsync(fileno(f)) == 0;
	int e = ok ? 0 : errno;
	ok = fclose(f) == 0 && ok;
	if (ok && rename(tmp, path) == 0)
		return STATUS_OK;
	e = e ? e : errno;
	remove(tmp);
	return error_set(err, STATUS_FAILURE, "--save '%s': %s", path, strerror(e ? e : EIO));
}

// A two-player solution's shape (index scheme 1) and reachable count (every stored position).
static struct table_shape two(const struct solution *s, uint64_t *reachable)
{
	*reachable = s->count[VALUE_WIN] + s->count[VALUE_LOSS] + s->count[VALUE_DRAW];
	return (struct table_shape){2, s->size, s->size, 0};
}

// Index scheme 2's sections, gathered into place order a piece at a time.
struct placed {
	const struct solution *s;
	uint64_t side, room; // room: places per piece
	uint8_t *bytes, *packed;
};

static uint64_t fill_placed(void *ctx, int section, uint64_t offset, uint64_t most, const uint8_t **piece)
{
	struct placed *p = ctx;
	if (section == TABLE_REMOTENESS) {
		uint64_t n = most < p->room ? most : p->room;
		table_order_gather(p->s, p->side, section, offset, n, p->bytes);
		*piece = p->bytes;
		return n;
	}
	uint64_t bytes = most < p->room / 4 ? most : p->room / 4, first = 4 * offset;
	uint64_t n = p->s->size - first < 4 * bytes ? p->s->size - first : 4 * bytes;
	table_order_gather(p->s, p->side, section, first, n, p->bytes);
	memset(p->bytes + n, 0, 4 * bytes - n);
	for (uint64_t j = 0; j < bytes; j++)
		p->packed[j] = (uint8_t)(p->bytes[4 * j] | p->bytes[4 * j + 1] << 2 | p->bytes[4 * j + 2] << 4 |
					 p->bytes[4 * j + 3] << 6);
	*piece = p->packed;
	return bytes;
}

enum status table_save(const char *path, const struct rules *rules, const struct solution *s,
		       const char *settings, struct error *err)
{
	uint64_t reachable;
	struct table_shape shape = two(s, &reachable);
	shape.side = rules->players == 2 && rules->period == 1 ? table_order_side(s->size) : 0;
	if (!shape.side)
		return save(path, TABLE_VERSION_BLOCKS, rules, s, &shape, reachable, settings, fill_from, (void *)s, err);
	struct placed p = {s, shape.side, PLACED_PIECE, malloc(PLACED_PIECE), malloc(PLACED_PIECE / 4)};
	enum status st = p.bytes && p.packed ? save(path, TABLE_VERSION_BLOCKS, rules, s, &shape, reachable, settings,
						    fill_placed, &p, err)
					     : error_set(err, STATUS_FAILURE, "--save '%s': out of memory", path);
	free(p.bytes), free(p.packed);
	return st;
}

enum status table_save_flat(const char *path, const struct rules *rules, const struct solution *s,
			    const char *settings, struct error *err)
{
	uint64_t reachable;
	struct table_shape shape = two(s, &reachable);
	return save(path, TABLE_VERSION_FLAT, rules, s, &shape, reachable, settings, fill_from, (void *)s, err);
}

enum status table_save_filled(const char *path, const struct rules *rules, const struct solution *s,
			      const char *settings, table_fill fill, void *ctx, struct error *err)
{
	uint64_t reachable;
	struct table_shape shape = two(s, &reachable);
	return save(path, TABLE_VERSION_BLOCKS, rules, s, &shape, reachable, settings, fill, ctx, err);
}

enum status table_save_coalition(const char *path, unsigned version, const struct rules *rules,
				 const struct coalition *c, const char *settings, struct error *err)
{
	struct table_shape shape = {c->players, c->stride, c->sol.size, 0};
	if (c->players < 3)
		return error_set(err, STATUS_BAD_INPUT, "--save '%s': a coalition of two players: save its solution", path);
	return save(path, version, rules, &c->sol, &shape, c->reachable_count, settings, fill_from, (void *)&c->sol, err);
}

// The fields both formats share into t and t->sol (the sections are the format's).
static void parse_common(struct table_map *t, const uint8_t *p, unsigned version)
{
	uint64_t f[H_COMMON];
	for (int k = 0; k < H_COMMON; k++)
		f[k] = le64_load(p + 16 + 8 * k);
	uint64_t len = f[H_MAXREM_LEN] >> 32;
	t->version = version;
	t->size = f[H_SIZE];
	t->reachable = f[H_REACHABLE];
	t->count[VALUE_WIN] = f[H_WIN];
	t->count[VALUE_LOSS] = f[H_LOSS];
	t->count[VALUE_DRAW] = f[H_DRAW];
	t->start = f[H_START];
	t->max_remoteness = (unsigned)(uint32_t)f[H_MAXREM_LEN];
	t->max_remoteness_at = f[H_MAXREM_AT];
	if (len < TABLE_SETTINGS_MAX && len <= t->bytes - TABLE_HEADER_BYTES)
		memcpy(t->settings, p + TABLE_HEADER_BYTES, len);
	t->players = 2;
	t->stride = t->size;
	t->sol = (struct solution){.size = t->size, .overflow_count = f[H_OVERFLOW], .borrowed = true,
				   .max_remoteness = t->max_remoteness, .max_remoteness_at = t->max_remoteness_at};
	memcpy(t->sol.count, t->count, sizeof t->count);
}

// Format 1: the header's offsets against the file's length, the sections, the checksum of
// the whole file and the overflow order.
static enum status parse_flat(struct table_map *t, const char *path, struct error *err)
{
	const uint8_t *p = t->base;
	uint64_t f[H_FIELDS];
	for (int k = 0; k < H_FIELDS; k++)
		f[k] = le64_load(p + 16 + 8 * k);
	uint64_t len = f[H_MAXREM_LEN] >> 32, n = f[H_SIZE];
	// n < 2^60 keeps the offsets below 2^64; the overflow section is sized by subtraction,
	// since 16 M + the offsets could wrap around to the file's length.
	bool sane = len < TABLE_SETTINGS_MAX && n < (UINT64_C(1) << 60) && f[H_OVERFLOW] <= n &&
		    f[H_SETTINGS] == TABLE_HEADER_BYTES && f[H_VALUES] == f[H_SETTINGS] + round8(len) &&
		    f[H_REMOTENESS] == f[H_VALUES] + round8((n + 3) / 4) &&
		    f[H_OVERFLOW_AT] == f[H_REMOTENESS] + round8(n) &&
		    f[H_OVERFLOW_AT] + 8 <= t->bytes && (t->bytes - 8 - f[H_OVERFLOW_AT]) / 16 == f[H_OVERFLOW] &&
		    (t->bytes - 8 - f[H_OVERFLOW_AT]) % 16 == 0;
	if (!sane)
		return error_set(err, STATUS_BAD_INPUT, "'%s': truncated or damaged (its header does not match its %llu bytes)",
				 path, (unsigned long long)t->bytes);
	t->sol.values = p + f[H_VALUES];
	t->sol.remoteness = p + f[H_REMOTENESS];
	t->sol.overflow = p + f[H_OVERFLOW_AT];
	if (table_checksum(p, t->bytes - 8) != le64_load(p + t->bytes - 8))
		return error_set(err, STATUS_BAD_INPUT, "'%s': checksum mismatch: the file is damaged", path);
	for (uint64_t k = 1; k < t->sol.overflow_count; k++)
		if (le64_load(t->sol.overflow + 16 * k) <= le64_load(t->sol.overflow + 16 * (k - 1)))
			return error_set(err, STATUS_BAD_INPUT, "'%s': overflow entries out of order", path);
	return STATUS_OK;
}

// Checks the magic, version and index scheme, then the format's own parts.
static enum status parse(struct table_map *t, const char *path, struct error *err)
{
	uint64_t version = le64_load(t->base + 8);
	unsigned v = (unsigned)(uint32_t)version;
	if (memcmp(t->base, magic, 8) != 0)
		return error_set(err, STATUS_BAD_INPUT, "'%s': not a solution table (no CHOPSTBL magic; CSV and JSONL exports are read by name)", path);
	unsigned scheme = (unsigned)(version >> 32);
	if ((v != TABLE_VERSION_FLAT && v != TABLE_VERSION_BLOCKS) || scheme < TABLE_INDEX_SCHEME ||
	    scheme > (v == TABLE_VERSION_FLAT ? TABLE_INDEX_SCHEME : TABLE_SCHEME_SWAPPED))
		return error_set(err, STATUS_BAD_INPUT,
				 "'%s': format version %u, index scheme %u; this tool reads version %d with scheme %d and version %d with schemes %d and %d",
				 path, v, scheme, TABLE_VERSION_FLAT, TABLE_INDEX_SCHEME, TABLE_VERSION_BLOCKS, TABLE_INDEX_SCHEME,
				 TABLE_SCHEME_SWAPPED);
	parse_common(t, t->base, v);
	if (v == TABLE_VERSION_FLAT)
		return parse_flat(t, path, err);
	struct table_shape shape;
	enum status st = table_blocks_open(path, t->base, t->bytes, t->size, scheme, t->sol.overflow_count, &t->blocks,
					   &shape, &t->sol.overflow, err);
	if (st == STATUS_OK) {
		t->players = shape.players;
		t->stride = shape.stride;
		t->sol.size = shape.states;
	}
	t->sol.blocks = t->blocks;
	return st;
}

static enum status map_file(const char *path, struct table_map *t, struct error *err)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		return error_set(err, e == ENOENT ? STATUS_BAD_INPUT : STATUS_FAILURE, "'%s': %s", path, strerror(e));
	}
	if (!S_ISREG(st.st_mode) || (uint64_t)st.st_size < TABLE_HEADER_BYTES + 8) {
		close(fd);
		return error_set(err, STATUS_BAD_INPUT, "'%s': not a solution table (%s)", path,
				 S_ISREG(st.st_mode) ? "too short" : "not a regular file");
	}
	void *base = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	int e = errno;
	close(fd);
	if (base == MAP_FAILED)
		return error_set(err, STATUS_FAILURE, "'%s': %s", path, strerror(e));
	t->base = base;
	t->bytes = (size_t)st.st_size;
	return STATUS_OK;
}

enum status table_open(const char *path, struct table_map *out, struct error *err)
{
	memset(out, 0, sizeof *out);
	enum status st = map_file(path, out, err);
	if (st == STATUS_OK)
		st = parse(out, path, err);
	if (st != STATUS_OK)
		table_close(out);
	return st;
}

enum status table_load_whole(struct table_map *t, bool scratch, struct error *err)
{
	if (!t->blocks)
		return STATUS_OK;
	enum status st = table_blocks_whole(t->blocks, scratch, &t->sol.values, &t->sol.remoteness, err);
	if (st == STATUS_OK)
		t->sol.blocks = NULL;
	return st;
}

void table_close(struct table_map *t)
{
	table_blocks_close(t->blocks);
	if (t->base)
		munmap((void *)t->base, t->bytes);
	memset(t, 0, sizeof *t);
}

void table_coalition(const struct table_map *t, struct coalition *out)
{
	*out = (struct coalition){.players = t->players, .size = t->size, .stride = t->stride, .sol = t->sol,
				  .reachable_count = t->reachable, .nobody_first = COALITION_NONE,
				  .open_first = COALITION_NONE};
}

enum value table_value(const struct table_map *t, uint64_t idx)
{
	return solution_value(&t->sol, idx);
}

unsigned table_remoteness(const struct table_map *t, uint64_t idx)
{
	return solution_remoteness(&t->sol, idx);
}

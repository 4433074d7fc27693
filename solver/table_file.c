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

#define CHUNK (UINT64_C(1) << 20)

static const char magic[8] = {'C', 'H', 'O', 'P', 'S', 'T', 'B', 'L'};

// Header fields, as u64 slots after the magic and the two u32s (byte 16 on).
enum { H_SIZE, H_REACHABLE, H_WIN, H_LOSS, H_DRAW, H_START, H_MAXREM_LEN, H_MAXREM_AT, H_OVERFLOW,
       H_VALUES, H_REMOTENESS, H_OVERFLOW_AT, H_SETTINGS, H_FIELDS };

static uint64_t mix(uint64_t h, uint64_t w)
{
	h ^= w;
	h = h << 29 | h >> 35;
	return h * UINT64_C(0x9E3779B97F4A7C15);
}

static uint64_t chunk_hash(const uint8_t *p, size_t len)
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
	uint64_t *hash = malloc((chunks ? chunks : 1) * sizeof *hash), h = len;
	if (!hash) { // not expected for a mapped file's few hashes; hash serially then
		for (size_t c = 0; c < chunks; c++)
			h = mix(h, chunk_hash(data + c * CHUNK, c + 1 < chunks ? CHUNK : len - c * CHUNK));
		return h;
	}
#pragma omp parallel for schedule(dynamic, 4)
	for (size_t c = 0; c < chunks; c++)
		hash[c] = chunk_hash(data + c * CHUNK, c + 1 < chunks ? CHUNK : len - c * CHUNK);
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
	w->chunk_hashes[w->chunks_hashed++] = chunk_hash(w->buf, w->used);
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

static void put_header(struct writer *w, const struct rules *rules, const struct solution *s,
		       const char *settings, uint64_t overflow)
{
	uint64_t f[H_FIELDS], len = strlen(settings);
	uint8_t head[TABLE_HEADER_BYTES] = {0};
	f[H_SIZE] = s->size;
	f[H_REACHABLE] = s->count[VALUE_WIN] + s->count[VALUE_LOSS] + s->count[VALUE_DRAW];
	f[H_WIN] = s->count[VALUE_WIN];
	f[H_LOSS] = s->count[VALUE_LOSS];
	f[H_DRAW] = s->count[VALUE_DRAW];
	f[H_START] = rules->start;
	f[H_MAXREM_LEN] = (uint64_t)s->max_remoteness | len << 32;
	f[H_MAXREM_AT] = s->max_remoteness_at;
	f[H_OVERFLOW] = overflow;
	f[H_SETTINGS] = TABLE_HEADER_BYTES;
	f[H_VALUES] = f[H_SETTINGS] + round8(len);
	f[H_REMOTENESS] = f[H_VALUES] + round8((s->size + 3) / 4);
	f[H_OVERFLOW_AT] = f[H_REMOTENESS] + round8(s->size);
	memcpy(head, magic, 8);
	le64_store(head + 8, TABLE_VERSION | (uint64_t)TABLE_INDEX_SCHEME << 32);
	for (int k = 0; k < H_FIELDS; k++)
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

enum status table_save(const char *path, const struct rules *rules, const struct solution *s,
		       const char *settings, struct error *err)
{
	return table_save_filled(path, rules, s, settings, fill_from, (void *)s, err);
}

enum status table_save_filled(const char *path, const struct rules *rules, const struct solution *s,
			      const char *settings, table_fill fill, void *ctx, struct error *err)
{
	char tmp[4096];
	if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp)
		return error_set(err, STATUS_BAD_INPUT, "--save '%.60s...': the path is too long", path);
	struct writer w = {.f = fopen(tmp, "wb"), .buf = malloc(CHUNK)};
	if (!w.f || !w.buf) {
		int e = errno;
		if (w.f)
			fclose(w.f), remove(tmp);
		free(w.buf);
		return error_set(err, STATUS_FAILURE, "--save '%s': %s", path, strerror(w.f ? ENOMEM : e));
	}
	put_header(&w, rules, s, settings, s->overflow_count);
	put_sections(&w, s, fill, ctx);
	put_checksum(&w);
	int e = errno;
	bool ok = !w.failed && fflush(w.f) == 0 && fsync(fileno(w.f)) == 0;
	e = ok ? 0 : errno ? errno : e;
	ok = fclose(w.f) == 0 && ok;
	free(w.buf);
	free(w.chunk_hashes);
	if (ok && rename(tmp, path) == 0)
		return STATUS_OK;
	e = e ? e : errno;
	remove(tmp);
	return error_set(err, STATUS_FAILURE, "--save '%s': %s", path, strerror(e ? e : EIO));
}

// Checks the header fields against the file's length; fills t.
static enum status parse_header(struct table_map *t, const char *path, struct error *err)
{
	const uint8_t *p = t->base;
	uint64_t f[H_FIELDS], version = le64_load(p + 8);
	for (int k = 0; k < H_FIELDS; k++)
		f[k] = le64_load(p + 16 + 8 * k);
	if ((uint32_t)version != TABLE_VERSION || version >> 32 != TABLE_INDEX_SCHEME)
		return error_set(err, STATUS_BAD_INPUT, "'%s': format version %u, index scheme %u; this tool reads version %d, scheme %d",
				 path, (unsigned)(uint32_t)version, (unsigned)(version >> 32), TABLE_VERSION, TABLE_INDEX_SCHEME);
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
	t->size = n;
	t->reachable = f[H_REACHABLE];
	t->count[VALUE_WIN] = f[H_WIN];
	t->count[VALUE_LOSS] = f[H_LOSS];
	t->count[VALUE_DRAW] = f[H_DRAW];
	t->start = f[H_START];
	t->max_remoteness = (unsigned)(uint32_t)f[H_MAXREM_LEN];
	t->max_remoteness_at = f[H_MAXREM_AT];
	memcpy(t->settings, p + f[H_SETTINGS], len);
	t->settings[len] = '\0';
	t->sol = (struct solution){.size = n, .values = p + f[H_VALUES], .remoteness = p + f[H_REMOTENESS],
				   .overflow = p + f[H_OVERFLOW_AT], .overflow_count = f[H_OVERFLOW],
				   .borrowed = true, .max_remoteness = t->max_remoteness,
				   .max_remoteness_at = t->max_remoteness_at};
	memcpy(t->sol.count, t->count, sizeof t->count);
	return STATUS_OK;
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
	if (st != STATUS_OK)
		return st;
	if (memcmp(out->base, magic, 8) != 0)
		st = error_set(err, STATUS_BAD_INPUT, "'%s': not a solution table (no CHOPSTBL magic; CSV and JSONL exports are read by name)", path);
	else
		st = parse_header(out, path, err);
	if (st == STATUS_OK && table_checksum(out->base, out->bytes - 8) != le64_load(out->base + out->bytes - 8))
		st = error_set(err, STATUS_BAD_INPUT, "'%s': checksum mismatch: the file is damaged", path);
	for (uint64_t k = 1; st == STATUS_OK && k < out->sol.overflow_count; k++)
		if (le64_load(out->sol.overflow + 16 * k) <= le64_load(out->sol.overflow + 16 * (k - 1)))
			st = error_set(err, STATUS_BAD_INPUT, "'%s': overflow entries out of order", path);
	if (st != STATUS_OK)
		table_close(out);
	return st;
}

void table_close(struct table_map *t)
{
	if (t->base)
		munmap((void *)t->base, t->bytes);
	memset(t, 0, sizeof *t);
}

enum value table_value(const struct table_map *t, uint64_t idx)
{
	return solution_value(&t->sol, idx);
}

unsigned table_remoteness(const struct table_map *t, uint64_t idx)
{
	return solution_remoteness(&t->sol, idx);
}

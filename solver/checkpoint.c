// SPDX-License-Identifier: MIT
// Writing and reading checkpoint files (see checkpoint.h). The layout, header integers
// little-endian: magic "CHOPSCKP"; u64 format version | byte order << 32 (1 little-endian,
// 2 big-endian: the sections'); u64 level; stage, 16 bytes NUL-padded; u64 section count S;
// u64 settings length L | program version length V << 32; u64 H, the header's bytes; the
// settings, then the program version (no NULs); S entries (name, 16 bytes NUL-padded; u64
// offset, bytes, table_checksum of the section); u64 table_checksum of the header before it;
// then the sections, in entry order, from offset H to the end of the file.
#include "checkpoint.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "le64.h"
#include "table_file.h"

#define FIXED 64       // the header before the settings
#define ENTRY 40       // a directory entry
#define VERSION_MAX 32 // the program version's text
#define HEADER_MAX (FIXED + DESCRIBE_MAX + VERSION_MAX + ENTRY * CHECKPOINT_SECTIONS_MAX + 8)
#define IO_MAX (UINT64_C(1) << 30) // bytes per read or write call

static const char magic[8] = {'C', 'H', 'O', 'P', 'S', 'C', 'K', 'P'};

// Offsets of the fixed header's fields.
enum { F_VERSION = 8, F_LEVEL = 16, F_STAGE = 24, F_COUNT = 40, F_LENGTHS = 48, F_HEADER = 56 };

static uint64_t host_order(void)
{
	uint32_t probe = 1;
	uint8_t first;
	memcpy(&first, &probe, 1);
	return first ? 1 : 2;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static bool write_all(int fd, const uint8_t *p, uint64_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n < IO_MAX ? (size_t)n : (size_t)IO_MAX);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return errno = w ? errno : EIO, false;
		p += w;
		n -= (uint64_t)w;
	}
	return true;
}

// Reads n bytes at offset at; false on a read error, or with errno 0 at the end of the file.
static bool read_all(int fd, uint8_t *p, uint64_t n, uint64_t at)
{
	while (n) {
		ssize_t r = pread(fd, p, n < IO_MAX ? (size_t)n : (size_t)IO_MAX, (off_t)at);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return errno = r ? errno : 0, false;
		p += r;
		n -= (uint64_t)r;
		at += (uint64_t)r;
	}
	return true;
}

static enum status make_dir(const struct checkpoint *c, struct error *err)
{
	struct stat sb;
	// EEXIST: another process (an MPI rank) made it meanwhile.
	if (stat(c->dir, &sb) != 0 && (errno != ENOENT || (mkdir(c->dir, 0777) != 0 && errno != EEXIST)))
		return error_set(err, STATUS_FAILURE, "--checkpoint '%s': %s", c->dir, strerror(errno));
	if (stat(c->dir, &sb) == 0 && !S_ISDIR(sb.st_mode))
		return error_set(err, STATUS_BAD_INPUT, "--checkpoint '%s': not a directory", c->dir);
	if (access(c->dir, W_OK | X_OK) != 0)
		return error_set(err, STATUS_FAILURE, "--checkpoint '%s': %s", c->dir, strerror(errno));
	return STATUS_OK;
}

// The header of a save of s[0 .. n) into head; fills the entries; returns its bytes.
static uint64_t put_header(const struct checkpoint *c, const char *stage, unsigned level,
			   const struct checkpoint_section *s, unsigned n, uint8_t *head,
			   struct checkpoint_entry *entry)
{
	uint64_t l = strlen(c->settings), v = strlen(CHOPSTICKS_VERSION);
	uint64_t h = FIXED + l + v + ENTRY * n + 8, at = h;
	assert(n <= CHECKPOINT_SECTIONS_MAX && strlen(stage) < CHECKPOINT_NAME_MAX);
	memset(head, 0, h);
	memcpy(head, magic, 8);
	le64_store(head + F_VERSION, CHECKPOINT_VERSION | host_order() << 32);
	le64_store(head + F_LEVEL, level);
	memcpy(head + F_STAGE, stage, strlen(stage));
	le64_store(head + F_COUNT, n);
	le64_store(head + F_LENGTHS, l | v << 32);
	le64_store(head + F_HEADER, h);
	memcpy(head + FIXED, c->settings, l);
	memcpy(head + FIXED + l, CHOPSTICKS_VERSION, v);
	for (unsigned k = 0; k < n; k++) {
		uint8_t *e = head + FIXED + l + v + ENTRY * k;
		assert(strlen(s[k].name) < CHECKPOINT_NAME_MAX);
		memset(&entry[k], 0, sizeof entry[k]);
		memcpy(entry[k].name, s[k].name, strlen(s[k].name));
		entry[k].offset = at;
		entry[k].bytes = s[k].bytes;
		entry[k].sum = table_checksum(s[k].data, s[k].bytes);
		memcpy(e, entry[k].name, CHECKPOINT_NAME_MAX);
		le64_store(e + 16, at);
		le64_store(e + 24, s[k].bytes);
		le64_store(e + 32, entry[k].sum);
		at += s[k].bytes;
	}
	le64_store(head + h - 8, table_checksum(head, h - 8));
	return h;
}

// Writes the header and the sections to tmp, synced; false with errno set on failure.
static bool write_file(const char *tmp, const uint8_t *head, uint64_t h,
		       const struct checkpoint_section *s, unsigned n)
{
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0)
		return false;
	bool ok = write_all(fd, head, h);
	for (unsigned k = 0; ok && k < n; k++)
		ok = write_all(fd, s[k].data, s[k].bytes);
	ok = ok && fsync(fd) == 0;
	int e = errno;
	if (close(fd) != 0 && ok)
		return false;
	errno = e;
	return ok;
}

// Makes the rename durable. Some file systems cannot sync a directory (EINVAL): then the
// rename is as durable as they make it.
static bool sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return false;
	bool ok = fsync(fd) == 0 || errno == EINVAL;
	int e = errno;
	close(fd);
	errno = e;
	return ok;
}

enum status checkpoint_save(struct checkpoint *c, const char *stage, unsigned level,
			    const struct checkpoint_section *s, unsigned n, struct error *err)
{
	uint8_t head[HEADER_MAX];
	struct checkpoint_entry entry[CHECKPOINT_SECTIONS_MAX];
	char tmp[CHECKPOINT_PATH_MAX + 4];
	snprintf(tmp, sizeof tmp, "%s.tmp", c->path);
	uint64_t h = put_header(c, stage, level, s, n, head, entry);
	if (!write_file(tmp, head, h, s, n) || rename(tmp, c->path) != 0) {
		int e = errno;
		unlink(tmp);
		return error_set(err, STATUS_FAILURE, "--checkpoint '%s': cannot write '%s': %s", c->dir, tmp,
				 strerror(e ? e : EIO));
	}
	if (!sync_dir(c->dir))
		return error_set(err, STATUS_FAILURE, "--checkpoint '%s': %s", c->dir, strerror(errno));
	snprintf(c->stage, sizeof c->stage, "%s", stage);
	c->level = level;
	c->count = n;
	memcpy(c->entry, entry, n * sizeof *entry);
	c->since = now();
	return STATUS_OK;
}

// Fills c's entries from the directory at p; STATUS_BAD_INPUT unless the sections fill the
// file from h to its end, size bytes.
static enum status get_entries(struct checkpoint *c, const uint8_t *p, uint64_t h, uint64_t size,
			       struct error *err)
{
	uint64_t at = h;
	bool ok = true;
	for (unsigned k = 0; k < c->count && ok; k++, p += ENTRY) {
		struct checkpoint_entry *e = &c->entry[k];
		memcpy(e->name, p, CHECKPOINT_NAME_MAX);
		e->offset = le64_load(p + 16);
		e->bytes = le64_load(p + 24);
		e->sum = le64_load(p + 32);
		ok = !e->name[CHECKPOINT_NAME_MAX - 1] && e->offset == at && e->bytes <= size - at;
		at += ok ? e->bytes : 0;
	}
	if (!ok || at != size)
		return error_set(err, STATUS_BAD_INPUT, "--checkpoint '%s': '%s' is truncated or damaged (its sections do not fill its %llu bytes)",
				 c->dir, c->path, (unsigned long long)size);
	return STATUS_OK;
}

// The checks of the header, in head[0 .. h), that need no game: sizes, checksum, program.
static enum status check_header(const struct checkpoint *c, const uint8_t *head, uint64_t h,
				struct error *err)
{
	uint64_t lengths = le64_load(head + F_LENGTHS), l = (uint32_t)lengths, v = lengths >> 32;
	const char *program = (const char *)head + FIXED + l;
	if (table_checksum(head, h - 8) != le64_load(head + h - 8))
		return error_set(err, STATUS_BAD_INPUT, "--checkpoint '%s': '%s' is damaged (checksum mismatch in its header)",
				 c->dir, c->path);
	if (v != strlen(CHOPSTICKS_VERSION) || memcmp(program, CHOPSTICKS_VERSION, v))
		return error_set(err, STATUS_BAD_INPUT, "--checkpoint '%s': '%s' was written by chopsticks %.*s, this is %s: remove it to start again",
				 c->dir, c->path, (int)v, program, CHOPSTICKS_VERSION);
	return STATUS_OK;
}

// The game of the header against c's: names the first setting that differs.
static enum status check_game(const struct checkpoint *c, const uint8_t *head, struct error *err)
{
	char file[DESCRIBE_MAX];
	const char *a, *b;
	int la, lb;
	uint64_t l = (uint32_t)le64_load(head + F_LENGTHS);
	snprintf(file, sizeof file, "%.*s", (int)l, (const char *)head + FIXED);
	if (!describe_difference(file, c->settings, &a, &la, &b, &lb))
		return STATUS_OK;
	if (la && lb)
		return error_set(err, STATUS_BAD_INPUT, "--checkpoint '%s': its state is of another game: it has %.*s, these options give %.*s",
				 c->dir, la, a, lb, b);
	return error_set(err, STATUS_BAD_INPUT, "--checkpoint '%s': its state is of another game: '%s'", c->dir, file);
}

// Reads the fixed header at the start of head and the rest of it; *h gets its bytes.
static enum status read_header(const struct checkpoint *c, int fd, uint64_t size, uint8_t *head,
			       uint64_t *h, struct error *err)
{
	if (size < FIXED + 8 || !read_all(fd, head, FIXED, 0) || memcmp(head, magic, 8))
		return error_set(err, STATUS_BAD_INPUT, "--checkpoint '%s': '%s' is not a checkpoint (remove it, or give another directory)",
				 c->dir, c->path);
	uint64_t version = le64_load(head + F_VERSION), lengths = le64_load(head + F_LENGTHS);
	uint64_t n = le64_load(head + F_COUNT), l = (uint32_t)lengths, v = lengths >> 32;
	if ((uint32_t)version != CHECKPOINT_VERSION)
		return error_set(err, STATUS_BAD_INPUT, "--checkpoint '%s': '%s' has format version %u; this program reads version %d",
				 c->dir, c->path, (unsigned)(uint32_t)version, CHECKPOINT_VERSION);
	if (version >> 32 != host_order())
		return error_set(err, STATUS_BAD_INPUT, "--checkpoint '%s': '%s' was written on a machine of the other byte order",
				 c->dir, c->path);
	*h = le64_load(head + F_HEADER);
	bool sane = l < DESCRIBE_MAX && v < VERSION_MAX && n <= CHECKPOINT_SECTIONS_MAX &&
		    *h == FIXED + l + v + ENTRY * n + 8 && *h <= size && !head[F_STAGE + CHECKPOINT_NAME_MAX - 1];
	if (!sane || !read_all(fd, head + FIXED, *h - FIXED, FIXED))
		return error_set(err, STATUS_BAD_INPUT, "--checkpoint '%s': '%s' is truncated or damaged (its header does not match its %llu bytes)",
				 c->dir, c->path, (unsigned long long)size);
	return STATUS_OK;
}

// Reads and checks the header of the file c->path, when there is one.
static enum status find_state(struct checkpoint *c, struct error *err)
{
	uint8_t head[HEADER_MAX];
	struct stat sb;
	uint64_t h = 0;
	int fd = open(c->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? STATUS_OK
				       : error_set(err, STATUS_FAILURE, "--checkpoint '%s': '%s': %s", c->dir, c->path, strerror(errno));
	enum status st = fstat(fd, &sb) == 0 ? STATUS_OK
		: error_set(err, STATUS_FAILURE, "--checkpoint '%s': '%s': %s", c->dir, c->path, strerror(errno));
	if (st == STATUS_OK)
		st = read_header(c, fd, (uint64_t)sb.st_size, head, &h, err);
	close(fd);
	if (st == STATUS_OK)
		st = check_header(c, head, h, err);
	if (st == STATUS_OK)
		st = check_game(c, head, err);
	if (st != STATUS_OK)
		return st;
	uint64_t lengths = le64_load(head + F_LENGTHS);
	c->count = (unsigned)le64_load(head + F_COUNT);
	st = get_entries(c, head + FIXED + (uint32_t)lengths + (lengths >> 32), h, (uint64_t)sb.st_size, err);
	if (st != STATUS_OK)
		return st;
	memcpy(c->stage, head + F_STAGE, CHECKPOINT_NAME_MAX);
	c->level = (unsigned)le64_load(head + F_LEVEL);
	return STATUS_OK;
}

enum status checkpoint_open(struct checkpoint *c, const char *dir, const char *name,
			    const char *settings, unsigned every, struct error *err)
{
	memset(c, 0, sizeof *c);
	snprintf(c->dir, sizeof c->dir, "%s", dir);
	if (snprintf(c->path, sizeof c->path, "%s/%s", dir, name) >= (int)sizeof c->path ||
	    strlen(dir) >= sizeof c->dir)
		return error_set(err, STATUS_BAD_INPUT, "--checkpoint '%.60s...': the path is too long", dir);
	snprintf(c->settings, sizeof c->settings, "%s", settings);
	c->every = every;
	c->since = now();
	enum status st = make_dir(c, err);
	if (st == STATUS_OK)
		st = find_state(c, err);
	if (st != STATUS_OK)
		c->stage[0] = '\0', c->count = 0;
	return st;
}

bool checkpoint_holds(const struct checkpoint *c, const char *stage)
{
	return c && !strcmp(c->stage, stage);
}

static const struct checkpoint_entry *find_entry(const struct checkpoint *c, const char *name)
{
	for (unsigned k = 0; k < c->count; k++)
		if (!strcmp(c->entry[k].name, name))
			return &c->entry[k];
	return NULL;
}

uint64_t checkpoint_bytes(const struct checkpoint *c, const char *name)
{
	const struct checkpoint_entry *e = find_entry(c, name);
	return e ? e->bytes : UINT64_MAX;
}

static enum status load_one(const struct checkpoint *c, int fd, const struct checkpoint_section *s,
			    struct error *err)
{
	const struct checkpoint_entry *e = find_entry(c, s->name);
	if (!e || e->bytes != s->bytes)
		return error_set(err, STATUS_BAD_INPUT, "--checkpoint '%s': its section '%s' does not have the %llu bytes this solve needs: the file is damaged",
				 c->dir, s->name, (unsigned long long)s->bytes);
	if (!read_all(fd, s->data, s->bytes, e->offset))
		return error_set(err, errno ? STATUS_FAILURE : STATUS_BAD_INPUT, "--checkpoint '%s': '%s': %s", c->dir,
				 c->path, errno ? strerror(errno) : "truncated");
	if (table_checksum(s->data, s->bytes) != e->sum)
		return error_set(err, STATUS_BAD_INPUT, "--checkpoint '%s': '%s' is damaged (checksum mismatch in its section '%s')",
				 c->dir, c->path, s->name);
	return STATUS_OK;
}

enum status checkpoint_load(struct checkpoint *c, const struct checkpoint_section *s, unsigned n,
			    struct error *err)
{
	int fd = open(c->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return error_set(err, STATUS_FAILURE, "--checkpoint '%s': '%s': %s", c->dir, c->path, strerror(errno));
	enum status st = STATUS_OK;
	for (unsigned k = 0; k < n && st == STATUS_OK; k++)
		st = load_one(c, fd, &s[k], err);
	close(fd);
	c->resumed |= st == STATUS_OK;
	return st;
}

bool checkpoint_due(const struct checkpoint *c)
{
	return now() - c->since >= c->every;
}

// "at level 12", or "after the walk" for its stage.
static const char *where(const struct checkpoint *c, char *buf, size_t len)
{
	if (!strcmp(c->stage, CHECKPOINT_STAGE_WALK))
		return "after the walk";
	snprintf(buf, len, "at level %u", c->level);
	return buf;
}

static void note(const struct progress *pr, const struct progress_step *step, const char *text)
{
	struct progress_step noted = *step;
	noted.note = text;
	progress_report(pr, &noted);
}

void checkpoint_resumed(struct checkpoint *c, const struct progress *pr, const struct progress_step *step)
{
	char text[64], at[32];
	if (!c || !c->resumed)
		return;
	snprintf(text, sizeof text, "resumed %s", where(c, at, sizeof at));
	note(pr, step, text);
	c->resumed = false;
}

void checkpoint_written(const struct progress *pr, const struct progress_step *step)
{
	note(pr, step, "checkpoint written");
}

enum status checkpoint_interrupted(const struct checkpoint *c, struct error *err)
{
	char at[32];
	return error_set(err, STATUS_INTERRUPTED, "interrupted; the state %s is kept in '%s': the same command resumes from it",
			 where(c, at, sizeof at), c->dir);
}

enum status checkpoint_level(struct checkpoint *c, const struct progress *pr,
			     const struct progress_step *step, const char *stage,
			     const struct checkpoint_section *s, unsigned n, struct error *err)
{
	if (!c)
		return STATUS_OK;
	checkpoint_resumed(c, pr, step);
	bool stop = progress_stopped(pr), held = !strcmp(c->stage, stage) && c->level == step->level;
	if (!held && (stop || checkpoint_due(c))) {
		enum status st = checkpoint_save(c, stage, step->level, s, n, err);
		if (st != STATUS_OK)
			return st;
		checkpoint_written(pr, step);
	}
	return stop ? checkpoint_interrupted(c, err) : STATUS_OK;
}

enum status checkpoint_remove(struct checkpoint *c, struct error *err)
{
	char tmp[CHECKPOINT_PATH_MAX + 4];
	snprintf(tmp, sizeof tmp, "%s.tmp", c->path);
	if ((unlink(c->path) != 0 && errno != ENOENT) || (unlink(tmp) != 0 && errno != ENOENT))
		return error_set(err, STATUS_FAILURE, "--checkpoint '%s': cannot remove its state: %s", c->dir, strerror(errno));
	c->stage[0] = '\0';
	c->count = 0;
	return STATUS_OK;
}

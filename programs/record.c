// SPDX-License-Identifier: MIT
// The record writer (see record.h): one separator rule per format, then the value.
#include "record.h"

#include <assert.h>
#include <string.h>

#include "size_text.h"

// The writes below take no lock of the stream (putc_unlocked): record.h asks that no other
// thread write it meanwhile. A program with threads (OpenMP) pays a lock per call otherwise,
// and a JSON record is mostly single characters and short runs.
static void put(FILE *f, const char *s, size_t n)
{
	for (size_t k = 0; k < n; k++)
		putc_unlocked(s[k], f);
}

static void put_str(FILE *f, const char *s)
{
	put(f, s, strlen(s));
}

// Length of the valid UTF-8 sequence at p (2 to 4 bytes), 0 when it is not one: no
// overlong forms, no surrogates, nothing past U+10FFFF (RFC 3629, table 3-7 of Unicode).
static int utf8_length(const unsigned char *p)
{
	unsigned char lo = 0x80, hi = 0xBF;
	int n;
	if (p[0] >= 0xC2 && p[0] <= 0xDF)
		n = 2;
	else if (p[0] >= 0xE0 && p[0] <= 0xEF)
		n = 3, lo = p[0] == 0xE0 ? 0xA0 : 0x80, hi = p[0] == 0xED ? 0x9F : 0xBF;
	else if (p[0] >= 0xF0 && p[0] <= 0xF4)
		n = 4, lo = p[0] == 0xF0 ? 0x90 : 0x80, hi = p[0] == 0xF4 ? 0x8F : 0xBF;
	else
		return 0;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (int k = 2; k < n; k++)
		if (p[k] < 0x80 || p[k] > 0xBF)
			return 0;
	return n;
}

// Whether byte c goes into a JSON string as it is (printable ASCII other than '"' and '\\').
static bool json_plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7F && c != '"' && c != '\\';
}

void record_json_string(FILE *f, const char *s)
{
	putc_unlocked('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		int n;
		const unsigned char *run = p;
		while (json_plain(*p))
			p++;
		if (p > run) // the plain run at once: most strings are all of it
			put(f, (const char *)run, (size_t)(p - run));
		if (!*p)
			break;
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7F)
			fprintf(f, "\\u%04x", *p);
		else if ((n = utf8_length(p)) > 0)
			put(f, (const char *)p, (size_t)n), p += n - 1;
		else
			put_str(f, "\\ufffd");
	}
	putc_unlocked('"', f);
}

// v in decimal (printf's %llu without parsing a format: records print many numbers).
static void put_u64(FILE *f, uint64_t v)
{
	char digits[20], *p = digits + sizeof digits;
	do
		*--p = (char)('0' + v % 10);
	while (v /= 10);
	put(f, p, (size_t)(digits + sizeof digits - p));
}

void record_csv_field(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		put_str(f, s);
		return;
	}
	putc_unlocked('"', f);
	for (const char *p = s; *p; p++) {
		if (*p == '"')
			putc_unlocked('"', f);
		putc_unlocked(*p, f);
	}
	putc_unlocked('"', f);
}

void record_begin(struct record *r, FILE *f, enum format format)
{
	assert(format == FORMAT_TEXT || format == FORMAT_CSV || format == FORMAT_JSON);
	*r = (struct record){.f = f, .format = format, .depth = 1};
	r->first[0] = true;
	if (format == FORMAT_JSON)
		putc_unlocked('{', f);
}

void record_end(struct record *r)
{
	assert(r->depth == 1);
	if (r->format == FORMAT_JSON)
		putc_unlocked('}', r->f);
	if (r->format != FORMAT_TEXT)
		putc_unlocked('\n', r->f);
	r->depth = 0;
}

void record_end_inline(struct record *r)
{
	assert(r->depth == 1 && r->format == FORMAT_JSON);
	putc_unlocked('}', r->f);
	r->depth = 0;
}

void record_names(struct record *r, bool names)
{
	r->names = names && r->format == FORMAT_CSV;
}

// Text: the name, indented, with each '_' as a space.
static void label(struct record *r, unsigned level, const char *name)
{
	fprintf(r->f, "%*s", 2 * (int)level, "");
	for (const char *p = name; *p; p++)
		putc_unlocked(*p == '_' ? ' ' : *p, r->f);
	putc_unlocked(':', r->f);
}

// What comes before a value: the separator and key (JSON), the comma (CSV), the indented
// label (text). Returns false when the value itself is not to be written (a CSV header).
static bool field(struct record *r, const char *name)
{
	unsigned level = r->depth - 1;
	bool first = r->first[level], array = r->array[level];
	r->first[level] = false;
	switch (r->format) {
	case FORMAT_JSON:
		if (!first)
			putc_unlocked(',', r->f);
		if (!array) {
			record_json_string(r->f, name);
			putc_unlocked(':', r->f);
		}
		return true;
	case FORMAT_CSV:
		assert(r->depth == 1);
		if (!first)
			putc_unlocked(',', r->f);
		if (r->names)
			record_csv_field(r->f, name);
		return !r->names;
	default:
		if (!array)
			label(r, level, name);
		putc_unlocked(' ', r->f);
		return true;
	}
}

// After a value: text ends the line of a named field.
static void done(struct record *r)
{
	if (r->format == FORMAT_TEXT && !r->array[r->depth - 1])
		putc_unlocked('\n', r->f);
}

void record_u64(struct record *r, const char *name, uint64_t v)
{
	if (field(r, name))
		put_u64(r->f, v);
	done(r);
}

void record_uint(struct record *r, const char *name, unsigned v)
{
	if (field(r, name))
		put_u64(r->f, v);
	done(r);
}

void record_opt_uint(struct record *r, const char *name, bool present, unsigned v)
{
	if (present)
		record_uint(r, name, v);
	else
		record_null(r, name);
}

void record_int(struct record *r, const char *name, int v)
{
	if (field(r, name))
		fprintf(r->f, "%d", v);
	done(r);
}

void record_str(struct record *r, const char *name, const char *s)
{
	if (!s) {
		record_null(r, name);
		return;
	}
	if (field(r, name)) {
		if (r->format == FORMAT_JSON)
			record_json_string(r->f, s);
		else if (r->format == FORMAT_CSV)
			record_csv_field(r->f, s);
		else
			put_str(r->f, s);
	}
	done(r);
}

void record_bool(struct record *r, const char *name, bool v)
{
	if (field(r, name))
		put_str(r->f, v ? "true" : "false");
	done(r);
}

void record_null(struct record *r, const char *name)
{
	if (field(r, name) && r->format != FORMAT_CSV)
		put_str(r->f, r->format == FORMAT_JSON ? "null" : "none");
	done(r);
}

void record_mpz(struct record *r, const char *name, const mpz_t v)
{
	if (field(r, name))
		mpz_out_str(r->f, 10, v);
	done(r);
}

void record_bytes(struct record *r, const char *name, const mpz_t v)
{
	if (field(r, name)) {
		mpz_out_str(r->f, 10, v);
		if (r->format == FORMAT_TEXT) {
			char size[SIZE_TEXT_MAX];
			size_text(size, mpz_get_d(v));
			fprintf(r->f, " (%s)", size);
		}
	}
	done(r);
}

void record_real(struct record *r, const char *name, double v, int decimals)
{
	if (field(r, name)) {
		if (decimals < 0)
			fprintf(r->f, "%g", v);
		else
			fprintf(r->f, "%.*f", decimals, v);
	}
	done(r);
}

void record_json(struct record *r, const char *name, const char *json)
{
	assert(r->format == FORMAT_JSON);
	field(r, name);
	put_str(r->f, json);
}

static void open_level(struct record *r, const char *name, bool array)
{
	assert(r->format != FORMAT_CSV && r->depth < RECORD_DEPTH);
	if (r->format == FORMAT_JSON) {
		field(r, name);
		putc_unlocked(array ? '[' : '{', r->f);
	} else {
		r->first[r->depth - 1] = false;
		label(r, r->depth - 1, name);
		if (!array)
			putc_unlocked('\n', r->f);
	}
	r->first[r->depth] = true;
	r->array[r->depth] = array;
	r->depth++;
}

void record_object(struct record *r, const char *name)
{
	open_level(r, name, false);
}

void record_array(struct record *r, const char *name)
{
	open_level(r, name, true);
}

void record_close(struct record *r)
{
	assert(r->depth > 1);
	r->depth--;
	if (r->format == FORMAT_JSON)
		putc_unlocked(r->array[r->depth] ? ']' : '}', r->f);
	else if (r->array[r->depth])
		putc_unlocked('\n', r->f);
}

void record_list(FILE *f, enum format format, const char *name, uint64_t count, record_row_fn *row,
		 const void *ctx)
{
	struct record r;
	assert(format == FORMAT_CSV || format == FORMAT_JSON);
	if (format == FORMAT_CSV) {
		for (uint64_t i = 0; i <= count; i++) { // i = 0: the header
			record_begin(&r, f, format);
			record_names(&r, i == 0);
			row(&r, i ? i - 1 : 0, ctx);
			record_end(&r);
		}
		return;
	}
	record_begin(&r, f, format);
	record_array(&r, name);
	for (uint64_t i = 0; i < count; i++) {
		record_object(&r, NULL);
		row(&r, i, ctx);
		record_close(&r);
	}
	record_close(&r);
	record_end(&r);
}

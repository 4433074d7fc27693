// SPDX-License-Identifier: MIT
// The record writer (see record.h): one separator rule per format, then the value.
#define _DEFAULT_SOURCE // fwrite_unlocked
#include "record.h"

#include <assert.h>
#include <string.h>

#include "numparse.h"
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

// Whether each of the 8 bytes of w goes into a JSON string as it is: none below 0x20, none
// 0x7F or above, none a quote or a backslash (the tests for a byte in a word of "Bit
// Twiddling Hacks": each says exactly whether some byte matches).
static bool word_plain(uint64_t w)
{
	const uint64_t ones = UINT64_C(0x0101010101010101), high = ones << 7;
	uint64_t quote = w ^ ones * '"', slash = w ^ ones * '\\';
	uint64_t below = (w - ones * 0x20) & ~w & high, above = ((w + ones) | w) & high;
	uint64_t equal = ((quote - ones) & ~quote & high) | ((slash - ones) & ~slash & high);
	return !(below | above | equal);
}

// Whether s[0 .. n) goes into a JSON string as it is: 8 bytes at a time, the rest one by one.
static bool json_all_plain(const unsigned char *s, size_t n)
{
	uint64_t w;
	bool plain = true;
	size_t i = 0;
	for (; i + 8 <= n; i += 8)
		if (memcpy(&w, s + i, 8), !word_plain(w))
			return false;
	for (; i < n; i++)
		plain &= json_plain(s[i]);
	return plain;
}

// Writes what r holds to its stream.
static void flush(struct record *r)
{
	if (r->held)
		fwrite_unlocked(r->buf, 1, r->held, r->f);
	r->held = 0;
}

// out when the buffer has no room or the format is not JSON.
static void out_rest(struct record *r, const char *s, size_t n)
{
	if (r->format != FORMAT_JSON) {
		put(r->f, s, n);
		return;
	}
	flush(r);
	if (n > sizeof r->buf)
		fwrite_unlocked(s, 1, n, r->f);
	else
		memcpy(r->buf, s, n), r->held = n;
}

// s[0 .. n) to r: JSON into its buffer, text and CSV to the stream at once (callers print
// between fields of those).
static inline void out(struct record *r, const char *s, size_t n)
{
	if (r->format == FORMAT_JSON && r->held + n <= sizeof r->buf)
		memcpy(r->buf + r->held, s, n), r->held += n;
	else
		out_rest(r, s, n);
}

static inline void out_c(struct record *r, char c)
{
	if (r->format == FORMAT_JSON && r->held < sizeof r->buf)
		r->buf[r->held++] = c;
	else
		out_rest(r, &c, 1);
}

static void out_str(struct record *r, const char *s)
{
	out(r, s, strlen(s));
}

// r's stream, for a write that does not go through out (printf, GMP), with what r holds
// written first.
static FILE *direct(struct record *r)
{
	flush(r);
	return r->f;
}

// s as a JSON string, to r.
static void json_string(struct record *r, const char *s)
{
	size_t len = strlen(s);
	out_c(r, '"');
	if (json_all_plain((const unsigned char *)s, len)) { // most strings: at once
		out(r, s, len);
		out_c(r, '"');
		return;
	}
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		int n;
		char esc[8];
		const unsigned char *run = p;
		while (json_plain(*p))
			p++;
		out(r, (const char *)run, (size_t)(p - run));
		if (!*p)
			break;
		if (*p == '"' || *p == '\\')
			esc[0] = '\\', esc[1] = (char)*p, out(r, esc, 2);
		else if (*p < 0x20 || *p == 0x7F)
			snprintf(esc, sizeof esc, "\\u%04x", *p), out_str(r, esc);
		else if ((n = utf8_length(p)) > 0)
			out(r, (const char *)p, (size_t)n), p += n - 1;
		else
			out_str(r, "\\ufffd");
	}
	out_c(r, '"');
}

// A record of format on f with nothing written: nesting level 0 open.
static void record_init(struct record *r, FILE *f, enum format format)
{
	r->f = f;
	r->format = format;
	r->names = false;
	r->depth = 1;
	r->first[0] = true;
	r->array[0] = false;
	r->held = 0;
}

void record_json_string(FILE *f, const char *s)
{
	struct record r;
	record_init(&r, f, FORMAT_JSON);
	json_string(&r, s);
	flush(&r);
}

// v in decimal (printf's %llu without parsing a format: records print many numbers).
static void out_u64(struct record *r, uint64_t v)
{
	char digits[20];
	out(r, digits, numparse_put_u64(digits, v));
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
	record_init(r, f, format);
	if (format == FORMAT_JSON)
		out_c(r, '{');
}

void record_end(struct record *r)
{
	assert(r->depth == 1);
	if (r->format == FORMAT_JSON)
		out_c(r, '}');
	if (r->format != FORMAT_TEXT)
		out_c(r, '\n');
	flush(r);
	r->depth = 0;
}

void record_end_inline(struct record *r)
{
	assert(r->depth == 1 && r->format == FORMAT_JSON);
	out_c(r, '}');
	flush(r);
	r->depth = 0;
}

void record_names(struct record *r, bool names)
{
	r->names = names && r->format == FORMAT_CSV;
}

// Text: the name, indented, with each '_' as a space.
static void label(struct record *r, unsigned level, const char *name)
{
	fprintf(direct(r), "%*s", 2 * (int)level, "");
	for (const char *p = name; *p; p++)
		out_c(r, *p == '_' ? ' ' : *p);
	out_c(r, ':');
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
			out_c(r, ',');
		if (!array) {
			json_string(r, name);
			out_c(r, ':');
		}
		return true;
	case FORMAT_CSV:
		assert(r->depth == 1);
		if (!first)
			out_c(r, ',');
		if (r->names)
			record_csv_field(r->f, name);
		return !r->names;
	default:
		if (!array)
			label(r, level, name);
		out_c(r, ' ');
		return true;
	}
}

// After a value: text ends the line of a named field.
static void done(struct record *r)
{
	if (r->format == FORMAT_TEXT && !r->array[r->depth - 1])
		out_c(r, '\n');
}

void record_u64(struct record *r, const char *name, uint64_t v)
{
	if (field(r, name))
		out_u64(r, v);
	done(r);
}

void record_uint(struct record *r, const char *name, unsigned v)
{
	if (field(r, name))
		out_u64(r, v);
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
		fprintf(direct(r), "%d", v);
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
			json_string(r, s);
		else if (r->format == FORMAT_CSV)
			record_csv_field(r->f, s);
		else
			out_str(r, s);
	}
	done(r);
}

void record_bool(struct record *r, const char *name, bool v)
{
	if (field(r, name))
		out_str(r, v ? "true" : "false");
	done(r);
}

void record_null(struct record *r, const char *name)
{
	if (field(r, name) && r->format != FORMAT_CSV)
		out_str(r, r->format == FORMAT_JSON ? "null" : "none");
	done(r);
}

void record_mpz(struct record *r, const char *name, const mpz_t v)
{
	if (field(r, name))
		mpz_out_str(direct(r), 10, v);
	done(r);
}

void record_bytes(struct record *r, const char *name, const mpz_t v)
{
	if (field(r, name)) {
		mpz_out_str(direct(r), 10, v);
		if (r->format == FORMAT_TEXT) {
			char size[SIZE_TEXT_MAX];
			size_text(size, mpz_get_d(v));
			fprintf(direct(r), " (%s)", size);
		}
	}
	done(r);
}

void record_real(struct record *r, const char *name, double v, int decimals)
{
	if (field(r, name)) {
		if (decimals < 0)
			fprintf(direct(r), "%g", v);
		else
			fprintf(direct(r), "%.*f", decimals, v);
	}
	done(r);
}

void record_json(struct record *r, const char *name, const char *json)
{
	assert(r->format == FORMAT_JSON);
	field(r, name);
	out_str(r, json);
}

static void open_level(struct record *r, const char *name, bool array)
{
	assert(r->format != FORMAT_CSV && r->depth < RECORD_DEPTH);
	if (r->format == FORMAT_JSON) {
		field(r, name);
		out_c(r, array ? '[' : '{');
	} else {
		r->first[r->depth - 1] = false;
		label(r, r->depth - 1, name);
		if (!array)
			out_c(r, '\n');
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
		out_c(r, r->array[r->depth] ? ']' : '}');
	else if (r->array[r->depth])
		out_c(r, '\n');
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

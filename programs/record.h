// SPDX-License-Identifier: MIT
// One record writer for the three output formats: a record is a sequence of named, typed
// fields (numbers, strings, booleans, null, exact big numbers, nested objects and arrays),
// and the same calls write it as JSON (one object per line, keys quoted, strings escaped,
// integers exact), as a CSV row (with record_names, the header row of the same fields) or
// as text lines "name: value". Not for free-form text: outputs that people read as prose
// keep their own printf. Invariant: every begin has its end, and the JSON is valid UTF-8.
// The writes take no lock of the stream: no other thread may write it while a record does.
// A JSON record reaches f in pieces, whole by record_end (or record_end_inline): nothing else
// may write to f between record_begin and then.
#ifndef CHOPSTICKS_PROGRAMS_RECORD_H
#define CHOPSTICKS_PROGRAMS_RECORD_H

#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "args.h"

// Objects and arrays nest at most this deep (the outputs use four levels).
#define RECORD_DEPTH 16

// A JSON record is written to f in pieces of this many bytes (and at its end): a line of
// show's moves is thousands of short fields, and a stream call each cost more than the text.
#define RECORD_BUFFER 8192

struct record {
	FILE *f;
	enum format format;  // FORMAT_TEXT, FORMAT_CSV or FORMAT_JSON
	bool names;          // CSV: fields write their names (the header row), not values
	unsigned depth;      // open objects and arrays, the record itself included
	bool first[RECORD_DEPTH]; // nothing written yet at this level
	bool array[RECORD_DEPTH]; // this level is an array (its fields have no names)
	size_t held;         // JSON: bytes of buf not yet written to f (text and CSV write at once)
	char buf[RECORD_BUFFER];
};

// Starts a record on f in format: JSON opens "{", CSV starts a row (of values: names is
// false), text writes nothing.
// One record is one JSON line or one CSV row; a struct record may write many in turn.
void record_begin(struct record *r, FILE *f, enum format format);
// Ends the record: closes "}" (JSON) and ends the line (JSON, CSV). Asserts that every
// nested object and array was ended.
void record_end(struct record *r);
// JSON: ends the record without the newline: an object that record_json puts into another.
void record_end_inline(struct record *r);
// CSV: from now on (names true) the fields write their names, quoted as fields: the same
// calls that write a row write its header. Other formats ignore it.
void record_names(struct record *r, bool names);

// Fields. name is the key (JSON), the column (CSV) or the label (text, where each '_'
// reads as a space); inside an array it is ignored and may be NULL. Text writes
// "name: value" on a line of its own, indented two spaces per nesting level; in an array
// the values follow each other on one line.
void record_u64(struct record *r, const char *name, uint64_t v);
void record_uint(struct record *r, const char *name, unsigned v);
void record_int(struct record *r, const char *name, int v);
// v when present, else as record_null (a remoteness, none for a draw).
void record_opt_uint(struct record *r, const char *name, bool present, unsigned v);
// s escaped (JSON) or quoted (CSV); NULL writes null (JSON) or an empty field.
void record_str(struct record *r, const char *name, const char *s);
void record_bool(struct record *r, const char *name, bool v);
// JSON null, an empty CSV field, "none" in text.
void record_null(struct record *r, const char *name);
// Every digit of v (JSON numbers of any size).
void record_mpz(struct record *r, const char *name, const mpz_t v);
// A size in bytes, exactly; text adds it in the unit that fits: "4954 (4.84 KiB)".
void record_bytes(struct record *r, const char *name, const mpz_t v);
// v with decimals digits after the point (printf "%.*f"), or as "%g" when decimals < 0.
void record_real(struct record *r, const char *name, double v, int decimals);
// JSON only: a value already written as JSON, by a record of its own on a memory stream
// (record_end_inline), for a value computed before the fields that precede it are known.
void record_json(struct record *r, const char *name, const char *json);

// Nested values (JSON only: CSV rows and text lines are flat, and asserts catch misuse in
// CSV; text writes "name:" and indents what follows). Each begin needs its end.
void record_object(struct record *r, const char *name);
void record_array(struct record *r, const char *name);
void record_close(struct record *r);

// A list of count rows, each written by row(r, i, ctx): CSV the header (row 0's field
// names: row 0 is called even when count is 0) and one row each; JSON one line
// {"name":[{row 0},{row 1},...]}. Not for text.
typedef void record_row_fn(struct record *r, uint64_t i, const void *ctx);
void record_list(FILE *f, enum format format, const char *name, uint64_t count, record_row_fn *row,
		 const void *ctx);

// The escaping, on its own: s as a JSON string in quotes ("\"" and "\\" escaped, control
// characters and DEL as \u00XX, each byte of invalid UTF-8 as \ufffd), and s as one CSV
// field (RFC 4180: in quotes, quotes doubled, when it holds a comma, quote, CR or LF).
void record_json_string(FILE *f, const char *s);
void record_csv_field(FILE *f, const char *s);

#endif

// SPDX-License-Identifier: MIT
// record.h: JSON escaping of hostile strings (control characters, quotes, backslashes, DEL,
// invalid UTF-8), RFC 4180 quoting, and the three formats of one record. Every expectation
// is written by hand, never produced by the writer.
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

// What write(f, arg) printed, in a string the caller frees.
static char *capture(void (*write)(FILE *, const char *), const char *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cr_assert(f);
	write(f, arg);
	cr_assert(fclose(f) == 0);
	return buf;
}

static void expect_json(const char *in, const char *want)
{
	char *got = capture(record_json_string, in);
	cr_expect_str_eq(got, want);
	free(got);
}

static void expect_csv(const char *in, const char *want)
{
	char *got = capture(record_csv_field, in);
	cr_expect_str_eq(got, want);
	free(got);
}

Test(record, json_escapes_quotes_and_backslashes)
{
	expect_json("", "\"\"");
	expect_json("plain", "\"plain\"");
	expect_json("say \"hi\"", "\"say \\\"hi\\\"\"");
	expect_json("C:\\dir\\", "\"C:\\\\dir\\\\\"");
	expect_json("\\\"", "\"\\\\\\\"\"");
	expect_json("/", "\"/\"");
}

Test(record, json_escapes_every_control_character_and_del)
{
	expect_json("\x01", "\"\\u0001\"");
	expect_json("a\nb", "\"a\\u000ab\"");
	expect_json("\t\r\b\f", "\"\\u0009\\u000d\\u0008\\u000c\"");
	expect_json("\x1f", "\"\\u001f\"");
	expect_json("\x1b[31mred", "\"\\u001b[31mred\"");
	expect_json("\x7f", "\"\\u007f\"");
	expect_json(" ~", "\" ~\"");
}

Test(record, json_keeps_valid_utf8)
{
	expect_json("mis\xc3\xa8re", "\"mis\xc3\xa8re\"");           // U+00E8
	expect_json("\xe2\x82\xac", "\"\xe2\x82\xac\"");              // U+20AC
	expect_json("\xf0\x9f\x96\x90", "\"\xf0\x9f\x96\x90\"");      // U+1F590
	expect_json("\xf4\x8f\xbf\xbf", "\"\xf4\x8f\xbf\xbf\"");      // U+10FFFF
	expect_json("\xef\xbb\xbf", "\"\xef\xbb\xbf\"");              // the BOM, U+FEFF
}

Test(record, json_replaces_each_byte_of_invalid_utf8)
{
	expect_json("\x80", "\"\\ufffd\"");                  // a lone continuation byte
	expect_json("\xc3", "\"\\ufffd\"");                  // cut short at the end
	expect_json("\xc3(", "\"\\ufffd(\"");                // cut short by ASCII
	expect_json("\xc0\xaf", "\"\\ufffd\\ufffd\"");       // overlong '/'
	expect_json("\xe0\x80\xaf", "\"\\ufffd\\ufffd\\ufffd\""); // overlong, three bytes
	expect_json("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\""); // a surrogate, U+D800
	expect_json("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\""); // past U+10FFFF
	expect_json("\xf5\xff\xfe", "\"\\ufffd\\ufffd\\ufffd\"");
	expect_json("\xe2\x82", "\"\\ufffd\\ufffd\"");       // three bytes cut at the end
	expect_json("a\xe2\x82\"b", "\"a\\ufffd\\ufffd\\\"b\"");
}

// The writer checks 8 bytes at a time: every byte value at every place of a 17-byte
// string, the rest 'a', is escaped by the rule for that byte alone.
Test(record, json_escapes_any_byte_at_any_place)
{
	for (unsigned b = 1; b < 256; b++) {
		char esc[8] = {(char)b, '\0'};
		if (b == '"' || b == '\\')
			snprintf(esc, sizeof esc, "\\%c", b);
		else if (b < 0x20 || b == 0x7f)
			snprintf(esc, sizeof esc, "\\u%04x", b);
		else if (b >= 0x80) // alone, never valid UTF-8
			snprintf(esc, sizeof esc, "\\ufffd");
		for (unsigned at = 0; at < 17; at++) {
			char in[18], want[32];
			memset(in, 'a', 17);
			in[17] = '\0';
			in[at] = (char)b;
			snprintf(want, sizeof want, "\"%.*s%s%.*s\"", (int)at, in, esc, (int)(16 - at), in + at + 1);
			expect_json(in, want);
		}
	}
}

Test(record, csv_quotes_per_rfc_4180)
{
	expect_csv("", "");
	expect_csv("plain text", "plain text");
	expect_csv("--hands 2 --rollover 5", "--hands 2 --rollover 5");
	expect_csv("a,b", "\"a,b\"");
	expect_csv("say \"hi\"", "\"say \"\"hi\"\"\"");
	expect_csv("\"", "\"\"\"\"");
	expect_csv("two\nlines", "\"two\nlines\"");
	expect_csv("cr\r", "\"cr\r\"");
	expect_csv("tab\there", "tab\there");
}

// One record with every kind of field, in format; the text it printed, which the caller frees.
static char *sample(enum format format, bool header)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct record r;
	mpz_t big;
	mpz_init_set_str(big, "123456789012345678901234567890", 10);
	record_begin(&r, f, format);
	record_names(&r, header);
	record_u64(&r, "count", UINT64_MAX);
	record_uint(&r, "seat", 2);
	record_int(&r, "delta", -3);
	record_str(&r, "name", "a,\"b\"");
	record_bool(&r, "fits", true);
	record_null(&r, "limit");
	record_mpz(&r, "positions", big);
	record_real(&r, "ratio", 1.25, -1);
	record_real(&r, "seconds", 0.5, 3);
	if (format != FORMAT_CSV) {
		record_array(&r, "layers");
		record_u64(&r, NULL, 1);
		record_u64(&r, NULL, 4);
		record_close(&r);
		record_object(&r, "nested");
		record_str(&r, "key\n", "v");
		record_close(&r);
	}
	record_end(&r);
	mpz_clear(big);
	fclose(f);
	return buf;
}

Test(record, one_record_in_three_formats)
{
	char *json = sample(FORMAT_JSON, false), *csv = sample(FORMAT_CSV, false);
	char *header = sample(FORMAT_CSV, true), *text = sample(FORMAT_TEXT, false);
	cr_expect_str_eq(json, "{\"count\":18446744073709551615,\"seat\":2,\"delta\":-3,\"name\":\"a,\\\"b\\\"\","
			       "\"fits\":true,\"limit\":null,\"positions\":123456789012345678901234567890,"
			       "\"ratio\":1.25,\"seconds\":0.500,\"layers\":[1,4],\"nested\":{\"key\\u000a\":\"v\"}}\n");
	cr_expect_str_eq(header, "count,seat,delta,name,fits,limit,positions,ratio,seconds\n");
	cr_expect_str_eq(csv, "18446744073709551615,2,-3,\"a,\"\"b\"\"\",true,,123456789012345678901234567890,1.25,0.500\n");
	cr_expect_str_eq(text, "count: 18446744073709551615\nseat: 2\ndelta: -3\nname: a,\"b\"\nfits: true\n"
			       "limit: none\npositions: 123456789012345678901234567890\nratio: 1.25\nseconds: 0.500\n"
			       "layers: 1 4\nnested:\n  key\n: v\n");
	free(json);
	free(csv);
	free(header);
	free(text);
}

// An object written by a record of its own before the fields that precede it are known,
// then put into another record whole.
Test(record, json_value_written_ahead)
{
	char *inner = NULL, *outer = NULL;
	size_t inner_len = 0, outer_len = 0;
	FILE *f = open_memstream(&inner, &inner_len);
	cr_assert(f);
	struct record r;
	record_begin(&r, f, FORMAT_JSON);
	record_uint(&r, "rows", 3);
	record_end_inline(&r);
	cr_assert(fclose(f) == 0);
	cr_expect_str_eq(inner, "{\"rows\":3}");
	f = open_memstream(&outer, &outer_len);
	cr_assert(f);
	record_begin(&r, f, FORMAT_JSON);
	record_str(&r, "verdict", "ok");
	record_json(&r, "evidence", inner);
	record_array(&r, "more");
	record_json(&r, NULL, inner);
	record_json(&r, NULL, "null");
	record_close(&r);
	record_end(&r);
	cr_assert(fclose(f) == 0);
	cr_expect_str_eq(outer, "{\"verdict\":\"ok\",\"evidence\":{\"rows\":3},\"more\":[{\"rows\":3},null]}\n");
	free(inner);
	free(outer);
}

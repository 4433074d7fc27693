# SPDX-License-Identifier: MIT
# awk functions shared by the scripts, as shell variables to put before a program:
#     . scripts/lib/awk.sh;  awk "$CSV_AWK"'{ n = split_csv($0, f) ... }'
# CSV_AWK reads and writes RFC 4180 fields, TEX_AWK escapes and groups for LaTeX, SIG_AWK
# rounds to significant digits. This is the
# only copy of each (tests/scripts/ checks them through csv_util, tex_table and tex_facts).
# Sourced by sh and bash scripts alike: plain assignments only.

# split_csv(rec, f): the fields of one record (quotes, "" inside quotes; no newline inside a
# field) into f[1..n]; returns n, and sets csv_open to 1 when a quoted field is not closed.
# csv_quote(s): s as one field, quoted when it holds a quote, a comma or a newline.
# is_number(s): an integer or decimal, optionally signed (a cell that sorts and aligns as one).
CSV_AWK='
function split_csv(rec, f,    n, i, c, q, cur, len) {
	n = 0; cur = ""; q = 0; len = length(rec)
	for (i = 1; i <= len; i++) {
		c = substr(rec, i, 1)
		if (q) {
			if (c == "\"") {
				if (substr(rec, i + 1, 1) == "\"") { cur = cur "\""; i++ }
				else q = 0
			} else cur = cur c
		} else if (c == "\"") q = 1
		else if (c == ",") { f[++n] = cur; cur = "" }
		else cur = cur c
	}
	csv_open = q
	f[++n] = cur
	return n
}
function csv_quote(s,    t) {
	if (s !~ /[",\n]/) return s
	t = s; gsub(/"/, "\"\"", t)
	return "\"" t "\""
}
function is_number(s) { return s ~ /^[-+]?[0-9]+([.][0-9]+)?$/ }
'

# tex_escape(s): LaTeX specials (\ { } _ % & # $ ~ ^) escaped, newlines as spaces, and "--"
# kept as two hyphens (an option's dashes, not the en dash LaTeX makes of them).
# tex_group(s): the integer part of a number of 5 or more digits grouped in threes with thin
# spaces (1234567 -> 1\,234\,567); the digits themselves never change.
TEX_AWK='
function tex_escape(s,    out, i, c, len) {
	out = ""; len = length(s)
	for (i = 1; i <= len; i++) {
		c = substr(s, i, 1)
		if (c == "\\") out = out "\\textbackslash{}"
		else if (c == "~") out = out "\\textasciitilde{}"
		else if (c == "^") out = out "\\textasciicircum{}"
		else if (c == "\n") out = out " "
		else if (c == "-" && substr(s, i + 1, 1) == "-") out = out "-{}"
		else if (index("{}_%&#$", c)) out = out "\\" c
		else out = out c
	}
	return out
}
function tex_group(s,    sign, ip, frac, p, out) {
	sign = ""; frac = ""
	if (s ~ /^[-+]/) { sign = substr(s, 1, 1); s = substr(s, 2) }
	p = index(s, ".")
	if (p) { frac = substr(s, p); ip = substr(s, 1, p - 1) } else ip = s
	if (length(ip) < 5) return sign ip frac
	out = ""
	while (length(ip) > 3) {
		out = "\\," substr(ip, length(ip) - 2) out
		ip = substr(ip, 1, length(ip) - 3)
	}
	return sign ip out frac
}
'

# sig(x, d): x rounded to d significant digits, as a decimal ("" stays "", 0 is "0").
SIG_AWK='
function sig(x, d,    e) {
	if (x == "") return ""
	x += 0; if (x == 0) return "0"
	e = int(log(x < 0 ? -x : x) / log(10)); if (x < 1) e--
	return sprintf("%.*f", (d - 1 - e > 0 ? d - 1 - e : 0), x)
}
'

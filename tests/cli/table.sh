#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Binary solution tables: `solve --save` then `show`, `play` and `graph --table` answer as
# after solving; `verify` accepts the table; another game's table, a damaged one (one
# flipped byte: by show when it reads it) and a truncated one are refused by show and
# failed by verify.
source "$(dirname "$0")/lib/harness.sh"

tbl=$_tmp/standard.tbl
expect_exit 0 -- solve --save "$tbl"
for code in 1312 1111 4411 0014; do
	expect_exit 0 -- show "$code"
	solved=$stdout
	expect_exit 0 -- show "$code" --table "$tbl"
	if [[ $stdout == "$solved" ]]; then pass; else fail "show $code --table differs from show $code" "$stdout"; fi
done
expect_exit 0 -- graph --around 1312 --depth 1
graph=$stdout
expect_exit 0 -- graph --around 1312 --depth 1 --table "$tbl"
if [[ $stdout == "$graph" ]]; then pass; else fail "graph --table differs from graph"; fi
expect_exit 0 -- verify "$tbl"
expect_stdout_match 'verified: 204 positions'
expect_exit 2 -- verify "$tbl" --max-memory 1K
expect_stderr_match "too large to verify here: it needs about .*, the limit is 1 KiB"
expect_exit 0 -- verify "$tbl" --format json
if [[ $(jq -r '[.ok, .checked, .rules.options] | @tsv' <<<"$stdout") == $'true\t204\t--hands 2 --rollover 5' ]]; then
	pass
else
	fail "verify JSON is not ok over 204 positions of the standard game" "$stdout"
fi

# Another game's table; the same game named by axis options is accepted.
expect_exit 0 -- solve --variant cutoff --save "$_tmp/cutoff.tbl"
expect_exit 2 -- show 1111 --table "$_tmp/cutoff.tbl"
expect_stderr_one_line
expect_stderr_match 'another game: it has overflow=cutoff, these options give overflow=rollover'
expect_exit 0 -- show 1111 --table "$_tmp/cutoff.tbl" --overflow cutoff
expect_exit 0 -- solve --overflow cutoff --revive never --save "$_tmp/axes.tbl"
expect_exit 2 -- show 1111 --table "$_tmp/axes.tbl"
expect_exit 0 -- show 1111 --table "$_tmp/axes.tbl" --variant cutoff,transfers-only

# One flipped byte (in the header, the settings, the blocks), and cuts. A block is checked
# when read: show refuses it only when 1312 needs it (tables.sh plants one that it needs);
# verify reads them all.
size=$(stat -c %s "$tbl")
first=$(od -An -t u8 -j 112 -N 8 "$tbl" | tr -d ' ')
for at in 20 130 $((size / 2)) $((size - 3)); do
	cp "$tbl" "$_tmp/flip.tbl"
	printf '\x5a' | dd of="$_tmp/flip.tbl" bs=1 seek="$at" conv=notrunc status=none
	cmp -s "$tbl" "$_tmp/flip.tbl" || {
		if ((at < first)); then
			expect_exit 2 -- show 1312 --table "$_tmp/flip.tbl"
			expect_stderr_one_line
			expect_stderr_match 'checksum|damaged|version'
		fi
		expect_exit 2 -- verify "$_tmp/flip.tbl"
		expect_stdout_empty
	}
done
head -c $((size - 100)) "$tbl" >"$_tmp/cut.tbl"
expect_exit 2 -- show 1312 --table "$_tmp/cut.tbl"
expect_stderr_match 'truncated'
expect_exit 2 -- verify "$_tmp/cut.tbl"
expect_exit 2 -- verify "$_tmp/missing.tbl"
expect_stderr_one_line
printf 'not a table at all, just text\n%.0s' {1..10} >"$_tmp/text.tbl"
expect_exit 2 -- verify "$_tmp/text.tbl"
expect_stderr_match 'not a solution table'

# Saving fails cleanly: no file and no .tmp left behind.
expect_exit 1 -- solve --save "$_tmp/no/such/dir.tbl"
expect_stderr_one_line
if [[ ! -e $_tmp/no/such/dir.tbl.tmp ]]; then pass; else fail "a .tmp file was left behind"; fi
expect_exit 2 -- solve --players 3 --rollover 3 --save "$_tmp/three.tbl" --export "$_tmp/three.csv"
expect_stderr_match '--export: needs two players'
if [[ ! -e $_tmp/three.tbl && ! -e $_tmp/three.csv ]]; then pass; else fail "a file was written by a refused solve"; fi

finish

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `solve --export` writes every reachable position, naming its game; `show --table` answers
# from the file exactly as `show` does after solving; another game's file, an incomplete one
# and bad paths are refused.
source "$(dirname "$0")/lib/harness.sh"

csv=$_tmp/standard.csv
jsonl=$_tmp/standard.jsonl
expect_exit 0 -- solve --export "$csv"
expect_exit 0 -- solve --export "$jsonl"
rows=$(($(wc -l <"$csv") - 1))
if ((rows == 204)); then pass; else fail "export holds $rows positions, wanted 204"; fi
lines=$(($(wc -l <"$jsonl") - 1))
if ((lines == 204)); then pass; else fail "jsonl holds $lines positions, wanted 204"; fi
if grep -q '^1312,2,draw,,.*,--hands 2 --rollover 5$' "$csv"; then pass; else fail "1312 is not a draw at depth 2 in the export"; fi

for code in 1312 1111 4411 0014; do
	expect_exit 0 -- show "$code"
	solved=$stdout
	expect_exit 0 -- show "$code" --table "$csv"
	if [[ $stdout == "$solved" ]]; then pass; else fail "show $code --table differs from show $code" "$stdout"; fi
done

expect_exit 0 -- solve --variant cutoff --export "$_tmp/cutoff.csv"
expect_exit 2 -- show 1312 --table "$_tmp/cutoff.csv"
expect_stderr_match "another game: line 2 says '--hands 2 --rollover 5 --variant cutoff', these options give '--hands 2 --rollover 5'"
expect_exit 2 -- show 1312 --table "$_tmp/missing.csv"
expect_stderr_one_line
expect_exit 2 -- solve --export "$_tmp/out.txt"
expect_stderr_match '\.csv or \.jsonl'
expect_exit 1 -- solve --export "$_tmp/no/such/dir.csv"
expect_stderr_one_line
if [[ ! -e $_tmp/no/such/dir.csv.tmp ]]; then pass; else fail "a .tmp file was left behind"; fi

# Standard tools read the exports as they are: jq every JSON line, Python's csv.DictReader.
if jq -c . "$jsonl" >/dev/null && [[ $(head -n 1 "$jsonl" | jq -r .rules.options) == "--hands 2 --rollover 5" ]]; then
	pass
else
	fail "jq does not read every line of the JSONL export, or its first line lacks rules"
fi
if python3 -c 'import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 204 and all(r["game"] == "--hands 2 --rollover 5" for r in rows), rows[0]' "$csv"; then
	pass
else
	fail "csv.DictReader does not read the CSV export as 204 rows of this game"
fi

# Rules set axis by axis are the same game as the variants that name them, and another game.
expect_exit 0 -- solve --overflow cutoff --revive never --export "$_tmp/axes.csv"
expect_exit 2 -- show 1111 --table "$_tmp/axes.csv"
expect_stderr_match 'another game'
expect_exit 0 -- show 1111 --table "$_tmp/axes.csv" --variant transfers-only,cutoff
expect_exit 0 -- show 1111 --table "$_tmp/cutoff.csv" --overflow cutoff
expect_stdout_match 'position 1111'

# An incomplete export: the header and two rows, or every row but the one of 0133.
head -n 3 "$csv" >"$_tmp/short.csv"
expect_exit 2 -- show 3312 --table "$_tmp/short.csv"
expect_stderr_match 'incomplete: 2 of 204'
grep -v '^0133,' "$csv" >"$_tmp/no0133.csv"
expect_exit 2 -- show 3312 --table "$_tmp/no0133.csv"
expect_stderr_match 'incomplete: 203 of 204 reachable positions \(0133 is missing\)'
head -n 1 "$csv" >"$_tmp/header.csv"
expect_exit 2 -- show 3312 --table "$_tmp/header.csv"
expect_stderr_match 'incomplete'
# A row of another game, and a row whose depth is not the position's distance.
sed 's/,--hands 2 --rollover 5$/,--hands 2 --rollover 4/' "$csv" >"$_tmp/other.csv"
expect_exit 2 -- show 1312 --table "$_tmp/other.csv"
expect_stderr_match "line 2 says '--hands 2 --rollover 4'"
sed 's/^1312,2,/1312,3,/' "$csv" >"$_tmp/depth.csv"
expect_exit 2 -- show 1312 --table "$_tmp/depth.csv"
expect_stderr_match 'depth'

# A line past the reader's 8191 characters: its first 8191 (a row padded with spaces in its
# best field) and the rest (the next row) must not pass as two rows.
{
	sed -n 1p "$csv"
	IFS=, read -r c d v r b g < <(sed -n 2p "$csv")
	head="$c,$d,$v,$r,$b"
	tail=",$g"
	printf '%s%*s%s' "$head" $((8191 - ${#head} - ${#tail})) '' "$tail"
	sed -n '3,$p' "$csv"
} >"$_tmp/long.csv"
expect_exit 2 -- show 1312 --table "$_tmp/long.csv"
expect_stderr_one_line
expect_stderr_match 'line 2: longer than 8191 characters'

finish

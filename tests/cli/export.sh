#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `solve --export` writes every reachable position; `show --table` answers from the file
# exactly as `show` does after solving; mismatched rules and bad paths are refused.
source "$(dirname "$0")/lib/harness.sh"

csv=$_tmp/standard.csv
jsonl=$_tmp/standard.jsonl
expect_exit 0 -- solve --export "$csv"
expect_exit 0 -- solve --export "$jsonl"
rows=$(($(wc -l <"$csv") - 2))
if ((rows == 204)); then pass; else fail "export holds $rows positions, wanted 204"; fi
lines=$(($(wc -l <"$jsonl") - 1))
if ((lines == 204)); then pass; else fail "jsonl holds $lines positions, wanted 204"; fi
if grep -q '^1312,2,draw,,' "$csv"; then pass; else fail "1312 is not a draw at depth 2 in the export"; fi

for code in 1312 1111 4411 0014; do
	expect_exit 0 -- show "$code"
	solved=$stdout
	expect_exit 0 -- show "$code" --table "$csv"
	if [[ $stdout == "$solved" ]]; then pass; else fail "show $code --table differs from show $code" "$stdout"; fi
done

expect_exit 0 -- solve --variant cutoff --export "$_tmp/cutoff.csv"
expect_exit 2 -- show 1312 --table "$_tmp/cutoff.csv"
expect_stderr_match 'not a CSV solution of these rules'
expect_exit 2 -- show 1312 --table "$_tmp/missing.csv"
expect_stderr_one_line
expect_exit 2 -- solve --export "$_tmp/out.txt"
expect_stderr_match '\.csv or \.jsonl'
expect_exit 1 -- solve --export "$_tmp/no/such/dir.csv"
expect_stderr_one_line
if [[ ! -e $_tmp/no/such/dir.csv.tmp ]]; then pass; else fail "a .tmp file was left behind"; fi

finish

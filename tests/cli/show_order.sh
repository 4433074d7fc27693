#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The order of show's moves, checked from the JSON alone (tests/cli/lib/move_order.py, not
# the tool's sort): fastest win, then draws, then slowest loss, ties by the resulting code in
# byte order; over games whose codes take each form the sort reads differently (digits of
# 4 to 16 characters, digits past 16, '.', '/', tags ':' and 'h', the count form, three
# players). And `show --table T -`, whose two-player lines are written by a writer of their
# own, against show CODE --table T --format json (the record writer) line by line.
source "$(dirname "$0")/lib/harness.sh"
command -v python3 >/dev/null || skip "python3 is not installed"

order=$(dirname "$0")/lib/move_order.py
games=(
	"--hands 2 --rollover 5"
	"--hands 3 --rollover 7"
	"--hands 4 --rollover 10"
	"--hands 8 --rollover 3"
	"--hands 9 --rollover 3"
	"--hands 2 --rollover 12"
	"--hands 2,3 --rollover 5"
	"--hands 2 --rollover 5 --lives 2"
	"--hands 2 --rollover 6 --variant halves"
	"--hands 17 --rollover 2"
	"--players 3 --hands 2 --rollover 4"
)
for g in "${games[@]}"; do
	read -ra game <<<"$g"
	CHECK_TAG=$g
	tbl=$_tmp/t.tbl
	expect_exit 0 -- solve "${game[@]}" --save "$tbl"
	expect_exit 0 -- count "${game[@]}" --format json
	start=$(jq -r .rules.start <<<"$stdout")
	# The start, its children and theirs: some 60 positions with wins, draws and losses.
	expect_exit 0 -- show "$start" "${game[@]}" --table "$tbl" --format json
	codes=$(jq -r '.position, .moves[].result' <<<"$stdout" | head -12)
	for c in $(sed 1d <<<"$codes"); do
		"$BIN" show "$c" "${game[@]}" --table "$tbl" --format json 2>/dev/null | jq -r '.moves[].result' | head -5
	done >"$_tmp/more"
	sort -u <(printf '%s\n' "$codes") "$_tmp/more" >"$_tmp/codes"
	: >"$_tmp/want"
	while read -r c; do
		expect_exit 0 -- show "$c" "${game[@]}" --table "$tbl" --format json
		printf '%s\n' "$stdout" >>"$_tmp/want"
	done <"$_tmp/codes"
	check python3 "$order" "$_tmp/want" -- "moves best first, ties by code, at $(wc -l <"$_tmp/codes") positions"
	expect_exit_sh 0 '"$BIN" show --table "'"$tbl"'" '"$g"' --threads 2 - <"'"$_tmp/codes"'"'
	if [[ $stdout$'\n' == "$(<"$_tmp/want")"$'\n' ]]; then pass; else fail "show - differs from show CODE --format json ($g)" "$(diff <(printf '%s\n' "$stdout") "$_tmp/want" | head -5)"; fi
done
CHECK_TAG=

finish

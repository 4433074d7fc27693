#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `strategy`: the article's two claims answered (cutoff,self-attack: the first player wins in
# 23; cutoff,suicide: the second player wins in 26), every printed list passing its check,
# `--check FILE` reading the text back in both notations, broken files failing (a target
# removed, two swapped, a remoteness understated), another game refused, JSON read by jq.
source "$(dirname "$0")/lib/harness.sh"

sa=(--variant cutoff,self-attack)
# expect_line REGEX: some line of stdout matches (grep -E).
expect_line() {
	if grep -qE "$1" <<<"$stdout"; then pass; else fail "no line of stdout matches /$1/" "$stdout"; fi
}
su=(--variant cutoff,suicide)

expect_exit 0 -- strategy "${sa[@]}"
expect_line '^game: --hands 2 --rollover 5 --variant cutoff,self-attack'
expect_stdout_match 'first player: wins in 23 moves with [0-9]+ targets'
expect_stdout_match 'second player: loses in 23 moves at the earliest'
if grep -q FAILED <<<"$stdout"; then fail "a built list fails its check" "$stdout"; else pass; fi
printf '%s\n' "$stdout" >"$_tmp/sa.txt"

expect_exit 0 -- strategy "${su[@]}" --notation article
expect_line '^position \[1,1\],\[1,1\]: loss in 26 for the player to move'
expect_stdout_match 'second player: wins in 26 moves with [0-9]+ targets'
expect_stdout_match '   1\. \[0,1\],\[0,3\] +in 2'
printf '%s\n' "$stdout" >"$_tmp/su.txt"

# Both files check; the same lists in codes check too.
expect_exit 0 -- strategy "${sa[@]}" --check "$_tmp/sa.txt"
expect_stdout_match 'first player, win, [0-9]+ targets: checked: [0-9]+ positions'
expect_exit 0 -- strategy "${su[@]}" --check "$_tmp/su.txt"

# Drawn games: each side gets the positions never to move into, and they check.
for v in "" halves cutoff; do
	expect_exit 0 -- strategy --variant "$v"
	expect_line '^first player: never loses with [0-9]+ positions never to move into'
	expect_line '^second player: never loses with'
	printf '%s\n' "$stdout" >"$_tmp/draw.txt"
	expect_exit 0 -- strategy --variant "$v" --check "$_tmp/draw.txt"
done
for r in 2 3 4 6; do
	expect_exit 0 -- strategy --rollover "$r"
	if grep -q FAILED <<<"$stdout"; then fail "rollover $r: a list fails its check" "$stdout"; else pass; fi
done

# Broken files. renumber: numbers the target lines of each list 1, 2, ... again.
renumber() { awk '/player:/ {n = 0} /^ *[0-9]+\. / {n++; sub(/^ *[0-9]+\./, sprintf("  %d.", n))} {print}'; }
first_list() { awk '/^second player:/ {exit} {print}' "$1"; } # the header and the first list
first_list "$_tmp/sa.txt" >"$_tmp/win.txt"
n=$(grep -c '^ *[0-9]*\. ' "$_tmp/win.txt")
sed -E "/^ +3\. /d; s/with $n targets/with $((n - 1)) targets/" "$_tmp/win.txt" | renumber >"$_tmp/removed.txt"
expect_exit 1 -- strategy "${sa[@]}" --check "$_tmp/removed.txt"
expect_stdout_match 'FAILED'
# The first and the last targets swapped (the list's order is its preference).
l1=$(grep -E '^ +1\. ' "$_tmp/win.txt" | sed -E 's/^ +1\. //')
l2=$(grep -E "^ +$n\\. " "$_tmp/win.txt" | sed -E "s/^ +$n\\. //")
awk -v a="$l1" -v b="$l2" -v n="$n" '$1 == "1." {print "  1. " b; next} $1 == n "." {print "  " n ". " a; next} {print}' "$_tmp/win.txt" >"$_tmp/swapped.txt"
expect_exit 1 -- strategy "${sa[@]}" --check "$_tmp/swapped.txt"
expect_stdout_match 'FAILED'
# A remoteness understated.
sed -E 's/^( +1\. [0-9]+ +in )2$/\11/' "$_tmp/win.txt" >"$_tmp/under.txt"
expect_exit 1 -- strategy "${sa[@]}" --check "$_tmp/under.txt"
expect_stdout_match 'FAILED \(target\): target [0-9]+ does not have its stated remoteness \(stated 1, found 2\)'
sed 's/wins in 23 moves/wins in 22 moves/' "$_tmp/win.txt" >"$_tmp/length.txt"
expect_exit 1 -- strategy "${sa[@]}" --check "$_tmp/length.txt" --format json
if jq -e '.ok == false and .lists[0].fault == "length"' <<<"$stdout" >/dev/null; then pass; else fail "json does not say the length fails" "$stdout"; fi

# Malformed files and another game.
expect_exit 2 -- strategy --check "$_tmp/sa.txt"
expect_stderr_match "another game: the file's is '--hands 2 --rollover 5 --variant cutoff,self-attack'"
printf 'rules: x\n' >"$_tmp/bad.txt"
expect_exit 2 -- strategy --check "$_tmp/bad.txt"
expect_stderr_one_line
expect_exit 2 -- strategy --check "$_tmp/missing.txt"
sed -E 's/^( +1\. )[0-9]+/\19999/' "$_tmp/win.txt" >"$_tmp/code.txt"
expect_exit 2 -- strategy "${sa[@]}" --check "$_tmp/code.txt"
expect_stderr_match 'line [0-9]+'

# JSON names its game and carries the lists; --table answers the same; --position.
expect_exit 0 -- strategy "${sa[@]}" --format json
if jq -e '.rules.options == "--hands 2 --rollover 5 --variant cutoff,self-attack" and .value == "win" and .remoteness == 23
	and .strategies[0].kind == "win" and .strategies[0].moves == 23 and .strategies[0].checked.ok
	and (.strategies[0].targets | length) > 0 and .strategies[1].kind == "resist"' <<<"$stdout" >/dev/null; then
	pass
else
	fail "strategy json lacks its keys" "$stdout"
fi
expect_exit 0 -- solve "${sa[@]}" --save "$_tmp/sa.tbl"
expect_exit 0 -- strategy "${sa[@]}" --table "$_tmp/sa.tbl"
if [[ $stdout == "$(cat "$_tmp/sa.txt")" ]]; then pass; else fail "strategy --table differs from strategy"; fi
expect_exit 0 -- strategy "${sa[@]}" --position 1112
expect_line '^position 1112: '

# Refusals.
expect_refused "--notation 'words': must be code or article" -- strategy --notation words
expect_refused 'strategies need two players' -- strategy --players 3
expect_refused 'csv' -- strategy --format csv
expect_exit 2 -- strategy --check "$_tmp/sa.txt" --notation article
# A line past the reader's 4095 characters is refused as such, not read as two lines.
{
	printf 'game: %05000d\n' 0
	cat "$_tmp/draw.txt"
} >"$_tmp/long.txt"
expect_exit 2 -- strategy --check "$_tmp/long.txt"
expect_stderr_one_line
expect_stderr_match "long.txt' line 1: longer than 4095 characters"
finish

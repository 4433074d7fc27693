#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Rule decisions (README "Rule decisions"), each against a hand-checked game or a second
# computation of the same game under another name.
source "$(dirname "$0")/lib/harness.sh"

# same_stdout WHY -- ARGS...: the last run's stdout equals that of "$BIN" ARGS.
same_stdout() {
	local why=$1 want
	shift 2
	want=$stdout
	expect_exit 0 -- "$@"
	if [[ $stdout == "$want" ]]; then pass; else fail "differs from the earlier run: $why" "$stdout"; fi
}

# --lives 1 is sudden-death. One hand, r = 4: 11 21 32, then 3 taps 2 and leaves one finger
# (5 - 4 = 1), so the second player is out after 3 moves and seat 1 has won at 03.
for rule in '--lives 1' '--variant sudden-death'; do
	# shellcheck disable=SC2086
	expect_exit 0 -- games --hands 1 --rollover 4 $rule --format json
	expect_stdout_match '"shortest":\{"length":3,"count":1,"finals":\["03"\],"examples":\[\["11","21","32","03"\]\]'
	expect_stdout_match '"finals":\[\{"code":"03","length":3,"winner":1\}\]'
done
same_stdout 'games --lives 1 is games --variant sudden-death' -- games --hands 1 --rollover 4 --lives 1 --format json
# The last of two lives plays the same line: 4 moves to the restart, then 3.
expect_exit 0 -- games --hands 1 --rollover 4 --lives 2 --format json
expect_stdout_match '"finals":\[\{"code":"0:1/3:1","length":7,"winner":1\}\]'
# Two hands, r = 3: the first move is forced (the split 02 would kill a hand), and then
# the tap 2 -> 1 leaves 01, one finger: a loss in 2.
expect_exit 0 -- solve --rollover 3 --lives 1
expect_stdout_match 'position 1111: loss in 2 for the player to move'
expect_exit 0 -- solve --rollover 3 --variant sudden-death --format json
same_stdout 'solve --lives 1 is solve --variant sudden-death' -- solve --rollover 3 --lives 1 --format json
# One life carries no ':L' tag (the codes are those of sudden-death); two lives do.
expect_exit 2 -- show 11:1/11:1 --lives 1
expect_stdout_empty
expect_stderr_one_line
expect_stderr_match "':L' needs --lives 2 or more"
expect_exit 0 -- show 11:1/11:2 --lives 2

# attacks-only with split rules: accepted, described as asked, and the game of attacks-only
# alone (the same data after the game's name and the description line), since there are
# no splits to change.
expect_exit 0 -- count --variant attacks-only --rollover 4
alone=$(tail -n +4 <<<"$stdout")
for split in suicide meta transfers-only divisions-only halves halves-odd suicide,meta,halves; do
	expect_exit 0 -- count --variant "attacks-only,$split" --rollover 4
	expect_stderr_empty
	expect_stdout_match '(^|'$'\n'')players 2, hands 2, rollover 4, variants [a-z,-]*attacks-only'
	for name in ${split//,/ }; do expect_stdout_match "variants [a-z,-]*$name"; done
	if [[ $(tail -n +4 <<<"$stdout") == "$alone" ]]; then pass; else fail "count differs from attacks-only alone"; fi
done
expect_exit 0 -- solve --variant attacks-only --format json
alone=$(jq -c 'del(.rules)' <<<"$stdout")
expect_exit 0 -- solve --variant attacks-only,suicide,meta --format json
if [[ $(jq -c 'del(.rules)' <<<"$stdout") == "$alone" ]]; then pass; else fail "solve with split rules differs from attacks-only alone"; fi
expect_stdout_match '"variants":\["suicide","meta","attacks-only"\]'
COLUMNS=1000 expect_exit 0 -- variants # one line per rule, so a phrase is not wrapped
expect_stdout_match 'Combined with split variants[^.]*, those have no effect'

# Misere with zombies: the first player out wins at once, so nobody comes back. Three
# players, one hand, r = 3, by hand: 111 -> 211 or 121 (a tap on the next or the last
# player); 211 -> 012 or 102 and 121 -> 011 (a hand reaches 3: that player is out and wins)
# or 221; 221 -> 202 (out: seat 2) or 112; 112 -> 101 (out: seat 3) or back to 221.
expect_exit 0 -- games --players 3 --hands 1 --rollover 3 --variant misere,zombies --format json
expect_stdout_match '"finals":\[\{"code":"011","length":2,"winner":3\},\{"code":"012","length":2,"winner":3\},\{"code":"102","length":2,"winner":1\},\{"code":"202","length":3,"winner":2\},\{"code":"101","length":4,"winner":3\}\]'
if [[ $stdout != *z/* && $stdout != */z* ]]; then pass; else fail "a zombie plays under misere" "$stdout"; fi
expect_exit 0 -- games --players 3 --hands 1 --rollover 3 --variant misere
same_stdout 'misere,zombies is misere' -- games --players 3 --hands 1 --rollover 3 --variant misere,zombies
expect_exit 0 -- solve --players 3 --rollover 3 --variant misere --format csv
same_stdout 'misere,zombies is misere' -- solve --players 3 --rollover 3 --variant misere,zombies --format csv
COLUMNS=1000 expect_exit 0 -- variants
expect_stdout_match 'Under misere zombies have no effect'
# Wet Jackson, the source article's rule that depends on a player's body, is named as not
# modelled, with the reason, in text and JSON; it is no variant (CSV, --variant).
expect_stdout_match $'\nwet-jackson \\(not modelled\\)\n  why +The one rule of the source article.s variant list that depends on a player.s body, not on the position'
expect_exit 0 -- variants --format json
got=$(jq -c '[.not_modelled[].name, (.variants | map(.name) | index("wet-jackson"))]' <<<"$stdout")
if [[ $got == '["wet-jackson",null]' ]]; then pass; else fail "JSON: not_modelled and variants" "$got"; fi
expect_exit 0 -- variants --format csv
if [[ $stdout == *wet-jackson* ]]; then fail "the CSV of variants lists wet-jackson" "$stdout"; else pass; fi
expect_refused "wet-jackson" -- solve --variant wet-jackson

finish

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# One vocabulary across outputs (README "Output formats"): seats counted from 1, value and
# remoteness, hands always an array, variants written one way per format, booleans
# true/false, digit grouping and plurals in text only, wrapping to the terminal width.
# shellcheck source=lib/harness.sh
source "$(dirname "$0")/lib/harness.sh" "$@"

# show: value and remoteness per move (remoteness counts the move), in every format.
expect_exit 0 -- show 1312 --format json
expect_stdout_match '"moves":\[\{"move":"3->2","result":"0113","value":"draw","remoteness":null\}'
expect_exit 0 -- show 1312 --format csv
expect_stdout_match '^move,result,value,remoteness,game'$'\n''3->2,0113,draw,,'
expect_exit 0 -- show 1401 --format json
expect_stdout_match '"value":"win","remoteness":1,"moves":\[\{"move":"4->1","result":"0014","value":"win","remoteness":1\}'

# Three players: show lists each move with every seat's duel after it, seats from 1.
expect_exit 0 -- show 111111 --players 3 --rollover 3
expect_stdout_match 'position 111111: seat 1 to move'
expect_stdout_match '  1->1@2 +-> 111211 +seat 1 loss in 8, seat 2 loss in 12, seat 3 loss in 10'
expect_exit 0 -- show 111111 --players 3 --rollover 3 --format json
expect_stdout_match '^\{"position":"111111","to_move":1,"seats":\[\{"seat":1,"value":"loss","remoteness":9\}'
expect_exit 0 -- show 111111 --players 3 --rollover 3 --format csv
expect_stdout_match '^move,result,value,remoteness,value_1,remoteness_1,value_2,remoteness_2,value_3,remoteness_3,game'
expect_exit 2 -- show 111111 --players 3 --rollover 3 --table x.csv
expect_stderr_match "--table 'x.csv'"

# solve, three players: seats, not slots, from 1; the CSV forcer from 1 too.
expect_exit 0 -- solve --players 3 --rollover 3
expect_stdout_match '  seat 1 \(to move\): loss in 9'
expect_exit 0 -- solve --players 3 --rollover 3 --format json
expect_stdout_match '"to_move":1,"reachable":196,"seats":\[\{"seat":1,'
# Each seat's duels by value cover the reachable positions once (win + loss + draw = 196),
# and its wins are its forced positions.
expect_stdout_match '"duels":\[\{"seat":1,"win":[0-9]+,"loss":[0-9]+,"draw":[0-9]+\},\{"seat":2,'
forced=$(grep -o '"forced":\[[0-9,]*' <<<"$stdout" | sed 's/.*\[//')
if grep -o '"duels":[^]]*' <<<"$stdout" | grep -o '"win":[0-9]*,"loss":[0-9]*,"draw":[0-9]*' |
	awk -F'[:,]' -v forced="$forced" 'BEGIN { split(forced, f, ",") }
		{ n++; if ($2 + $4 + $6 != 196 || $2 != f[n]) bad = 1 } END { exit bad || n != 3 }'; then
	pass
else
	fail "duels per seat do not add up to the 196 reachable positions, or wins differ from forced"
fi
expect_exit 0 -- solve --players 3 --rollover 3 --format csv
if awk -F, 'NR > 1 && $3 != "" && ($3 < 1 || $3 > 3) { bad = 1 } END { exit bad }' <<<"$stdout"; then pass; else fail "forcer outside 1..3"; fi

# count: hands an array, start and moves in the CSV, variants none when there are none.
expect_exit 0 -- count --format json
expect_stdout_match '^\{"players":2,"hands":\[2,2\],"rollover":5,"variants":\[\],"start":"1111"'
expect_exit 0 -- count --format csv
expect_stdout_match '^players,hands,rollover,variants,start,positions,distinct,reachable,terminal,moves,max_depth,'
expect_stdout_match $'\n''2,2,5,none,1111,625,225,204,'
expect_exit 0 -- count
expect_stdout_match 'variants none, start 1111'

# Text groups digits; CSV and JSON never do.
expect_exit 0 -- count --hands 4
expect_stdout_match 'positions  390,625'
expect_exit 0 -- count --hands 4 --format csv
expect_stdout_match ',390625,'

# Plurals agree: one game, one final.
expect_exit 0 -- games
expect_stdout_match 'shortest game: 5 moves, 1 game, ending in 1 final: 0014'

# table: distinct headings; agrees true or false in CSV as in JSON.
expect_exit 0 -- table --hands 2 --rollover 4-5
if head -3 <<<"$stdout" | tail -1 | tr -s ' ' '\n' | sort | uniq -d | grep -q .; then fail "two columns of one heading"; else pass; fi
expect_exit 0 -- table --hands 2 --rollover 4-5 --format csv
expect_stdout_match ',false,10,6,'
expect_stdout_match ',true,'

# Wrapping: variants to $COLUMNS (80 when not a terminal and COLUMNS is unset).
COLUMNS=40 expect_exit 0 -- variants
if awk 'length($0) > 40 { bad = 1 } END { exit bad }' <<<"$stdout"; then pass; else fail "a line past 40 columns"; fi
expect_exit_sh 0 'unset COLUMNS; "$BIN" variants'
if awk 'length($0) > 80 { bad = 1 } END { exit bad }' <<<"$stdout"; then pass; else fail "a line past 80 columns"; fi

# solve: when no position is won or lost there is no longest forced line (text none, JSON
# null), never an empty code. attacks-only from 0403: 4 reachable, all drawn.
expect_exit 0 -- solve --variant attacks-only --start 0403
expect_stdout_match 'reachable 4: win 0, loss 0, draw 4'
expect_stdout_match 'longest forced line: none'
expect_exit 0 -- solve --variant attacks-only --start 0403 --format json
expect_stdout_match '"counts":\{"win":0,"loss":0,"draw":4\},"longest_forced":null,"rules":'
expect_exit 0 -- solve --rollover 4 --format json
expect_stdout_match '"longest_forced":\{"remoteness":15,"position":"3313"\}'

finish

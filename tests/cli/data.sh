#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# What scripts read is data: claims --format json (every claim with its id, verdict, games
# and evidence), the table's evidence as JSON, and --estimate (the memory estimate as JSON
# or text, without running). Values are compared exactly, through jq.
source "$(dirname "$0")/lib/harness.sh"

# expect_jq FILTER WANT: jq -c FILTER on the last run's stdout gives exactly WANT.
expect_jq() {
	local got
	if got=$(jq -c "$1" <<<"$stdout" 2>&1) && [[ $got == "$2" ]]; then
		pass
	else
		fail "jq '$1': wanted $2" "$got"
	fi
}

expect_exit 0 -- claims --format json
expect_jq '[.rules.options, [.claims[] | .id]]' \
	'["--hands 2 --rollover 5",["draw","lookahead","moves","cutoff","halves","fibonacci","rollover2","uneven"]]'
expect_jq '[.claims[] | .number]' '[1,2,3,4,5,6,7,8]'
expect_jq '.claims[0] | [.verdict, .command, (.games | length), .games[0].options, .evidence]' \
	'["reproduced","chopsticks solve",1,"--hands 2 --rollover 5",{"game":0,"start":"1111","value":"draw","reachable":204,"counts":{"win":25,"loss":17,"draw":162}}]'
expect_jq '.claims[1].evidence | [.rows[0], .rows[3].example, .safe_depth, .unsafe_depth]' \
	'[{"depth":1,"checked":187,"unsafe":40,"example":"0201","example_move":"0302"},null,4,3]'
expect_jq '.claims[2].evidence | [.total, .attacks, .splits, .max, .max_at, (.moves | length)]' '[26,16,10,5,"1312",26]'
# Every evidence row names a game of its claim, and that game is the row's.
expect_jq '[.claims[] | . as $c | .evidence.rows[]?, .evidence.cells[]? | select(.game >= ($c.games | length))] | length' '0'
expect_jq '.claims[3] | .evidence.rows[0] as $r | [$r.variants, $r.value, $r.remoteness, .games[$r.game].options]' \
	'[["cutoff","suns"],"win",7,"--hands 2 --rollover 5 --variant cutoff,suns"]'
expect_jq '.claims[5].evidence | [.from, .to, (.rows | length), .agree, .rows[0]]' \
	'[2,40,39,39,{"game":0,"rollover":2,"alpha":3,"reachable":2,"length":1,"largest_layer":1,"agrees":true}]'
expect_jq '.claims[7].evidence | [.rollovers, .more_wins, .more_cases, ([.cells[] | select(.exception)] | length), .cells[0]]' \
	'[[2,3,4,5],23,24,1,{"game":0,"hands":[1,1],"rollover":2,"value":"win","remoteness":1,"label":"W1","exception":false}]'

# The table's evidence as data, beside the note's text.
expect_exit 0 -- table --hands 2 --rollover 4 --format json
expect_jq '.rows[0] | [.evidence_positions[0], .evidence_positions[4], .evidence_more, (.evidence_positions | length)]' \
	'[{"code":"1101","reason":"no-parent","parents":[]},{"code":"0022","reason":"unreachable-parents","parents":["2202"]},0,6]'
expect_jq '.rows[0].evidence' '"1101 (no parent); 2202 (no parent); 3303 (no parent); 3333 (no parent); 0022 <- 2202; 2333 <- 3333"'

# --estimate: what the refusal compares, as JSON or text, and nothing run; refused in CSV.
expect_exit 0 -- count --estimate --format json --max-memory 4K
expect_jq 'del(.rules)' '{"positions":225,"bytes_per_position":2,"position_bytes":450,"table_bytes":2252,"bytes":4954,"limit":4096,"fits":false}'
expect_jq '.rules.options' '"--hands 2 --rollover 5"'
expect_exit 0 -- solve --variant cutoff --hands 3 --estimate --format json
expect_jq '[.rules.options, .positions, .bytes_per_position, .position_bytes]' '["--hands 3 --rollover 5 --variant cutoff",1225,1.75,2144]'
expect_exit 0 -- games --players 3 --estimate --format json --max-memory 1G
expect_jq '[.positions, .bytes_per_position, .fits]' '[3375,5.125,true]'
expect_refused '^chopsticks count: --estimate is used only with --format text or json' -- count --estimate --format csv

# The text estimate gives the JSON's figures, one per line, each size exactly and readable.
# expect_same_estimate ARGS...: the text of --estimate ARGS against its JSON, figure by figure.
expect_same_estimate() {
	expect_exit 0 -- "$@" --estimate --format json
	local json=$stdout
	expect_exit 0 -- "$@" --estimate
	local text=$stdout want got
	want=$(jq -r '"game: \(.rules.options)", "rules: \(.rules.settings)", "positions: \(.positions)",
		"bytes per position: \(.bytes_per_position)", "position bytes: \(.position_bytes)",
		"table bytes: \(.table_bytes)", "bytes: \(.bytes)", "limit: \(.limit // "none")",
		"fits: \(.fits)"' <<<"$json")
	got=$(sed -E 's/^(position bytes|table bytes|bytes|limit): ([0-9]+) \([0-9.e+]+ [KMGT]?i?B\)$/\1: \2/' <<<"$text")
	if [ "$got" = "$want" ]; then pass; else fail "text --estimate $* differs from its JSON" "$text"; fi
}
expect_same_estimate count --max-memory 4K
expect_same_estimate solve --variant cutoff --hands 3
expect_same_estimate games --players 3 --max-memory 1G
expect_same_estimate solve --hands 3,2 --lives 2 --rollover 4
expect_exit 0 -- count --estimate --max-memory 4K
expect_stdout_match 'bytes: 4954 \(4\.84 KiB\)'$'\n''limit: 4096 \(4 KiB\)'$'\n''fits: false'
expect_exit 0 -- solve --hands 5 --rollover 9 --estimate --max-memory 64G
expect_stdout_match 'position bytes: 2898646 \(2\.76 MiB\)'$'\n''table bytes: [0-9]+ \([0-9.]+ KiB\)'
expect_stdout_match 'limit: 68719476736 \(64 GiB\)'
expect_refused '^chopsticks show: unknown option' -- show 1111 --estimate

finish

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every output names its game: text starts with "game: OPTIONS" and "rules: SETTINGS", JSON
# carries "rules", CSV ends with a game column. Two option sets that resolve to the same rules
# print the same description, and the printed options rebuild exactly those rules.
source "$(dirname "$0")/lib/harness.sh"

if ! command -v jq >/dev/null; then
	echo "rules_header: jq is not installed" >&2
	exit 1
fi

# expect_equal WHAT A B
expect_equal() {
	if [[ $2 == "$3" ]]; then pass; else fail "$1 differ" "$(printf '%s\n---\n%s' "$2" "$3")"; fi
}
# expect_jq FILTER: jq -e FILTER holds on the last run's stdout.
expect_jq() {
	if jq -e "$1" >/dev/null 2>&1 <<<"$stdout"; then pass; else fail "jq -e '$1' fails" "$(head -c 2000 <<<"$stdout")"; fi
}

# (a) axis options and the named variants they amount to: one description.
expect_exit 0 -- count --overflow cutoff --revive never
axes_text=$stdout
expect_stdout_match '^game: --hands 2 --rollover 5 --variant cutoff,transfers-only'$'\n''rules: players=2 '
expect_stdout_match $'\n''players 2, hands 2, rollover 5, variants cutoff,transfers-only, start 1111'$'\n'
expect_exit 0 -- count --variant cutoff,transfers-only
expect_equal "game and rules lines of axis options and of named variants" \
	"$(head -n 2 <<<"$axes_text")" "$(head -n 2 <<<"$stdout")"
expect_equal "text of axis options and of named variants" "$axes_text" "$stdout"
expect_exit 0 -- count --overflow cutoff --revive never --format json
expect_jq '.variants == ["cutoff","transfers-only"]'
expect_jq '.rules.variants == ["cutoff","transfers-only"]'
axes_json=$(jq -cS .rules <<<"$stdout")
expect_exit 0 -- count --variant cutoff,transfers-only --format json
expect_equal "JSON rules of axis options and of named variants" "$axes_json" "$(jq -cS .rules <<<"$stdout")"
expect_exit 0 -- count --overflow cutoff --revive never --format csv
expect_stdout_match '^players,hands,rollover,variants,start,positions,distinct,reachable,terminal,moves,max_depth,depth,layer_positions,layer_terminal,game'$'\n'
expect_stdout_match $'\n''2,2,5,"cutoff,transfers-only",[0-9,]*,"--hands 2 --rollover 5 --variant cutoff,transfers-only"'$'\n'

# (b) lives: the one-finger rule comes with them, and the options say --lives.
expect_exit 0 -- count --lives 2
expect_stdout_match '^game: --hands 2 --rollover 5 --lives 2'$'\n'
expect_stdout_match $'\n''rules: [^'$'\n'']* lives=2 [^'$'\n'']* eliminate=one-finger '
expect_exit 0 -- count --lives 2 --format json
expect_jq '.rules.lives == 2 and .rules.axes.eliminate == "one-finger" and .rules.variants == []'
expect_jq '.rules.options | test("--lives 2")'
expect_jq '.rules.start == "11:2/11:2"'

# (c) a custom start is part of the options.
expect_exit 0 -- count --start 2113
expect_stdout_match '^game: --hands 2 --rollover 5 --start 1213'$'\n''rules: players=2 hands=2 rollover=5 lives=1 start=1213 '
expect_exit 0 -- count --start 1213 --format json
expect_jq '.rules.start == "1213" and (.rules.options | endswith("--start 1213"))'
expect_exit 0 -- count --variant suns --start 4444 --format json
expect_jq '.rules.options == "--hands 2 --rollover 5 --variant suns"'

# (d) round trip: the printed options rebuild the same settings (and print themselves).
round_trip=(
	""
	"--hands 3,2 --rollover 4"
	"--players 3 --variant zombies --rollover 3"
	"--players 3 --zombies yes --rollover 3 --splits off"
	"--variant stumps --rollover 4"
	"--stumps yes --overflow cutoff --rollover 3"
	"--variant suns,suicide,meta --rollover 4"
	"--lives 2"
	"--lives 3 --rollover 3 --variant sudden-death"
	"--start 1312"
	"--players 3 --rollover 4 --start 131211"
	"--overflow cutoff --revive never"
	"--revive required --suicide yes"
	"--meta yes --start-hands full --end misere"
	"--split-kind halves-odd --self-attack yes"
	"--swaps yes --logan yes --cherri yes --rollover 4"
	"--flip yes --eliminate one-finger"
	"--hands 3 --rollover 3 --variant halves,misere"
	"--hands 1 --rollover 7"
	"--rollover 11 --variant cutoff"
)
for opts in "${round_trip[@]}"; do
	# shellcheck disable=SC2086 # opts is a list of words
	expect_exit 0 -- count $opts --format json
	first_options=$(jq -r .rules.options <<<"$stdout")
	first_settings=$(jq -r .rules.settings <<<"$stdout")
	first_rules=$(jq -cS .rules <<<"$stdout")
	# shellcheck disable=SC2086 # the options as printed, split into words
	expect_exit 0 -- count $first_options --format json
	expect_equal "settings of '$opts' and of its options '$first_options'" "$first_settings" \
		"$(jq -r .rules.settings <<<"$stdout")"
	expect_equal "rules of '$opts' and of its options '$first_options'" "$first_rules" \
		"$(jq -cS .rules <<<"$stdout")"
	# The text header says the same.
	# shellcheck disable=SC2086
	expect_exit 0 -- count $opts
	expect_equal "text header and JSON rules of '$opts'" \
		"$(printf 'game: %s\nrules: %s' "$first_options" "$first_settings")" "$(head -n 2 <<<"$stdout")"
done
# Hands are always an array in rules; the settings give every axis.
expect_exit 0 -- count --hands 3,2 --rollover 4 --format json
expect_jq '.rules.hands == [3,2] and .rules.players == 2 and .rules.rollover == 4'
expect_jq '(.rules.axes | keys | length) == 16'
expect_jq '.rules.settings | test("^players=2 hands=3,2 rollover=4 lives=1 start=[0-9/]+ overflow=rollover .* stumps=no$")'

# (e) every subcommand names its game, in every format it writes.
json_cases=(
	"count"
	"count --hands 2 --rollover 4 --unreachable"
	"solve"
	"solve --players 3 --rollover 3"
	"games"
	"show 1312"
)
for args in "${json_cases[@]}"; do
	# shellcheck disable=SC2086
	expect_exit 0 -- $args --format json
	expect_jq '.rules.options | test("^--(players|hands) ")'
	expect_jq '.rules.settings | startswith("players=")'
done
expect_exit 0 -- table --hands 2-3 --rollover 3 --format json
expect_jq '[.rows[] | .rules.options] == ["--hands 2 --rollover 3", "--hands 3 --rollover 3"]'
expect_jq '[.rows[] | .rules_sms.variants] == [["suicide","meta","suns"], ["suicide","meta","suns"]]'

csv_cases=(
	"count"
	"count --hands 2 --rollover 4 --unreachable"
	"solve"
	"solve --players 3 --rollover 3"
	"games"
	"games --table finals"
	"show 1312"
	"table --hands 2-3 --rollover 3"
	"atlas --hands 2 --rollover 3 --singles"
)
for args in "${csv_cases[@]}"; do
	# shellcheck disable=SC2086
	expect_exit 0 -- $args --format csv
	header=$(head -n 1 <<<"$stdout")
	if [[ ,$header, == *,game,* ]]; then pass; else fail "no game column in the header" "$header"; fi
	rows=$(tail -n +2 <<<"$stdout" | grep -c . || true)
	named=$(tail -n +2 <<<"$stdout" | grep -c -E ',"?--(players|hands) [0-9]' || true)
	if ((rows > 0 && named == rows)); then pass; else fail "$named of $rows rows name their game" "$stdout"; fi
done

text_cases=(
	"count"
	"count --hands 2 --rollover 4 --unreachable"
	"solve"
	"solve --players 3 --rollover 3"
	"games"
	"show 1312"
	"play"
	"table --hands 2-3 --rollover 3"
)
for args in "${text_cases[@]}"; do
	# shellcheck disable=SC2086
	expect_exit 0 -- $args
	expect_stdout_match '^game: [^'$'\n'']+'$'\n''rules: players='
done
# show names the rules, not the position it lists the moves of.
expect_exit 0 -- show 1312
expect_stdout_match '^game: --hands 2 --rollover 5'$'\n'
expect_exit 0 -- graph --around 1312 --depth 1
expect_stdout_match '^digraph chopsticks \{'$'\n''  // game: --hands 2 --rollover 5'$'\n''  // rules: players=2 '
expect_exit 0 -- claims
expect_stdout_match $'\n''Game: `--hands 2 --rollover 5`\.'$'\n'
expect_stdout_match $'\n''Games: `--hands 2 --rollover 5 --variant cutoff` by itself'

finish

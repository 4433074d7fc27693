#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `play` driven by scripted moves: a game the human side loses against perfect play, a
# refused move, a hint, the end of input, and the lookahead levels.
source "$(dirname "$0")/lib/harness.sh"

# play_with INPUT ARGS...: runs play with INPUT on stdin; sets status, stdout, stderr.
play_with() {
	local input=$1
	shift
	cmdline="play $* <<< $(printf '%q' "$input")"
	status=0
	printf '%s' "$input" | timeout "$CLI_TIMEOUT" "$BIN" play "$@" >"$_tmp/out" 2>"$_tmp/err" || status=$?
	stdout=$(cat "$_tmp/out")
	stderr=$(cat "$_tmp/err")
	if ((status == 0)); then pass; else fail "exit $status, wanted 0" "$stderr"; fi
}

ones=$(printf '1\n%.0s' $(seq 1 200))

# Under cutoff and suicide the first player loses whatever they do: always taking the
# first move listed, the human (first) loses to perfect play.
play_with "$ones" --variant cutoff,suicide
expect_stdout_match 'game over: the computer won after [0-9]+ moves'
expect_stderr_empty

# The same as second player: the computer, first, wins in 26 moves at most.
play_with "$ones" --variant cutoff,suicide --as second
expect_stdout_match 'game over: the computer won after ([0-9]|1[0-9]|2[0-6]) moves'

# A refused move is explained and asked again; then the game goes on.
play_with $'9\nfoo\n1->1\nquit\n'
expect_stdout_match "'9' is not a legal move here"
expect_stdout_match "'foo' is not a legal move here"
expect_stdout_match 'computer plays'
expect_stdout_match 'game abandoned after 2 moves'

# hint lists what every move leads to under perfect play.
play_with $'hint\nquit\n'
expect_stdout_match '1->1 +-> 1211 +draw'

# End of input ends the game cleanly.
play_with ''
expect_stdout_match 'game abandoned after 0 moves'

# Lookahead levels play whole games; a wrong level is refused.
play_with "$ones" --level 2 --variant cutoff,suicide --as second
expect_stdout_match 'game over: '
expect_exit 2 -- play --level 9
expect_stderr_match "--level '9'"
expect_stdout_empty
expect_exit 2 -- play --as third
expect_stderr_match "--as 'third'"
expect_exit 2 -- play --players 3 --level 2
expect_stderr_match "--level: needs two players"

# help is a command at the move prompt.
play_with $'help\nquit\n'
expect_stdout_match 'help: this list; quit: end the game'

# The final screen and the last line count the same moves, in the singular for one.
play_with "$ones" --variant cutoff,suicide
n=$(sed -n 's/.*won after \([0-9]*\) moves*$/\1/p' <<<"$stdout")
if grep -qx "after $n moves, position [0-9]*" <<<"$stdout"; then pass; else fail "final screen does not say after $n moves"; fi
play_with $'1\n' --rollover 2 --hands 1 --as second
expect_stdout_match 'the computer won after 1 move$'

# Each code says whose view it is in; rows of hands line up when hands differ in width.
play_with $'1\nquit\n' --hands 3 --rollover 10
expect_stdout_match 'move 1, you to move, position 111111 \(your view\)'
expect_stdout_match 'move 2, the computer to move, position 112111 \(the computer.s view\)'
widths=$(grep -E '^  (you|the computer) ' <<<"$stdout" | awk '{ print length($0) }' | sort -u | wc -l)
if [[ $widths == 1 ]]; then pass; else fail "rows of hands differ in width"; fi

# Three players: the human is a seat, every other seat the computer; moves use @k.
play_with "$(printf '1\n%.0s' {1..40})" --players 3 --rollover 3 --as 2
expect_stdout_match 'you are seat 2 of 3; seat 1 moves first'
expect_stdout_match 'seat 1 \(computer\) plays 1->1@'
expect_stdout_match 'game over: (you|seat [13] \(computer\)) won after [0-9]+ moves'
expect_exit 2 -- play --players 3 --as 4
expect_stderr_match "--as '4': must be first, second or a seat from 1 to 3"

finish

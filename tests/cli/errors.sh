#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Bad usage and bad input: each must exit 2, print nothing on stdout and one line on stderr
# (the message, naming what was wrong; a "try 'chopsticks CMD --help'" hint may follow).
source "$(dirname "$0")/lib/harness.sh"

# refused CHECK_REGEX -- ARGS...: the common expectations for one refused command line.
refused() {
	local re=$1
	shift
	expect_exit 2 "$@"
	expect_stdout_empty
	expect_stderr_one_line
	expect_stderr_match "$re"
}

refused 'frobnicate' -- frobnicate
refused 'foo' -- count --variant foo
refused 'hands' -- count --hands 0
refused 'rollover' -- count --rollover 1
refused 'players' -- count --players 1
refused '12x4' -- count --start 12x4
refused '1919' -- count --start 1919 --rollover 5
refused 'transfers-only.*divisions-only|divisions-only.*transfers-only' -- \
	count --variant transfers-only,divisions-only
# Refused before allocating anything, with the memory it would need.
refused '[0-9].*([KMGTPE]i?B|[Bb]ytes?)' -- count --hands 16 --rollover 250
refused '5x' -- count --rollover 5x

# Control characters in a value are escaped, so the message stays one line.
refused '--threads .1\\n2.: must be an integer' -- count --threads $'1\n2'
refused '.a\\x01b\\tc.: unknown variant' -- count --variant $'a\x01b\tc'
refused 'unknown command .co\\nunt.' -- $'co\nunt'
refused 'unknown option .--x\\ry.' -- count $'--x\ry'

# The positional CODE of show is named as given, not as --start.
refused "^chopsticks show: position code '9999': " -- show 9999
if [[ $stderr != *--start* ]]; then pass; else fail "show blames --start" "$stderr"; fi
refused "^chopsticks solve: --position '1100': not reachable" -- solve --position 1100
refused "^chopsticks graph: --around code '9'" -- graph --around 9

finish

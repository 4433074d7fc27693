#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Bad usage and bad input: each must exit 2, print nothing on stdout and one line on stderr
# (the message, naming what was wrong; a "try 'chopsticks CMD --help'" hint may follow).
source "$(dirname "$0")/lib/harness.sh"

expect_refused 'frobnicate' -- frobnicate
expect_refused 'foo' -- count --variant foo
expect_refused 'hands' -- count --hands 0
expect_refused 'rollover' -- count --rollover 1
expect_refused 'players' -- count --players 1
expect_refused '12x4' -- count --start 12x4
expect_refused '1919' -- count --start 1919 --rollover 5
expect_refused 'transfers-only.*divisions-only|divisions-only.*transfers-only' -- \
	count --variant transfers-only,divisions-only
# Refused before allocating anything, with the memory it would need.
expect_refused '[0-9].*([KMGTPE]i?B|[Bb]ytes?)' -- count --hands 16 --rollover 250
expect_refused '5x' -- count --rollover 5x

# Control characters in a value are escaped, so the message stays one line.
expect_refused '--threads .1\\n2.: must be an integer' -- count --threads $'1\n2'
expect_refused '.a\\x01b\\tc.: unknown variant' -- count --variant $'a\x01b\tc'
expect_refused 'unknown command .co\\nunt.' -- $'co\nunt'
expect_refused 'unknown option .--x\\ry.' -- count $'--x\ry'

# The positional CODE of show is named as given, not as --start.
expect_refused "^chopsticks show: position code '9999': " -- show 9999
if [[ $stderr != *--start* ]]; then pass; else fail "show blames --start" "$stderr"; fi
expect_refused "^chopsticks solve: --position '1100': not reachable" -- solve --position 1100
expect_refused "^chopsticks graph: --around code '9'" -- graph --around 9

finish

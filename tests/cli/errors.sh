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

finish

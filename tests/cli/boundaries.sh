#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Boundary values of the rule and common options: the largest accepted value runs, the first
# refused one exits 2 with nothing on stdout and one line on stderr that names the value and
# the allowed range; memory limits refuse just above the limit, with an estimate in the unit
# that fits (B, KiB, MiB, GiB, TiB; three significant digits); and
# instances past 2^64 positions are refused cleanly.
source "$(dirname "$0")/lib/harness.sh"

# accepted ARGS...: runs and prints data.
accepted() {
	expect_exit 0 -- "$@"
	expect_stdout_match '[0-9]'
}

# refused REGEX... -- ARGS...: exit 2, nothing on stdout, one message line (and the hint),
# matching every REGEX.
refused() {
	local -a res=()
	while [[ $1 != -- ]]; do
		res+=("$1")
		shift
	done
	shift
	expect_exit 2 -- "$@"
	expect_stdout_empty
	expect_stderr_one_line
	local re
	for re in "${res[@]}"; do
		expect_stderr_match "$re"
	done
}

# A size as messages print it: three significant digits and the unit that fits.
size='[0-9.]+(e\+[0-9]+)? (B|KiB|MiB|GiB|TiB)'

# The estimate must be a finite size, never "inf" or "nan".
expect_finite_estimate() {
	if [[ $stderr =~ (^|[^a-z])(inf|nan)([^a-z]|$) ]]; then
		fail "estimate is not a number" "$stderr"
	else
		pass
	fi
}

# --players: 2..16.
accepted count --players 16 --hands 1 --rollover 2 --format json
expect_stdout_match '"players":16'
refused "--players '17'" '2 to 16' -- count --players 17
refused "--players '1'" '2 to 16' -- count --players 1

# --hands: 1..1024, one count or one per player; past 16 hands codes count the hands of each
# value, and memory refuses up front with an estimate.
accepted count --hands 16 --rollover 2 --format json
expect_stdout_match '"hands":\[16,16\]'
accepted count --hands 40 --rollover 2 --format json
expect_stdout_match '"start":"1x40/1x40"'
expect_stdout_match '"max_depth":79'
refused "instance too large" "--max-memory" -- count --hands 400 --rollover 4
# Past 254 moves the walk runs again with 4 bytes per position, within --max-memory.
accepted count --hands 1 --rollover 150
expect_stdout_match 'max_depth +298'
refused "4 bytes per position" "--max-memory" -- count --hands 1 --rollover 150 --max-memory 1100K
refused "--hands '1025'" '1 to 1024' -- count --hands 1025
refused "--hands '2,1025'" '1 to 1024' -- count --hands 2,1025
refused "--hands '2,2'" '2 counts' '3 players' -- count --players 3 --hands 2,2
refused "--hands '2,2,2,2'" '4 counts' '3 players' -- count --players 3 --hands 2,2,2,2
accepted count --players 3 --hands 1,2,3 --rollover 3
# count takes one instance: a range (table's syntax) must not silently run the default game.
refused "--hands '2-3'" -- count --hands 2-3
refused "--rollover '3-9'" -- count --rollover 3-9

# --rollover: 2..250. (One hand each under standard rules is a forced game longer than the
# walk's 254 layers at r = 250; cutoff ends it quickly, and a terminal start at once.)
accepted count --hands 1 --rollover 250 --variant cutoff --format json
expect_stdout_match '"rollover":250'
accepted count --hands 1 --rollover 250 --start 0/1
refused "--rollover '251'" '2 to 250' -- count --rollover 251

# --threads: 1..1024.
accepted count --threads 1
accepted count --threads 1024
refused "--threads '0'" '1 to 1024' -- count --threads 0
refused "--threads '1025'" '1 to 1024' -- count --threads 1025

# --max-memory: count needs two bytes per position (the distance byte and the dense walk's
# five bit matrices, rounded up) plus the move tables twice (about 14 bytes per hand set and
# rollover value, and the dense engine's copy). Under 64 MiB the largest two-hand game is
# rollover 93 (4371^2 = 19105641 positions, about 0.0624 GiB in all; its walk peaks at 60 MB
# measured); rollover 94 is refused, and so is 128 (8256^2 = 68161536 positions, over the
# limit on positions alone). A terminal start keeps the walk to one position.
accepted count --rollover 93 --start 0.0/1.1 --max-memory 64M
refused 'too large' 'about 65.5 MiB, the limit is 64 MiB' -- count --rollover 94 --start 0.0/1.1 --max-memory 64M
refused 'too large' 'about 130 MiB, the limit is 64 MiB' -- count --rollover 128 --start 0.0/1.1 --max-memory 64M
expect_finite_estimate
refused 'too large' 'about 450 B, the limit is 100 B' -- count --max-memory 100
refused 'too large' 'about 2.93 KiB, the limit is 1 KiB' -- count --max-memory 1K
refused "--max-memory '0'" -- count --max-memory 0

# Past 2^64 positions: refused before anything is allocated, with a usable estimate, even
# when the memory limit is the largest there is.
refused 'too large' "$size" -- count --players 16 --hands 16 --rollover 250
expect_finite_estimate
refused 'too large' -- count --players 16 --hands 16 --rollover 250 --max-memory 18446744073709551615
expect_finite_estimate
# 16^16 = 2^64 positions: 1.375 bytes each (the many-player walk) are over even the largest limit.
refused 'too large' 'about 2.31e\+7 TiB, the limit is 1.68e\+7 TiB' -- count --players 16 --hands 1 --rollover 16 --max-memory 18446744073709551615
refused 'too large' "$size" -- count --players 16 --hands 1 --rollover 17 --max-memory 16777215T
for cmd in solve games; do
	if "$BIN" "$cmd" --help </dev/null >/dev/null 2>&1; then
		refused 'too large' "$size" -- "$cmd" --players 16 --hands 16 --rollover 250
		expect_finite_estimate
	fi
done
# games after the solve: its move graph (4 bytes a move; 6 hands, rollover 8 has 1.7e8
# moves) is refused from the walk's move count at once, before it is built (which took a
# minute).
refused 'game lengths need about 772 MiB, the limit is 200 MiB' -- games --hands 6 --rollover 8 --max-memory 200M

finish

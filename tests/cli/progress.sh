#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Progress lines on stderr (README, "Progress"): --progress prints plain lines with the
# phase, level and elapsed time even for a short run, and leaves stdout as it is; without it
# a short run prints nothing on stderr when stderr is not a terminal; on a terminal (through
# script(1) of util-linux) a run past a second draws a live line with \r and clears it at the
# end. Commands that do not compute refuse --progress. Without script(1) the terminal case
# cannot run and the test ends skipped (exit 77) after the others.
source "$(dirname "$0")/lib/harness.sh"

# One plain progress line of command cmd: phase, level, maybe positions, elapsed, estimate.
line_re() {
	printf '^chopsticks %s: phase [a-z:, -]+, level [0-9]+( of [0-9]+)?' "$1"
	printf '(, positions [0-9]+(/[0-9]+ \\([0-9]+%%\\)| \\(at most [0-9]+\\))?)?'
	printf ', elapsed [0-9]+ s, (about [0-9]+ s left|estimate unknown)$'
}

# expect_stderr_line RE: a line of stderr (progress lines too) matches RE (extended, ^ and $
# per line).
expect_stderr_line() {
	if printf '%s\n' "$stderr_raw" | grep -Eq -- "$1"; then pass; else fail "no stderr line matches /$1/" "$stderr_raw"; fi
}

# expect_progress_lines CMD PHASE...: every stderr line of the last run is a progress line of
# CMD, and each PHASE has one.
expect_progress_lines() {
	local cmd=$1 re bad
	shift
	re=$(line_re "$cmd")
	bad=$(printf '%s\n' "$stderr_raw" | grep -Ev "$re")
	if [[ -n $stderr_raw && -z $bad ]]; then pass; else fail "not all progress lines" "$stderr_raw"; fi
	for phase in "$@"; do
		expect_stderr_line "^chopsticks $cmd: phase $phase, level 0"
	done
}

# With --progress: plain lines; stdout byte for byte as without it.
for args in "count" "count --hands 3 --format csv" "solve" "solve --players 3 --rollover 3 --format json" \
	"games"; do
	read -ra a <<<"$args"
	expect_exit 0 -- "${a[@]}"
	plain=$stdout
	if [[ -z $stderr_raw ]]; then pass; else fail "stderr not empty" "$stderr_raw"; fi
	expect_exit 0 -- "${a[@]}" --progress
	if [[ $stdout == "$plain" ]]; then pass; else fail "stdout differs with --progress" "$stdout"; fi
	case ${a[0]} in
	count) expect_progress_lines count walk ;;
	solve) expect_progress_lines solve walk '(solve|coalition)' ;;
	games) expect_progress_lines games walk solve ;;
	esac
done
# What the phases know: the walk its distinct positions as a bound, the solve its reachable
# positions as the total, the geodesic count its levels.
expect_exit 0 -- solve --progress
expect_stderr_line '^chopsticks solve: phase walk, level 0, positions 1 \(at most 225\), elapsed'
expect_stderr_line '^chopsticks solve: phase solve, level 0, positions [0-9]+/204 \([0-9]+%\)'
expect_exit 0 -- games --progress
expect_stderr_line 'phase lengths: geodesic, level 1 of 9, positions 1/204'
expect_exit 0 -- count --progress --threads 1
expect_stderr_line '^chopsticks count: phase walk, level 0, positions 1 \(at most 225\), elapsed 0 s, estimate unknown$'

# verify reads a saved table back: its walk knows the table's reachable count.
table="$_tmp/standard.tbl"
expect_exit 0 -- solve --save "$table"
expect_exit 0 -- verify "$table" --progress
expect_stderr_line '^chopsticks verify: phase verify: [a-z -]+, level 0'
# Its two check passes tell the share of the 15 x 15 indexes done (15 states of a player).
expect_stderr_line '^chopsticks verify: phase verify: attacks, level 0, positions 0/225 \(0%\)'
expect_stderr_line '^chopsticks verify: phase verify: own-hands moves, level 0, positions 0/225 \(0%\)'

# Not a computing command, or given a value: refused.
expect_refused 'progress' -- variants --progress
expect_refused 'takes no value' -- count --progress=1
expect_exit 0 -- count --progress --progress
expect_exit 0 -- count --help
expect_stdout_match '--progress +progress as plain lines'

# On a terminal: a live line, redrawn with \r, cleared before anything else is written. A
# walk of many seconds, stopped by SIGINT after three (the live line waits for a second).
script -qc true /dev/null >/dev/null 2>&1 || skip "no script(1) for the terminal case"
long="timeout --preserve-status -s INT 3 \"\$BIN\" count --players 4 --hands 1 --rollover 120 --threads 1 >/dev/null"
expect_exit_sh 0 "script -qc '$long' /dev/null | od -An -c | tr -s ' \\n' ' '"
if [[ $stdout == *'\r 033 [ K'*'p h a s e w a l k , l e v e l'*'\r 033 [ K'* ]]; then pass; else fail "no live line" "$stdout"; fi
if [[ $stdout == *'\r 033 [ K c h o p s t i c k s c o u n t : i n t e r r u p t e d \r \n'* ]]; then
	pass
else
	fail "live line not cleared before the message" "$stdout"
fi
# A run that ends by itself clears its line. It must last long enough to draw one (about 3 s
# here; the live line waits for a second), or the check would pass whatever the program does.
short="\"\$BIN\" solve --hands 6 --rollover 9 --threads 1 >/dev/null"
expect_exit_sh 0 "script -qc '$short' /dev/null | od -An -c | tr -s ' \\n' ' '"
if [[ $stdout != *'p h a s e'* ]]; then
	fail "no live line: the test needs a longer run" "$stdout"
elif [[ $stdout =~ '\r 033 [ K'\ *$ ]]; then
	pass
else
	fail "live line not cleared" "$(tail -c 400 <<<"$stdout")"
fi

finish

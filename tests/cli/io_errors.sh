#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Failures of the standard streams are failures: a write error on stdout (a full disk, a
# closed stdout, a reader gone with SIGPIPE ignored) exits 1 with one line on stderr naming
# it, for every subcommand; a read error on stdin in play exits 1 naming it, while a plain end
# of input still abandons the game with exit 0.
source "$(dirname "$0")/lib/harness.sh"

# write_error SNIPPET REASON_REGEX: the run exits 1 with one message line naming the reason.
write_error() {
	expect_exit_sh 1 "$1"
	expect_stderr_one_line
	expect_stderr_match "^chopsticks( [a-z]+)?: write error on standard output: $2"
}

# One quick run of every subcommand (and the top level) into a full disk.
for args in "count" "table --hands 2 --rollover 3" "solve" "games" "show 1111" "play" \
	"graph" "claims" "atlas --singles --hands 2 --rollover 3" "variants" "variants --axes" \
	"count --help" "count --version" "--help" "--version"; do
	write_error "\"\$BIN\" $args >/dev/full" 'No space left on device'
done
write_error '"$BIN" count --format json >/dev/full' 'No space left on device'

# A closed stdout: the write fails (and no file opened later takes descriptor 1).
write_error '"$BIN" count >&-' 'Bad file descriptor'
write_error "\"\$BIN\" solve --export '$_tmp/x.csv' >&-" 'Bad file descriptor'

# SIGPIPE ignored and nobody reading: a pipe whose only reader is closed before the run.
mkfifo "$_tmp/fifo"
write_error "trap '' PIPE; exec 3<>'$_tmp/fifo' 4>'$_tmp/fifo' 3<&-; \"\$BIN\" variants >&4" 'Broken pipe'

# With stdout intact nothing changes.
expect_exit 0 -- variants
expect_stderr_empty

# solve --export that cannot write its file: exit 1, one line, no file left behind.
expect_exit 1 -- solve --export "$_tmp/no/such/dir/x.csv"
expect_stdout_empty
expect_stderr_one_line
expect_stderr_match "--export '.*x.csv': No such file or directory"

# play: a read error on stdin is a failure; the end of the input abandons the game.
expect_exit_sh 1 '"$BIN" play </tmp'
expect_stderr_one_line
expect_stderr_match '^chopsticks play: read error on standard input: Is a directory'
expect_exit_sh 1 '"$BIN" play <&-'
expect_stderr_one_line
expect_stderr_match '^chopsticks play: read error on standard input: Bad file descriptor'
expect_exit 0 -- play
expect_stderr_empty
expect_stdout_match 'game abandoned after 0 moves'

finish

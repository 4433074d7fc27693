#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# --help and --version succeed and write to stdout only; the top-level help lists the
# subcommands and the exit codes, and every subcommand it lists has a working --help.
source "$(dirname "$0")/lib/harness.sh"

expect_exit 0 -- --help
expect_stderr_empty
expect_stdout_match '(^|[[:space:]])count[[:space:]]'
expect_stdout_match '(^|[[:space:]])table[[:space:]]'
expect_stdout_match '[Ee]xit (status|code)'
top_help=$stdout

# The subcommands of the SPEC; those not built yet are simply not listed.
for cmd in count table solve games show play variants graph claims atlas; do
	[[ $top_help =~ (^|[[:space:]])${cmd}[[:space:]] ]] || continue
	expect_exit 0 -- "$cmd" --help
	expect_stderr_empty
	expect_stdout_match "chopsticks $cmd"
	expect_stdout_match 'Exit status'
	expect_exit 0 -- "$cmd" --version
	expect_stdout_match '^chopsticks [0-9]+\.[0-9]+\.[0-9]+$'
done

expect_exit 0 -- count --help
expect_stdout_match '--rollover'
expect_stdout_match '--hands'
expect_stdout_match '--format'

expect_exit 0 -- table --help
expect_stdout_match '--hands'
expect_stdout_match '--rollover'

expect_exit 0 -- --version
expect_stderr_empty
expect_stdout_match '[0-9]+\.[0-9]+'

finish

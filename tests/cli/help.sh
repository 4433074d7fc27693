#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# --help and --version succeed and write to stdout only. The top-level help lists exactly the
# subcommands named below (written here, not read from the program, so a command removed from
# the program, or left out of its help, fails), and the exit codes; every one of them has a
# working --help and --version. A new subcommand fails here until it is added to the list.
source "$(dirname "$0")/lib/harness.sh"

commands=(count table solve games show play graph claims atlas strategy verify variants serve)

expect_exit 0 -- --help
expect_stderr_empty
expect_stdout_match '[Ee]xit (status|code)'
top_help=$stdout

# The names of the "Commands:" section of the top help: the first word of each indented line
# from "Commands:" to the next blank line.
listed=$(printf '%s\n' "$top_help" | awk '/^Commands:$/ { on = 1; next } on && /^$/ { exit } on { print $1 }')
cmdline="--help (its Commands section)"
if [[ $listed == "$(printf '%s\n' "${commands[@]}")" ]]; then
	pass
else
	fail "the commands listed are not the expected ones, in order" \
		"$(diff <(printf '%s\n' "${commands[@]}") <(printf '%s\n' "$listed") | sed 's/^</expected, not listed:/; s/^>/listed, not expected:/' | grep -v '^[0-9]')"
fi

for cmd in "${commands[@]}"; do
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

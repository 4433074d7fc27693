#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every option a command accepts does something: an option the command does not use, a
# format it does not write, an option of its own without the one it needs, and a second,
# different value of a single-value option are refused (exit 2, one line naming them, nothing
# on stdout). Repeated --variant lists combine; the same value given twice is accepted.
source "$(dirname "$0")/lib/harness.sh"

# Shared options a command does not use.
expect_refused '^chopsticks atlas: --start is not used by atlas' -- atlas --start 9
expect_refused '^chopsticks variants: --players is not used by variants' -- variants --players 3
expect_refused '^chopsticks claims: --variant is not used by claims' -- claims --variant cutoff
expect_refused '^chopsticks show: --start is not used by show' -- show 1111 --start 1211
expect_refused '^chopsticks table: --variant is not used by table' -- table --variant cutoff
expect_refused '^chopsticks table: --players is not used by table' -- table --players 2
expect_refused '^chopsticks variants: --threads is not used by variants' -- variants --threads 2
expect_refused '^chopsticks atlas: --max-memory is not used by atlas' -- atlas --max-memory 1G
expect_refused '^chopsticks claims: --overflow is not used by claims' -- claims --overflow cutoff

# Formats a command does not write, naming those it does.
expect_refused "^chopsticks atlas: --format 'json': atlas writes csv only" -- atlas --format json
expect_refused "^chopsticks play: --format 'json': play writes text only" -- play --format json
expect_refused "^chopsticks claims: --format 'csv': must be text or json" -- claims --format csv
expect_refused "^chopsticks graph: --format 'text': graph writes dot only" -- graph --format text
expect_refused "^chopsticks count: --format 'dot': must be text, csv or json" -- count --format dot

# A command's own options without what they need.
expect_refused '^chopsticks games: --table is used only with --format csv' -- games --table finals
expect_refused '^chopsticks games: --table is used only with --format csv' -- games --table by-length --format json
expect_refused '^chopsticks games: --examples is used only with --format text or json' -- games --examples 2 --format csv
expect_refused '^chopsticks graph: --depth is used only with --around' -- graph --depth 2
expect_refused '^chopsticks solve: --position is used only with --format text or json' -- solve --position 1211 --format csv

# Single-value options given twice with different values.
expect_refused "--hands given twice, '2' and '3'" -- count --hands 2 --hands 3
expect_refused "--rollover given twice, '4' and '5'" -- count --rollover 4 --rollover 5
expect_refused "--players given twice" -- count --players 2 --players=3
expect_refused "--format given twice, 'csv' and 'json'" -- count --format csv --format json
expect_refused "--threads given twice" -- count --threads 1 --threads 2
expect_refused "--max-memory given twice" -- count --max-memory 1G --max-memory 2G
expect_refused "--lives given twice" -- count --lives 1 --lives 2
expect_refused "--start given twice" -- count --start 1111 --start 1211
expect_refused "--overflow given twice" -- count --overflow cutoff --overflow rollover
expect_refused "--position given twice" -- solve --position 1111 --position 1211
expect_refused "--as given twice" -- play --as first --as second

# The same value again is harmless; --variant lists combine, a name in two of them is refused.
expect_exit 0 -- count --hands 2 --hands 2 --format csv --format csv
expect_stdout_match '^players,hands'
expect_exit 0 -- count --variant cutoff --variant suicide
expect_stdout_match 'variants cutoff,suicide'
expect_exit 0 -- count --variant cutoff,suicide
cutoff_suicide=$stdout
expect_exit 0 -- count --variant suicide --variant=cutoff
if [[ $stdout == "$cutoff_suicide" ]]; then pass; else fail "combined lists differ from one list" "$stdout"; fi
expect_refused "--variant 'cutoff': variant given twice" -- count --variant cutoff --variant meta,cutoff
expect_refused "'cutoff': variant given twice" -- count --variant cutoff,cutoff

# What each command does take still works.
expect_exit 0 -- atlas --format csv --singles --hands 2 --rollover 3
expect_stdout_match '^variants,hands,rollover'
expect_exit 0 -- graph --format dot --around 1111 --depth 1
expect_stdout_match '^digraph'
expect_exit 0 -- games --table finals --format csv
expect_stdout_match '^code,length,winner'
expect_exit 0 -- table --hands 2 --rollover 3 --threads 1 --max-memory 1G --format json
expect_stdout_match '^\{"rows"'

# --help lists only the shared options the command takes.
expect_exit 0 -- variants --help
if [[ $stdout != *--threads* && $stdout != *"Rule options"* ]]; then pass; else fail "variants --help lists options it refuses" "$stdout"; fi
expect_exit 0 -- atlas --help
expect_stdout_match 'csv, the only format'
if [[ $stdout != *--start* && $stdout != *--max-memory* ]]; then pass; else fail "atlas --help lists options it refuses" "$stdout"; fi

# The range --help gives an integer option is the one its refusal names (both come from one
# row of cli/options.def): 'LO..HI' in the help, 'from LO to HI' for a value past HI.
expect_exit 0 -- count --help
count_help=$stdout
for option in players hands rollover lives threads; do
	if [[ $count_help =~ --$option\ [A-Z]+\ +[^0-9]*([0-9]+)\.\.([0-9]+) ]]; then
		lo=${BASH_REMATCH[1]} hi=${BASH_REMATCH[2]}
		pass
		expect_refused "^chopsticks count: --$option '$((hi + 1))': must be an integer from $lo to $hi" -- count --$option $((hi + 1))
	else
		fail "count --help gives no range for --$option" "$count_help"
	fi
done

finish

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs chopsticks-mpi on NP ranks and `chopsticks count` on the same instances, in text, csv
# and json (or the FORMATS given), and checks that exit status, stdout and stderr are
# identical byte for byte.
# usage: bash mpi/compare.sh CHOPSTICKS CHOPSTICKS_MPI NP [MPIEXEC [FORMATS]]
set -u
CHOPSTICKS=${1:?usage: compare.sh CHOPSTICKS CHOPSTICKS_MPI NP [MPIEXEC]}
MPI_BIN=${2:?usage: compare.sh CHOPSTICKS CHOPSTICKS_MPI NP [MPIEXEC]}
NP=${3:?usage: compare.sh CHOPSTICKS CHOPSTICKS_MPI NP [MPIEXEC]}
MPIEXEC=${4:-mpirun}
read -ra formats <<<"${5:-text csv json}"
# shellcheck source=mpi/mpirun.sh
source "$(dirname "$0")/mpirun.sh"

cases=(
	""
	"--hands 3 --rollover 4"
	"--variant cutoff,suicide"
	"--players 3 --hands 2 --rollover 4"
	"--hands 3,2 --rollover 4"
	"--lives 2"
	"--hands 1 --rollover 7"
	"--start 1212 --threads 1"
	"--hands 4 --rollover 7"
	"--hands 3 --rollover 11 --variant cutoff,suicide"
	"--hands 3,4 --rollover 8 --variant cutoff"
	"--hands 1 --rollover 150"
	"--hands 20 --rollover 3"
)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/chopsticks-mpi.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
for args in "${cases[@]}"; do
	for format in "${formats[@]}"; do
		# shellcheck disable=SC2086 # args is a list of words
		timeout 60 "$CHOPSTICKS" count $args --format $format </dev/null >"$tmp/want.out" 2>"$tmp/want.err"
		want=$?
		# shellcheck disable=SC2086
		mpi_run "$NP" "$MPI_BIN" $args --format $format >"$tmp/got.out" 2>"$tmp/got.err"
		got=$?
		what="np $NP: count $args --format $format"
		if ((want != 0)); then
			echo "FAIL: $what: chopsticks itself exited $want"
			failed=$((failed + 1))
		elif ((got != want)); then
			echo "FAIL: $what: exit $got, wanted $want"
			sed 's/^/    | /' "$tmp/got.err"
			failed=$((failed + 1))
		elif ! cmp -s "$tmp/want.out" "$tmp/got.out"; then
			echo "FAIL: $what: stdout differs"
			diff "$tmp/want.out" "$tmp/got.out" | head -20 | sed 's/^/    | /'
			failed=$((failed + 1))
		elif ! cmp -s <(progressless "$tmp/want.err") <(progressless "$tmp/got.err"); then
			echo "FAIL: $what: stderr differs"
			diff "$tmp/want.err" "$tmp/got.err" | head -20 | sed 's/^/    | /'
			failed=$((failed + 1))
		else
			passed=$((passed + 1))
		fi
	done
done
echo "mpi compare np $NP: $passed passed, $failed failed"
exit $((failed > 0))

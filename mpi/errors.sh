#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# chopsticks-mpi refusals: every rank exits with the same status and the message appears
# once (rank 0 alone prints), with nothing on stdout.
# usage: bash mpi/errors.sh CHOPSTICKS_MPI [MPIEXEC]
set -u
MPI_BIN=${1:?usage: errors.sh CHOPSTICKS_MPI [MPIEXEC]}
MPIEXEC=${2:-mpirun}
# shellcheck source=mpi/mpirun.sh
source "$(dirname "$0")/mpirun.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/chopsticks-mpi.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

# expect STATUS REGEX ARGS...: on 3 ranks, exit STATUS, empty stdout, one message line
# matching REGEX (and at most the try '... --help' hint).
expect() {
	local want=$1 regex=$2 got lines
	shift 2
	mpi_run 3 "$MPI_BIN" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	lines=$(grep -cv "^try 'chopsticks count --help'$" "$tmp/err")
	if ((got != want)); then
		echo "FAIL: $*: exit $got, wanted $want"
	elif [[ -s $tmp/out ]]; then
		echo "FAIL: $*: stdout not empty"
	elif ((lines != 1)) || ! grep -Eq -e "$regex" "$tmp/err"; then
		echo "FAIL: $*: wanted one message line matching /$regex/"
	else
		passed=$((passed + 1))
		return
	fi
	sed 's/^/    | /' "$tmp/err"
	failed=$((failed + 1))
}

expect 2 "--unreachable is not supported" --unreachable
expect 2 "--rollover '1'" --rollover 1
expect 2 "unknown option '--bogus'" --bogus
expect 2 "--format 'dot'" --format dot
expect 2 "--variant" --variant nosuch
expect 2 "--start" --start 9999
expect 2 "instance too large: .* per rank with 3 ranks" --hands 6 --rollover 10 --max-memory 1M
expect 2 "instance too large: .* per rank with 3 ranks" --hands 16 --rollover 250 --players 16
expect 2 "instance too large: .* per rank with 3 ranks" --max-memory 1
# 16^16 = 2^64 positions: refused when the rules are built (chopsticks count refuses it
# earlier, on memory).
expect 2 "more than 2\^64 positions" --players 16 --hands 1 --rollover 16 --max-memory 18446744073709551615

# --help and --version: printed once, exit 0.
mpi_run 3 "$MPI_BIN" --help >"$tmp/out" 2>"$tmp/err"
got=$?
if ((got == 0)) && (($(grep -c '^usage: mpirun -np N chopsticks-mpi' "$tmp/out") == 1)); then
	passed=$((passed + 1))
else
	echo "FAIL: --help: exit $got, wanted 0 and the usage line once"
	failed=$((failed + 1))
fi
mpi_run 2 "$MPI_BIN" --version >"$tmp/out" 2>"$tmp/err"
got=$?
if ((got == 0)) && [[ $(cat "$tmp/out") =~ ^chopsticks-mpi\ [0-9.]+$ ]]; then
	passed=$((passed + 1))
else
	echo "FAIL: --version: exit $got, wanted 0 and one version line"
	failed=$((failed + 1))
fi

echo "mpi errors: $passed passed, $failed failed"
exit $((failed > 0))

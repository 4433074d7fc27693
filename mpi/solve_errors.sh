#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `chopsticks-mpi solve` refusals and failures: every rank exits with the same status, the
# message appears once (rank 0 alone prints) and stdout stays empty; where `chopsticks
# solve` refuses the same options, its message is the same byte for byte. Also --help, and
# the two forms of the count (`chopsticks-mpi count ...` and options alone).
# usage: bash mpi/solve_errors.sh CHOPSTICKS CHOPSTICKS_MPI [MPIEXEC]
set -u
CHOPSTICKS=${1:?usage: solve_errors.sh CHOPSTICKS CHOPSTICKS_MPI [MPIEXEC]}
MPI_BIN=${2:?usage: solve_errors.sh CHOPSTICKS CHOPSTICKS_MPI [MPIEXEC]}
MPIEXEC=${3:-mpirun}
# shellcheck source=mpi/mpirun.sh
source "$(dirname "$0")/mpirun.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/chopsticks-mpi.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

fail() {
	echo "FAIL: $*"
	sed 's/^/    | /' "$tmp/err"
	failed=$((failed + 1))
}

# expect NP STATUS REGEX ARGS...: chopsticks-mpi solve ARGS on NP ranks exits STATUS with an
# empty stdout and one message line matching REGEX (and at most the try '... --help' hint).
expect() {
	local np=$1 want=$2 regex=$3 got lines
	shift 3
	mpi_run "$np" "$MPI_BIN" solve "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	lines=$(grep -cv "^try 'chopsticks solve --help'$" "$tmp/err")
	if ((got != want)); then
		fail "np $np: solve $*: exit $got, wanted $want"
	elif [[ -s $tmp/out ]]; then
		fail "np $np: solve $*: stdout not empty"
	elif ((lines != 1)) || ! grep -Eq -e "$regex" "$tmp/err"; then
		fail "np $np: solve $*: wanted one message line matching /$regex/"
	else
		passed=$((passed + 1))
	fi
}

# as_solve ARGS...: refused as chopsticks solve refuses them: the same status and stderr.
as_solve() {
	timeout 60 "$CHOPSTICKS" solve "$@" </dev/null >/dev/null 2>"$tmp/want"
	local want=$?
	expect 3 "$want" "." "$@"
	if ! cmp -s "$tmp/want" "$tmp/err"; then
		fail "np 3: solve $*: stderr differs from chopsticks solve's"
		diff "$tmp/want" "$tmp/err" | sed 's/^/    | /'
		passed=$((passed - 1))
	fi
}

as_solve --rollover 1
as_solve --bogus
as_solve --format dot
as_solve --variant nosuch
as_solve --start 9999
as_solve --position 1111 --format csv
as_solve --position 99
as_solve --hands 2 --hands 3
as_solve --threads 0

# --checkpoint as chopsticks solve refuses it (solve_checkpoint.sh has the rest).
touch "$tmp/file"
as_solve --checkpoint "$tmp/file"
as_solve --checkpoint-every 0
as_solve --checkpoint "$tmp/file" --checkpoint-every -1

# What chopsticks-mpi does not do: other shapes, --export, --estimate.
expect 3 2 "two players with the same number of hands only \(here 3 players\)" --players 3
expect 3 2 "two players with the same number of hands only \(here 2 players with uneven hands\)" --hands 3,2
expect 3 2 "--export is not supported by chopsticks-mpi" --export x.csv
expect 3 2 "--estimate is not supported by chopsticks-mpi" --estimate --format json
# The memory limit applies per rank: 4 million positions need about 10.6 MiB on one rank,
# 8 MiB each on two (the move tables are on every rank), less on three.
expect 1 2 "instance too large: .* per rank with 1 rank \(" --hands 5 --rollover 10 --max-memory 10M
expect 3 2 "instance too large: .* per rank with 3 ranks" --hands 6 --rollover 10 --max-memory 1M
expect 3 2 "instance too large: .* per rank with 3 ranks" --hands 16 --rollover 250
mpi_run 3 "$MPI_BIN" solve --hands 5 --rollover 10 --max-memory 10M --format json >"$tmp/out" 2>"$tmp/err"
got=$?
if ((got == 0)) && [[ $(jq -r .value "$tmp/out") == loss ]]; then
	passed=$((passed + 1))
else
	fail "np 3: solve --hands 5 --rollover 10 --max-memory 10M: exit $got, wanted 0 (it fits on three ranks)"
fi
# Failures after the solve: exit 1, once.
expect 3 1 "--save '$tmp/no/such/dir/t.tbl': No such file or directory" --save "$tmp/no/such/dir/t.tbl"
expect 3 1 "--stats '$tmp/no/such/dir/s.json': No such file or directory" --stats "$tmp/no/such/dir/s.json"
[[ ! -e $tmp/no ]] || fail "a failed --save left files behind"

# --help: printed once, exit 0, and the count's usage names the solve.
mpi_run 3 "$MPI_BIN" solve --help >"$tmp/out" 2>"$tmp/err"
got=$?
if ((got == 0)) && (($(grep -c '^usage: mpirun -np N chopsticks-mpi solve' "$tmp/out") == 1)); then
	passed=$((passed + 1))
else
	fail "solve --help: exit $got, wanted 0 and the usage line once"
fi
if grep -q 'DIR/rank-K.0 and DIR/rank-K.1' "$tmp/out" && grep -q '^  --checkpoint-every SECONDS' "$tmp/out"; then
	passed=$((passed + 1))
else
	fail "solve --help: does not say where --checkpoint keeps each rank's part"
fi
mpi_run 2 "$MPI_BIN" --help >"$tmp/out" 2>"$tmp/err"
if grep -q 'chopsticks-mpi solve \[rule options\]' "$tmp/out"; then
	passed=$((passed + 1))
else
	fail "--help does not show how the solve is invoked"
fi

# The count, as `count ...` and as options alone: the same output.
mpi_run 2 "$MPI_BIN" count --hands 3 --format json >"$tmp/out" 2>"$tmp/err"
mpi_run 2 "$MPI_BIN" --hands 3 --format json >"$tmp/out2" 2>>"$tmp/err"
if cmp -s "$tmp/out" "$tmp/out2" && [[ -s $tmp/out && ! -s $tmp/err ]]; then
	passed=$((passed + 1))
else
	fail "chopsticks-mpi count --hands 3 differs from chopsticks-mpi --hands 3"
fi

# --stats: one JSON object with a level per solve level and each rank's peak memory.
mpi_run 2 "$MPI_BIN" solve --hands 4 --rollover 7 --stats "$tmp/s.json" >/dev/null 2>"$tmp/err"
if jq -e '.ranks == 2 and (.peak_rss_bytes | length) == 2 and (.phases[1].levels | length) == 130 and
	  .phases[1].bytes > 0 and .phases[0].phase == "walk"' "$tmp/s.json" >/dev/null 2>>"$tmp/err"; then
	passed=$((passed + 1))
else
	fail "--stats: not the expected JSON"
fi

echo "mpi solve errors: $passed passed, $failed failed"
exit $((failed > 0))

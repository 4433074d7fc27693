#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs `chopsticks-mpi solve` on NP ranks and `chopsticks solve` on the same instances and
# checks that exit status, stdout and stderr (less progress lines) are identical byte for byte, in text and json
# (and csv for the cases marked so), and that the tables of --save hold the same (same_table
# of mpirun.sh: the same file once saved again by `chopsticks verify`, which accepts it), and
# `chopsticks show --table` reads them. The instances have enough
# hand states (64 rows per block, plan_mpi_rows) that up to four ranks each own some rows.
# usage: bash mpi/solve_compare.sh CHOPSTICKS CHOPSTICKS_MPI NP [MPIEXEC [FORMATS]]
set -u
CHOPSTICKS=${1:?usage: solve_compare.sh CHOPSTICKS CHOPSTICKS_MPI NP [MPIEXEC [FORMATS]]}
MPI_BIN=${2:?usage: solve_compare.sh CHOPSTICKS CHOPSTICKS_MPI NP [MPIEXEC [FORMATS]]}
NP=${3:?usage: solve_compare.sh CHOPSTICKS CHOPSTICKS_MPI NP [MPIEXEC [FORMATS]]}
MPIEXEC=${4:-mpirun}
read -ra formats <<<"${5:-text json csv}"
# shellcheck source=mpi/mpirun.sh
source "$(dirname "$0")/mpirun.sh"

# "csv|ARGS" also compares the CSV output (one row per reachable position: small ones only);
# "deep|ARGS" compares the CSV too (distances past 254 moves) and runs only on 1 or 2 ranks:
# its 299 levels are an exchange each, which ranks sharing cores (3 and 4 on a 2-core
# machine) make take minutes, for no other path.
cases=(
	"csv|"
	"csv|--hands 4 --rollover 7"
	"|--hands 4 --rollover 7 --start 1223/0114 --threads 1"
	"csv|--hands 5 --rollover 6 --variant cutoff"
	"csv|--hands 4 --rollover 6 --variant misere"
	"|--hands 3 --rollover 9 --lives 2"
	"csv|--hands 3 --rollover 8 --variant suicide,meta,suns"
	"csv|--hands 3 --rollover 7 --overflow cutoff --revive never"
	"csv|--hands 20 --rollover 3"
	"deep|--hands 1 --rollover 150"
	"|--variant cutoff --rollover 40"
)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/chopsticks-mpi-solve.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

# same WHAT [STATUS]: the last two runs (want.*, got.*) agree, and chopsticks exited STATUS
# (default 0).
same() {
	local what=$1 status=${2:-0}
	if ((want != status)); then
		echo "FAIL: $what: chopsticks itself exited $want, not $status"
	elif ((got != want)); then
		echo "FAIL: $what: exit $got, wanted $want"
		sed 's/^/    | /' "$tmp/got.err"
	elif ! cmp -s "$tmp/want.out" "$tmp/got.out"; then
		echo "FAIL: $what: stdout differs"
		diff "$tmp/want.out" "$tmp/got.out" | head -20 | sed 's/^/    | /'
	elif ! cmp -s <(progressless "$tmp/want.err") <(progressless "$tmp/got.err"); then
		echo "FAIL: $what: stderr differs"
		diff <(progressless "$tmp/want.err") <(progressless "$tmp/got.err") | head -20 | sed 's/^/    | /'
	else
		passed=$((passed + 1))
		return 0
	fi
	failed=$((failed + 1))
	return 1
}

# run ARGS...: chopsticks solve ARGS (want.*) and chopsticks-mpi solve ARGS on NP ranks (got.*).
run() {
	timeout 60 "$CHOPSTICKS" solve "$@" </dev/null >"$tmp/want.out" 2>"$tmp/want.err"
	want=$?
	mpi_run "$NP" "$MPI_BIN" solve "$@" >"$tmp/got.out" 2>"$tmp/got.err"
	got=$?
}

for entry in "${cases[@]}"; do
	csv=${entry%%|*} args=${entry#*|}
	[[ $csv == deep ]] && ((NP > 2)) && continue
	for format in "${formats[@]}"; do
		[[ $format == csv && $csv != csv && $csv != deep ]] && continue
		# shellcheck disable=SC2086 # args is a list of words
		run $args --format "$format"
		same "np $NP: solve $args --format $format"
	done
	# --save: the same table (same_table).
	rm -f "$tmp/want.tbl" "$tmp/got.tbl"
	# shellcheck disable=SC2086
	timeout 60 "$CHOPSTICKS" solve $args --save "$tmp/want.tbl" </dev/null >"$tmp/want.out" 2>"$tmp/want.err"
	want=$?
	# shellcheck disable=SC2086
	mpi_run "$NP" "$MPI_BIN" solve $args --save "$tmp/got.tbl" >"$tmp/got.out" 2>"$tmp/got.err"
	got=$?
	if same "np $NP: solve $args --save" && ! same_table "$tmp/want.tbl" "$tmp/got.tbl"; then
		echo "FAIL: np $NP: solve $args --save: the tables differ"
		cmp "$tmp/want.tbl" "$tmp/got.tbl.resaved" | sed 's/^/    | /'
		passed=$((passed - 1)) failed=$((failed + 1))
	fi
done

# The last table (cutoff, rollover 40: remoteness past 254, so an overflow list) is read
# by verify and show as any table.
if timeout 60 "$CHOPSTICKS" verify "$tmp/got.tbl" >"$tmp/out" 2>&1 && grep -q '^verified: ' "$tmp/out"; then
	passed=$((passed + 1))
else
	echo "FAIL: np $NP: chopsticks verify of the saved table"
	sed 's/^/    | /' "$tmp/out"
	failed=$((failed + 1))
fi
show=(show 1.1/1.2 --variant cutoff --rollover 40)
timeout 60 "$CHOPSTICKS" "${show[@]}" >"$tmp/want.out" 2>"$tmp/want.err"
want=$?
timeout 60 "$CHOPSTICKS" "${show[@]}" --table "$tmp/got.tbl" >"$tmp/got.out" 2>"$tmp/got.err"
got=$?
same "np $NP: show --table of the saved table"

# Rounds of at most 40 words per pair of ranks (a row is 4 words here): every
# exchange then goes in many rounds, pairs and blocks cut across them.
for format in "${formats[@]}"; do
	CHOPSTICKS_MPI_PAIR_WORDS=40 run --hands 5 --rollover 6 --variant cutoff --format "$format"
	same "np $NP: solve --hands 5 --rollover 6 --variant cutoff --format $format, in rounds of 40 words"
done

# --position, and one that is not reachable (refused after the solve, exit 2).
for format in text json; do
	run --hands 4 --rollover 7 --position 0111/1336 --format "$format"
	same "np $NP: solve --position 0111/1336 --format $format"
done
run --hands 4 --rollover 7 --position 0000/0000
same "np $NP: solve --position 0000/0000 (unreachable)" 2

echo "mpi solve compare np $NP: $passed passed, $failed failed"
exit $((failed > 0))

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Results must not depend on the thread count: count, and solve and games where this binary
# has them (their --help exits 0), run with --threads 1, 2, 3 and 8 on a few instances in
# text, csv and json must exit alike and print byte-identical stdout.
source "$(dirname "$0")/lib/harness.sh"

instances=(
	""
	"--hands 3 --rollover 4"
	"--variant cutoff,suicide"
	"--players 3 --hands 2 --rollover 4"
	"--hands 3,2 --rollover 4"
)
# Large enough (44100 and 79200 positions) that the parallel loops split their work; count
# and solve only (games takes a second there under the sanitizers).
larger=("--hands 4 --rollover 7" "--hands 4,3 --rollover 8")
formats=(text csv json)
threads=(2 3 8)

commands=(count)
for cmd in solve games; do
	if "$BIN" "$cmd" --help </dev/null >/dev/null 2>&1; then
		commands+=("$cmd")
	else
		echo "determinism: this binary has no '$cmd' subcommand; skipped"
	fi
done

# run ARGS...: runs "$BIN" ARGS like expect_exit, keeping status, stdout and stderr, but
# without judging the status.
run() {
	cmdline="$*"
	status=0
	timeout "$CLI_TIMEOUT" "$BIN" "$@" </dev/null >"$_tmp/out" 2>"$_tmp/err" || status=$?
	stdout=$(cat "$_tmp/out")
	stderr=$(cat "$_tmp/err")
}

# compare CMD INSTANCE FORMAT: --threads 1 first, then each of $threads against it.
compare() {
	local cmd=$1 format=$3 base_status base_out t
	local -a inst
	read -r -a inst <<<"$2"
	if [[ $cmd == count ]]; then
		expect_exit 0 -- "$cmd" "${inst[@]}" --format "$format" --threads 1
	else
		# solve and games may refuse an instance (exit 2), as long as every thread count does.
		run "$cmd" "${inst[@]}" --format "$format" --threads 1
		if ((status == 0 || status == 2)); then pass; else fail "exit $status, wanted 0 or 2" "$stderr"; fi
	fi
	base_status=$status
	base_out=$stdout
	for t in "${threads[@]}"; do
		expect_exit "$base_status" -- "$cmd" "${inst[@]}" --format "$format" --threads "$t"
		if [[ $stdout == "$base_out" ]]; then
			pass
		else
			fail "stdout differs from --threads 1" \
				"$(diff <(printf '%s\n' "$base_out") <(printf '%s\n' "$stdout") | head -n 20)"
		fi
	done
}

for cmd in "${commands[@]}"; do
	for instance in "${instances[@]}"; do
		for format in "${formats[@]}"; do
			compare "$cmd" "$instance" "$format"
		done
	done
done
for cmd in "${commands[@]}"; do
	[[ $cmd == games ]] && continue
	for instance in "${larger[@]}"; do
		for format in "${formats[@]}"; do
			compare "$cmd" "$instance" "$format"
		done
	done
done

finish

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Results must not depend on the thread count: count, solve and games, run with --threads 1,
# 2, 3 and 8 on a few instances in text, csv and json, must exit 0 and print byte-identical,
# non-empty stdout. Only the cases listed in $refused (none at present) may exit 2 instead, and
# then at every thread count, with nothing on stdout and the same message.
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
commands=(count solve games)

# Cases a command refuses by design, as "CMD INSTANCE" (the words as in $instances) and why;
# every other case must run. A key no case uses fails, so the list cannot go stale.
declare -A refused=()
declare -A refused_seen=()

# compare CMD INSTANCE FORMAT: --threads 1 first, then each of $threads against it.
compare() {
	local cmd=$1 format=$3 want=0 base_out base_err t
	local -a inst
	read -r -a inst <<<"$2"
	if [[ -v "refused[$cmd $2]" ]]; then
		want=2
		refused_seen[$cmd $2]=1
	fi
	expect_exit "$want" -- "$cmd" "${inst[@]}" --format "$format" --threads 1
	if ((want == 2)); then
		expect_stdout_empty
	elif [[ -n $stdout ]]; then
		pass
	else
		fail "stdout empty: nothing to compare"
	fi
	base_out=$stdout
	base_err=$stderr
	for t in "${threads[@]}"; do
		expect_exit "$want" -- "$cmd" "${inst[@]}" --format "$format" --threads "$t"
		if [[ $stdout == "$base_out" ]]; then
			pass
		else
			fail "stdout differs from --threads 1" \
				"$(diff <(printf '%s\n' "$base_out") <(printf '%s\n' "$stdout") | head -n 20)"
		fi
		if ((want == 2)); then
			if [[ $stderr == "$base_err" ]]; then pass; else fail "message differs from --threads 1" "$stderr"; fi
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

cmdline="(the refused list)"
for key in "${!refused[@]}"; do
	if [[ -v "refused_seen[$key]" ]]; then pass; else fail "refused case '$key' is never run"; fi
done

finish

# SPDX-License-Identifier: MIT
# shellcheck shell=bash
# Helpers for command-line tests (sourced, never run by itself; see tests/cli/README).
# A test script is run as `bash script.sh /path/to/chopsticks`. Each expect_exit runs the
# binary once and keeps its exit status, stdout and stderr; the expect_* after it check that
# run. Every check counts as passed or failed; finish prints the tally and sets the exit status;
# skip exits 77 (ctest: skipped) where the test cannot run.

BIN=${1:?usage: bash $0 /path/to/chopsticks}
if [[ ! -x $BIN ]]; then
	echo "harness: '$BIN' is not an executable file" >&2
	exit 1
fi
# Seconds one run may take before it counts as hung (refusals must come quickly).
CLI_TIMEOUT=${CLI_TIMEOUT:-60}

status=  # exit status of the last run
stdout=  # its standard output
stderr=  # its standard error, less progress lines
stderr_raw= # all of its standard error
cmdline= # what it ran, for messages
checks_passed=0
checks_failed=0
_tmp=$(mktemp -d "${TMPDIR:-/tmp}/chopsticks-cli.XXXXXX")
trap 'rm -rf "$_tmp"' EXIT

pass() { checks_passed=$((checks_passed + 1)); }
fail() {
	checks_failed=$((checks_failed + 1))
	printf 'FAIL: chopsticks %s: %s\n' "$cmdline" "$1"
	[[ -z ${2:-} ]] || printf '%s\n' "$2" | sed 's/^/    | /'
}

# check CONDITION... -- WHAT: one check of the script's own (not a run of the binary), passed
# when the test command CONDITION succeeds; messages name it "($CHECK_TAG) WHAT".
check() {
	local -a test=()
	while [[ $1 != -- ]]; do
		test+=("$1")
		shift
	done
	cmdline="(${CHECK_TAG:-check}) $2"
	if "${test[@]}"; then pass; else fail "$2"; fi
}

# expect_exit CODE -- ARGS...: runs "$BIN" ARGS (stdin from /dev/null) and checks its status.
expect_exit() {
	local want=$1
	shift
	[[ ${1:-} == -- ]] && shift
	cmdline="$*"
	status=0
	timeout "$CLI_TIMEOUT" "$BIN" "$@" </dev/null >"$_tmp/out" 2>"$_tmp/err" || status=$?
	_judge_exit "$want"
}

# expect_exit_sh CODE SNIPPET: runs the bash SNIPPET, in which "$BIN" is the binary, with
# stdin from /dev/null and its stdout and stderr kept (the snippet may redirect the binary's
# own streams elsewhere), and checks its exit status (add `set -o pipefail` for a pipeline).
expect_exit_sh() {
	cmdline="(sh) $2"
	status=0
	BIN=$BIN timeout "$CLI_TIMEOUT" bash -c "$2" </dev/null >"$_tmp/out" 2>"$_tmp/err" || status=$?
	_judge_exit "$1"
}

# _judge_exit CODE: keeps the output of the run that just ended and checks its status.
_judge_exit() {
	stdout=$(cat "$_tmp/out")
	# A run past 10 s (a loaded machine, a sanitized build) writes plain progress lines
	# (README, "Progress"): timing, so masked from $stderr; $stderr_raw keeps them.
	stderr_raw=$(cat "$_tmp/err")
	stderr=$(grep -Ev '^chopsticks [a-z-]+: phase ' "$_tmp/err" || true)
	if ((status == 124)); then
		fail "timed out after ${CLI_TIMEOUT}s (wanted exit $1)" "$stderr"
	elif ((status != $1)); then
		fail "exit $status, wanted $1" "$stderr"
	else
		pass
	fi
}

expect_stdout_empty() {
	if [[ -z $stdout ]]; then pass; else fail "stdout not empty" "$stdout"; fi
}

expect_stderr_empty() {
	if [[ -z $stderr ]]; then pass; else fail "stderr not empty" "$stderr"; fi
}

# One non-empty line (the message), optionally followed by the hint
# "try 'chopsticks [CMD] --help'".
expect_stderr_one_line() {
	local -a lines
	mapfile -t lines < <(printf '%s' "$stderr")
	if ((${#lines[@]} == 1)) && [[ -n ${lines[0]} ]]; then
		pass
	elif ((${#lines[@]} == 2)) && [[ -n ${lines[0]} ]] &&
		[[ ${lines[1]} =~ ^try\ \'chopsticks( [a-z-]+)?\ --help\'\.?$ ]]; then
		pass
	else
		fail "stderr is ${#lines[@]} lines, wanted one message (and at most a try '... --help' hint)" "$stderr"
	fi
}

# expect_stderr_match REGEX / expect_stdout_match REGEX: bash (POSIX extended) regex, anywhere.
expect_stderr_match() {
	if [[ $stderr =~ $1 ]]; then pass; else fail "stderr does not match /$1/" "$stderr"; fi
}

expect_stdout_match() {
	if [[ $stdout =~ $1 ]]; then pass; else fail "stdout does not match /$1/" "$stdout"; fi
}

# expect_refused REGEX -- ARGS...: the run of ARGS exits 2 with nothing on stdout and one
# message line (and the hint) matching REGEX.
expect_refused() {
	local re=$1
	shift
	expect_exit 2 "$@"
	expect_stdout_empty
	expect_stderr_one_line
	expect_stderr_match "$re"
}

# finish: prints the tally as "NAME: N passed, N failed" and exits, 1 when any check failed.
finish() {
	local name
	name=$(basename "$0" .sh)
	echo "$name: $checks_passed passed, $checks_failed failed"
	exit $((checks_failed > 0))
}

# skip REASON: the test cannot run here (no /proc, no OpenMP, no script(1)): prints
# "NAME: skipped: REASON" and exits 77, which tests/CMakeLists.txt registers as
# SKIP_RETURN_CODE, so ctest reports it as skipped rather than passed. Any check that already
# failed wins: then it finishes as a failure.
skip() {
	local name
	name=$(basename "$0" .sh)
	((checks_failed == 0)) || finish
	echo "$name: skipped: $1 ($checks_passed checks passed before)"
	exit 77
}

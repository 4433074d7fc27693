#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# scripts/reproduce writes every result through a .tmp file (scripts/lib/steps.sh): a step
# that fails, or a run interrupted with Ctrl-C (SIGINT to the process group), leaves the old
# result as it was and no .tmp behind; a step that succeeds replaces the result whole.
source "$(dirname "$0")/lib/harness.sh"
steps=$(cd "$(dirname "$0")/../.." && pwd)/scripts/lib/steps.sh
out=$_tmp/result.txt

# run_steps SCRIPT: runs SCRIPT (bash, with the step helpers loaded) as a job of its own.
# Job control (set -m) gives it its own process group and, unlike a plain background
# command, leaves SIGINT to it, as Ctrl-C at a terminal would find it.
run_steps() {
	printf 'source %q\n%s\n' "$steps" "$1" >"$_tmp/run.sh"
	set -m
	bash "$_tmp/run.sh" 2>"$_tmp/err" &
	pid=$!
	set +m
}

check_untouched() {
	cmdline="$1"
	if [[ $(cat "$out") == old ]]; then pass; else fail "the old result changed" "$(cat "$out")"; fi
	if [[ ! -e $out.tmp ]]; then pass; else fail "$out.tmp was left behind"; fi
}

echo old >"$out"
run_steps "step demo bash -c 'echo partial; sleep 20; echo rest' '$out'"
sleep 1
kill -INT -- "-$pid"
status=0
wait "$pid" || status=$?
cmdline="interrupted step"
if ((status == 130)); then pass; else fail "exit $status, wanted 130" "$(cat "$_tmp/err")"; fi
check_untouched "interrupted step"

run_steps "step demo bash -c 'echo partial; exit 3' '$out'"
status=0
wait "$pid" || status=$?
cmdline="failed step"
if ((status == 1)); then pass; else fail "exit $status, wanted 1" "$(cat "$_tmp/err")"; fi
check_untouched "failed step"

run_steps "step demo echo new '$out'"
wait "$pid"
cmdline="step that succeeds"
if [[ $(cat "$out") == new && ! -e $out.tmp ]]; then pass; else fail "result not replaced"; fi

finish

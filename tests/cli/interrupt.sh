#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SIGINT during a long run: the program must stop soon, exit 130, say so in one line on
# stderr, and print nothing on stdout (data goes out only once a computation has succeeded).
source "$(dirname "$0")/lib/harness.sh"

# Long runs, each interrupted after one second: count with 4 players of one hand each and
# rollover 90 walks 60 million positions (about 20 s on one thread, 66 MB); solve of 7 hands
# against 6, rollover 9 (39 million positions, several seconds on the dense engine, 70 MB)
# and games of 6 hands against 5, rollover 8 take several seconds; table over a wide range,
# minutes.
long=(count --players 4 --hands 1 --rollover 90)
long_solve=(--hands 7,6 --rollover 9)
long_games=(--hands 6,5 --rollover 8)
# Seconds a run may take to stop after SIGINT.
grace=10

# Background jobs of a script ignore SIGINT; give the program the default disposition, as a
# shell at a terminal would (coreutils env >= 8.31; without it the program's own handler
# still takes over once installed).
launcher=()
if env --default-signal=INT true 2>/dev/null; then
	launcher=(env --default-signal=INT)
fi

# early=1: interrupt sends SIGINT as soon as the program runs and catches it (its handler
# shows in /proc/PID/status, Linux), or after 2 s if it never does, instead of after 1 s.
early=0
bin_path=$(readlink -f "$BIN")

# caught PID: true when PID runs the binary and catches SIGINT (signal 2, mask bit 1).
caught() {
	local mask
	[[ $(readlink -f "/proc/$1/exe" 2>/dev/null) == "$bin_path" ]] || return 1
	mask=$(awk '/^SigCgt:/ { print $2 }' "/proc/$1/status" 2>/dev/null) || return 1
	[[ -n $mask ]] && (((16#$mask & 2) != 0))
}

pause_before_signal() {
	local tries=0
	if ((early == 0)); then
		sleep 1
		return
	fi
	until caught "$1" || ((tries >= 200)); do
		sleep 0.01
		tries=$((tries + 1))
	done
}

# interrupt ARGS...: starts "$BIN" ARGS, sends SIGINT after a second (see early), checks the
# exit status is 130 and leaves status, stdout and stderr for the checks after it.
interrupt() {
	cmdline="$* (SIGINT after $( ((early)) && echo 'the handler shows' || echo '1 s'))"
	"${launcher[@]}" "$BIN" "$@" </dev/null >"$_tmp/out" 2>"$_tmp/err" &
	local pid=$! waited=0
	pause_before_signal "$pid"
	if ! kill -0 "$pid" 2>/dev/null; then
		status=0
		wait "$pid" || status=$?
		stdout=$(cat "$_tmp/out")
		stderr=$(cat "$_tmp/err")
		fail "finished (exit $status) before the signal: the test needs a longer run" "$stderr"
		return
	fi
	kill -INT "$pid"
	while kill -0 "$pid" 2>/dev/null && ((waited < grace * 10)); do
		sleep 0.1
		waited=$((waited + 1))
	done
	if kill -0 "$pid" 2>/dev/null; then
		kill -KILL "$pid"
		wait "$pid" 2>/dev/null || true
		stdout=$(cat "$_tmp/out")
		stderr=$(cat "$_tmp/err")
		fail "still running ${grace}s after SIGINT (killed)" "$stderr"
		return
	fi
	status=0
	wait "$pid" || status=$?
	stdout=$(cat "$_tmp/out")
	stderr=$(cat "$_tmp/err")
	if ((status == 130)); then pass; else fail "exit $status, wanted 130" "$stderr"; fi
}

for args in "--threads 1" "--threads 2 --format json" "--threads 3 --format csv"; do
	read -r -a extra <<<"$args"
	interrupt "${long[@]}" "${extra[@]}"
	expect_stdout_empty
	expect_stderr_one_line
	expect_stderr_match '^chopsticks count: .*interrupt'
done

interrupt table --hands 2-8 --rollover 2-9 --threads 2
expect_stdout_empty
expect_stderr_one_line
expect_stderr_match '^chopsticks table: .*interrupt'

# solve and games (a binary without them fails here, as it exits 2 at once).
for cmd in solve games; do
	if [[ $cmd == solve ]]; then
		interrupt "$cmd" "${long_solve[@]}" --threads 2
	else
		interrupt "$cmd" "${long_games[@]}" --threads 2
	fi
	expect_stdout_empty
	expect_stderr_one_line
	expect_stderr_match "^chopsticks $cmd: .*interrupt"
done

# SIGINT at once, before any computation watches for it: the same exit 130 and one line, not
# death by the signal (which a shell also reports as 130, but silently). atlas and claims
# never draw progress, so they rely on this handler throughout.
if [[ -r /proc/self/status ]]; then
	early=1
	for args in "${long[*]} --threads 1" "atlas --hands 4 --rollover 12 --singles --threads 1"; do
		read -r -a run <<<"$args"
		interrupt "${run[@]}"
		expect_stdout_empty
		expect_stderr_one_line
		expect_stderr_match "^chopsticks ${run[0]}: interrupted"
	done
	early=0
fi

finish

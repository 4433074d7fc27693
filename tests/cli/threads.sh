#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The default thread count is the cores available: OMP_NUM_THREADS is honoured up to that,
# never past it (as --threads is limited to 1..1024), so OMP_NUM_THREADS=5000 cannot turn a
# short run into minutes of thread switching. Reads the thread count of a running walk from
# /proc (Linux); elsewhere, and in a build without OpenMP, the test is skipped (exit 77, which
# ctest shows as skipped).
source "$(dirname "$0")/lib/harness.sh"

long=(count --players 4 --hands 1 --rollover 90)
cores=$(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc)

# threads_of_walk ENV...: starts the long count under ENV, waits until it runs more than one
# thread (or 20 s: a loaded or sanitized build starts slowly), prints its thread count and
# kills it.
threads_of_walk() {
	env "$@" "$BIN" "${long[@]}" </dev/null >/dev/null 2>&1 &
	local pid=$! n=0 m=0 k waited=0
	while ((waited < 200)); do
		n=$(awk '/^Threads:/ { print $2 }' "/proc/$pid/status" 2>/dev/null) || n=0
		(( ${n:-0} > 1 )) && break
		sleep 0.1
		waited=$((waited + 1))
	done
	# The team may still be starting: take the most threads seen over the next half second.
	for ((k = 0; k < 5; k++)); do
		sleep 0.1
		m=$(awk '/^Threads:/ { print $2 }' "/proc/$pid/status" 2>/dev/null) || m=0
		(( ${m:-0} > ${n:-0} )) && n=$m
	done
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	echo "${n:-0}"
}

[[ -r /proc/self/status ]] || skip "no /proc to read a thread count from"
# A build without OpenMP (the noomp preset) runs one thread whatever is asked.
if grep -qsE '^CHOPSTICKS_OPENMP:[A-Z]+=OFF' "$(dirname "$BIN")/../CMakeCache.txt"; then
	skip "built without OpenMP"
fi

cmdline="${long[*]} with OMP_NUM_THREADS=5000"
n=$(threads_of_walk OMP_NUM_THREADS=5000)
if ((n >= 1 && n <= cores)); then pass; else fail "$n threads, wanted at most the $cores cores"; fi

if ((cores >= 2)); then
	cmdline="${long[*]} with OMP_NUM_THREADS=2"
	n=$(threads_of_walk OMP_NUM_THREADS=2)
	if ((n == 2)); then pass; else fail "$n threads, wanted 2 (OMP_NUM_THREADS below the cap)"; fi
else
	echo "threads: one core: OMP_NUM_THREADS below the cap not checked"
fi

cmdline="${long[*]} --threads 3 with OMP_NUM_THREADS=5000"
long+=(--threads 3)
n=$(threads_of_walk OMP_NUM_THREADS=5000)
if ((n == 3)); then pass; else fail "$n threads, wanted 3 (--threads decides)"; fi

finish

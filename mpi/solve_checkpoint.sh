#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# chopsticks-mpi solve --checkpoint DIR on NP ranks: a run killed with SIGKILL (mpirun and
# every rank) well into its solve, or stopped with SIGINT sent to one rank, then run again as
# it was, resumes from the state in DIR and writes what `chopsticks solve` writes without a
# checkpoint (stdout byte for byte, and the --save table's contents: same_table of mpirun.sh),
# and removes the state. A kill
# between two ranks' writes (one rank's newest part removed) resumes from the older state.
# Refused, exit 2 with one line: another game, another number of ranks, a damaged part.
# usage: bash mpi/solve_checkpoint.sh CHOPSTICKS CHOPSTICKS_MPI NP [MPIEXEC]
set -u
CHOPSTICKS=${1:?usage: solve_checkpoint.sh CHOPSTICKS CHOPSTICKS_MPI NP [MPIEXEC]}
MPI_BIN=${2:?usage: solve_checkpoint.sh CHOPSTICKS CHOPSTICKS_MPI NP [MPIEXEC]}
NP=${3:?usage: solve_checkpoint.sh CHOPSTICKS CHOPSTICKS_MPI NP [MPIEXEC]}
MPIEXEC=${4:-mpirun}
# shellcheck source=mpi/mpirun.sh
source "$(dirname "$0")/mpirun.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/chopsticks-mpi-ckpt.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
# A few seconds with a state written at every level (144 levels, each synced to disk); the
# SIGINT below has its own.
args=(--hands 5 --rollover 7 --threads 1)

pass() { passed=$((passed + 1)); }
fail() {
	echo "FAIL: np $NP: $1"
	[[ -n ${2:-} ]] && printf '%s\n' "$2" | sed 's/^/    | /'
	failed=$((failed + 1))
}
# quiet FILE: FILE without progress lines.
quiet() { grep -v '^chopsticks solve: phase ' "$1" || true; }
# level_of FILE: the level of a checkpoint file (u64 at offset 16).
level_of() { od -An -tu8 -j16 -N8 "$1" | tr -d ' '; }
# common DIR: the highest level that every rank's parts in DIR hold (rank-K.0 or rank-K.1;
# a .tmp is a write that did not end), or -1: what a resume must start from.
common() {
	local best=-1 level r f held
	for f in "$1"/rank-0.[01]; do
		[[ -e $f ]] || continue
		level=$(level_of "$f") held=1
		for ((r = 1; r < NP; r++)); do
			grep -qx "$level" <(for g in "$1/rank-$r".[01]; do [[ -e $g ]] && level_of "$g"; done) || held=0
		done
		((held && level > best)) && best=$level
	done
	echo "$best"
}
# flip FILE OFFSET: inverts the bits of one byte of FILE.
flip() {
	local b
	b=$(od -An -tu1 -j"$2" -N1 "$1" | tr -d ' ')
	# shellcheck disable=SC2059 # the format is the byte
	printf "\\$(printf %03o $((b ^ 255)))" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

# reference: chopsticks solve ARGS into want.out and want.tbl, what the resumed runs must write.
reference() {
	timeout 60 "$CHOPSTICKS" solve "${args[@]}" --save "$tmp/want.tbl" </dev/null >"$tmp/want.out" 2>/dev/null ||
		fail "chopsticks solve ${args[*]} failed"
}
reference

# start REGEX DIR ARGS...: starts chopsticks-mpi solve ARGS --checkpoint DIR --progress in
# the background ($pid: the shell that runs mpirun) and returns once its stderr matches
# REGEX, or it has ended, or 60 s have passed.
start() {
	local regex=$1 dir=$2 tries
	shift 2
	: >"$tmp/stopped.err"
	mpi_run "$NP" "$MPI_BIN" solve "${args[@]}" "$@" --checkpoint "$dir" --progress >"$tmp/stopped.out" 2>"$tmp/stopped.err" &
	pid=$!
	for ((tries = 0; tries < 6000; tries++)); do
		grep -Eq "$regex" "$tmp/stopped.err" && return
		kill -0 "$pid" 2>/dev/null || return
		sleep 0.01
	done
}

# descendants PID: the processes below PID (mpirun, then its ranks), parents first.
descendants() {
	local child
	for child in $(ps -o pid= --ppid "$1"); do
		echo "$child"
		descendants "$child"
	done
}

# ended WANT WHAT: waits for the run and checks that it exited WANT.
ended() {
	local status=0
	{ wait "$pid"; } 2>/dev/null || status=$?
	if ((status == $1)); then
		pass
	elif ((status == 0)); then
		fail "$2: finished first: the test needs a longer run"
	else
		fail "$2: exit $status, wanted $1" "$(quiet "$tmp/stopped.err")"
	fi
}

# resume DIR ARGS...: runs the same command again: exit 0, "resumed at level K" for K the
# highest level every rank holds (none when there is none), what chopsticks solve wrote, and
# DIR left empty.
resume() {
	local dir=$1 level
	shift
	level=$(common "$dir")
	rm -f "$tmp/got.tbl"
	mpi_run "$NP" "$MPI_BIN" solve "${args[@]}" "$@" --checkpoint "$dir" --progress --save "$tmp/got.tbl" \
		>"$tmp/got.out" 2>"$tmp/got.err"
	local status=$? resumed
	resumed=$(grep -o 'resumed .*' "$tmp/got.err")
	if ((status == 0)); then pass; else fail "resume: exit $status" "$(quiet "$tmp/got.err")"; fi
	if [[ $resumed == "resumed at level $level" || ($level == -1 && -z $resumed) ]]; then
		pass
	else
		fail "resume: '$resumed', wanted 'resumed at level $level'"
	fi
	if [[ -z $(quiet "$tmp/got.err") ]]; then pass; else fail "resume: messages" "$(quiet "$tmp/got.err")"; fi
	if cmp -s "$tmp/got.out" "$tmp/want.out"; then pass; else fail "resume: stdout differs from chopsticks solve's"; fi
	if same_table "$tmp/want.tbl" "$tmp/got.tbl"; then pass; else fail "resume: the --save table differs from chopsticks solve's"; fi
	if [[ -d $dir && -z $(ls -A "$dir") ]]; then pass; else fail "resume: the state was not removed" "$(ls "$dir")"; fi
}

# SIGKILL to mpirun and every rank once a state at level 3 or more is written.
dir=$tmp/kill
start 'phase solve, level ([3-9]|[1-9][0-9]+),.*checkpoint written' "$dir" --checkpoint-every 0 --save "$tmp/got.tbl"
{ # no "Killed" from the shell
	# shellcheck disable=SC2046 # one pid per word
	kill -KILL $(descendants "$pid") "$pid"
	ended 137 "SIGKILL"
} 2>/dev/null
parts=$(find "$dir" -name 'rank-*.[01]' | wc -l)
if ((parts == 2 * NP)); then pass; else fail "SIGKILL: $parts parts in DIR, wanted $((2 * NP))" "$(ls "$dir")"; fi
[[ -e $tmp/got.tbl ]] && fail "SIGKILL: a --save table was written before the end"
if (($(common "$dir") >= 3)); then pass; else fail "SIGKILL: no level >= 3 that every rank holds" "$(ls "$dir")"; fi
cp -r "$dir" "$tmp/kill-copy"
resume "$dir" --checkpoint-every 0

# A kill between two ranks' writes: the last rank's part of the newest state every rank
# holds is missing (as if never renamed), so the ranks resume from an older one.
dir=$tmp/kill-copy
last=$((NP - 1))
newest=$(common "$dir")
for f in "$dir/rank-$last".[01]; do
	[[ -e $f ]] && (($(level_of "$f") == newest)) && rm "$f"
done
if (($(common "$dir") < newest)); then pass; else fail "the test did not remove the newest state"; fi
resume "$dir" --checkpoint-every 0

# refused REGEX NP ARGS...: chopsticks-mpi solve ARGS on NP ranks exits 2, stdout empty, one
# line matching REGEX.
refused() {
	local regex=$1 np=$2 status
	shift 2
	mpi_run "$np" "$MPI_BIN" solve "$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if ((status == 2)) && [[ ! -s $tmp/out ]] && (($(wc -l <"$tmp/err") == 1)) && grep -Eq -e "$regex" "$tmp/err"; then
		pass
	else
		fail "np $np: solve $*: exit $status, wanted 2 and one line matching /$regex/" "$(cat "$tmp/err")"
	fi
}

# A run that fails after its solve (--position x is no code) keeps its state: the refusals'.
dir=$tmp/kept
mpi_run "$NP" "$MPI_BIN" solve "${args[@]}" --checkpoint "$dir" --checkpoint-every 0 --position x >/dev/null 2>&1
if (($(find "$dir" -name 'rank-*' | wc -l) == 2 * NP)); then pass; else fail "a failed run removed its state"; fi
cp -r "$dir" "$tmp/kept-copy"
refused "--checkpoint '$dir': its state is of another game: it has hands=5, these options give hands=4" "$NP" \
	--hands 4 --rollover 7 --checkpoint "$dir"
other=$((NP > 1 ? NP - 1 : 2))
refused "--checkpoint '$dir': its state was written by $NP ranks, this run has $other: run it on $NP ranks" "$other" \
	"${args[@]}" --checkpoint "$dir"
flip "$dir/rank-$last.0" 70
refused "'$dir/rank-$last.0' is damaged \(checksum mismatch in its header\)" "$NP" "${args[@]}" --checkpoint "$dir"
rm -rf "$dir" && cp -r "$tmp/kept-copy" "$dir"
for f in "$dir/rank-$last".*; do
	flip "$f" $(($(stat -c %s "$f") - 100))
done
refused "'$dir/rank-$last\.[01]' is damaged \(checksum mismatch in its section '[a-z_]+'\)" "$NP" "${args[@]}" --checkpoint "$dir"
# The state kept resumes, from the last level.
resume "$tmp/kept-copy"

# SIGINT to one rank, with the default interval (nothing due yet): every rank stops at the
# next level, the state kept there, exit 130 with one line. A longer run, as a solve without
# checkpoints is fast: 3 to 5 s.
args=(--hands 6 --rollover 8 --threads 1)
reference
dir=$tmp/int
start 'phase solve, level' "$dir"
ranks=$(ps -o pid=,comm= -p "$(descendants "$pid" | paste -sd,)" | awk '$2 ~ /chopsticks-mpi/ {print $1}')
kill -INT "$(tail -1 <<<"$ranks")"
ended 130 "SIGINT"
message=$(quiet "$tmp/stopped.err")
regex="^chopsticks solve: interrupted; the state at level ([0-9]+) is kept in '$dir': the same command resumes from it\$"
if [[ $message =~ $regex ]]; then
	pass
	if ((BASH_REMATCH[1] == $(common "$dir"))); then pass; else fail "SIGINT: the message names another level"; fi
	resume "$dir"
else
	fail "SIGINT: not the one line wanted" "$message"
fi

echo "mpi solve checkpoint np $NP: $passed passed, $failed failed"
exit $((failed > 0))

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# solve --checkpoint DIR: a run killed with SIGKILL in the middle of its solve, or stopped
# with SIGINT, then run again as it was resumes from the state in DIR and writes the same
# bytes (stdout and, with two players, the --save table) as a run that was never stopped,
# with 1 and 2 threads, on the dense engine with equal hands and uneven ones (one matrix per
# seat to move) and the many-player coalition solve (three players); the state goes once a
# run succeeds. The generic engine's solve (the rule sets the other engines decline) resumes
# in tests/test_checkpoint.c. A state of another game, a damaged or truncated one, and a DIR
# that is a file are refused.
source "$(dirname "$0")/lib/harness.sh"

# A few seconds each with a checkpoint at every level (each one synced to disk); --save is
# for two players. The SIGINT cases (int_*) need a solve that lasts after its first progress
# line, about a second here on 2 threads (9 million positions): the small ones end within
# tens of milliseconds, before the signal comes on a fast machine.
declare -A shapes=([dense]="--hands 5 --rollover 7" [uneven]="--hands 5,4 --rollover 8"
	[many]="--players 3 --hands 3 --rollover 7"
	[int_dense]="--hands 6 --rollover 9" [int_uneven]="--hands 6,5 --rollover 9")
declare -A saves=([dense]=1 [uneven]=1 [int_dense]=1 [int_uneven]=1)
read -r -a dense <<<"${shapes[dense]}"

# Background jobs of a script ignore SIGINT: give the program the default disposition, as a
# shell at a terminal would (interrupt.sh does the same).
launcher=()
if env --default-signal=INT true 2>/dev/null; then
	launcher=(env --default-signal=INT)
fi

# save NAME FILE: sets save_opt to the --save option of shape NAME writing FILE (none for
# three players).
save() {
	save_opt=()
	if [[ -n ${saves[$1]:-} ]]; then save_opt=(--save "$2"); fi
}

# reference NAME ARGS...: the run of solve ARGS without a checkpoint, into $_tmp/NAME.out and
# $_tmp/NAME.tbl.
reference() {
	local name=$1
	shift
	save "$name" "$_tmp/$name.tbl"
	expect_exit 0 -- solve "$@" "${save_opt[@]}"
	cp "$_tmp/out" "$_tmp/$name.out"
}

# start DIR ARGS...: starts solve ARGS --checkpoint DIR --progress in the background ($pid).
start() {
	local dir=$1
	shift
	: >"$_tmp/stopped.err" # before wait_for reads it, which may come before the job's redirection
	"${launcher[@]}" "$BIN" solve "$@" --checkpoint "$dir" --progress </dev/null >"$_tmp/stopped.out" 2>"$_tmp/stopped.err" &
	pid=$!
}

# wait_for REGEX: until the run's stderr matches REGEX, or it has ended, or 60 s have passed.
wait_for() {
	local waited=0
	until grep -Eq "$1" "$_tmp/stopped.err" || ! kill -0 "$pid" 2>/dev/null || ((waited >= 6000)); do
		sleep 0.01
		waited=$((waited + 1))
	done
}

# stop SIGNAL WANT: sends SIGNAL to the run and checks it exits WANT (not 0: it had finished).
stop() {
	kill "-$1" "$pid" 2>/dev/null || true
	status=0
	{ wait "$pid"; } 2>/dev/null || status=$? # no "Killed" from the shell
	stderr=$(grep -Ev '^chopsticks [a-z-]+: phase ' "$_tmp/stopped.err" || true)
	if ((status == $2)); then
		pass
	elif ((status == 0)); then
		fail "finished before SIG$1: the test needs a longer run"
	else
		fail "exit $status after SIG$1, wanted $2" "$stderr"
	fi
}

# resume NAME DIR ARGS...: runs solve ARGS --checkpoint DIR again and checks that it resumed
# from a level, wrote what the reference NAME wrote, and removed the state.
resume() {
	local name=$1 dir=$2
	shift 2
	rm -f "$_tmp/resumed.tbl"
	save "$name" "$_tmp/resumed.tbl"
	expect_exit 0 -- solve "$@" --checkpoint "$dir" --progress "${save_opt[@]}"
	if [[ $stderr_raw =~ resumed\ at\ level\ [0-9]+ ]]; then pass; else fail "no 'resumed at level' line" "$stderr_raw"; fi
	if cmp -s "$_tmp/out" "$_tmp/$name.out"; then pass; else fail "stdout differs from the run never stopped" "$stdout"; fi
	if [[ -z ${saves[$name]:-} ]] || cmp -s "$_tmp/resumed.tbl" "$_tmp/$name.tbl"; then pass; else fail "the --save table differs from the run never stopped"; fi
	if [[ -d $dir && ! -e $dir/state && ! -e $dir/state.tmp ]]; then pass; else fail "the state was not removed (or DIR went)"; fi
}

for shape in dense uneven many int_dense int_uneven; do
	read -r -a args <<<"${shapes[$shape]}"
	reference "$shape" "${args[@]}"
done

# SIGKILL once a level of the solve has been kept (at least level 3: well into the solve),
# then the same command with the other thread count.
for shape in dense uneven many; do
	read -r -a args <<<"${shapes[$shape]}"
	for threads in "1 2" "2 1"; do
		read -r before after <<<"$threads"
		dir=$_tmp/ck-$shape-$before
		cmdline="solve ${args[*]} --threads $before --checkpoint $dir --checkpoint-every 0 (SIGKILL)"
		start "$dir" "${args[@]}" --threads "$before" --checkpoint-every 0
		wait_for 'phase (solve|coalition), level ([3-9]|[1-9][0-9]+),.*checkpoint written'
		stop KILL 137
		if [[ -f $dir/state ]]; then pass; else fail "no state in $dir after the kill"; fi
		resume "$shape" "$dir" "${args[@]}" --threads "$after"
	done
done

# SIGINT during the solve, with the default interval (nothing is due yet): the state is
# written at the next boundary, exit 130 with one line saying where it is.
for shape in int_dense int_uneven; do
	read -r -a args <<<"${shapes[$shape]}"
	dir=$_tmp/$shape
	cmdline="solve ${args[*]} --threads 2 --checkpoint $dir (SIGINT)"
	start "$dir" "${args[@]}" --threads 2
	wait_for 'phase (solve|coalition), level'
	stop INT 130
	expect_stderr_one_line
	expect_stderr_match "^chopsticks solve: interrupted; the state at level [0-9]+ is kept in '$dir'"
	resume "$shape" "$dir" "${args[@]}" --threads 2
done

# A run that fails after its solve (a --position that is no code) keeps its last state.
dir=$_tmp/kept
expect_exit 2 -- solve "${dense[@]}" --checkpoint "$dir" --checkpoint-every 0 --position x
if [[ -f $dir/state ]]; then pass; else fail "the state of a failed run was removed"; fi
cp "$dir/state" "$_tmp/kept.state"
resume dense "$dir" "${dense[@]}"

# Refusals, exit 2 with one line naming why.
mkdir -p "$dir"
cp "$_tmp/kept.state" "$dir/state"
expect_refused "--checkpoint '$dir': its state is of another game: it has hands=5, these options give hands=4" \
	-- solve --hands 4 --rollover 7 --checkpoint "$dir"
size=$(stat -c %s "$dir/state")
printf '\377' | dd of="$dir/state" bs=1 seek=$((size - 1000)) conv=notrunc status=none
expect_refused "is damaged \(checksum mismatch in its section '[a-z_]+'\)" -- solve "${dense[@]}" --checkpoint "$dir"
cp "$_tmp/kept.state" "$dir/state"
printf 'x' | dd of="$dir/state" bs=1 seek=70 conv=notrunc status=none
expect_refused "is damaged \(checksum mismatch in its header\)" -- solve "${dense[@]}" --checkpoint "$dir"
cp "$_tmp/kept.state" "$dir/state"
truncate -s -1 "$dir/state"
expect_refused "is truncated or damaged" -- solve "${dense[@]}" --checkpoint "$dir"
echo 'not a checkpoint' >"$dir/state"
expect_refused "is not a checkpoint" -- solve "${dense[@]}" --checkpoint "$dir"
touch "$_tmp/file"
expect_refused "--checkpoint '$_tmp/file': not a directory" -- solve --checkpoint "$_tmp/file"
expect_refused "--checkpoint-every is used only with --checkpoint" -- solve --checkpoint-every 0
expect_refused "--checkpoint-every '-1': must be an integer from 0 to 604800" -- solve --checkpoint "$dir" --checkpoint-every -1
expect_refused "--checkpoint is not used by count" -- count --checkpoint "$dir"
# A DIR whose parent is missing cannot be created: an I/O failure, exit 1.
expect_exit 1 -- solve --checkpoint "$_tmp/missing/dir"
expect_stderr_match "No such file or directory"

# The memory estimate is the same with and without --checkpoint, three players included (the
# same engine: no fallback to the generic one).
read -r -a many <<<"${shapes[many]}"
expect_exit 0 -- solve "${many[@]}" --estimate --format json
cp "$_tmp/out" "$_tmp/estimate.out"
expect_exit 0 -- solve "${many[@]}" --estimate --format json --checkpoint "$_tmp/estimate"
if cmp -s "$_tmp/out" "$_tmp/estimate.out"; then pass; else fail "the estimate differs with --checkpoint" "$stdout"; fi

# A short run with the default interval writes nothing, prints what a run without
# --checkpoint prints, and leaves DIR (created) empty.
expect_exit 0 -- solve --checkpoint "$_tmp/fresh"
if [[ $stdout == "$("$BIN" solve)" && -d $_tmp/fresh && -z $(ls -A "$_tmp/fresh") ]]; then pass; else fail "DIR not created empty, or other output"; fi

finish

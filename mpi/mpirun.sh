# SPDX-License-Identifier: MIT
# shellcheck shell=bash
# mpi_run NP BIN ARGS...: runs BIN on NP ranks with $MPIEXEC (stdin from /dev/null, at most
# 60 s). With Open MPI it may run as root (CI containers) and put more ranks than cores.
# Idle OpenMP threads sleep instead of spinning: with more threads than cores (several
# ranks on a small CI machine) spinning makes these short runs many times slower.
MPIEXEC=${MPIEXEC:-mpirun}
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
mpi_flags=()
if "$MPIEXEC" --version 2>/dev/null | grep -Eqi 'open ?mpi|openrte|open-mpi'; then
	# --quiet: no mpirun banner after a rank exits nonzero, so stderr is the program's own.
	mpi_flags=(--allow-run-as-root --oversubscribe --quiet)
	export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
	# One machine: shared memory only, which starts several times faster than probing
	# every network transport.
	export OMPI_MCA_btl=${OMPI_MCA_btl:-self,vader} OMPI_MCA_pml=${OMPI_MCA_pml:-ob1}
fi

# progressless FILE: FILE without progress lines, which a run slower than 10 s (a loaded
# machine, more ranks) prints and a faster one does not.
progressless() { grep -v '^chopsticks [a-z]*: phase ' "$1" || true; }

# In a sanitizer build LeakSanitizer would report Open MPI's own allocations (never freed,
# many in components it has already unloaded, so no suppression can name them): leak
# checking is off for the MPI runs only; address and undefined-behaviour checks stay on.
mpi_run() {
	local np=$1
	shift
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
		timeout 60 "$MPIEXEC" "${mpi_flags[@]}" -np "$np" "$@" </dev/null
}

# same_table WANT GOT: whether GOT, a chopsticks-mpi --save table, holds what WANT, the table
# of chopsticks solve --save, does. chopsticks-mpi keeps index order (index scheme 1), solve
# place order where it applies (scheme 2), so GOT is checked and saved again by chopsticks
# verify, which writes what solve writes, and that file must be WANT byte for byte.
same_table() {
	rm -f "$2.resaved"
	timeout 60 "$CHOPSTICKS" verify "$2" --save "$2.resaved" </dev/null >/dev/null 2>&1 && cmp -s "$1" "$2.resaved"
}

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The step helpers of scripts/reproduce, kept apart so tests/cli/atomic.sh can check them:
# every result is written to NAME.tmp and renamed only when its step succeeded, so an
# interrupted or failed run never leaves half a file (nor a .tmp) behind. Source it.
written=()
pending_tmp=()

heading() { echo "== step: $*" >&2; }
die() { echo "reproduce: $*" >&2; exit 1; }
trap 'rm -f "${pending_tmp[@]}"' EXIT  # a failed step leaves no .tmp behind
trap 'rm -f "${pending_tmp[@]}"; echo "reproduce: interrupted" >&2; exit 130' INT TERM

# step NAME CMD... OUTFILE: runs CMD (stdout to OUTFILE.tmp), checks that it exited 0 and
# wrote something, then renames OUTFILE.tmp to OUTFILE. Any failure stops the run.
step() {
	(($# >= 3)) || die "step needs NAME CMD... OUTFILE, got: $*"
	local name=$1 out=${!#}
	local -a cmd=("${@:2:$#-2}")
	local tmp=$out.tmp rc=0 started=$SECONDS
	heading "$name"
	echo "   \$ ${cmd[*]} > $out" >&2
	mkdir -p "$(dirname "$out")"
	pending_tmp=("$tmp")
	"${cmd[@]}" >"$tmp" || rc=$?
	if ((rc != 0)); then
		die "step '$name' FAILED: exit $rc from: ${cmd[*]}"
	fi
	[[ -s $tmp ]] || die "step '$name' FAILED: no output from: ${cmd[*]}"
	mv -f "$tmp" "$out"
	pending_tmp=()
	written+=("$out")
	echo "   ($((SECONDS - started)) s)" >&2
}


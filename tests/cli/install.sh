#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# cmake --install of the build that holds the binary (BUILD_DIR, default the binary's
# parent's parent: build/<preset>/cli/chopsticks) into a temporary prefix: chopsticks,
# chopsticks-serve (which `chopsticks serve` runs from beside it) and chopsticks-mpi where it
# was built (naming itself in --version) under bin/, the manual page
# and the bash completion script, each what the program writes (--man, --completion bash).
# The page renders without warnings and names every subcommand, variant and axis option;
# the completion script registers itself and completes them.
source "$(dirname "$0")/lib/harness.sh"
CHECK_TAG=install

build=${2:-$(cd "$(dirname "$BIN")/.." && pwd)}
prefix=$_tmp/prefix
page=$prefix/share/man/man1/chopsticks.1
script=$prefix/share/bash-completion/completions/chopsticks


check test -f "$build/CMakeCache.txt" -- "$build is a CMake build directory"
expect_exit_sh 0 "cmake --install '$build' --prefix '$prefix'"
check test -x "$prefix/bin/chopsticks" -- "bin/chopsticks installed"
check test -f "$page" -- "share/man/man1/chopsticks.1 installed"
check test -f "$script" -- "share/bash-completion/completions/chopsticks installed"
expect_exit_sh 0 "'$prefix/bin/chopsticks' --version"
expect_stdout_match '^chopsticks [0-9]+\.[0-9]+\.[0-9]+$'
if [[ -x $build/mpi/chopsticks-mpi ]]; then
	check test -x "$prefix/bin/chopsticks-mpi" -- "bin/chopsticks-mpi installed"
	# Open MPI's own start-up allocations are not ours to free (as in mpi/mpirun.sh).
	expect_exit_sh 0 "ASAN_OPTIONS=\${ASAN_OPTIONS:+\$ASAN_OPTIONS:}detect_leaks=0 '$prefix/bin/chopsticks-mpi' --version"
	expect_stdout_match '^chopsticks-mpi [0-9]+\.[0-9]+\.[0-9]+$'
fi
# serve runs chopsticks-serve from beside the installed program; only that one links the
# HTTP server library, so the other commands do not load it.
check test -x "$prefix/bin/chopsticks-serve" -- "bin/chopsticks-serve installed"
expect_exit_sh 0 "'$prefix/bin/chopsticks' serve --help"
expect_stdout_match '^usage: chopsticks serve '
expect_exit_sh 2 "'$prefix/bin/chopsticks' serve --port 70000"
expect_stderr_match "^chopsticks serve: --port '70000': must be an integer from 0 to 65535"
if command -v ldd >/dev/null; then
	expect_exit_sh 0 "ldd '$prefix/bin/chopsticks-serve'"
	expect_stdout_match 'libmicrohttpd'
	expect_exit_sh 0 "ldd '$prefix/bin/chopsticks'"
	check test -z "$(grep -o libmicrohttpd <<<"$stdout")" -- "bin/chopsticks does not link libmicrohttpd"
fi

# Both files are the program's own output, and it refuses what it does not write.
expect_exit_sh 0 "\"\$BIN\" --man | cmp - '$page'"
expect_exit_sh 0 "\"\$BIN\" --completion bash | cmp - '$script'"
expect_refused "--completion 'zsh': must be bash" -- --completion zsh
expect_refused "unexpected argument 'x' after --man" -- --man x
for args in "--man" "--completion bash"; do
	expect_exit_sh 1 "\"\$BIN\" $args >/dev/full"
	expect_stderr_one_line
	expect_stderr_match '^chopsticks: write error on standard output: No space left on device'
done
expect_exit 0 -- --help
expect_stdout_match '--man'
expect_stdout_match '--completion bash'

# The names to find, from the program's listings (not from the generators).
expect_exit 0 -- --help
mapfile -t commands < <(sed -n '/^Commands:/,/^$/s/^  \([a-z]*\) .*/\1/p' <<<"$stdout")
expect_exit 0 -- variants --format csv
mapfile -t variants < <(tail -n +2 <<<"$stdout" | cut -d, -f1)
expect_exit 0 -- variants --axes --format csv
mapfile -t axes < <(tail -n +2 <<<"$stdout" | cut -d, -f1)
check test "${#commands[@]}" -ge 10 -a "${#variants[@]}" -ge 10 -a "${#axes[@]}" -ge 10 -- \
	"the listings give the commands, variants and axes (${#commands[@]}, ${#variants[@]}, ${#axes[@]})"

# The page: its sections, then rendered, when man or groff is here.
for section in NAME SYNOPSIS DESCRIPTION COMMANDS 'RULE OPTIONS' 'COMMON OPTIONS' VARIANTS \
	'RULE AXES' 'EXIT STATUS' ENVIRONMENT 'SEE ALSO'; do
	check grep -qx ".SH $section" "$page" -- "the page has section $section"
done
check grep -q '^\.TH CHOPSTICKS 1 ' "$page" -- "the page starts with .TH CHOPSTICKS 1"
check grep -q 'OMP_NUM_THREADS' "$page" -- "the page names OMP_NUM_THREADS"
check test "$(grep -c '^\.nf$' "$page")" -eq "$(grep -c '^\.fi$' "$page")" -- "every .nf has its .fi"
for c in "${commands[@]}"; do
	check grep -qx ".SS $c" "$page" -- "the page has a subsection for command $c"
done
for v in "${variants[@]}"; do
	check grep -qxF "\\fB${v//-/\\-}\\fR" "$page" -- "the page describes variant $v"
done
for a in "${axes[@]}"; do
	check grep -qF "\\fB\\-\\-${a//-/\\-}\\fR" "$page" -- "the page describes axis option --$a"
done
rendered=
if command -v man >/dev/null; then
	expect_exit_sh 0 "LC_ALL=C MANWIDTH=80 man --warnings=w -l '$page'"
	expect_stderr_empty
	rendered=$stdout
elif command -v groff >/dev/null; then
	expect_exit_sh 0 "LC_ALL=C groff -man -Tascii -ww '$page'"
	expect_stderr_empty
	rendered=$stdout
fi
if [[ -n $rendered ]]; then
	for v in "${variants[@]}"; do
		check grep -Eq "^ {7}$v( |\$)" <<<"$rendered" -- "the rendered page has variant $v as a tag"
	done
	check grep -Eq '^ {7}--variant LIST$' <<<"$rendered" -- "the rendered page has --variant LIST"
fi

# The completion script: it registers _chopsticks, and completes the words it was made from.
expect_exit_sh 0 "bash -c 'source \"\$1\"; complete -p chopsticks' _ '$script'"
expect_stdout_match '^complete .*-F _chopsticks chopsticks$'
if command -v shellcheck >/dev/null; then
	expect_exit_sh 0 "shellcheck -s bash '$script'"
fi
words=$(sed -n "/^\t--variant)/,/;;/p" "$script")
for c in "${commands[@]}"; do
	check grep -Eq "^	$c\\)" "$script" -- "the completion script has a case for command $c"
done
for v in "${variants[@]}"; do
	check grep -Eq "[' ]${v}[' ]" <<<"$words" -- "the completion script offers variant $v"
done

# completes WANT WORD...: completing the last WORD of the command line WORD... offers WANT
# (space-separated, in order).
completes() {
	local want=$1 got
	shift
	got=$(bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _chopsticks
		printf "%s\n" "${COMPREPLY[@]}"' _ "$script" "$@" | paste -sd ' ')
	cmdline="(completion) $*"
	if [[ $got == "$want" ]]; then pass; else fail "offers '$got', wanted '$want'"; fi
}
completes '--variant' chopsticks count --var
completes "$(printf '%s\n' "${variants[@]}" | grep '^su' | sed 's/^/cutoff,/' | paste -sd ' ')" \
	chopsticks count --variant cutoff,su
completes 'rollover cutoff' chopsticks solve --overflow ''
completes 'cutoff' chopsticks solve --overflow = c
completes 'csv' chopsticks atlas --format ''
completes 'dot' chopsticks graph --format = ''
completes 'text csv json' chopsticks count --format ''
completes '--axes' chopsticks variants --ax
completes 'bash' chopsticks --completion ''
completes 'strategy' chopsticks str
for c in "${commands[@]}"; do
	completes "$c" chopsticks "$c"
done
completes '' chopsticks count --players ''

finish

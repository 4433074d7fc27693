#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# libchopsticks as an outside program gets it: cmake --install of the build that holds the
# binary (BUILD_DIR, default build/<preset>) into a temporary prefix, then
# - the shared library has a SONAME and exports only chop_ names (nm -D);
# - examples/solve.c and examples/probe.c build against the installed header and library
#   through pkg-config (shared, and static with --static), and examples/ through CMake's
#   find_package(chopsticks);
# - their answers agree with the chopsticks program's JSON on several games: two and three
#   players, uneven hands, lives, variants (counts, the start's value, counts by value, and
#   the moves of positions of a saved table with their values).
source "$(dirname "$0")/lib/harness.sh"
CHECK_TAG=library

build=${2:-$(cd "$(dirname "$BIN")/.." && pwd)}
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
prefix=$_tmp/prefix
work=$_tmp/work
mkdir -p "$work"


# A sanitized library needs its runtime in the programs that load it.
flags=()
if grep -q '^CHOPSTICKS_SANITIZE:BOOL=ON' "$build/CMakeCache.txt"; then
	flags=(-fsanitize=address,undefined)
fi

expect_exit_sh 0 "cmake --install '$build' --prefix '$prefix'"
libdir=$(dirname "$(find "$prefix" -name libchopsticks.so -print -quit)")
check test -f "$prefix/include/chopsticks.h" -- "include/chopsticks.h installed"
check test -f "$libdir/libchopsticks.a" -- "libchopsticks.a installed"
check test -f "$libdir/pkgconfig/chopsticks.pc" -- "chopsticks.pc installed"
check test -f "$libdir/cmake/chopsticks/chopsticksConfig.cmake" -- "the CMake package installed"

expect_exit_sh 0 "readelf -d '$libdir/libchopsticks.so' | grep -E 'SONAME.*libchopsticks\\.so\\.[0-9]+'"
expect_exit_sh 0 "nm -D --defined-only '$libdir/libchopsticks.so' | awk '{print \$NF}'"
exported=$stdout
check test -n "$exported" -- "the shared library exports symbols"
others=$(grep -v '^chop_' <<<"$exported" || true)
check test -z "$others" -- "the shared library exports only chop_ names (also: $(tr '\n' ' ' <<<"$others"))"
# Every function the header declares is exported, and nothing else.
declared=$(grep -oE '\bchop_[a-z_]+\(' "$source_dir/include/chopsticks.h" | tr -d '(' | sort -u)
check test "$declared" = "$(sort -u <<<"$exported")" -- "the exports are exactly the header's functions"

# The header compiles alone, in C and in C++ where there is a C++ compiler.
printf '#include <chopsticks.h>\nint main(void) { return chop_version_number() != CHOP_VERSION_NUMBER; }\n' >"$work/alone.c"
export PKG_CONFIG_PATH=$libdir/pkgconfig
expect_exit_sh 0 "cc -std=c17 -Wall -Werror ${flags[*]} '$work/alone.c' \$(pkg-config --cflags --libs chopsticks) -Wl,-rpath,'$libdir' -o '$work/alone' && '$work/alone'"

for example in solve probe; do
	expect_exit_sh 0 "cc -std=c17 -Wall -Werror ${flags[*]} '$source_dir/examples/$example.c' \$(pkg-config --cflags --libs chopsticks) -Wl,-rpath,'$libdir' -o '$work/$example'"
done
# Static: the archive and what pkg-config --static adds for it.
expect_exit_sh 0 "cc -std=c17 ${flags[*]} '$source_dir/examples/solve.c' \$(pkg-config --cflags chopsticks) -L'$libdir' -Wl,-Bstatic -lchopsticks -Wl,-Bdynamic \$(pkg-config --static --libs-only-l chopsticks | sed 's/-lchopsticks//') -fopenmp -o '$work/solve_static' && '$work/solve_static' --hands 2"
check test -z "$(readelf -d "$work/solve_static" | grep 'libchopsticks')" -- "solve_static does not load libchopsticks.so"
# CMake: examples/CMakeLists.txt with find_package(chopsticks).
expect_exit_sh 0 "cmake -S '$source_dir/examples' -B '$work/cmake' -DCMAKE_PREFIX_PATH='$prefix' -DCMAKE_C_FLAGS='${flags[*]}' -DCMAKE_BUILD_RPATH='$libdir' >/dev/null && cmake --build '$work/cmake' >/dev/null && '$work/cmake/probe' 2>&1 | grep -q usage"

# field NAME: the value after "NAME " on its line of the last example's output.
field() { sed -n "s/^$1 //p" <<<"$stdout"; }
value_of() { sed -n 's/^start .*: \([a-z]*\)\( in [0-9]*\)\{0,1\}$/\1/p' <<<"$stdout"; }
remoteness_of() { sed -n 's/^start .*: [a-z]* in \([0-9]*\)$/\1/p' <<<"$stdout"; }

games=("" "--variant cutoff" "--variant cutoff,suicide" "--hands 3,2 --rollover 4" "--lives 2 --rollover 4"
	"--players 3 --hands 2 --rollover 4" "--hands 3 --rollover 4 --variant misere")
for game in "${games[@]}"; do
	expect_exit_sh 0 "'$work/solve' $game"
	out=$stdout
	expect_exit 0 -- count $game --format json
	count=$stdout
	expect_exit 0 -- solve $game --format json
	solve=$stdout
	stdout=$out
	cmdline="(library) solve $game"
	for key in positions distinct reachable terminal max_depth; do
		want=$(jq -r ".$key" <<<"$count")
		[[ $(field "$key") == "$want" ]] && pass || fail "$key: $(field "$key"), the CLI says $want"
	done
	if [[ $game == *--players\ 3* ]]; then
		want=$(jq -r '.seats[0].value' <<<"$solve")
		rem=$(jq -r '.seats[0].remoteness // ""' <<<"$solve")
	else
		want=$(jq -r '.value' <<<"$solve")
		rem=$(jq -r '.remoteness // ""' <<<"$solve")
		counts=$(jq -r '"win \(.counts.win) loss \(.counts.loss) draw \(.counts.draw)"' <<<"$solve")
		[[ $(grep '^win ' <<<"$stdout") == "$counts" ]] && pass || fail "counts: $(grep '^win ' <<<"$stdout"), the CLI says $counts"
	fi
	[[ $(value_of) == "$want" && $(remoteness_of) == "$rem" ]] && pass ||
		fail "start: $(value_of) $(remoteness_of), the CLI says $want $rem"
done

# probe against show --table: the value and the ranked moves of positions of a saved table.
for game in "" "--variant cutoff" "--hands 3,2 --rollover 4"; do
	table=$work/t.tbl
	expect_exit 0 -- solve $game --save "$table"
	expect_exit 0 -- solve $game --format csv
	mapfile -t codes < <(tail -n +2 <<<"$stdout" | cut -d, -f1 | awk 'NR % 7 == 1' | head -n 12)
	for code in "${codes[@]}"; do
		expect_exit 0 -- show "$code" --table "$table" $game --format json
		want=$(jq -r '"\(.value) \(.remoteness // "")", (.moves[] | "\(.move) \(.result) \(.value) \(.remoteness // "")")' <<<"$stdout")
		expect_exit_sh 0 "'$work/probe' '$table' '$code'"
		got=$(awk 'NR == 2 { print $3, $5 } NR > 2 { print $1, $3, $4, $6 }' <<<"$stdout" | sed 's/ *$//')
		want=$(sed 's/ *$//' <<<"$want")
		cmdline="(library) probe $game $code"
		[[ $got == "$want" ]] && pass || fail "the moves differ from show's" "$(diff <(echo "$want") <(echo "$got"))"
	done
done
expect_exit_sh 2 "'$work/probe' '$work/none.tbl' 1111"
expect_stderr_match "^probe: .*none\\.tbl"
expect_exit_sh 2 "'$work/solve' --rollover 1"
expect_stderr_match "^solve: --rollover '1': must be an integer from 2 to "

finish

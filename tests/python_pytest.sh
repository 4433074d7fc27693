#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Python package as a user gets it: cmake --install of the build BUILD_DIR (argument 1;
# the rest go to pytest)
# into a temporary prefix, then python3 -m pytest on python/tests with that prefix's
# site-packages on PYTHONPATH (the package and the _config.py the install wrote) and its
# chopsticks program as the reference. Exit 77 (ctest: skipped) when no python3 has pytest;
# pytest's exit 5 (no tests collected) is a failure. Skipped tests are listed (-rs).
set -uo pipefail
build=${1:?usage: python_pytest.sh BUILD_DIR [PYTEST_ARGS...]}
shift
source_dir=$(cd "$(dirname "$0")/.." && pwd)

# The first python3 that has pytest: $CHOPSTICKS_PYTHON, python3 on PATH, Debian's.
python=
for candidate in ${CHOPSTICKS_PYTHON:-} python3 /usr/bin/python3; do
	if "$candidate" -c 'import pytest' 2>/dev/null; then
		python=$candidate
		break
	fi
done
if [[ -z $python ]]; then
	echo "python_pytest: no python3 with pytest (Debian: python3-pytest): skipped" >&2
	exit 77
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
if ! cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1; then
	cat "$tmp/install.log" >&2
	exit 1
fi
site=$(grep -o '^CHOPSTICKS_PYTHON_DIR:STRING=.*' "$build/CMakeCache.txt" | cut -d= -f2)

# A sanitized library needs its runtimes loaded first; Python's own leaks are not ours.
if grep -q '^CHOPSTICKS_SANITIZE:BOOL=ON' "$build/CMakeCache.txt"; then
	LD_PRELOAD="$(cc -print-file-name=libasan.so) $(cc -print-file-name=libubsan.so)"
	export LD_PRELOAD ASAN_OPTIONS=detect_leaks=0
fi

cd "$tmp" || exit 1
env -u CHOPSTICKS_LIBRARY PYTHONPATH="$prefix/$site" PYTHONDONTWRITEBYTECODE=1 \
	CHOPSTICKS_CLI="$prefix/bin/chopsticks" CHOPSTICKS_PREFIX="$prefix" OMP_WAIT_POLICY=passive \
	"$python" -m pytest -p no:cacheprovider -rs -q "$source_dir/python/tests" "$@"
status=$?
if ((status == 5)); then
	echo "python_pytest: pytest collected no tests" >&2
	exit 1
fi
exit "$status"

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# chopsticks serve as a server: its options and refusals, the URL on stdout, SIGINT and
# SIGTERM ending it with exit 0 (also mid-solve, where the API answers 503), the JSON API
# against `show --format json`, and hostile requests (lib/serve_hostile.py: bad and huge
# codes, traversal, a 100 KB URL, unknown methods, 2 x 1,000 requests from 50 clients with
# the RSS flat), every request logged as one line on stderr and nothing else.
source "$(dirname "$0")/lib/harness.sh"
source "$(dirname "$0")/lib/serve_start.sh"
here=$(cd "$(dirname "$0")" && pwd)
command -v curl >/dev/null || skip "no curl"
command -v python3 >/dev/null || skip "no python3"

expect_refused "--port '70000'" -- serve --port 70000
expect_refused "--port 'x'" -- serve --port x
expect_refused "--bind 'localhost'" -- serve --bind localhost
expect_refused 'too large.*GiB.*--max-memory' -- serve --hands 9 --rollover 10 --max-memory 1M
expect_refused 'text only' -- serve --format json
expect_exit_sh 1 '"$BIN" serve --port 0 >/dev/full'
expect_stderr_one_line
expect_stderr_match 'writing the URL'
expect_exit 2 -- serve --table "$_tmp/none.tbl"
expect_stdout_empty
expect_stderr_one_line

# stop_server SIGNAL: sends SIGNAL and checks exit 0 within 10 s and the log lines.
stop_server() {
	kill "-$1" "$pid"
	local rc=0
	timeout 10 tail --pid="$pid" -f /dev/null || rc=124
	wait "$pid" || rc=$?
	cmdline="serve (SIG$1)"
	if ((rc == 0)); then pass; else fail "exit $rc after SIG$1, wanted 0" "$(tail -5 "$_tmp/serve.err")"; fi
	local other
	other=$(grep -Ev '^chopsticks serve: ([A-Z]+|-) /[^ ]* [0-9]{1,3} [0-9.]+ ms$' "$_tmp/serve.err" | grep -Ev '^chopsticks serve: phase ' || true)
	if [[ -z $other ]]; then pass; else fail "stderr holds more than request lines" "$(head -5 <<<"$other")"; fi
}

# The API against show: the moves of a few positions, the same list in the same order. In a
# sanitized build ASan's quarantine would hold freed memory and grow the RSS: kept small.
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0:thread_local_quarantine_size_kb=0 start_server
for code in 1111 1312 2213 0113 4411 1401; do
	cmdline="GET /api/v1/position?code=$code"
	want=$("$BIN" show "$code" --format json | jq -c '[.value, .remoteness, .moves]')
	got=$(curl -s "${url}api/v1/position?code=$code" | jq -c '[.value, .remoteness, .moves]')
	if [[ $got == "$want" ]]; then pass; else fail "moves differ from show" "$got"$'\n'"$want"; fi
done
cmdline="GET /api/v1/position (GamesmanOne's shape)"
got=$(curl -s "${url}api/v1/position?code=1401" | jq -c '.gamesman | [.positionValue, .remoteness, (.moves[0] | keys)]')
if [[ $got == '["win",1,["autoguiMove","autoguiPosition","move","position","positionValue","remoteness"]]' ]]; then pass; else fail "gamesman" "$got"; fi
cmdline="GET /api/v1/game"
got=$(curl -s "${url}api/v1/game" | jq -c '[.rules.options, .reachable, .counts]')
# Hand-checked: README's standard game, 204 reachable positions (25 won, 17 lost, 162 drawn).
if [[ $got == '["--hands 2 --rollover 5",204,{"win":25,"loss":17,"draw":162}]' ]]; then pass; else fail "game" "$got"; fi
python3 "$here/lib/serve_hostile.py" 127.0.0.1 "$port" "$pid" >"$_tmp/hostile.out" 2>&1 && rc=0 || rc=$?
cmdline="hostile requests (lib/serve_hostile.py)"
if ((rc == 0)); then pass; else fail "failed" "$(cat "$_tmp/hostile.out")"; fi
grep '^hostile: rounds' "$_tmp/hostile.out" || true
stop_server INT

# Three players: every seat's duel, as show gives them.
start_server --players 3
cmdline="GET /api/v1/position?code=111211 (three players)"
want=$("$BIN" show 111211 --players 3 --format json | jq -c '[.seats, .moves]')
got=$(curl -s "${url}api/v1/position?code=111211" | jq -c '[.seats, .moves]')
if [[ $got == "$want" ]]; then pass; else fail "differs from show" "$got"; fi
stop_server TERM

# While the game is solved: 503 with a JSON message, and SIGTERM mid-solve still exits 0.
start_server --hands 6 --rollover 8 --threads 1
cmdline="GET /api/v1/game while solving"
got=$(curl -s -w ' %{http_code}' "${url}api/v1/game")
if [[ $got =~ \"message\".*\ 503$ ]]; then pass; else fail "wanted 503" "$got"; fi
stop_server TERM

finish

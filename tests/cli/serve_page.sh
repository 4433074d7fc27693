#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The page of chopsticks serve in a real browser: Debian's headless Chromium, driven by
# tests/browser/page.mjs (puppeteer-core, which scripts/setup installs with npm ci), loads
# the page with no console error, finds the moves of several positions exactly as `show
# --format json` gives them, plays a move by a click (the URL follows), undoes and redoes,
# and draws three players. Screenshots go to the build folder (serve-screenshots/). Skipped
# (exit 77) without chromium, node or the installed driver; never passed without running.
source "$(dirname "$0")/lib/harness.sh"
source "$(dirname "$0")/lib/serve_start.sh"
here=$(cd "$(dirname "$0")" && pwd)
driver=$here/../browser/page.mjs
chromium=${CHROMIUM:-/usr/bin/chromium}
[[ -x $chromium ]] || skip "no chromium at $chromium"
command -v node >/dev/null || skip "no node"
[[ -d $here/../browser/node_modules/puppeteer-core ]] || skip "puppeteer-core not installed (scripts/setup runs npm ci in tests/browser)"
bin=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
shots=$(dirname "$(dirname "$bin")")/serve-screenshots
mkdir -p "$shots"

# page NAME POSITIONS LINE [rule options]: serves the game and drives the page through it;
# LINE (CODE~CODE..., or '') is opened last for a screenshot (README's doc/serve.png is the
# standard game's, copied from a run).
page() {
	local name=$1 positions=$2 line=$3
	shift 3
	start_server "$@"
	cmdline="serve $* (the page, $name)"
	local rc=0 players=2
	[[ "$*" =~ --players\ ([0-9]+) ]] && players=${BASH_REMATCH[1]}
	timeout 240 node "$driver" "$url" "$bin" "$shots" "$name" --players "$players" --positions "$positions" \
		--game "$*" --line "$line" >"$_tmp/page.out" 2>&1 || rc=$?
	grep -E ': (interactive|move played)' "$_tmp/page.out" || true
	if ((rc == 0)); then pass; else fail "the browser checks failed (exit $rc)" "$(tail -20 "$_tmp/page.out")"; fi
	kill -TERM "$pid"
	wait "$pid" || fail "exit $? after SIGTERM"
	for png in "$shots/serve-$name.png" "$shots/serve-$name-played.png"; do
		cmdline="screenshot $png"
		if [[ -s $png ]] && (($(stat -c %s "$png") > 20000)); then pass; else fail "missing or nearly blank"; fi
	done
}

page standard 1111,1312,2213,0113,1401,0312 '1111~1211~1312~1222~2412~1233~0312'
page cutoff-suicide 1111,1112 '' --variant cutoff,suicide
page three-players 111111,111211,121111 '111111~111211' --players 3
page four-players 11111111,01111112 '' --players 4 --rollover 3
finish

# SPDX-License-Identifier: MIT
# shellcheck shell=bash
# start_server ARGS...: runs "$BIN" serve ARGS --port 0 in the background (stdout to
# $_tmp/serve.out, stderr to $_tmp/serve.err) and waits up to 20 s for the URL it prints;
# sets $pid, $url and $port, and counts a check: the URL is http://127.0.0.1:PORT/.
# Sourced after lib/harness.sh by tests/cli/serve.sh and serve_page.sh.
start_server() {
	# Emptied here, not only by the job's redirection, which may come after the first read
	# below: the previous server's URL would be read, and the signals meant for this one
	# would reach it before it blocks them.
	: >"$_tmp/serve.out"
	: >"$_tmp/serve.err"
	"$BIN" serve "$@" --port 0 >"$_tmp/serve.out" 2>"$_tmp/serve.err" &
	pid=$!
	url=
	for _ in $(seq 200); do
		url=$(head -n 1 "$_tmp/serve.out")
		[[ -n $url ]] && break
		sleep 0.1
	done
	cmdline="serve $* --port 0"
	if [[ $url =~ ^http://127\.0\.0\.1:([0-9]+)/$ ]]; then pass; else fail "no URL on stdout" "$url"; fi
	port=${BASH_REMATCH[1]:-0}
}

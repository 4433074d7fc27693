#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Graphviz lays out the full graph of the standard game (204 nodes) without complaint, when
# dot is installed. Labelled slow: the layout alone takes dot about 16 s, over a minute on a
# busy machine.
source "$(dirname "$0")/lib/harness.sh"

expect_exit 0 -- graph
if command -v dot >/dev/null; then
	if dot -Tsvg <<<"$stdout" >/dev/null 2>"$_tmp/dot"; then pass; else fail "dot rejects the graph" "$(cat "$_tmp/dot")"; fi
fi

finish

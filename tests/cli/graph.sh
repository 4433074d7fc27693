#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `graph` writes DOT (that Graphviz lays it out is graph_dot_slow.sh), marks the start, keeps
# a neighbourhood with --around, and refuses graphs over --max-nodes.
source "$(dirname "$0")/lib/harness.sh"

expect_exit 0 -- graph
expect_stdout_match '^digraph chopsticks \{'
expect_stdout_match '"1111" \[fillcolor=lightgrey, penwidth=3\]'
expect_stdout_match '"1111" -> "1211" \[style=solid\]'
expect_stdout_match '"1312" -> "1222" \[style=dashed\]'
full=$stdout
nodes=$(grep -c 'fillcolor' <<<"$full")
if ((nodes == 204)); then pass; else fail "graph has $nodes nodes, wanted the 204 reachable positions"; fi

# 1312 and its five children, and the parents of 1312.
expect_exit 0 -- graph --around 1312 --depth 1
for code in 1312 2213 1313 2413 0113 1222; do
	expect_stdout_match "\"$code\" \\["
done

expect_exit 2 -- graph --hands 3 --max-nodes 100
expect_stderr_match 'max-nodes'
expect_stdout_empty
expect_exit 2 -- graph --format json
expect_stderr_one_line
expect_exit 2 -- graph --around 9999
expect_stderr_one_line

finish

# SPDX-License-Identifier: MIT
# results/bench.csv as time against size: the median wall time of each count and solve case
# (a walk; a walk, a solve and a walk again) against its reachable positions, both on
# logarithmic axes, one series per command and thread count. Cases without positions (table,
# show, verify) are left out. Called by scripts/bench as:
#     gnuplot -e "set terminal ...; set output '...'; in='results/bench.csv'" scripts/plot_bench.gp
# Columns are found by header name, so a column added to bench.csv changes nothing.
if (!exists("in")) in = 'results/bench.csv'
set datafile separator ','
set logscale xy
set format x '10^{%L}'
set format y '10^{%L}'
set xlabel 'reachable positions'
set ylabel 'median wall time (s)'
set key top left box opaque title 'command, threads' noenhanced
set grid xtics ytics lc rgb '#c8c8c8' dt 3
set border 3
set tics nomirror
set title 'chopsticks benchmarks: time against positions (2-core machine)' noenhanced
is(kind, t) = (strstrt(strcol('case'), kind . '_') == 1 && column('threads') == t && strcol('positions') ne '') ? column('positions') : NaN
plot in using (is('count', 1)):'median_s' with points pt 7 ps 1.2 lc rgb '#0072b2' title 'count, 1', \
     in using (is('count', 2)):'median_s' with points pt 5 ps 1.2 lc rgb '#56b4e9' title 'count, 2', \
     in using (is('solve', 1)):'median_s' with points pt 9 ps 1.4 lc rgb '#d55e00' title 'solve, 1', \
     in using (is('solve', 2)):'median_s' with points pt 11 ps 1.4 lc rgb '#e69f00' title 'solve, 2'

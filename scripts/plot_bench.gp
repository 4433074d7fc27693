# SPDX-License-Identifier: MIT
# Bar chart of results/bench.csv: median wall time of each case at 1 and 2 threads (log
# scale). Called by scripts/bench as: gnuplot -e "in='results/bench.csv'; out='results/bench'".
if (!exists("in")) in = 'results/bench.csv'
if (!exists("out")) out = 'results/bench'
set datafile separator ','
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y
set ylabel 'median wall time (s)'
set xtics rotate by -35 noenhanced
set key top left
set grid ytics
set title 'chopsticks benchmarks (median of runs; lower is better)' noenhanced
# Column 5 is median_s; rows alternate 1 and 2 threads per case.
plot in every 2::1 using 5:xtic(1) title '1 thread', \
     in every 2::2 using 5 title '2 threads'

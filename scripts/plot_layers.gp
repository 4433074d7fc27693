# SPDX-License-Identifier: MIT
# Positions at each distance from the start (BFS layers), from a CSV with a header line and
# columns depth,positions. Writes a PNG, an SVG and (when pdf_out is set) a PDF with a fixed
# size and font, so the same data gives the same files (the PDF's date is blanked by
# scripts/reproduce: cairo 1.16 ignores SOURCE_DATE_EPOCH). Variables (gnuplot -e "..."):
#   infile='results/layers.csv'  png_out='results/layers.png'  svg_out='results/layers.svg'
#   pdf_out='' (no PDF)  plot_title='Reachable positions by distance from the start'
if (!exists("infile")) infile = 'results/layers.csv'
if (!exists("png_out")) png_out = 'results/layers.png'
if (!exists("svg_out")) svg_out = 'results/layers.svg'
if (!exists("pdf_out")) pdf_out = ''
if (!exists("plot_title")) plot_title = 'Reachable positions by distance from the start'

set datafile separator ','
set title plot_title noenhanced
set xlabel 'depth (moves from the start)'
set ylabel 'positions'
set logscale y
set format y '%.0f'
set grid xtics ytics lc rgb '#c8c8c8' dt 3
set key off
set border 3
set tics nomirror
set autoscale xfix
set yrange [0.5:*]
set offsets 0.5, 0.5, 0, 0

style = "with linespoints lw 2 pt 7 ps 0.8 lc rgb '#1f5fa8'"

if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
	set terminal pngcairo size 800,500 font 'DejaVu Sans,11' noenhanced
} else {
	set terminal png size 800,500 font 'DejaVuSans' 11 noenhanced
}
set output png_out
plot infile skip 1 using 1:2 @style

set terminal svg size 800,500 fixed font 'DejaVu Sans,11' noenhanced
set output svg_out
plot infile skip 1 using 1:2 @style

if (pdf_out ne '') {
	set terminal pdfcairo size 5in,3.125in font 'DejaVu Sans,8' noenhanced
	set output pdf_out
	plot infile skip 1 using 1:2 @style
}
set output

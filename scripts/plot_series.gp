# SPDX-License-Identifier: MIT
# Several series over one x axis, from a "wide" CSV: a header line, x in column 1 and one
# series per further column, named by its header (that name goes in the key). An empty cell
# is a missing point. Writes a PNG, an SVG and (when pdf_out is set) a PDF with a fixed size,
# font and palette, so the same data gives the same files (the PDF's date is blanked by
# scripts/reproduce: cairo 1.16 ignores SOURCE_DATE_EPOCH). Variables (gnuplot -e "..."):
#   infile (required)  png_out, svg_out (required)  pdf_out='' (no PDF)
#   plot_title=''  x_label='x'  y_label='y'  log_y=0 (1: logarithmic y axis)
#   y_format='' (gnuplot's default)  key_pos='top left'  key_title='' (a heading over the key)
#   (the PDF is 6 by 3.75 inches with 9-point lettering: include it at that size)
#   enhanced=0 (1: the terminals read enhanced text, for a y_format like '10^{%L}'; titles,
#   axis labels and the key stay plain)
if (!exists("infile") || !exists("png_out") || !exists("svg_out")) {
	print "plot_series.gp: set infile, png_out and svg_out (gnuplot -e \"infile='a.csv'; ...\")"
	exit status 2
}
if (!exists("pdf_out")) pdf_out = ''
if (!exists("plot_title")) plot_title = ''
if (!exists("x_label")) x_label = 'x'
if (!exists("y_label")) y_label = 'y'
if (!exists("log_y")) log_y = 0
if (!exists("y_format")) y_format = ''
if (!exists("key_pos")) key_pos = 'top left'
if (!exists("enhanced")) enhanced = 0
if (!exists("key_title")) key_title = ''
text_mode = enhanced ? 'enhanced' : 'noenhanced'

set datafile separator ','
set datafile missing ''
set title plot_title noenhanced
set xlabel x_label noenhanced
set ylabel y_label noenhanced
if (log_y) { set logscale y }
if (y_format ne '') { set format y y_format }
set grid xtics ytics lc rgb '#c8c8c8' dt 3
set key @key_pos noenhanced box opaque width 1
if (key_title ne '') { set key title key_title left }
set border 3
set tics nomirror
set autoscale xfix
set offsets 0.5, 0.5, 0, 0

# A fixed palette (colour-blind safe) and point types, one per series (10).
array colour[10] = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000', '#f0e442', '#882255', '#999999']
array point[10] = [7, 5, 9, 11, 13, 6, 4, 8, 10, 12]
stats infile skip 1 nooutput
series = STATS_columns - 1
do for [i = 1:10] {
	set linetype i lc rgb colour[i] lw 2 pt point[i] ps 0.8
}
# Column headers go in the key; a wide CSV has them on its first line.
set key autotitle columnheader

if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
	set terminal pngcairo size 800,500 font 'DejaVu Sans,11' @text_mode
} else {
	set terminal png size 800,500 font 'DejaVuSans' 11 @text_mode
}
set output png_out
plot for [i = 2:series + 1] infile using 1:i with linespoints lt (i - 1)

set terminal svg size 800,500 fixed font 'DejaVu Sans,11' @text_mode
set output svg_out
replot

if (pdf_out ne '') {
	set terminal pdfcairo size 6in,3.75in font 'DejaVu Sans,9' @text_mode
	set output pdf_out
	replot
}
set output

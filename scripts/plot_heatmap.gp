# SPDX-License-Identifier: MIT
# A grid of cells coloured by the value of a game for the first player (win, loss, draw; none:
# no cell) with a label in each, from a CSV with a header line and the columns
# x,y,x_name,y_name,value,label (x and y: cell positions 1, 2, ...; the first row is drawn at
# the top; x_name and y_name: the tic labels), row by row (see x_tic below). Writes a PNG, an SVG and (when pdf_out is set)
# a PDF with a fixed size, font and palette, so the same data gives the same files (the PDF's
# date is blanked by scripts/reproduce: cairo 1.16 ignores SOURCE_DATE_EPOCH).
# Variables (gnuplot -e "..."):
#   infile, png_out, svg_out (required)  pdf_out='' (no PDF)  plot_title=''  x_label=''
#   y_label=''  rotate_x=0 (1: x tic labels at 90 degrees)  size_png='800,800' (pixels, also
#   the SVG's size)  size_pdf='5in,5in'  label_font=9 (points, PNG and SVG; the PDF's is 2/3)
#   pdf_font=7 (points: the PDF's tics, titles and key; include the PDF at size_pdf, so that
#   its lettering keeps this size)  none_title='' (a key entry for cells of value none)
#   diag_title='' (a key entry for the diagonal, x = y, drawn with a black frame)
#   triangle=0 (1: the cells are a lower triangle, x <= y: the y tics come from the diagonal)
if (!exists("infile") || !exists("png_out") || !exists("svg_out")) {
	print "plot_heatmap.gp: set infile, png_out and svg_out (gnuplot -e \"infile='a.csv'; ...\")"
	exit status 2
}
if (!exists("pdf_out")) pdf_out = ''
if (!exists("plot_title")) plot_title = ''
if (!exists("x_label")) x_label = ''
if (!exists("y_label")) y_label = ''
if (!exists("rotate_x")) rotate_x = 0
if (!exists("size_png")) size_png = '800,800'
if (!exists("size_pdf")) size_pdf = '5in,5in'
if (!exists("label_font")) label_font = 9
if (!exists("pdf_font")) pdf_font = 7
if (!exists("none_title")) none_title = ''
if (!exists("diag_title")) diag_title = ''
if (!exists("triangle")) triangle = 0

set datafile separator ','
set datafile missing ''
stats infile skip 1 using 1:2 nooutput
x_min = STATS_min_x; x_max = STATS_max_x; y_min = STATS_min_y; y_max = STATS_max_y
set xrange [x_min - 0.5 : x_max + 0.5]
set yrange [y_max + 0.5 : y_min - 0.5]
set title plot_title noenhanced
set xlabel x_label noenhanced
set ylabel y_label noenhanced
set tics scale 0
set border 0
if (rotate_x) { set xtics rotate by 90 right }
set key outside top center horizontal noenhanced samplen 1.5 width 1
# A fixed, colour-blind safe palette: win blue, loss orange, draw grey; no cell white.
colour(v) = v eq 'win' ? 0x56b4e9 : v eq 'loss' ? 0xe69f00 : v eq 'draw' ? 0xd9d9d9 : 0xffffff
# Each name once: the x tics from the last row, the y tics from the last column (a later tic
# at the same place replaces an earlier one, empty or not, so the cells must come row by row,
# y and then x increasing, every row complete: the order the helpers of scripts/reproduce
# write them in).
x_tic(x, y, name) = (y == y_max) ? name : ''
y_tic(x, y, name) = (triangle ? x == y : x == x_max) ? name : ''

cells = "plot infile skip 1 using 1:2:(0.5):(0.5):(colour(strcol(5))):xtic(x_tic($1, $2, strcol(3))):ytic(y_tic($1, $2, strcol(4))) with boxxyerror fs solid 1.0 border lc rgb 'white' lc rgb variable notitle, '' skip 1 using 1:2:6 with labels font @font notitle, keyentry with boxes fs solid 1.0 lc rgb '#56b4e9' title 'win', keyentry with boxes fs solid 1.0 lc rgb '#e69f00' title 'loss', keyentry with boxes fs solid 1.0 lc rgb '#d9d9d9' title 'draw'"
if (none_title ne '') cells = cells . ", keyentry with boxes fs empty border lc rgb '#808080' lc rgb '#808080' title none_title"
if (diag_title ne '') cells = cells . ", infile skip 1 using (($1 == $2) ? $1 : NaN):2:(0.5):(0.5) with boxxyerror fs empty border lc rgb 'black' lw 2 lc rgb 'black' notitle, keyentry with boxes fs empty border lc rgb 'black' lw 2 lc rgb 'black' title diag_title"

font = sprintf("',%d'", label_font)
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
	eval sprintf("set terminal pngcairo size %s font 'DejaVu Sans,10' noenhanced", size_png)
} else {
	eval sprintf("set terminal png size %s font 'DejaVuSans' 10 noenhanced", size_png)
}
set output png_out
@cells
eval sprintf("set terminal svg size %s fixed font 'DejaVu Sans,10' noenhanced", size_png)
set output svg_out
@cells
if (pdf_out ne '') {
	font = sprintf("',%d'", (label_font * 2 + 2) / 3)
	eval sprintf("set terminal pdfcairo size %s font 'DejaVu Sans,%d' noenhanced", size_pdf, pdf_font)
	set output pdf_out
	@cells
}
set output

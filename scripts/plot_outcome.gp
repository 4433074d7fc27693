# SPDX-License-Identifier: MIT
# The value of the positions of each BFS layer (win, loss or draw for the player to move), as
# stacked shares of the layer, with the layer's size above each bar; one panel per file (one
# or two), each a CSV with a header line and the columns depth,positions,win,loss,draw.
# Writes a PNG, an SVG and (when pdf_out is set) a PDF with a fixed size, font and palette, so
# the same data gives the same files (the PDF's date is blanked by scripts/reproduce: cairo
# 1.16 ignores SOURCE_DATE_EPOCH). Variables (gnuplot -e "..."):
#   infile, png_out, svg_out (required)  pdf_out='' (no PDF)  infile2='' (no second panel)
#   title1='', title2='' (the panels' titles)
if (!exists("infile") || !exists("png_out") || !exists("svg_out")) {
	print "plot_outcome.gp: set infile, png_out and svg_out (gnuplot -e \"infile='a.csv'; ...\")"
	exit status 2
}
if (!exists("pdf_out")) pdf_out = ''
if (!exists("infile2")) infile2 = ''
if (!exists("title1")) title1 = ''
if (!exists("title2")) title2 = ''
panels = (infile2 eq '') ? 1 : 2

set datafile separator ','
set style fill solid 1.0 border rgb 'white'
set boxwidth 0.8
set border 3
set tics nomirror
set xtics 1
set grid ytics lc rgb '#c8c8c8' dt 3
set xlabel 'depth (moves from the start)' noenhanced
set ylabel 'share of the layer' noenhanced
set ytics ('0%%' 0, '25%%' 0.25, '50%%' 0.5, '75%%' 0.75, '100%%' 1)
set key outside right top vertical noenhanced samplen 1.5 title 'for the player to move' left
# A fixed, colour-blind safe palette: win blue, loss orange, draw grey.
win_c = '#56b4e9'; loss_c = '#e69f00'; draw_c = '#bdbdbd'

# One panel: the draw share over the loss share over the win share (bars drawn over one
# another, tallest first), and each layer's number of positions above its bar.
panel(f, t) = sprintf("set title '%s' noenhanced; set xrange [*:*]; set yrange [*:*]; stats '%s' skip 1 using 1 nooutput; set xrange [STATS_min - 0.7 : STATS_max + 0.7]; set yrange [0:1.12]", t, f)
bars(f) = sprintf("plot '%s' skip 1 using 1:(($3 + $4 + $5) / $2) with boxes lc rgb draw_c title 'draw', '' skip 1 using 1:(($3 + $4) / $2) with boxes lc rgb loss_c title 'loss', '' skip 1 using 1:($3 / $2) with boxes lc rgb win_c title 'win', '' skip 1 using 1:(1.0):(sprintf('%%d', $2)) with labels offset 0, 0.7 font ',8' notitle", f)
# The three outputs; every drawing is the same code.
draw = "set multiplot layout panels, 1; eval panel(infile, title1); eval bars(infile); if (panels == 2) { eval panel(infile2, title2); eval bars(infile2) }; unset multiplot"

if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
	eval sprintf("set terminal pngcairo size 800,%d font 'DejaVu Sans,11' noenhanced", 300 * panels + 60)
} else {
	eval sprintf("set terminal png size 800,%d font 'DejaVuSans' 11 noenhanced", 300 * panels + 60)
}
set output png_out
@draw
eval sprintf("set terminal svg size 800,%d fixed font 'DejaVu Sans,11' noenhanced", 300 * panels + 60)
set output svg_out
@draw
if (pdf_out ne '') {
	eval sprintf("set terminal pdfcairo size 6in,%.2fin font 'DejaVu Sans,9' noenhanced", 2.2 * panels + 0.3)
	set output pdf_out
	@draw
}
set output

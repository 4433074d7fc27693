#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The helpers of scripts/reproduce for strategies, the frontier of solved instances, Simple
# Chopsticks and the rounded benchmark tables. Each reads the tool's JSON by key (jq), so a
# renamed key is a one-line fix here, and writes CSV on stdout. Source it after setting BIN.

# strategy_targets JSON KIND: the targets of the list of kind KIND (win, resist or avoid) of
# 'strategy --format json', in order: rank,position,moves_left,side. position is written as
# the article writes it, [a,b],[c,d], the player to move first (the order of codes);
# moves_left is the target's remoteness (empty: 'no loss', or a position to avoid).
strategy_targets() {
	jq -r --arg kind "$2" -L scripts/lib 'include "csv";
		(.rules.hands) as $hands
		| def article:
			if test("/") then split("/") | map("[" + (split(".") | join(",")) + "]") | join(",")
			else . as $c | [range(0; $hands | length) as $p
				| ($hands[0:$p] | add // 0) as $at | $c[$at:$at + $hands[$p]]
				| "[" + (split("") | join(",")) + "]"] | join(",") end;
		[.strategies[] | select(.kind == $kind)]
		| if length != 1 then error("strategy_targets: not one list of kind \($kind)") else .[0] end
		| .side as $side
		| (["rank", "position", "moves_left", "side"] | csv_row),
		  (.targets | to_entries[] | [.key + 1, (.value.position | article),
			(.value.remoteness // ""), $side] | csv_row)' "$1"
}

# frontier_options PLAYERS VARIANTS H R: the options of one frontier instance, one per line,
# in the order the tool writes a game's options (rules.options), so frontier_csv can check
# that a file is of that game: --players P (only past 2), --hands H, --rollover R, --variant V
# (only when VARIANTS is not empty: the standard rules).
frontier_options() {
	(($1 == 2)) || printf '%s\n' --players "$1"
	printf '%s\n' --hands "$3" --rollover "$4"
	[[ -z $2 ]] || printf '%s\n' --variant "$2"
}

# frontier_file PLAYERS STEM H R: the JSON file of one frontier instance.
frontier_file() { echo "results/frontier/p$1_$2_h$3r$4.json"; }

# frontier_instances SPEC...: the instances of the SPECs (ROLLOVER:A-B, hands A to B), one
# "H R" a line, smallest first (by the positions of one player's hands, C(H+R-1, H)).
frontier_instances() {
	local spec r h hands
	for spec in "$@"; do
		r=${spec%%:*} hands=${spec#*:}
		for ((h = ${hands%-*}; h <= ${hands#*-}; h++)); do
			echo "$h $r"
		done
	done | awk '{ c = 1; for (i = 1; i <= $1; i++) c = c * ($2 - 1 + i) / i; print c, $0 }' |
		LC_ALL=C sort -k1,1g -k3,3n -k2,2n | cut -d' ' -f2-
}

# frontier_csv PLAYERS VARIANTS FILE...: one row per 'solve --format json' FILE of PLAYERS
# players with equal hands under VARIANTS (empty: the standard rules), sorted by hands then
# rollover. A file of any other game is an error, and so are two files of one game that
# disagree (one row is kept when they agree). Two players: hands,rollover,value,remoteness,
# label,reachable,win,loss,draw,game; three or more: hands,rollover,value,remoteness,label
# (the first player's duel: can the player to move at the start force a win against all the
# others?), seats (every seat's label, space-separated), reachable,nobody,game. label: W or L
# with the remoteness, or D.
frontier_csv() {
	local players=$1 variants=$2 f rows
	shift 2
	if ((players == 2)); then
		echo "hands,rollover,value,remoteness,label,reachable,win,loss,draw,game"
	else
		echo "hands,rollover,value,remoteness,label,seats,reachable,nobody,game"
	fi
	rows=$(for f in "$@"; do frontier_row "$players" "$variants" "$f" || exit 1; done) || return 1
	printf '%s\n' "$rows" | LC_ALL=C sort -t, -k1,1n -k2,2n | awk -F, '
		{ key = $1 "," $2 }
		key == last && $0 != row { print "frontier_csv: two files of hands " $1 ", rollover " $2 " disagree" > "/dev/stderr"; bad = 1; exit 1 }
		key != last { print }
		{ last = key; row = $0 }
		END { exit bad }'
}

# frontier_row PLAYERS VARIANTS SOLVE_JSON: one row of frontier_csv.
frontier_row() {
	local opts
	opts=$(jq -r '.rules | select(.hands | unique | length == 1) | [.hands[0], .rollover] | @tsv' "$3") ||
		return 1
	[[ -n $opts ]] || { echo "frontier_row: $3: not equal hands" >&2; return 1; }
	# shellcheck disable=SC2086 # hands and rollover
	opts=$(frontier_options "$1" "$2" $opts | paste -sd' ')
	jq -r --arg opts "$opts" --arg file "$3" -L scripts/lib 'include "csv";
		def lab: if .value == "draw" then "D" elif .value == "win" then "W\(.remoteness)" else "L\(.remoteness)" end;
		if .rules.options != $opts then error("\($file): the game is \(.rules.options), not \($opts)") else . end
		| [.rules.hands[0], .rules.rollover]
		  + if .players == 2 then
			[.value, (.remoteness // ""), lab, .reachable, .counts.win, .counts.loss, .counts.draw]
		  else
			(.seats[0] | [.value, (.remoteness // ""), lab])
			+ [(.seats | map(lab) | join(" ")), .reachable, .nobody]
		  end
		+ [.rules.options] | csv_row' "$3"
}

# frontier_cells FRONTIER_CSV: the heat map cells (scripts/plot_heatmap.gp) of frontier_csv:
# x the rollover, y the hand count, every row complete (a cell not solved has value none).
frontier_cells() {
	awk "$CSV_AWK"'
		{ sub(/\r$/, "") }
		NR == 1 { n = split_csv($0, h); for (i = 1; i <= n; i++) col[h[i]] = i; next }
		{
			split_csv($0, f); hh = f[col["hands"]] + 0; rr = f[col["rollover"]] + 0
			val[hh, rr] = f[col["value"]]; lab[hh, rr] = f[col["label"]]
			if (hmin == "" || hh < hmin) hmin = hh; if (hh > hmax) hmax = hh
			if (rmin == "" || rr < rmin) rmin = rr; if (rr > rmax) rmax = rr
		}
		END {
			if (hmax == "") { print "frontier_cells: no rows in " FILENAME > "/dev/stderr"; exit 1 }
			print "x,y,x_name,y_name,value,label"
			for (hh = hmin; hh <= hmax; hh++)
				for (rr = rmin; rr <= rmax; rr++)
					print rr - rmin + 1 "," hh - hmin + 1 "," rr "," hh "," \
						((hh, rr) in val ? val[hh, rr] "," lab[hh, rr] : "none,")
		}' "$1"
}

# frontier_summary FRONTIER_CSV: by rollover, what the start's value does as the hands grow
# (the first player's value; hand counts as ranges, "2-7, 9"): rollover,solved (the hand
# counts solved), wins, draws, losses, first_loss (the least hand count lost), loss_from (the
# least from which every larger one solved is lost; none if the largest is not),
# largest_hands, remoteness_at_largest, remoteness_steps (how much the remoteness grows from
# each hand count of that run of losses to the next solved, per hand, comma-separated),
# step (2(r - 1)),
# step_from (the least hand count of that run from which every step is step; empty when none),
# steps_off (the hand counts h of the run, h > loss_from, whose step from h - 1 is not step),
# next (the first hand count not solved from the least solved up, a gap included: where an
# observation could fail next).
frontier_summary() {
	awk "$CSV_AWK"'
		function ranges(list,    n, a, i, out, lo) {
			n = split(list, a, " "); out = ""
			for (i = 1; i <= n; i++) {
				if (i == 1 || a[i] != a[i - 1] + 1) lo = a[i]
				if (i == n || a[i + 1] != a[i] + 1)
					out = out (out == "" ? "" : ", ") (lo == a[i] ? lo : lo "-" a[i])
			}
			return out
		}
		{ sub(/\r$/, "") }
		NR == 1 { n = split_csv($0, h); for (i = 1; i <= n; i++) col[h[i]] = i; next }
		{
			split_csv($0, f); hh = f[col["hands"]] + 0; rr = f[col["rollover"]] + 0
			val[hh, rr] = f[col["value"]]; rem[hh, rr] = f[col["remoteness"]]
			if (!(rr in top) || hh > top[rr]) top[rr] = hh
			if (!(rr in low) || hh < low[rr]) low[rr] = hh
			if (rmin == "" || rr < rmin) rmin = rr; if (rr > rmax) rmax = rr
		}
		END {
			print "rollover,solved,wins,draws,losses,first_loss,loss_from,largest_hands,remoteness_at_largest,remoteness_steps,step,step_from,steps_off,next"
			for (rr = rmin; rr <= rmax; rr++) {
				if (!(rr in top)) continue
				all = w = d = l = first = from = steps = off = stepfrom = ""
				for (hh = low[rr]; hh <= top[rr]; hh++) {
					if (!((hh, rr) in val)) continue
					all = all " " hh
					if (val[hh, rr] == "win") w = w " " hh
					else if (val[hh, rr] == "draw") d = d " " hh
					else { l = l " " hh; if (first == "") first = hh }
				}
				for (hh = top[rr]; hh >= low[rr]; hh--) {
					if (!((hh, rr) in val)) continue
					if (val[hh, rr] != "loss") break
					from = hh
				}
				step = 2 * (rr - 1)
				if (from != "") {
					prev = from
					for (hh = from + 1; hh <= top[rr]; hh++) {
						if (!((hh, rr) in val)) continue
						s = (rem[hh, rr] - rem[prev, rr]) / (hh - prev)
						steps = steps (steps == "" ? "" : ", ") s
						if (s != step) { off = off " " hh; stepfrom = "" }
						else if (stepfrom == "") stepfrom = prev
						prev = hh
					}
				}
				for (gap = low[rr]; (gap, rr) in val; gap++)
					;
				print rr "," csv_quote(ranges(all)) "," csv_quote(ranges(w)) "," csv_quote(ranges(d)) "," \
					csv_quote(ranges(l)) "," (first == "" ? "none" : first) "," (from == "" ? "none" : from) "," \
					top[rr] "," rem[top[rr], rr] "," csv_quote(steps) "," step "," stepfrom "," \
					csv_quote(ranges(off)) "," gap
			}
		}' "$1"
}

# frontier_remoteness FRONTIER_CSV: the start's remoteness by hands (2 or more: one hand is
# the forced game) and rollover, for the plot of one line per rollover: hands,r = 2,...
# (empty: a draw, or not solved).
frontier_remoteness() {
	local tmp=build/reproduce-remoteness.csv
	awk -F, 'NR == 1 || $1 >= 2' "$1" >"$tmp" || return 1
	scripts/csv_util pivot "$tmp" hands rollover remoteness 'r = ' || return 1
	rm -f "$tmp"
}

# frontier_compare NAME FRONTIER_CSV OTHER_CSV: the instances solved in both (hands and
# rollover) and whether their labels (value and remoteness) agree: rules (NAME, the other
# file's rules),both,same,differ (the instances
# that differ, "h/r" space-separated),same_from (the least hand count from which every
# instance in both agrees; none when the largest differs).
frontier_compare() {
	awk -v name="$1" "$CSV_AWK"'
		{ sub(/\r$/, "") }
		FNR == 1 { n = split_csv($0, h); for (i in col) delete col; for (i = 1; i <= n; i++) col[h[i]] = i; file++; next }
		{
			split_csv($0, f); k = f[col["hands"]] + 0 SUBSEP f[col["rollover"]] + 0
			if (file == 1) { a[k] = f[col["label"]]; next }
			if (!(k in a)) next
			both++; split(k, hr, SUBSEP)
			if (a[k] == f[col["label"]]) { same++; if (hr[1] > top) top = hr[1] }
			else { d[++nd] = hr[1] "/" hr[2]; if (hr[1] > worst) worst = hr[1]; if (hr[1] > top) top = hr[1] }
		}
		END {
			list = ""; for (i = 1; i <= nd; i++) list = list (i > 1 ? " " : "") d[i]
			print "rules,both,same,differ,same_from"
			print name "," both + 0 "," same + 0 "," list "," (nd == 0 ? 1 : worst < top ? worst + 1 : "none")
		}' "$2" "$3"
}

# frontier_seats FRONTIER_CSV: over the instances of a frontier of three or more players
# (column seats: every seat's label), how many there are and in how many every seat loses
# its duel (no player can force a win against all the others): players,instances,
# every_seat_loses,other (the instances where some seat does not lose, "h/r" space-separated).
frontier_seats() {
	awk "$CSV_AWK"'
		{ sub(/\r$/, "") }
		NR == 1 { n = split_csv($0, h); for (i = 1; i <= n; i++) col[h[i]] = i; next }
		{
			split_csv($0, f); total++; m = split(f[col["seats"]], s, " ")
			lost = 1; for (i = 1; i <= m; i++) if (s[i] !~ /^L/) lost = 0
			if (lost) all++; else other = other (other == "" ? "" : " ") f[col["hands"]] "/" f[col["rollover"]]
			players = m
		}
		END { print "players,instances,every_seat_loses,other"; print players "," total + 0 "," all + 0 "," other }' "$1"
}

# hands_csv VARIANTS HANDS ROLLOVER...: the first player holding a hands and the second b,
# for a and b in HANDS (A-B), at each ROLLOVER (n + 1 for n-fingered hands), under the
# variants VARIANTS (empty: the standard rules; attacks-only,cutoff: Simple Chopsticks):
# a,b,rollover,fingers,value,remoteness,label, more_hands (first, second or equal),
# more_hands_wins (yes, no, or empty when equal), game. value is for the first player, who
# moves first.
hands_csv() {
	local variants=$1 hands=$2 a b r tmp=build/reproduce-hands.json
	shift 2
	echo "a,b,rollover,fingers,value,remoteness,label,more_hands,more_hands_wins,game"
	for r in "$@"; do
		for ((a = ${hands%-*}; a <= ${hands#*-}; a++)); do
			for ((b = ${hands%-*}; b <= ${hands#*-}; b++)); do
				"$BIN" solve ${variants:+--variant "$variants"} --rollover "$r" --hands "$a,$b" \
					--format json >"$tmp" || return 1
				jq -r -L scripts/lib 'include "csv";
					.rules.hands as [$a, $b]
					| (if $a > $b then "first" elif $a < $b then "second" else "equal" end) as $more
					| [$a, $b, .rules.rollover, .rules.rollover - 1, .value, (.remoteness // ""),
					   (if .value == "draw" then "D" elif .value == "win" then "W\(.remoteness)" else "L\(.remoteness)" end),
					   $more,
					   (if $more == "equal" then "" elif ($more == "first") == (.value == "win") and .value != "draw" then "yes" else "no" end),
					   .rules.options] | csv_row' "$tmp" || return 1
			done
		done
	done
	rm -f "$tmp"
}

# simple_rule_csv R:N...: scripts/simple_rule.py at rollover R, hands up to N, one row each
# under one header; fails when the rule and the solver disagree anywhere.
simple_rule_csv() {
	local spec out
	for spec in "$@"; do
		out=$(scripts/simple_rule.py --binary "$BIN" --rollover "${spec%%:*}" --hands "${spec#*:}") ||
			return 1
		if [[ $spec == "$1" ]]; then echo "$out"; else tail -n +2 <<<"$out"; fi
	done
}

# hands_pivot HANDS_CSV ROLLOVER: the labels of one rollover as a table, a (first player's
# hands, the rows) by b (second player's hands, the columns 1, 2, ...): a,1,2,...
hands_pivot() {
	awk -v r="$2" "$CSV_AWK"'
		{ sub(/\r$/, "") }
		NR == 1 { n = split_csv($0, h); for (i = 1; i <= n; i++) col[h[i]] = i; next }
		{
			split_csv($0, f); if (f[col["rollover"]] != r) next
			a = f[col["a"]] + 0; b = f[col["b"]] + 0; lab[a, b] = f[col["label"]]
			if (a > amax) amax = a; if (b > bmax) bmax = b; seen = 1
		}
		END {
			if (!seen) { print "hands_pivot: no rows at rollover " r > "/dev/stderr"; exit 1 }
			line = "a"; for (b = 1; b <= bmax; b++) line = line "," b; print line
			for (a = 1; a <= amax; a++) {
				line = a; for (b = 1; b <= bmax; b++) line = line "," lab[a, b]; print line
			}
		}' "$1"
}

# hands_summary HANDS_CSV: per rollover, how many cells, how many with unequal hands, in how
# many of those the player with more hands wins, the cells with equal hands, and the diagonal
# (a = b) as labels: rollover,cells,unequal,more_hands_wins,equal,equal_first_wins,
# equal_first_loses,diagonal
hands_summary() {
	awk "$CSV_AWK"'
		{ sub(/\r$/, "") }
		NR == 1 { n = split_csv($0, h); for (i = 1; i <= n; i++) col[h[i]] = i; next }
		{
			split_csv($0, f); r = f[col["rollover"]] + 0
			if (!(r in cells)) order[++nr] = r
			cells[r]++
			if (f[col["more_hands"]] != "equal") { unequal[r]++; if (f[col["more_hands_wins"]] == "yes") yes[r]++ }
			else {
				if (f[col["value"]] == "win") ew[r]++; else if (f[col["value"]] == "loss") el[r]++
				diag[r] = diag[r] (diag[r] == "" ? "" : " ") f[col["label"]]
			}
		}
		END {
			print "rollover,cells,unequal,more_hands_wins,equal,equal_first_wins,equal_first_loses,diagonal"
			for (i = 1; i <= nr; i++) {
				r = order[i]
				print r "," cells[r] "," unequal[r] + 0 "," yes[r] + 0 "," cells[r] - unequal[r] "," ew[r] + 0 "," \
					el[r] + 0 "," diag[r]
			}
		}' "$1"
}

# bench_rounded BENCH_CSV: scripts/bench's rows as the paper prints them: the command, the
# threads, the median time to 3 significant digits (seconds), the same time as it is read
# (time: 2 significant digits in ms below a second, 3 in s below 100 s, else 3 in min), the
# peak memory in the unit
# that fits (3 significant digits), positions per second and moves per second per thread to
# 2 significant digits, bytes per position to 2, and the number of timed runs; with the case
# name as the key for facts: case,command,threads,time_s,time,peak,positions,positions_per_s,
# moves_per_s_per_thread,bytes_per_position,file_bytes_per_position,runs
bench_rounded() {
	awk "$CSV_AWK$SIG_AWK"'
		function sci(x,    e, m) {
			if (x == "") return ""
			x += 0; if (x < 1e4) return sig(x, 2)
			e = int(log(x) / log(10) + 1e-9); m = x / 10 ^ e
			if (m >= 9.95) { m /= 10; e++ }
			return sprintf("%.1fe%d", m, e)
		}
		function duration(t) {
			if (t == "") return ""
			t += 0
			if (t < 1) return sig(t * 1000, 2) " ms"
			if (t < 100) return sig(t, 3) " s"
			return sig(t / 60, 3) " min"
		}
		function mem(kib) {
			if (kib == "") return ""
			kib += 0
			if (kib >= 1048576) return sig(kib / 1048576, 3) " GiB"
			if (kib >= 1024) return sig(kib / 1024, 3) " MiB"
			return sig(kib, 3) " KiB"
		}
		{ sub(/\r$/, "") }
		NR == 1 { n = split_csv($0, h); for (i = 1; i <= n; i++) col[h[i]] = i
			print "case,command,threads,time_s,time,peak,positions,positions_per_s,moves_per_s_per_thread,bytes_per_position,file_bytes_per_position,runs"; next }
		{
			split_csv($0, f)
			c = f[col["command"]]; sub(/ --threads [0-9]+$/, "", c)
			print csv_quote(f[col["case"]]) "," csv_quote(c) "," f[col["threads"]] "," sig(f[col["median_s"]], 3) "," duration(f[col["median_s"]]) "," \
				mem(f[col["peak_rss_kib"]]) "," sci(f[col["positions"]]) "," sci(f[col["positions_per_s"]]) "," \
				sci(f[col["moves_per_s_per_core"]]) "," sig(f[col["bytes_per_position"]], 2) "," \
				("file_bytes_per_position" in col ? sig(f[col["file_bytes_per_position"]], 3) : "") "," \
				("runs" in col ? f[col["runs"]] : "")
		}' "$1"
}

# bench_ratios BENCH_CSV CASE=REFERENCE...: each CASE against its REFERENCE case of the same
# run and thread count (both rows of BENCH_CSV; a pair missing a row is an error): positions
# per second and bytes per position of each, and their ratios to 2 significant digits:
# case,reference,threads,positions_per_s,reference_positions_per_s,speed_ratio,
# bytes_per_position,reference_bytes_per_position,memory_ratio
bench_ratios() {
	local csv=$1
	shift
	awk -v pairs="$*" "$CSV_AWK$SIG_AWK"'
		{ sub(/\r$/, "") }
		NR == 1 { n = split_csv($0, h); for (i = 1; i <= n; i++) col[h[i]] = i; next }
		{ split_csv($0, f); k = f[col["case"]] SUBSEP f[col["threads"]]
		  pps[k] = f[col["positions_per_s"]]; bpp[k] = f[col["bytes_per_position"]]; th[f[col["threads"]]] = 1 }
		END {
			print "case,reference,threads,positions_per_s,reference_positions_per_s,speed_ratio,bytes_per_position,reference_bytes_per_position,memory_ratio"
			np = split(pairs, p, " ")
			for (i = 1; i <= np; i++) {
				split(p[i], cr, "="); found = 0
				for (t = 1; t <= 64; t++) {
					a = cr[1] SUBSEP t; b = cr[2] SUBSEP t
					if (!(a in pps) || !(b in pps)) continue
					if (pps[a] == "" || pps[b] == "" || bpp[a] == "" || bpp[b] == "") continue
					found = 1
					print cr[1] "," cr[2] "," t "," pps[a] "," pps[b] "," sig(pps[a] / pps[b], 2) "," \
						bpp[a] "," bpp[b] "," sig(bpp[a] / bpp[b], 2)
				}
				if (!found) { print "bench_ratios: no rows of " cr[1] " and " cr[2] " at one thread count" > "/dev/stderr"; exit 1 }
			}
		}' "$csv"
}

# bench_work BENCH_CSV CASE=SOLVE_JSON...: the work of each solve case, measured in decided
# states: the won and lost positions of a two-player solve, the won and lost duels (every
# seat's) of a solve of three or more players, from that game's 'solve --format json'. The
# file's game must be the case's (its rules/options are the command's, less --threads).
# Each case against the first at the thread counts both have in BENCH_CSV:
# case,options,reference,threads,reachable,decided,decided_per_position,decided_per_s,
# reference_decided_per_s,decided_speed_ratio (options: the game's rule options)
bench_work() {
	local csv=$1 pair work=()
	shift
	for pair in "$@"; do
		work+=("$(scripts/json_flat "${pair#*=}" | awk -F '\t' -v c="${pair%%=*}" -v file="${pair#*=}" '
			$1 == "reachable" { r = $3 }
			$1 == "rules/options" { o = $3 }
			$1 == "counts/win" || $1 == "counts/loss" || $1 ~ /^duels\/[0-9]+\/(win|loss)$/ { d += $3; n++ }
			END {
				if (r == "" || n == 0) {
					print "bench_work: " file ": no reachable or decided counts (counts or duels; a file from before duels: solve it again)" > "/dev/stderr"
					exit 1
				}
				printf "%s\t%s\t%.0f\t%s\n", c, r, d, o
			}')") || return 1
	done
	printf '%s\n' "${work[@]}" | awk -F '\t' "$CSV_AWK$SIG_AWK"'
		FNR == NR { order[++nc] = $1; reach[$1] = $2; dec[$1] = $3; opts[$1] = $4; next }
		{ sub(/\r$/, "") }
		FNR == 1 { n = split_csv($0, h); for (i = 1; i <= n; i++) col[h[i]] = i; next }
		{
			split_csv($0, f); c = f[col["case"]]
			if (!(c in dec)) next
			cmd = f[col["command"]]; sub(/ --threads [0-9]+$/, "", cmd)
			if (cmd != "chopsticks solve " opts[c]) {
				print "bench_work: " c ": the file is of " opts[c] ", the case runs " cmd > "/dev/stderr"; bad = 1; exit 1
			}
			secs[c SUBSEP f[col["threads"]]] = f[col["median_s"]]
		}
		END {
			if (bad) exit 1
			print "case,options,reference,threads,reachable,decided,decided_per_position,decided_per_s,reference_decided_per_s,decided_speed_ratio"
			ref = order[1]
			for (i = 1; i <= nc; i++) {
				c = order[i]; found = 0
				for (t = 1; t <= 64; t++) {
					if (!((c SUBSEP t) in secs) || !((ref SUBSEP t) in secs)) continue
					found = 1
					rate = dec[c] / secs[c SUBSEP t]; rrate = dec[ref] / secs[ref SUBSEP t]
					printf "%s,%s,%s,%d,%s,%s,%s,%.3g,%.3g,%s\n", c, csv_quote(opts[c]), ref, t, reach[c], dec[c], \
						sig(dec[c] / reach[c], 3), \
						rate, rrate, sig(rate / rrate, 2)
				}
				if (!found) { print "bench_work: no rows of " c " and " ref " at one thread count" > "/dev/stderr"; exit 1 }
			}
		}' - "$csv"
}

# scale_counts COUNT_JSON...: one row per 'count --format json' file (the scale walks), its
# numbers exact (scripts/json_flat keeps big integers; jq would round them):
# hands,rollover,positions,distinct,reachable,terminal,max_depth. hands is read from
# "hands" whether it is one number or an array of one count per seat (all equal here).
scale_counts() {
	local f
	echo "hands,rollover,positions,distinct,reachable,terminal,max_depth"
	for f in "$@"; do
		scripts/json_flat "$f" | awk -F '\t' -v file="$f" '
			$1 == "hands" || $1 == "hands/0" { hands = $3 }
			$1 == "rollover" || $1 == "positions" || $1 == "distinct" || $1 == "reachable" ||
				$1 == "terminal" || $1 == "max_depth" { v[$1] = $3 }
			END {
				if (hands == "" || length(v) != 6) {
					print "scale_counts: " file ": missing hands or counts" > "/dev/stderr"; exit 1
				}
				print hands "," v["rollover"] "," v["positions"] "," v["distinct"] "," v["reachable"] "," \
					v["terminal"] "," v["max_depth"]
			}' || return 1
	done
}

# SPDX-License-Identifier: MIT
# The facts of `chopsticks claims --format json` for scripts/tex_facts, as lines
# KEY<TAB>TYPE<TAB>VALUE (TYPE as tex_facts' `lines`: n a number or plain text, s text never
# grouped, b bold text, tt a space-separated list of codes). Per claim ID: ID/number, /title,
# /verdict, /command; a claim with a table of rows: /rows, /first, /last (the rows' keys),
# /ROW/COLUMN for every cell and /agree; and the numbers the text quotes.
def line($k; $t; $v): "\($k)\t\($t)\t\($v)";
def value_in: "\(.value) in \(.remoteness // 0)";
def yes: if . then "yes" else "NO" end;
# $rows: [{key, cells: [[COLUMN, VALUE]...]}], in order.
def table($p; $rows):
	($rows | length) as $n
	| ($rows | to_entries[] | .key as $i | .value as $r
		| (if $i == 0 then line("\($p)/first"; "n"; $r.key) else empty end),
		  (if $i == $n - 1 then line("\($p)/last"; "n"; $r.key) else empty end),
		  ($r.cells[] | line("\($p)/\($r.key)/\(.[0])"; "n"; .[1]))),
	  line("\($p)/rows"; "n"; $n);

line("count"; "n"; .claims | length),
(.claims[] | .id as $p | .evidence as $e
	| line("\($p)/number"; "n"; .number), line("\($p)/title"; "s"; .statement),
	  line("\($p)/verdict"; "b"; .verdict), line("\($p)/command"; "s"; .command),
	  if $p == "lookahead" then
		table($p; [$e.rows[] | {key: .depth, cells: [["positions_checked", .checked], ["unsafe", .unsafe],
			["example_position_losing_pick", (if .example then "\(.example): \(.example_move)" else "-" end)]]}]),
		line("\($p)/safe"; "n"; $e.safe_depth), line("\($p)/unsafe_below"; "n"; $e.unsafe_depth)
	  elif $p == "moves" then
		($e | line("\($p)/claimed_total"; "n"; .claimed_total), line("\($p)/claimed_max"; "n"; .claimed_max),
			line("\($p)/total"; "n"; .total), line("\($p)/attacks"; "n"; .attacks),
			line("\($p)/splits"; "n"; .splits), line("\($p)/max"; "n"; .max),
			line("\($p)/max_at"; "s"; .max_at), line("\($p)/list"; "tt"; .moves | join(" ")))
	  elif $p == "cutoff" or $p == "halves" then
		table($p; [$e.rows[] | {key: (.variants | join(",")), cells: [["start_value", value_in]]}]),
		line("\($p)/alone"; "s"; $e.alone.value), line("\($p)/combinations"; "n"; $e.combinations)
	  elif $p == "fibonacci" then
		table($p; [$e.rows[] | {key: .rollover, cells: [["alpha_r", .alpha], ["reachable_walk", .reachable],
			["length_walk", .length], ["largest_layer", .largest_layer], ["agrees", (.agrees | yes)]]}]),
		line("\($p)/agree"; "n"; $e.agree)
	  elif $p == "rollover2" then
		table($p; [$e.rows[] | {key: .hands, cells: [["reachable_walk", .reachable], ["length_walk", .length],
			["start_value", value_in], ["agrees", (.agrees | yes)]]}]),
		line("\($p)/agree"; "n"; $e.agree)
	  elif $p == "uneven" then
		table($p; [range($e.from; $e.to + 1) as $a | {key: $a, cells: [range($e.from; $e.to + 1) as $b
			| [$b, ([$e.cells[] | select(.hands == [$a, $b]) | .label] | join(" / "))]]}]),
		($e | line("\($p)/more_wins"; "n"; .more_wins), line("\($p)/more_cases"; "n"; .more_cases),
			line("\($p)/fewer_losses"; "n"; .fewer_losses), line("\($p)/fewer_cases"; "n"; .fewer_cases),
			line("\($p)/rollovers"; "s"; .rollovers | map(tostring) | join(" / ")),
			line("\($p)/exceptions"; "s"; [.cells[] | select(.exception)
				| "\(.hands[0]) hands against \(.hands[1]) at rollover \(.rollover): \(.label)"]
				| if length == 0 then "none" else join("; ") end))
	  else empty end)

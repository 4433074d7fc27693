#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# scripts/simple_rule.py: the rule of Simple Chopsticks (README "Simple Chopsticks: the rule"),
# coded apart from the solver, agrees with the solver's export of every position for small
# hand counts, covers every mix of live hands, and fails when one exported value is wrong.
source "$(dirname "$0")/lib/harness.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
CHECK_TAG=simple_rule
command -v python3 >/dev/null || skip "no python3"

# rule_run WANT_EXIT ARGS...: runs the checker; its CSV row in $row (the header checked).
rule_run() {
	local want=$1 rc=0 out
	shift
	out=$(python3 "$root/scripts/simple_rule.py" "$@" 2>"$_tmp/err") || rc=$?
	check test "$rc" -eq "$want" -- "simple_rule.py $* exits $want (got $rc: $(head -c 300 "$_tmp/err"))"
	row=$(sed -n 2p <<<"$out")
	header=$(sed -n 1p <<<"$out")
}

for spec in 3:4 4:3 5:2; do
	rule_run 0 --binary "$BIN" --rollover "${spec%:*}" --hands "${spec#*:}"
	check test "$header" = "rollover,hands,games,starts,positions,mixes,mixes_possible,decided,undecided,agree,disagree,rule" -- "the header, rollover ${spec%:*}"
	IFS=, read -r r n games starts positions mixes possible decided undecided agree disagree _ <<<"$row"
	check test "$r,$n,$games,$disagree" = "${spec%:*},${spec#*:},$((${spec#*:} ** 2)),0" -- "rollover $r: every game of a, b <= $n, no disagreement ($row)"
	check test "$mixes" -eq "$possible" -a "$possible" -gt 0 -- "rollover $r: every mix of live hands checked ($mixes of $possible)"
	check test "$((decided + undecided))" -eq "$positions" -a "$agree" -eq "$decided" -- "rollover $r: the counts add up ($row)"
done
# At rollover 3 the rule decides every position.
rule_run 0 --binary "$BIN" --rollover 3 --hands 3
IFS=, read -r _ _ _ _ positions _ _ decided undecided _ <<<"$row"
check test "$undecided" -eq 0 -a "$decided" -eq "$positions" -- "rollover 3: every position decided ($row)"

# A solver that gets one position wrong: the first exported value flipped.
cat >"$_tmp/liar" <<LIAR
#!/usr/bin/env bash
"$BIN" "\$@" || exit
for ((i = 1; i <= \$#; i++)); do
	if [[ \${!i} == --export ]]; then
		j=\$((i + 1))
		sed -i '2s/,win,/,LOSS,/; 2s/,loss,/,win,/; 2s/,LOSS,/,loss,/' "\${!j}"
	fi
done
LIAR
chmod +x "$_tmp/liar"
rule_run 1 --binary "$_tmp/liar" --rollover 3 --hands 2
check grep -q '^simple_rule: disagree: .*the solver says' "$_tmp/err" -- "the flipped value is named as a disagreement"
rule_run 2 --binary "$BIN" --rollover 2 --hands 3
rule_run 2 --binary "$BIN" --rollover 3 --hands 17

finish

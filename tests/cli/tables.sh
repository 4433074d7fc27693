#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Format 2 tables (compressed blocks): `show --table` answers as a solve without a table,
# one code or many from standard input; a flipped byte is caught where it lies (header or
# index at open, a block when read, every block by verify); cuts are refused at open; a table
# of another game is refused; a format 1 table made by chopsticks before format 2
# (tests/data/standard_format1.tbl) still answers, and converts both ways; a CSV export with
# CR LF line ends reads as the same table. Tables of three and four players answer show,
# show - and play as a solve does, verify with the solve's per-seat counts, and are refused
# damaged, cut, as another game and in format 1.
source "$(dirname "$0")/lib/harness.sh"

game=(--hands 4 --rollover 10) # 511,225 indexes: two blocks per section
tbl=$_tmp/t.tbl
expect_exit 0 -- solve "${game[@]}" --save "$tbl"
expect_exit 0 -- verify "$tbl"
# verify's check needs about 1.12 MiB here and the decoded sections 1.25 bytes an index
# (639,031 bytes): at 1500K only the check fits memory, so the sections go to a scratch file
# in $TMPDIR; at 1M not even the check does.
expect_exit 2 -- verify "$tbl" --max-memory 1M
expect_stderr_match 'too large to verify here: it needs about 1.12 MiB'
expect_exit 0 -- verify "$tbl" --max-memory 1500K
expect_stdout_match 'verified: 510,496 positions'
expect_exit_sh 1 'TMPDIR="'"$_tmp"'/none" "$BIN" verify "'"$tbl"'" --max-memory 1500K'
expect_stderr_match "no scratch file of [0-9]+ bytes in $_tmp/none: No such file"

# u64 at byte offset $2 of file $1.
u64() { od -An -t u8 -j "$2" -N 8 "$1" | tr -d ' '; }
# Flips byte $2 of a copy of $3 (default $tbl) into $1.
flip() {
	cp "${3:-$tbl}" "$1"
	local old
	old=$(od -An -t u1 -j "$2" -N 1 "$1" | tr -d ' ')
	printf %b "\\x$(printf %02x $((old ^ 0x5a)))" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

# Answers against a solve from the position itself (no table): one code at a time, and as
# JSON lines from standard input (with a bad line and an unreachable code among them).
codes=(11111111 12341111 99992355 11115555 43211234)
want=
for code in "${codes[@]}"; do
	expect_exit 0 -- show "$code" "${game[@]}"
	solved=$stdout
	expect_exit 0 -- show "$code" "${game[@]}" --table "$tbl"
	if [[ $stdout == "$solved" ]]; then pass; else fail "show $code --table differs from show $code" "$stdout"; fi
	expect_exit 0 -- show "$code" "${game[@]}" --format json
	want+=$stdout$'\n'
done
printf '%s\n' "${codes[@]}" >"$_tmp/codes"
expect_exit_sh 0 '"$BIN" show --table "'"$tbl"'" --hands 4 --rollover 10 - <"'"$_tmp/codes"'"'
if [[ $stdout$'\n' == "$want" ]]; then pass; else fail "show - differs from show CODE --format json" "$stdout"; fi
# Many lines, answered by several threads a few lines at a time and written in order: each
# line what show CODE --format json prints, or an error object where that refuses the code,
# and the same bytes from one thread and from three.
awk 'BEGIN { srand(11); for (i = 0; i < 90; i++) { c = ""; for (k = 0; k < 8; k++) c = c int(rand() * 10); print c } }' \
	>"$_tmp/random_codes"
want=
while read -r code; do
	if "$BIN" show "$code" "${game[@]}" --table "$tbl" --format json >"$_tmp/one" 2>/dev/null; then
		want+=$(<"$_tmp/one")$'\n'
	else
		want+=error$'\n'
	fi
done <"$_tmp/random_codes"
expect_exit_sh 0 '"$BIN" show --table "'"$tbl"'" --hands 4 --rollover 10 --threads 3 - <"'"$_tmp/random_codes"'"'
three=$stdout
got=$(sed 's/^{"input":.*/error/' <<<"$three")
if [[ $got$'\n' == "$want" ]]; then pass; else fail "show - of 90 codes on 3 threads differs from show CODE" "$got"; fi
expect_exit_sh 0 '"$BIN" show --table "'"$tbl"'" --hands 4 --rollover 10 --threads 1 - <"'"$_tmp/random_codes"'"'
if [[ $stdout == "$three" ]]; then pass; else fail "show - differs between 1 and 3 threads" "$stdout"; fi
# In two batches (the second comes after a pause): the second finds the whole table kept
# and looks for nothing to decode.
expect_exit_sh 0 '{ sed -n 1,45p "'"$_tmp/random_codes"'"; sleep 1; sed -n 46,90p "'"$_tmp/random_codes"'"; } |
	"$BIN" show --table "'"$tbl"'" --hands 4 --rollover 10 --threads 3 -'
if [[ $stdout == "$three" ]]; then pass; else fail "show - in two batches differs from one" "$stdout"; fi
printf '11111111\r\nxyz\n00000000\n11111111' >"$_tmp/mixed"
expect_exit_sh 0 '"$BIN" show --table "'"$tbl"'" --hands 4 --rollover 10 - <"'"$_tmp/mixed"'"'
lines=$(jq -c '[.position, .error != null]' <<<"$stdout" | tr '\n' ' ')
if [[ $lines == '["11111111",false] [null,true] [null,true] ["11111111",false] ' ]]; then pass; else fail "error lines" "$lines"; fi
expect_exit 2 -- show - "${game[@]}"
expect_stderr_match 'needs --table'

# A table of another game, with the same index space.
expect_exit 2 -- show 11111111 --hands 4 --rollover 10 --overflow cutoff --table "$tbl"
expect_stderr_match 'another game'

# The meta part: header, settings, index, the overflow list's directory (none here), then
# the checksum of all that.
len=$(( $(u64 "$tbl" 64) >> 32 ))
index_at=$((128 + (len + 7) / 8 * 8))
count=$(u64 "$tbl" 104)
first=$(u64 "$tbl" 112)
for at in 20 100 $((index_at + 8)) $((index_at + 16 * count)) $((first - 3)); do
	flip "$_tmp/flip.tbl" "$at"
	expect_exit 2 -- show 11111111 "${game[@]}" --table "$_tmp/flip.tbl"
	expect_stderr_one_line
	expect_stderr_match 'damaged|checksum|version|another game'
	expect_exit 2 -- verify "$_tmp/flip.tbl"
done

# A block: the remoteness of places 0 .. 2^18 - 1 (index entry K; equal hands: index scheme
# 2). The start (index 0 here, a code of ones, at place 0) needs it; show names it, show - answers that line with the error, verify
# refuses the table.
block=$(u64 "$tbl" $((index_at + 16 * count)))
next=$(u64 "$tbl" $((index_at + 16 * count + 16)))
size0=$(stat -c %s "$tbl")
flip "$_tmp/block.tbl" $(((block + next) / 2))
expect_exit 2 -- show 11111111 "${game[@]}" --table "$_tmp/block.tbl"
expect_stderr_one_line
expect_stderr_match "block $count \\(the remoteness of places 0 to 262143\\) is damaged"
expect_exit_sh 0 'printf "11111111\n" | "$BIN" show --table "'"$_tmp/block.tbl"'" --hands 4 --rollover 10 -'
expect_stdout_match "\"error\":\".*block $count .*damaged"
expect_exit 2 -- verify "$_tmp/block.tbl"
expect_stderr_match "block $count "
expect_exit 2 -- verify "$_tmp/block.tbl" --save "$_tmp/never.tbl"
if [[ ! -e $_tmp/never.tbl ]]; then pass; else fail "a damaged table was converted"; fi

# The last block (the remoteness of places 262144 on, up to the end of the file), damaged:
# in one batch of show -, the lines that read it are error lines naming it and the others
# are the intact table's lines (11111111 and 11115555 read only block $count; 99992355
# reads block $((count + 1))).
flip "$_tmp/last.tbl" $(((next + size0) / 2))
printf '11111111\n99992355\n11115555\n' >"$_tmp/three"
expect_exit_sh 0 '"$BIN" show --table "'"$tbl"'" --hands 4 --rollover 10 - <"'"$_tmp/three"'"'
intact=$stdout
expect_exit_sh 0 '"$BIN" show --table "'"$_tmp/last.tbl"'" --hands 4 --rollover 10 - <"'"$_tmp/three"'"'
if [[ $(sed -n 1p <<<"$stdout") == "$(sed -n 1p <<<"$intact")" && $(sed -n 3p <<<"$stdout") == "$(sed -n 3p <<<"$intact")" ]]; then
	pass
else
	fail "a damaged block errs lines that do not read it" "$stdout"
fi
if [[ $(sed -n 2p <<<"$stdout") =~ \"error\":\".*block\ $((count + 1))\ .*damaged ]]; then pass; else fail "the line reading the damaged block" "$stdout"; fi

# The overflow list (remoteness past 254: one hand at rollover 150, one chunk),
# between the meta part's checksum and the blocks: the table opens, the start (a loss in 298)
# reads the chunk and is refused naming it, and verify refuses the table.
deep=(--hands 1 --rollover 150)
expect_exit 0 -- solve "${deep[@]}" --save "$_tmp/deep.tbl"
m=$(u64 "$_tmp/deep.tbl" 80) # the overflow entries, the header's M
flip "$_tmp/deep_flip.tbl" $(($(u64 "$_tmp/deep.tbl" 112) - 16 * m + 16 * (m / 2) + 9)) "$_tmp/deep.tbl"
expect_exit 0 -- show 1/1 "${deep[@]}" --table "$_tmp/deep.tbl"
expect_stdout_match 'loss in 298'
expect_exit 2 -- show 1/1 "${deep[@]}" --table "$_tmp/deep_flip.tbl"
expect_stderr_one_line
expect_stderr_match "overflow chunk 0 \\(entries 0 to $((m - 1)) of the overflow list\\) is damaged"
expect_exit 2 -- verify "$_tmp/deep_flip.tbl"
expect_stderr_match 'overflow chunk 0 '
# A stream on several threads whose lines mostly do not read that chunk (70/47, 130/3 and
# 75/1 do not; 2/1 does, 4 of 124 lines): the error falls on exactly the lines that read it,
# as on one thread, and the others are what show CODE prints.
want=
for code in 70/47 130/3 75/1; do
	expect_exit 0 -- show "$code" "${deep[@]}" --table "$_tmp/deep_flip.tbl" --format json
	want+=$stdout$'\n'
done
for ((i = 1; i <= 40; i++)); do
	printf '70/47\n130/3\n75/1\n'
	((i % 10 == 5)) && echo 2/1
done >"$_tmp/deep_codes"
for threads in 3 1; do
	expect_exit_sh 0 '"$BIN" show --table "'"$_tmp/deep_flip.tbl"'" --hands 1 --rollover 150 --threads '"$threads"' - <"'"$_tmp/deep_codes"'"'
	errs=$(grep -n '"error"' <<<"$stdout" | cut -d: -f1 | tr '\n' ' ')
	rest=$(grep -v '"error"' <<<"$stdout" | sort -u)
	if [[ $errs == "16 47 78 109 " && $rest$'\n' == "$(sort -u <<<"${want%$'\n'}")"$'\n' ]]; then
		pass
	else
		fail "show - on $threads threads: the damaged chunk's error on lines $errs" "$stdout"
	fi
done

# Cuts: in the header, the index, the first block, the last byte.
size=$(stat -c %s "$tbl")
for cut in 60 $((index_at + 20)) $((first + 10)) $((size - 1)); do
	head -c "$cut" "$tbl" >"$_tmp/cut.tbl"
	expect_exit 2 -- show 11111111 "${game[@]}" --table "$_tmp/cut.tbl"
	expect_stderr_match 'truncated|too short'
	expect_exit 2 -- verify "$_tmp/cut.tbl"
done

# Format 1, written by chopsticks before format 2 (standard rules), answers as a solve does,
# verifies, and converts to format 2 and back to the same bytes.
f1=$(dirname "$0")/../data/standard_format1.tbl
for code in 1111 1312 0401; do
	expect_exit 0 -- show "$code"
	solved=$stdout
	expect_exit 0 -- show "$code" --table "$f1"
	if [[ $stdout == "$solved" ]]; then pass; else fail "show $code --table (format 1) differs from show $code" "$stdout"; fi
done
expect_exit 0 -- verify "$f1" --save "$_tmp/f2.tbl"
expect_exit 0 -- verify "$_tmp/f2.tbl" --save "$_tmp/f1.tbl" --save-format 1
if cmp -s "$f1" "$_tmp/f1.tbl"; then pass; else fail "format 1 -> 2 -> 1 changed the file"; fi
expect_exit 0 -- solve --save "$_tmp/std.tbl"
if cmp -s "$_tmp/f2.tbl" "$_tmp/std.tbl"; then pass; else fail "the conversion differs from solve --save"; fi
expect_refused "--save-format '3'" -- verify "$f1" --save "$_tmp/x.tbl" --save-format 3

# A CSV export with CR LF line ends (as a spreadsheet writes it back) is the same table.
expect_exit 0 -- solve --export "$_tmp/std.csv"
sed 's/$/\r/' "$_tmp/std.csv" >"$_tmp/crlf.csv"
expect_exit 0 -- show 1312 --table "$_tmp/std.csv"
plain=$stdout
expect_exit 0 -- show 1312 --table "$_tmp/crlf.csv"
if [[ $stdout == "$plain" ]]; then pass; else fail "a CR LF export reads differently" "$stdout"; fi

# Three and four players: every seat's duel at every position. show and play from the table
# print what a solve without it prints (the start, a middle position, a terminal one; text
# and JSON), show - answers many codes, and verify finds each seat's counts of solve.
many_table() { # $1: table, $2...: the game's options; then codes to compare
	local t=$1 opts=$2 code want=
	shift 2
	# shellcheck disable=SC2086
	expect_exit 0 -- solve $opts --save "$t"
	for code in "$@"; do
		for format in text json; do
			# shellcheck disable=SC2086
			expect_exit 0 -- show "$code" $opts --format $format
			local solved=$stdout
			# shellcheck disable=SC2086
			expect_exit 0 -- show "$code" $opts --format $format --table "$t"
			if [[ $stdout == "$solved" ]]; then pass; else fail "show $code $opts --table ($format) differs" "$stdout"; fi
			[[ $format == json ]] && want+=$solved$'\n'
		done
	done
	printf '%s\n' "$@" >"$_tmp/many_codes"
	expect_exit_sh 0 '"$BIN" show --table "'"$t"'" '"$opts"' - <"'"$_tmp/many_codes"'"'
	if [[ $stdout$'\n' == "$want" ]]; then pass; else fail "show - ($opts) differs from show CODE --format json" "$stdout"; fi
	printf '1\nhint\n2\n1\n1\nquit\n' >"$_tmp/many_moves"
	expect_exit_sh 0 '"$BIN" play '"$opts"' <"'"$_tmp/many_moves"'"'
	local played=$stdout
	expect_exit_sh 0 '"$BIN" play '"$opts"' --table "'"$t"'" <"'"$_tmp/many_moves"'"'
	if [[ $stdout == "$played" ]]; then pass; else fail "play $opts --table differs from play" "$stdout"; fi
	# shellcheck disable=SC2086
	expect_exit 0 -- solve $opts --format json
	local duels
	duels=$(jq -c .duels <<<"$stdout")
	expect_exit 0 -- verify "$t" --format json
	if [[ $(jq -c '[.ok, .duels]' <<<"$stdout") == "[true,$duels]" ]]; then pass; else fail "verify $t" "$stdout"; fi
	expect_exit 0 -- verify "$t"
	expect_stdout_match "every seat's duel at each follows from the rules"
	expect_stdout_match 'seat 3 \(counted from the player to move\) against the others: win '
}
t3=$_tmp/p3.tbl
many_table "$t3" "--players 3 --hands 2 --rollover 4" 111111 112111 121123 000011
many_table "$_tmp/p4.tbl" "--players 4 --hands 1 --rollover 3" 1111 1211 0001
if [[ $(u64 "$t3" 88) == $((3 << 32 | 1 << 18)) && $(u64 "$t3" 96) == 1024 ]]; then pass; else fail "3 players: the header's players and stride"; fi
expect_exit 0 -- graph --players 3 --hands 2 --rollover 4
graphed=$stdout
expect_exit 0 -- graph --players 3 --hands 2 --rollover 4 --table "$t3"
if [[ $stdout == "$graphed" ]]; then pass; else fail "graph --table (3 players) differs from graph"; fi

# A flipped byte in the values block (one per section here): show names the block, show -
# answers with the error, verify refuses the table.
len=$(( $(u64 "$t3" 64) >> 32 ))
index_at=$((128 + (len + 7) / 8 * 8))
block=$(u64 "$t3" "$index_at")
next=$(u64 "$t3" $((index_at + 16)))
tbl=$t3 flip "$_tmp/p3block.tbl" $(((block + next) / 2))
expect_refused 'block 0 \(the values of states 0 to 3071\) is damaged' -- show 111111 --players 3 --hands 2 --rollover 4 --table "$_tmp/p3block.tbl"
expect_exit_sh 0 'printf "111111\n" | "$BIN" show --table "'"$_tmp/p3block.tbl"'" --players 3 --hands 2 --rollover 4 -'
expect_stdout_match '"error":".*block 0 .*damaged'
expect_exit 2 -- verify "$_tmp/p3block.tbl"
expect_stderr_match 'block 0 '
# Cuts are refused at open.
for cut in 100 $((index_at + 8)) $((block + 5)) $(($(stat -c %s "$t3") - 1)); do
	head -c "$cut" "$t3" >"$_tmp/p3cut.tbl"
	expect_refused 'truncated|too short' -- show 111111 --players 3 --hands 2 --rollover 4 --table "$_tmp/p3cut.tbl"
	expect_exit 2 -- verify "$_tmp/p3cut.tbl"
done
# The players in the header must be those of its settings: a table claiming 4 is damaged.
cp "$t3" "$_tmp/p3players.tbl"
printf '\x04' | dd of="$_tmp/p3players.tbl" bs=1 seek=92 conv=notrunc status=none
expect_refused 'damaged' -- show 111111 --players 3 --hands 2 --rollover 4 --table "$_tmp/p3players.tbl"
# Another game: a two-player table under three players' options, and the other way round.
expect_refused "another game: it has players=2, these options give players=3" -- show 111111 --players 3 --hands 2 --rollover 4 --table "$_tmp/std.tbl"
expect_refused 'another game' -- show 1111 --table "$t3"
expect_refused 'another game' -- play --players 3 --hands 2 --rollover 5 --table "$t3"
# Format 1 keeps two players only; format 2 converts to the same bytes.
expect_refused 'format 1 keeps two players only' -- verify "$t3" --save "$_tmp/p3f1.tbl" --save-format 1
if [[ ! -e $_tmp/p3f1.tbl ]]; then pass; else fail "a three-player format 1 table was written"; fi
expect_exit 0 -- verify "$t3" --save "$_tmp/p3again.tbl"
if cmp -s "$t3" "$_tmp/p3again.tbl"; then pass; else fail "3 players: verify --save changed the table"; fi
# A CSV export is of two players only.
expect_refused 'a CSV export holds two players' -- show 111111 --players 3 --hands 2 --rollover 4 --table "$_tmp/std.csv"

finish

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks a rule for Simple Chopsticks (attacks only, cutoff: `--variant attacks-only,cutoff
--rollover R`) against the solver's export of every position, a and b hands up to N.

The rule is coded here from its statement alone (README "Simple Chopsticks: the rule"); it
reads only the live hands of each side, never the solver. A position is the mover's live
hands X (n of them) against the opponent's Y (m), each hand 1..R-1.
  n >= m + 1: the mover wins; n <= m - 2: the mover loses (any R). Between (n = m, n = m - 1):
  at R = 3 (x1, x2: the mover's 1- and 2-finger hands; y1, y2 the opponent's)
    n = m and y2 = 0: the mover wins iff x1 is even;
    n = m - 1, x2 = 0 and y2 > 0: the mover wins iff y1 is odd;
    otherwise the mover wins iff n >= m.
  at R >= 4 the rule decides nothing between: those positions are counted, not checked.
A mover with no live hand has lost.

Two sets of positions are checked. (1) For every a, b in 1..N, every position reachable from
the start of a hands against b (`solve --hands a,b --export`). (2) Every mix of live hands:
in the game of N hands against N, the export from each start with max(n, m) = N (dead hands
as 0); every mix with n, m <= N is reachable from one of them (from n + k against m + k a
kill by each side, of a hand of R-1 fingers, removes one hand each). A start already seen in
an earlier export is skipped: everything it reaches was in that export.

Writes one CSV row (stdout): rollover,hands,games,starts,positions,mixes,mixes_possible,
decided,undecided,agree,disagree,rule. Exit status: 0 when the rule and the solver agree on
every position it decides, 1 on any disagreement (the first few on stderr) or a failed
solve, 2 on bad usage."""
import argparse
import csv
import itertools
import os
import subprocess
import sys
import tempfile


def rule(r, xs, ys):
    """'win' or 'loss' for the mover with live hands xs against ys, or None (not decided)."""
    n, m = len(xs), len(ys)
    if n == 0:
        return "loss"
    if n >= m + 1:
        return "win"
    if n <= m - 2:
        return "loss"
    if r != 3:
        return None
    x1, x2, y1, y2 = xs.count(1), xs.count(2), ys.count(1), ys.count(2)
    if n == m and y2 == 0:
        return "win" if x1 % 2 == 0 else "loss"
    if n == m - 1 and x2 == 0 and y2 > 0:
        return "win" if y1 % 2 == 1 else "loss"
    return "win" if n >= m else "loss"


RULE_TEXT = {3: "n >= m + 1 wins; n <= m - 2 loses; n = m: wins unless y2 = 0 and x1 is odd;"
                " n = m - 1: loses unless x2 = 0, y2 > 0 and y1 is odd",
             None: "n >= m + 1 wins; n <= m - 2 loses; n = m and n = m - 1 not decided"}


def live(side):
    return tuple(sorted(int(c) for c in side if c != "0"))


def split_code(code, a):
    """The two sides of a code, the mover first: 'X/Y', or 2a digits when hands are equal."""
    if "/" in code:
        return code.split("/")
    return code[:a], code[a:]


class Check:
    def __init__(self, binary, r):
        self.binary, self.r = binary, r
        self.seen, self.mixes = set(), set()
        self.games = self.starts = self.decided = self.undecided = self.agree = 0
        self.bad = []
        self.tmp = tempfile.mkdtemp(prefix="simple_rule.")

    def export(self, a, b, start=None):
        out = os.path.join(self.tmp, "e.csv")
        cmd = [self.binary, "solve", "--variant", "attacks-only,cutoff", "--rollover",
               str(self.r), "--hands", "%d,%d" % (a, b), "--export", out]
        if start:
            cmd += ["--start", start]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        with open(out, newline="") as f:
            for row in csv.DictReader(f):
                self.position(row["code"], a, row["value"])
        os.remove(out)

    def position(self, code, a, value):
        if code in self.seen:
            return
        self.seen.add(code)
        mover, other = split_code(code, a)
        xs, ys = live(mover), live(other)
        self.mixes.add((xs, ys))
        want = rule(self.r, xs, ys)
        if want is None:
            self.undecided += 1
        elif want == value:
            self.decided += 1
            self.agree += 1
        else:
            self.decided += 1
            self.bad.append("%s: the solver says %s, the rule %s" % (code, value, want))

    def run(self, n):
        for a in range(1, n + 1):
            for b in range(1, n + 1):
                self.export(a, b)
                self.games += 1
        values = range(1, self.r)
        sides = [s for k in range(n + 1) for s in itertools.combinations_with_replacement(values, k)]
        # The largest starts first (most live hands, fewest fingers): they reach the most.
        starts = sorted(((x, y) for x in sides for y in sides if max(len(x), len(y)) == n and y),
                        key=lambda p: (-len(p[0]) - len(p[1]), sum(p[0]) + sum(p[1])))
        for xs, ys in starts:
            code = "".join(map(str, (0,) * (n - len(xs)) + xs)) + \
                "".join(map(str, (0,) * (n - len(ys)) + ys))
            if code in self.seen:
                continue
            self.export(n, n, code)
            self.starts += 1
        possible = sum(1 for x in sides for y in sides if y)
        return possible


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--binary", default="build/release/cli/chopsticks")
    p.add_argument("--rollover", type=int, required=True, help="3 to 10")
    p.add_argument("--hands", type=int, required=True, help="N: a and b from 1 to N (1..16)")
    args = p.parse_args()
    if not 3 <= args.rollover <= 10:
        p.error("--rollover must be from 3 to 10, got %d" % args.rollover)
    if not 1 <= args.hands <= 16:
        p.error("--hands must be from 1 to 16, got %d" % args.hands)
    c = Check(args.binary, args.rollover)
    try:
        possible = c.run(args.hands)
    except (subprocess.CalledProcessError, OSError) as e:
        print("simple_rule: %s" % e, file=sys.stderr)
        return 1
    finally:
        for f in os.listdir(c.tmp):
            os.remove(os.path.join(c.tmp, f))
        os.rmdir(c.tmp)
    print("rollover,hands,games,starts,positions,mixes,mixes_possible,decided,undecided,agree,disagree,rule")
    print("%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,\"%s\"" % (
        args.rollover, args.hands, c.games, c.starts, len(c.seen), len(c.mixes), possible,
        c.decided, c.undecided, c.agree, len(c.bad),
        RULE_TEXT[3 if args.rollover == 3 else None]))
    for line in c.bad[:10]:
        print("simple_rule: disagree: " + line, file=sys.stderr)
    return 1 if c.bad else 0


if __name__ == "__main__":
    sys.exit(main())

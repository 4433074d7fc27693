# SPDX-License-Identifier: MIT
"""Checks the order of the moves in show's JSON lines (one object a line, the file named by
the first argument), from the README's rule alone: wins first, fewer moves to the end
first; then draws; then losses, more moves first; moves of equal value and remoteness by
their resulting code, byte by byte. With three or more players the value is the mover's
duel (seat 1). Exit status 1, naming the first position out of order, when one is."""
import json
import sys


def rank(move):
    if "seats" in move:
        move = move["seats"][0]
    value, remoteness = move["value"], move["remoteness"]
    if value == "win":
        return (0, remoteness)
    if value == "draw":
        return (1, 0)
    return (2, -remoteness)


def main(path):
    positions = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            shown = json.loads(line)
            moves = shown["moves"]
            keys = [(rank(m), m["result"].encode()) for m in moves]
            if keys != sorted(keys) or len({m["result"] for m in moves}) != len(moves):
                print(f"moves of {shown['position']} out of order: {[m['result'] for m in moves]}")
                return 1
            positions += 1
    return 0 if positions else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

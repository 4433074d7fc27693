#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Where the game changes hands: solves every game of a grid of hands x rollover (with the same
# variants) through the Python package and draws the value of the start for the first player
# as a heat map, each cell labelled with the remoteness. Uses matplotlib (Debian:
# python3-matplotlib) only for the picture; --csv prints the grid instead, without it.
#     PYTHONPATH=PREFIX/lib/python3/dist-packages examples/frontier.py --hands 1-4 \
#         --rollover 2-9 --variant cutoff -o frontier.png
import argparse
import sys

import chopsticks

VALUES = ("win", "draw", "loss")  # the colour scale, first player's best to worst


def span(text):
    """"2-6" or "4" as a range of ints."""
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def solve_grid(hands, rollovers, variants, threads):
    """{(h, r): (value, remoteness)} of the start of each game of the grid."""
    grid = {}
    for h in hands:
        for r in rollovers:
            game = chopsticks.Game(hands=h, rollover=r, variants=variants)
            grid[h, r] = game.solve(threads=threads)[game.start]
            print("hands %d rollover %d: %s" % (h, r, grid[h, r][0]), file=sys.stderr)
    return grid


def write_csv(grid):
    print("hands,rollover,value,remoteness")
    for (h, r), (value, remoteness) in sorted(grid.items()):
        print("%d,%d,%s,%s" % (h, r, value, "" if remoteness is None else remoteness))


def draw(grid, hands, rollovers, variants, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import ListedColormap

    cells = [[VALUES.index(grid[h, r][0]) for r in rollovers] for h in hands]
    fig, ax = plt.subplots(figsize=(1 + 0.6 * len(rollovers), 1 + 0.5 * len(hands)))
    ax.imshow(cells, cmap=ListedColormap(["#4c9f70", "#d8d8d8", "#c8553d"]), vmin=0, vmax=2,
              origin="lower", aspect="auto")
    for i, h in enumerate(hands):
        for j, r in enumerate(rollovers):
            value, remoteness = grid[h, r]
            ax.text(j, i, value[0].upper() + ("" if remoteness is None else str(remoteness)),
                    ha="center", va="center", fontsize=8)
    ax.set_xticks(range(len(rollovers)), [str(r) for r in rollovers])
    ax.set_yticks(range(len(hands)), [str(h) for h in hands])
    ax.set_xlabel("rollover")
    ax.set_ylabel("hands per player")
    ax.set_title("the start for the first player (W win, L loss, D draw; moves to the end)%s"
                 % ("\nvariants: " + ",".join(variants) if variants else ""), fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main():
    parser = argparse.ArgumentParser(description="The value of the start over hands x rollover.")
    parser.add_argument("--hands", type=span, default=span("1-4"), help="e.g. 1-4 (default)")
    parser.add_argument("--rollover", type=span, default=span("2-8"), help="e.g. 2-8 (default)")
    parser.add_argument("--variant", default="", help="comma-separated variant names")
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--csv", action="store_true", help="print the grid as CSV, draw nothing")
    parser.add_argument("-o", "--output", default="frontier.png", help="the picture (PNG)")
    args = parser.parse_args()
    variants = [v for v in args.variant.split(",") if v]
    try:
        grid = solve_grid(args.hands, args.rollover, variants, args.threads)
    except chopsticks.Error as e:
        print("frontier: %s" % e, file=sys.stderr)
        return e.status
    if args.csv:
        write_csv(grid)
    else:
        draw(grid, args.hands, args.rollover, variants, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())

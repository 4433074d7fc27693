# SPDX-License-Identifier: MIT
"""chopsticks: the hand game Chopsticks counted, walked and solved, from Python. A binding of
the C library libchopsticks (include/chopsticks.h) through ctypes; NumPy, when installed,
gives the arrays. README "Using the library from Python" shows it at work.

    import chopsticks
    game = chopsticks.Game(hands=3, rollover=5, variants=["cutoff"])
    solution = game.solve()
    solution["111111"]          # ("draw", None): value and remoteness for the player to move
"""
from ._lib import (BAD_INPUT, DRAW, FAILURE, INTERRUPTED, LOSS, OK, UNREACHABLE, WIN, Error,
                   Progress, lib)
from .game import Count, Final, Game, Games, Line
from .solution import Move, Solution, Strategy, Table

__version__ = lib.version().decode()

__all__ = ["Game", "Count", "Games", "Line", "Final", "Solution", "Table", "Move", "Strategy",
           "Progress", "Error", "OK", "FAILURE", "BAD_INPUT", "INTERRUPTED", "UNREACHABLE", "WIN",
           "LOSS", "DRAW", "__version__"]

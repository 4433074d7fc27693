# SPDX-License-Identifier: MIT
"""Solved games (chopsticks.Solution, and chopsticks.Table for a saved one): probes by code or
index, one or many, the moves of a position, arrays over the index, saving, strategies. A
closed solution raises Error; its memory goes when the last object that uses it goes."""
import ctypes
from collections import namedtuple

from . import _arrays, _lib
from ._lib import lib
from .game import Game

STRATEGY_KINDS = ("win", "resist", "avoid")


def _outcome(value, remoteness, what):
    """(value, remoteness) as Python gives them: remoteness None for a draw."""
    if value == _lib.UNREACHABLE:
        raise _lib.Error(_lib.BAD_INPUT, "%s: not reachable from the start" % what)
    return _lib.VALUE_NAMES[value], None if value == _lib.DRAW else remoteness


Move = namedtuple("Move", "move code index value remoteness")
Move.__doc__ = """A move from a position: its text ("1->3", "13->22", "pass"), the result's code and
index, and the value and remoteness for the mover (this move included; None for a draw)."""


class Strategy:
    """A short list of targets for one side (Solution.strategy): kind ("win", "resist" or
    "avoid"), moves (the promise's number of moves) and targets, (code, remoteness) pairs as
    chop_strategy_target gives them (None where the kind has none)."""

    def __init__(self, handle):
        self._handle = handle
        self.kind = STRATEGY_KINDS[lib.strategy_kind_of(handle.ptr)]
        self.moves = lib.strategy_moves(handle.ptr) if self.kind != "avoid" else None
        self.targets = [self._target(i) for i in range(lib.strategy_count(handle.ptr))]

    def _target(self, i):
        r = ctypes.c_uint()
        code = _lib.text(lib.strategy_target(self._handle.ptr, i, ctypes.byref(r)))
        none = self.kind == "avoid" or r.value == 0xFFFFFFFF
        return code, None if none else r.value

    def check(self):
        """Plays the list against every reply; Error naming the fault when it fails."""
        _lib.checked(lib.strategy_check, self._handle.ptr)

    def __repr__(self):
        return "<Strategy %s, %s moves, %d targets>" % (self.kind, self.moves, len(self.targets))


class Solution:
    """Every reachable position of a game solved (Game.solve). solution[position], where a
    position is a code or an index, gives (value, remoteness): "win", "loss" or "draw" for the
    player to move, and the moves to the end (None for a draw); with three or more players,
    the mover's duel against the others (seats() gives every seat's)."""

    @classmethod
    def _of(cls, handle):
        s = cls.__new__(cls)
        s._handle = handle
        s._game = Game._borrowed(lib.solution_game(handle.ptr), handle)
        return s

    def _ptr(self):
        if self._handle is None:
            raise _lib.Error(_lib.BAD_INPUT, "the %s is closed" % type(self).__name__.lower())
        return self._handle.ptr

    @property
    def game(self):
        """The game solved (a Game that keeps the solution's memory while it lives)."""
        self._ptr()
        return self._game

    def close(self):
        """Lets the solution go: further calls raise Error. Its memory is freed at once unless
        an array view (packed_values, remoteness) or its game is still used, then when they go."""
        self._handle = self._game = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self):
        if self._handle is None:
            return "<%s, closed>" % type(self).__name__
        return "<%s of %r, %d reachable>" % (type(self).__name__, self._game, self.reachable)

    @property
    def reachable(self):
        return lib.solution_reachable(self._ptr())

    @property
    def counts(self):
        """Reachable positions by value (two players): {"win": .., "loss": .., "draw": ..}."""
        ptr = self._ptr()
        return {name: lib.solution_count(ptr, v) for v, name in _lib.VALUE_NAMES.items()}

    @property
    def longest(self):
        """The longest forced line: (remoteness, code where it starts), None without one."""
        r, at = ctypes.c_uint(), ctypes.c_uint64()
        if not lib.solution_longest(self._ptr(), ctypes.byref(r), ctypes.byref(at)):
            return None
        return r.value, self.game.code(at.value)

    def _value(self, position, seat):
        ptr = self._ptr()
        index = self.game._index_of(position)
        r = ctypes.c_uint()
        return _outcome(lib.solution_value(ptr, index, seat, ctypes.byref(r)), r.value, repr(position))

    def __getitem__(self, position):
        return self._value(position, 0)

    def seats(self, position):
        """(value, remoteness) of each seat's duel, the player to move first."""
        return [self._value(position, seat) for seat in range(self.game.players)]

    def moves(self, position):
        """The moves from position, best first for the mover (a list of Move)."""
        code = position if isinstance(position, str) else self.game.code(self.game._index_of(position))
        m = _lib.Handle(_lib.created(lib.solution_moves, self._ptr(), _lib.encoded(code, "code")),
                        lib.moves_free)
        return [_move(m.ptr, i) for i in range(lib.moves_count(m.ptr))]

    def probe(self, codes):
        """Many codes (str each) at once: (values, remoteness) arrays, a chop_value
        (chopsticks.WIN, LOSS, DRAW; UNREACHABLE for a bad or unreachable code) and the
        remoteness per code. Parsed in one call, then probed as probe_index does."""
        ptr = self._ptr()
        keep, pointers, n = _arrays.codes_in_memory(codes)
        indexes = _arrays.empty("Q", n)
        lib.game_parse_many(self._game._handle.ptr, pointers, n, _arrays.address(indexes))
        del keep  # read: the pointers may go now
        return self._probe(ptr, *_arrays.sorted_indexes(indexes), 0)

    def probe_index(self, indexes, seat=0):
        """Many indexes at once (a NumPy array, or any ints): (values, remoteness) as probe();
        an index past the index space gets UNREACHABLE. With NumPy the batch is probed in
        index order, which a large table (memory or disk) answers several times faster."""
        return self._probe(self._ptr(), *_arrays.sorted_indexes(indexes), _lib.count_arg(seat, "seat"))

    @staticmethod
    def _probe(ptr, indexes, order, seat):
        n = len(indexes)
        values, remoteness = _arrays.empty("B", n), _arrays.empty("I", n)
        lib.solution_value_many(ptr, _arrays.address(indexes), n, seat, _arrays.address(values),
                                _arrays.address(remoteness))
        return _arrays.unsorted(values, order), _arrays.unsorted(remoteness, order)

    def arrays(self, seat=0):
        """(values, remoteness) of every index for seat's duel: copies, a chop_value (uint8)
        and the exact remoteness (uint32) per index."""
        ptr = self._ptr()
        n = self.game.size
        values, remoteness = _arrays.empty("B", n), _arrays.empty("I", n)
        _lib.checked(lib.solution_range, ptr, 0, n, _lib.count_arg(seat, "seat"),
                     _arrays.address(values), _arrays.address(remoteness))
        return values, remoteness

    @property
    def packed_values(self):
        """The values as the library keeps them, 2 bits per index (index i in bits 2 (i % 4)
        of byte i // 4): a read-only view, no copy. Two players only."""
        bytes_ = ctypes.c_uint64()
        data = lib.solution_packed_values(self._ptr(), ctypes.byref(bytes_))
        if not data:
            raise _lib.Error(_lib.BAD_INPUT, "packed values: two players only (use arrays(seat))")
        return _arrays.view(data, bytes_.value, self._handle)

    @property
    def values(self):
        """The value of each index for the player to move (chop_value, uint8), unpacked from
        packed_values (with three or more players: arrays()[0])."""
        if self.game.players > 2:
            return self.arrays()[0]
        return _arrays.unpack(self.packed_values, self.game.size)

    @property
    def remoteness(self):
        """The remoteness of each index for the player to move (0 for a draw or an
        unreachable index): a read-only uint8 view, no copy, when every remoteness is below
        255; else an exact uint32 copy (arrays()[1])."""
        ptr = self._ptr()
        bytes_ = ctypes.c_uint64()
        data = lib.solution_remoteness_bytes(ptr, ctypes.byref(bytes_))
        if not data or lib.solution_overflow_count(ptr):
            return self.arrays()[1]
        return _arrays.view(data, bytes_.value, self._handle)

    def save(self, path):
        """Saves the solution as a table (chopsticks.Table.open reads it; three or more
        players: every seat's duel)."""
        _lib.checked(lib.solution_save, self._ptr(), _lib.encoded(path, "path"))

    def strategy(self, side=0, root=None):
        """A short list of targets for side (0: the player to move at root, 1: the other)
        from root (a code; None: the start), checked before it is returned (Strategy)."""
        root = None if root is None else _lib.encoded(root, "root")
        ptr = _lib.created(lib.strategy_build, self._ptr(), root, _lib.count_arg(side, "side"))
        return Strategy(_lib.Handle(ptr, lib.strategy_free))


class Table(Solution):
    """A saved table (Solution.save, `chopsticks solve --save`), probed like a Solution
    without solving again: Table.open(path, game=None); with a game, a table of any other game
    is refused."""

    @classmethod
    def open(cls, path, game=None):
        if game is not None and not isinstance(game, Game):
            raise TypeError("game must be a Game, not %s" % type(game).__name__)
        encoded = _lib.encoded(path, "path")
        ptr = _lib.created(lib.table_open, encoded, game._handle.ptr if game is not None else None)
        table = cls._of(_lib.Handle(ptr, lib.solution_free))
        table.path = path
        return table

    def verify(self, threads=None, max_memory=None, progress=None):
        """Checks the file against its rules alone; Error with the first fault otherwise."""
        self._ptr()
        _lib.LongCall(threads, max_memory, progress).run(lib.table_verify, _lib.encoded(self.path, "path"))


def _move(ptr, i):
    r = ctypes.c_uint()
    value, remoteness = _outcome(lib.moves_value(ptr, i, ctypes.byref(r)), r.value, "move")
    return Move(_lib.text(lib.moves_text(ptr, i)), _lib.text(lib.moves_code(ptr, i)),
                lib.moves_index(ptr, i), value, remoteness)

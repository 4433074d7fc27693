# SPDX-License-Identifier: MIT
"""Games (chopsticks.Game): rule options in, the walk (Count), the game lengths (Games) and
the solve out. A Game is built only through the library's option scanner, so it takes and
refuses exactly what the command line does."""
import ctypes
from collections import namedtuple

from . import _lib
from ._lib import lib


def _word(value, what):
    """One option value: no blank may split it into two words."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise TypeError("%s must be a str or an int, not %s" % (what, type(value).__name__))
    value = str(value)
    if not value or any(c.isspace() for c in value):
        raise _lib.Error(_lib.BAD_INPUT, "%s %r: must be one word" % (what, value))
    return value


def _listed(value, what):
    """A value that may be a list: 3, "3,2" or [3, 2] give "3" or "3,2"."""
    if isinstance(value, (list, tuple)):
        return ",".join(_word(v, what) for v in value)
    return _word(value, what)


def _option_string(hands, rollover, variants, players, lives, start, axes):
    words = ["--players", _word(players, "players"), "--hands", _listed(hands, "hands"),
             "--rollover", _word(rollover, "rollover")]
    if isinstance(variants, str):
        variants = [variants] if variants else []
    if variants:
        words += ["--variant", _listed(list(variants), "variants")]
    for name, value in (("lives", lives), ("start", start)):
        if value is not None:
            words += ["--" + name, _word(value, name)]
    for axis, value in axes.items():
        words += ["--" + axis.replace("_", "-"), _word(value, axis)]
    return " ".join(words)


def _settings_rules(settings, options):
    """The command line's JSON "rules" object from the settings line and the options."""
    fields = dict(item.split("=", 1) for item in settings.split())
    players = int(fields.pop("players"))
    hands = [int(h) for h in fields.pop("hands").split(",")]
    words = options.split()
    variants = words[words.index("--variant") + 1].split(",") if "--variant" in words else []
    return {"players": players, "hands": hands * players if len(hands) == 1 else hands,
            "rollover": int(fields.pop("rollover")), "lives": int(fields.pop("lives")),
            "start": fields.pop("start"), "variants": variants, "axes": fields,
            "options": options, "settings": settings}


Count = namedtuple("Count", "positions distinct reachable terminal moves max_depth layers layers_terminal")
Count.__doc__ = """The walk from the start: the closed forms, reachable and terminal positions, moves
out of reachable positions, the greatest distance and the positions at each distance."""
Line = namedtuple("Line", "length count examples")
Line.__doc__ = "Shortest or longest geodesic games: their length, how many, examples (code tuples)."
Final = namedtuple("Final", "code length winner")
Final.__doc__ = "A reachable terminal position, the fewest moves to it, the 1-based seat that won."
Games = namedtuple("Games", "shortest longest_geodesic finals")
Games.__doc__ = "Shortest and longest geodesic games (Line each) and the finals (Final each)."


class Game:
    """A game of Chopsticks: Game(hands=2, rollover=5, variants=(), players=2, lives=None,
    start=None, **axes), where hands may be a list per player and each axis is an axis option
    of the command line with _ for - (overflow="cutoff", start_hands="full"); or
    Game.from_options("--hands 3,2 --variant cutoff")."""

    def __init__(self, hands=2, rollover=5, variants=(), players=2, lives=None, start=None, **axes):
        options = _option_string(hands, rollover, variants, players, lives, start, axes)
        self._own(_lib.Handle(_lib.created(lib.game_from_options, options.encode()), lib.game_free))

    @classmethod
    def from_options(cls, options):
        game = cls.__new__(cls)
        ptr = _lib.created(lib.game_from_options, _lib.encoded(options, "options"))
        game._own(_lib.Handle(ptr, lib.game_free))
        return game

    @classmethod
    def _borrowed(cls, ptr, owner):
        """The game a solution holds, kept alive with it."""
        game = cls.__new__(cls)
        game._own(_lib.Handle(ptr, None, owner))
        return game

    def _own(self, handle):
        self._handle = handle
        self.settings = _lib.text(lib.game_settings(handle.ptr))
        self.options = _lib.text(lib.game_options(handle.ptr))
        self.rules = _settings_rules(self.settings, self.options)
        self.players = lib.game_players(handle.ptr)
        self.size = lib.game_size(handle.ptr)
        self.start = lib.game_start(handle.ptr)

    def __repr__(self):
        return "Game.from_options(%r)" % self.options

    def __eq__(self, other):
        return isinstance(other, Game) and self.settings == other.settings

    def __hash__(self):
        return hash(self.settings)

    def index(self, code):
        """The index of a position's code; Error for a code that is no position of the game."""
        index = ctypes.c_uint64()
        _lib.checked(lib.game_parse, self._handle.ptr, _lib.encoded(code, "code"), ctypes.byref(index))
        return index.value

    def code(self, index):
        """The code of an index (0 .. size - 1)."""
        n = lib.game_code_max(self._handle.ptr)
        buf = ctypes.create_string_buffer(n)
        _lib.checked(lib.game_format, self._handle.ptr, _lib.count_arg(index, "index"), buf, n)
        return _lib.text(buf.value)

    def is_terminal(self, position):
        """Whether the game is over at position (a code or an index)."""
        return bool(lib.game_is_terminal(self._handle.ptr, self._index_of(position)))

    def _index_of(self, position):
        if isinstance(position, str):
            return self.index(position)
        index = _lib.count_arg(position, "position")
        if index >= self.size:
            raise _lib.Error(_lib.BAD_INPUT, "index %d: past the index space of %d" % (index, self.size))
        return index

    def count(self, threads=None, max_memory=None, progress=None):
        """The walk from the start (Count)."""
        call = _lib.LongCall(threads, max_memory, progress)
        c = _lib.Handle(call.run(lib.count_run, self._handle.ptr, free=lib.count_free), lib.count_free)
        depth = lib.count_max_depth(c.ptr)
        layers, terminal = [], []
        for d in range(depth + 1):
            t = ctypes.c_uint64()
            layers.append(lib.count_layer(c.ptr, d, ctypes.byref(t)))
            terminal.append(t.value)
        return Count(int(lib.count_positions(c.ptr)), int(lib.count_distinct(c.ptr)),
                     lib.count_reachable(c.ptr), lib.count_terminal(c.ptr), lib.count_moves(c.ptr),
                     depth, tuple(layers), tuple(terminal))

    def solve(self, threads=None, max_memory=None, progress=None):
        """Every reachable position solved (Solution)."""
        from .solution import Solution
        call = _lib.LongCall(threads, max_memory, progress)
        ptr = call.run(lib.solve, self._handle.ptr, free=lib.solution_free)
        return Solution._of(_lib.Handle(ptr, lib.solution_free))

    def games(self, threads=None, max_memory=None, progress=None):
        """Shortest and longest geodesic games and the finals (Games)."""
        call = _lib.LongCall(threads, max_memory, progress)
        g = _lib.Handle(call.run(lib.games_run, self._handle.ptr, free=lib.games_free), lib.games_free)
        finals = []
        for i in range(lib.games_final_count(g.ptr)):
            length, winner = ctypes.c_uint(), ctypes.c_uint()
            code = lib.games_final(g.ptr, i, ctypes.byref(length), ctypes.byref(winner))
            finals.append(Final(_lib.text(code), length.value, winner.value))
        return Games(_line(g, 0), _line(g, 1), tuple(finals))

    def strategy(self, side=0, root=None, threads=None, max_memory=None, progress=None):
        """A short list of targets for side from root (None: the start), from a solve
        (Solution.strategy)."""
        return self.solve(threads, max_memory, progress).strategy(side, root)


def _line(g, kind):
    examples = tuple(tuple(_lib.text(lib.games_example(g.ptr, kind, i)).split())
                     for i in range(lib.games_example_count(g.ptr, kind)))
    return Line(lib.games_length(g.ptr, kind), int(lib.games_number(g.ptr, kind)), examples)

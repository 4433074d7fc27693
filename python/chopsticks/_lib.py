# SPDX-License-Identifier: MIT
"""libchopsticks through ctypes: finding the library, the prototypes of include/chopsticks.h,
errors as chopsticks.Error, the handles that own C objects, and long calls' configuration.
Internal: the rest of the package calls the library only through this module. Invariant: a C
pointer is used only while the Handle that owns it (or one that keeps its owner) is alive."""
import ctypes
import os
import signal
import threading
import weakref

ENV = "CHOPSTICKS_LIBRARY"

OK, FAILURE, BAD_INPUT, INTERRUPTED = 0, 1, 2, 130
UNREACHABLE, WIN, LOSS, DRAW = 0, 1, 2, 3
VALUE_NAMES = {WIN: "win", LOSS: "loss", DRAW: "draw"}


class Error(Exception):
    """A call the library refused or could not finish: .status is BAD_INPUT (2: a bad option,
    code, path or table; an instance too large), FAILURE (1: I/O, memory) or INTERRUPTED
    (130: the progress callback asked to stop); the message is the library's one line."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


def _candidates():
    """Where to look for the library, first to last: $CHOPSTICKS_LIBRARY alone when it is set;
    else the path recorded at install time (_config.py), then the linker's search (slow: it
    runs ldconfig, so it is asked only when the others fail)."""
    override = os.environ.get(ENV)
    if override:
        yield override
        return
    try:
        from . import _config
        yield _config.LIBRARY
    except ImportError:
        pass
    import ctypes.util
    found = ctypes.util.find_library("chopsticks")
    if found:
        yield found


def _load():
    tried = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            tried.append(str(e))
    raise ImportError("chopsticks: libchopsticks not found (set %s to its path; tried: %s)"
                      % (ENV, "; ".join(tried) or "nothing recorded, and the linker knows none"))


class ChopError(ctypes.Structure):
    _fields_ = [("status", ctypes.c_int), ("message", ctypes.c_char * 512)]


class ChopProgress(ctypes.Structure):
    _fields_ = [("phase", ctypes.c_char_p), ("level", ctypes.c_uint),
                ("done", ctypes.c_uint64), ("total", ctypes.c_uint64)]


PROGRESS_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(ChopProgress))


class ChopConfig(ctypes.Structure):
    _fields_ = [("threads", ctypes.c_uint), ("max_memory", ctypes.c_uint64),
                ("progress", PROGRESS_FN), ("progress_ctx", ctypes.c_void_p)]


_P, _S, _U, _U64, _SZ, _I = (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_uint, ctypes.c_uint64,
                             ctypes.c_size_t, ctypes.c_int)
_E, _UP, _U64P, _CFG = (ctypes.POINTER(ChopError), ctypes.POINTER(ctypes.c_uint),
                        ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ChopConfig))

# Every function of include/chopsticks.h: (result, arguments). Handles are void pointers (None
# for NULL), arrays the addresses of buffers.
PROTOTYPES = {
    "chop_version": (_S, []),
    "chop_version_number": (_U, []),
    "chop_game_from_options": (_P, [_S, _E]),
    "chop_game_new": (_P, [_U, _UP, _U, _S, _E]),
    "chop_game_free": (None, [_P]),
    "chop_game_settings": (_S, [_P]),
    "chop_game_options": (_S, [_P]),
    "chop_game_players": (_U, [_P]),
    "chop_game_size": (_U64, [_P]),
    "chop_game_start": (_U64, [_P]),
    "chop_game_parse": (_I, [_P, _S, _U64P, _E]),
    "chop_game_format": (_I, [_P, _U64, ctypes.c_char_p, _SZ, _E]),
    "chop_game_code_max": (_SZ, [_P]),
    "chop_game_is_terminal": (_I, [_P, _U64]),
    "chop_game_hands": (_U, [_P, _U64, _U, ctypes.c_char_p, _SZ]),
    "chop_count_run": (_P, [_P, _CFG, _E]),
    "chop_count_free": (None, [_P]),
    "chop_count_positions": (_S, [_P]),
    "chop_count_distinct": (_S, [_P]),
    "chop_count_reachable": (_U64, [_P]),
    "chop_count_terminal": (_U64, [_P]),
    "chop_count_moves": (_U64, [_P]),
    "chop_count_max_depth": (_U, [_P]),
    "chop_count_layer": (_U64, [_P, _U, _U64P]),
    "chop_count_depth": (_I, [_P, _U64]),
    "chop_solve": (_P, [_P, _CFG, _E]),
    "chop_table_open": (_P, [_S, _P, _E]),
    "chop_solution_free": (None, [_P]),
    "chop_solution_game": (_P, [_P]),
    "chop_solution_reachable": (_U64, [_P]),
    "chop_solution_count": (_U64, [_P, _I]),
    "chop_solution_longest": (_I, [_P, _UP, _U64P]),
    "chop_solution_value": (_I, [_P, _U64, _U, _UP]),
    "chop_solution_probe": (_I, [_P, _S, ctypes.POINTER(ctypes.c_int), _UP, _E]),
    "chop_solution_probe_many": (_SZ, [_P, ctypes.POINTER(_S), _SZ, _P, _P]),
    "chop_solution_values": (_I, [_P, _U64, _U64, _P, _E]),
    "chop_solution_save": (_I, [_P, _S, _E]),
    "chop_table_verify": (_I, [_S, _CFG, _E]),
    "chop_solution_moves": (_P, [_P, _S, _E]),
    "chop_moves_free": (None, [_P]),
    "chop_moves_count": (_SZ, [_P]),
    "chop_moves_text": (_S, [_P, _SZ]),
    "chop_moves_code": (_S, [_P, _SZ]),
    "chop_moves_index": (_U64, [_P, _SZ]),
    "chop_moves_value": (_I, [_P, _SZ, _UP]),
    "chop_games_run": (_P, [_P, _CFG, _E]),
    "chop_games_free": (None, [_P]),
    "chop_games_length": (_U, [_P, _I]),
    "chop_games_number": (_S, [_P, _I]),
    "chop_games_example_count": (_SZ, [_P, _I]),
    "chop_games_example": (_S, [_P, _I, _SZ]),
    "chop_games_final_count": (_SZ, [_P]),
    "chop_games_final": (_S, [_P, _SZ, _UP, _UP]),
    "chop_strategy_build": (_P, [_P, _S, _U, _E]),
    "chop_strategy_free": (None, [_P]),
    "chop_strategy_kind_of": (_I, [_P]),
    "chop_strategy_moves": (_U, [_P]),
    "chop_strategy_count": (_SZ, [_P]),
    "chop_strategy_target": (_S, [_P, _SZ, _UP]),
    "chop_strategy_check": (_I, [_P, _E]),
    "chop_solution_packed_values": (_P, [_P, _U64P]),
    "chop_solution_remoteness_bytes": (_P, [_P, _U64P]),
    "chop_solution_overflow_count": (_U64, [_P]),
    "chop_solution_range": (_I, [_P, _U64, _U64, _U, _P, _P, _E]),
    "chop_solution_value_many": (_SZ, [_P, _P, _SZ, _U, _P, _P]),
    "chop_game_parse_many": (_SZ, [_P, _P, _SZ, _P]),
}


class _Lib:
    """The loaded library, its functions typed by PROTOTYPES (attributes without chop_)."""

    def __init__(self, cdll):
        for name, (restype, argtypes) in PROTOTYPES.items():
            fn = getattr(cdll, name)
            fn.restype, fn.argtypes = restype, argtypes
            setattr(self, name[len("chop_"):], fn)


lib = _Lib(_load())

# Every Handle not yet freed (for tests that check objects free what they hold).
LIVE = weakref.WeakSet()


class Handle:
    """One C object and the call that frees it (None: borrowed, freed with keep, the Handle
    it belongs to, which this one keeps alive). Freed when the last reference goes."""
    __slots__ = ("ptr", "free", "keep", "__weakref__")

    def __init__(self, ptr, free, keep=None):
        self.ptr, self.free, self.keep = ptr, free, keep
        LIVE.add(self)

    def __del__(self):
        if self.ptr and self.free:
            self.free(self.ptr)
        self.ptr = None


def text(raw):
    return raw.decode("utf-8", "replace")


def raise_error(err):
    raise Error(err.status, text(err.message))


def created(fn, *args):
    """fn(*args, &err) for a call that returns a pointer, NULL on failure: the pointer."""
    err = ChopError()
    ptr = fn(*args, ctypes.byref(err))
    if not ptr:
        raise_error(err)
    return ptr


def checked(fn, *args):
    """fn(*args, &err) for a call that returns a chop_status."""
    err = ChopError()
    if fn(*args, ctypes.byref(err)) != OK:
        raise_error(err)


def encoded(value, what):
    """A str (or path) argument as the library takes it: bytes without NUL."""
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if isinstance(value, str):
        value = value.encode("utf-8")
    if not isinstance(value, bytes):
        raise TypeError("%s must be a str, not %s" % (what, type(value).__name__))
    if b"\0" in value:
        raise Error(BAD_INPUT, "%s %r: contains a NUL character" % (what, value))
    return value


def count_arg(value, what, least=0):
    """An int argument (not a bool) of at least least."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__))
    if value < least:
        raise Error(BAD_INPUT, "%s %d: must be at least %d" % (what, value, least))
    return value


class Progress:
    """Where a long computation stands, as its progress callback receives it."""
    __slots__ = ("phase", "level", "done", "total")

    def __init__(self, step):
        self.phase, self.level = text(step.phase or b""), step.level
        self.done, self.total = step.done, step.total

    def __repr__(self):
        return "Progress(phase=%r, level=%d, done=%d, total=%d)" % (
            self.phase, self.level, self.done, self.total)


class LongCall:
    """One long call's chop_config: threads (None or 0: chosen from the game's size), the memory
    limit in bytes (None: the library's default) and progress, called with a Progress between
    steps: a true result stops the call (Error INTERRUPTED) and an exception it raises is
    raised again. Ctrl-C stops it too, at the next step, and raises KeyboardInterrupt."""

    def __init__(self, threads=None, max_memory=None, progress=None):
        if progress is not None and not callable(progress):
            raise TypeError("progress must be callable, not %s" % type(progress).__name__)
        self.progress, self.caught, self.signalled = progress, None, None
        self.fn = PROGRESS_FN(self._report)
        self.config = ChopConfig(count_arg(threads or 0, "threads"),
                                 count_arg(max_memory or 0, "max_memory"), self.fn, None)

    def _report(self, ctx, step):
        try:
            if self.signalled is not None:
                return 1
            return 1 if self.progress is not None and self.progress(Progress(step[0])) else 0
        except BaseException as e:  # raised again by run(), once the library has returned
            self.caught = e
            return 1

    def _on_signal(self, signum, frame):
        # Python runs this between bytecodes, e.g. as _report begins: only note it there,
        # since an exception escaping a ctypes callback would be lost (and its result unset).
        self.signalled = (signum, frame)

    def _guard(self):
        """Puts _on_signal in place of a Python SIGINT handler (main thread); the old one."""
        if threading.current_thread() is not threading.main_thread():
            return None
        previous = signal.getsignal(signal.SIGINT)
        if not callable(previous):  # SIG_IGN, SIG_DFL, or set from C: left alone
            return None
        signal.signal(signal.SIGINT, self._on_signal)
        return previous

    def run(self, fn, *args, free=None):
        """fn(*args, &config, &err) for a call that returns a chop_status, or a pointer (NULL
        on failure) that free frees: the pointer or None."""
        err = ChopError()
        previous = self._guard()
        try:
            result = fn(*args, ctypes.byref(self.config), ctypes.byref(err))
        finally:
            if previous is not None:
                signal.signal(signal.SIGINT, previous)
        failed = result != OK if fn.restype is _I else not result
        if self.caught is not None or self.signalled is not None:
            if not failed and free is not None:
                free(result)  # finished before it saw the stop: the stop still wins
            if self.caught is not None:
                raise self.caught
            previous(*self.signalled)  # KeyboardInterrupt, from Python's default handler
        if failed:
            raise_error(err)
        return None if fn.restype is _I else result

# SPDX-License-Identifier: MIT
"""Arrays for the solution's bulk calls: NumPy arrays when NumPy is installed, else the
standard library's array.array (copies) and memoryview (views). NumPy is imported on first
use only, so that `import chopsticks` stays fast. A view keeps the Handle it reads from."""
import array
import ctypes

from . import _lib

_DTYPES = {"B": "uint8", "I": "uint32", "Q": "uint64"}
_numpy = []


def numpy():
    """The numpy module, or None when it is not installed."""
    if not _numpy:
        try:
            import numpy as np
        except ImportError:
            np = None
        _numpy.append(np)
    return _numpy[0]


def empty(typecode, n):
    """A new array of n unsigned elements ("B": 8 bits, "I": 32, "Q": 64)."""
    np = numpy()
    if np is not None:
        return np.zeros(n, dtype=_DTYPES[typecode])
    return array.array(typecode, bytes(n * array.array(typecode).itemsize))


def address(a):
    """Where the elements of an array from empty() or indexes() start."""
    return a.ctypes.data if hasattr(a, "ctypes") else a.buffer_info()[0]


def sorted_indexes(values):
    """Indexes as a contiguous array of uint64 in ascending order, and the order that sorted
    them (None without NumPy: then as given). values: a NumPy integer array or any iterable of
    ints; TypeError for anything else, Error for a negative index."""
    np = numpy()
    if np is None:
        return array.array("Q", [_lib.count_arg(v, "index") for v in values]), None
    a = np.asarray(values).reshape(-1)
    if a.size and a.dtype.kind not in "iu":
        raise TypeError("indexes must be integers, not %s" % a.dtype)
    if a.dtype.kind == "i" and a.size and a.min() < 0:
        raise _lib.Error(_lib.BAD_INPUT, "index %d: must be at least 0" % a.min())
    order = np.argsort(a)
    return np.ascontiguousarray(a[order], dtype=np.uint64), order


def unsorted(a, order):
    """a, answers in the order sorted_indexes gave, back in the caller's order."""
    if order is None:
        return a
    out = numpy().empty_like(a)
    out[order] = a
    return out


def codes_in_memory(codes):
    """Codes (str each) as the library reads a batch: (what to keep alive while it reads, the
    address of n pointers, one to each code, NUL-terminated, n). With NumPy one joined buffer
    and its NUL positions, several times faster than n ctypes strings. TypeError for a code
    that is not a str, Error for one that holds a NUL."""
    codes = list(codes)
    np = numpy()
    if np is None:
        words = (ctypes.c_char_p * len(codes))(*[_lib.encoded(c, "code") for c in codes])
        return words, ctypes.addressof(words), len(codes)
    text = "\0".join(codes) + "\0" if codes else ""
    data = np.frombuffer(text.encode("utf-8"), dtype=np.uint8)
    ends = np.flatnonzero(data == 0)
    if len(ends) != len(codes):
        raise _lib.Error(_lib.BAD_INPUT, "a code contains a NUL character")
    starts = np.zeros(len(codes), dtype=np.uint64)
    starts[1:] = ends[:-1] + 1
    pointers = starts + np.uint64(data.ctypes.data)
    return (data, pointers), pointers.ctypes.data, len(codes)


def view(ptr, n, keep):
    """A read-only view of n bytes at ptr (no copy), which keeps keep alive."""
    buf = (ctypes.c_uint8 * n).from_address(ptr)
    buf.keep = keep
    np = numpy()
    if np is None:
        return memoryview(buf).cast("B").toreadonly()
    a = np.frombuffer(buf, dtype=np.uint8)
    a.flags.writeable = False
    return a


def unpack(packed, size):
    """The 2-bit values of packed (index i in bits 2 (i % 4) of byte i // 4), one per byte."""
    np = numpy()
    if np is None:
        return array.array("B", (packed[i // 4] >> 2 * (i % 4) & 3 for i in range(size)))
    out = np.empty(len(packed) * 4, dtype=np.uint8)
    for k in range(4):
        np.bitwise_and(np.right_shift(packed, 2 * k), 3, out=out[k::4])
    return out[:size]

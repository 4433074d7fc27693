# SPDX-License-Identifier: MIT
# Arrays over the index against probes one position at a time: values and remoteness (views
# without a copy where the layout allows), batches by code and by index, three players per
# seat, remoteness past 254, and the same without NumPy (array.array and memoryview).
import pytest

import chopsticks
from conftest import python

np = pytest.importorskip("numpy")

VALUE = {"win": chopsticks.WIN, "loss": chopsticks.LOSS, "draw": chopsticks.DRAW}


def probed(solution, seat=0):
    """(value, remoteness) of every index, one chop_solution_value call each."""
    values, remoteness = [], []
    for i in range(solution.game.size):
        try:
            outcome = solution.seats(i)[seat]
        except chopsticks.Error:
            outcome = None
        values.append(VALUE[outcome[0]] if outcome else chopsticks.UNREACHABLE)
        remoteness.append(outcome[1] or 0 if outcome else 0)
    return np.array(values), np.array(remoteness)


@pytest.mark.parametrize("options", ["", "--variant cutoff", "--hands 3,2 --rollover 4", "--lives 2 --rollover 4"])
def test_views_match_probes(options, tmp_path):
    solution = chopsticks.Game.from_options(options).solve()
    values, remoteness = probed(solution)
    assert np.array_equal(solution.values, values)
    assert np.array_equal(solution.remoteness, remoteness)
    assert solution.remoteness.dtype == np.uint8 and not solution.remoteness.flags.writeable
    assert solution.packed_values.size == (solution.game.size + 3) // 4
    solution.save(tmp_path / "t.tbl")
    table = chopsticks.Table.open(tmp_path / "t.tbl")
    assert np.array_equal(table.values, values)
    assert np.array_equal(table.remoteness, remoteness)
    a, b = table.arrays()
    assert np.array_equal(a, values) and np.array_equal(b, remoteness)


def test_views_are_not_copies_and_outlive_close():
    solution = chopsticks.Game(hands=3, rollover=5).solve()
    first, again = solution.remoteness, solution.remoteness
    assert np.shares_memory(first, again)
    assert np.shares_memory(solution.packed_values, solution.packed_values)
    with pytest.raises(ValueError):
        first[0] = 1
    want = first.copy()
    solution.close()
    assert np.array_equal(first, want)  # the memory stays while the view does


def test_batches_by_code_and_index():
    solution = chopsticks.Game(variants=["cutoff"]).solve()
    values, remoteness = probed(solution)
    rng = np.random.default_rng(7)
    idx = rng.integers(0, solution.game.size, 500)
    v, r = solution.probe_index(idx)
    assert np.array_equal(v, values[idx]) and np.array_equal(r, remoteness[idx])
    codes = [solution.game.code(int(i)) for i in idx] + ["nonsense", "9999"]
    v, r = solution.probe(codes)
    assert np.array_equal(v[:-2], values[idx]) and list(v[-2:]) == [0, 0]
    v, _ = solution.probe_index(np.array([solution.game.size, 2**64 - 1], dtype=np.uint64))
    assert list(v) == [chopsticks.UNREACHABLE] * 2
    v, r = solution.probe(c for c in codes[:3])  # any iterable
    assert np.array_equal(v, values[idx[:3]]) and np.array_equal(r, remoteness[idx[:3]])
    assert [len(a) for a in solution.probe([])] == [0, 0]


def test_three_players_per_seat():
    solution = chopsticks.Game(players=3, hands=2, rollover=3).solve()
    for seat in range(3):
        values, remoteness = probed(solution, seat)
        a, b = solution.arrays(seat)
        assert np.array_equal(a, values) and np.array_equal(b, remoteness)
        v, r = solution.probe_index(np.arange(solution.game.size), seat=seat)
        assert np.array_equal(v, values) and np.array_equal(r, remoteness)
    assert np.array_equal(solution.values, solution.arrays(0)[0])
    with pytest.raises(chopsticks.Error, match="two players"):
        solution.packed_values


def test_remoteness_past_254_is_exact():
    # With cutoff at rollover 40 the longest forced line is 317 moves (tests/test_dense.c).
    solution = chopsticks.Game(rollover=40, variants=["cutoff"]).solve()
    remoteness = solution.remoteness
    assert remoteness.dtype == np.uint32
    length, code = solution.longest
    assert length == 317 and remoteness[solution.game.index(code)] == 317
    assert remoteness.max() == 317


def test_without_numpy():
    out = python("import sys; sys.modules['numpy'] = None\n"
                 "import chopsticks, array\n"
                 "s = chopsticks.Game().solve()\n"
                 "v, r = s.values, s.remoteness\n"
                 "assert isinstance(v, array.array) and isinstance(r, memoryview) and r.readonly\n"
                 "start = s.game.start\n"
                 "assert v[start] == chopsticks.DRAW and r[start] == 0\n"
                 "assert list(s.probe_index([start])[0]) == [chopsticks.DRAW]\n"
                 "assert list(s.probe(['1111', 'x'])[0]) == [chopsticks.DRAW, 0]\n"
                 "print(sum(1 for x in v if x), s.reachable)")
    assert out.returncode == 0, out.stderr
    a, b = out.stdout.split()
    assert a == b

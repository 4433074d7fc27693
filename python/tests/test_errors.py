# SPDX-License-Identifier: MIT
# Every way to misuse the package raises, with the library's message where it has one: bad
# options, codes, indexes, paths and tables, closed objects, wrong types, cancelled and
# refused work, a library that cannot be found. The interpreter never crashes.
import pytest

import chopsticks
from conftest import python


def refused(match, call, *args, status=chopsticks.BAD_INPUT, **kwargs):
    with pytest.raises(chopsticks.Error, match=match) as e:
        call(*args, **kwargs)
    assert e.value.status == status
    assert "\n" not in str(e.value)


def test_bad_options():
    refused(r"--rollover '1'", chopsticks.Game, rollover=1)
    refused("nosuch", chopsticks.Game, variants=["nosuch"])
    refused("--threads", chopsticks.Game.from_options, "--threads 2")
    refused("9999", chopsticks.Game, start="9999")
    refused("sideways", chopsticks.Game, overflow="sideways")
    refused("one word", chopsticks.Game, variants=["cutoff --players 3"])
    refused("one word", chopsticks.Game, hands="")
    refused("NUL", chopsticks.Game.from_options, "--hands\0 3")
    for bad in (dict(hands=2.5), dict(rollover=True), dict(variants=[None]), dict(players=[3])):
        with pytest.raises(TypeError):
            chopsticks.Game(**bad)
    with pytest.raises(TypeError):
        chopsticks.Game.from_options(None)


def test_bad_codes_and_indexes():
    game = chopsticks.Game()
    solution = game.solve()
    refused("5555", game.index, "5555")
    refused("index %d" % game.size, game.code, game.size)
    refused("at least 0", game.code, -1)
    refused("past the index space", solution.__getitem__, game.size)
    refused("not reachable", solution.__getitem__, "0000")
    refused("not reachable", solution.__getitem__, game.index("0000"))
    refused("xyz", solution.moves, "xyz")
    refused("at least 0", solution.probe_index, [3, -1])
    with pytest.raises(TypeError):
        solution[1.5]
    with pytest.raises(TypeError):
        solution.probe_index([0.5])
    with pytest.raises(TypeError):
        solution.probe([b"1111", 7])
    refused("NUL", solution.probe, ["1111", "11\x0011"])
    refused("seat 2", solution.arrays, 2)
    refused("zz", solution.strategy, 0, "zz")


def test_bad_tables(tmp_path):
    refused("nonexistent", chopsticks.Table.open, tmp_path / "nonexistent.tbl")
    game = chopsticks.Game(hands=3, rollover=4)
    path = tmp_path / "t.tbl"
    game.solve().save(path)
    refused("another game", chopsticks.Table.open, path, chopsticks.Game(hands=3, rollover=5))
    with pytest.raises(TypeError):
        chopsticks.Table.open(path, "--hands 3")
    data = bytearray(path.read_bytes())
    data[200] ^= 0xFF
    path.write_bytes(bytes(data))
    refused(str(path), chopsticks.Table.open, path)
    path.write_bytes(bytes(data[:100]))
    refused(str(path), chopsticks.Table.open, path)
    refused("nonexistent", game.solve().save, tmp_path / "nonexistent" / "t.tbl", status=chopsticks.FAILURE)
    three = chopsticks.Game(players=3, rollover=3).solve()
    three.save(tmp_path / "three.tbl")  # every seat's duel, read back as the solve has them
    table = chopsticks.Table.open(tmp_path / "three.tbl", chopsticks.Game(players=3, rollover=3))
    assert [table.seats(code) for code in ("111111", "111211")] == [three.seats(code) for code in ("111111", "111211")]
    refused("another game", chopsticks.Table.open, tmp_path / "three.tbl", chopsticks.Game(players=3, rollover=4))
    refused("", three.strategy)


def test_a_table_changed_after_opening_fails_verify(tmp_path):
    path = tmp_path / "t.tbl"
    chopsticks.Game(hands=3, rollover=4).solve().save(path)
    table = chopsticks.Table.open(path)
    path.write_bytes(b"not a table")
    refused(str(path), table.verify)


def test_closed_objects():
    solution = chopsticks.Game().solve()
    solution.close()
    for call in (lambda: solution["1111"], lambda: solution.moves("1111"), lambda: solution.values,
                 lambda: solution.remoteness, lambda: solution.reachable, lambda: solution.save("/tmp/x"),
                 lambda: solution.probe(["1111"]), lambda: solution.game, solution.strategy):
        refused("closed", call)
    assert "closed" in repr(solution)
    solution.close()  # twice: nothing more happens


def test_cancelled_and_refused_work():
    game = chopsticks.Game(hands=4, rollover=5)
    refused("interrupted", game.solve, progress=lambda step: True, status=chopsticks.INTERRUPTED)
    refused("interrupted", game.count, progress=lambda step: step.level >= 2, status=chopsticks.INTERRUPTED)

    def boom(step):
        raise ZeroDivisionError("from the callback")
    with pytest.raises(ZeroDivisionError, match="from the callback"):
        game.games(progress=boom)
    refused("too large", chopsticks.Game(hands=6, rollover=10).solve, max_memory=1 << 20)
    with pytest.raises(TypeError):
        game.solve(progress="not callable")
    with pytest.raises(TypeError):
        game.solve(threads="2")
    refused("at least 0", game.solve, threads=-1)


def test_library_not_found():
    out = python("import chopsticks", env={"CHOPSTICKS_LIBRARY": "/nonexistent/libchopsticks.so"})
    assert out.returncode == 1
    assert "ImportError: chopsticks: libchopsticks not found" in out.stderr
    assert "/nonexistent/libchopsticks.so" in out.stderr

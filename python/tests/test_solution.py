# SPDX-License-Identifier: MIT
# Solutions against the program's JSON: the start's value, counts, the longest forced line,
# three players' seats, every move of sampled positions (show), tables saved and probed
# (show --table), and strategies.
import pytest

import chopsticks
from conftest import GAMES, TWO_PLAYER_GAMES


def outcome(obj):
    return obj["value"], obj["remoteness"]


@pytest.mark.parametrize("options", GAMES)
def test_solve_matches_the_program(cli, options):
    want = cli("solve", options)
    solution = chopsticks.Game.from_options(options).solve()
    start = want["position"]
    assert solution.reachable == want["reachable"]
    if "seats" in want:
        assert solution.seats(start) == [outcome(s) for s in want["seats"]]
        assert solution[start] == outcome(want["seats"][0])
        return
    assert solution[start] == outcome(want)
    assert solution.counts == want["counts"]
    longest = want["longest_forced"]
    assert solution.longest == (None if longest is None else (longest["remoteness"], longest["position"]))


def sample_codes(solution, every=23):
    values = solution.arrays()[0]
    game = solution.game
    return [game.code(i) for i in range(game.size) if values[i]][::every][:12]


@pytest.mark.parametrize("options", GAMES)
def test_moves_match_show(cli, options):
    solution = chopsticks.Game.from_options(options).solve()
    for code in sample_codes(solution):
        want = cli("show", options, code)
        moves = solution.moves(code)
        assert [(m.move, m.code, m.value, m.remoteness) for m in moves] == \
            [(m["move"], m["result"], m["value"], m["remoteness"]) for m in want["moves"]]
        assert [m.index for m in moves] == [solution.game.index(m.code) for m in moves]
        if solution.game.players == 2:
            assert solution[code] == outcome(want)


@pytest.mark.parametrize("options", TWO_PLAYER_GAMES[:4])
def test_tables_answer_as_show_table(cli, options, tmp_path):
    game = chopsticks.Game.from_options(options)
    path = tmp_path / "t.tbl"
    game.solve().save(path)
    with chopsticks.Table.open(path, game) as table:
        assert table.game == game
        table.verify()
        for code in sample_codes(table, every=11):
            want = cli("show", options, code, "--table", str(path))
            assert table[code] == outcome(want)
            assert [(m.move, m.value, m.remoteness) for m in table.moves(code)] == \
                [(m["move"], m["value"], m["remoteness"]) for m in want["moves"]]


@pytest.mark.parametrize("options", ["", "--variant cutoff", "--hands 3 --rollover 4 --variant misere"])
def test_strategies_match_the_program(cli, options):
    want = cli("strategy", options)["strategies"]
    game = chopsticks.Game.from_options(options)
    for side, expected in enumerate(want):
        strategy = game.strategy(side=side)
        strategy.check()
        assert strategy.kind == expected["kind"]
        assert strategy.moves == expected["moves"]
        assert strategy.targets == [(t["position"], t["remoteness"]) for t in expected["targets"]]


def test_threads_do_not_change_answers():
    game = chopsticks.Game(hands=3, rollover=6)
    one, two = game.solve(threads=1), game.solve(threads=2)
    assert one.counts == two.counts
    assert bytes(one.packed_values) == bytes(two.packed_values)


def test_progress_reports_phases():
    steps = []
    chopsticks.Game(hands=3, rollover=5).solve(progress=steps.append)
    assert {"walk", "solve"} <= {s.phase for s in steps}
    assert all(s.done <= s.total for s in steps if s.total)

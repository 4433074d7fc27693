# SPDX-License-Identifier: MIT
# Games against the program's JSON: rules, options, the walk, game lengths; Game's keyword
# form against the option string; codes and indexes.
import pytest

import chopsticks
from conftest import GAMES


@pytest.mark.parametrize("options", GAMES)
def test_rules_and_count_match_the_program(cli, options):
    want = cli("count", options)
    game = chopsticks.Game.from_options(options)
    assert game.rules == want["rules"]
    assert game.options == want["rules"]["options"]
    count = game.count()
    for key in ("positions", "distinct", "reachable", "terminal", "moves", "max_depth"):
        assert getattr(count, key) == want[key], key
    assert list(count.layers) == want["layers"]
    assert list(count.layers_terminal) == want["layers_terminal"]


@pytest.mark.parametrize("options", GAMES)
def test_games_match_the_program(cli, options):
    want = cli("games", options)
    games = chopsticks.Game.from_options(options).games()
    for kind in ("shortest", "longest_geodesic"):
        line = getattr(games, kind)
        assert line.length == want[kind]["length"]
        assert line.count == want[kind]["count"]
        assert [list(e) for e in line.examples] == want[kind]["examples"]
    assert [(f.code, f.length, f.winner) for f in games.finals] == \
        [(f["code"], f["length"], f["winner"]) for f in want["finals"]]


def test_keywords_give_the_option_string():
    pairs = [
        (dict(), ""),
        (dict(hands=3, rollover=4, variants=["cutoff", "suicide"]), "--hands 3 --rollover 4 --variant cutoff,suicide"),
        (dict(hands=[3, 2], variants="cutoff"), "--hands 3,2 --variant cutoff"),
        (dict(players=3, hands=2, rollover=4, lives=2), "--players 3 --rollover 4 --lives 2"),
        (dict(overflow="cutoff", start_hands="full"), "--overflow cutoff --start-hands full"),
        (dict(start="1312"), "--start 1312"),
    ]
    for kwargs, options in pairs:
        assert chopsticks.Game(**kwargs) == chopsticks.Game.from_options(options), kwargs


def test_codes_and_indexes():
    game = chopsticks.Game(hands=[3, 2], rollover=4)
    assert game.code(game.start) == game.rules["start"] == "111/11"
    assert game.index("111/11") == game.start
    for index in range(0, game.size, 97):
        assert game.index(game.code(index)) == index
    assert game.is_terminal("000/11") and not game.is_terminal(game.start)
    assert repr(game) == "Game.from_options('--hands 3,2 --rollover 4')"
    assert eval(repr(game), {"Game": chopsticks.Game}) == game

"""House rules (docs/RULES.md): the even dragons rule's tribute with scripted dice, its
option through Match, saves, replays and the command lines; off, it changes nothing."""

from __future__ import annotations

import json

import pytest

from game import house_rules, rule_maths
from game.cli import main as narby
from game.match import Match, SetupError
from game.persistence.saves import load_save, write_save
from game.session import Session
from game.tables import TRIBUTE, TRIBUTE_ADJACENT, chart_row
from tests.test_tribute import FAR, NEAR, dragon, finished_cleanly, tribute

EVEN = {"even_dragons": True}


# =========================================================================== the rule
@pytest.mark.parametrize("face, at, book, even", [
    (8, FAR, 0, 0), (9, FAR, 2, 1), (15, FAR, 2, 1), (16, FAR, 4, 3), (20, FAR, 6, 4),
    (12, NEAR, 2, 1), (20, NEAR, 2, 1),
])
def test_even_dragons_copper_adds_one_only_on_rich_or_lavish_towns(face, at, book, even):
    for options, coins in ((None, book), (EVEN, even)):
        m, _ = tribute([face], dragon="copper", settlements=[("town", at, "copper")],
                       options=options)
        finished_cleanly(m)
        assert dragon(m, "copper")["coins"] == coins


@pytest.mark.parametrize("face, at, book, even", [
    (9, FAR, 3, 2), (16, FAR, 5, 5), (20, FAR, 6, 6), (3, NEAR, 3, 2), (18, NEAR, 3, 2),
])
def test_even_dragons_gold_bonus_only_on_rich_or_lavish_cities(face, at, book, even):
    for options, coins in ((None, book), (EVEN, even)):
        m, _ = tribute([face], dragon="gold", settlements=[("city", at, "gold")],
                       options=options)
        finished_cleanly(m)
        assert dragon(m, "gold")["coins"] == coins


@pytest.mark.parametrize("name, kind", [("red", "town"), ("red", "city"),
                                        ("copper", "city"), ("gold", "town")])
def test_even_dragons_leaves_every_other_claim_as_the_book(name, kind):
    for face in range(5, 22):
        values = chart_row(TRIBUTE, face)[3]
        assert rule_maths.tribute_value(name, kind, values, True) == \
            rule_maths.tribute_value(name, kind, values)
    assert rule_maths.adjacent_worth(name, kind, True) == rule_maths.adjacent_worth(name, kind)
    assert rule_maths.tribute_value(name, "place", TRIBUTE_ADJACENT, True) == (1, 0)


def test_the_ai_reckons_with_the_rule():
    """The AI's expectation follows the rule it plays under."""
    book = rule_maths.tribute_expectation("copper", "town")
    even = rule_maths.tribute_expectation("copper", "town", 0, True)
    assert (book, even) == (pytest.approx(1.8), pytest.approx(1.15))  # (7 + 4*3 + 4) / 20


# =========================================================================== the option
def test_off_is_left_out_of_the_game_and_changes_nothing():
    book = Match(["red", "copper", "gold"], seed=11)
    off = Match(["red", "copper", "gold"], seed=11, options={"even_dragons": False})
    assert "even_dragons" not in book.options and "even_dragons" not in off.options
    assert off.snapshot() == book.snapshot()
    on = Match(["red", "copper", "gold"], seed=11, options=EVEN)
    assert on.options["even_dragons"] is True
    assert on.snapshot()["options"] == {**book.snapshot()["options"], **EVEN}


def test_a_bad_value_is_one_line():
    with pytest.raises(SetupError, match="even_dragons must be true or false"):
        Match(["red", "copper"], seed=1, options={"even_dragons": "yes"})


def test_the_option_survives_save_and_load(tmp_path):
    s = Session.new([{"player": "random"}, {"player": "random"}], seed=5, options=EVEN)
    path = write_save(s, tmp_path / "even.json")
    loaded = load_save(path)
    assert loaded.match.options["even_dragons"] is True
    assert loaded.snapshot() == s.snapshot()
    old = Session.new([{"player": "random"}, {"player": "random"}], seed=5)
    doc = json.loads(write_save(old, tmp_path / "book.json").read_text())
    assert "even_dragons" not in json.dumps(doc)  # a book game's file names no house rule
    assert "even_dragons" not in load_save(tmp_path / "book.json").match.options


def test_house_flags():
    assert house_rules.options(["even-dragons"]) == EVEN
    assert house_rules.options(None) == {}
    assert house_rules.titles(EVEN) == ["even dragons (house rule)"]
    assert house_rules.titles({"target": 50}) == []


def test_headless_play_takes_house(capsys):
    seats = "easy:copper,easy:gold,easy:red"
    assert narby(["--headless", "--seats", seats, "--seed", "3", "--json",
                  "--house", "even-dragons"]) == 0
    on = json.loads(capsys.readouterr().out)
    assert narby(["--headless", "--seats", seats, "--seed", "3", "--json"]) == 0
    off = json.loads(capsys.readouterr().out)
    assert on != off  # the same seed under another rule is another game
    with pytest.raises(SystemExit):
        narby(["--headless", "--house", "no-such-rule"])
    assert "invalid choice" in capsys.readouterr().err


def test_the_host_plays_and_shows_the_rule(tmp_path):
    from game.net.host import HostCore, new_game  # noqa: PLC0415 (online only here)

    session, kinds = new_game([{"dragon": "copper", "player": "remote"},
                               {"dragon": "gold", "player": "normal"}], seed=4,
                              options=house_rules.options(["even-dragons"]))
    core = HostCore(session, kinds, code="ABC234", auto_start=True)
    assert core.lobby()["options"]["even_dragons"] is True
    assert core.match.options["even_dragons"] is True
    book, book_kinds = new_game([{"dragon": "copper", "player": "remote"},
                                 {"dragon": "gold", "player": "normal"}], seed=4)
    assert "even_dragons" not in HostCore(book, book_kinds, code="ABC234").lobby()["options"]


def test_load_lists_the_rule(tmp_path):
    from game.persistence.saves import _entry_doc, _entry_from, entry_for  # noqa: PLC0415

    s = Session.new([{"player": "random"}, {"player": "random"}], seed=5, options=EVEN)
    e = entry_for(write_save(s, tmp_path / "even.json"))
    assert e.house == ("even_dragons",)
    assert _entry_from(_entry_doc(e), e.path, "save") == e  # the Load index keeps it
    book = entry_for(write_save(Session.new([{"player": "random"}] * 2, seed=5),
                                tmp_path / "book.json"))
    assert book.house == () and "house" not in _entry_doc(book)


def test_the_balance_lab_plays_the_rule(monkeypatch):
    from game.balance import cli, games, plan  # noqa: PLC0415 (the lab's light modules)

    book = plan.Plan(map=None, levels=("easy",) * 4, games=8)
    even = plan.Plan(map=None, levels=("easy",) * 4, games=8, house=("even-dragons",))
    assert book.fingerprint() != even.fingerprint()
    assert "house" not in plan.game_task(book, 0)  # a book run's tasks are as before
    task = plan.game_task(even, 0)
    assert task["house"] == ["even-dragons"]
    seen = []

    class Stop(Exception):
        pass

    def match(*args, options, **kw):
        seen.append(options)
        raise Stop

    monkeypatch.setattr(games, "Match", match)
    with pytest.raises(Stop):
        games.play_game(task)
    assert seen[0]["even_dragons"] is True
    args = cli.parser().parse_args(["riverfell", "--house", "even-dragons"])
    assert cli._plan(args)[0].house == ("even-dragons",)


def test_the_window_tells_the_rule_s_tribute():
    from game.ui import explain, odds  # noqa: PLC0415

    assert odds.tribute_lines("town", "copper", even=True) == [
        "Tribute 9-15: 1 coin, 16-19: 3 coins, 20-21: 4 coins; beside it: 1 coin"]
    assert "16-19: 4 coins" in odds.tribute_lines("town", "copper")[0]
    town = {"kind": "town", "at": [10, 10], "claim": "copper"}
    for options, pays in (({"even_dragons": True}, "1.2"), ({}, "1.8")):
        doc = {"options": options, "dragons": {"copper": {"at": [1, 1]}}}
        assert f"about {pays} coins" in explain._settlement_lines(doc, town, "copper")[2]

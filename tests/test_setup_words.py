"""Why a game cannot be set up (game.match.SetupError) is said in the player's language
on the New game screen, the host's, the map preview and the lesson: the refusal is a
game.words.Words whose text stays the English of before (the command line, the logs
and the tests read it), and it keeps its words on the way from the engine to a screen
(replay_file's ReplayError, Session.new's SessionError, the window's SetupError)."""

from __future__ import annotations

import pytest

from game import i18n
from game.board import BoardSpec
from game.maps.loader import load_board
from game.match import Match, SetupError
from game.net.host import new_game
from game.persistence.replay_file import ReplayError
from game.resources import shipped_map
from game.session import Session, SessionError
from game.ui.controller import GameController, GameSetup, Seat
from game.words import Words, shown

MARCH = load_board(str(shipped_map("maps/dragonmarch.tmx")))  # 6-8 dragons
TWO_SPOTS = BoardSpec(width=20, height=20, cavern_spots=((1, 1), (10, 10)))
DRAGONS = "white, black, green, blue, red, purple, iron, gold, copper, undead"

# (seats, Match's keywords, the English as 0.1.0 wrote it, the German)
CASES = [
    (["red", "red"], {}, "each dragon can sit at only one seat",
     "jeder Drache kann nur auf einem Platz sitzen"),
    ([None], {}, "a game needs 2 to 8 dragons, not 1",
     "eine Partie braucht 2 bis 8 Drachen, nicht 1"),
    ([None] * 9, {}, "a game needs 2 to 8 dragons, not 9",
     "eine Partie braucht 2 bis 8 Drachen, nicht 9"),
    ([None] * 4, {"board": MARCH}, "the map 'The Dragonmarch' is for 6-8 dragons, not 4",
     "die Karte „The Dragonmarch“ ist für 6–8 Drachen, nicht für 4"),
    (["red", "nobody"], {}, f"unknown dragon 'nobody' (dragons: {DRAGONS})",
     f"unbekannter Drache „nobody“ (Drachen: {DRAGONS})"),
    ([None] * 3, {"board": TWO_SPOTS}, "the map fixes 2 cavern spots, too few for 3 dragons",
     "die Karte legt 2 Höhlenplätze fest, zu wenige für 3 Drachen"),
    ([None] * 2, {"board": BoardSpec.plain(3, 3)},
     "setup is impossible on this map: the board has no free room for a dragon",
     "auf dieser Karte ist kein Spielaufbau möglich: auf dem Brett ist kein Platz mehr "
     "frei für einen Drachen"),
    ([None] * 2, {"options": {"bogus": 1, "alpha": 2}}, "unknown option(s): alpha, bogus",
     "unbekannte Option(en): alpha, bogus"),
    ([None] * 2, {"options": {"target": 0}},
     "the target must be a whole number of coins (usually one of (50, 75, 100)), not 0",
     "das Ziel muss eine ganze Zahl von Münzen sein (meist eine von (50, 75, 100)), nicht 0"),
    ([None] * 2, {"options": {"cards": 1}}, "cards must be true or false",
     "cards muss true oder false sein"),
    ([None] * 2, {"options": {"round_cap": "7"}},
     "round_cap must be a whole number of at least 1, not '7'",
     "round_cap muss eine ganze Zahl von mindestens 1 sein, nicht '7'"),
    ([None] * 2, {"options": {"thief_wins": None}}, "thief_wins must be true or false",
     "thief_wins muss true oder false sein"),
    ([None] * 2, {"options": {"even_dragons": "yes"}}, "even_dragons must be true or false",
     "even_dragons muss true oder false sein"),
    ([None] * 2, {"options": {"target": 10**400}},  # its sums overflowed the AI's floats
     "target must be at most 1000000000000000, not " + repr(10**400)[:57] + "...",
     "target darf höchstens 1000000000000000 sein, nicht " + repr(10**400)[:57] + "..."),
    ([None] * 2, {"options": {"round_cap": 10**9 + 1}},
     "round_cap must be at most 1000000000, not 1000000001",
     "round_cap darf höchstens 1000000000 sein, nicht 1000000001"),
]


@pytest.fixture
def german():
    i18n.set_language("de")
    yield
    i18n.set_language("en")


def _refusal(seats, kw) -> SetupError:
    with pytest.raises(SetupError) as info:
        Match(seats, **kw).close()
    return info.value


@pytest.mark.parametrize(("seats", "kw", "english", "german_text"), CASES,
                         ids=[c[2][:40] for c in CASES])
def test_a_setup_refusal_is_its_english_text_and_said_in_german(seats, kw, english,
                                                                german_text, german):
    exc = _refusal(seats, kw)
    assert str(exc) == english  # whatever the language: the command line, logs, tests
    assert isinstance(exc.args[0], Words)
    assert shown(exc) == german_text


def test_one_cavern_spot_is_said_in_the_singular():
    exc = _refusal([None] * 2, {"board": BoardSpec(width=20, height=20,
                                                   cavern_spots=((1, 1),))})
    assert str(exc) == "the map fixes 1 cavern spot, too few for 2 dragons"


def test_polish_counts_the_cavern_spots_in_its_three_forms():
    i18n.set_language("pl")
    try:
        said = {n: shown(_refusal([None] * (n + 1), {"board": BoardSpec(
            width=30, height=30, cavern_spots=tuple((3 * i, 3 * i) for i in range(n)))}))
                for n in (1, 2, 5)}
    finally:
        i18n.set_language("en")
    assert said == {1: "mapa wyznacza 1 miejsce jaskini, za mało dla 2 smoków",
                    2: "mapa wyznacza 2 miejsca jaskiń, za mało dla 3 smoków",
                    5: "mapa wyznacza 5 miejsc jaskiń, za mało dla 6 smoków"}


# ----- on the way to a screen ----------------------------------------------------------
TWICE_RED = [Seat("human", "normal", "red"), Seat("ai", "normal", "red")]


def test_a_new_sessions_refusal_keeps_its_words_without_new_game(german):
    with pytest.raises(SessionError) as info:
        Session.new([{"dragon": "red"}, {"dragon": "red"}], seed=1)
    assert str(info.value) == "each dragon can sit at only one seat"  # as before
    assert shown(info.value) == "jeder Drache kann nur auf einem Platz sitzen"


def test_the_windows_controller_keeps_the_words(german):
    with pytest.raises(SetupError) as info:
        GameController(GameSetup(map_path="maps/dragonmarch.tmx"), ai_mode="sync")
    assert str(info.value) == "the map 'The Dragonmarch' is for 6-8 dragons, not 4"
    assert shown(info.value) == "die Karte „The Dragonmarch“ ist für 6–8 Drachen, nicht für 4"
    with pytest.raises(SetupError) as info:
        GameController(GameSetup(seats=TWICE_RED), ai_mode="sync")
    assert shown(info.value) == "jeder Drache kann nur auf einem Platz sitzen"


def test_the_hosts_new_game_keeps_the_words(german):
    from game.ui.net_window import NetHostController  # noqa: PLC0415

    with pytest.raises(SessionError) as info:
        new_game([{"dragon": "red", "player": "local"}, {"dragon": "red", "player": "remote"}])
    assert shown(info.value) == "jeder Drache kann nur auf einem Platz sitzen"
    setup = GameSetup(seats=[Seat("human", "normal", "red"), Seat("remote", "normal", "red")])
    with pytest.raises(SetupError) as info:  # refused before any port is opened
        NetHostController.host(setup, port=0, bind="127.0.0.1", ai_mode="sync")
    assert str(info.value) == "each dragon can sit at only one seat"
    assert shown(info.value) == "jeder Drache kann nur auf einem Platz sitzen"


def test_a_replay_files_setup_refusal_names_the_file_and_keeps_the_words(german):
    doc = {"format": "narby-replay/1", "seats": [{"dragon": "red"}, {"dragon": "red"}]}
    with pytest.raises(ReplayError) as info:
        Session.from_replay(doc, where="x.json")
    assert str(info.value) == "x.json: each dragon can sit at only one seat"
    assert shown(info.value) == "x.json: jeder Drache kann nur auf einem Platz sitzen"


def test_a_plain_problem_on_the_way_stays_plain_text():
    """A seat that is not an object: Session.new's own words (English, as before)."""
    with pytest.raises(SessionError) as info:
        Session.new([{"dragon": "red"}, 3], seed=1)
    assert str(info.value).startswith("a seat is an object like")


def test_a_save_whose_seats_cannot_start_a_game_is_explained_in_german(tmp_path):
    """The Load screen's line for a hand-edited save (Red at two seats): the folder's
    problem keeps the English, the screen says it in the player's language."""
    import json  # noqa: PLC0415

    from game.persistence import saves  # noqa: PLC0415
    from game.ui.scenes.load import problem_text  # noqa: PLC0415
    from tests.hostile import good_session  # noqa: PLC0415

    path = saves.write_save(good_session(answers=0), tmp_path / "twice.json")
    doc = json.loads(path.read_text())
    doc["replay"]["seats"][1]["dragon"] = doc["replay"]["seats"][0]["dragon"]
    path.write_text(json.dumps(doc))
    i18n.set_language("de")
    try:
        (problem,) = saves.list_saves(tmp_path)[1]
        assert str(problem.message) == f"{path}: each dragon can sit at only one seat"
        assert problem_text(problem) == ("twice.json", "jeder Drache kann nur auf einem Platz "
                                                       "sitzen")
    finally:
        i18n.set_language("en")

"""A game the window cannot set up is refused in the player's language (the engine's
SetupError is game.words.Words): on New game (the same dragon at two seats, or a map
for 6-8 dragons with the 4 seats New game starts with), on its Host online path, in the
map preview and for the lesson. It was English in a German window."""

from __future__ import annotations

import pytest

from game import i18n
from game.board import BoardSpec
from game.match import Match
from game.ui import settings as settings_mod
from game.ui.app import App
from game.ui.scenes import preview as preview_mod
from game.ui.scenes import tutorial as tutorial_mod
from game.ui.scenes.new_game import DRAGON_CHOICES, NewGameScene
from game.ui.scenes.preview import PreviewScene
from game.ui.settings import Settings
from tests.hostile import tmx, write_map
from tests.ui.conftest import run

SAME_DRAGON = "Jeder Drache kann nur auf einem Platz sitzen"
NO_ROOM = ("auf dieser Karte ist kein Spielaufbau möglich: auf dem Brett ist kein Platz "
           "mehr frei für einen Drachen")


@pytest.fixture
def german():
    a = App(Settings(language="de"), size=(1280, 720), fullscreen=False)
    a.ai_mode = "sync"
    a.catch_crashes = False
    a.net_bind = "127.0.0.1"  # a Remote seat: hosted on this machine only, any port
    yield a
    a.close()
    i18n.set_language("en")
    settings_mod.run_language = None


def _new_game(app) -> NewGameScene:
    scene = app.push(NewGameScene(app))
    run(app, 2)
    return scene


def _red_twice(scene: NewGameScene) -> None:
    """Seats 1 and 2 set to Red with the seats' own dragon pickers."""
    for i in (0, 1):
        picker = scene.seat_rows[i][2]
        picker.step(DRAGON_CHOICES.index("red") - DRAGON_CHOICES.index(picker.value))
        assert scene.setup.seats[i].dragon == "red"


def test_new_game_says_a_dragon_chosen_twice_in_german(german):
    scene = _new_game(german)
    _red_twice(scene)
    scene.start()
    run(german, 2)
    assert german.top is scene  # refused, still on New game
    assert scene.error == SAME_DRAGON
    assert scene.error_label.text == SAME_DRAGON


def test_new_game_says_a_map_for_more_dragons_in_german(german):
    scene = _new_game(german)
    key = next(c.key for c in scene.choices if c.entry.path.name == "dragonmarch.tmx")
    scene.map_cycle.set_value(key)
    scene._set_map(key)  # 6-8 dragons; New game starts with 4 seats
    assert len(scene.setup.seats) == 4 and scene.choice.ok
    scene.start()
    run(german, 2)
    assert german.top is scene
    assert scene.error == "Die Karte „The Dragonmarch“ ist für 6–8 Drachen, nicht für 4"


def test_host_online_says_a_dragon_chosen_twice_in_german(german):
    scene = _new_game(german)
    scene.seat_rows[1][1].set_value(("remote", "normal"))
    scene._set_kind(1, ("remote", "normal"))
    _red_twice(scene)
    assert [s.kind for s in scene.setup.seats][:2] == ["human", "remote"]
    scene.start()
    run(german, 2)
    assert german.top is scene
    assert scene.error == SAME_DRAGON


def test_the_preview_says_an_impossible_setup_in_german(german, tmp_path, monkeypatch):
    path = write_map(tmp_path, "ok.tmx", tmx())
    scene = german.push(PreviewScene(german, path))
    assert scene.ok

    def no_room(*_a, **_k):  # the engine's own refusal, as a crowded map gives it
        Match([None, None], board=BoardSpec.plain(3, 3))

    monkeypatch.setattr(preview_mod, "GameController", no_room)
    scene.play()
    assert [str(p.what) for p in scene.problems] == [
        "setup is impossible on this map: the board has no free room for a dragon"]
    assert NO_ROOM in scene._info_html()
    run(german, 2)


def test_the_lesson_says_a_setup_refusal_in_german(german, monkeypatch):
    def same_dragon():
        Match(["red", "red"])

    monkeypatch.setattr(tutorial_mod, "new_game", same_dragon)
    assert tutorial_mod.start(german) == SAME_DRAGON[:1].lower() + SAME_DRAGON[1:]

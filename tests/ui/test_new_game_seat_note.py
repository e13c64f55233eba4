"""New game says at once when the map and the number of seats disagree (The Dragonmarch
is for 6-8 dragons, New game opens with 4 seats): when the map is chosen, and again as
seats are added or removed, until they agree. Before, nothing was said until Start."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game import i18n
from game.ui import settings as settings_mod
from game.ui.app import App
from game.ui.scenes.new_game import NewGameScene
from game.ui.settings import Settings
from tests.ui.conftest import run


def _app(language: str) -> App:
    a = App(Settings(language=language), size=(1024, 640), fullscreen=False)
    a.ai_mode = "sync"
    a.catch_crashes = False
    return a


@pytest.fixture
def app():
    a = _app("en")
    yield a
    a.close()


def _choose(scene: NewGameScene, file: str) -> None:
    key = next(c.key for c in scene.choices if c.entry.path.name == file)
    scene.map_cycle.set_value(key)
    scene._set_map(key)


def _press(app, scene, element) -> None:
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element))
    run(app, 1)


def test_a_map_for_more_dragons_asks_for_seats_until_there_are_enough(app):
    scene = app.push(NewGameScene(app))
    run(app, 2)
    assert len(scene.setup.seats) == 4 and scene.error == ""
    _choose(scene, "dragonmarch.tmx")
    assert scene.error == "The Dragonmarch is for 6–8 dragons: add 2 seats"
    _press(app, scene, scene.add_btn)
    assert scene.error == "The Dragonmarch is for 6–8 dragons: add 1 seat"
    assert scene.error_label.text == scene.error  # drawn, not only kept
    _press(app, scene, scene.add_btn)
    assert len(scene.setup.seats) == 6 and scene.error == ""


def test_a_map_for_fewer_dragons_asks_to_remove_seats(app):
    scene = app.push(NewGameScene(app))
    run(app, 2)
    _choose(scene, "hearth-hollow.tmx")  # 2-3 dragons
    assert scene.error == "Hearth Hollow is for 2–3 dragons: remove 1 seat"
    _press(app, scene, scene.seat_rows[3][3])  # the last seat's ×
    assert scene.error == ""
    _choose(scene, "narby-vale.tmx")  # 2-8: nothing to say
    assert scene.error == ""


def test_another_line_is_not_taken_away_by_a_seat_change(app):
    scene = app.push(NewGameScene(app))
    run(app, 2)
    scene._show_error("The seed must be a number")  # e.g. Start refused the seed
    _press(app, scene, scene.add_btn)
    assert scene.error == "The seed must be a number"


def test_the_note_is_said_in_the_player_s_language():
    a = _app("de")
    try:
        scene = a.push(NewGameScene(a))
        run(a, 2)
        _choose(scene, "dragonmarch.tmx")
        assert scene.error.startswith("The Dragonmarch") and "Drachen" in scene.error
    finally:
        a.close()
        i18n.set_language("en")
        settings_mod.run_language = None

"""Zooming the board by keys and wheel, the same on the game and replay screens."""

import pygame

from game.ui import board_input
from game.ui.scenes.replay_viewer import ReplayScene
from tests.ui.conftest import run
from tests.ui.test_e2e import _human_turn_scene, key
from tests.ui.test_persist import _finished_session


def _zooms_with_plus_and_minus(app, scene):
    start = scene.view.cell
    key(pygame.K_PLUS)
    run(app)
    assert scene.view.cell > start
    key(pygame.K_MINUS)
    key(pygame.K_MINUS)
    run(app)
    assert scene.view.cell < start


def test_plus_and_minus_zoom_the_game_board(app):
    scene, _ = _human_turn_scene(app)
    _zooms_with_plus_and_minus(app, scene)


def test_plus_and_minus_zoom_the_replay_board(app):
    viewer = app.push(ReplayScene(app, _finished_session()))
    run(app, 2)
    _zooms_with_plus_and_minus(app, viewer)


def test_the_wheel_zooms_only_over_the_board(app, monkeypatch):
    scene, _ = _human_turn_scene(app)
    area = scene.board_area
    start = scene.view.cell
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (area.right + 5, area.centery))
    board_input.wheel_zoom(scene.view, area, pygame.event.Event(pygame.MOUSEWHEEL, y=1))
    assert scene.view.cell == start
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: area.center)
    board_input.wheel_zoom(scene.view, area, pygame.event.Event(pygame.MOUSEWHEEL, y=1))
    assert scene.view.cell > start
    board_input.wheel_zoom(scene.view, area, pygame.event.Event(pygame.MOUSEWHEEL, y=-1))
    board_input.wheel_zoom(scene.view, area, pygame.event.Event(pygame.MOUSEWHEEL, y=-1))
    assert scene.view.cell < start


def test_other_keys_are_not_zoom_keys():
    class View:
        def zoom(self, factor, around=None):
            raise AssertionError("zoomed")

    assert not board_input.zoom_key(View(), pygame.K_a)



def test_log_keys_scroll_a_log_never_shown_without_failing(app):
    # found by random input: a game opened with the log hidden (L in an earlier game)
    # never lays the log out, and PgUp/PgDn/End read its text area and crashed
    app.settings.show_log = False
    scene, _ = _human_turn_scene(app)
    for k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_END):
        key(k)
        run(app)
    assert app.top is scene
    key(pygame.K_l)  # shown now, it still scrolls
    run(app)
    key(pygame.K_PAGEUP)
    run(app, 2)
    assert app.settings.show_log and app.top is scene

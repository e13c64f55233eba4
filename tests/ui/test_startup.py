"""Start to menu within a second (issue 34): the window's first frame is the main menu
over the backdrop's light and shade; its demo board (a third of a second to make) is
drawn for the next frame, which the menu asks for."""

from __future__ import annotations

import pygame

from game.ui.scenes import backdrop as backdrop_mod
from game.ui.scenes.menu import MenuScene

from .conftest import run


def test_the_first_frame_draws_no_board_and_the_next_one_does(app, monkeypatch):
    backdrop_mod._cache.clear()
    made = []
    real = backdrop_mod.BoardView
    monkeypatch.setattr(backdrop_mod, "BoardView", lambda *a, **k: made.append(1) or real(*a, **k))
    app.frames_drawn = 0  # a window just opened
    app.push(MenuScene(app))
    run(app)
    assert app.frames_drawn == 1 and made == []
    plain = pygame.image.tobytes(app.screen, "RGB")
    assert app.rest_for() == 0.0  # the menu wants its second frame at once
    run(app)
    assert app.frames_drawn == 2 and made == [1]
    assert pygame.image.tobytes(app.screen, "RGB") != plain  # the board behind now
    run(app)
    assert app.rest_for() > 0  # and then it rests


def test_a_menu_over_a_window_already_drawn_has_its_board_at_once(app):
    app.push(MenuScene(app))
    run(app, 2)
    full = pygame.image.tobytes(app.screen, "RGB")
    app.main_menu()
    run(app)
    assert pygame.image.tobytes(app.screen, "RGB") == full

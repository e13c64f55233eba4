"""The board's look settings (issue 34): Show grid and Reduce motion."""

from __future__ import annotations

import pygame

from game.board import BoardSpec
from game.ui.board_view import BoardView
from game.ui.settings import Settings


def _board(view: BoardView, t=None, doc=None) -> bytes:
    s = pygame.Surface(view.rect.size)
    view.draw(s, doc, t=t, highlights={(3, 3): "target"})
    return pygame.image.tobytes(s, "RGB")


def test_show_grid_off_draws_no_lines():
    view = BoardView(BoardSpec(width=20, height=20))
    view.set_rect(pygame.Rect(0, 0, 584, 584))
    with_grid = _board(view)
    view.set_look(show_grid=False, reduce_motion=False)
    assert _board(view) != with_grid
    view.set_look(show_grid=True, reduce_motion=False)
    assert _board(view) == with_grid


def test_reduce_motion_holds_the_pulse_still():
    view = BoardView(BoardSpec(width=20, height=20))
    view.set_rect(pygame.Rect(0, 0, 584, 584))
    assert _board(view, t=0.1) != _board(view, t=0.5)  # highlights pulse
    view.set_look(show_grid=True, reduce_motion=True)
    assert _board(view, t=0.1) == _board(view, t=0.5) == _board(view)


def test_the_settings_keep_their_values_and_defaults():
    assert (Settings().show_grid, Settings().reduce_motion) == (True, False)
    bad = Settings(show_grid="yes", reduce_motion=1)  # type: ignore[arg-type]
    assert (bad.validated().show_grid, bad.validated().reduce_motion) == (True, False)
    good = Settings(show_grid=False, reduce_motion=True).validated()
    assert (good.show_grid, good.reduce_motion) == (False, True)

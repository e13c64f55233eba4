"""The board at rest (issue 34): glints on the water and chimney smoke, a few frames a
second, none with Reduce motion."""

from __future__ import annotations

import pygame
import pytest

from game.ui import ambient
from game.ui.board_view import BoardView, preplaced_doc
from game.ui.controller import DEFAULT_MAP, load_map


@pytest.fixture(scope="module")
def screen():
    pygame.init()
    surface = pygame.display.set_mode((1280, 720))
    yield surface
    pygame.quit()


@pytest.fixture
def view(screen):
    v = BoardView(load_map(DEFAULT_MAP))
    v.set_rect(pygame.Rect(0, 0, 720, 720))
    v.fit()
    return v


def _frame(screen, view, now, doc):
    screen.fill((0, 0, 0))
    view.draw(screen, doc, ambient=now)
    return pygame.image.tobytes(screen, "RGB")


def test_the_lake_of_narby_vale_is_water(view):
    water = view.ambient.water(view.board, view.native_terrain(), 32)
    assert water and set(water) <= set(view.board.blocked)


def test_the_board_at_rest_moves_a_few_times_a_second(screen, view):
    doc = preplaced_doc(view.board)
    step = 1 / ambient.AMBIENT_FPS
    a = _frame(screen, view, 0.0, doc)
    assert not view.ambient_due(step / 2)  # the same ambient frame: no redraw asked
    assert view.ambient_due(step)
    b = _frame(screen, view, step, doc)
    assert a != b
    assert _frame(screen, view, 0.0, doc) == a  # the same time, the same picture


def test_reduce_motion_stills_it(screen, view):
    doc = preplaced_doc(view.board)
    view.set_look(show_grid=True, reduce_motion=True)
    assert not view.ambient_due(5.0)
    assert _frame(screen, view, 0.0, doc) == _frame(screen, view, 0.5, doc)


def test_each_frame_of_the_loops_is_drawn_once_then_replayed(screen, view):
    """Smoke and glints loop (SMOKE_CYCLE, GLINT_CYCLE frames): a board at rest records
    each frame of a loop once (issue 34: a cheap idle window), and a replayed frame is
    the picture a fresh view draws."""
    doc = preplaced_doc(view.board)
    step = 1 / ambient.AMBIENT_FPS
    frames = 2 * ambient.SMOKE_CYCLE
    for f in range(frames):
        _frame(screen, view, (f + 0.5) * step, doc)
    assert view._smoke_layer.made == ambient.SMOKE_CYCLE
    assert view._water_layer.made == ambient.GLINT_CYCLE
    late = (frames + 3.5) * step
    fresh = BoardView(load_map(DEFAULT_MAP))
    fresh.set_rect(view.rect)
    fresh.fit()
    assert _frame(screen, view, late, doc) == _frame(screen, fresh, late, doc)

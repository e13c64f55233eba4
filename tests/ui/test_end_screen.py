"""The end screen (issue 34): nothing of the board shows through it, and Reduce motion
keeps it still."""

import pygame

from game.ui.controller import GameController, GameSetup, Seat
from game.ui.scenes.end import EndScene
from game.ui.scenes.game import GameScene
from tests.ui.conftest import run


def _finished():
    c = GameController(GameSetup(seats=[Seat("ai", "easy"), Seat("ai", "easy")], seed=2,
                                 target=10), ai_mode="sync")
    while not c.finished:
        c.step_ai(True)
    return c


def test_the_first_end_frame_shows_none_of_the_boards_buttons(app):
    playing = GameController(GameSetup(seats=[Seat("human"), Seat("ai", "easy")], seed=2,
                                       target=10), ai_mode="sync")
    app.push(GameScene(app, playing))
    run(app, 3)  # the manager has drawn the board's Hint, Menu, Undo... in its layer
    # as GameScene._finish does, inside a frame after the manager's update: replace, draw
    app.replace(EndScene(app, _finished()))
    app.draw()
    first = app.screen.copy()
    app.ui.update(0.0)  # the widget layer as it is once the manager has caught up
    app.draw()
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(app.screen, "RGB")
    playing.close()


def test_reduce_motion_keeps_the_end_screen_still(app):
    app.settings.reduce_motion = True
    end = app.push(EndScene(app, _finished()))
    assert not end.update(1 / 60)  # nothing to animate: no redraws asked for
    end.t = 0.0
    app.draw()
    a = app.screen.copy()
    end.t = 2.2  # mid-celebration with motion on: confetti falling, a pulse
    app.draw()
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(app.screen, "RGB")

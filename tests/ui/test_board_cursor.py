"""Issue 33: the board cursor inspects any cell at any time, an action chosen or not."""

import pygame

from game.ui.controller import GameController, Seat
from game.ui.scenes.game import GameScene
from tests.helpers import scenario
from tests.ui.conftest import run
from tests.ui.test_e2e import key


def _board(app):
    m = scenario({"red": dict(at=(5, 5), cavern=(2, 2)), "blue": dict(at=(15, 15))},
                 settlements=[("town", (10, 5), None)])
    c = GameController.from_match(m, [Seat("human"), Seat("ai", "easy")], ai_mode="sync")
    scene = app.push(GameScene(app, c))
    run(app, 3)
    return scene


def test_with_an_action_chosen_the_cursor_still_inspects_a_cell_that_is_no_target(app):
    scene = _board(app)
    scene.select_slot("move")
    assert scene.cursor == (5, 5)
    for _ in range(10):
        key(pygame.K_RIGHT)
    run(app)
    assert scene.picker is not None and scene.cursor == (15, 5)
    assert (15, 5) not in scene.aim.target_map()
    for _ in range(10):
        key(pygame.K_DOWN)
    run(app)
    assert scene.cursor == (15, 15)  # Blue's cell: too far to move to, still shown
    assert scene.aim.hover_answer() is None
    assert scene.tip is not None and any("Blue" in line for line in scene.tip[0])


def test_with_an_action_chosen_a_target_under_the_cursor_keeps_its_own_tip(app):
    scene = _board(app)
    scene.select_slot("move")
    key(pygame.K_RIGHT)
    run(app)
    assert scene.aim.hover_answer() is not None
    assert scene.tip == scene.aim.cursor_tip()

"""A 2x2 landing is picked by the cell under the pointer (issue 33, snag 1): a click
anywhere in a cell never lands on a footprint without that cell, and in the lesson a
wrong click is refused without trapping the player."""

from __future__ import annotations

import pygame
import pytest

from game.decisions import answer_kind
from game.ui.controller import GameController, GameSetup, Seat
from game.ui.scenes.game import GameScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.tutorial import TutorialScene, _do_step, _wait
from tests.ui.conftest import run, until
from tests.ui.test_e2e import click, key

QUARTERS = ((0.2, 0.2), (0.8, 0.2), (0.2, 0.8), (0.8, 0.8), (0.5, 0.5))


def _points(view, cell):
    """Points in the four quarters and the middle of `cell`, on screen."""
    r = view.cell_rect(cell)
    return [(int(r.x + fx * r.w), int(r.y + fy * r.h)) for fx, fy in QUARTERS]


def _every_click_lands_on_its_cell(scene) -> int:
    aim = scene.aim
    assert aim.is_footprint()
    n = 0
    for v in aim.picker.options():
        for cell in aim.value_cells(v):
            for pos in _points(scene.view, tuple(cell)):
                if not scene.board_area.collidepoint(pos):
                    continue
                got = aim.value_at(pos)
                assert got is not None, (cell, pos)
                assert tuple(cell) in [tuple(c) for c in aim.value_cells(got)], \
                    f"a click in {cell} landed on {got}"
                n += 1
    return n


def _lesson_at(app, step_id: str) -> TutorialScene:
    app.push(MenuScene(app))
    key(pygame.K_t)  # Learn to play
    run(app, 2)
    scene = app.top
    assert isinstance(scene, TutorialScene)
    while scene.coach.current.id != step_id:
        _wait(app, scene, 6000)
        before = scene.coach.index
        _do_step(app, scene, "keys")
        until(app, lambda b=before: scene.coach.index != b, limit=20)
    _wait(app, scene, 6000)
    return scene


def _aim_lesson_landing(app, scene) -> None:
    """Choose the step's action and answer every field before the landing, by keys."""
    want = scene.expected()
    scene.select_slot(answer_kind(want))
    run(app)
    for _ in range(5):
        if scene.picker.key() == "to":
            return
        if scene.choice is not None:
            i = scene.choice.values.index(want[scene.picker.key()])
            scene._choice_made(scene.choice.values[i])
        else:
            scene._pick(want[scene.picker.key()])
        run(app)
    raise AssertionError("the landing field never came")


@pytest.mark.parametrize("step_id", ["move", "card", "move-2"])
def test_every_cell_of_every_lesson_landing_picks_a_landing_holding_it(app, step_id):
    scene = _lesson_at(app, step_id)
    _aim_lesson_landing(app, scene)
    assert _every_click_lands_on_its_cell(scene) > 0


def test_a_click_in_the_upper_left_of_the_glowing_box_picks_it(app):
    scene = _lesson_at(app, "card")
    _aim_lesson_landing(app, scene)
    want = scene.expected()["to"]
    r = scene.view.cell_rect(tuple(want))
    assert scene.aim.value_at((r.x + 2, r.y + 2)) == want
    assert scene.aim.value_at((r.right + r.w - 3, r.bottom + r.h - 3)) == want


def test_a_wrong_landing_in_the_lesson_is_refused_and_the_player_picks_again(app):
    scene = _lesson_at(app, "card")
    _aim_lesson_landing(app, scene)
    want = scene.expected()["to"]
    wrong = next(v for v in scene.aim.picker.options()
                 if abs(v[0] - want[0]) > 1 or abs(v[1] - want[1]) > 1)
    step = scene.coach.current.id
    click(scene.view.cell_rect(tuple(wrong)).center)
    run(app, 2)
    assert scene.coach.current.id == step
    assert "Esc" in scene.banner_error  # the refusal says the way back
    # not trapped: the landing is asked for again, and the glowing one is taken
    assert scene.picker is not None and scene.picker.key() == "to"
    r = scene.view.cell_rect(tuple(want))
    click((r.x + 3, r.y + 3))
    run(app, 2)
    assert scene.coach.current.id != step


def _seeded_move(app, seed: int) -> GameScene:
    setup = GameSetup(seats=[Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")],
                      seed=seed, hotseat=False)
    c = GameController(setup, ai_mode="sync")
    scene = app.push(GameScene(app, c))
    app.settings.pace = "instant"
    for _ in range(400):
        run(app, 2)
        if scene.animation.idle and scene.prepared not in (None, "ai"):
            if any(s.key == "move" and s.enabled for s in scene.slots):
                scene.select_slot("move")
                run(app)
                return scene
            p = c.pending
            if p is not None and c.is_human(p.dragon):
                scene._close_choice()
                scene.submit_answer(c.legal_answers()[0], confirmed=True)
    raise AssertionError("no move came")


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_every_cell_of_every_landing_in_seeded_games_picks_a_landing_holding_it(app, seed):
    scene = _seeded_move(app, seed)
    assert _every_click_lands_on_its_cell(scene) > 20
    # and a real click lands the dragon on a footprint holding the clicked cell
    opts = scene.aim.picker.options()
    target = opts[len(opts) // 2]
    cell = (target[0] + 1, target[1] + 1)
    expected = scene.aim.value_at(scene.view.cell_rect(cell).center)
    click(scene.view.cell_rect(cell).center)
    run(app, 2)
    at = scene.c.answers[-1]["to"]
    assert at == expected
    assert at[0] <= cell[0] <= at[0] + 1 and at[1] <= cell[1] <= at[1] + 1

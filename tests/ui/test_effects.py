"""Effects that say what happened (issue 34): each listed event starts its effect on the
board screen, the effect draws on the board, and Reduce motion keeps it in place."""

from __future__ import annotations

import pygame
import pytest

from game.ui.effects import Effects
from game.ui.scenes.game import GameScene
from game.ui.screenshot import played
from tests.ui.conftest import run


@pytest.fixture
def scene(app):
    s = app.push(GameScene(app, played(2, 2)))
    run(app, 2)
    s.animation.skip(s.apply_event)
    s.effects.clear()
    return s


def _events(shown: dict) -> dict[str, dict]:
    """One event of each kind, on pieces of the shown board."""
    town = next(s for s in shown["settlements"] if s["kind"] != "ruin")
    names = [n for n, d in shown["dragons"].items() if d.get("at") is not None]
    a, b = names[0], names[1]
    return {
        "fire": {"type": "destroyed", "dragon": a, "piece": town["kind"], "at": town["at"]},
        "clash": {"type": "attack", "attacker": a, "defender": b, "attack": 12,
                  "defence": 9, "winner": a},
        "ring_drop": {"type": "claim", "dragon": a, "at": town["at"], "via": "claim"},
        "coins": {"type": "coins", "from": b, "to": a, "amount": 3, "reason": "steal"},
    }


@pytest.mark.parametrize("kind", ["fire", "clash", "ring_drop", "coins"])
def test_each_event_starts_its_effect(app, scene, kind):
    event = _events(scene.shown)[kind]
    scene.apply_event(event)
    assert [fx.kind for fx in scene.effects.live] == [kind]
    # it draws on the board, and is gone once its time is up
    app.draw()
    with_fx = pygame.image.tobytes(app.screen.subsurface(scene.board_area), "RGB")
    fx = scene.effects.live[0]
    fx.t = fx.duration * 0.4
    app.draw()
    assert pygame.image.tobytes(app.screen.subsurface(scene.board_area), "RGB") != with_fx \
        or kind == "ring_drop"
    scene.effects.update(fx.duration)
    assert not scene.effects.active


def test_the_instant_pace_starts_no_effect(scene):
    fx = Effects()
    assert fx.start(_events(scene.shown)["fire"], scene.shown, factor=0.0) is None
    assert not fx.active


def test_reduce_motion_drops_the_ring_in_place(app, scene):
    event = _events(scene.shown)["ring_drop"]
    shown = scene.shown
    fx = Effects()
    effect = fx.start(event, shown)
    assert effect is not None
    effect.t = effect.duration * 0.1  # early: a falling ring is still far above its spot
    box = scene.view.ring_rect(event["at"], 1)
    above = box.move(0, -scene.view.cell)

    def drawn(still: bool) -> tuple[int, int]:
        s = pygame.Surface(app.screen.get_size(), pygame.SRCALPHA)
        fx.draw(s, scene.view, app.look, reduce_motion=still)
        return (pygame.mask.from_surface(s.subsurface(box), 1).count(),
                pygame.mask.from_surface(s.subsurface(above), 1).count())

    on_spot, over = drawn(still=True)
    assert on_spot > 0 and over == 0
    on_spot, over = drawn(still=False)
    assert over > 0

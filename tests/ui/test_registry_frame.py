"""Proof that a new place and a new card reach the window from their modules alone
(issue 32): tests/registry_samples/a_new_place.py (Skyward Spire) and a_new_card.py
(Tailwind) registered, a board frame is drawn under the dummy video driver with the
place on the board (and its power in the action bar) and the card in the holder's hand
(the panel's card and the action bar's play slot), its art found by the spec's art key
(the samples borrow shipped art) or, for a key with no file, drawn by
game.ui.generic_art. The frames are saved as PNGs under the temp folder to look at.

Each frame is drawn by a fresh interpreter (run_with): the registry is built once per
process, so the samples never leak into the other tests.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

from tests.registry_samples import run_with

PLACE = "tests.registry_samples.a_new_place"
FRAME = """
    import json, sys
    from dataclasses import replace
    import tests.registry_samples.a_new_card
    from game import registry
    if {generic}:  # the specs' own keys, which have no file: generic_art draws them
        registry._PLACES["skyward_spire"] = replace(registry.place("skyward_spire"), art="")
        registry._CARDS["tailwind"] = replace(registry.card("tailwind"), art="")
    import pygame
    from game.ui import art
    from game.ui.app import App
    from game.ui.controller import GameController, Seat
    from game.ui.scenes.game import GameScene
    from game.ui.settings import Settings
    from tests.helpers import scenario

    app = App(Settings(confirm_end_turn=False, confirm_last_action=False),
              size=(1280, 720), fullscreen=False)
    app.ai_mode, app.catch_crashes = "sync", False
    m = scenario({{"red": dict(at=(5, 5), card="tailwind"), "blue": dict(at=(15, 15))}},
                 places=[("skyward_spire", (7, 5), "red")])
    c = GameController.from_match(m, [Seat("human"), Seat("ai", "easy")], ai_mode="sync")
    scene = app.push(GameScene(app, c))
    for _ in range(4):
        app.step(1 / 60)
    pygame.image.save(app.screen, {png!r})
    shown = scene.shown
    print(json.dumps({{
        "place_art": art.place_art("skyward_spire"), "card_art": art.card_art("tailwind"),
        "generated": sorted(art.generated),
        "slots": {{s.key: s.icon for s in scene.bar.slots}},
        "on_board": [p["kind"] for p in shown["places"]],
        "hand": shown["dragons"]["red"].get("card"),
        "warned": sorted(app.look._warned),
    }}))
    app.close()
"""


@pytest.mark.parametrize("generic", [False, True], ids=["borrowed-art", "generated-art"])
def test_a_new_place_and_card_are_drawn_in_a_window_frame(generic):
    png = Path(tempfile.gettempdir()) / f"narby-new-place-card-{int(generic)}.png"
    png.unlink(missing_ok=True)
    done = run_with(PLACE, FRAME.format(generic=generic, png=str(png)))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert "skyward_spire" in out["on_board"] and out["hand"] == "tailwind"
    assert out["slots"]["power:skyward_spire"] == out["place_art"]
    assert out["slots"]["play:tailwind"] == out["card_art"]
    if generic:
        assert (out["place_art"], out["card_art"]) == ("place/skyward_spire", "card/tailwind")
        assert {"place/skyward_spire", "card/tailwind"} <= set(out["generated"])
    else:  # the samples' borrowed art, found by the spec's key
        assert (out["place_art"], out["card_art"]) == ("place/tower_of_faces", "card/jumper")
        assert out["generated"] == []
    assert out["warned"] == []  # no art fell back to a plain emblem
    assert png.stat().st_size > 10_000  # a frame was drawn and saved

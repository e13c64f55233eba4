"""Proof that the window shows a new action from its module alone: the odds tooltip
(game.ui.odds: its title and words; a chart's rows when it rolls), its answers aimed on
the board and labelled in words (game.ui.targets, Action.aim), and the sound of its
declaration (game.ui.sound.cues, Action.sound). Forage (tests/registry_samples/
a_new_action.py) rolls nothing; Poach (a_new_rolling_action.py) rolls on the Steal chart.
Each runs in a fresh interpreter (the registry is built once per process)."""

from __future__ import annotations

import json
import subprocess

from tests.registry_samples import run_with

SHOWN = """
    import json
    from game.ui import odds
    from game.ui.sound.cues import event_cue
    from game.ui.targets import answer_label, single_target_cells
    from tests.helpers import scenario

    KEY = {key!r}
    m = scenario({{"red": dict(at=(5, 5)), "blue": dict(at=(12, 12))}}, chest=(15, 3),
                 chest_coins=4)
    answer = {{"do": KEY}}
    assert answer in m.legal_answers()
    tip = odds.action_odds(m, "red", answer)
    doc = m.snapshot()
    cue = event_cue({{"type": "action", "dragon": "red", "do": KEY}})
    print(json.dumps({{"tip": tip.text_lines(), "rows": len(tip.rows),
                      "cells": single_target_cells(doc, answer),
                      "label": answer_label(answer, doc), "sound": cue.sound}}))
"""


def shown(sample: str, key: str) -> dict:
    done: subprocess.CompletedProcess = run_with(f"tests.registry_samples.{sample}",
                                                 SHOWN.format(key=key))
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_new_action_without_a_roll_gets_its_title_words_aim_and_sound():
    out = shown("a_new_action", "forage")
    title, words = out["tip"]
    assert title == "Forage" and words.startswith("Take 1 coin from the thief's chest")
    assert out["rows"] == 0
    assert out["cells"] == [[15, 3]]  # aimed at the chest (Action.aim)
    assert out["label"] == "Forage"
    assert out["sound"] == "tick"  # its spec's default


def test_a_new_rolling_action_gets_its_charts_odds_and_its_own_sound():
    out = shown("a_new_rolling_action", "poach")
    tip = out["tip"]
    assert tip[0] == "Poach" and out["rows"] == 5  # the Steal chart's five rows
    assert tip[1] == " 15%  0-3 Turnabout: you pay the chest 1"
    assert tip[3] == " 30%  10-15 Fair Theft: +1 from the chest"  # its outcome hook
    assert tip[-1].startswith("Roll on the Steal chart")
    assert out["cells"] == [[15, 3]] and out["label"] == "Poach"
    assert out["sound"] == "theft"  # Action.sound


ART = """
    import json
    from dataclasses import replace
    from game import registry
    from tests.registry_samples import a_new_rolling_action as sample

    # one more action, with art of its own that nobody has drawn yet
    registry.register_action(replace(sample.ACTION, key="poach_again", art="", hotkey=""))
    from game import tables
    from tools import make_art

    places, actions, cards = make_art.registered()
    print(json.dumps({"undrawn": make_art.undrawn(), "actions": [k for k, _a in actions],
                      "places": len(places), "cards": len(cards),
                      "built_in": [list(tables.PLACES), list(tables.CARDS)]}))
"""


def test_the_art_script_draws_from_the_registry_and_names_what_it_cannot_draw():
    done = run_with("tests.registry_samples.a_new_rolling_action", ART)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    # Poach borrows a drawn sprite; the other has none: the window draws a stand-in
    assert out["undrawn"] == ["action/poach_again"]
    assert "action/poach" not in out["actions"] and "action/move" in out["actions"]
    assert out["places"] == len(out["built_in"][0]) and out["cards"] == len(out["built_in"][1])

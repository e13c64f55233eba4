"""Proof that an action that rolls is one module too: tests/registry_samples/
a_new_rolling_action.py (Poach, not shipped: a d20 on the Steal chart against the thief's
chest) registers itself, and with no other file touched it rolls, waits mid-action on an
opponent's reaction to its roll, and a game saved there (a restored state document, and a
save file whose start is that state) loads and continues exactly as the game that was
never saved. The restored frame's checks (game.flow_checks) come from the registry: its
rule's rolls, its roll purpose (its key) and its spec's charts.

Each check runs in a fresh interpreter (the registry is built once per process).
"""

from __future__ import annotations

import json
import subprocess

from tests.registry_samples import run_with

SAMPLE = "tests.registry_samples.a_new_rolling_action"


def last_json(done: subprocess.CompletedProcess) -> dict:
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


MID_ACTION = """
    import json, tempfile
    from game.board import BoardSpec
    from game.match import Match
    from game.persistence import saves
    from game.session import Session
    from game.snapshot import StateError
    from tests.helpers import scenario

    DICE = [12, 5, 5, 5]
    ANSWERS = [{"react": "trickster", "by": 2}, {"do": "end_turn"}]

    def fresh():
        m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(12, 12), card="trickster")},
                     chest=(15, 3), chest_coins=4, dice=DICE)
        m.submit({"do": "poach"})  # red rolls 12; blue may move it with Trickster
        return m

    def play_on(m):
        n = len(m.events)
        for a in ANSWERS:
            m.submit(a)
        return m.snapshot(), [e for e in m.events[n:]]

    m = fresh()
    out = {"pending": [m.pending.dragon, m.pending.kind],
           "stack": [f["step"] for f in m.stack]}
    doc = json.loads(json.dumps(m.snapshot()))
    want = play_on(m)

    try:
        restored = Match.restore(doc, board=BoardSpec.plain(), seed=0, dice=DICE[1:])
    except StateError as exc:
        out["refused"] = str(exc)
    else:
        out["restored"] = play_on(restored) == want
        saved = Session.from_match(Match.restore(doc, board=BoardSpec.plain(), seed=0,
                                                 dice=DICE[1:]))
        path = saves.save_game(saved, "mid-poach", tempfile.mkdtemp())
        loaded = saves.load_save(path)
        out["loaded_pending"] = [loaded.match.pending.dragon, loaded.match.pending.kind]
        out["loaded"] = play_on(loaded.match) == want
    out["coins"] = want[0]["dragons"]["red"]["coins"]

    # a frame the engine never builds is still refused in words: a roll on a chart its
    # spec does not name, or for another action's purpose
    out["bad"] = {}
    for label, field, value in (("chart", "chart", "destroy_claimed"),
                                ("purpose", "purpose", "steal")):
        bad = json.loads(json.dumps(doc))
        act, roll = bad["stack"][-3], bad["stack"][-2]
        act["rolls"][0][field] = roll[field] = value
        if field == "purpose":
            bad["stack"][-1]["about"]["purpose"] = value
        try:
            Match.restore(bad, board=BoardSpec.plain(), seed=0, dice=DICE[1:])
        except StateError as exc:
            out["bad"][label] = str(exc)
    print(json.dumps(out))
"""


def test_a_new_rolling_action_saved_mid_roll_restores_and_continues_identically():
    out = last_json(run_with(SAMPLE, MID_ACTION))
    assert out["pending"] == ["blue", "react"]
    assert out["stack"][-3:] == ["act", "roll", "react"]
    assert "refused" not in out, out.get("refused")
    assert out["restored"] is True and out["loaded"] is True
    assert out["loaded_pending"] == ["blue", "react"]
    assert out["coins"] == 1  # 12 + 2 = 14 on the Steal chart: Fair Theft, 1 coin
    for why in out["bad"].values():
        assert "decision stack" in why and "poach" in why and "\n" not in why
    assert set(out["bad"]) == {"chart", "purpose"}


FLOW = """
    import json
    from game import flow_checks

    out = {"rolled": sorted(flow_checks.rolled()), "windowed": sorted(flow_checks.windowed()),
           "purposes": {k: list(v) for k, v in flow_checks.ROLL_PURPOSES.items()}}
    print(json.dumps(out))
"""


def test_the_frame_checks_learn_a_new_rolling_action_from_the_registry():
    out = last_json(run_with(SAMPLE, FLOW))
    assert out["rolled"] == ["attack", "destroy", "poach", "steal_cavern", "steal_chest",
                             "steal_for_thief"]
    assert "poach" in out["windowed"] and out["purposes"]["poach"] == ["steal"]

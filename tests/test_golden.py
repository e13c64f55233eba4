"""Golden transcript: one seeded game's whole event log, kept as a file. Any change to
the rules, the dice order or the event records shows up here; regenerate with
tools/make_golden.py only after reviewing that the change is intended."""

from __future__ import annotations

import json

from tools.make_golden import GOLDEN, golden_events


def test_seeded_game_matches_the_golden_transcript():
    expected = [json.loads(line) for line in GOLDEN.read_text().splitlines()]
    actual = json.loads(json.dumps(golden_events()))
    for i, (want, got) in enumerate(zip(expected, actual, strict=False)):
        assert got == want, f"event {i} differs"
    assert len(actual) == len(expected)

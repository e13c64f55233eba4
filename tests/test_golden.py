"""Golden transcripts: one seeded game's whole event log, kept as a file, with power
cards off and on. Any change to the rules, the dice order or the event records shows
up here; regenerate with tools/make_golden.py only after reviewing that the change is
intended."""

from __future__ import annotations

import json

import pytest

from tools.make_golden import GOLDENS, golden_events


@pytest.mark.parametrize("path", list(GOLDENS), ids=lambda p: p.name)
def test_seeded_game_matches_the_golden_transcript(path):
    expected = [json.loads(line) for line in path.read_text().splitlines()]
    actual = json.loads(json.dumps(golden_events(GOLDENS[path])))
    for i, (want, got) in enumerate(zip(expected, actual, strict=False)):
        assert got == want, f"event {i} differs"
    assert len(actual) == len(expected)

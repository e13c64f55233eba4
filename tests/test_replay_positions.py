"""The replay viewer's positions: any position rebuilds exactly, forward and back."""

from __future__ import annotations

import pytest

from game.persistence.replay_positions import ReplayPositions
from game.players import RandomPlayer
from game.session import Session


@pytest.fixture(scope="module")
def recorded():
    s = Session.new([{}] * 3, seed=21, options={"round_cap": 6})
    player = RandomPlayer(21)
    snaps = [s.snapshot()]
    while not s.match.finished:
        s.submit(player.choose(s.match))
        snaps.append(s.snapshot())
    return s, snaps


def test_every_position_rebuilds_exactly_in_any_order(recorded):
    s, snaps = recorded
    t = ReplayPositions(s, every=7)
    assert len(t) == len(snaps) == len(s.history) + 1
    order = list(range(len(t) - 1, -1, -3)) + list(range(0, len(t), 5)) + [len(t) - 1]
    for i in order:
        m = t.match_at(i)
        assert m.snapshot() == snaps[i], i
        m.close()
    assert t._keys  # keyframes were kept on the way


def test_forward_is_one_submit_and_the_log_follows(recorded):
    s, snaps = recorded
    t = ReplayPositions(s)
    m = t.match_at(10)
    assert m.submit(t.answer(10)) == t.step_events(10)
    assert m.snapshot() == snaps[11]
    assert t.events_until(11) == t.events_until(10) + t.step_events(10)
    assert t.events_until(len(t) - 1) == s.events
    assert t.events_until(0) == s.events[:s.steps[0].first_event]


def test_positions_out_of_range_are_refused(recorded):
    t = ReplayPositions(recorded[0])
    with pytest.raises(IndexError, match="between 0 and"):
        t.match_at(len(t))
    with pytest.raises(IndexError):
        t.answer(len(t) - 1)  # the last position has no next answer

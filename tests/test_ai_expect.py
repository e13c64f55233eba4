"""The look past the turn with rolls carried as expectations (game.ai.expect)."""

from __future__ import annotations

import pytest

from game.ai import choose, decide, expect
from game.match import Match
from game.seat_view import seat_view

LOOK = {"lines": 3, "expect": True, "beam": 4, "who": "lead", "reply_budget": 150,
        "reply_nodes": 3000, "own_nodes": 1000, "switch": 0.3}


def test_cap_keeps_the_likeliest_in_order_and_renormalizes():
    dist = [(0.1, "a"), (0.4, "b"), (0.2, "c"), (0.3, "d")]
    assert expect._cap(dist, 2) == [pytest.approx((0.4 / 0.7, "b")),
                                    pytest.approx((0.3 / 0.7, "d"))]
    assert expect._cap(dist, 4) == dist


@pytest.mark.parametrize("who", ["lead", "all"])
def test_the_expected_look_is_deterministic_and_legal(monkeypatch, who):
    hard = {**decide.LEVEL_SETTINGS["hard"], "replies": {**LOOK, "who": who}}
    monkeypatch.setitem(decide.LEVEL_SETTINGS, "hard", hard)
    m = Match([None] * 4, seed=5, options={"round_cap": 6})
    try:
        asked = 0
        for k in range(200):
            if m.finished or asked >= 4:
                break
            p = m.pending
            view = seat_view(m, p.dragon)
            if p.kind == "action" and len(m.legal_answers()) > 1:
                a = choose(view, "hard", seed=k, board=m.board, budget=2000)
                assert choose(view, "hard", seed=k + 1, board=m.board, budget=2000) == a
                assert a in m.legal_answers()
                asked += 1
            else:
                a = choose(view, "normal", seed=k, board=m.board, budget=300)
            m.submit(a)
        assert asked >= 4
    finally:
        m.close()

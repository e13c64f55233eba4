"""The evaluation in named parts (Evaluator.terms), which the hints explain in words,
adds up to the value the search plays by, at every level and in every phase."""

from __future__ import annotations

import pytest

from game.ai import choose, decide, learned
from game.ai.model import from_view
from game.match import Match
from game.seat_view import seat_view


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_terms_add_up_to_the_value(level):
    params = decide.LEVEL_SETTINGS[level]["params"]
    m = Match([None] * 3, seed=7, options={"target": 30, "round_cap": 4})
    checked = 0
    for k in range(400):
        if m.finished:
            break
        p = m.pending
        if p.kind == "action":
            pos = from_view(seat_view(m, p.dragon), m.board)
            ev = learned.evaluator(pos, params)  # the level's own (hand or weighted)
            terms = ev.terms(pos)
            assert sum(terms.values()) == pytest.approx(ev.value(pos), abs=1e-6)
            checked += 1
        m.submit(choose(seat_view(m, p.dragon), "easy", seed=k, board=m.board))
    assert checked >= 15

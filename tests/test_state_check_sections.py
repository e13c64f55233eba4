"""Issue 32: state_checks as named section checks. Problems that do not stop the checks
are reported section by section, in the order of state_checks.SECTIONS; each section is a
small function (ruff's complexity limit, with no exemption, keeps them small)."""

from __future__ import annotations

import inspect

from game import state_checks
from game.match import Match


def test_problems_come_section_by_section():
    m = Match([None] * 3, seed=5)
    doc = m.snapshot()
    board = m.board
    m.close()
    first = doc["order"][0]
    doc["turn"] = "nobody"                                   # the turn
    doc["places"].append(dict(doc["places"][0]))             # places: on the board twice
    doc["chest"]["coins"] = -1                               # the chest
    doc["dragons"][first]["rings_in_supply"] += 1            # the dragons' rings (R9)
    doc["pending"] = "soon"                                  # the flow
    found = state_checks.problems(doc, board)
    order = ["the turn 'nobody'", "share", "twice (R14)", "chest coins -1",
             f"{first} has", "pending must be an object"]
    at = [next(i for i, text in enumerate(found) if words in text) for words in order]
    assert at == sorted(at), found


def test_every_section_is_named_and_listed():
    names = [f.__name__ for f in state_checks.SECTIONS]
    assert len(set(names)) == len(names) and all(n.startswith("_check_") for n in names)
    source = inspect.getsource(state_checks)
    assert "C901" not in source  # no complexity exemption

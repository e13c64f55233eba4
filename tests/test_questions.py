"""game.questions, the window's only door into a match: every question names its match
and reads that match's world, whichever esper world another match left active."""

from __future__ import annotations

import ast
from pathlib import Path

from game import questions
from tests.helpers import scenario


def _two():
    mine = scenario({"red": dict(at=(5, 5), coins=7), "blue": dict(at=(12, 12), coins=3)},
                    settlements=[("town", (7, 5), "blue")])
    other = scenario({"red": dict(at=(15, 15), coins=1), "blue": dict(at=(2, 2), coins=9)})
    other.activate()  # the last match asked is another one
    return mine


def test_plain_facts_read_the_match_asked_not_the_active_world():
    m = _two()
    assert questions.coins(m, "red") == 7
    m2 = _two()
    assert questions.chest_coins(m2) == m2.snapshot()["chest"]["coins"]


def test_piece_at_names_the_piece_and_its_claim():
    m = _two()
    piece = questions.piece_at(m, (7, 5))  # shown 1-based
    assert piece is not None
    assert (piece.kind, piece.owner, str(piece.words)) == ("town", "blue",
                                                           "the town at (8, 6)")
    assert questions.piece_at(_two(), (20, 1)) is None


def test_power_ready_asks_the_match_it_is_given():
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(12, 12))},
                 places=[("soul_mine", (7, 5), "red")])
    other = scenario({"red": dict(at=(15, 15)), "blue": dict(at=(2, 2))})
    other.activate()
    assert questions.power_ready(m, "soul_mine", "red")
    assert not questions.power_ready(m, "soul_mine", "blue")


def _engine_msgids() -> set[str]:
    """Every message id the rules say a refusal with: Words("...", ...) and
    Words.n_("...", ...) in game/systems and game/registry."""
    root = Path(__file__).resolve().parents[1] / "game"
    out = set()
    for path in [*(root / "systems").rglob("*.py"), *(root / "registry").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args and isinstance(
                    node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                f = node.func
                if (isinstance(f, ast.Name) and f.id == "Words") or (
                        isinstance(f, ast.Attribute) and f.attr == "n_"
                        and isinstance(f.value, ast.Name) and f.value.id == "Words"):
                    out.add(node.args[0].value)
    return out


def test_every_too_far_id_is_one_the_engine_still_says():
    # a reworded refusal would silently stop being "too far" for the action bar
    assert questions.TOO_FAR - _engine_msgids() == set()

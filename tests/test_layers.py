"""The layers point down (issue 32, docs/ARCHITECTURE.md "The shape, by layer").

Every import in game/ — module level or inside a function, since a deferred import is
still a dependency — goes to the importer's own layer or one beneath it:

    3 programs      cli, selftest, desktop, __main__, maps.commands, maps.check_cli,
                    net.cli (the command line and what it starts)
    2 front ends    ui (the window), net (play across machines), balance (the lab)
    1 services      maps (Tiled -> BoardSpec), persistence (files), ai, session,
                    players, records
    0 the engine    game/*.py, systems, components: no files, no window, no AI

Front ends stand beside each other: the window may drive net and the lab, but net and
the lab never import the window. The few imports that break the rule are named below
with the reason they stay; a new one fails this test.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.maps.loader import load_board
from game.match import Match
from game.snapshot import StateError

ROOT = Path(__file__).resolve().parents[1]

PROGRAMS = {"game.cli", "game.selftest", "game.desktop", "game.__main__",
            "game.maps.commands", "game.maps.check_cli", "game.net.cli"}
SERVICES = {"game.session", "game.players", "game.records"}
FRONT_ENDS = ("ui", "net", "balance")
# importer -> imported: the exceptions, each with why it stays
EXCEPTIONS = {
    # the lab's heat map is drawn over the board's own picture of the map (as Tiled draws
    # it), not a second drawing of it
    ("game.balance.picture", "game.ui.tiled_draw"),
}


def modules() -> dict[str, Path]:
    out = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def layer(module: str, known: dict[str, Path]) -> tuple[int, str]:
    """(rank, name) of the layer `module` (or the module it names a thing of) is in."""
    while module not in known and "." in module:
        module = module.rpartition(".")[0]
    if module in PROGRAMS:
        return 3, "programs"
    sub = module.split(".")[1] if "." in module else ""
    if sub in FRONT_ENDS:
        return 2, sub
    if sub in ("maps", "persistence", "ai") or module in SERVICES:
        return 1, "services"
    return 0, "engine"


def imports() -> list[tuple[str, str]]:
    """(importer, imported module) for every import of a game module in game/."""
    out = []
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                targets = [node.module]
                if node.module in ("game", "game.ui", "game.net", "game.ai"):
                    targets = [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            out += [(name, t) for t in targets if t == "game" or t.startswith("game.")]
    return out


def breaks(importer: str, imported: str, known: dict[str, Path]) -> bool:
    (ra, la), (rb, lb) = layer(importer, known), layer(imported, known)
    if rb > ra:
        return True
    return ra == rb == 2 and la != lb and la != "ui"  # net and the lab never import ui


def test_every_import_points_down():
    known = modules()
    found = sorted({(a, b) for a, b in imports() if breaks(a, b, known)})
    assert [pair for pair in found if pair not in EXCEPTIONS] == []


def test_the_exceptions_are_still_needed():
    found = set(imports())
    stale = [pair for pair in EXCEPTIONS if pair not in found]
    assert stale == [], "remove these from EXCEPTIONS: the import is gone"


def test_the_rule_sees_a_break():
    known = modules()
    assert breaks("game.match", "game.ui.app", known)
    assert breaks("game.net.host", "game.ui.net_window", known)
    assert breaks("game.ai.search", "game.persistence.saves", known) is False  # beside
    assert not breaks("game.ui.scenes.online", "game.net.client", known)
    assert breaks("game.session", "game.ui.theme", known)


# The window asks the match only through game.questions (issue 32): not through the
# world's internals (game.lookups) and not through the rules (game.systems).
WINDOW_MAY_NOT_ASK = ("game.lookups", "game.systems")


def window_reaches_in(found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return sorted({(a, b) for a, b in found if a.startswith("game.ui.") and any(
        b == f or b.startswith(f + ".") for f in WINDOW_MAY_NOT_ASK)})


def test_the_window_asks_only_questions():
    assert window_reaches_in(imports()) == []


def test_the_window_rule_sees_a_break():
    assert window_reaches_in([("game.ui.odds", "game.lookups"),
                              ("game.ui.x", "game.systems.actions"),
                              ("game.ui.odds", "game.questions")]) == [
        ("game.ui.odds", "game.lookups"), ("game.ui.x", "game.systems.actions")]


# The engine reads no files (issue 32): a state on a map is restored with the board its
# caller loaded (persistence, the session, the network client, the AI's board_for).
def test_the_engine_restores_a_map_state_only_with_the_board_passed():
    board = load_board("maps/narby-vale.tmx")
    m = Match([None] * 2, seed=3, board=board)
    doc = m.snapshot()
    assert doc["map"] == board.source
    with pytest.raises(StateError, match="load that map and pass it as board="):
        Match.restore(doc)
    with pytest.raises(StateError, match="the engine reads no files"):
        Match.restore_trusted(doc)
    assert Match.restore(doc, board=board).snapshot() == doc
    m.close()

"""The window asks the engine through public questions (game.questions, the match's
door), never reaching in: no module under game/ui imports game.systems, touches a
match's private attributes, or guards a question to the engine with a blanket
`except Exception` (issue 19)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
MATCHES = {"m", "match"}  # names a match goes by in the window's code
QUESTIONS = {"odds", "questions", "action_odds", "why_not", "action_blockers", "roll_plan",
             "tribute_modifiers", "legal_answers", "pending", "submit"}


def modules():
    return sorted(UI.rglob("*.py"))


@cache
def _parsed(path: Path) -> ast.Module:
    # each scan walks every module: parse each once (nothing here changes a tree)
    return ast.parse(path.read_text(encoding="utf-8"))


def trees():
    return [(path, _parsed(path)) for path in modules()]


def _is_match(node: ast.AST) -> bool:
    if isinstance(node, ast.Name):
        return node.id in MATCHES
    return isinstance(node, ast.Attribute) and node.attr in MATCHES


def test_no_ui_module_imports_the_rules():
    found = []
    for path, tree in trees():
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
            if any(n == "game.systems" or n.startswith("game.systems.") for n in names):
                found.append(f"{path.name}:{node.lineno}")
    assert not found, f"game/ui imports game.systems at {found}"


def test_no_ui_module_reaches_into_a_match():
    found = []
    for path, tree in trees():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                    and not node.attr.startswith("__") and _is_match(node.value)):
                found.append(f"{path.name}:{node.lineno} .{node.attr}")
    assert not found, f"private access on a match in game/ui: {found}"


def test_no_blanket_except_guards_a_question_to_the_engine():
    found = []
    for path, tree in trees():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Try):
                continue
            blanket = any(h.type is None or (isinstance(h.type, ast.Name)
                                             and h.type.id in ("Exception", "BaseException"))
                          for h in node.handlers)
            calls = {(c.func.attr if isinstance(c.func, ast.Attribute) else
                      getattr(c.func, "id", "")) for stmt in node.body
                     for c in ast.walk(stmt) if isinstance(c, ast.Call)}
            if blanket and calls & QUESTIONS:
                found.append(f"{path.name}:{node.lineno}")
    assert not found, f"a blanket except guards an engine question at {found}"


def test_the_scans_see_what_they_look_for(tmp_path):
    bad = ast.parse("from game.systems import rolls\nm._activate()\n"
                    "try:\n    odds.action_odds(m, 'red', a)\nexcept Exception:\n    pass\n")
    assert any(isinstance(n, ast.ImportFrom) and n.module == "game.systems" for n in ast.walk(bad))
    assert any(isinstance(n, ast.Attribute) and n.attr == "_activate" and _is_match(n.value)
               for n in ast.walk(bad))

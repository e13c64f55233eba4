"""The board's catalog (issue 38): every string the board's files mark is translated in
every language, placeholders and markup kept; and no player-facing English is left
unmarked where a scan of the sources can find it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tools import translations

ROOT = Path(__file__).resolve().parent.parent
DOMAIN = "board"
LANGS = translations.TARGETS
_FIELD = re.compile(r"\{(\w*)[^{}]*\}")
# the board's files whose words are not for players: the audit tools' findings, the
# map checker's messages (English, docs/TRANSLATING.md), the CLI's and stderr's lines
NOT_FOR_PLAYERS = {"audit.py", "piece_audit.py", "tiled_draw.py", "app.py", "art.py",
                   "theme.py", "scripts.py", "screenshot.py", "unmarked.py"}
# calls whose string arguments are drawn, and keywords that are shown
SHOWN_CALLS = {"text", "fit_text", "show_error", "button", "make", "ChoiceDialog",
               "summary_card", "ConfirmOverlay", "Slot", "RowOdds", "Odds"}
SHOWN_KEYWORDS = {"tip", "placeholder_text", "tool_tip_text", "yes", "no"}
_WORDS = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture(scope="module")
def template():
    return translations.extract(DOMAIN)


def test_the_board_has_strings_to_translate(template):
    assert len(template) > 200


@pytest.mark.parametrize(("lang", "plurals"), [("de", 2), ("fr", 2), ("es", 2),
                                                ("pl", 3), ("ja", 1)])
def _board_files() -> list[Path]:
    return [p for p in translations.files_of(DOMAIN) if p.name not in NOT_FOR_PLAYERS]


_SENTENCE = re.compile(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}|\b[A-Z][a-z]+")  # not "card/"


def _english(node) -> str | None:
    """The English words of a literal that reads as words for people (a str, or an
    f-string's text parts: two words, or a capitalised one), or None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        parts = [node.value]
    elif isinstance(node, ast.JoinedStr):
        parts = [v.value for v in node.values
                 if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    else:
        return None
    if not any(_SENTENCE.search(p) for p in parts):
        return None
    return " ".join(w for p in parts for w in _WORDS.findall(p))


def _call_name(node: ast.Call) -> str:
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")


def unmarked_literals(path: Path) -> list[str]:
    """Literal English handed straight to something that draws it, and f-strings with
    English words (a sentence a translator could not reorder)."""
    out = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _call_name(node) in SHOWN_CALLS:
            args = list(node.args) + [k.value for k in node.keywords]
        elif isinstance(node, ast.Call):
            args = [k.value for k in node.keywords if k.arg in SHOWN_KEYWORDS]
        elif isinstance(node, ast.JoinedStr):
            args = [node]
        else:
            continue
        for arg in args:
            words = _english(arg)
            if words:
                out.append(f"{path.name}:{arg.lineno}: {words}")
    return out


def test_no_player_facing_literal_is_left_unmarked():
    found = [x for p in _board_files() for x in unmarked_literals(p)]
    assert not found, "\n".join(found)


def test_the_scan_finds_an_unmarked_label(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('look.text("Game over", 12)\nx = f"Round {n} begins"\n'
                   'look.text(_("Marked"), 12)\n', encoding="utf-8")
    assert unmarked_literals(bad) == ["bad.py:1: Game over", "bad.py:2: Round begins"]


def test_no_function_of_the_board_shadows_the_translator():
    """`_` assigned in a module or function that translates with it (a `for _ in`,
    `a, _, b = ...`) breaks _() there: seen as a TypeError in a real window."""
    found = []
    for path in translations.files_of(DOMAIN):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if not any(isinstance(n, ast.ImportFrom) and n.module == "game.i18n"
                   and any(a.name == "_" for a in n.names) for n in tree.body):
            continue
        found += [f"{path.name}:{n.lineno}" for n in ast.walk(tree)
                  if isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store)]
    assert not found, found

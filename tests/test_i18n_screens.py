"""The screens catalog (issue 38): every string of the menus, Settings and the other
screens translated in every language, placeholders and markup kept, and no player-facing
literal left unmarked where one can be found mechanically."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from game import i18n

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import translations  # noqa: E402

LANGS = [c for c in i18n.LANGUAGES if c != "en"]
# calls whose text reaches the screen -> the position of that text among their arguments
SINKS = {"button": 2, "label": 2, "text": 0, "fit_text": 0, "set_text": 0, "set_tooltip": 0,
         "show_error": 0, "_say": 0, "render": 0, "note": 0, "idle_slots": 0,
         "_draw_button": 2, "_show_error": 0, "_refresh": 0, "title_block": 4}
KEYWORDS = {"tip", "placeholder_text", "window_title", "prefix", "tool_tip_text"}
# shown as written: key names as the keyboard prints them, the game's name, an address
KEYS = re.compile(r"^[\s(]*((Esc|Enter|F\d+|Home|Left|Right|Space|End|Ctrl\+Z|[A-Z])[\s)]*)+$"
                  r"|^Narby Conquest$|^wss://")


def _unmarked(path: Path) -> list[str]:
    """String literals handed straight to something that shows them, not through
    _() / N_() / n_() / p_()."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []

    def words(node) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value.strip()
            if re.search(r"[A-Za-z]{2,}", text) and not KEYS.search(text):
                return text
        if isinstance(node, ast.JoinedStr):
            literal = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
            if re.search(r"[A-Za-z]{3,}", literal) and not KEYS.search(literal):
                return literal
        return None

    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else \
            getattr(node.func, "id", "")
        at = SINKS.get(name)
        if at is not None and len(node.args) > at:
            text = words(node.args[at])
            if text:
                found.append(f"{path.name}:{node.lineno}: {text!r}")
        for kw in node.keywords:
            if kw.arg in KEYWORDS:
                text = words(kw.value)
                if text:
                    found.append(f"{path.name}:{node.lineno}: {text!r}")
    return found


def test_no_player_facing_literal_is_left_unmarked():
    found = [line for p in translations.files_of("screens") for line in _unmarked(p)]
    assert not found, "unmarked:\n" + "\n".join(found)


def test_the_scan_finds_an_unmarked_label(tmp_path):
    demo = tmp_path / "demo.py"
    demo.write_text('button(ui, rect, "Start game", tip=f"Play {n} rounds")\n'
                    'button(ui, rect, _("Start game"), tip="Esc")\n')
    assert [line.split(": ", 1)[1] for line in _unmarked(demo)] == [
        "'Start game'", "'Play  rounds'"]

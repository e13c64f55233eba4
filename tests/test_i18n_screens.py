"""The screens catalog (issue 38): every string of the menus, Settings and the other
screens translated in every language, placeholders and markup kept, and no player-facing
literal left unmarked where one can be found mechanically."""

from __future__ import annotations

import re
from pathlib import Path

from tests.i18n_scan import VALUE, shown_by, unmarked
from tools import translations

# calls whose text reaches the screen -> the position of that text among their arguments
SINKS = {"button": 2, "label": 2, "text": 0, "fit_text": 0, "set_text": 0, "set_tooltip": 0,
         "show_error": 0, "_say": 0, "render": 0, "note": 0, "idle_slots": 0,
         "_draw_button": 2, "_show_error": 0, "_refresh": 0, "title_block": 4}
KEYWORDS = {"tip", "placeholder_text", "window_title", "prefix", "tool_tip_text"}
# shown as written: key names as the keyboard prints them, the game's name, an address
KEYS = re.compile(r"^[\s(]*((Esc|Enter|F\d+|Home|Left|Right|Space|End|Ctrl\+Z|[A-Z])[\s)]*)+$"
                  r"|^Narby Conquest$|^wss://")


def _english(text: str) -> bool:
    bare = text.replace(VALUE, "").strip()
    return bool(re.search(r"[A-Za-z]{2,}", bare)) and not KEYS.search(bare)


def _unmarked(path: Path) -> list[str]:
    """String literals handed straight to something that shows them, not through
    _() / N_() / n_() / p_()."""
    return unmarked(path, shown_by(SINKS, KEYWORDS), _english)


def test_no_player_facing_literal_is_left_unmarked():
    found = [line for p in translations.files_of("screens") for line in _unmarked(p)]
    assert not found, "unmarked:\n" + "\n".join(found)


def test_the_scan_finds_an_unmarked_label(tmp_path):
    demo = tmp_path / "demo.py"
    demo.write_text('button(ui, rect, "Start game", tip=f"Play {n} rounds")\n'
                    'button(ui, rect, _("Start game"), tip="Esc")\n')
    assert [line.split(": ", 1)[1] for line in _unmarked(demo)] == [
        "'Start game'", "'Play {} rounds'"]

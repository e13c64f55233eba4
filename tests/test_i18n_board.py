"""The board's catalog (issue 38): every string the board's files mark is translated in
every language, placeholders and markup kept; and no player-facing English is left
unmarked where a scan of the sources can find it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.i18n_scan import VALUE, fstrings, shown_by, unmarked
from tools import translations

DOMAIN = "board"
# the board's files whose words are not for players: the audit tools' findings, the
# map checker's messages (English, docs/TRANSLATING.md), the CLI's and stderr's lines
NOT_FOR_PLAYERS = {"audit.py", "piece_audit.py", "tiled_draw.py", "app.py", "art.py",
                   "theme.py", "scripts.py", "screenshot.py", "unmarked.py"}
# calls whose string arguments are drawn, and keywords that are shown
SHOWN_CALLS = dict.fromkeys({"text", "fit_text", "show_error", "button", "make",
                             "ChoiceDialog", "summary_card", "ConfirmOverlay", "Slot",
                             "RowOdds", "Odds"})
SHOWN_KEYWORDS = {"tip", "placeholder_text", "tool_tip_text", "yes", "no"}


@pytest.fixture(scope="module")
def template():
    return translations.extract(DOMAIN)


def test_the_board_has_strings_to_translate(template):
    assert len(template) > 200


def _board_files() -> list[Path]:
    return [p for p in translations.files_of(DOMAIN) if p.name not in NOT_FOR_PLAYERS]


_SENTENCE = re.compile(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}|\b[A-Z][a-z]+")  # not "card/"


def unmarked_literals(path: Path) -> list[str]:
    """Literal English handed straight to something that draws it, and f-strings with
    English words (a sentence a translator could not reorder): two words, or a
    capitalised one."""
    return unmarked(path, [shown_by(SHOWN_CALLS, SHOWN_KEYWORDS), fstrings],
                    lambda text: any(_SENTENCE.search(part) for part in text.split(VALUE)))


def test_no_player_facing_literal_is_left_unmarked():
    found = [x for p in _board_files() for x in unmarked_literals(p)]
    assert not found, "\n".join(found)


def test_the_scan_finds_an_unmarked_label(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('look.text("Game over", 12)\nx = f"Round {n} begins"\n'
                   'look.text(_("Marked"), 12)\n', encoding="utf-8")
    assert unmarked_literals(bad) == ["bad.py:1: 'Game over'", "bad.py:2: 'Round {} begins'"]


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


def test_an_action_slots_tip_says_the_engines_reason_in_the_players_language():
    # French showed "Pas maintenant : nobody claims Tower of Unquenched Flame at (16, 13);
    # a plain Claim (1 action) takes it" (seen in the UI audit's French screenshots)
    from game import i18n  # noqa: PLC0415
    from game.ui.action_bar import Slot  # noqa: PLC0415
    from game.ui.explain import slot_lines  # noqa: PLC0415
    from game.words import PlaceName, Words  # noqa: PLC0415

    why = Words("nobody claims {piece}; a plain Claim (1 action) takes it",
                piece=Words("{place} at {cell}", place=PlaceName("soul_mine"), cell="(3, 4)"))
    slot = Slot("claim_settlement", "Claim Settlement", "3", 2, "action/claim_settlement",
                reason=why)
    i18n.set_language("fr")
    try:
        lines = slot_lines(slot)
    finally:
        i18n.set_language("en")
    assert lines[-1] == ("Pas maintenant : personne ne revendique Mine d'âmes en (3, 4) ; "
                         "une simple revendication (1 action) le prend")

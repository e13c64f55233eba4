"""Credits: the game's origins, fonts, libraries, tools and licences, laid out like the
Rules reference (tabs on the left, the section in a scrolling text box)."""

from __future__ import annotations

from game.i18n import N_
from game.ui.credits_text import SECTIONS
from game.ui.scenes.rules import RulesScene


class CreditsScene(RulesScene):
    TITLE = N_("Credits")
    SECTIONS = SECTIONS
    BACK_TIP = "Esc"

    def tab_tip(self, i: int, name: str) -> str:
        return f"{i + 1}"

"""Abandon Claim (R27): a ring back from anywhere on the board."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Action, ActionHooks


def _hooks() -> ActionHooks:
    from game.systems import claims
    return ActionHooks(claims.RULES["abandon"])


ACTION = Action(
    tip=False,  # its tip is the window's own (game.ui.aiming, odds)
    key="abandon", title=N_("Abandon Claim"), cost=1, hotkey="9", listed=3, search=("abandon",),
    words=N_("Take one of your rings back from anywhere on the board, to use it again."),
    unavailable=N_("{d} has no claim ring on the board"), hooks=_hooks)

"""Gamble (R28): a ring on an empty cell next to the dragon, for a settlement founded there."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Action, ActionHooks


def _hooks() -> ActionHooks:
    from game.systems import claims
    return ActionHooks(claims.RULES["gamble"])


ACTION = Action(
    tip=False,  # its tip is the window's own (game.ui.aiming, odds)
    key="gamble", title=N_("Gamble"), cost=1, hotkey="0", listed=4, search=("gamble",),
    words=N_("Put a ring on an empty cell next to you. A settlement founded next to it later "
             "is claimed by that ring for free."),
    unavailable=N_("{d} has no empty cell beside it"), hooks=_hooks)

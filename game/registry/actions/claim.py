"""Claim (R19): a ring on an unclaimed settlement or place of power next to the dragon."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Action, ActionHooks


def _hooks() -> ActionHooks:
    from game.systems import claims
    return ActionHooks(claims.RULES["claim"])


ACTION = Action(
    tip=False,  # its tip is the window's own (game.ui.aiming, odds)
    key="claim", title=N_("Claim"), cost=1, hotkey="2", listed=1, search=("claim", "claim2"),
    words=N_("Put one of your rings on an unclaimed settlement or place of power next to you. "
             "Claims pay tribute at the end of each round."),
    unavailable=N_("{d} is not next to an unclaimed settlement or place of power"),
    hooks=_hooks)

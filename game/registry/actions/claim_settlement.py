"""Claim Settlement (R20): take over a settlement or place an opponent claims."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Action, ActionHooks


def _hooks() -> ActionHooks:
    from game.systems import claims
    return ActionHooks(claims.RULES["claim_settlement"])


ACTION = Action(
    tip=False,  # its tip is the window's own (game.ui.aiming, odds)
    key="claim_settlement", title=N_("Claim Settlement"), cost=2, hotkey="3", listed=2,
    search=("take",), taste="take",
    words=N_("Take over a settlement or place of power next to you that another dragon "
             "claims: their ring goes back, yours goes on."),
    unavailable=N_("{d} is not next to a settlement or place an opponent claims"),
    hooks=_hooks)

"""Steal for the thief (R25): a theft from a cavern whose coins go into the chest."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Action, ActionHooks


def _hooks() -> ActionHooks:
    from game.systems import theft
    return ActionHooks(theft.RULES["steal_for_thief"])


ACTION = Action(
    aim="cavern", tip=False,  # its tip is the window's own (game.ui.aiming, odds)
    key="steal_for_thief", title=N_("Steal for the thief"), cost=2, hotkey="7", listed=8,
    search=("steal_for_thief",), taste="steal",
    words=N_("Roll on the Steal chart beside another dragon's cavern, for the thief: the "
             "coins go into the thief's chest, not to you."),
    unavailable=N_("{d} is not next to another dragon's cavern"),
    charts=("steal",), sound="theft", hooks=_hooks)

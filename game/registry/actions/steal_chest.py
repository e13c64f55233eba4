"""Steal from the chest (R24): a roll on the Steal chart beside the thief's chest."""

from __future__ import annotations

from game.i18n import N_
from game.registry.actions.steal_cavern import most
from game.registry.spec import Action, ActionHooks


def _hooks() -> ActionHooks:
    from game.systems import theft
    return ActionHooks(theft.RULES["steal_chest"])


ACTION = Action(
    aim="chest", tip=False,  # its tip is the window's own (game.ui.aiming, odds)
    key="steal_chest", title=N_("Steal from chest"), cost=1, hotkey="6", listed=7,
    search=("steal_chest",), taste="steal",
    words=N_("Roll on the Steal chart beside the thief's chest; you may take up to {most} "
             "from it."), numbers={"most": most},
    unavailable=N_("{d} is not next to the thief's chest"),
    charts=("steal",), sound="theft", hooks=_hooks)

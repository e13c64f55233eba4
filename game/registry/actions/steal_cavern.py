"""Steal from a cavern (R23): a roll on the Steal chart beside another dragon's cavern."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Action, ActionHooks


def most() -> str:
    """The most coins a theft takes (the Steal chart's best row)."""
    from game.content import plural
    from game.tables import STEAL
    return plural(max(r[3] for r in STEAL), "coin")


def _hooks() -> ActionHooks:
    from game.systems import theft
    return ActionHooks(theft.RULES["steal_cavern"])


ACTION = Action(
    aim="cavern", tip=False,  # its tip is the window's own (game.ui.aiming, odds)
    key="steal_cavern", title=N_("Steal from cavern"), cost=1, hotkey="5", listed=6,
    search=("steal_cavern",), taste="steal",
    words=N_("Roll on the Steal chart beside another dragon's cavern; you may take up to "
             "{most} from it."), numbers={"most": most},
    unavailable=N_("{d} is not next to another dragon's cavern"),
    charts=("steal",), sound="theft", hooks=_hooks)

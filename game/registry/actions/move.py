"""Move (R18): fly up to 3 king steps to a free landing."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Action, ActionHooks

STEPS = 3  # king steps a Move may fly (game.tables.MOVE_STEPS)


def _hooks() -> ActionHooks:
    from game.systems import movement
    return ActionHooks(movement.RULES["move"])


ACTION = Action(
    tip=False,  # its tip is the window's own (game.ui.aiming, odds)
    key="move", title=N_("Move"), cost=1, hotkey="1", listed=0, search=("move",),
    words=N_("Fly up to {steps} king steps (diagonals count) to free cells; you may not land "
             "on a piece or a blocked cell."), numbers={"steps": lambda: STEPS},
    # TRANSLATORS: {d} is a dragon's name, {n} a number of spaces
    unavailable=N_("{d} has no free landing within {n} spaces"),
    hooks=_hooks)

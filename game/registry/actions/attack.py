"""Attack (R26): both dragons roll a d20; the loser pays the winner."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Action, ActionHooks

STAKE = 3  # coins the loser pays (game.tables.ATTACK_STAKE)


def _stake() -> str:
    from game.content import plural
    return plural(STAKE, "coin")


def _hooks() -> ActionHooks:
    from game.systems import combat
    return ActionHooks(combat.RULES["attack"])


ACTION = Action(
    tip=False,  # its tip is the window's own (game.ui.aiming, odds)
    key="attack", title=N_("Attack"), cost=1, hotkey="8", listed=9, search=("attack",),
    words=N_("Attack a dragon next to you: both roll a d20, the higher wins and ties go to the "
             "defender. The loser pays the winner {stake}."), numbers={"stake": _stake},
    unavailable=N_("{d} is not next to another dragon"), hooks=_hooks)

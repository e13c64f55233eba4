"""Destroy (R21, R22): a roll on the Destroy chart against a piece next to the dragon."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Action, ActionHooks

REVOLT = 3  # coins a revolt costs the destroyer (game.tables.REVOLT_COST)


def _revolt() -> str:
    from game.content import plural
    return plural(REVOLT, "coin")


def _hooks() -> ActionHooks:
    from game.systems import destruction
    return ActionHooks(destruction.RULES["destroy"])


ACTION = Action(
    tip=False,  # its tip is the window's own (game.ui.aiming, odds)
    key="destroy", title=N_("Destroy"), cost=1, hotkey="4", listed=5, search=("destroy",),
    words=N_("Roll on the Destroy chart against a settlement or place of power next to you: "
             "it may be ruined or destroyed for coins, or a claimed one may revolt and cost "
             "you {revolt}. Gold and Copper may not destroy settlements."),
    numbers={"revolt": _revolt},
    unavailable=N_("{d} is not next to anything it may destroy"),
    charts=("destroy_unclaimed", "destroy_claimed", "destroy_place_unclaimed",
            "destroy_place_claimed"), hooks=_hooks)

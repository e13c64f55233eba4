"""Angelstar Shrine (R37.2): on its holder's turn, one more action this turn."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Place, TurnHooks

ACTIONS = 1  # more actions this turn (game.tables.ANGELSTAR_ACTIONS)
KEY = "angelstar_shrine"


def _extra() -> str:
    from game.content import more_actions
    return more_actions(ACTIONS)


def _hooks() -> TurnHooks:
    def apply(m, name, answer):
        m.actions_left += ACTIONS
        m.emit("extra_action", dragon=name, actions_left=m.actions_left)

    return TurnHooks(targets=lambda m, name: [{"power": KEY}],
                     check=lambda m, name, answer: None, apply=apply, fast=None,
                     model=lambda pos, child, me, answer, ai: ACTIONS)


PLACE = Place(key=KEY, title=N_("Angelstar Shrine"), face=2, timing="turn",
              words=N_("Take {extra} this turn."), numbers={"extra": _extra}, worth=1.5,
              hooks=_hooks)

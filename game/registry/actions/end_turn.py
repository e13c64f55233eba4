"""End turn (R17): the actions left are lost. No rule of its own: the action decision
ends the turn (game.systems.actions), and it is always the last legal answer."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Action

ACTION = Action(key="end_turn", title=N_("End turn"), cost=0, hotkey="E", search=("end",),
                words=N_("Stop here; any actions you have left are lost."),
                tip=False)

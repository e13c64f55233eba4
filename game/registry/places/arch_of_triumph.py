"""Arch of Triumph (R37.6): +2 to its holder's own attack roll, asked before rolling."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Place

# its {mod} is shown from the engine's timing table (game.content)
ROLL = ("attack", 2)

PLACE = Place(key="arch_of_triumph", title=N_("Arch of Triumph"), face=6,
              timing="own_roll", roll=ROLL, words=N_("{mod} to your attack roll."), worth=0.4)

"""Blade Miller (R37.7): -1 to an opponent's destroy roll, after it is made."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Place

# its {mod} is shown from the engine's timing table (game.content)
ROLL = ("destroy", -1)

PLACE = Place(key="blade_miller", title=N_("Blade Miller"), face=7, timing="roll_reaction",
              roll=ROLL, words=N_("{mod} to an opponent's destroy roll."), worth=0.2,
              keep=0.05)  # the AI keeps it only for a roll that matters more

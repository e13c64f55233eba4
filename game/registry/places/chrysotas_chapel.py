"""Chrysota's Chapel (R37.12): +2 to its holder's own steal rolls, asked before rolling."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Place

# its {mod} is shown from the engine's timing table (game.content)
ROLL = ("steal", 2)

PLACE = Place(key="chrysotas_chapel", title=N_("Chrysota's Chapel"), face=12,
              timing="own_roll", roll=ROLL,
              words=N_("{mod} to your steal rolls (from a cavern, from the chest or for "
                       "the thief)."), worth=0.5)

"""Soul Mine (R37.11): +1 to its holder's own tribute roll, asked before rolling."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Place

# its {mod} is shown from the engine's timing table (game.content)
ROLL = ("tribute", 1)

PLACE = Place(key="soul_mine", title=N_("Soul Mine"), face=11, timing="own_roll",
              roll=ROLL, words=N_("{mod} to your tribute roll."), worth=0.3)

"""Destroyer (R38): +2 to its holder's own destroy roll."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, signed

KEY = "destroyer"
ROLL = ("destroy", 2)


def _mod() -> str:
    from game import tables  # the engine's table, as the engine reads it
    return signed(tables.OWN_ROLL_CARDS[KEY][1])


CARD = Card(key=KEY, title=N_("Destroyer"), timing="own_roll", roll=ROLL,
            words=N_("{mod} to your destroy roll."), numbers={"mod": _mod})

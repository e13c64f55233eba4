"""Sneaker (R38): +2 to its holder's own steal roll."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, signed

KEY = "sneaker"
ROLL = ("steal", 2)


def _mod() -> str:
    from game import tables  # the engine's table, as the engine reads it
    return signed(tables.OWN_ROLL_CARDS[KEY][1])


CARD = Card(key=KEY, title=N_("Sneaker"), timing="own_roll", roll=ROLL,
            words=N_("{mod} to your steal roll."), numbers={"mod": _mod})

"""Governor (R38): +2 to its holder's own tribute roll."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, signed

KEY = "governor"
ROLL = ("tribute", 2)


def _mod() -> str:
    from game import tables  # the engine's table, as the engine reads it
    return signed(tables.OWN_ROLL_CARDS[KEY][1])


CARD = Card(key=KEY, title=N_("Governor"), timing="own_roll", roll=ROLL,
            words=N_("{mod} to your tribute roll."), numbers={"mod": _mod})

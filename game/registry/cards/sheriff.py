"""Sheriff (R38): 1 coin more for every town that pays its holder tribute this round."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card

BONUS = 1  # coins a scored town (game.tables.TRIBUTE_CARD_BONUS)


def _bonus() -> str:
    from game.content import plural
    return plural(BONUS, "coin")


CARD = Card(key="sheriff", title=N_("Sheriff"), timing="tribute", per="town",
            words=N_("{bonus} more for every town that pays you tribute this round."),
            numbers={"bonus": _bonus})

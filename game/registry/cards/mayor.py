"""Mayor (R38): 1 coin more for every city that pays its holder tribute this round."""

from __future__ import annotations

from game.i18n import N_
from game.registry.cards.sheriff import BONUS, _bonus
from game.registry.spec import Card

assert BONUS == 1  # Sheriff and Mayor pay alike (game.tables.TRIBUTE_CARD_BONUS)

CARD = Card(key="mayor", title=N_("Mayor"), timing="tribute", per="city",
            words=N_("{bonus} more for every city that pays you tribute this round."),
            numbers={"bonus": _bonus})

"""Mayor (R38): 1 coin more for every city that pays its holder tribute this round."""

from __future__ import annotations

from game.i18n import N_
from game.registry.cards.sheriff import BONUS, _bonus
from game.registry.spec import Card, ReactionHooks

assert BONUS == 1  # Sheriff and Mayor pay alike (game.tables.TRIBUTE_CARD_BONUS)

def _hooks() -> ReactionHooks:
    from game.words import Words

    def words(m, name, window, roll, play):  # its option before the tribute roll
        return Words("{play} (+1 coin from each city that scores)", play=play)

    return ReactionHooks(words=words)


CARD = Card(key="mayor", title=N_("Mayor"), timing="tribute", per="city",
            words=N_("{bonus} more for every city that pays you tribute this round."),
            numbers={"bonus": _bonus}, hooks=_hooks)

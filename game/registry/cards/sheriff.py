"""Sheriff (R38): 1 coin more for every town that pays its holder tribute this round."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, ReactionHooks

BONUS = 1  # coins a scored town (game.tables.TRIBUTE_CARD_BONUS)


def _bonus() -> str:
    from game.content import plural
    return plural(BONUS, "coin")


def _hooks() -> ReactionHooks:
    from game.words import Words

    def words(m, name, window, roll, play):  # its option before the tribute roll
        return Words("{play} (+1 coin from each town that scores)", play=play)

    return ReactionHooks(words=words)


CARD = Card(key="sheriff", title=N_("Sheriff"), timing="tribute", per="town",
            words=N_("{bonus} more for every town that pays you tribute this round."),
            numbers={"bonus": _bonus}, hooks=_hooks)

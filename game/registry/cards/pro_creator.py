"""Pro-creator (R38, P25): moves a new settlement's location die by 2 either way."""

from __future__ import annotations

from game.i18n import N_
from game.registry.cards import trickster
from game.registry.spec import Card, ReactionHooks


def _hooks() -> ReactionHooks:
    from game.systems.cards import dice_params
    from game.words import Words

    return ReactionHooks(
        fits=lambda purpose, chart, attacked: purpose == "settlement",  # P25: a new one's
        params=lambda m, window, dice: dice_params(dice, trickster.STEP),
        value=lambda answer: answer["by"], words=trickster.die_words,
        when=lambda: Words("after a settlement's location is rolled"))


CARD = Card(key="pro_creator", title=N_("Pro-creator"), timing="dice",
            words=N_("Move a settlement's location die by {step} either way."),
            numbers={"step": lambda: trickster.STEP},  # one step for both (R38)
            hooks=_hooks)

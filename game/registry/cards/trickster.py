"""Trickster (R38): moves any one die just rolled by 2 up or down, any roll by anyone."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, ReactionHooks, signed

STEP = 2  # game.tables.CARD_STEP, shared with Pro-creator


def die_words(m, name, window, subject, play):
    """Its option in the prompt (Pro-creator's too): "play X (+2 or −2 on the die)"."""
    from game.words import Words

    values = {"play": play, "up": signed(STEP), "down": signed(-STEP)}
    if window == "dice" and len(subject["dice"]) > 1:
        return Words("{play} ({up} or {down} on one die)", **values)
    return Words("{play} ({up} or {down} on the die)", **values)


def _hooks() -> ReactionHooks:
    from game.systems.cards import dice_params
    from game.words import Words

    def params(m, window, subject):
        if window == "dice":
            return dice_params(subject, STEP)
        return [{"by": STEP}, {"by": -STEP}]

    return ReactionHooks(params=params, value=lambda answer: answer["by"], words=die_words,
                         when=lambda: Words("right after any die is rolled"), keep=0.4)


CARD = Card(key="trickster", title=N_("Trickster"), timing="any",
            words=N_("Move any one die just rolled by {step} up or down."),
            numbers={"step": lambda: STEP}, hooks=_hooks)

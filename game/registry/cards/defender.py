"""Defender (R38, P29): −2 to the attacker's roll when its holder is attacked
(which rolls: game.rule_maths.hostile_modifiers)."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, ReactionHooks, signed

KEY = "defender"
VALUE = -2


def _mod() -> str:
    from game import tables  # the engine's table, as the engine reads it
    return signed(tables.ROLL_CARDS[KEY])


def _hooks() -> ReactionHooks:
    from game.words import Words

    def fits(purpose, chart, attacked):  # P29: the attack roll against its holder
        return purpose == "attack" and attacked

    return ReactionHooks(fits=fits,
                         when=lambda: Words("when attacked, after the attacker's roll"),
                         keep=0.1)


CARD = Card(key=KEY, title=N_("Defender"), timing="roll", value=VALUE,
            words=N_("{mod} to the attacker's roll when you are attacked."),
            numbers={"mod": _mod}, hooks=_hooks)

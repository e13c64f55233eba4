"""Inciter (R38, P29): −2 to an opponent's destroy roll against a claimed settlement
(which rolls: game.rule_maths.hostile_modifiers)."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, ReactionHooks, signed

KEY = "inciter"
VALUE = -2


def _mod() -> str:
    from game import tables  # the engine's table, as the engine reads it
    return signed(tables.ROLL_CARDS[KEY])


def _hooks() -> ReactionHooks:
    from game.words import Words

    def fits(purpose, chart, attacked):  # P29: against a claimed settlement only
        return purpose == "destroy" and chart == "destroy_claimed"

    def when():
        return Words("after an opponent's destroy roll against a claimed settlement")

    return ReactionHooks(fits=fits, when=when, keep=0.1)


CARD = Card(key=KEY, title=N_("Inciter"), timing="roll", value=VALUE,
            words=N_("{mod} to an opponent's destroy roll against a claimed settlement."),
            numbers={"mod": _mod}, hooks=_hooks)

"""Vigor (R38): one more action this turn."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, CardHooks

ACTIONS = 1  # game.tables.VIGOR_ACTIONS


def _extra() -> str:
    from game.content import more_actions
    return more_actions(ACTIONS)


def _hooks() -> CardHooks:
    def apply(m, name, answer, played):
        m.actions_left += ACTIONS
        m.emit("extra_action", dragon=name, actions_left=m.actions_left, via="vigor")

    def model(pos, child, me, answer, ai):
        return ACTIONS, 0

    return CardHooks(lambda m, name: [{}], lambda m, name, answer: None, apply,
                     lambda m, name, card: [{"play": card}], model)


CARD = Card(key="vigor", title=N_("Vigor"), timing="turn", words=N_("Take {extra} this turn."),
            numbers={"extra": _extra}, hooks=_hooks)

"""Speedster (R38): on its holder's turn, one Move of up to 4 king steps for free (the
Move itself costs its 1 action, P21)."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, CardHooks

STEPS = 4  # the Move's reach (game.tables.SPEEDSTER_STEPS)


def _hooks() -> CardHooks:
    from game import lookups
    from game.systems import movement
    from game.words import DragonName, Words

    def targets(m, name):
        return [{"to": a["to"]} for a in movement.targets(m, name, STEPS)]

    def check(m, name, answer):
        if m.actions_left < 1:
            return Words("Speedster is played with a Move, which costs 1 action; {dragon} "
                         "has none", dragon=DragonName(name))
        return movement.check(m, name, answer, STEPS)

    def fast(m, name, card):
        if m.actions_left < 1:
            return []
        # movement.fast's landings, with the reach of Speedster's Move
        cells = lookups.piece_landings(m, lookups.dragon_fp(m, name).at, STEPS)
        return [{"play": card, "to": [c, r]} for c, r in cells]

    def apply(m, name, answer, played):
        return {"do": "move", "to": list(answer["to"])}  # the Move is declared as usual

    def model(pos, child, me, answer, ai):
        child.move_dragon(me, tuple(answer["to"]))
        return 0, 1  # the Move costs its action

    return CardHooks(targets, check, apply, fast, model)


CARD = Card(key="speedster", title=N_("Speedster"), timing="turn",
            words=N_("One Move of up to {steps} king steps, for free."),
            numbers={"steps": lambda: STEPS}, hooks=_hooks)

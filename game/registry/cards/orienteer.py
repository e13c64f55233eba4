"""Orienteer (R38): moves an opponent's dragon up to 3 king steps."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, CardHooks

STEPS = 3  # game.tables.ORIENTEER_STEPS


def _hooks() -> CardHooks:
    import esper

    from game import lookups
    from game.components import Footprint
    from game.decisions import cell_of
    from game.systems import powers
    from game.systems.base import not_a_dragon
    from game.words import DragonName, Words

    def targets(m, name):
        for other in m.seat_names:
            if other != name:
                at = lookups.dragon_fp(m, other).at
                for to in powers.square(at, STEPS):
                    yield {"dragon": other, "to": list(to)}

    def check(m, name, answer):
        target = answer.get("dragon")
        if not isinstance(target, str) or target not in m.dragon_ents:
            return not_a_dragon(target)
        if target == name:
            return Words("Orienteer moves an opponent's dragon, not {dragon} itself",
                         dragon=DragonName(name))
        to = cell_of(answer, "to")
        at = lookups.dragon_fp(m, target).at
        return (powers.move_reason(m, DragonName(target), at, to, STEPS)
                or powers.landing_reason(m, DragonName(target), to, 2, m.dragon_ents[target]))

    def fast(m, name, card):
        out: list[dict] = []
        ents = m.dragon_ents
        for other in m.seat_names:
            if other != name:
                # powers.free_landings of the other's own 2x2: the cached landings of a Move
                at = esper.component_for_entity(ents[other], Footprint).at
                cells = lookups.piece_landings(m, at, STEPS)
                out += [{"play": card, "dragon": other, "to": [c, r]} for c, r in cells]
        return out

    def apply(m, name, answer, played):
        powers.displace(m, name, answer["dragon"], tuple(answer["to"]), "orienteer")

    def model(pos, child, me, answer, ai):
        child.move_dragon(answer["dragon"], tuple(answer["to"]))
        return 0, 0

    return CardHooks(targets, check, apply, fast, model)


CARD = Card(key="orienteer", title=N_("Orienteer"), timing="turn",
            words=N_("Move another dragon up to {steps} king steps."),
            numbers={"steps": lambda: STEPS}, hooks=_hooks)

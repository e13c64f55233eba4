"""Madhouse (R37.9): on its holder's turn, an opponent's dragon moves exactly 1 king
step to a legal footprint."""

from __future__ import annotations

from game.i18n import N_, _
from game.registry.spec import Place, TurnHooks

STEPS = 1  # king steps the opponent is moved (game.tables.MADHOUSE_STEPS)
KEY = "madhouse"


def _steps() -> str:
    if STEPS == 1:
        return _("exactly one king step")
    return _("up to {steps} king steps").format(steps=STEPS)


def _hooks() -> TurnHooks:
    from game import lookups
    from game.decisions import cell_of
    from game.systems.base import not_a_dragon
    from game.systems.powers import displace, free_landings, landing_reason, move_reason, square
    from game.words import DragonName, Words

    def targets(m, name):
        for other in m.seat_names:
            at = lookups.dragon_fp(m, other).at
            for to in square(at, STEPS):
                yield {"power": KEY, "dragon": other, "to": list(to)}

    def check(m, name, answer):
        target = answer.get("dragon")
        if not isinstance(target, str) or target not in m.dragon_ents:
            return not_a_dragon(target)
        if target == name:
            return Words("Madhouse moves an opponent's dragon, not {dragon} itself",
                         dragon=DragonName(name))
        to = cell_of(answer, "to")
        at = lookups.dragon_fp(m, target).at
        return (move_reason(m, DragonName(target), at, to, STEPS)
                or landing_reason(m, DragonName(target), to, 2, m.dragon_ents[target]))

    def fast(m, name):
        out: list[dict] = []
        for other in m.seat_names:
            if other != name:
                at = lookups.dragon_fp(m, other).at
                out.extend({"power": KEY, "dragon": other, "to": list(to)}
                           for to in free_landings(m, at, STEPS, 2, m.dragon_ents[other]))
        return out

    def apply(m, name, answer):
        displace(m, name, answer["dragon"], tuple(answer["to"]), KEY)

    def model(pos, child, me, answer, ai):
        child.move_dragon(answer["dragon"], tuple(answer["to"]))
        return 0

    return TurnHooks(targets, check, apply, fast, model)


PLACE = Place(key=KEY, title=N_("Madhouse"), face=9, timing="turn",
              words=N_("Move another dragon {steps}."), numbers={"steps": _steps},
              worth=0.3, hooks=_hooks)

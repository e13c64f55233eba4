"""Darkheart Cottage (R37.14): on its holder's turn the thief's chest moves up to 5 king
steps to a free cell. While held, Steal for the thief works against any dragon."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import AlwaysHooks, Place, TurnHooks

STEPS = 5  # king steps the chest moves (game.tables.CHEST_STEPS)
KEY = "darkheart_cottage"


def _hooks() -> TurnHooks:
    import esper

    from game import lookups
    from game.components import Footprint
    from game.decisions import cell_of
    from game.systems.powers import CHEST, free_landings, landing_reason, move_reason, square
    from game.words import Words

    def targets(m, name):
        at = lookups.chest_at(m)
        if at is not None:
            for to in square(at, STEPS):
                yield {"power": KEY, "to": list(to)}

    def check(m, name, answer):
        at = lookups.chest_at(m)
        if at is None:
            return Words("the thief's chest is not on the board yet")
        to = cell_of(answer, "to")
        return (move_reason(m, CHEST, at, to, STEPS)
                or landing_reason(m, CHEST, to, 1, m.chest_ent))

    def fast(m, name):
        at = lookups.chest_at(m)
        if at is None:
            return []
        return [{"power": KEY, "to": list(to)}
                for to in free_landings(m, at, STEPS, 1, m.chest_ent)]

    def apply(m, name, answer):
        fp = esper.component_for_entity(m.chest_ent, Footprint)
        before = list(fp.at)
        fp.col, fp.row = answer["to"]
        m.emit("chest_moved", at=[fp.col, fp.row], **{"from": before}, by=name, via=KEY)

    def model(pos, child, me, answer, ai):
        occ = {c: v for c, v in child.occ.items() if v != "chest"}
        child.chest_at = tuple(answer["to"])
        occ[child.chest_at] = "chest"
        child.occ = occ
        child.free_key = object()
        return 0

    return TurnHooks(targets, check, apply, fast, model)


# R37.14 control: the holder steals for the thief from any dragon with a cavern, adjacent
# or not (game.systems.theft; the AI's search)
ALWAYS = AlwaysHooks(steal_far=True)

PLACE = Place(
    key=KEY, title=N_("Darkheart Cottage"), face=14, timing="turn",
    words=N_("Move the thief's chest up to {steps} king steps. While you hold it, Steal for "
             "the thief works against any dragon, near or far."),
    numbers={"steps": lambda: STEPS}, worth=0.6, hooks=_hooks, always=lambda: ALWAYS,
    to_size=1)  # its "to" is the chest's one cell

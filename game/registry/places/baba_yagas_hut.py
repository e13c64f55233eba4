"""Baba Yaga's Hut (R37.1): on its holder's turn the hut moves up to 3 king steps; its
claims stay on it. While held, one Claim may also take a settlement next to the hut."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import AlwaysHooks, Place, TurnHooks

STEPS = 3  # king steps the hut moves (game.tables.HUT_STEPS)
KEY = "baba_yagas_hut"


def _hooks() -> TurnHooks:
    from game import lookups
    from game.decisions import cell_of
    from game.systems.powers import free_landings, landing_reason, move_reason, square
    from game.words import PlaceName

    def hut(m):
        found = lookups.place_on_board(m, KEY)
        assert found is not None  # asked only while the hut's holder may use it
        return found

    def targets(m, name):
        _ent, fp = hut(m)
        for to in square(fp.at, STEPS):
            yield {"power": KEY, "to": list(to)}

    def check(m, name, answer):
        to = cell_of(answer, "to")
        ent, fp = hut(m)
        what = PlaceName(KEY)
        return move_reason(m, what, fp.at, to, STEPS) or landing_reason(m, what, to, 2, ent)

    def fast(m, name):
        ent, fp = hut(m)
        return [{"power": KEY, "to": list(to)} for to in free_landings(m, fp.at, STEPS, 2, ent)]

    def apply(m, name, answer):
        _ent, fp = hut(m)
        before = list(fp.at)
        fp.col, fp.row = answer["to"]
        m.emit("place_moved", dragon=name, place=KEY, **{"from": before},
               to=[fp.col, fp.row])

    def model(pos, child, me, answer, ai):
        ai.move_piece(child, pos.place_at(KEY), tuple(answer["to"]))
        return 0

    return TurnHooks(targets, check, apply, fast, model)


def _always() -> AlwaysHooks:
    """R37.1 control: while held, one Claim may take a settlement next to the hut."""
    import esper

    from game import lookups
    from game.components import Footprint, Settlement
    from game.geometry import rect_gap, ring_cells
    from game.tables import SETTLEMENT_KINDS
    from game.words import DragonName, Words

    def reach(m, name):
        found_hut = lookups.place_on_board(m, KEY)
        assert found_hut is not None  # a holder means the hut is on the board
        hut = found_hut[1]
        occ = lookups.occupancy(m)
        found = {occ[c] for c in ring_cells(hut.at, 2, m.board.width, m.board.height)
                 if c in occ}
        return [(e, esper.component_for_entity(e, Footprint)) for e in found
                if esper.has_component(e, Settlement)]

    def far(m, name, ent):
        return Words("{dragon} is not adjacent to {piece}, nor is it a settlement "
                     "adjacent to Baba Yaga's Hut", dragon=DragonName(name),
                     piece=lookups.describe(m, ent))

    def model_reach(pos, me, near):
        hut = pos.place_at(KEY)
        return [tl for tl, (kind, _size, owner) in pos.pieces.items()
                if owner is None and kind in SETTLEMENT_KINDS and tl not in near
                and rect_gap(hut, 2, tl, 1) == 1]

    return AlwaysHooks(reach=reach, far=far, model_reach=model_reach)


PLACE = Place(
    key=KEY, title=N_("Baba Yaga's Hut"), face=1, timing="turn",
    words=N_("Move the hut up to {steps} king steps; its claims stay on it. While you hold "
             "it, one Claim may also take a settlement next to the hut."),
    numbers={"steps": lambda: STEPS}, worth=0.6, hooks=_hooks, always=_always)

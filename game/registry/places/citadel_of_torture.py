"""Citadel of Torture (R37.13): once a round, one Claim takes two settlements next to
its holder at once: {"do": "claim", "at": [c, r], "also": [c2, r2]} (P17; the generic
Claim in game.systems.claims spends the power when it is declared; the AI's claim2)."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import AlwaysHooks, Place

KEY = "citadel_of_torture"


def _always() -> AlwaysHooks:
    import esper

    from game import lookups
    from game.components import Claim, Settlement
    from game.decisions import cell_of, show_cell
    from game.systems import claims
    from game.systems.base import adjacent_claimables
    from game.tables import SETTLEMENT_KINDS
    from game.words import DragonName, Words

    def pairs(m, name, unclaimed_only):
        cells = [[fp.col, fp.row] for e, fp in adjacent_claimables(m, name)
                 if esper.has_component(e, Settlement)
                 and not (unclaimed_only and esper.has_component(e, Claim))]
        return [{"do": "claim", "at": a, "also": b} for a in cells for b in cells if a != b]

    def pair_check(m, name, answer):
        holder = lookups.place_holders(m).get(KEY)
        if holder != name:
            return Words("{dragon} does not hold Citadel of Torture, so one Claim takes one "
                         "piece (leave out 'also')", dragon=DragonName(name))
        if KEY in m.powers_used:  # R37.13, R36: a Power, once per round
            return Words("Citadel of Torture's power has already been used this round, so "
                         "one Claim takes one piece (leave out 'also')")
        cells = [cell_of(answer, "at"), cell_of(answer, "also")]
        if cells[0] == cells[1]:
            return Words("'at' and 'also' must name two different settlements")
        supply = lookups.rings(m, name).supply
        if supply < 2:
            # TRANSLATORS: {supply} is the number of rings the dragon has in supply (0 or 1)
            return Words("{dragon} needs two rings in supply to claim two settlements (has "
                         "{supply})", dragon=DragonName(name), supply=supply)
        for cell in cells:
            ent = lookups.occupancy(m).get(cell)
            if ent is None or not esper.has_component(ent, Settlement):
                return Words("Citadel of Torture claims two settlements; there is no "
                             "settlement at {cell}", cell=show_cell(cell))
            if not lookups.next_to_dragon(m, name, cell, 1):
                return Words("{dragon} is not adjacent to {piece}", dragon=DragonName(name),
                             piece=lookups.describe(m, ent))
            reason = claims.unclaimed_reason(m, name, ent)
            if reason:
                return reason
        return None

    def model_pairs(pos, me, near):
        free = [tl for tl in near if pos.pieces[tl][2] is None
                and pos.pieces[tl][0] in SETTLEMENT_KINDS]
        return [("claim2", a, b) for i, a in enumerate(free) for b in free[i + 1:]]

    return AlwaysHooks(pairs=pairs, pair_check=pair_check, model_pairs=model_pairs)


PLACE = Place(key=KEY, title=N_("Citadel of Torture"), face=13, timing="claim",
              words=N_("One Claim takes two settlements next to you at once (it needs "
                       "two rings in supply)."), worth=0.6, always=_always)

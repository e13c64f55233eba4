"""Jumper (R38): puts its holder's dragon next to one of its claimed settlements or
places."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, CardHooks


def _hooks() -> CardHooks:
    import esper

    from game import lookups
    from game.components import Claim, Footprint
    from game.decisions import cell_of, show_cell
    from game.geometry import adjacent
    from game.systems import claims, movement, powers
    from game.words import DragonName, Words

    def claimed_pieces(m, name):
        out = [esper.component_for_entity(e, Footprint) for e, c in esper.get_component(Claim)
               if c.owner == name]
        out.sort(key=lambda fp: (fp.row, fp.col))
        return out

    def targets(m, name):
        spots = set()
        for fp in claimed_pieces(m, name):
            for row in range(fp.row - 2, fp.row + fp.size + 1):
                for col in range(fp.col - 2, fp.col + fp.size + 1):
                    if adjacent((col, row), 2, fp.at, fp.size):
                        spots.add((row, col))
        return [{"to": [c, r]} for r, c in sorted(spots)]

    def check(m, name, answer):
        to = cell_of(answer, "to")
        if to == lookups.dragon_fp(m, name).at:
            return Words("Jumper must put {dragon} somewhere new", dragon=DragonName(name))
        pieces = claimed_pieces(m, name)
        if not pieces:
            return Words("{dragon} claims no settlement or place for Jumper to land beside",
                         dragon=DragonName(name))
        if not any(adjacent(to, 2, fp.at, fp.size) for fp in pieces):
            return Words("Jumper puts {dragon} beside one of its claimed settlements or "
                         "places; {cell} is beside none", dragon=DragonName(name),
                         cell=show_cell(to))
        return movement.landing_reason(m, name, to, ignore=m.dragon_ents[name])

    def fast(m, name, card):
        cells, n = claims.own_ring_record(m, name)  # its claims' top-left cells, by row
        if not n:
            return []
        occ = lookups.occupancy(m)
        w, h = m.board.width - 2, m.board.height - 2
        # Per row, the columns of the top-left cells beside some claimed piece
        # (geometry.adjacent: its whole rows above and below, only the columns on either
        # side in between), as bits.
        wanted: dict[int, int] = {}
        for i in range(n):
            pc, pr = cells[i]
            ent = occ[(pc, pr)]
            size = 2 if occ.get((pc + 1, pr)) == ent else 1  # a place of power is 2x2
            lo, hi = max(0, pc - 2), min(w, pc + size)
            span = (2 << hi) - (1 << lo)  # the columns lo..hi
            sides = (1 << pc - 2 if pc >= 2 else 0) | (1 << pc + size if pc + size <= w else 0)
            for row in range(max(0, pr - 2), min(h, pr + size) + 1):
                wanted[row] = wanted.get(row, 0) | (
                    span if row == pr - 2 or row == pr + size else sides)
        ac, ar = lookups.dragon_fp(m, name).at
        rows = lookups.row_masks(m)
        out = []
        for row in sorted(wanted):  # (the dragon's own cells count as free: it leaves them)
            free = wanted[row] & ~lookups.taken_tops(rows, row, ac, ar)
            if row == ar:
                free &= ~(1 << ac)  # somewhere new
            while free:  # lowest (leftmost) column first
                low = free & -free
                out.append({"play": card, "to": [low.bit_length() - 1, row]})
                free ^= low
        return out

    def apply(m, name, answer, played):
        powers.displace(m, name, name, tuple(answer["to"]), "jumper")

    def model(pos, child, me, answer, ai):
        child.move_dragon(me, tuple(answer["to"]))
        return 0, 0

    return CardHooks(targets, check, apply, fast, model)


CARD = Card(key="jumper", title=N_("Jumper"), timing="turn",
            words=N_("Put your dragon next to one of your claims."),
            hooks=_hooks)

"""Keeping the derived-facts caches of game.lookups in step with the game.

Every event a system emits passes through `bump` (Match.emit / Match.log). Most events
change no piece or ring and keep every cache. An event that moves, adds or removes a
piece, or places or lifts a ring, either updates the cached facts it touches in place
(occupancy, row masks, a dragon's ring cells, the gamble rings...) and keeps the facts
whose area it does not touch, or counts a new `Match.version` / `Match.layout`, which
empties the per-version / per-layout cache (lookups.cache, lookups.layout_cache). An
event kind this module does not know bumps both, so a new rule is safe by default.
tests/test_caches.py compares every cached fact with a fresh computation at every
decision of many random games.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import esper

from game import lookups
from game.components import Footprint, Gamble, PlaceOfPower
from game.geometry import Cell
from game.tables import UNDEAD_HOME

if TYPE_CHECKING:
    from game.json_shapes import Event
    from game.match import Match


# ----- derived facts, cached per version of the pieces ---------------------------------
# Events that never come with a change to a piece (its place, its kind, its existence),
# a claim ring or a gamble ring: they bump nothing.
QUIET_EVENTS = frozenset({
    "action", "attack", "cancelled", "card", "card_dealt", "coins", "deck_shuffled",
    "destroy_failed", "extra_action", "game_over", "order", "phase", "place_chosen",
    "place_not_placed", "placement_failed", "power", "revolt", "roll", "round",
    "tie_extra_round", "treasure", "tribute", "tribute_claim", "turn", "turn_end",
})
# Events that change rings or a settlement's kind but move, add or remove no piece:
# they bump `Match.version` only. Every other event (a placement, a removal, and any
# event kind a new rule adds) bumps both `Match.version` and `Match.layout`.
RING_EVENTS = frozenset({
    "claim", "unclaim", "gamble", "ruined", "upgraded", "resettled", "rebuilt",
})
# One dragon or the chest moved: the layout cache is kept in step instead of rebuilt (see
# _shift), and `Match.version` is not bumped: the per-version facts (claims, gamble rings,
# place holders, each dragon's ring cells) belong to settlements, places and rings, which
# never move, so a move (a third of all changes) keeps them.
SHIFT_EVENTS = frozenset({"move", "displaced", "chest_moved"})


def bump(m: Match, event: Event) -> None:
    """Called by Match.emit for every event: invalidates the caches it may affect."""
    kind = event["type"]
    if kind in QUIET_EVENTS:
        return
    if kind in SHIFT_EVENTS:
        if m.derived_layout_version == m.layout and "occ" in m.derived_layout:
            _shift(m, event)
        else:
            m.layout += 1
        return
    if kind == "placed":
        # A new settlement is unclaimed (a gamble ring's claim on it is an event of its
        # own): the per-version facts stay, as for a move.
        if (m.derived_layout_version == m.layout
                and tuple(event["at"]) in m.derived_layout.get("occ", ())):
            col, row = event["at"]
            _settled(m, (col, row))
        else:
            m.layout += 1
        return
    if kind == "place_placed":
        # A new place of power is unclaimed and lands on free cells: like a new
        # settlement, the per-version facts stay and the layout is kept in step.
        if not (m.derived_layout_version == m.layout and "occ" in m.derived_layout
                and _place_placed(m, event)):
            m.layout += 1
        if not _only_ring_facts(m.derived):
            m.version += 1
        return
    if kind in REMOVAL_EVENTS:
        # The piece's claim was lifted by its own `unclaim` event just before: like a
        # new piece, the per-version facts stay and the layout is kept in step.
        if not (m.derived_layout_version == m.layout and "occ" in m.derived_layout
                and _removed(m, event)):
            m.layout += 1
        if not (m.derived_version == m.version and _only_ring_facts(m.derived)
                and _unclaimed(m, event)):
            m.version += 1
        return
    if kind in OWNED_RING_EVENTS and m.derived_version == m.version and _drop_ring_facts(m, event):
        return
    if kind in KIND_EVENTS and _only_ring_facts(m.derived):
        return  # no ring fact depends on a settlement's kind
    m.version += 1
    if kind in RING_EVENTS:
        return
    m.layout += 1


# A ring of one dragon placed or lifted (each claim, unclaim and gamble ring is an event
# naming the ring's owner): only that dragon's ring cells (updated in place, see
# _rings_after), the place holders (only if the ring is on a place) and the gamble rings
# can change, so only those facts are dropped, not every dragon's.
OWNED_RING_EVENTS = frozenset({"claim", "unclaim", "gamble"})
# A settlement's kind changed, its claim stays (R12, R21, Flame Forge).
KIND_EVENTS = frozenset({"ruined", "upgraded", "resettled", "rebuilt"})
# ("own_rings": {dragon: (its ring cells, its number of claims)}, claims.own_rings)
_RING_FACTS = frozenset({"holders", "gambles", "gamble_cells", "own_rings"})


def _only_ring_facts(d: dict) -> bool:
    """The per-version cache `d` holds only facts this module knows (the ring facts)."""
    return d.keys() <= _RING_FACTS


def _drop_ring_facts(m: Match, event: Event) -> bool:
    """Drop (or update) the per-version facts one dragon's ring event may change; False
    (drop everything instead) if the cache holds a kind of fact this does not know."""
    d = m.derived
    if not d.keys() <= _RING_FACTS:
        return False
    kind = event["type"]
    owners = d.get("own_rings")
    if owners is not None:
        name = event["dragon"]
        rings = owners.get(name)
        if rings is not None:
            rings = _rings_after(rings, event)
            if rings is None:
                del owners[name]
            else:
                owners[name] = rings
    if kind != "gamble" and "holders" in d:
        # a place's holder changes only with a ring on the place itself (a claim's or
        # unclaim's cell is its piece's top-left; a gamble ring lies on no place)
        at = event["at"]
        ent = lookups.occupancy(m).get((at[0], at[1]))
        if ent is not None and esper.try_component(ent, PlaceOfPower) is not None:
            del d["holders"]
    # The gamble rings: kept in step by claims._gamble_resolve / remove_gamble (gamble_placed,
    # gamble_lifted, before their events); a ring lifted by a settlement (a claim via a
    # gamble ring) or a list that disagrees with the event drops them.
    if kind == "claim" and event.get("via") != "gamble":
        return True
    cells = d.get("gamble_cells")
    at = event["at"]
    ring = None if cells is None else cells.get((at[0], at[1]))
    if kind == "gamble" and ring is not None:
        return True
    if kind == "unclaim" and cells is not None and (
            ring is None or esper.try_component(ring, Gamble) is None
            or esper.component_for_entity(ring, Gamble).owner != event["dragon"]):
        return True  # a claim lifted, or the ring already taken out of the lists
    d.pop("gambles", None)
    d.pop("gamble_cells", None)
    return True


def gamble_placed(m: Match, ent: int, ring: Gamble) -> None:
    """Called between creating a gamble ring and its `gamble` event: puts it into the
    cached lists (new ones: the cached ones may be held by a caller)."""
    if m.derived_version != m.version:
        return
    d = m.derived
    found = d.get("gambles")
    if found is not None and all(e != ent for e, _g in found):
        key = (ring.row, ring.col, ring.owner)
        i = 0
        while i < len(found) and (found[i][1].row, found[i][1].col, found[i][1].owner) < key:
            i += 1
        d["gambles"] = found[:i] + [(ent, ring)] + found[i:]
    cells = d.get("gamble_cells")
    if cells is not None:
        d["gamble_cells"] = {**cells, (ring.col, ring.row): ent}


def gamble_lifted(m: Match, ent: int) -> None:
    """Called between deleting a gamble ring and its `unclaim` event: takes it out of
    the cached lists (new ones)."""
    if m.derived_version != m.version:
        return
    d = m.derived
    found = d.get("gambles")
    if found is not None:
        d["gambles"] = [t for t in found if t[0] != ent]
    cells = d.get("gamble_cells")
    if cells is not None:
        d["gamble_cells"] = {cell: e for cell, e in cells.items() if e != ent}


def _rings_after(rings: tuple[list[Cell], int],
                 event: Mapping[str, Any]) -> tuple[list[Cell], int] | None:
    """One dragon's ring cells (claims.own_rings: its claims by row then column, then its
    gamble rings, and the number of claims) after its ring event, or None if the event
    leaves them unclear. New lists: the cached ones may be held by a caller. Idempotent
    (a fact computed between the change and its event stays right)."""
    cells, n = rings
    claimed, gambled = cells[:n], cells[n:]
    at = event["at"]
    cell = (at[0], at[1])
    kind = event["type"]
    if kind == "unclaim":  # a claim or a gamble ring lifted: which one, by its cell
        if (cell in claimed) == (cell in gambled):
            return None  # both (a claimed place over its own gamble ring) or neither
        (claimed if cell in claimed else gambled).remove(cell)
        return claimed + gambled, len(claimed)
    if kind == "gamble":
        _insert_by_row(gambled, cell)
    else:  # a claim; from a gamble ring next to a new settlement, that ring is lifted
        if event.get("via") == "gamble":
            ring = event["from"]
            if (ring[0], ring[1]) in gambled:
                gambled.remove((ring[0], ring[1]))
        _insert_by_row(claimed, cell)
    return claimed + gambled, len(claimed)


def _insert_by_row(cells: list[Cell], cell: Cell) -> None:
    """Put `cell` into `cells` (sorted by row then column) unless it is there."""
    if cell in cells:
        return
    i = 0
    while i < len(cells) and (cells[i][1], cells[i][0]) < (cell[1], cell[0]):
        i += 1
    cells.insert(i, cell)


def settlement_placed(m: Match, ent: int, cell: Cell) -> None:
    """Called by Populate between creating a settlement (1x1) and its `placed` event:
    keeps the occupancy and row masks in step, so the event keeps the layout facts far
    from `cell` (see _settled) instead of dropping every one."""
    if m.derived_layout_version != m.layout:
        return
    c = m.derived_layout
    occ = c.get("occ")
    if occ is None:
        return
    occ[cell] = ent
    rows = c.get("rows")
    if rows is not None:
        rows[cell[1]] |= 1 << cell[0]


def _settled(m: Match, cell: Cell) -> None:
    """The layout cache after a settlement was placed on the empty `cell` (occupancy
    and masks already updated by settlement_placed): the settlement list is rebuilt,
    the facts whose area does not contain `cell` are kept."""
    m.derived_layout = _kept(m, m.derived_layout, _PLACE_PROOF, None,
                             [(cell[0], cell[1], cell[0], cell[1])])


def _place_placed(m: Match, event: Mapping[str, Any]) -> bool:
    """The layout cache after a place of power was put on free cells (Populate, R14):
    its cells go into the occupancy and masks, the lists of places are rebuilt, the facts
    whose area it does not touch are kept. False (rebuild everything) if the new piece
    is not found where the event says, on cells the occupancy has free."""
    c = m.derived_layout
    kind = event["place"]
    at = (event["at"][0], event["at"][1])
    ent = next((e for e, place in esper.get_component(PlaceOfPower) if place.kind == kind),
               None)
    if ent is None:
        return False
    fp = esper.try_component(ent, Footprint)
    if fp is None or fp.at != at:
        return False
    size = fp.size
    cells = [(at[0] + dc, at[1] + dr) for dr in range(size) for dc in range(size)]
    occ = c["occ"]
    for cell in cells:
        if cell in occ:
            return False
    rows = c.get("rows")
    for cell in cells:
        occ[cell] = ent
        if rows is not None:
            rows[cell[1]] |= 1 << cell[0]
    # (the Undead's home is its cavern, R8; a dragon next to it has its `around`
    # dropped by the area test)
    proof = _HOME_PROOF if kind == UNDEAD_HOME else _PLACES_PROOF
    m.derived_layout = _kept(m, c, proof, None,
                             [(at[0], at[1], at[0] + size - 1, at[1] + size - 1)])
    return True


# A settlement destroyed or a place of power removed (R21, R22): its entity is deleted
# after its claim is lifted (an `unclaim` event), then the event names its top-left.
REMOVAL_EVENTS = frozenset({"destroyed", "place_removed"})


def _removed(m: Match, event: Mapping[str, Any]) -> bool:
    """The layout cache after a settlement or place was deleted: its cells leave the
    occupancy and masks, its list is rebuilt, the facts whose area it touched are
    dropped and the others kept. False (rebuild everything) if the occupancy does not
    hold a deleted entity at the event's cell."""
    c = m.derived_layout
    occ = c["occ"]
    col, row = event["at"]
    ent = occ.get((col, row))
    if ent is None or esper.entity_exists(ent):
        return False
    rows = c.get("rows")
    size = 1
    for cell in ((col, row), (col + 1, row), (col, row + 1), (col + 1, row + 1)):
        if occ.get(cell) == ent:
            del occ[cell]
            if rows is not None:
                rows[cell[1]] &= ~(1 << cell[0])
            if cell != (col, row):
                size = 2
    if event["type"] == "destroyed":
        proof = _PLACE_PROOF
    else:
        proof = _HOME_PROOF if event["place"] == UNDEAD_HOME else _PLACES_PROOF
    m.derived_layout = _kept(m, c, proof, None,
                             [(col, row, col + size - 1, row + size - 1)])
    return True


def _unclaimed(m: Match, event: Mapping[str, Any]) -> bool:
    """Whether the per-version ring facts (checked to be all the cache holds) hold no
    claim on the removed piece, whose `unclaim` event came first (else: drop them)."""
    d = m.derived
    at = event["at"]
    cell = (at[0], at[1])
    for cells, n in d.get("own_rings", {}).values():
        if cell in cells[:n]:
            return False
    return event["type"] != "place_removed" or event["place"] not in d.get("holders", ())


def _shift(m: Match, event: Mapping[str, Any]) -> None:
    """Keep the layout cache in step with one dragon or the chest moved (event `move`,
    `displaced` or `chest_moved`): the occupancy and row masks are updated in place, the
    facts a move cannot change are kept, everything else is dropped. Idempotent, so a
    cache built between the move and its event stays right."""
    c = m.derived_layout
    if event["type"] == "chest_moved":
        ent, size, before, after = m.chest_ent, 1, event["from"], event["at"]
        mover = None
    else:
        mover = event["dragon"]
        ent, size, before, after = m.dragon_ents[mover], 2, event["from"], event["to"]
    occ = c["occ"]
    rows = c.get("rows")
    if before is not None:
        c0, r0 = before
        for cell in (((c0, r0), (c0 + 1, r0), (c0, r0 + 1), (c0 + 1, r0 + 1)) if size == 2
                     else ((c0, r0),)):
            if occ.get(cell) == ent:
                del occ[cell]
                if rows is not None:
                    rows[cell[1]] &= ~(1 << cell[0])
    c1, r1 = after
    c2 = c1 + size - 1
    r2 = r1 + size - 1
    occ[(c1, r1)] = ent
    if size == 2:
        occ[(c2, r1)] = occ[(c1, r2)] = occ[(c2, r2)] = ent
    if rows is not None:
        bits = (2 << c2) - (1 << c1)  # the columns c1..c2
        rows[r1] |= bits
        rows[r2] |= bits
    # the moved piece's footprints before and after, as (col_lo, row_lo, col_hi, row_hi)
    cells = [(c1, r1, c2, r2)]
    if before is not None:
        cells.append((c0, r0, c0 + size - 1, r0 + size - 1))
    m.derived_layout = _kept(m, c, _MOVE_PROOF, mover, cells)


def _kept(m: Match, c: dict, proof: frozenset, mover: str | None,
          cells: list[tuple[int, int, int, int]]) -> dict:
    """The per-layout facts of `c` that stay true when the pieces on `cells`
    (rectangles: the moved piece's footprints before and after) moved; `mover` is the
    dragon that moved, None for the chest or a new piece (then `cells` is its
    footprint). Facts named in `proof` are kept; facts whose area the change does not
    touch are kept; the rest are dropped. One loop with the area tests inline: it runs
    after a third of all events."""
    a1, b1, c1, d1 = cells[0]
    a2, b2, c2, d2 = cells[-1]  # (the same rectangle again when there is one)
    kept = {}
    for key, value in c.items():
        if type(key) is not tuple:
            if key in proof:
                kept[key] = value
            continue
        kind = key[0]
        if kind == "move_landings":  # 2x2 landings within key[2] steps of key[1]
            (c0, r0), steps = key[1], key[2]
            lo_c = c0 - steps
            lo_r = r0 - steps
            hi_c = c0 + steps + 1
            hi_r = r0 + steps + 1
        elif kind == "around":  # the 12 cells around key[1], standing at value[0]
            if key[1] == mover:
                continue
            c0, r0 = value[0]
            lo_c = c0 - 1
            lo_r = r0 - 1
            hi_c = c0 + 2
            hi_r = r0 + 2
        elif kind == "home":  # a dragon's home spot (setup.home_spot): (spot, area)
            area = value[1]
            if area is None:
                continue
            lo_c, lo_r, hi_c, hi_r = area
        else:
            continue  # a fact this does not know: dropped
        if not ((a1 <= hi_c and c1 >= lo_c and b1 <= hi_r and d1 >= lo_r)
                or (a2 <= hi_c and c2 >= lo_c and b2 <= hi_r and d2 >= lo_r)):
            kept[key] = value  # the change does not touch the fact's area
    return kept


# Layout facts a move of a dragon or the chest leaves as they are (occ and rows are
# updated in place by _shift; the settlements and places do not move).
_MOVE_PROOF = frozenset({"occ", "rows", "settlements", "places", "place_at", "caverns"})
# Layout facts a new settlement leaves as they are (occ and rows: settlement_placed).
_PLACE_PROOF = frozenset({"occ", "rows", "places", "place_at", "caverns"})
# Layout facts a place of power put or removed leaves as they are; the Undead's home
# (R8) also changes the caverns.
_PLACES_PROOF = frozenset({"occ", "rows", "settlements", "caverns"})
_HOME_PROOF = frozenset({"occ", "rows", "settlements"})

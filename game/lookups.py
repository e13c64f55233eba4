"""Queries over the active esper world, shared by every system.

All functions assume the match's world is the active esper world (the match switches to
it at each public entry). Results are sorted wherever order could matter, since esper
does not keep entity order (docs/ARCHITECTURE.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from game.components import (
    Cavern,
    Chest,
    Claim,
    Coins,
    Dragon,
    Footprint,
    Gamble,
    PlaceOfPower,
    Rings,
    Settlement,
    Treasure,
)
from game.decisions import show_cell
from game.geometry import Cell, adjacent
from game.tables import PLACE_TITLES, TREASURE_DIE, UNDEAD_HOME
from game.words import DragonName, PlaceName, Words

if TYPE_CHECKING:
    from game.match import Match


def dragon_fp(m: Match, name: str) -> Footprint:
    return esper.component_for_entity(m.dragon_ents[name], Footprint)


def coins(m: Match, name: str) -> int:
    return esper.component_for_entity(m.dragon_ents[name], Coins).amount


def rings(m: Match, name: str) -> Rings:
    return esper.component_for_entity(m.dragon_ents[name], Rings)


def seat(m: Match, name: str) -> int:
    return esper.component_for_entity(m.dragon_ents[name], Dragon).seat


def chest(m: Match) -> Chest:
    return esper.component_for_entity(m.chest_ent, Chest)


def chest_at(m: Match) -> Cell | None:
    fp = esper.try_component(m.chest_ent, Footprint)
    return fp.at if fp else None


# ----- derived facts: the caches (kept in step with the events by game.cache_sync) -------



def cache(m: Match) -> dict:
    """Facts derived from the world's rings and pieces, valid while `m.version` is
    unchanged (tests/test_caches.py compares every one with a fresh computation over
    many random games). Values are shared: callers must never mutate them. The hottest
    readers test `m.derived_version == m.version` inline and call this only when it
    fails (the same check, without a call per read)."""
    if m.derived_version != m.version:
        m.derived = {}
        m.derived_version = m.version
    return m.derived


def layout_cache(m: Match) -> dict:
    """Facts that depend only on where the pieces are (not on rings or a settlement's
    kind), valid while `m.layout` is unchanged; shared, never mutate them."""
    if m.derived_layout_version != m.layout:
        m.derived_layout = {}
        m.derived_layout_version = m.layout
    return m.derived_layout


def occupancy(m: Match) -> dict[Cell, int]:
    """Every cell that holds a piece (R5), mapped to the entity holding it.
    Cached per layout (`layout_cache`); callers must not mutate the result."""
    c = m.derived_layout if m.derived_layout_version == m.layout else layout_cache(m)
    occ = c.get("occ")
    if occ is None:
        occ = c["occ"] = fresh_occupancy()
    return occ


def fresh_occupancy() -> dict[Cell, int]:
    """occupancy() computed from the active world, bypassing the cache."""
    occ: dict[Cell, int] = {}
    for ent, fp in esper.get_component(Footprint):
        c, r = fp.col, fp.row
        occ[(c, r)] = ent
        if fp.size == 2:
            occ[(c + 1, r)] = occ[(c, r + 1)] = occ[(c + 1, r + 1)] = ent
    return occ


def row_masks(m: Match) -> list[int]:
    """Per row, a bit mask of the cells that are blocked or hold a piece (bit c = column
    c); one extra empty row at the bottom. Cached per layout, never mutate it."""
    c = m.derived_layout if m.derived_layout_version == m.layout else layout_cache(m)
    rows = c.get("rows")
    if rows is None:
        rows = [0] * (m.board.height + 1)
        for col, row in m.board.blocked:
            rows[row] |= 1 << col
        for col, row in occupancy(m):
            rows[row] |= 1 << col
        c["rows"] = rows
    return rows


def landings(m: Match, at: Cell, steps: int, me_at: Cell | None = None) -> list[Cell]:
    """Top-left cells within `steps` king steps of `at` (not `at` itself) where a 2x2
    piece can stand: on the board, no blocked cell and no other piece (R4, R5, R18).
    `me_at`: the top-left of the moving 2x2 piece itself, whose cells count as free.
    Row by row, then column (the order of a scan of the square)."""
    w, h = m.board.width - 2, m.board.height - 2
    ac, ar = at
    lo_c, hi_c = max(0, ac - steps), min(w, ac + steps)
    lo_r, hi_r = max(0, ar - steps), min(h, ar + steps)
    if hi_r < lo_r or hi_c < lo_c:
        return []
    window = (2 << hi_c) - (1 << lo_c)  # the columns lo_c..hi_c
    rows = row_masks(m)[lo_r:hi_r + 2]  # a copy: the mover's own cells are freed in it
    if me_at is not None:
        own = ~(3 << me_at[0])
        for i in (me_at[1] - lo_r, me_at[1] + 1 - lo_r):
            if 0 <= i < len(rows):
                rows[i] &= own
    out: list[Cell] = []
    memo = _ROW_CELLS
    if len(memo) > 65536:  # (bounded: the patterns of a long session)
        memo.clear()
    row = lo_r
    top = rows[0]
    for bottom in rows[1:]:
        pair = top | bottom
        free = window & ~(pair | (pair >> 1))  # top-left columns of free 2x2 squares
        if row == ar:
            free &= ~(1 << ac)
        if free:
            # the row's cells for this pattern of free columns, made once: a window's
            # rows repeat the same few patterns, and a cell by cell scan of the bits
            # was most of a call's time
            key = (free, row)
            cells = memo.get(key)
            if cells is None:
                cells = memo[key] = _row_cells(free, row)
            out += cells
        top = bottom
        row += 1
    return out


# {(free columns, row): that row's cells}, landings' memo (a pure function).
_ROW_CELLS: dict[tuple[int, int], tuple[Cell, ...]] = {}


def _row_cells(free: int, row: int) -> tuple[Cell, ...]:
    """The cells (col, row) of the set bits of `free`, lowest (leftmost) first."""
    out = []
    while free:
        low = free & -free
        out.append((low.bit_length() - 1, row))
        free ^= low
    return tuple(out)


def taken_tops(rows: list[int], row: int, ac: int, ar: int) -> int:
    """Bit mask of the columns c where a 2x2 with top-left (c, row) would cover a
    blocked or held cell (`rows`: row_masks), the cells of the 2x2 piece standing at
    (ac, ar) counting as free (it is the one that moves)."""
    top, bottom = rows[row], rows[row + 1]
    own = ~(3 << ac)
    if row == ar or row == ar + 1:
        top &= own
    if row + 1 == ar or row + 1 == ar + 1:
        bottom &= own
    pair = top | bottom
    return pair | pair >> 1


def piece_landings(m: Match, at: Cell, steps: int) -> list[Cell]:
    """landings(m, at, steps, at): where the 2x2 piece standing at `at` (a dragon, or
    the hut) can land within `steps`, its own cells counting as free. Cached per layout
    (a move elsewhere keeps it, see cache_sync._kept); never mutate it."""
    key = ("move_landings", at, steps)
    cache = m.derived_layout if m.derived_layout_version == m.layout else layout_cache(m)
    cells = cache.get(key)
    if cells is None:
        cells = cache[key] = landings(m, at, steps, at)
    return cells


def cell_free(m: Match, cell: Cell, occ: dict[Cell, int], ignore: int | None = None) -> bool:
    """On the board, not blocked, and holding no piece (or only `ignore`)."""
    if not m.board.on_board(cell) or cell in m.board.blocked:
        return False
    holder = occ.get(cell)
    return holder is None or holder == ignore


def footprint_free(m: Match, at: Cell, size: int, occ, ignore: int | None = None) -> bool:
    c, r = at
    return all(
        cell_free(m, (c + dc, r + dr), occ, ignore) for dr in range(size) for dc in range(size)
    )


def _by_row(t) -> tuple[int, int]:
    return (t[2].row, t[2].col)


def _sorted_pieces(m: Match, key: str, kind: type) -> list:
    """(entity, component, footprint) of one kind of piece by row then column, cached
    per layout under `key`; never mutate it."""
    c = layout_cache(m)
    out: list | None = c.get(key)
    if out is None:
        rows: list[tuple[int, Any]] = list(esper.get_components(kind, Footprint))
        out = [(e, piece, fp) for e, (piece, fp) in rows]
        out.sort(key=_by_row)
        c[key] = out
    return out


def settlements(m: Match) -> list[tuple[int, Settlement, Footprint]]:
    """(entity, settlement, footprint) by row then column; cached, never mutate it."""
    return _sorted_pieces(m, "settlements", Settlement)


def places(m: Match) -> list[tuple[int, PlaceOfPower, Footprint]]:
    """(entity, place, footprint) by row then column; cached, never mutate it."""
    return _sorted_pieces(m, "places", PlaceOfPower)


def gambles(m: Match) -> list[tuple[int, Gamble]]:
    """(entity, gamble ring) by row, column, owner; cached, never mutate it."""
    c = m.derived if m.derived_version == m.version else cache(m)
    out = c.get("gambles")
    if out is None:
        out = list(esper.get_component(Gamble))
        out.sort(key=lambda t: (t[1].row, t[1].col, t[1].owner))
        c["gambles"] = out
    return out


def gamble_cells(m: Match) -> dict[Cell, int]:
    """{cell: gamble entity}; cached, never mutate it. Two rings never share a cell (R28)."""
    c = m.derived if m.derived_version == m.version else cache(m)
    out = c.get("gamble_cells")
    if out is None:
        out = c["gamble_cells"] = {(g.col, g.row): e for e, g in reversed(gambles(m))}
    return out


def gamble_at(m: Match, cell: Cell) -> int | None:
    return gamble_cells(m).get(cell)


def claim_owner(ent: int) -> str | None:
    claim = esper.try_component(ent, Claim)
    return claim.owner if claim else None


def piece_kind(ent: int) -> str:
    """'town'/'city'/'ruin', a place name, 'cavern', 'dragon' or 'chest'."""
    settlement = esper.try_component(ent, Settlement)
    if settlement:
        return settlement.kind
    place = esper.try_component(ent, PlaceOfPower)
    if place:
        return place.kind
    if esper.has_component(ent, Cavern):
        return "cavern"
    if esper.has_component(ent, Dragon):
        return "dragon"
    return "chest"


def describe(m: Match, ent: int) -> str:
    """A piece in a player's words: 'the town at (8, 8)', 'Soul Mine', 'Red's cavern'."""
    kind = piece_kind(ent)
    fp = esper.component_for_entity(ent, Footprint)
    if kind in PLACE_TITLES:
        # TRANSLATORS: a place of power and its cell, "Soul Mine at (3, 4)"
        return Words("{place} at {cell}", place=PlaceName(kind), cell=show_cell(fp.at))
    if kind == "cavern":
        return Words("{dragon}'s cavern",
                     dragon=DragonName(esper.component_for_entity(ent, Cavern).owner))
    if kind == "dragon":
        return Words.of(DragonName(esper.component_for_entity(ent, Dragon).name))
    if kind == "chest":
        return Words("the thief's chest")
    if kind == "town":
        return Words("the town at {cell}", cell=show_cell(fp.at))
    if kind == "city":
        return Words("the city at {cell}", cell=show_cell(fp.at))
    if kind == "ruin":
        return Words("the ruin at {cell}", cell=show_cell(fp.at))
    return f"the {kind} at {show_cell(fp.at)}"


def claimable(ent: int) -> bool:
    """Settlements and places of power take claim rings (R19)."""
    return esper.has_component(ent, Settlement) or esper.has_component(ent, PlaceOfPower)


def place_on_board(m: Match, kind: str) -> tuple[int, Footprint] | None:
    c = m.derived_layout if m.derived_layout_version == m.layout else layout_cache(m)
    found = c.get("place_at")
    if found is None:
        found = c["place_at"] = {}
        for ent, place, fp in reversed(places(m)):
            found[place.kind] = (ent, fp)
    return found.get(kind)


def cavern_of(m: Match, name: str) -> tuple[Cell, int] | None:
    """A dragon's cavern as (top-left, size), or None (R8: the Undead's is the
    Immortals Resting Place while it is on the board). Cached per layout."""
    c = m.derived_layout if m.derived_layout_version == m.layout else layout_cache(m)
    found = c.get("caverns")
    if found is None:
        found = c["caverns"] = {n: fresh_cavern_of(m, n) for n in m.seat_names}
    return found[name] if name in found else fresh_cavern_of(m, name)


def fresh_cavern_of(m: Match, name: str) -> tuple[Cell, int] | None:
    """cavern_of() computed from the world, bypassing the cache."""
    if name == "undead":
        found = place_on_board(m, UNDEAD_HOME)
        return (found[1].at, 2) if found else None
    ent = m.cavern_ents.get(name)
    if ent is None:
        return None
    return (esper.component_for_entity(ent, Footprint).at, 1)


def next_to_dragon(m: Match, name: str, at: Cell, size: int) -> bool:
    fp = dragon_fp(m, name)
    return adjacent(fp.at, 2, at, size)


def poorest(m: Match) -> str:
    """Fewest coins; ties: most rings in supply, then lowest seat (R13, R14, R16)."""
    return min(m.seat_names, key=lambda n: (coins(m, n), -rings(m, n).supply, seat(m, n)))


def pay(m: Match, src: str, dst: str, amount: int, reason: str) -> int:
    """Move coins; `src`/`dst` are dragon names, 'chest' or 'bank'. R29: a payer never
    pays more than it holds. Returns the amount moved, recorded as a `coins` event."""
    if src != "bank":
        amount = min(amount, _holding(m, src).amount if src != "chest" else chest(m).coins)
    if amount <= 0:
        return 0
    if src == "chest":
        chest(m).coins -= amount
    elif src != "bank":
        _holding(m, src).amount -= amount
    if dst == "chest":
        chest(m).coins += amount
    elif dst != "bank":
        _holding(m, dst).amount += amount
    m.log({"type": "coins", "from": src, "to": dst, "amount": amount, "reason": reason})
    return amount


def _holding(m: Match, name: str) -> Coins:
    return esper.component_for_entity(m.dragon_ents[name], Coins)


def gain_treasure(m: Match, name: str, reason: str) -> int:
    """R32: a treasure token worth a d3, rolled through the match's dice when earned. The
    d3 stands for drawing a chit, so no window is opened: no card (Trickster included) or
    power modifies it (R32, P25)."""
    value = m.roll(TREASURE_DIE, "treasure", name)
    esper.component_for_entity(m.dragon_ents[name], Treasure).tokens.append(value)
    m.emit("treasure", dragon=name, value=value, reason=reason)
    return value


def modifiers(m: Match, purpose: str, dragon: str, **context) -> list[tuple[str, int]]:
    """Standing modifiers on `dragon`'s roll for `purpose` as (source, value) pairs (R30),
    applied without asking. The core game has none. Chosen modifiers (Arch of Triumph,
    Blade Miller, cards) are asked for in the roll's windows (game.systems.rolls, R40)."""
    return []


def place_holders(m: Match) -> dict[str, str]:
    """{place kind: holder} for every claimed place of power on the board (R36).
    Cached per version, like occupancy(); callers must not mutate it."""
    c = m.derived if m.derived_version == m.version else cache(m)
    found = c.get("holders")
    if found is None:
        # from the (per-layout) list of places: esper's own query is rebuilt after every
        # claim anywhere, since any component added or removed clears its query cache
        found = c["holders"] = {}
        for ent, place, _fp in places(m):
            owner = claim_owner(ent)
            if owner is not None:
                found[place.kind] = owner
    return found


def power_ready(m: Match, kind: str, name: str) -> bool:
    """`name` holds place `kind` and its once-a-round power is unused (R36)."""
    return kind not in m.powers_used and place_holders(m).get(kind) == name

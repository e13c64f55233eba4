"""Setup: dragon draw (R6), map pieces, caverns and dragons (R7, R8), rings (R9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game import lookups
from game.components import (
    Cavern,
    Chest,
    Coins,
    Dragon,
    Footprint,
    PlaceOfPower,
    Rings,
    Settlement,
    Treasure,
)
from game.geometry import Cell, rect_gap, shift_inward
from game.tables import CAVERN_OFFSETS, DRAGON_BY_DIGIT, RING_COUNT
from game.words import Words

if TYPE_CHECKING:
    from game.match import Match

MAX_REROLLS = 1000  # a pathological map or script falls back to the first free cell


def run(m: Match, seats: list[str | None]) -> None:
    m.chest_ent = esper.create_entity(Chest(0))
    _place_map_pieces(m)
    taken = {s for s in seats if s is not None}  # fixed seats are reserved first
    for seat, fixed in enumerate(seats):
        name = fixed or _draw_dragon(m, seat, taken)
        taken.add(name)
        m.seat_names.append(name)
        m.dragon_ents[name] = esper.create_entity(
            Dragon(name, seat), Coins(0), Treasure([]), Rings(RING_COUNT[name])
        )
        m.emit("dragon", dragon=name, seat=seat, rings=RING_COUNT[name])
    for seat, name in enumerate(m.seat_names):
        _place_home(m, seat, name)


def _draw_dragon(m: Match, seat: int, taken: set[str]) -> str:
    """R6: a d20's last digit picks the dragon; a dragon already taken is re-rolled."""
    while True:
        name = DRAGON_BY_DIGIT[m.roll(20, "dragon_draw") % 10]
        if name not in taken:
            return name


def _place_map_pieces(m: Match) -> None:
    for piece in m.board.pieces:
        if piece.kind == "chest":
            esper.add_component(m.chest_ent, Footprint(*piece.at))
        elif piece.kind == "place_of_power":
            assert piece.place is not None  # the map loader names every place piece
            esper.create_entity(PlaceOfPower(piece.place), Footprint(*piece.at, 2))
        else:
            esper.create_entity(Settlement(piece.kind), Footprint(*piece.at))


def _roll_free_cell(m: Match, purpose: str, dragon: str, size: int = 1) -> Cell:
    """Roll locations until the footprint is free (R7); rolled 2x2s shift inward (R4)."""
    for _ in range(MAX_REROLLS):
        cell = shift_inward(m.roll_cell(purpose, dragon), size, m.board.width, m.board.height)
        if lookups.footprint_free(m, cell, size, lookups.occupancy(m)):
            return cell
    return _fallback(m, (0, 0), size)


def _fallback(m: Match, origin: Cell, size: int, ignore: int | None = None,
              origin_size: int = 1) -> Cell:
    """The nearest free footprint to origin: Chebyshev gap, then row, then column (R7).
    Searched outward one gap at a time, so a crowded corner does not scan the board."""
    occ = lookups.occupancy(m)
    w, h = m.board.width - size, m.board.height - size
    ox, oy = origin
    for gap in range(max(m.board.width, m.board.height) + 1):
        lo_c, hi_c = max(0, ox - size - gap + 1), min(w, ox + origin_size + gap - 1)
        lo_r, hi_r = max(0, oy - size - gap + 1), min(h, oy + origin_size + gap - 1)
        for row in range(lo_r, hi_r + 1):
            for col in range(lo_c, hi_c + 1):
                if (rect_gap((col, row), size, origin, origin_size) == gap
                        and lookups.footprint_free(m, (col, row), size, occ, ignore)):
                    return (col, row)
    raise RuntimeError(Words("the board has no free room for a dragon"))


def _place_home(m: Match, seat: int, name: str) -> None:
    spots = m.board.cavern_spots
    ent = m.dragon_ents[name]
    if name == "undead":
        # R8: no cavern; the dragon itself stands at the rolled location.
        if spots:
            at = shift_inward(spots[seat], 2, m.board.width, m.board.height)
            if not lookups.footprint_free(m, at, 2, lookups.occupancy(m)):
                at = _fallback(m, spots[seat], 2)
        else:
            at = _roll_free_cell(m, "cavern", name, 2)
        esper.add_component(ent, Footprint(*at, 2))
        m.emit("dragon_placed", dragon=name, at=list(at))
        return
    cell = spots[seat] if spots else _roll_free_cell(m, "cavern", name)
    m.cavern_ents[name] = esper.create_entity(Cavern(name), Footprint(*cell))
    m.emit("cavern", dragon=name, at=list(cell))
    at = beside_cavern(m, name, cell)
    esper.add_component(ent, Footprint(*at, 2))
    m.emit("dragon_placed", dragon=name, at=list(at))


def cavern_offsets(size: int) -> list[Cell]:
    """Top-left offsets of a 2x2 dragon touching a size x size cavern, clockwise from
    east as R7 lists them for a 1x1 cavern (P14 extends the order to the Undead's 2x2
    home): down the east side, right to left along the bottom, up the west side, left
    to right along the top, then down the east side to the start."""
    s = size
    return ([(s, y) for y in range(0, s + 1)] + [(x, s) for x in range(s - 1, -3, -1)]
            + [(-2, y) for y in range(s - 1, -3, -1)] + [(x, -2) for x in range(-1, s + 1)]
            + [(s, y) for y in range(-1, 0)])


def beside_cavern(m: Match, name: str, cavern: Cell, size: int = 1) -> Cell:
    """R7: the first free 2x2 footprint around the cavern in the fixed clockwise order,
    else the nearest free one. The dragon's own cells count as free (send-home effects).
    `size` is 2 for the Undead's home, Immortals Resting Place (R8, P14)."""
    spot = _beside(m, name, cavern, size)
    if spot is None:
        spot = _fallback(m, cavern, 2, ignore=m.dragon_ents[name], origin_size=size)
    return spot


def _beside(m: Match, name: str, cavern: Cell, size: int) -> Cell | None:
    """beside_cavern's first free footprint in the clockwise order, or None."""
    ent = m.dragon_ents[name]
    get = lookups.occupancy(m).get
    blocked = m.board.blocked
    last_c, last_r = m.board.width - 2, m.board.height - 2
    offsets = CAVERN_OFFSETS if size == 1 else cavern_offsets(size)
    for dc, dr in offsets:
        c, r = cavern[0] + dc, cavern[1] + dr
        if 0 <= c <= last_c and 0 <= r <= last_r:  # fits(at, 2, ...)
            # lookups.footprint_free(m, at, 2, occ, ignore=ent), cell by cell (asked for
            # every dragon at many decisions while Horror or Tower of Faces is in play)
            for cell in ((c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)):
                holder = get(cell)
                if (holder is not None and holder != ent) or cell in blocked:
                    break
            else:
                return (c, r)
    return None


def home_spot(m: Match, name: str) -> Cell | None:
    """Where a "send home" effect puts the dragon (R7 placement beside its cavern), or
    None when it has no cavern (the Undead without Immortals Resting Place, R8).
    Cached per layout, like lookups.occupancy (Horror, Peacemaker and Tower of Faces
    ask for it at many decisions), as (spot, area): a change outside `area` keeps it
    (cache_sync._kept)."""
    key = ("home", name)
    cache = (m.derived_layout if m.derived_layout_version == m.layout
             else lookups.layout_cache(m))
    found = cache.get(key)
    if found is None:
        found = cache[key] = _home_fact(m, name)
    return found[0]


def _home_fact(m: Match, name: str) -> tuple[Cell | None, tuple[int, int, int, int] | None]:
    """(home spot, the area it depends on as (col_lo, row_lo, col_hi, row_hi)): the
    square of the footprints beside the cavern that R7 tries, when the spot is one of
    them (R7's footprints touch the cavern: top-left 2 cells up or left of it at most);
    None (any change drops it) when there is no cavern or the spot is the nearest free
    one farther away (_fallback)."""
    cavern = lookups.cavern_of(m, name)
    if cavern is None:
        return None, None
    (col, row), size = cavern
    spot = _beside(m, name, (col, row), size)
    if spot is None:
        return beside_cavern(m, name, (col, row), size), None  # (_fallback)
    return spot, (col - 2, row - 2, col + size + 1, row + size + 1)


def fresh_home_spot(m: Match, name: str) -> Cell | None:
    """home_spot() computed from the world, bypassing the cache."""
    cavern = lookups.cavern_of(m, name)
    return None if cavern is None else beside_cavern(m, name, cavern[0], cavern[1])



"""Queries over the active esper world, shared by every system.

All functions assume the match's world is the active esper world (the match switches to
it at each public entry). Results are sorted wherever order could matter, since esper
does not keep entity order (ARCHITECTURE.md).
"""

from __future__ import annotations

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
)
from game.geometry import Cell, rect_gap
from game.tables import UNDEAD_HOME


def dragon_fp(m, name: str) -> Footprint:
    return esper.component_for_entity(m.dragon_ents[name], Footprint)


def coins(m, name: str) -> int:
    return esper.component_for_entity(m.dragon_ents[name], Coins).amount


def rings(m, name: str) -> Rings:
    return esper.component_for_entity(m.dragon_ents[name], Rings)


def seat(m, name: str) -> int:
    return esper.component_for_entity(m.dragon_ents[name], Dragon).seat


def chest(m) -> Chest:
    return esper.component_for_entity(m.chest_ent, Chest)


def chest_at(m) -> Cell | None:
    fp = esper.try_component(m.chest_ent, Footprint)
    return fp.at if fp else None


def occupancy(m) -> dict[Cell, int]:
    """Every cell that holds a piece (R5), mapped to the entity holding it.

    Cached until the next event: every change to the world emits an event, so the event
    count is a cheap, exact version number. Callers must not mutate the result."""
    if m._occ_version == len(m.events):
        return m._occ
    occ: dict[Cell, int] = {}
    for ent, fp in esper.get_component(Footprint):
        c, r = fp.col, fp.row
        occ[(c, r)] = ent
        if fp.size == 2:
            occ[(c + 1, r)] = occ[(c, r + 1)] = occ[(c + 1, r + 1)] = ent
    m._occ, m._occ_version = occ, len(m.events)
    return occ


def cell_free(m, cell: Cell, occ: dict[Cell, int], ignore: int | None = None) -> bool:
    """On the board, not blocked, and holding no piece (or only `ignore`)."""
    if not m.board.on_board(cell) or cell in m.board.blocked:
        return False
    holder = occ.get(cell)
    return holder is None or holder == ignore


def footprint_free(m, at: Cell, size: int, occ, ignore: int | None = None) -> bool:
    c, r = at
    return all(
        cell_free(m, (c + dc, r + dr), occ, ignore) for dr in range(size) for dc in range(size)
    )


def settlements(m) -> list[tuple[int, Settlement, Footprint]]:
    out = [(e, s, fp) for e, (s, fp) in esper.get_components(Settlement, Footprint)]
    out.sort(key=lambda t: (t[2].row, t[2].col))
    return out


def places(m) -> list[tuple[int, PlaceOfPower, Footprint]]:
    out = [(e, p, fp) for e, (p, fp) in esper.get_components(PlaceOfPower, Footprint)]
    out.sort(key=lambda t: (t[2].row, t[2].col))
    return out


def gambles(m) -> list[tuple[int, Gamble]]:
    out = list(esper.get_component(Gamble))
    out.sort(key=lambda t: (t[1].row, t[1].col, t[1].owner))
    return out


def gamble_at(m, cell: Cell) -> int | None:
    for ent, g in esper.get_component(Gamble):
        if (g.col, g.row) == cell:
            return ent
    return None


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


def describe(m, ent: int) -> str:
    """A piece in a player's words: 'the town at (8, 8)', 'Soul Mine', 'Red's cavern'."""
    from game.decisions import show_cell, title
    from game.tables import PLACE_TITLES

    kind = piece_kind(ent)
    fp = esper.component_for_entity(ent, Footprint)
    if kind in PLACE_TITLES:
        return f"{PLACE_TITLES[kind]} at {show_cell(fp.at)}"
    if kind == "cavern":
        return f"{title(esper.component_for_entity(ent, Cavern).owner)}'s cavern"
    if kind == "dragon":
        return title(esper.component_for_entity(ent, Dragon).name)
    if kind == "chest":
        return "the thief's chest"
    return f"the {kind} at {show_cell(fp.at)}"


def claimable(ent: int) -> bool:
    """Settlements and places of power take claim rings (R19)."""
    return esper.has_component(ent, Settlement) or esper.has_component(ent, PlaceOfPower)


def place_on_board(m, kind: str) -> tuple[int, Footprint] | None:
    for ent, place, fp in places(m):
        if place.kind == kind:
            return ent, fp
    return None


def cavern_of(m, name: str) -> tuple[Cell, int] | None:
    """A dragon's cavern as (top-left, size), or None (R8: the Undead's is the
    Immortals Resting Place while it is on the board)."""
    if name == "undead":
        found = place_on_board(m, UNDEAD_HOME)
        return (found[1].at, 2) if found else None
    ent = m.cavern_ents.get(name)
    if ent is None:
        return None
    return (esper.component_for_entity(ent, Footprint).at, 1)


def next_to_dragon(m, name: str, at: Cell, size: int) -> bool:
    fp = dragon_fp(m, name)
    return rect_gap(fp.at, 2, at, size) == 1


def poorest(m) -> str:
    """Fewest coins; ties: most rings in supply, then lowest seat (R13, R14, R16)."""
    return min(m.seat_names, key=lambda n: (coins(m, n), -rings(m, n).supply, seat(m, n)))


def pay(m, src: str, dst: str, amount: int, reason: str) -> int:
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
    m.emit("coins", **{"from": src, "to": dst, "amount": amount, "reason": reason})
    return amount


def _holding(m, name: str) -> Coins:
    return esper.component_for_entity(m.dragon_ents[name], Coins)


def gain_treasure(m, name: str, reason: str) -> int:
    """R32: a treasure token worth a d3, rolled through the match's dice when earned. The
    d3 stands for drawing a chit, so no window is opened: no card (Trickster included) or
    power modifies it (R32, P25)."""
    from game.components import Treasure
    from game.tables import TREASURE_DIE

    value = m.roll(TREASURE_DIE, "treasure", name)
    esper.component_for_entity(m.dragon_ents[name], Treasure).tokens.append(value)
    m.emit("treasure", dragon=name, value=value, reason=reason)
    return value


def modifiers(m, purpose: str, dragon: str, **context) -> list[tuple[str, int]]:
    """Standing modifiers on `dragon`'s roll for `purpose` as (source, value) pairs (R30),
    applied without asking. The core game has none. Chosen modifiers (Arch of Triumph,
    Blade Miller, cards) are asked for in the roll's windows (game.systems.rolls, R40)."""
    return []


def place_holders(m) -> dict[str, str]:
    """{place kind: holder} for every claimed place of power on the board (R36).
    Cached until the next event, like occupancy(); callers must not mutate it."""
    if m._holders_version == len(m.events):
        return m._holders
    found = {p.kind: c.owner for _, (p, c) in esper.get_components(PlaceOfPower, Claim)}
    m._holders, m._holders_version = found, len(m.events)
    return found


def power_ready(m, kind: str, name: str) -> bool:
    """`name` holds place `kind` and its once-a-round power is unused (R36)."""
    return kind not in m.powers_used and place_holders(m).get(kind) == name

"""What every action rule module shares: the ActionRule shape and target look-ups."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import esper

from game import lookups
from game.components import Cavern, Dragon, Footprint, PlaceOfPower, Settlement
from game.decisions import cell_of, show_cell
from game.geometry import ring_cells
from game.tables import UNDEAD_HOME
from game.words import DragonName, Words

if TYPE_CHECKING:
    from game.match import Match


class ActionRule(NamedTuple):
    """targets(m, name) -> candidate answers; check(m, name, answer) -> reason or None;
    resolve(m, name, answer) applies a legal answer; ready(m, name) -> reason the action
    is impossible whatever the target (no rings...), or None; fast(m, name) -> the legal
    answers without building reasons (speed only: tests prove it equals the candidates
    that pass `check`); rolls(m, name, answer) -> the pending-roll specs of a rolled
    action (game.systems.rolls.roll_spec), whose resolve then takes a fourth argument,
    the finished rolls' results, in the same order. near: the part of around()'s record
    that is empty when the rule has no legal answer (a neighbour to attack, a cavern to
    steal from...): legal_actions skips the rule then without calling it (speed only:
    the fast listing is tested against the reference one)."""

    targets: Callable
    check: Callable
    resolve: Callable
    ready: Callable | None = None
    fast: Callable | None = None
    rolls: Callable | None = None
    near: int | None = None


# The parts of around()'s record an ActionRule's `near` names.
NEAR_CLAIMABLES, NEAR_DRAGONS, NEAR_CAVERNS, NEAR_CHEST = 1, 3, 4, 5


def claimable_at(m: Match, name: str, answer: dict) -> tuple[int | None, str | None]:
    """The settlement or place of power named by answer['at'] and adjacent to the dragon,
    as (entity, None), or (None, reason)."""
    cell = cell_of(answer, "at")
    ent = lookups.occupancy(m).get(cell)
    if ent is None or not lookups.claimable(ent):
        return None, Words("there is no settlement or place of power at {cell}",
                           cell=show_cell(cell))
    fp = esper.component_for_entity(ent, Footprint)
    if not lookups.next_to_dragon(m, name, fp.at, fp.size):
        return None, Words("{dragon} is not adjacent to {piece}", dragon=DragonName(name),
                           piece=lookups.describe(m, ent))
    return ent, None


def adjacent_claimables(m: Match, name: str) -> list[tuple[int, Footprint]]:
    """Settlements and places of power adjacent to the dragon, by row then column.
    Cached per layout (part of `around`); callers must not mutate the list."""
    return around(m, name)[1]


def around(m: Match, name: str) -> tuple:
    """What is next to `name`'s dragon, from one pass over the cells around it:
    (0) its top-left, (1) the settlements and places of power adjacent to it as
    (entity, footprint) by row then column, (2) the cells around it that hold no piece
    and are not blocked, in ring order, (3) the other dragons adjacent to it and (4)
    the other dragons whose cavern is adjacent to it, both in seat order, (5) whether
    the thief's chest is adjacent to it. Claim, Claim Settlement, Destroy, Gamble,
    Attack and the steals all read it. Cached per layout (lookups.layout_cache; a
    change that does not touch the 4x4 square of the dragon and its ring keeps it, see
    cache_sync._kept); callers must not mutate it."""
    key = ("around", name)
    cache = (m.derived_layout if m.derived_layout_version == m.layout
             else lookups.layout_cache(m))
    found = cache.get(key)
    if found is None:
        found = cache[key] = fresh_around(m, name)
    return found


def fresh_around(m: Match, name: str) -> tuple:
    """around() computed from the world, bypassing the cache."""
    at = lookups.dragon_fp(m, name).at
    occ = lookups.occupancy(m)
    blocked = m.board.blocked
    free = []
    near: list[int] = []
    for cell in ring_cells(at, 2, m.board.width, m.board.height):
        ent = occ.get(cell)
        if ent is None:
            if cell not in blocked:
                free.append(cell)
        elif ent not in near:
            near.append(ent)
    found = []
    dragons: list[str] = []
    caverns: list[str] = []
    chest = False
    has, try_component = esper.has_component, esper.try_component
    for e in near:
        place = try_component(e, PlaceOfPower)
        if place is not None:  # the Undead's home is its cavern (R8)
            found.append((e, esper.component_for_entity(e, Footprint)))
            if place.kind == UNDEAD_HOME:
                caverns.append("undead")
        elif has(e, Settlement):
            found.append((e, esper.component_for_entity(e, Footprint)))
        elif e == m.chest_ent:
            chest = True
        else:
            dragon = try_component(e, Dragon)
            if dragon is not None:
                dragons.append(dragon.name)
            else:
                cavern = try_component(e, Cavern)
                if cavern is not None and cavern.owner != "undead":
                    caverns.append(cavern.owner)
    if len(found) > 1:
        found.sort(key=_by_row)
    seats = m.seat_names
    if dragons:
        dragons = [other for other in seats if other in dragons]
    if caverns:
        caverns = [other for other in seats if other != name and other in caverns]
    return at, found, tuple(free), dragons, caverns, chest


def _by_row(t: tuple[int, Footprint]) -> tuple[int, int]:
    return (t[1].row, t[1].col)


def fresh_adjacent_claimables(m: Match, name: str) -> list[tuple[int, Footprint]]:
    """adjacent_claimables() computed from the world, bypassing the cache."""
    me = lookups.dragon_fp(m, name)
    occ = lookups.occupancy(m)
    found = {occ[cell] for cell in ring_cells(me.at, 2, m.board.width, m.board.height)
             if cell in occ}
    out = [(e, esper.component_for_entity(e, Footprint)) for e in found
           if esper.has_component(e, Settlement) or esper.has_component(e, PlaceOfPower)]
    out.sort(key=lambda t: (t[1].row, t[1].col))
    return out


def no_rings(m: Match, name: str) -> str | None:
    if lookups.rings(m, name).supply < 1:
        return Words("{dragon} has no claim rings left in supply", dragon=DragonName(name))
    return None


def not_a_dragon(target) -> Words:
    # TRANSLATORS: {name} is what the answer named, quoted as sent
    return Words("{name} is not a dragon in this game", name=repr(target))


def other_dragon(m: Match, name: str, answer: dict) -> tuple[str | None, str | None]:
    target = answer.get("dragon")
    if not isinstance(target, str) or target not in m.dragon_ents:
        return None, not_a_dragon(target)
    if target == name:
        return None, Words("{dragon} cannot target itself", dragon=DragonName(name))
    return target, None


def die_total(d: dict) -> int:
    """A placement die's value after cards, kept on its faces (R38)."""
    return max(1, min(d["die"], d["face"] + sum(v for _, v in d["mods"])))

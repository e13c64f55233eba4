"""Claim rings: Claim (R19), Claim Settlement (R20), Abandon Claim (R27), Gamble (R28)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game import cache_sync, lookups, registry
from game.components import Claim, Footprint, Gamble
from game.decisions import cell_of, show_cell
from game.geometry import ring_cells
from game.systems.base import (
    NEAR_CLAIMABLES,
    ActionRule,
    adjacent_claimables,
    around,
    claimable_at,
    no_rings,
)
from game.systems.powers import mark_used
from game.words import DragonName, Words

if TYPE_CHECKING:
    from game.match import Match


def put_claim(m: Match, name: str, ent: int, via: str) -> None:
    """A ring from `name`'s supply onto a settlement or place (R9)."""
    lookups.rings(m, name).supply -= 1
    esper.add_component(ent, Claim(name))
    m.log({"type": "claim", "dragon": name,
           "at": list(esper.component_for_entity(ent, Footprint).at), "via": via})


def remove_claim(m: Match, ent: int, reason: str) -> str | None:
    """Take the ring off a piece; it returns to its owner's supply (R9)."""
    claim = esper.try_component(ent, Claim)
    if claim is None:
        return None
    esper.remove_component(ent, Claim)
    lookups.rings(m, claim.owner).supply += 1
    m.log({"type": "unclaim", "dragon": claim.owner,
           "at": list(esper.component_for_entity(ent, Footprint).at), "reason": reason})
    return claim.owner


def remove_gamble(m: Match, ent: int, reason: str) -> None:
    gamble = esper.component_for_entity(ent, Gamble)
    esper.delete_entity(ent, immediate=True)
    cache_sync.gamble_lifted(m, ent)
    lookups.rings(m, gamble.owner).supply += 1
    m.emit("unclaim", dragon=gamble.owner, at=[gamble.col, gamble.row], reason=reason)


# --- Claim (1) ---------------------------------------------------------------------
# A place's standing ability may widen one Claim of its holder (game.registry's
# AlwaysHooks, in the place's module): Baba Yaga's Hut's reach (R37.1) adds settlements
# beyond the dragon's own; Citadel of Torture (its Power, once per round: R37.13, R36)
# takes two settlements with one action: {"do": "claim", "at": [c, r], "also": [c2, r2]}
# (P17). The power is then spent, like every place's power, in `Match.powers_used`.
# place -> its hook, for the places that have one (in face order)
REACH = {p.key: registry.always(p.key).reach for p in registry.always_places()
         if registry.always(p.key).reach}
PAIRS = {p.key: registry.always(p.key).pairs for p in registry.always_places()
         if registry.always(p.key).pairs}


def _held(m: Match, name, keys) -> list[str]:
    holders = lookups.place_holders(m)
    return [k for k in keys if holders.get(k) == name]


def _reach(m: Match, name, holders=None) -> list[tuple[int, Footprint]]:
    """Pieces one Claim of `name` may take through the places it holds, beyond its own
    adjacent ones (Baba Yaga's Hut's settlements), else []."""
    holders = holders if holders is not None else lookups.place_holders(m)
    out: list[tuple[int, Footprint]] = []
    for k, reach in REACH.items():
        if holders.get(k) == name:
            out.extend(reach(m, name))
    return out


def _claim_pieces(m: Match, name, holders=None) -> list[tuple[int, Footprint]]:
    """What one Claim may reach: pieces adjacent to the dragon, plus the places' reach."""
    near = adjacent_claimables(m, name)
    extra = _reach(m, name, holders)
    if extra:
        seen = {e for e, _ in near}
        near = near + [t for t in extra if t[0] not in seen]
        near.sort(key=lambda t: (t[1].row, t[1].col))
    return near


def _pairs(m: Match, name, unclaimed_only: bool) -> list[dict]:
    out: list[dict] = []
    for k, pairs in PAIRS.items():
        if lookups.power_ready(m, k, name):  # R36: once per round
            out.extend(pairs(m, name, unclaimed_only))
    return out


def _pair_place(m: Match, name) -> str:
    """The place a two-settlement Claim of `name` uses: one it holds, else the first
    (whose check then says it is not held)."""
    return (_held(m, name, PAIRS) or list(PAIRS))[0]


def _claim_targets(m: Match, name):
    for _ent, fp in _claim_pieces(m, name):
        yield {"do": "claim", "at": [fp.col, fp.row]}
    yield from _pairs(m, name, unclaimed_only=False)


def unclaimed_reason(m: Match, name, ent) -> str | None:
    owner = lookups.claim_owner(ent)
    if owner == name:
        return Words("{dragon} already claims {piece}", dragon=DragonName(name),
                     piece=lookups.describe(m, ent))
    if owner:
        return Words("{dragon} already claims {piece}; take it over with Claim Settlement "
                     "(2 actions)", dragon=DragonName(owner), piece=lookups.describe(m, ent))
    return None


def _claim_check(m: Match, name, answer):
    if "also" in answer:
        return registry.always(_pair_place(m, name)).pair_check(m, name, answer)
    cell = cell_of(answer, "at")
    ent = lookups.occupancy(m).get(cell)
    if ent is None or not lookups.claimable(ent):
        return Words("there is no settlement or place of power at {cell}",
                     cell=show_cell(cell))
    fp = esper.component_for_entity(ent, Footprint)
    if not lookups.next_to_dragon(m, name, fp.at, fp.size) and ent not in {
            e for e, _ in _reach(m, name)}:
        held = _held(m, name, REACH)
        if held:
            return registry.always(held[0]).far(m, name, ent)
        return Words("{dragon} is not adjacent to {piece}", dragon=DragonName(name),
                     piece=lookups.describe(m, ent))
    owner = lookups.claim_owner(ent)
    if owner and owner != name and not lookups.next_to_dragon(m, name, fp.at, fp.size):
        # reached by Baba Yaga's Hut, which never reaches a Claim Settlement (P17):
        # its advice would be refused in turn
        return Words("{dragon} already claims {piece}; Claim Settlement needs {mover} "
                     "next to it", dragon=DragonName(owner), piece=lookups.describe(m, ent),
                     mover=DragonName(name))
    return unclaimed_reason(m, name, ent)


def spend_citadel(m: Match, name: str, answer: dict) -> None:
    """R36: a two-settlement Claim uses its place's once-a-round Power (Citadel of
    Torture, R37.13) when it is declared, so a Claim cancelled by Leader still spends it
    (as it spends the action). (Its name is the one systems/actions.py calls.)"""
    if answer.get("do") == "claim" and "also" in answer:
        key = _pair_place(m, name)
        mark_used(m, key)
        m.emit("power", dragon=name, place=key, use="claim", answer=dict(answer))


def _claim_resolve(m: Match, name, answer):
    occ = lookups.occupancy(m)
    ent = occ[tuple(answer["at"])]
    if "also" in answer:
        key = _pair_place(m, name)
        put_claim(m, name, ent, key)
        put_claim(m, name, occ[tuple(answer["also"])], key)
        return
    fp = esper.component_for_entity(ent, Footprint)
    if lookups.next_to_dragon(m, name, fp.at, fp.size):
        put_claim(m, name, ent, "claim")
        return
    # out of the dragon's reach: the held place whose reach takes it (the check said one)
    via = next(k for k in _held(m, name, REACH) if ent in {e for e, _ in REACH[k](m, name)})
    put_claim(m, name, ent, via)


# --- Claim Settlement (2) ----------------------------------------------------------
def _take_targets(m: Match, name):
    for _ent, fp in adjacent_claimables(m, name):
        yield {"do": "claim_settlement", "at": [fp.col, fp.row]}


def _take_check(m: Match, name, answer):
    ent, reason = claimable_at(m, name, answer)
    if reason:
        return reason
    assert ent is not None  # claimable_at gives a piece or a reason
    owner = lookups.claim_owner(ent)
    if owner is None:
        return Words("nobody claims {piece}; a plain Claim (1 action) takes it",
                     piece=lookups.describe(m, ent))
    if owner == name:
        return Words("{dragon} already claims {piece}", dragon=DragonName(name),
                     piece=lookups.describe(m, ent))
    return None


def _take_resolve(m: Match, name, answer):
    ent = lookups.occupancy(m)[tuple(answer["at"])]
    remove_claim(m, ent, "claimed_by_" + name)
    put_claim(m, name, ent, "claim_settlement")


# --- Abandon Claim (1) -------------------------------------------------------------
def _abandon_targets(m: Match, name):
    for ent, claim in sorted(esper.get_component(Claim), key=lambda t: _at(t[0])[::-1]):
        if claim.owner == name:
            yield {"do": "abandon", "at": list(_at(ent))}
    for _ent, g in lookups.gambles(m):
        if g.owner == name:
            yield {"do": "abandon", "at": [g.col, g.row]}


def _abandon_fast(m, name):
    return [{"do": "abandon", "at": [c, r]} for c, r in own_rings(m, name)]


def own_rings(m, name: str) -> list:
    """The cells of `name`'s rings: its claims by row then column, then its gamble rings
    (lookups.gambles order), as _abandon_targets lists them. Cached per version with the
    number of claims (so that the dragon's own ring events update it: cache_sync.bump),
    never mutate it."""
    cache = m.derived if m.derived_version == m.version else lookups.cache(m)
    owners = cache.get("own_rings")
    if owners is None:
        owners = cache["own_rings"] = {}  # by dragon; only cache_sync.bump changes it
    found = owners.get(name)
    if found is None:
        found = owners[name] = _fresh_rings(m, name)
    return found[0]


def own_ring_record(m, name: str) -> tuple[list, int]:
    """(own_rings(m, name), its number of claims: the claims are its first cells), from
    the same per-version cache; never mutate it."""
    own_rings(m, name)
    return m.derived["own_rings"][name]


def fresh_own_rings(m, name: str) -> list:
    """own_rings() computed from the world, bypassing the cache."""
    return _fresh_rings(m, name)[0]


def _fresh_rings(m, name: str) -> tuple[list, int]:
    own = [esper.component_for_entity(ent, Footprint) for ent, claim
           in esper.get_component(Claim) if claim.owner == name]
    found = sorted((fp.row, fp.col) for fp in own)  # no two share a top-left cell
    found = [(c, r) for r, c in found]
    n = len(found)
    found.extend((g.col, g.row) for _e, g in lookups.gambles(m) if g.owner == name)
    return found, n


def _at(ent):
    return esper.component_for_entity(ent, Footprint).at


def _own_ring_at(m: Match, name, cell):
    """('claim', entity) or ('gamble', entity) for `name`'s ring at cell, else None.
    A claim on the piece there comes before a gamble ring under it."""
    ent = lookups.occupancy(m).get(cell)
    if ent is not None and lookups.claim_owner(ent) == name:
        return "claim", ent
    g = lookups.gamble_at(m, cell)
    if g is not None and esper.component_for_entity(g, Gamble).owner == name:
        return "gamble", g
    return None


def _abandon_check(m: Match, name, answer):
    cell = cell_of(answer, "at")
    if _own_ring_at(m, name, cell) is None:
        return Words("{dragon} has no claim ring at {cell}", dragon=DragonName(name),
                     cell=show_cell(cell))
    return None


def _abandon_resolve(m: Match, name, answer):
    kind, ent = _own_ring_at(m, name, tuple(answer["at"]))
    if kind == "claim":
        remove_claim(m, ent, "abandoned")
    else:
        remove_gamble(m, ent, "abandoned")


# --- Gamble (1) --------------------------------------------------------------------
def _gamble_targets(m: Match, name):
    fp = lookups.dragon_fp(m, name)
    for cell in ring_cells(fp.at, 2, m.board.width, m.board.height):
        yield {"do": "gamble", "at": list(cell)}


def _gamble_check(m: Match, name, answer):
    cell = cell_of(answer, "at")
    if not m.board.on_board(cell):
        return Words("{cell} is off the board", cell=show_cell(cell))
    if not lookups.next_to_dragon(m, name, cell, 1):
        return Words("{dragon} is not adjacent to {cell}", dragon=DragonName(name),
                     cell=show_cell(cell))
    if cell in m.board.blocked:
        return Words("a ring cannot be placed on blocked ground at {cell}",
                     cell=show_cell(cell))
    holder = lookups.occupancy(m).get(cell)
    if holder is not None:
        return Words("{cell} holds {piece}; a gamble needs an empty cell",
                     cell=show_cell(cell), piece=lookups.describe(m, holder))
    if lookups.gamble_at(m, cell) is not None:
        return Words("there is already a ring at {cell}", cell=show_cell(cell))
    return None


def _gamble_resolve(m: Match, name, answer):
    lookups.rings(m, name).supply -= 1
    col, row = answer["at"]
    ring = Gamble(name, col, row)
    cache_sync.gamble_placed(m, esper.create_entity(ring), ring)
    m.log({"type": "gamble", "dragon": name, "at": [col, row]})


def _claim_fast(m: Match, name):
    holders = lookups.place_holders(m)
    pieces = (_claim_pieces(m, name, holders) if name in map(holders.get, REACH)
              else adjacent_claimables(m, name))
    out = [{"do": "claim", "at": [fp.col, fp.row]} for ent, fp in pieces
           if not esper.has_component(ent, Claim)]
    for k, pairs in PAIRS.items():  # R36: once per round; two rings in supply
        if (holders.get(k) == name and k not in m.powers_used
                and lookups.rings(m, name).supply >= 2):
            out.extend(pairs(m, name, True))
    return out


def _take_fast(m: Match, name):
    return [{"do": "claim_settlement", "at": [fp.col, fp.row]}
            for ent, fp in adjacent_claimables(m, name)
            if lookups.claim_owner(ent) not in (None, name)]


def _gamble_fast(m: Match, name):
    free = around(m, name)[2]
    rings = lookups.gamble_cells(m)  # cached per version
    if rings:
        return [{"do": "gamble", "at": [c, r]} for c, r in free if (c, r) not in rings]
    return [{"do": "gamble", "at": [c, r]} for c, r in free]


def fresh_gamble_free(m, at) -> tuple:
    """The cells around a dragon at `at` that hold no piece and are not blocked, in
    ring order (base.around's third part), computed from the world."""
    occ = lookups.occupancy(m)
    blocked = m.board.blocked
    return tuple(cell for cell in ring_cells(at, 2, m.board.width, m.board.height)
                 if cell not in occ and cell not in blocked)


RULES = {
    "claim": ActionRule(_claim_targets, _claim_check, _claim_resolve, no_rings, _claim_fast),
    "claim_settlement": ActionRule(_take_targets, _take_check, _take_resolve, no_rings,
                                   _take_fast, near=NEAR_CLAIMABLES),
    "abandon": ActionRule(_abandon_targets, _abandon_check, _abandon_resolve,
                          fast=_abandon_fast),
    "gamble": ActionRule(_gamble_targets, _gamble_check, _gamble_resolve, no_rings,
                         _gamble_fast),
}

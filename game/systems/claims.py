"""Claim rings: Claim (R19), Claim Settlement (R20), Abandon Claim (R27), Gamble (R28)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game import queries, upkeep
from game.components import Claim, Footprint, Gamble, Settlement
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
    queries.rings(m, name).supply -= 1
    esper.add_component(ent, Claim(name))
    m.log({"type": "claim", "dragon": name,
           "at": list(esper.component_for_entity(ent, Footprint).at), "via": via})


def remove_claim(m: Match, ent: int, reason: str) -> str | None:
    """Take the ring off a piece; it returns to its owner's supply (R9)."""
    claim = esper.try_component(ent, Claim)
    if claim is None:
        return None
    esper.remove_component(ent, Claim)
    queries.rings(m, claim.owner).supply += 1
    m.log({"type": "unclaim", "dragon": claim.owner,
           "at": list(esper.component_for_entity(ent, Footprint).at), "reason": reason})
    return claim.owner


def remove_gamble(m: Match, ent: int, reason: str) -> None:
    gamble = esper.component_for_entity(ent, Gamble)
    esper.delete_entity(ent, immediate=True)
    upkeep.gamble_lifted(m, ent)
    queries.rings(m, gamble.owner).supply += 1
    m.emit("unclaim", dragon=gamble.owner, at=[gamble.col, gamble.row], reason=reason)


# --- Claim (1) ---------------------------------------------------------------------
# The holder of Baba Yaga's Hut may also claim a settlement adjacent to the hut (its
# Control, R37.1). The holder of Citadel of Torture may, once per round (its Power,
# R37.13, R36), claim two settlements adjacent to itself with one action:
# {"do": "claim", "at": [c, r], "also": [c2, r2]} (P17). The power is then spent, like
# every place's power, in `Match.powers_used`.
HUT = "baba_yagas_hut"
CITADEL = "citadel_of_torture"


def _hut_settlements(m: Match, name) -> list[tuple[int, Footprint]]:
    """Settlements adjacent to Baba Yaga's Hut when `name` holds it, else []."""
    if queries.place_holders(m).get(HUT) != name:
        return []
    found_hut = queries.place_on_board(m, HUT)
    assert found_hut is not None  # a holder means the hut is on the board
    hut = found_hut[1]
    occ = queries.occupancy(m)
    found = {occ[c] for c in ring_cells(hut.at, 2, m.board.width, m.board.height) if c in occ}
    return [(e, esper.component_for_entity(e, Footprint)) for e in found
            if esper.has_component(e, Settlement)]


def _claim_pieces(m: Match, name) -> list[tuple[int, Footprint]]:
    """What one Claim may reach: pieces adjacent to the dragon, plus the hut's reach."""
    near = adjacent_claimables(m, name)
    extra = _hut_settlements(m, name)
    if extra:
        seen = {e for e, _ in near}
        near = near + [t for t in extra if t[0] not in seen]
        near.sort(key=lambda t: (t[1].row, t[1].col))
    return near


def _citadel_pairs(m: Match, name, unclaimed_only: bool) -> list[dict]:
    if not queries.power_ready(m, CITADEL, name):  # R37.13, R36: once per round
        return []
    cells = [[fp.col, fp.row] for e, fp in adjacent_claimables(m, name)
             if esper.has_component(e, Settlement)
             and not (unclaimed_only and esper.has_component(e, Claim))]
    return [{"do": "claim", "at": a, "also": b} for a in cells for b in cells if a != b]


def _claim_targets(m: Match, name):
    for _ent, fp in _claim_pieces(m, name):
        yield {"do": "claim", "at": [fp.col, fp.row]}
    yield from _citadel_pairs(m, name, unclaimed_only=False)


def _unclaimed_reason(m: Match, name, ent) -> str | None:
    owner = queries.claim_owner(ent)
    if owner == name:
        return Words("{dragon} already claims {piece}", dragon=DragonName(name),
                     piece=queries.describe(m, ent))
    if owner:
        return Words("{dragon} already claims {piece}; take it over with Claim Settlement "
                     "(2 actions)", dragon=DragonName(owner), piece=queries.describe(m, ent))
    return None


def _claim_check(m: Match, name, answer):
    if "also" in answer:
        return _two_claims_check(m, name, answer)
    cell = cell_of(answer, "at")
    ent = queries.occupancy(m).get(cell)
    if ent is None or not queries.claimable(ent):
        return Words("there is no settlement or place of power at {cell}",
                     cell=show_cell(cell))
    fp = esper.component_for_entity(ent, Footprint)
    if not queries.next_to_dragon(m, name, fp.at, fp.size) and ent not in {
            e for e, _ in _hut_settlements(m, name)}:
        if queries.place_holders(m).get(HUT) == name:
            return Words("{dragon} is not adjacent to {piece}, nor is it a settlement "
                         "adjacent to Baba Yaga's Hut", dragon=DragonName(name),
                         piece=queries.describe(m, ent))
        return Words("{dragon} is not adjacent to {piece}", dragon=DragonName(name),
                     piece=queries.describe(m, ent))
    return _unclaimed_reason(m, name, ent)


def _two_claims_check(m: Match, name, answer):
    holder = queries.place_holders(m).get(CITADEL)
    if holder != name:
        return Words("{dragon} does not hold Citadel of Torture, so one Claim takes one "
                     "piece (leave out 'also')", dragon=DragonName(name))
    if CITADEL in m.powers_used:  # R37.13, R36: a Power, once per round
        return Words("Citadel of Torture's power has already been used this round, so one "
                     "Claim takes one piece (leave out 'also')")
    cells = [cell_of(answer, "at"), cell_of(answer, "also")]
    if cells[0] == cells[1]:
        return Words("'at' and 'also' must name two different settlements")
    supply = queries.rings(m, name).supply
    if supply < 2:
        # TRANSLATORS: {supply} is the number of rings the dragon has in supply (0 or 1)
        return Words("{dragon} needs two rings in supply to claim two settlements (has "
                     "{supply})", dragon=DragonName(name), supply=supply)
    for cell in cells:
        ent = queries.occupancy(m).get(cell)
        if ent is None or not esper.has_component(ent, Settlement):
            return Words("Citadel of Torture claims two settlements; there is no settlement "
                         "at {cell}", cell=show_cell(cell))
        if not queries.next_to_dragon(m, name, cell, 1):
            return Words("{dragon} is not adjacent to {piece}", dragon=DragonName(name),
                         piece=queries.describe(m, ent))
        reason = _unclaimed_reason(m, name, ent)
        if reason:
            return reason
    return None


def spend_citadel(m: Match, name: str, answer: dict) -> None:
    """R37.13, R36: a double Claim uses Citadel of Torture's once-a-round Power when it
    is declared, so a Claim cancelled by Leader still spends it (as it spends the action)."""
    if answer.get("do") == "claim" and "also" in answer:
        mark_used(m, CITADEL)
        m.emit("power", dragon=name, place=CITADEL, use="claim", answer=dict(answer))


def _claim_resolve(m: Match, name, answer):
    occ = queries.occupancy(m)
    ent = occ[tuple(answer["at"])]
    if "also" in answer:
        put_claim(m, name, ent, CITADEL)
        put_claim(m, name, occ[tuple(answer["also"])], CITADEL)
        return
    fp = esper.component_for_entity(ent, Footprint)
    near = queries.next_to_dragon(m, name, fp.at, fp.size)
    put_claim(m, name, ent, "claim" if near else HUT)


# --- Claim Settlement (2) ----------------------------------------------------------
def _take_targets(m: Match, name):
    for _ent, fp in adjacent_claimables(m, name):
        yield {"do": "claim_settlement", "at": [fp.col, fp.row]}


def _take_check(m: Match, name, answer):
    ent, reason = claimable_at(m, name, answer)
    if reason:
        return reason
    assert ent is not None  # claimable_at gives a piece or a reason
    owner = queries.claim_owner(ent)
    if owner is None:
        return Words("nobody claims {piece}; a plain Claim (1 action) takes it",
                     piece=queries.describe(m, ent))
    if owner == name:
        return Words("{dragon} already claims {piece}", dragon=DragonName(name),
                     piece=queries.describe(m, ent))
    return None


def _take_resolve(m: Match, name, answer):
    ent = queries.occupancy(m)[tuple(answer["at"])]
    remove_claim(m, ent, "claimed_by_" + name)
    put_claim(m, name, ent, "claim_settlement")


# --- Abandon Claim (1) -------------------------------------------------------------
def _abandon_targets(m: Match, name):
    for ent, claim in sorted(esper.get_component(Claim), key=lambda t: _at(t[0])[::-1]):
        if claim.owner == name:
            yield {"do": "abandon", "at": list(_at(ent))}
    for _ent, g in queries.gambles(m):
        if g.owner == name:
            yield {"do": "abandon", "at": [g.col, g.row]}


def _abandon_fast(m, name):
    return [{"do": "abandon", "at": [c, r]} for c, r in own_rings(m, name)]


def own_rings(m, name: str) -> list:
    """The cells of `name`'s rings: its claims by row then column, then its gamble rings
    (queries.gambles order), as _abandon_targets lists them. Cached per version with the
    number of claims (so that the dragon's own ring events update it: upkeep.bump),
    never mutate it."""
    cache = m.derived if m.derived_version == m.version else queries.cache(m)
    owners = cache.get("own_rings")
    if owners is None:
        owners = cache["own_rings"] = {}  # by dragon; only upkeep.bump changes it
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
    found.extend((g.col, g.row) for _e, g in queries.gambles(m) if g.owner == name)
    return found, n


def _at(ent):
    return esper.component_for_entity(ent, Footprint).at


def _own_ring_at(m: Match, name, cell):
    """('claim', entity) or ('gamble', entity) for `name`'s ring at cell, else None.
    A claim on the piece there comes before a gamble ring under it."""
    ent = queries.occupancy(m).get(cell)
    if ent is not None and queries.claim_owner(ent) == name:
        return "claim", ent
    g = queries.gamble_at(m, cell)
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
    fp = queries.dragon_fp(m, name)
    for cell in ring_cells(fp.at, 2, m.board.width, m.board.height):
        yield {"do": "gamble", "at": list(cell)}


def _gamble_check(m: Match, name, answer):
    cell = cell_of(answer, "at")
    if not m.board.on_board(cell):
        return Words("{cell} is off the board", cell=show_cell(cell))
    if not queries.next_to_dragon(m, name, cell, 1):
        return Words("{dragon} is not adjacent to {cell}", dragon=DragonName(name),
                     cell=show_cell(cell))
    if cell in m.board.blocked:
        return Words("a ring cannot be placed on blocked ground at {cell}",
                     cell=show_cell(cell))
    holder = queries.occupancy(m).get(cell)
    if holder is not None:
        return Words("{cell} holds {piece}; a gamble needs an empty cell",
                     cell=show_cell(cell), piece=queries.describe(m, holder))
    if queries.gamble_at(m, cell) is not None:
        return Words("there is already a ring at {cell}", cell=show_cell(cell))
    return None


def _gamble_resolve(m: Match, name, answer):
    queries.rings(m, name).supply -= 1
    col, row = answer["at"]
    ring = Gamble(name, col, row)
    upkeep.gamble_placed(m, esper.create_entity(ring), ring)
    m.log({"type": "gamble", "dragon": name, "at": [col, row]})


def _claim_fast(m: Match, name):
    holders = queries.place_holders(m)
    pieces = (_claim_pieces(m, name) if holders.get(HUT) == name
              else adjacent_claimables(m, name))
    out = [{"do": "claim", "at": [fp.col, fp.row]} for ent, fp in pieces
           if not esper.has_component(ent, Claim)]
    if holders.get(CITADEL) == name and queries.rings(m, name).supply >= 2:
        out.extend(_citadel_pairs(m, name, unclaimed_only=True))
    return out


def _take_fast(m: Match, name):
    return [{"do": "claim_settlement", "at": [fp.col, fp.row]}
            for ent, fp in adjacent_claimables(m, name)
            if queries.claim_owner(ent) not in (None, name)]


def _gamble_fast(m: Match, name):
    free = around(m, name)[2]
    rings = queries.gamble_cells(m)  # cached per version
    if rings:
        return [{"do": "gamble", "at": [c, r]} for c, r in free if (c, r) not in rings]
    return [{"do": "gamble", "at": [c, r]} for c, r in free]


def fresh_gamble_free(m, at) -> tuple:
    """The cells around a dragon at `at` that hold no piece and are not blocked, in
    ring order (base.around's third part), computed from the world."""
    occ = queries.occupancy(m)
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

"""Populate phase: settlements (R12), gamble claims (R13), a place of power (R14) and
the thief's chest (R15)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game import queries
from game.components import Claim, Footprint, PlaceOfPower, Settlement
from game.decisions import Decision, DecisionStep, IllegalAnswer, title
from game.geometry import Cell, chebyshev, shift_inward
from game.systems.rolls import location, roll_dice
from game.tables import FAILED_PLACEMENT_BONUS, PLACE_LOCATION_TRIES, PLACES

if TYPE_CHECKING:
    from game.match import Match

CHEST_REROLLS = 1000
PLACE_REROLLS = 1000  # P9: then the first place left in the supply is placed


def run_phase(m: Match, frame) -> None:
    m.stack.pop()
    m.set_phase("populate")
    # Top of the stack runs first: N settlement rolls, then the place, then the chest.
    m.stack.append({"step": "chest_move"})
    m.stack.append({"step": "place_of_power"})
    for k in reversed(range(len(m.seat_names))):
        m.stack.append({"step": "settlement", "k": k})


def run_settlement(m: Match, frame) -> None:
    cell = location(m, frame, "settlement")  # None: a card holder is asked first (R38)
    if cell is None:
        return
    m.stack.pop()
    settle_at(m, cell)


def settle_at(m: Match, cell: Cell) -> None:
    """R12 steps 1-5 for one rolled cell."""
    occ = queries.occupancy(m)
    holder = occ.get(cell)
    settlement = esper.try_component(holder, Settlement) if holder is not None else None
    if holder is not None and settlement and settlement.kind == "town":
        settlement.kind = "city"  # step 1: its claim, if any, stays
        m.emit("upgraded", at=list(cell), to="city", claim=queries.claim_owner(holder))
        return
    if holder is not None and settlement and settlement.kind == "ruin":
        settlement.kind = "town"  # step 2: resettled, claim stays
        m.emit("resettled", at=list(cell), to="town", claim=queries.claim_owner(holder))
        return
    if holder is None and cell not in m.board.blocked:
        near_town = _town_next_to(m, occ, cell)
        kind = "city" if near_town else "town"  # steps 3 and 4
        ent = esper.create_entity(Settlement(kind), Footprint(*cell))
        queries.settlement_placed(m, ent, cell)
        m.emit("placed", piece=kind, at=list(cell))
        _gamble_claims(m, ent, cell)
        return
    # Step 5: nothing can be placed there; the thief profits (from Dragoon).
    m.emit("placement_failed", at=list(cell))
    queries.pay(m, "bank", "chest", FAILED_PLACEMENT_BONUS, "failed_placement")


def _town_next_to(m: Match, occ, cell: Cell) -> bool:
    """R12 step 4: a town on one of the 8 cells around `cell` (towns are 1x1)."""
    c, r = cell
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            ent = occ.get((c + dc, r + dr))
            if (dc or dr) and ent is not None:
                s = esper.try_component(ent, Settlement)
                if s is not None and s.kind == "town":
                    return True
    return False


def _gamble_claims(m: Match, ent: int, cell: Cell) -> None:
    """R13: a gamble ring on the cell claims it; else the adjacent ring of the poorest
    dragon (ties: most rings in supply, lowest seat; its first ring by row, column)."""
    rings = queries.gambles(m)
    chosen = next((g for g in rings if (g[1].col, g[1].row) == cell), None)
    if chosen is None:
        near = [g for g in rings if chebyshev((g[1].col, g[1].row), cell) == 1]
        if not near:
            return
        key = {n: (queries.coins(m, n), -queries.rings(m, n).supply, queries.seat(m, n))
               for n in {g[1].owner for g in near}}
        chosen = min(near, key=lambda g: (key[g[1].owner], g[1].row, g[1].col))
    gamble_ent, gamble = chosen
    esper.delete_entity(gamble_ent, immediate=True)
    esper.add_component(ent, Claim(gamble.owner))
    m.emit("claim", dragon=gamble.owner, at=list(cell), via="gamble",
           **{"from": [gamble.col, gamble.row]})


def run_place_of_power(m: Match, frame) -> None:
    """R14: roll which place; 1-14 names it (re-rolled if on the board, at most
    PLACE_REROLLS times: P9), 15-20 lets the poorest dragon choose."""
    supply = supply_places(m)
    if not supply:
        m.stack.pop()
        return
    while frame.get("tries", 0) < PLACE_REROLLS:
        got = roll_dice(m, frame, "place_of_power", [(None, "place_of_power", 20)])
        if got is None:
            return  # Trickster's holder is asked first (R38)
        frame["tries"] = frame.get("tries", 0) + 1
        face = got[0]
        if face > len(PLACES):
            m.stack.pop()
            chooser = queries.poorest(m)
            if len(supply) == 1:
                m.stack.append({"step": "place_location", "place": supply[0]})
            else:
                m.stack.append({"step": "choose_place", "dragon": chooser})
            return
        if PLACES[face - 1] in supply:
            m.stack.pop()
            m.stack.append({"step": "place_location", "place": PLACES[face - 1]})
            return
    # P9: a stuck generator or a crafted script cannot re-roll forever
    m.stack.pop()
    m.stack.append({"step": "place_location", "place": supply[0]})


def supply_places(m: Match) -> list[str]:
    on_board = {p.kind for _, p, _ in queries.places(m)}
    return [p for p in PLACES if p not in on_board]


def run_place_location(m: Match, frame) -> None:
    kind = frame["place"]
    while frame.get("tries", 0) < PLACE_LOCATION_TRIES:
        cell = location(m, frame, "place_location")
        if cell is None:
            return
        frame["tries"] = frame.get("tries", 0) + 1
        at = shift_inward(cell, 2, m.board.width, m.board.height)
        if queries.footprint_free(m, at, 2, queries.occupancy(m)):
            m.stack.pop()
            # A place removed and placed again within a round stays used (R36).
            esper.create_entity(PlaceOfPower(kind, kind in m.powers_used), Footprint(*at, 2))
            m.emit("place_placed", place=kind, at=list(at))
            return
    m.stack.pop()
    m.emit("place_not_placed", place=kind)


def run_chest(m: Match, frame) -> None:
    """R15: the chest moves to a rolled free cell (its own cell counts as free)."""
    before = queries.chest_at(m)
    while frame.get("tries", 0) < CHEST_REROLLS:
        cell = location(m, frame, "chest")
        if cell is None:
            return
        frame["tries"] = frame.get("tries", 0) + 1
        if queries.cell_free(m, cell, queries.occupancy(m), ignore=m.chest_ent):
            m.stack.pop()
            fp = esper.try_component(m.chest_ent, Footprint)
            if fp is None:
                esper.add_component(m.chest_ent, Footprint(*cell))
            else:
                fp.col, fp.row = cell
            m.emit("chest_moved", at=list(cell), **{"from": list(before) if before else None})
            return
    m.stack.pop()


def _ask_choose(m: Match, frame) -> Decision:
    return Decision(
        frame["dragon"], "choose_place",
        f"{title(frame['dragon'])} has the fewest coins and chooses the next place of power",
        {"choices": supply_places(m)},
    )


def _legal_choose(m: Match, frame) -> list[dict]:
    return [{"choose": p} for p in supply_places(m)]


def _answer_choose(m: Match, frame, answer) -> None:
    choice = answer.get("choose")
    if choice not in supply_places(m):
        raise IllegalAnswer(f"{choice!r} is not a place of power left in the supply "
                            f"(left: {', '.join(supply_places(m))})")
    m.stack.pop()
    m.emit("place_chosen", dragon=frame["dragon"], place=choice)
    m.stack.append({"step": "place_location", "place": choice})


CHOOSE_PLACE = DecisionStep(_ask_choose, _legal_choose, _answer_choose)

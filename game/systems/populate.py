"""Populate phase: settlements (R12), gamble claims (R13), a place of power (R14) and
the thief's chest (R15)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game import cache_sync, lookups
from game.components import Claim, Footprint, PlaceOfPower, Settlement
from game.decisions import Decision, DecisionStep, IllegalAnswer
from game.geometry import Cell, shift_inward
from game.systems import rolls
from game.systems.rolls import location, roll_dice
from game.tables import FAILED_PLACEMENT_BONUS, PLACE_LOCATION_TRIES, PLACES
from game.words import DragonName, Words

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
    cell = _location(m, frame, "settlement")  # None: a card holder is asked first (R38)
    if cell is None:
        return
    m.stack.pop()
    settle_at(m, cell)


def _location(m: Match, frame, purpose: str) -> Cell | None:
    """rolls.location (None while a card holder is asked, R38). When nobody holds a
    card that could open the dice window, its dice are plain rolls with the same
    events (P25): Match.roll_cell, without building the window's frames."""
    if "results" in frame or rolls.dice_holders(m, purpose):
        return location(m, frame, purpose)
    return m.roll_cell(purpose)


def settle_at(m: Match, cell: Cell) -> None:
    """R12 steps 1-5 for one rolled cell."""
    occ = lookups.occupancy(m)
    holder = occ.get(cell)
    if holder is not None:
        settlement = esper.try_component(holder, Settlement)
        if settlement is not None and settlement.kind == "town":
            settlement.kind = "city"  # step 1: its claim, if any, stays
            m.emit("upgraded", at=list(cell), to="city", claim=lookups.claim_owner(holder))
            return
        if settlement is not None and settlement.kind == "ruin":
            settlement.kind = "town"  # step 2: resettled, claim stays
            m.emit("resettled", at=list(cell), to="town", claim=lookups.claim_owner(holder))
            return
    elif cell not in m.board.blocked:
        near_town = _town_next_to(m, occ, cell)
        kind = "city" if near_town else "town"  # steps 3 and 4
        ent = esper.create_entity(Settlement(kind), Footprint(*cell))
        cache_sync.settlement_placed(m, ent, cell)
        m.log({"type": "placed", "piece": kind, "at": list(cell)})
        _gamble_claims(m, ent, cell)
        return
    # Step 5: nothing can be placed there; the thief profits (from Dragoon).
    m.emit("placement_failed", at=list(cell))
    lookups.pay(m, "bank", "chest", FAILED_PLACEMENT_BONUS, "failed_placement")


def _town_next_to(m: Match, occ, cell: Cell) -> bool:
    """R12 step 4: a town on one of the 8 cells around `cell` (towns are 1x1)."""
    c, r = cell
    get = occ.get
    for around in ((c - 1, r - 1), (c, r - 1), (c + 1, r - 1), (c - 1, r), (c + 1, r),
                   (c - 1, r + 1), (c, r + 1), (c + 1, r + 1)):
        ent = get(around)
        if ent is not None:
            s = esper.try_component(ent, Settlement)
            if s is not None and s.kind == "town":
                return True
    return False


def _gamble_claims(m: Match, ent: int, cell: Cell) -> None:
    """R13: a gamble ring on the cell claims it; else the adjacent ring of the poorest
    dragon (ties: most rings in supply, lowest seat; its first ring by row, column)."""
    rings = lookups.gambles(m)
    if not rings:
        return
    # One pass: the ring on the cell if any, else the rings a king step away, in order.
    c, r = cell
    chosen = None
    near = []
    for g in rings:
        dc, dr = g[1].col - c, g[1].row - r
        if -1 <= dc <= 1 and -1 <= dr <= 1:
            if not (dc or dr):
                chosen = g
                break
            near.append(g)
    if chosen is None:
        if not near:
            return
        key = {n: (lookups.coins(m, n), -lookups.rings(m, n).supply, lookups.seat(m, n))
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
        if "results" in frame or rolls.dice_holders(m, "place_of_power"):
            got = roll_dice(m, frame, "place_of_power", [(None, "place_of_power", 20)])
            if got is None:
                return  # Trickster's holder is asked first (R38)
            face = got[0]
        else:  # no window can open: a plain roll, as in _location
            face = m.roll(20, "place_of_power")
        frame["tries"] = frame.get("tries", 0) + 1
        if face > len(PLACES):
            m.stack.pop()
            chooser = lookups.poorest(m)
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
    on_board = {p.kind for _, p, _ in lookups.places(m)}
    return [p for p in PLACES if p not in on_board]


def run_place_location(m: Match, frame) -> None:
    kind = frame["place"]
    board = m.board
    while frame.get("tries", 0) < PLACE_LOCATION_TRIES:
        cell = _location(m, frame, "place_location")
        if cell is None:
            return
        frame["tries"] = frame.get("tries", 0) + 1
        at = shift_inward(cell, 2, board.width, board.height)
        if _room_for_place(at, lookups.occupancy(m), board.blocked):
            m.stack.pop()
            # A place removed and placed again within a round stays used (R36).
            esper.create_entity(PlaceOfPower(kind, kind in m.powers_used), Footprint(*at, 2))
            m.emit("place_placed", place=kind, at=list(at))
            return
    m.stack.pop()
    m.emit("place_not_placed", place=kind)


def _room_for_place(at: Cell, occ, blocked) -> bool:
    """lookups.footprint_free for a 2x2 already shifted onto the board (R4): its four
    cells hold no piece and none is blocked."""
    c, r = at
    for cell in ((c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)):
        if cell in occ or cell in blocked:
            return False
    return True


def run_chest(m: Match, frame) -> None:
    """R15: the chest moves to a rolled free cell (its own cell counts as free)."""
    chest = m.chest_ent
    fp = esper.try_component(chest, Footprint)
    while frame.get("tries", 0) < CHEST_REROLLS:
        cell = _location(m, frame, "chest")
        if cell is None:
            return
        frame["tries"] = frame.get("tries", 0) + 1
        if lookups.cell_free(m, cell, lookups.occupancy(m), ignore=chest):
            m.stack.pop()
            if fp is None:
                before = None
                esper.add_component(chest, Footprint(*cell))
            else:
                before = [fp.col, fp.row]
                fp.col, fp.row = cell
            m.emit("chest_moved", at=list(cell), **{"from": before})
            return
    m.stack.pop()


def _ask_choose(m: Match, frame) -> Decision:
    return Decision(
        frame["dragon"], "choose_place",
        Words("{dragon} has the fewest coins and chooses the next place of power",
              dragon=DragonName(frame["dragon"])),
        {"choices": supply_places(m)},
    )


def _legal_choose(m: Match, frame) -> list[dict]:
    return [{"choose": p} for p in supply_places(m)]


def _answer_choose(m: Match, frame, answer) -> None:
    choice = answer.get("choose")
    if choice not in supply_places(m):
        # TRANSLATORS: {name} is what the answer sent; {left} the keys of the places left
        raise IllegalAnswer(Words("{name} is not a place of power left in the supply (left: "
                                  "{left})", name=repr(choice),
                                  left=", ".join(supply_places(m))))
    m.stack.pop()
    m.emit("place_chosen", dragon=frame["dragon"], place=choice)
    m.stack.append({"step": "place_location", "place": choice})


CHOOSE_PLACE = DecisionStep(_ask_choose, _legal_choose, _answer_choose)

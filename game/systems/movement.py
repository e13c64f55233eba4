"""Move (R18): up to 3 king steps, flying over anything, landing on free cells."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game import lookups
from game.components import Footprint
from game.decisions import cell_of, show_cell
from game.geometry import chebyshev, fits
from game.systems.base import ActionRule
from game.tables import MOVE_STEPS
from game.words import DragonName, Words

if TYPE_CHECKING:
    from game.match import Match


def _targets(m: Match, name, steps: int = MOVE_STEPS):
    fp = lookups.dragon_fp(m, name)
    for dr in range(-steps, steps + 1):
        for dc in range(-steps, steps + 1):
            if dc or dr:
                yield {"do": "move", "to": [fp.col + dc, fp.row + dr]}


def landing_reason(m: Match, name: str, to, ignore: int | None = None) -> str | None:
    """Why a 2x2 dragon cannot stand at top-left `to`, or None (R4, R5, R18)."""
    board = m.board
    if not fits(to, 2, board.width, board.height):
        return Words("a dragon at {cell} would leave the board", cell=show_cell(to))
    occ = lookups.occupancy(m)
    blocked = board.blocked
    c, r = to
    for cell in ((c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)):  # row by row
        if cell in blocked:
            return Words("{dragon} cannot land on blocked ground at {cell}",
                         dragon=DragonName(name), cell=show_cell(cell))
        holder = occ.get(cell)
        if holder is not None and holder != ignore:
            return Words("{dragon} cannot land on {piece}", dragon=DragonName(name),
                         piece=lookups.describe(m, holder))
    return None


def _check(m: Match, name, answer, steps: int = MOVE_STEPS):
    """Why the Move is illegal, or None; Speedster (game.systems.cards) passes 4 steps."""
    to = cell_of(answer, "to")
    me = m.dragon_ents[name]
    at = esper.component_for_entity(me, Footprint).at
    if to == at:
        return Words("a move must change the dragon's position")
    if chebyshev(to, at) > steps:
        return Words.n_("{dragon} can fly at most {n} spaces",
                        "{dragon} can fly at most {n} spaces", steps, dragon=DragonName(name))
    return landing_reason(m, name, to, ignore=me)


def _fast(m: Match, name, steps: int = MOVE_STEPS):
    cells = lookups.piece_landings(m, lookups.dragon_fp(m, name).at, steps)
    return [{"do": "move", "to": [c, r]} for c, r in cells]


def _resolve(m: Match, name, answer):
    fp = lookups.dragon_fp(m, name)
    before = [fp.col, fp.row]
    fp.col, fp.row = answer["to"]
    m.log({"type": "move", "dragon": name, "from": before, "to": [fp.col, fp.row]})


RULES = {"move": ActionRule(_targets, _check, _resolve, fast=_fast)}
# Speedster's Move of up to 4 steps (R38) uses the same rule with more reach.
targets, check, fast = _targets, _check, _fast

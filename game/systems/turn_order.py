"""Action phase turn order (R16) and the sequence of turns (R17)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import lookups
from game.tables import ACTIONS_PER_TURN, NARBY

if TYPE_CHECKING:
    from game.match import Match


def turn_order(m: Match) -> list[str]:
    """R16: fewest coins first (ties: most rings in supply, lowest seat), then clockwise
    by seat. In round 1 Green (Narby) goes first if it plays."""
    seats = m.seat_names
    first = NARBY if m.round == 1 and NARBY in seats else lookups.poorest(m)
    i = seats.index(first)
    return seats[i:] + seats[:i]


def run_phase(m: Match, frame) -> None:
    m.stack.pop()
    m.set_phase("action")
    m.order = turn_order(m)
    m.emit("order", order=list(m.order))
    m.stack.append({"step": "turns", "i": 0})


def run_turns(m: Match, frame) -> None:
    i = frame["i"]
    if i >= len(m.order):
        m.stack.pop()
        m.turn = None
        m.actions_left = 0
        return
    frame["i"] = i + 1
    start_turn(m, m.order[i])


def start_turn(m: Match, name: str) -> None:
    m.turn = name
    m.actions_left = ACTIONS_PER_TURN
    m.log({"type": "turn", "dragon": name, "actions": ACTIONS_PER_TURN})
    m.stack.append({"step": "action", "dragon": name})

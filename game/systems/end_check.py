"""End of game (R33 target, R34 round cap, R35 thief wins)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game import lookups
from game.components import Coins, Treasure

if TYPE_CHECKING:
    from game.match import Match


def run(m: Match, frame) -> None:
    m.stack.pop()
    target = m.options["target"]
    # m.scores() (coins + treasure, R33) with each dragon's coins kept for the target
    component = esper.component_for_entity
    coins: dict[str, int] = {}
    scores: dict[str, int] = {}
    for n in m.seat_names:
        ent = m.dragon_ents[n]
        coins[n] = component(ent, Coins).amount
        scores[n] = coins[n] + sum(component(ent, Treasure).tokens)
    best = max(scores.values())
    leaders = [n for n in m.seat_names if scores[n] == best]
    dragons_over = any(coins[n] > target for n in m.seat_names)
    capped = m.round >= m.options["round_cap"]
    if dragons_over:
        if len(leaders) == 1:
            return finish(m, leaders[0], "target")
        if not capped:
            m.emit("tie_extra_round", leaders=leaders, score=best)
            m.stack.append({"step": "round"})
            return
    elif m.options["thief_wins"] and lookups.chest(m).coins > target:
        return finish(m, "thief", "thief")  # R35: the chest got there first
    if capped:
        return finish(m, leaders[0] if len(leaders) == 1 else leaders, "round_cap")
    m.stack.append({"step": "round"})


def finish(m: Match, winner, reason: str) -> None:
    m.finished = True
    m.phase = "finished"
    m.winner = winner
    m.turn = None
    m.actions_left = 0
    m.stack.clear()
    m.emit("game_over", winner=winner, reason=reason, scores=m.scores(), round=m.round)

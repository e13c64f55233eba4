"""Build exact positions for rule tests: a hand-written state document, restored with
scripted dice. The match starts at an action decision of `turn` (default: the first
dragon), so the test can submit answers and read the world.

    m = scenario({"red": dict(at=(5, 5), cavern=(2, 2)), "blue": dict(at=(7, 5))},
                 settlements=[("town", (4, 4), None)], dice=[17])

A dragon may hold a power card, `dict(at=..., card="fighter")`, and `played` lists the
cards already played this round; either turns the `cards` option on (unless `options`
says otherwise). The deck then holds every other card.
"""

from __future__ import annotations

import pytest

from game.board import BoardSpec
from game.decisions import IllegalAnswer
from game.match import Match


def state_doc(dragons: dict, *, settlements=(), places=(), gambles=(), chest=None,
              chest_coins=0, turn=None, order=None, actions_left=3, round=2,
              options=None, played=()) -> dict:
    names = list(dragons)
    ds = {}
    for seat, name in enumerate(names):
        d = dragons[name]
        cavern = d.get("cavern", "auto")
        if cavern == "auto":
            cavern = None if name == "undead" else _far_corner(seat)
        ds[name] = {
            "seat": d.get("seat", seat), "coins": d.get("coins", 0),
            "treasure": list(d.get("treasure", [])),
            # the rings not on the board (R9), unless the test says otherwise
            "rings_in_supply": d.get("rings", (7 if name == "copper" else 10)
                                     - _rings_out(name, settlements, places, gambles)),
            "at": list(d["at"]), "cavern": list(cavern) if cavern else None,
            "card": d.get("card"),
        }
    order = order or names
    turn = turn or order[0]
    cards = bool(played) or any(d.get("card") for d in dragons.values())
    return {
        "format": "narby-state/1", "map": None,
        "options": {"target": 50, "cards": cards, "round_cap": 200, "thief_wins": False,
                    **(options or {})},
        "round": round, "phase": "action", "order": order, "turn": turn,
        "actions_left": actions_left, "pending": {"dragon": turn, "kind": "action"},
        "finished": False, "winner": None, "played": list(played), "dragons": ds,
        "settlements": [{"kind": k, "at": list(at), "claim": c} for k, at, c in settlements],
        "places": [{"kind": k, "at": list(at), "claim": c, "power_used": False}
                   for k, at, c in places],
        "gambles": [{"at": list(at), "owner": o} for at, o in gambles],
        "chest": {"at": list(chest) if chest else None, "coins": chest_coins},
    }


def _rings_out(name, settlements, places, gambles) -> int:
    return (sum(c == name for _, _, c in settlements) + sum(c == name for _, _, c in places)
            + sum(o == name for _, o in gambles))


def _far_corner(seat: int) -> tuple[int, int]:
    # Caverns out of the way along the bottom row unless a test places them.
    return (seat * 2, 19)


def scenario(dragons: dict, *, dice=None, board: BoardSpec | None = None, seed=0,
             **kw) -> Match:
    return Match.restore(state_doc(dragons, **kw), board=board or BoardSpec.plain(),
                         seed=seed, dice=list(dice or []))


def coins(m, name) -> int:
    return m.snapshot()["dragons"][name]["coins"]


def kinds(events, kind):
    return [e for e in events if e["type"] == kind]


def phase_events(events, phase: str) -> list[dict]:
    """The events inside one phase (after its `phase` event, before the next phase or
    round)."""
    out, inside = [], False
    for e in events:
        if e["type"] in ("phase", "round"):
            inside = e["type"] == "phase" and e["phase"] == phase
            continue
        if inside:
            out.append(e)
    return out


def refused(m, answer, *words):
    """Submit an illegal answer: it is refused naming `words`, and changes nothing."""
    before = m.snapshot()
    n = len(m.events)
    with pytest.raises(IllegalAnswer) as info:
        m.submit(answer)
    assert m.snapshot() == before and len(m.events) == n
    reason = str(info.value)
    for w in words:
        assert w.lower() in reason.lower(), reason
    return reason


def pending(m):
    p = m.pending
    return (p.dragon, p.kind)


def rolls_of(events, purpose=None):
    return [e for e in kinds(events, "roll") if purpose is None or e["purpose"] == purpose]


def tournament_scores(seats: list[str], seed: int, game: int, budget: int, target: int,
                      cap: int) -> dict:
    """The final scores tools/tournament.py gives its game `game` (a tool that replays
    the tournament's games must reach the same)."""
    from tools import tournament  # noqa: PLC0415 (the tools are not the game's import)

    job = {"seats": seats, "seed": seed, "game": game, "map": None, "target": target,
           "round_cap": cap, "budget": budget, "time_limit": None}
    return tournament.play_game(job)["scores"]

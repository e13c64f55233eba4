"""One seeded AI game on a map, reduced to a compact record of what the lab measures.

Everything in a record depends only on the game's task (map, seats, seed, options),
never on timing or on which process played it, so records are the same on any worker.
"""

from __future__ import annotations

import threading
from typing import Any, cast

from game import house_rules, lookups
from game.ai import choose, node_budget
from game.balance.gc_tuning import fewer_collections
from game.board import BoardSpec
from game.maps.loader import load_board
from game.match import Match
from game.players import RandomPlayer
from game.seat_view import seat_view

SEAT_KINDS = ("easy", "normal", "hard", "random")
# Claims that leave the board against their owner's will: tribute losses, destroys,
# takeovers. An abandon is the owner's choice and is not counted.
LOST_REASONS_SKIPPED = ("abandoned",)

_BOARDS: dict[str, BoardSpec] = {}
# esper's current world is per process: a worker started with several threads
# (`dask worker --nthreads 4`) still plays one game at a time in each process
_ONE_GAME = threading.Lock()


def board_of(path: str | None) -> BoardSpec:
    """The map's board (read once per process), or the plain 20x20 board for None."""
    if path is None:
        return BoardSpec.plain()
    if path not in _BOARDS:
        _BOARDS[path] = load_board(path)
    return _BOARDS[path]


def play_game(task: dict) -> dict:
    """Play the game `task` describes (plan.game_task) and return its record."""
    board = board_of(task["map"])
    levels: list[str] = task["levels"]  # levels[s]: the AI level at seat s
    seed = task["seed"]
    options = {"target": task["target"], "round_cap": task["round_cap"],
               **house_rules.options(task.get("house"))}
    m = Match(list(task["dragons"]), seed=seed, board=board, options=options)
    try:
        with fewer_collections():
            return _play(m, board, levels, seed, task)
    finally:
        m.close()


def _play(m: Match, board: BoardSpec, levels: list[str], seed: int, task: dict) -> dict:
    names = list(m.seat_names)
    seat_of = {name: s for s, name in enumerate(names)}
    randoms = {name: RandomPlayer(seed * 31 + s) for s, name in enumerate(names)}
    budget = task.get("budget")
    coins: list[list[int]] = []  # coins[r][s]: seat s's score at the end of round r+1
    k, last_round = 0, m.round
    while not m.finished:
        if m.round != last_round:  # a round ended: note every seat's score
            coins.append(_scores(m, names))
            last_round = m.round
        dragon = m.pending.dragon  # type: ignore[union-attr]  # not finished: a decision
        level = levels[seat_of[dragon]]
        if level == "random":
            answer = randoms[dragon].choose(m)
        else:
            answer = choose(seat_view(m, dragon), level, seed=(seed * 100_003 + k) % 2**32,
                            board=board, budget=budget or node_budget(level))
        m.submit(answer)
        k += 1
    coins.append(_scores(m, names))
    return _record(m, names, seat_of, coins, k, task)


def _scores(m: Match, names: list[str]) -> list[int]:
    scores = m.scores()
    return [scores[n] for n in names]


def _record(m: Match, names, seat_of, coins, decisions: int, task: dict) -> dict:
    tribute: dict[str, int] = {}
    lost: dict[str, int] = {}
    first_order: list[str] = []
    caverns: dict[str, list[int]] = {}
    end, ties = "target", 0
    for e in cast(list[dict[str, Any]], m.events):  # events of many shapes
        kind = e["type"]
        if kind == "tribute_claim" and e["coins"]:
            key = f"{e['at'][0]},{e['at'][1]}"
            tribute[key] = tribute.get(key, 0) + e["coins"]
        elif kind == "unclaim" and e["reason"] not in LOST_REASONS_SKIPPED:
            key = f"{e['at'][0]},{e['at'][1]}"
            lost[key] = lost.get(key, 0) + 1
        elif kind == "order" and not first_order:
            first_order = list(e["order"])
        elif kind in ("cavern", "dragon_placed") and e["dragon"] not in caverns:
            caverns[e["dragon"]] = list(e["at"])  # the Undead has no cavern: its spot
        elif kind == "tie_extra_round":
            ties += 1
        elif kind == "game_over":
            end = e["reason"]
    winner = m.winner
    won = winner if isinstance(winner, list) else [winner]
    winners = sorted(seat_of[w] for w in won if w in seat_of)
    if end == "round_cap" and len(winners) > 1:
        end = "tie"
    holders = lookups.place_holders(m)
    places = sorted(kind for kind, holder in holders.items() if holder in won)
    seats = [{"seat": s, "entry": task["entries"][s], "level": task["levels"][s],
              "dragon": name, "cavern": caverns.get(name),
              "turn": first_order.index(name) if name in first_order else s}
             for s, name in enumerate(names)]
    return {"game": task["game"], "seed": task["seed"], "seats": seats, "winners": winners,
            "thief": winner == "thief", "end": end, "tie_rounds": ties, "rounds": m.round,
            "coins": coins, "tribute": tribute, "lost": lost, "places_won": places,
            "decisions": decisions}


def play_chunk(tasks: list[dict]) -> list[dict]:
    """A chunk of games (one Dask task): their records, in the chunk's order."""
    with _ONE_GAME:
        return [play_game(t) for t in tasks]

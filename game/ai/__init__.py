"""AI dragons (issue 7). The public door for the window, tools and tests:

    choose(view, level, *, seed=0, board=None, budget=None, time_limit=None) -> answer

`view` is `game.seat_view.seat_view(match, seat)` for the seat to play (the pending
decision's dragon); `level` is one of LEVELS (or "random": a random legal answer);
`seed` makes the choice reproducible. `budget` caps the search in nodes (same view,
seed and budget -> same answer); `time_limit` (seconds) may stop it sooner. Without a
budget each level uses its own (Hard also stops at its time limit, under 1 s).
The AI never sees the match itself, only the view (honesty): docs/AI.md.
`game.ai.worker.AIWorker` runs `choose` in a worker process for the window.
"""

from __future__ import annotations

import sys

from game.ai import decide as decide_module  # the module: `game.ai.decide` stays it
from game.ai.decide import LEVEL_SETTINGS, Ctx
from game.board import BoardSpec
from game.maps.loader import load_board

LEVELS = ("easy", "normal", "hard", "master")
STATS = {"fallbacks": 0}  # answers that needed the last-resort net (tests expect 0)
_BOARDS: dict = {}


def board_for(view: dict, board=None):
    """The BoardSpec of the view's map (cached per path); the plain board for null."""
    if board is not None:
        return board
    path = view.get("map")
    if path is None:
        return BoardSpec.plain()
    if path not in _BOARDS:
        _BOARDS[path] = load_board(path)
    return _BOARDS[path]


def node_budget(level: str) -> int | None:
    """The level's own search budget in nodes (None for Easy, which does not search).
    Passing it to `choose` as `budget` turns the clock off: a reproducible decision."""
    return LEVEL_SETTINGS[level].get("budget")


def choose(view: dict, level: str, *, seed: int = 0, board=None, budget: int | None = None,
           time_limit: float | None = None) -> dict:
    """A legal answer to the view's pending decision, chosen at `level`."""
    if level not in LEVELS and level != "random":
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")

    board = board_for(view, board)
    if level == "random":
        return Ctx(view, board, "easy", seed, None, None).random_legal()
    ctx = Ctx(view, board, level, seed, budget, time_limit)
    try:
        return decide_module.decide(ctx)
    except Exception as exc:  # a bug must not stop a game: answer legally, and say so
        STATS["fallbacks"] += 1
        print(f"narby AI ({level}): {type(exc).__name__}: {exc}; playing a random legal "
              "answer", file=sys.stderr)
        return ctx.random_legal()

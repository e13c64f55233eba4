"""AI dragons (issue 7). The public door for the window, tools and tests:

    choose(view, level, *, seed) -> answer

`view` is `game.view.seat_view(match, seat)` for the seat to play (the pending
decision's dragon); `level` is one of LEVELS; `seed` makes the choice reproducible.
The AI never sees the match itself, only the view (honesty).
`game.ai.worker.AIWorker` runs `choose` in a worker process for the window.
"""

from __future__ import annotations

LEVELS = ("easy", "normal", "hard")


def choose(view: dict, level: str, *, seed: int = 0, board=None) -> dict:
    """A legal answer to the view's pending decision. (Placeholder until issue 7:
    a random legal answer from a determinized copy of the view.)"""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    from game.players import RandomPlayer
    from game.view import determinize

    m = determinize(view, seed, board=board)
    try:
        return RandomPlayer(seed).choose(m)
    finally:
        m.close()

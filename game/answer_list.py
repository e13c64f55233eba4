"""A decision's list of legal answers that also knows where each kind of answer lies.

The action decision lists its answers rule by rule, so the answers of one kind
(`decisions.answer_kind`: "move", "claim", "power:madhouse", "play:fighter", ...) are
one run of the list. Its listing records the runs as it builds the list, and a player
that chooses a kind first (players.RandomPlayer) reads them instead of grouping every
answer again (that grouping was ~8 % of a random game's time). A plain list of answers
stays just as good everywhere: the runs are an extra, only trusted by the code that
asked for the list and has not handed it on (tests check them against answer_kind).
"""

from __future__ import annotations


class Answers(list):
    """Legal answers (a list of answer dicts) plus `runs`: {kind: (start, stop)}, the
    slice of the list holding the answers of each kind."""

    __slots__ = ("runs",)

    def __init__(self) -> None:
        super().__init__()
        self.runs: dict[str, tuple[int, int]] = {}

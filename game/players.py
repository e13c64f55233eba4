"""Built-in players that answer decisions through the one door.

RandomPlayer picks a legal answer at random, first choosing the kind of answer
uniformly (so 48 possible moves do not drown out one possible attack; each power,
reaction or card is a kind of its own, and so is passing), with its own seeded
generator: the match's dice are never touched. AIPlayer plays an AI level (game.ai)
from its seat view only, reproducibly.
"""

from __future__ import annotations

import random

from game.ai import LEVELS, choose, node_budget
from game.decisions import answer_kind
from game.seat_view import seat_view


class RandomPlayer:
    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, match) -> dict:
        legal = match.legal_answers()
        runs = getattr(legal, "runs", None)
        if runs is None:
            return self.pick(legal)
        # The same draws as pick(), from the runs the listing recorded (game.answer_list):
        # the list has not left our hands, so they are still true.
        kind = self.rng.choice(sorted(runs))
        start, stop = runs[kind]
        return self.rng.choice(legal[start:stop])

    def pick(self, legal: list) -> dict:
        """The choice among answers already asked for (the same draw as choose)."""
        groups: dict[str, list[dict]] = {}
        for answer in legal:
            kind = answer.get("do") or answer_kind(answer)
            group = groups.get(kind)
            if group is None:
                groups[kind] = [answer]
            else:
                group.append(answer)
        kind = self.rng.choice(sorted(groups))
        return self.rng.choice(groups[kind])


class AIPlayer:
    """An AI dragon for headless play. It sees only its seat view (the AI's honesty) and
    a seed derived from `seed` and its decision count, and it searches to its level's
    node budget with no clock: the same game seed always gives the same game, however
    busy the machine (the window, which must answer in time, uses Hard's time limit)."""

    def __init__(self, level: str, seed: int = 0):
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
        self.level, self.seed, self.decisions = level, seed, 0

    def choose(self, match) -> dict:
        self.decisions += 1
        return choose(seat_view(match, match.pending.dragon), self.level,
                      seed=(self.seed * 1_000_003 + self.decisions) % (2**32),
                      board=match.board, budget=node_budget(self.level))




def play_out(match, players: dict, max_decisions: int = 1_000_000, on_decision=None) -> int:
    """Answer decisions until the game ends; players maps dragon -> player (or one
    player for all seats). Returns the number of decisions answered."""
    n = 0
    while not match.finished and n < max_decisions:
        # One player for every seat needs no prompt built to know who answers.
        player = players[match.pending.dragon] if isinstance(players, dict) else players
        match.submit(player.choose(match))
        n += 1
        if on_decision:
            on_decision(match)
    return n

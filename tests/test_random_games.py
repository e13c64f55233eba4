"""Breadth: 500 seeded random games across 2-8 seats, with the invariants of
tests/invariants.py checked after every decision (rings conserved, coins >= 0, one piece
per cell, footprints on the board, coin ledger == coins, snapshot round trip)."""

from __future__ import annotations

import pytest

from game.match import Match
from game.players import RandomPlayer
from tests.invariants import Ledger, check

GAMES = 500
SEATS = range(2, 9)
# Short games keep the suite quick while still reaching the end check; the target and
# cap vary so games end both ways (target reached, round cap).
OPTIONS = [{"target": 12, "round_cap": 8}, {"target": 25, "round_cap": 12},
           {"target": 50, "round_cap": 6}]


def play_checked(seed: int, seats: int, options: dict) -> Match:
    match = Match([None] * seats, seed=seed, options=options)
    ledger = Ledger(match)
    player = RandomPlayer(seed)
    check(match, ledger)
    while not match.finished:
        legal = match.legal_answers()
        assert legal, "a pending decision with no legal answer"
        match.submit(player.choose(match))
        check(match, ledger)
    assert match.pending is None
    return match


@pytest.mark.parametrize("batch", range(10))
def test_random_games_keep_every_invariant(batch):
    for game in range(batch * GAMES // 10, (batch + 1) * GAMES // 10):
        seats = SEATS[game % len(SEATS)]
        match = play_checked(seed=game, seats=seats, options=OPTIONS[game % len(OPTIONS)])
        assert match.winner is not None
        match.close()

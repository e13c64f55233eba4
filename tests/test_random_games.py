"""Breadth: 500 seeded random games across 2-8 seats, with the invariants of
tests/invariants.py checked after every decision (rings conserved, coins >= 0, one piece
per cell, footprints on the board, coin ledger == coins, snapshot round trip, each card
in exactly one place, no seat view showing another dragon's card). Power cards are on,
the default."""

from __future__ import annotations

import pytest

from game.match import Match
from game.players import RandomPlayer
from game.tables import CARDS
from tests.helpers import state_doc
from tests.invariants import Ledger, check

pytestmark = pytest.mark.slow  # the longest part of the suite: `-m "not slow"` while working

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
        match.submit(player.pick(legal))  # the same draw as player.choose(match)
        check(match, ledger)
    assert match.pending is None
    return match


BATCHES = 50  # small batches, so both workers of `make test` stay busy to the end


@pytest.mark.parametrize("batch", range(BATCHES))
def test_random_games_keep_every_invariant(batch):
    for game in range(batch * GAMES // BATCHES, (batch + 1) * GAMES // BATCHES):
        seats = SEATS[game % len(SEATS)]
        match = play_checked(seed=game, seats=seats, options=OPTIONS[game % len(OPTIONS)])
        assert match.winner is not None
        match.close()


def crowded_start(seed: int, cards=(None, None, None)) -> Match:
    """Three dragons packed together, every place of power held and claimed settlements
    in reach, so random play meets every power, reaction and window often. `cards` are
    the three dragons' cards (cards on if any is given)."""
    red, blue, green = cards
    doc = state_doc(
        {"red": dict(at=(5, 5), cavern=(4, 8), rings=4, coins=5, card=red),
         "blue": dict(at=(7, 5), cavern=(10, 4), rings=3, coins=5, card=blue),
         "green": dict(at=(5, 9), cavern=(8, 8), rings=6, coins=5, card=green)},
        settlements=[("town", (7, 4), "blue"), ("city", (7, 7), "blue"),
                     ("town", (4, 4), "red"), ("ruin", (7, 9), "green"),
                     ("town", (4, 7), None), ("town", (6, 4), None), ("ruin", (10, 7), None)],
        places=[("pearlthorn_castle", (10, 5), "blue"), ("blade_miller", (2, 9), "green"),
                ("soulwash_temple", (2, 2), "blue"), ("arch_of_triumph", (3, 5), "red"),
                ("chrysotas_chapel", (5, 11), "blue"), ("soul_mine", (8, 10), "red"),
                ("baba_yagas_hut", (12, 2), "red"), ("angelstar_shrine", (0, 12), "green"),
                ("tower_of_faces", (14, 14), "green"), ("madhouse", (14, 8), "red"),
                ("tower_of_unquenched_flame", (17, 0), "blue"),
                ("citadel_of_torture", (0, 0), "red"),
                ("darkheart_cottage", (16, 16), "blue"),
                ("immortals_resting_place", (12, 12), None)],
        chest=(9, 3), chest_coins=4, options={"target": 40, "round_cap": 4})
    return Match.restore(doc, seed=seed)


def play_crowded(match: Match, seed: int) -> Match:
    ledger = Ledger(match)
    # The state document starts the ledger's holders at their coins.
    for name, d in match.snapshot()["dragons"].items():
        ledger.totals[name] = d["coins"]
    ledger.totals["chest"] = match.snapshot()["chest"]["coins"]
    player = RandomPlayer(seed)
    while not match.finished:
        match.submit(player.choose(match))
        check(match, ledger)
    return match


def test_random_play_from_a_crowded_board_uses_every_power():
    used = set()
    for seed in range(30):
        match = crowded_start(seed)
        ledger = Ledger(match)
        # The state document starts the ledger's holders at their coins.
        for name, d in match.snapshot()["dragons"].items():
            ledger.totals[name] = d["coins"]
        ledger.totals["chest"] = match.snapshot()["chest"]["coins"]
        player = RandomPlayer(seed)
        while not match.finished:
            match.submit(player.choose(match))
            check(match, ledger)
        used |= {e["place"] for e in match.events if e["type"] == "power"}
        used |= {e["via"] for e in match.events if e["type"] == "claim"}
        used |= {"darkheart_reach" for e in match.events if e["type"] == "action"
                 and e["do"] == "steal_for_thief"}
        match.close()
    assert used >= {"pearlthorn_castle", "blade_miller", "soulwash_temple", "arch_of_triumph",
                    "chrysotas_chapel", "soul_mine", "baba_yagas_hut", "angelstar_shrine",
                    "tower_of_faces", "madhouse", "tower_of_unquenched_flame",
                    "citadel_of_torture", "darkheart_cottage", "darkheart_reach"}, used


def test_random_games_with_cards_play_every_card():
    """Random games with cards on (the default), on an open board and on the crowded one
    with every card dealt in turn, reach every card, Copier's copies and every cancel,
    with the invariants (cards included) after every decision."""
    seen = set()
    games = [play_checked(seed=1000 + seed, seats=2 + seed % 7,
                          options={"target": 30, "round_cap": 10}) for seed in range(25)]
    games += [play_crowded(crowded_start(seed, tuple(CARDS[(seed + k * 7) % 20]
                                                     for k in range(3))), seed)
              for seed in range(20)]
    for match in games:
        plays = [e for e in match.events if e["type"] == "card"]
        seen |= {e["card"] for e in plays} | {e["as"] for e in plays if "as" in e}
        seen |= {"cancel:" + e["source"] for e in match.events if e["type"] == "cancelled"}
        match.close()
    want = set(CARDS) | {"cancel:leader", "cancel:watcher", "cancel:peacemaker"}
    assert seen >= want, sorted(want - seen)

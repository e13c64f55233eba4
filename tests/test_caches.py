"""Every cached answer of the engine equals a from-scratch computation (issue 22).

The caches (game.lookups.cache / layout_cache: occupancy, row masks, landings, lists of
settlements, places and gamble rings, place holders, adjacent claimables, home spots)
are derived from the esper world and invalidated by `Match.version` / `Match.layout`,
which the events bump (cache_sync.bump), or kept in step on a move (cache_sync._shift). Here
many seeded random games (2-8 seats, cards on, plain boards, a blocked map, the crowded
board where every power is in play) compare each cache with a fresh computation at
every decision, and `occupancy` is checked at every single call, mid-step included, so
a system that changes a piece without the matching event is caught.
"""

from __future__ import annotations

from pathlib import Path

import esper
import pytest

from game import lookups
from game.components import Claim, Footprint, Gamble, PlaceOfPower, Settlement
from game.geometry import adjacent
from game.maps.loader import load_board
from game.match import Match
from game.players import RandomPlayer
from game.systems import actions, claims, combat, powers, setup, theft, tribute
from game.systems.base import adjacent_claimables, around, fresh_adjacent_claimables, fresh_around
from game.tables import MOVE_STEPS, PLACES
from tests.helpers import scenario
from tests.test_random_games import crowded_start

MAPS = Path(__file__).parent / "maps"
STEPS = (1, MOVE_STEPS, 4)  # the reaches of lookups.landings compared


def fresh_rows(m) -> list[int]:
    rows = [0] * (m.board.height + 1)
    for col, row in set(m.board.blocked) | set(lookups.fresh_occupancy()):
        rows[row] |= 1 << col
    return rows


def free_cells(m, at, reach, me_at, occ) -> set:
    """The cells within `reach` of `at` (and one more on the far sides, for a 2x2
    footprint) that a footprint may cover: on the board, not blocked, and free (or under
    the dragon at `me_at`)."""
    mine = {(me_at[0] + dc, me_at[1] + dr) for dr in range(2) for dc in range(2)} \
        if me_at else set()
    width, height, blocked = m.board.width, m.board.height, m.board.blocked
    return {(col, row) for row in range(max(0, at[1] - reach), min(height, at[1] + reach + 2))
            for col in range(max(0, at[0] - reach), min(width, at[0] + reach + 2))
            if (col, row) not in blocked and ((col, row) not in occ or (col, row) in mine)}


def brute_landings(at, steps, free) -> list:
    """Every 2x2 landing within `steps` of `at` by brute force: all four cells of each
    footprint in `free` (free_cells with a reach of at least `steps`)."""
    out = []
    for row in range(at[1] - steps, at[1] + steps + 1):
        for col in range(at[0] - steps, at[0] + steps + 1):
            if (col, row) == at:
                continue
            if ((col, row) in free and (col + 1, row) in free and (col, row + 1) in free
                    and (col + 1, row + 1) in free):
                out.append((col, row))
    return out


def compare_all(m) -> None:
    """Each cached fact against its fresh computation, on the match's world. Nothing
    here changes a piece, so the per-call occupancy check (checked_occupancy) is
    paused while the comparisons run and made once more at the end: the ~170,000
    calls of the slow reference listing would only compare the same state again."""
    m.activate()
    assert lookups.occupancy(m) == lookups.fresh_occupancy()
    PER_CALL["on"] = False
    try:
        _compare_rest(m)
    finally:
        PER_CALL["on"] = True
    assert lookups.occupancy(m) == lookups.fresh_occupancy(), "a query changed a piece"


# Whether checked_occupancy compares at every call (compare_all pauses it).
PER_CALL = {"on": True}


def _compare_rest(m) -> None:
    assert lookups.row_masks(m) == fresh_rows(m)
    settlements = sorted(((e, fp.row, fp.col) for e, (s, fp)
                          in esper.get_components(Settlement, Footprint)), key=lambda t: t[1:])
    assert [(e, fp.row, fp.col) for e, _s, fp in lookups.settlements(m)] == settlements
    places = sorted(((e, fp.row, fp.col) for e, (p, fp)
                     in esper.get_components(PlaceOfPower, Footprint)), key=lambda t: t[1:])
    assert [(e, fp.row, fp.col) for e, _p, fp in lookups.places(m)] == places
    for kind in PLACES:
        found = [(e, fp.at) for e, (p, fp) in esper.get_components(PlaceOfPower, Footprint)
                 if p.kind == kind]
        got = lookups.place_on_board(m, kind)
        assert ((got[0], got[1].at) if got else None) == (found[0] if found else None)
    rings = sorted(esper.get_component(Gamble), key=lambda t: (t[1].row, t[1].col, t[1].owner))
    assert [e for e, _ in lookups.gambles(m)] == [e for e, _ in rings]
    for e, g in rings:
        assert lookups.gamble_at(m, (g.col, g.row)) == e
    assert lookups.place_holders(m) == {
        p.kind: c.owner for _, (p, c) in esper.get_components(PlaceOfPower, Claim)}
    # the send-home listing on the row masks (Horror, Tower of Faces) against home_spot
    assert powers.sent_home(m) == [d for d in m.seat_names
                                   if powers.send_home_refusal(m, d, "Horror") is None]
    occ = lookups.fresh_occupancy()  # nothing below changes a piece
    for name in m.seat_names:
        assert adjacent_claimables(m, name) == fresh_adjacent_claimables(m, name)
        assert setup.home_spot(m, name) == setup.fresh_home_spot(m, name)
        assert lookups.cavern_of(m, name) == lookups.fresh_cavern_of(m, name)
        at = lookups.dragon_fp(m, name).at
        assert claims.own_rings(m, name) == claims.fresh_own_rings(m, name)
        # (with its number of claims, which the ring events' updates rely on)
        assert lookups.cache(m)["own_rings"][name] == claims._fresh_rings(m, name)
        assert around(m, name) == fresh_around(m, name)
        assert tribute.claims_of(m, name) == tribute.fresh_claims_of(m, name)
        assert around(m, name)[2] == claims.fresh_gamble_free(m, at)
        assert around(m, name)[3] == combat.fresh_neighbours(m, name)
        assert around(m, name)[4] == theft.fresh_near_caverns(m, name)
        chest = lookups.chest_at(m)
        assert around(m, name)[5] == (chest is not None and adjacent(at, 2, chest, 1))
        reach = max(STEPS)
        free_mine, free_any = free_cells(m, at, reach, at, occ), free_cells(m, at, reach, None, occ)
        for steps in STEPS:
            assert lookups.landings(m, at, steps, at) == brute_landings(at, steps, free_mine)
            assert lookups.landings(m, at, steps) == brute_landings(at, steps, free_any)
    for key, cells in list(m.derived_layout.items()):  # every landing fact kept so far
        if type(key) is tuple and key[0] == "move_landings":
            at, steps = key[1], key[2]
            assert cells == brute_landings(at, steps, free_cells(m, at, steps, at, occ)), key
    pending = m.pending
    if pending is not None and pending.kind == "action":
        fast = actions.legal_actions(m, pending.dragon)
        slow = actions.legal_actions(m, pending.dragon, fast=False)
        assert sorted(map(repr, fast)) == sorted(map(repr, slow))  # repr: JSON-stricter, faster


@pytest.fixture
def checked_occupancy(monkeypatch):
    """lookups.occupancy compared with a fresh one at every call (mid-step included)."""
    cached = lookups.occupancy

    def occupancy(m):
        got = cached(m)
        if PER_CALL["on"]:
            assert got == lookups.fresh_occupancy(), "stale occupancy cache"
        return got

    monkeypatch.setattr(lookups, "occupancy", occupancy)


def play_compared(m: Match, seed: int, max_decisions: int = 400) -> None:
    player = RandomPlayer(seed)
    compare_all(m)
    n = 0
    while not m.finished and n < max_decisions:
        m.submit(player.choose(m))
        compare_all(m)
        n += 1
    m.close()


@pytest.mark.parametrize("batch", range(4))
def test_caches_equal_fresh_computation_in_random_games(batch, checked_occupancy):
    for game in range(batch * 6, batch * 6 + 6):
        seats = 2 + game % 7
        m = Match([None] * seats, seed=500 + game, options={"target": 30, "round_cap": 10})
        play_compared(m, 500 + game)


def test_caches_on_blocked_and_large_maps(checked_occupancy):
    for k, path in enumerate([MAPS / "good" / "quiet_hollow.tmx",
                              MAPS / "sizes" / "largest-40x40.tmx",
                              MAPS / "sizes" / "wide-36x12.tmx"]):
        board = load_board(str(path))
        seats = max(board.min_players, min(board.max_players, 3 + k))
        m = Match([None] * seats, seed=70 + k, board=board,
                  options={"target": 30, "round_cap": 8})
        play_compared(m, 70 + k)


def test_caches_on_the_crowded_board_with_every_power(checked_occupancy):
    for seed in range(8):
        play_compared(crowded_start(seed, ("jumper", "orienteer", "horror")), seed)


def test_restored_and_copied_matches_start_with_right_caches():
    m = Match([None] * 4, seed=5)
    player = RandomPlayer(5)
    for _ in range(150):
        m.submit(player.choose(m))
    lookups.occupancy(m)  # warm the original's caches
    for other in (Match.restore(m.snapshot()), Match.restore_trusted(m.snapshot()), m.copy()):
        compare_all(other)
        other.close()
    m.close()


@pytest.mark.parametrize("seed", range(6))
def test_trusted_restore_and_copy_continue_exactly_like_restore(seed):
    """restore_trusted (no checks, for the engine's own documents) and copy() give the
    same document as the checked restore at every decision, and the same game after."""
    m = Match([None] * (2 + seed), seed=seed, options={"target": 30, "round_cap": 8})
    player = RandomPlayer(seed)
    n = 0
    while not m.finished:
        if n % 7 == 0:
            doc = m.snapshot()
            checked, trusted, copied = Match.restore(doc), Match.restore_trusted(doc), m.copy()
            assert trusted.snapshot() == doc == copied.snapshot() == checked.snapshot()
            for k in range(5):
                if checked.finished:
                    break
                answer = RandomPlayer(k).choose(checked)
                checked.submit(answer)
                trusted.submit(answer)
                copied.submit(answer)
                assert trusted.snapshot() == checked.snapshot() == copied.snapshot()
            for x in (checked, trusted, copied):
                x.close()
        m.submit(player.choose(m))
        n += 1
    m.close()


@pytest.mark.parametrize("place", ["immortals_resting_place", "soul_mine"])
def test_caches_after_a_place_is_removed(place, checked_occupancy):
    """A place removed (here next to Red; the Undead's home takes its cavern with it)
    keeps the facts far from it and drops the ones it touched: the Undead's home spot,
    Red's surroundings (a cavern to steal from, a place to claim)."""
    m = scenario({"red": dict(at=(5, 5)), "undead": dict(at=(15, 15), coins=9)},
                 places=[(place, (7, 5), None)], dice=[18])
    compare_all(m)  # every cache warm, then the removal keeps some of them in step
    events = m.submit({"do": "destroy", "at": [7, 5]})
    assert [e["place"] for e in events if e["type"] == "place_removed"] == [place]
    compare_all(m)
    assert setup.home_spot(m, "undead") is None or place != "immortals_resting_place"
    m.close()

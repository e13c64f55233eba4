"""What the restores' shortcuts rely on (game.snapshot, game.state_checks, game.dice).

Both restores hand the match the sorted piece lists (and the checked one its occupancy)
from the pieces they created: each must equal what game.lookups computes from the world.
The checked restore's problems(placed=True) on its own snapshot must give the full
problems() list, and Dice.set_to the generator Dice.from_state gives.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game import lookups, state_checks
from game.dice import Dice
from game.maps.loader import load_board
from game.match import Match
from game.players import RandomPlayer
from game.snapshot import StateError

MAPS = Path(__file__).parent.parent / "maps"


def game_docs(seed: int, seats: int, board=None, every: int = 5) -> list[dict]:
    m = Match([None] * seats, seed=seed, board=board, options={"round_cap": 4})
    player, docs, k = RandomPlayer(seed), [], 0
    while not m.finished:
        if k % every == 0:
            docs.append(m.snapshot())
        m.submit(player.choose(m))
        k += 1
    docs.append(m.snapshot())
    m.close()
    return docs


def fresh_caches_agree(m: Match) -> int:
    """The caches a restore filled equal fresh computations; returns how many it held."""
    m.activate()
    layout = m.derived_layout if m.derived_layout_version == m.layout else {}
    derived = m.derived if m.derived_version == m.version else {}
    held = {k: layout[k] for k in ("settlements", "places", "occ") if k in layout}
    if "gambles" in derived:
        held["gambles"] = derived["gambles"]
    m.derived_layout, m.derived_layout_version = {}, -1
    m.derived, m.derived_version = {}, -1
    fresh = {"settlements": lookups.settlements(m), "places": lookups.places(m),
             "gambles": lookups.gambles(m), "occ": lookups.fresh_occupancy()}
    for key, value in held.items():
        assert value == fresh[key], key
        if key == "occ":
            assert list(value) == list(fresh[key])  # the same cell order too
    return len(held)


@pytest.mark.parametrize("seed", range(4))
def test_restored_caches_equal_fresh_ones(seed):
    board = load_board(str(MAPS / "narby-vale.tmx")) if seed % 2 else None
    for doc in game_docs(seed, 2 + seed, board):
        for twin in (Match.restore(doc, board=board), Match.restore_trusted(doc, board=board)):
            assert fresh_caches_agree(twin) >= 2
            assert twin.snapshot() == doc
            twin.close()


def test_pieces_out_of_order_are_left_to_queries():
    doc = game_docs(7, 4)[-1]
    shuffled = {**doc, "settlements": doc["settlements"][::-1], "places": doc["places"][::-1],
                "gambles": doc["gambles"][::-1]}
    assert len(doc["settlements"]) > 1
    for restore in (Match.restore, Match.restore_trusted):
        twin = restore(shuffled)
        fresh_caches_agree(twin)
        assert twin.snapshot() == doc  # sorted again, by lookups
        twin.close()


def test_the_placed_check_finds_what_the_full_check_finds():
    """On the snapshot of a rebuilt match, problems(placed=True) is problems(): here with
    pieces moved onto water on a map that has some (only the blocked cells are looked
    for; _check_board has refused pieces off the board or sharing a cell)."""
    board = load_board(str(MAPS / "riverfell.tmx"))
    water = sorted(board.blocked)
    rng = random.Random(3)
    found = 0
    for doc in game_docs(3, 3, board, every=3):
        for spoil in range(4):
            bad = {**doc, "settlements": [dict(s) for s in doc["settlements"]],
                   "places": [dict(p) for p in doc["places"]]}
            pieces = bad["settlements"] + bad["places"]
            for piece in rng.sample(pieces, min(spoil, len(pieces))):
                piece["at"] = list(rng.choice(water))
            try:
                twin = Match.restore(bad, board=board)
            except StateError:
                pass
            else:
                twin.close()
            m = Match.restore_trusted(bad, board=board)
            snap = m.snapshot()
            full = state_checks.problems(snap, board, exact_rings=False)
            if any("share" in p or "leaves" in p for p in full):
                m.close()
                continue  # _check_board refuses these before problems() runs
            assert state_checks.problems(snap, board, exact_rings=False, placed=True) == full
            found += bool(full)
            m.close()
    assert found > 5


def test_set_to_is_from_state_without_the_check():
    for seed in range(20):
        rng = random.Random(seed)
        for _ in range(seed * 7):
            rng.random()
        rng.gauss(0, 1)  # a gauss value kept for the next call
        state = {"rng": [3, list(rng.getstate()[1]), rng.getstate()[2]], "script": [2, 1]}
        a, b = Dice.from_state(state), Dice.set_to(state)
        assert vars(a).keys() == vars(b).keys()
        assert a.rng.getstate() == b.rng.getstate() == rng.getstate()
        assert a.state() == b.state() == state
        assert [a.roll(6) for _ in range(30)] == [b.roll(6) for _ in range(30)]
        assert a.rng.gauss(0, 1) == b.rng.gauss(0, 1)


def test_dice_state_known_without_getstate_is_the_generators():
    """Dice.state() gives the words a checked state set, or those it last read, until the
    generator runs (a roll, a shuffle, or anyone reading `rng`): always what getstate
    says. An unchecked state is read back with getstate: setstate takes a word of True
    or above 2**32 and gives another value back."""
    def agrees(d: Dice) -> None:
        version, internal, gauss = d._rng.getstate()  # noqa: SLF001 - the real state
        assert d.state()["rng"] == [version, list(internal), gauss]

    rng = random.Random(8)
    rng.gauss(0, 1)
    state = {"rng": [3, list(rng.getstate()[1]), rng.getstate()[2]], "script": [4]}
    for d in (Dice.set_to(state), Dice.set_to(state, checked=True), Dice.from_state(state),
              Dice(5, [1, 2])):
        agrees(d)
        assert d.roll(6) in (1, 2, 4)  # a scripted face: the generator did not run
        agrees(d)
        for _ in range(3):
            d.roll(20)
            agrees(d)
            agrees(d)
        d.shuffle(items := list(range(30)))
        agrees(d)
        d.rng.random()  # a caller using the generator itself
        agrees(d)
        d.rng.gauss(0, 1)
        agrees(d)
        assert d.state() is not d.state() and d.state()["rng"][1] is not d.state()["rng"][1]
        assert items != list(range(30))

    odd = {"rng": [3, [True] + list(rng.getstate()[1])[1:], None], "script": []}
    d = Dice.set_to(odd)
    assert d.state()["rng"][1][0] is not True
    agrees(d)


def test_dice_roll_is_randint():
    """Dice.roll draws with the generator's _randbelow (randint's own result without its
    two wrapper calls): the faces must stay those of random.Random.randint(1, sides)."""
    for seed in range(5):
        d, rng = Dice(seed), random.Random(seed)
        for sides in [1, 2, 3, 6, 20, 40, 64, 100] * 50:
            assert d.roll(sides) == rng.randint(1, sides)

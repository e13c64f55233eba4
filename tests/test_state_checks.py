"""Impossible states are refused at restore (issue 24 item 5), and a stuck generator or an
endless re-roll cannot hang the game (items 3; P9)."""

from __future__ import annotations

import copy
import math

import pytest

from game import state_checks
from game.board import BoardSpec
from game.dice import Dice, DiceStateError, check_state
from game.lookups import cavern_of
from game.match import Match
from game.players import RandomPlayer
from game.snapshot import StateError
from game.systems import populate
from tests.helpers import state_doc


@pytest.fixture(scope="module")
def sound():
    m = Match(["red", "blue", "gold"], seed=4)
    doc = m.snapshot()
    m.close()
    return doc


def _refused(doc, words: str, board=None) -> None:
    with pytest.raises(StateError) as info:
        Match.restore(doc, board=board)
    assert words in str(info.value)
    assert len(str(info.value)) < 400


def test_a_sound_snapshot_restores_and_passes(sound):
    assert state_checks.problems(sound, BoardSpec.plain()) == []
    Match.restore(copy.deepcopy(sound)).close()


BAD = [
    (lambda d: d["dragons"]["red"].update(treasure=[-1000]), "treasure"),
    (lambda d: d["dragons"]["red"].update(treasure=[10**30]), "treasure"),
    (lambda d: d["dragons"]["red"].update(treasure=[math.nan]), "treasure"),
    (lambda d: d["dragons"]["red"].update(treasure=["x"]), "treasure"),
    (lambda d: d["dragons"]["blue"].update(seat=0), "seat"),
    (lambda d: d["dragons"]["red"].update(rings_in_supply=10**12), "rings"),
    (lambda d: d.update(actions_left=10**9), "actions left"),
    (lambda d: d.update(round=-7), "round"),
    (lambda d: d.update(round="7"), "round"),
    (lambda d: d.update(winner="red"), "winner"),
    (lambda d: d.update(order=["red", "red", "blue"]), "order"),
    (lambda d: d["dragons"]["red"].update(coins=10**30), "coins"),
    (lambda d: d.update(gambles=[{"at": [3, 3], "owner": "red"}] * 5), "gamble"),
    (lambda d: d.update(gambles=[{"at": [30, 3], "owner": "red"}]), "off the board"),
    (lambda d: d.update(settlements=[{"kind": "town", "at": [c, 0], "claim": "red"}
                                     for c in range(12)]), "rings"),
    (lambda d: d.update(stack=[{"step": "junk"}]), "decision stack"),
    (lambda d: d.update(stack=[{"step": "action"}]), "decision stack"),
    (lambda d: d.update(stack="junk"), ""),
    (lambda d: d["dice"]["rng"][1].__setitem__(slice(None), [0] * 625), "dice"),
]


@pytest.mark.parametrize("spoil, words", BAD)
def test_impossible_states_are_refused(sound, spoil, words):
    doc = copy.deepcopy(sound)
    spoil(doc)
    _refused(doc, words)


def test_a_dragon_or_town_on_water_is_refused(sound):
    at = sound["dragons"]["red"]["at"]
    _refused(copy.deepcopy(sound), "blocked", BoardSpec(blocked=frozenset({tuple(at)})))


def test_a_huge_unknown_dragon_is_not_echoed(sound):
    doc = copy.deepcopy(sound)
    doc["dragons"]["x" * 100_000] = doc["dragons"].pop("gold")
    with pytest.raises(StateError) as info:
        Match.restore(doc)
    assert len(str(info.value)) < 200


def test_an_all_zero_generator_is_refused():
    state = Dice(3).state()
    state["rng"][1] = [0] * 624 + [624]
    with pytest.raises(DiceStateError, match="zeros"):
        check_state(state)
    for junk in (None, [], {"rng": [3, [1] * 10, None]}, {"rng": [2, [1] * 625, None]},
                 {"rng": [3, [2**40] * 625, None]}, {"rng": [3, [1] * 624 + [900], None]},
                 {"rng": [3, [1] * 625, "x"]}):
        with pytest.raises(DiceStateError):
            check_state(junk)
    check_state(Dice(3).state())


def test_the_place_of_power_roll_cannot_re_roll_forever():
    """P9: a script naming a place already on the board again and again ends."""

    m = Match(["red", "blue"], seed=2)
    try:
        m.activate()
        on_board = populate.supply_places(m)
        placed = [p for p in populate.PLACES if p not in on_board]
        if not placed:
            pytest.skip("no place on the board yet at this seed")
        face = populate.PLACES.index(placed[0]) + 1
        m.dice.script = [face] * (populate.PLACE_REROLLS + 5)
        frame = {"step": "place_of_power"}
        m.stack.append(frame)
        populate.run_place_of_power(m, frame)
        assert m.stack[-1]["step"] == "place_location"
        assert m.stack[-1]["place"] == on_board[0]
    finally:
        m.close()


def test_the_thief_wins_only_a_game_where_it_can():
    # R35: the thief wins only with thief_wins on (game.systems.end_check)
    m = Match(["red", "blue"], seed=5, options={"target": 10})
    player = RandomPlayer(5)
    while not m.finished:
        m.submit(player.choose(m))
    doc = m.snapshot()
    m.close()
    assert doc["winner"] != "thief" and not doc["options"]["thief_wins"]
    doc["winner"] = "thief"
    _refused(doc, "thief_wins is off")
    doc["options"]["thief_wins"] = True
    Match.restore(doc).close()


def test_the_undead_has_no_cavern_of_its_own_r8():
    """R8: the Undead's cavern is null; a state giving it one was accepted, and the cell
    then blocked moves though nobody could steal from it."""
    doc = state_doc({"red": dict(at=(5, 5)), "undead": dict(at=(15, 15), cavern=(7, 5))})
    _refused(doc, "undead has no cavern of its own: its cavern is null (R8")
    # Immortals Resting Place is its cavern while on the board: naming its cell is read
    # as null, and stealing from the Undead steals from the place (R8)
    doc = state_doc({"red": dict(at=(5, 5)), "undead": dict(at=(15, 15), cavern=(7, 5),
                                                            coins=6)},
                    places=[("immortals_resting_place", (7, 5), None)])
    m = Match.restore(doc)
    assert m.snapshot()["dragons"]["undead"]["cavern"] is None
    assert cavern_of(m, "undead") == ((7, 5), 2)
    m.close()
    doc["places"][0]["at"] = [9, 9]
    _refused(doc, "undead has no cavern of its own")

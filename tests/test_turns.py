"""Turn order (R16): fewest coins first; ties to the most rings in supply, then the lowest
seat; then clockwise (ascending seat, wrapping). Green (Narby) first in round 1. The
Tribute phase (R31) uses the same order.

Positions come from tests.helpers.scenario: the last dragon in `order` ends its turn,
the tribute and end check pass, and the next round's populate phase runs on scripted
dice before the action phase computes the new order.
"""

from __future__ import annotations

import pytest

from game.match import Match
from tests.helpers import scenario

SPOTS = [(16, 0), (16, 3), (16, 6), (16, 9), (16, 12)]


def faces(*cells) -> list[int]:
    out: list[int] = []
    for c, r in cells:
        out += [c + 1, r + 1]
    return out


def populate_dice(n: int) -> list[int]:
    """n settlements on separate free cells of row 1, Baba Yaga's Hut at (1,14), the
    chest to (9,16)."""
    return faces(*[(1 + 3 * i, 1) for i in range(n)]) + [1] + faces((1, 14)) + faces((9, 16))


def dragons_at(spec: dict) -> dict:
    """spec: name -> (coins, rings) or (coins, rings, seat); dragons listed by seat."""
    out = {}
    for i, (name, values) in enumerate(spec.items()):
        d = {"at": SPOTS[i], "coins": values[0], "rings": values[1]}
        if len(values) > 2:
            d["seat"] = values[2]
        out[name] = d
    return out


def next_round(dragons: dict, *, order=None, extra_dice=(), **kw):
    order = order or list(dragons)
    dice = list(extra_dice) + populate_dice(len(dragons))
    m = scenario(dragons, order=order, turn=order[-1], dice=dice, **kw)
    events = m.submit({"do": "end_turn"})
    assert m.dice.script == []
    return m, events


def turns(events) -> list[str]:
    return [e["dragon"] for e in events if e["type"] == "turn"]


def play_out_turns(m) -> list[str]:
    """End every turn of the current action phase; the dragons whose turns began."""
    seen = [m.pending.dragon]
    while True:
        events = m.submit({"do": "end_turn"})
        if any(e["type"] == "phase" for e in events):  # the action phase is over
            return seen
        seen += turns(events)


@pytest.mark.parametrize("coins, expected", [
    ((5, 3, 1, 4), ["white", "black", "red", "blue"]),
    ((1, 3, 5, 4), ["red", "blue", "white", "black"]),
    ((5, 3, 4, 1), ["black", "red", "blue", "white"]),
    ((5, 0, 4, 1), ["blue", "white", "black", "red"]),
])
def test_r16_fewest_coins_first_then_clockwise_wrapping(coins, expected):
    names = ["red", "blue", "white", "black"]
    dragons = dragons_at({n: (c, 10) for n, c in zip(names, coins, strict=True)})
    m, events = next_round(dragons)
    snap = m.snapshot()
    assert snap["order"] == expected
    assert snap["turn"] == expected[0]
    assert {"type": "order", "order": expected} in events
    assert turns(events) == [expected[0]]
    assert play_out_turns(m) == expected


def test_r16_coin_tie_goes_to_most_rings_in_supply():
    dragons = dragons_at({"red": (2, 8), "blue": (5, 10), "white": (2, 7), "black": (2, 9)})
    m, _ = next_round(dragons)
    assert m.snapshot()["order"] == ["black", "red", "blue", "white"]


def test_r16_rings_only_break_a_coin_tie():
    dragons = dragons_at({"red": (3, 1), "blue": (2, 1), "white": (4, 10), "black": (3, 10)})
    m, _ = next_round(dragons)
    assert m.snapshot()["order"] == ["blue", "white", "black", "red"]


def test_r16_coin_and_ring_tie_goes_to_the_lowest_seat():
    dragons = dragons_at({"red": (3, 10), "blue": (1, 9), "white": (4, 10), "black": (1, 9)})
    m, _ = next_round(dragons)
    assert m.snapshot()["order"] == ["blue", "white", "black", "red"]


def test_r16_seat_numbers_not_listing_order_decide():
    # Listed black, white, blue, red, but seated red 0, blue 1, white 2, black 3.
    dragons = {
        "black": {"at": SPOTS[0], "coins": 2, "rings": 10, "seat": 3},
        "white": {"at": SPOTS[1], "coins": 2, "rings": 10, "seat": 2},
        "blue": {"at": SPOTS[2], "coins": 2, "rings": 10, "seat": 1},
        "red": {"at": SPOTS[3], "coins": 6, "rings": 10, "seat": 0},
    }
    m, _ = next_round(dragons, order=["red", "blue", "white", "black"])
    assert m.snapshot()["order"] == ["blue", "white", "black", "red"]


def test_r16_gamble_rings_on_the_board_are_not_in_supply():
    # Equal coins; Red has 9 in supply (one ring gambled), Blue 10 -> Blue first.
    dragons = dragons_at({"red": (3, 9), "blue": (3, 10)})
    m, _ = next_round(dragons, gambles=[((15, 0), "red")])
    assert m.snapshot()["order"] == ["blue", "red"]


def test_r16_round_one_green_goes_first():
    # All dragons have 0 coins and 10 rings: the normal rule would pick seat 0.
    m = Match(["red", "blue", "green", "white"], seed=5, options={"cards": False},
              dice=faces((2, 2), (6, 2), (10, 2), (14, 2)) + populate_dice(4))
    assert m.dice.script == []
    snap = m.snapshot()
    assert snap["round"] == 1
    assert snap["order"] == ["green", "white", "red", "blue"]
    assert turns(m.events) == ["green"]
    assert play_out_turns(m) == ["green", "white", "red", "blue"]


def test_r16_round_one_green_first_even_with_more_coins():
    # A position before round 1 (round 0): Green is the richest, yet goes first.
    dragons = dragons_at({"red": (0, 10), "blue": (1, 10), "green": (9, 10)})
    m, _ = next_round(dragons, round=0)
    assert m.snapshot()["round"] == 1
    assert m.snapshot()["order"] == ["green", "red", "blue"]


def test_r16_green_has_no_precedence_after_round_one():
    dragons = dragons_at({"red": (3, 10), "blue": (1, 10), "green": (2, 10), "white": (5, 10)})
    m, _ = next_round(dragons, round=1)
    assert m.snapshot()["round"] == 2
    assert m.snapshot()["order"] == ["blue", "green", "white", "red"]


def test_r16_round_one_without_green_uses_the_normal_rule():
    # 0 coins each; Copper has only 7 rings so it is not first; ties -> lowest seat.
    m = Match(["copper", "red", "blue"], seed=5, options={"cards": False},
              dice=faces((2, 2), (6, 2), (10, 2)) + populate_dice(3))
    assert m.dice.script == []
    assert m.snapshot()["order"] == ["red", "blue", "copper"]
    assert play_out_turns(m) == ["red", "blue", "copper"]


def test_r16_round_one_without_green_lowest_seat_first():
    m = Match(["purple", "red", "blue"], seed=5, options={"cards": False},
              dice=faces((2, 2), (6, 2), (10, 2)) + populate_dice(3))
    assert m.snapshot()["order"] == ["purple", "red", "blue"]


def test_r16_each_turn_has_three_actions():
    dragons = dragons_at({"red": (3, 10), "blue": (1, 10)})
    m, events = next_round(dragons)
    assert [e for e in events if e["type"] == "turn"] == [
        {"type": "turn", "dragon": "blue", "actions": 3}]
    assert m.snapshot()["actions_left"] == 3


def test_r31_tribute_rolls_in_this_rounds_turn_order():
    # Next round Blue (poorer, seat 1) goes first, so Blue rolls tribute first.
    # Blue's die 9 -> its town pays 1; Red's die 16 -> its town pays 2.
    dragons = {"red": {"at": (16, 0), "coins": 4, "rings": 9},
               "blue": {"at": (16, 3), "coins": 1, "rings": 9}}
    settlements = [("town", (5, 8), "red"), ("town", (9, 8), "blue")]
    round4 = faces((12, 12), (4, 12)) + [2] + faces((5, 14)) + faces((9, 17))
    # This round's tribute (order red, blue): 5 and 5 -> nothing; round 3 populates;
    # round 3's tribute: 9 and 16; round 4 populates.
    m = scenario(dragons, order=["red", "blue"], turn="blue", settlements=settlements,
                 dice=[5, 5] + populate_dice(2) + [9, 16] + round4)
    m.submit({"do": "end_turn"})
    assert m.snapshot()["order"] == ["blue", "red"]
    m.submit({"do": "end_turn"})
    events = m.submit({"do": "end_turn"})
    assert m.dice.script == []
    tribute_rolls = [(e["dragon"], e["face"]) for e in events
                     if e["type"] == "roll" and e["purpose"] == "tribute"]
    assert tribute_rolls == [("blue", 9), ("red", 16)]
    snap = m.snapshot()["dragons"]
    assert snap["blue"]["coins"] == 2
    assert snap["red"]["coins"] == 6
    tributes = [e["dragon"] for e in events if e["type"] == "tribute"]
    assert tributes == ["blue", "red"]


def test_r31_tribute_order_follows_order_not_seats():
    dragons = {"red": {"at": (16, 0), "rings": 9}, "blue": {"at": (16, 3), "rings": 9},
               "white": {"at": (16, 6), "rings": 9}}
    settlements = [("town", (5, 8), "red"), ("town", (9, 8), "blue"),
                   ("town", (13, 8), "white")]
    m = scenario(dragons, order=["white", "red", "blue"], turn="blue",
                 settlements=settlements, dice=[9, 16, 20] + populate_dice(3))
    events = m.submit({"do": "end_turn"})
    assert [e["dragon"] for e in events
            if e["type"] == "roll" and e["purpose"] == "tribute"] == ["white", "red", "blue"]
    snap = m.snapshot()["dragons"]
    assert (snap["white"]["coins"], snap["red"]["coins"], snap["blue"]["coins"]) == (1, 2, 3)

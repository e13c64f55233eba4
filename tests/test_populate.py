"""Populate phase: settlement rolls (R12), gamble rings claiming new settlements (R13),
the place of power (R14) and the thief's chest (R15).

Each test starts from an exact action-phase position (tests.helpers.scenario) whose last
dragon in `order` ends its turn; the (claim-less or 5-8) tribute and the end check pass,
and round 3 begins with the populate phase. Its dice are scripted in rule order: one
location per dragon (column die, then row die, face = index + 1), the place-of-power d20
(plus re-rolls), its location, then the chest's location.
"""

from __future__ import annotations

import pytest

from game.board import BoardSpec
from game.decisions import IllegalAnswer
from game.match import Match
from tests.helpers import phase_events as helpers_phase_events
from tests.helpers import scenario

# The Places of Power table, written out from the rule book (roll 1-14).
PLACE_ROLLS = [
    "baba_yagas_hut", "angelstar_shrine", "tower_of_faces", "tower_of_unquenched_flame",
    "pearlthorn_castle", "arch_of_triumph", "blade_miller", "soulwash_temple", "madhouse",
    "immortals_resting_place", "soul_mine", "chrysotas_chapel", "citadel_of_torture",
    "darkheart_cottage",
]

RED_AT = (16, 0)    # red covers (16..17, 0..1); cavern auto (0, 19)
BLUE_AT = (16, 3)   # blue covers (16..17, 3..4); cavern auto (2, 19)
PLACE_AT = (5, 15)
DEFAULT_PLACE = [1, *[PLACE_AT[0] + 1, PLACE_AT[1] + 1]]  # Baba Yaga's Hut at (5,15)
CHEST_TO = (17, 17)


def faces(*cells) -> list[int]:
    out: list[int] = []
    for c, r in cells:
        out += [c + 1, r + 1]
    return out


def two_dragons(red=None, blue=None) -> dict:
    return {"red": {"at": RED_AT, **(red or {})}, "blue": {"at": BLUE_AT, **(blue or {})}}


def populate(settle, *, place=DEFAULT_PLACE, chest_rolls=(CHEST_TO,), dragons=None,
             board=None, **kw):
    """Run the next populate phase with scripted dice; returns (match, its events)."""
    dragons = dragons or two_dragons()
    order = kw.pop("order", list(dragons))
    claimers = {c for *_, c in kw.get("settlements", ())} | {c for *_, c in kw.get("places", ())}
    dice = [5 for name in order if name in claimers]  # tribute 5-8: nothing happens
    dice += faces(*settle) + list(place) + faces(*chest_rolls)
    m = scenario(dragons, order=order, turn=order[-1], dice=dice, board=board, **kw)
    events = m.submit({"do": "end_turn"})
    return m, phase_events(events)


def phase_events(events) -> list[dict]:
    return helpers_phase_events(events, "populate")


def finished_cleanly(m) -> None:
    assert m.dice.script == [], "every scripted die is used"
    assert m.pending.kind == "action"


def settlements(m) -> list[tuple]:
    return [(s["kind"], tuple(s["at"]), s["claim"]) for s in m.snapshot()["settlements"]]


def gambles(m) -> list[tuple]:
    return [(tuple(g["at"]), g["owner"]) for g in m.snapshot()["gambles"]]


def places(m) -> list[tuple]:
    return [(p["kind"], tuple(p["at"]), p["claim"]) for p in m.snapshot()["places"]]


def rolls(events, prefix: str) -> list[int]:
    return [e["face"] for e in events if e["type"] == "roll" and e["purpose"].startswith(prefix)]


def sort_rc(items):
    return sorted(items, key=lambda t: (t[1][1], t[1][0]))


# =========================================================================== R12
def test_r12_step1_town_becomes_city_and_keeps_its_claim():
    m, ev = populate([(5, 5), (12, 12)], settlements=[("town", (5, 5), "red")],
                     dragons=two_dragons(red={"rings": 9}))
    finished_cleanly(m)
    assert settlements(m) == [("city", (5, 5), "red"), ("town", (12, 12), None)]
    assert m.snapshot()["dragons"]["red"]["rings_in_supply"] == 9
    assert {"type": "upgraded", "at": [5, 5], "to": "city", "claim": "red"} in ev


def test_r12_step1_unclaimed_town_becomes_unclaimed_city():
    m, _ = populate([(5, 5), (12, 12)], settlements=[("town", (5, 5), None)])
    finished_cleanly(m)
    assert settlements(m) == [("city", (5, 5), None), ("town", (12, 12), None)]


def test_r12_step2_ruin_is_resettled_as_town_and_keeps_its_claim():
    m, ev = populate([(5, 5), (12, 12)], settlements=[("ruin", (5, 5), "blue")],
                     dragons=two_dragons(blue={"rings": 9}))
    finished_cleanly(m)
    assert settlements(m) == [("town", (5, 5), "blue"), ("town", (12, 12), None)]
    assert m.snapshot()["dragons"]["blue"]["rings_in_supply"] == 9
    assert any(e["type"] == "resettled" and e["at"] == [5, 5] for e in ev)


def test_r12_step2_ruin_next_to_a_town_becomes_a_town_not_a_city():
    m, _ = populate([(5, 5), (12, 12)],
                    settlements=[("ruin", (5, 5), None), ("town", (6, 5), None)])
    finished_cleanly(m)
    assert settlements(m) == [("town", (5, 5), None), ("town", (6, 5), None),
                              ("town", (12, 12), None)]


@pytest.mark.parametrize("cell", [(6, 5), (4, 5), (5, 4), (5, 6),    # orthogonal
                                  (6, 6), (4, 4), (6, 4), (4, 6)])   # diagonal
def test_r12_step3_free_cell_next_to_a_town_gets_a_city(cell):
    m, ev = populate([cell, (12, 12)], settlements=[("town", (5, 5), None)])
    finished_cleanly(m)
    expected = sort_rc([("town", (5, 5), None), ("city", cell, None),
                        ("town", (12, 12), None)])
    assert settlements(m) == expected
    assert {"type": "placed", "piece": "city", "at": list(cell)} in ev


@pytest.mark.parametrize("cell", [(7, 5), (5, 7), (7, 7), (3, 3), (3, 6)])
def test_r12_step4_free_cell_two_away_from_a_town_gets_a_town(cell):
    m, ev = populate([cell, (12, 12)], settlements=[("town", (5, 5), None)])
    finished_cleanly(m)
    expected = sort_rc([("town", (5, 5), None), ("town", cell, None),
                        ("town", (12, 12), None)])
    assert settlements(m) == expected
    assert {"type": "placed", "piece": "town", "at": list(cell)} in ev


@pytest.mark.parametrize("neighbour", ["city", "ruin"])
def test_r12_step3_only_a_town_neighbour_makes_a_city(neighbour):
    m, _ = populate([(6, 5), (12, 12)], settlements=[(neighbour, (5, 5), None)])
    finished_cleanly(m)
    assert settlements(m) == [(neighbour, (5, 5), None), ("town", (6, 5), None),
                              ("town", (12, 12), None)]


@pytest.mark.parametrize("cell", [(7, 5), (4, 4), (6, 7)])
def test_r12_town_may_be_placed_next_to_a_place_of_power(cell):
    m, _ = populate([cell, (12, 12)], places=[("soul_mine", (5, 5), None)])
    finished_cleanly(m)
    assert settlements(m) == sort_rc([("town", cell, None), ("town", (12, 12), None)])


@pytest.mark.parametrize("cell", [(15, 0), (18, 2), (1, 18)])  # beside a dragon / cavern
def test_r12_town_next_to_a_dragon_or_cavern_is_a_town(cell):
    m, _ = populate([cell, (12, 12)])
    finished_cleanly(m)
    assert settlements(m) == sort_rc([("town", cell, None), ("town", (12, 12), None)])


def test_r12_step4_free_cell_gets_a_town():
    m, ev = populate([(3, 7), (12, 12)])
    finished_cleanly(m)
    assert settlements(m) == [("town", (3, 7), None), ("town", (12, 12), None)]
    placed = [e for e in ev if e["type"] == "placed"]
    assert placed == [{"type": "placed", "piece": "town", "at": [3, 7]},
                      {"type": "placed", "piece": "town", "at": [12, 12]}]


def test_r12_rolls_are_resolved_in_order_second_next_to_first_is_a_city():
    m, _ = populate([(5, 5), (6, 6)])
    finished_cleanly(m)
    assert settlements(m) == [("town", (5, 5), None), ("city", (6, 6), None)]


def test_r12_same_cell_twice_is_town_then_city():
    m, _ = populate([(5, 5), (5, 5)])
    finished_cleanly(m)
    assert settlements(m) == [("city", (5, 5), None)]


OCCUPANTS = {
    "city": dict(settlements=[("city", (8, 8), None)]),
    "cavern": dict(dragons=two_dragons(red={"cavern": (8, 8)})),
    "place": dict(places=[("soul_mine", (7, 7), None)]),           # (8,8) = its 4th quarter
    "dragon": dict(dragons=two_dragons(blue={"at": (7, 7)})),      # (8,8) = a quarter
    "chest": dict(chest=(8, 8)),
    "blocked": dict(board=BoardSpec(blocked=frozenset({(8, 8)}))),
}


@pytest.mark.parametrize("occupant", list(OCCUPANTS))
def test_r12_step5_occupied_cell_places_nothing_and_chest_gains_3(occupant):
    kw = dict(OCCUPANTS[occupant])
    kw.setdefault("chest", (3, 3))
    before = scenario(kw.get("dragons") or two_dragons(),
                      **{k: v for k, v in kw.items() if k not in ("dragons", "board")},
                      chest_coins=4, board=kw.get("board"))
    before_settlements = settlements(before)
    m, ev = populate([(8, 8), (12, 12)], chest_coins=4, **kw)
    finished_cleanly(m)
    assert settlements(m) == sort_rc(before_settlements + [("town", (12, 12), None)])
    assert {"type": "placement_failed", "at": [8, 8]} in ev
    coin_events = [e for e in ev if e["type"] == "coins"]
    assert len(coin_events) == 1
    assert coin_events[0]["from"] == "bank"
    assert coin_events[0]["to"] == "chest"
    assert coin_events[0]["amount"] == 3
    assert m.snapshot()["chest"]["coins"] == 7


def test_r12_step5_twice_gives_the_chest_6():
    m, ev = populate([(16, 0), (17, 4)], chest_rolls=((3, 3),))  # two dragon quarters
    finished_cleanly(m)
    assert settlements(m) == []
    assert m.snapshot()["chest"]["coins"] == 6
    assert [e["amount"] for e in ev if e["type"] == "coins"] == [3, 3]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_r12_one_settlement_roll_per_dragon(n):
    names = ["red", "blue", "white", "black"][:n]
    dragons = {name: {"at": (16, 3 * i)} for i, name in enumerate(names)}
    cells = [(2 + 3 * i, 2) for i in range(n)]  # not adjacent to each other
    m, ev = populate(cells, dragons=dragons)
    finished_cleanly(m)
    assert len(rolls(ev, "settlement_col")) == n
    assert len(rolls(ev, "settlement_row")) == n
    assert settlements(m) == [("town", c, None) for c in cells]


# =========================================================================== R13
def test_r13_ring_on_the_settlement_cell_wins_over_poorer_adjacent_rings():
    dragons = two_dragons(red={"coins": 0, "rings": 9}, blue={"coins": 9, "rings": 9})
    m, ev = populate([(5, 5), (12, 12)], dragons=dragons,
                     gambles=[((5, 5), "blue"), ((5, 6), "red")])
    finished_cleanly(m)
    assert settlements(m) == [("town", (5, 5), "blue"), ("town", (12, 12), None)]
    assert gambles(m) == [((5, 6), "red")]
    snap = m.snapshot()["dragons"]
    assert snap["blue"]["rings_in_supply"] == 9  # the ring moved, supply unchanged
    assert snap["red"]["rings_in_supply"] == 9
    claim = [e for e in ev if e["type"] == "claim"]
    assert len(claim) == 1 and claim[0]["dragon"] == "blue" and claim[0]["at"] == [5, 5]


def test_r13_adjacent_ring_of_the_poorest_dragon_claims():
    dragons = two_dragons(red={"coins": 5, "rings": 9}, blue={"coins": 2, "rings": 9})
    m, _ = populate([(5, 5), (12, 12)], dragons=dragons,
                    gambles=[((4, 4), "red"), ((6, 5), "blue")])
    finished_cleanly(m)
    assert settlements(m) == [("town", (5, 5), "blue"), ("town", (12, 12), None)]
    assert gambles(m) == [((4, 4), "red")]
    assert m.snapshot()["dragons"]["blue"]["rings_in_supply"] == 9


def test_r13_diagonal_ring_claims():
    dragons = two_dragons(red={"rings": 9})
    m, _ = populate([(5, 5), (12, 12)], dragons=dragons, gambles=[((6, 6), "red")])
    finished_cleanly(m)
    assert settlements(m) == [("town", (5, 5), "red"), ("town", (12, 12), None)]
    assert gambles(m) == []


def test_r13_ring_two_cells_away_does_not_claim():
    dragons = two_dragons(red={"rings": 9})
    m, _ = populate([(5, 5), (12, 12)], dragons=dragons, gambles=[((7, 5), "red")])
    finished_cleanly(m)
    assert settlements(m) == [("town", (5, 5), None), ("town", (12, 12), None)]
    assert gambles(m) == [((7, 5), "red")]


def test_r13_coin_tie_goes_to_most_rings_in_supply():
    dragons = two_dragons(red={"coins": 3, "rings": 8}, blue={"coins": 3, "rings": 9})
    m, _ = populate([(5, 5), (12, 12)], dragons=dragons,
                    gambles=[((4, 5), "red"), ((6, 5), "blue")])
    finished_cleanly(m)
    assert settlements(m) == [("town", (5, 5), "blue"), ("town", (12, 12), None)]
    assert gambles(m) == [((4, 5), "red")]


def test_r13_full_tie_goes_to_the_lowest_seat():
    dragons = two_dragons(red={"coins": 3, "rings": 9}, blue={"coins": 3, "rings": 9})
    m, _ = populate([(5, 5), (12, 12)], dragons=dragons,
                    gambles=[((4, 4), "blue"), ((6, 6), "red")])
    finished_cleanly(m)
    assert settlements(m) == [("town", (5, 5), "red"), ("town", (12, 12), None)]
    assert gambles(m) == [((4, 4), "blue")]


def test_r13_lowest_seat_is_the_seat_not_the_listing_order():
    dragons = {"blue": {"at": BLUE_AT, "seat": 1, "coins": 3, "rings": 9},
               "red": {"at": RED_AT, "seat": 0, "coins": 3, "rings": 9}}
    m, _ = populate([(5, 5), (12, 12)], dragons=dragons, order=["blue", "red"],
                    gambles=[((4, 4), "blue"), ((6, 6), "red")])
    finished_cleanly(m)
    assert settlements(m) == [("town", (5, 5), "red"), ("town", (12, 12), None)]


def test_r13_the_overall_poorest_without_an_adjacent_ring_does_not_matter():
    dragons = {"red": {"at": RED_AT, "coins": 6, "rings": 9},
               "blue": {"at": BLUE_AT, "coins": 4, "rings": 9},
               "white": {"at": (16, 8), "coins": 0, "rings": 9}}
    m, _ = populate([(5, 5), (12, 12), (2, 12)], dragons=dragons,
                    gambles=[((4, 4), "red"), ((6, 6), "blue"), ((9, 9), "white")])
    finished_cleanly(m)
    assert ("town", (5, 5), "blue") in settlements(m)
    assert gambles(m) == [((4, 4), "red"), ((9, 9), "white")]


def test_r13_among_one_dragons_rings_the_first_by_row_then_column():
    dragons = two_dragons(blue={"rings": 7})
    m, ev = populate([(5, 5), (12, 12)], dragons=dragons,
                     gambles=[((4, 5), "blue"), ((6, 4), "blue"), ((4, 6), "blue")])
    finished_cleanly(m)
    assert settlements(m) == [("town", (5, 5), "blue"), ("town", (12, 12), None)]
    assert gambles(m) == [((4, 5), "blue"), ((4, 6), "blue")]
    claim = [e for e in ev if e["type"] == "claim"]
    assert claim[0]["from"] == [6, 4]
    assert m.snapshot()["dragons"]["blue"]["rings_in_supply"] == 7


def test_r13_among_one_dragons_rings_same_row_lowest_column():
    dragons = two_dragons(blue={"rings": 8})
    m, _ = populate([(5, 5), (12, 12)], dragons=dragons,
                    gambles=[((6, 4), "blue"), ((4, 4), "blue")])
    finished_cleanly(m)
    assert gambles(m) == [((6, 4), "blue")]


def test_r13_gamble_claims_a_new_city_step3():
    dragons = two_dragons(red={"rings": 9})
    m, _ = populate([(6, 6), (12, 12)], dragons=dragons,
                    settlements=[("town", (5, 5), None)], gambles=[((7, 7), "red")])
    finished_cleanly(m)
    assert settlements(m) == [("town", (5, 5), None), ("city", (6, 6), "red"),
                              ("town", (12, 12), None)]
    assert gambles(m) == []


@pytest.mark.parametrize("kind, becomes", [("town", "city"), ("ruin", "town")])
def test_r13_no_gamble_claim_on_steps_1_and_2(kind, becomes):
    dragons = two_dragons(red={"rings": 8})
    m, _ = populate([(5, 5), (12, 12)], dragons=dragons,
                    settlements=[(kind, (5, 5), None)],
                    gambles=[((5, 6), "red"), ((4, 4), "red")])
    finished_cleanly(m)
    assert settlements(m) == [(becomes, (5, 5), None), ("town", (12, 12), None)]
    assert gambles(m) == [((4, 4), "red"), ((5, 6), "red")]


def test_r13_each_new_settlement_takes_one_ring_the_rest_stay():
    # Two new towns in one phase, each beside a different ring of Red.
    dragons = two_dragons(red={"rings": 8})
    m, _ = populate([(5, 5), (12, 12)], dragons=dragons,
                    gambles=[((4, 5), "red"), ((12, 13), "red")])
    finished_cleanly(m)
    assert settlements(m) == [("town", (5, 5), "red"), ("town", (12, 12), "red")]
    assert gambles(m) == []
    assert m.snapshot()["dragons"]["red"]["rings_in_supply"] == 8


# =========================================================================== R14
@pytest.mark.parametrize("face", range(1, 15))
def test_r14_d20_1_to_14_names_the_place(face):
    m, ev = populate([(2, 2), (12, 2)], place=[face] + faces((9, 13)))
    finished_cleanly(m)
    assert places(m) == [(PLACE_ROLLS[face - 1], (9, 13), None)]
    assert rolls(ev, "place_of_power") == [face]
    assert {"type": "place_placed", "place": PLACE_ROLLS[face - 1], "at": [9, 13]} in ev


def test_r14_a_place_already_on_the_board_is_rerolled():
    m, ev = populate([(2, 2), (12, 2)], places=[("soul_mine", (12, 12), None)],
                     place=[11, 2] + faces((9, 6)))
    finished_cleanly(m)
    assert places(m) == [("angelstar_shrine", (9, 6), None), ("soul_mine", (12, 12), None)]
    assert rolls(ev, "place_of_power") == [11, 2]


def test_r14_rerolls_repeat_until_a_place_in_supply_comes_up():
    m, ev = populate([(2, 2), (12, 2)],
                     places=[("soul_mine", (12, 12), None), ("angelstar_shrine", (6, 6), None)],
                     place=[11, 2, 11, 3] + faces((9, 9)))
    finished_cleanly(m)
    assert ("tower_of_faces", (9, 9), None) in places(m)
    assert rolls(ev, "place_of_power") == [11, 2, 11, 3]


@pytest.mark.parametrize("face", [15, 16, 17, 18, 19, 20])
def test_r14_15_to_20_the_poorest_dragon_chooses_from_the_supply(face):
    dragons = two_dragons(red={"coins": 5}, blue={"coins": 2})
    m, ev = populate([(2, 2), (12, 2)], dragons=dragons,
                     places=[("soul_mine", (12, 12), None), ("madhouse", (6, 6), None)],
                     place=[face] + faces((9, 9)))
    pending = m.pending
    assert pending.kind == "choose_place"
    assert pending.dragon == "blue"
    supply = [p for p in PLACE_ROLLS if p not in ("soul_mine", "madhouse")]
    assert m.legal_answers() == [{"choose": p} for p in supply]
    assert m.snapshot()["pending"]["dragon"] == "blue"
    assert rolls(ev, "place_of_power") == [face]
    m.submit({"choose": "citadel_of_torture"})
    finished_cleanly(m)
    assert ("citadel_of_torture", (9, 9), None) in places(m)
    assert len(places(m)) == 3


@pytest.mark.parametrize("choice", ["soul_mine", "dragon_lair", None, 3])
def test_r14_an_illegal_choice_is_refused_and_changes_nothing(choice):
    m, _ = populate([(2, 2), (12, 2)], places=[("soul_mine", (12, 12), None)],
                    place=[17] + faces((9, 9)))
    assert m.pending.kind == "choose_place"
    before = m.snapshot()
    events = len(m.events)
    with pytest.raises(IllegalAnswer):
        m.submit({"choose": choice})
    assert m.snapshot() == before
    assert len(m.events) == events
    m.submit({"choose": "blade_miller"})
    finished_cleanly(m)
    assert ("blade_miller", (9, 9), None) in places(m)


@pytest.mark.parametrize("red, blue, chooser", [
    ({"coins": 2, "rings": 9}, {"coins": 2, "rings": 10}, "blue"),   # coins tie -> rings
    ({"coins": 2, "rings": 10}, {"coins": 2, "rings": 10}, "red"),   # full tie -> seat 0
    ({"coins": 3, "rings": 10}, {"coins": 2, "rings": 1}, "blue"),   # coins first
    ({"coins": 0, "rings": 2}, {"coins": 1, "rings": 10}, "red"),
])
def test_r14_chooser_ties_as_r13(red, blue, chooser):
    m, _ = populate([(2, 2), (12, 2)], dragons=two_dragons(red=red, blue=blue),
                    place=[15] + faces((9, 9)))
    assert m.pending.kind == "choose_place"
    assert m.pending.dragon == chooser
    assert len(m.legal_answers()) == 14


@pytest.mark.parametrize("rolled, expected", [
    ((19, 19), (18, 18)),
    ((19, 4), (18, 4)),
    ((4, 19), (4, 18)),
    ((18, 18), (18, 18)),
    ((0, 0), (0, 0)),
])
def test_r14_location_shifted_inward_at_the_edge(rolled, expected):
    m, _ = populate([(2, 2), (12, 2)], place=[3] + faces(rolled), chest_rolls=((10, 10),))
    finished_cleanly(m)
    assert places(m) == [("tower_of_faces", expected, None)]


BLOCKERS = {
    "town": dict(settlements=[("town", (10, 10), None)]),
    "dragon": dict(dragons=two_dragons(blue={"at": (10, 10)})),
    "cavern": dict(dragons=two_dragons(red={"cavern": (10, 10)})),
    "place": dict(places=[("soul_mine", (10, 10), None)]),
    "chest": dict(chest=(10, 10)),
    "blocked": dict(board=BoardSpec(blocked=frozenset({(10, 10)}))),
}


@pytest.mark.parametrize("blocker", list(BLOCKERS))
def test_r14_occupied_or_blocked_footprint_is_rerolled(blocker):
    # The first roll's footprint (9,9)-(10,10) covers (10,10); the second is free.
    kw = BLOCKERS[blocker]
    m, ev = populate([(2, 2), (12, 2)], place=[9] + faces((9, 9), (13, 13)),
                     chest_rolls=((3, 16),), **kw)
    finished_cleanly(m)
    assert ("madhouse", (13, 13), None) in places(m)
    assert rolls(ev, "place_location_col") == [10, 14]


def test_r14_shifted_footprint_is_checked_after_the_shift():
    # Rolled (19,10) shifts to (18,10), whose footprint holds the town at (18,11).
    m, ev = populate([(2, 2), (12, 2)], settlements=[("town", (18, 11), None)],
                     place=[9] + faces((19, 10), (13, 13)))
    finished_cleanly(m)
    assert ("madhouse", (13, 13), None) in places(m)


def test_r14_after_50_failed_location_tries_no_place_this_round():
    # Every try names Red's top-left; the 51st pair of dice belongs to the chest.
    m, ev = populate([(2, 2), (12, 2)], place=[4] + faces(RED_AT) * 50,
                     chest_rolls=((12, 14),))
    finished_cleanly(m)
    assert places(m) == []
    assert len(rolls(ev, "place_location_col")) == 50
    assert len(rolls(ev, "place_location_row")) == 50
    assert {"type": "place_not_placed", "place": "tower_of_unquenched_flame"} in ev
    assert m.snapshot()["chest"]["at"] == [12, 14]


def test_r14_place_placed_on_the_50th_try():
    m, ev = populate([(2, 2), (12, 2)], place=[4] + faces(RED_AT) * 49 + faces((9, 9)))
    finished_cleanly(m)
    assert places(m) == [("tower_of_unquenched_flame", (9, 9), None)]


def test_r14_no_roll_when_all_fourteen_places_are_on_the_board():
    spots = [(c, r) for r in (6, 9, 12) for c in (0, 3, 6, 9, 12)][:14]
    on_board = [(name, at, None) for name, at in zip(PLACE_ROLLS, spots, strict=True)]
    m, ev = populate([(2, 2), (12, 2)], places=on_board, place=[])
    finished_cleanly(m)
    assert rolls(ev, "place") == []
    assert m.snapshot()["chest"]["at"] == list(CHEST_TO)
    assert len(places(m)) == 14


def test_r14_last_place_in_supply_is_rolled_for_on_1_to_14():
    spots = [(c, r) for r in (6, 9, 12) for c in (0, 3, 6, 9, 12)][:13]
    on_board = [(name, at, None) for name, at in zip(PLACE_ROLLS[1:], spots, strict=True)]
    m, ev = populate([(2, 2), (12, 2)], places=on_board,
                     place=[5, 9, 14, 1] + faces((16, 14)))
    finished_cleanly(m)
    assert rolls(ev, "place_of_power") == [5, 9, 14, 1]
    assert ("baba_yagas_hut", (16, 14), None) in places(m)


# =========================================================================== R15
def test_r15_chest_moves_to_the_rolled_cell():
    m, ev = populate([(2, 2), (12, 2)], chest_rolls=((7, 8),))
    finished_cleanly(m)
    assert m.snapshot()["chest"] == {"at": [7, 8], "coins": 0}
    moved = [e for e in ev if e["type"] == "chest_moved"]
    assert len(moved) == 1 and moved[0]["at"] == [7, 8]


def _populate_with_chest_at(start, *, chest_rolls, **kw):
    dragons = kw.pop("dragons", None) or two_dragons()
    order = list(dragons)
    dice = faces((2, 2), (12, 2)) + DEFAULT_PLACE + faces(*chest_rolls)
    m = scenario(dragons, order=order, turn=order[-1], dice=dice, chest=start,
                 chest_coins=5, **kw)
    return m, phase_events(m.submit({"do": "end_turn"}))


def test_r15_chest_leaves_its_cell_and_keeps_its_coins():
    m, ev = _populate_with_chest_at((3, 3), chest_rolls=((7, 8),))
    finished_cleanly(m)
    assert m.snapshot()["chest"] == {"at": [7, 8], "coins": 5}
    moved = [e for e in ev if e["type"] == "chest_moved"]
    assert moved[0]["from"] == [3, 3] and moved[0]["at"] == [7, 8]


CHEST_BLOCKERS = {
    "town": dict(settlements=[("town", (10, 10), None)]),
    "dragon": dict(dragons=two_dragons(blue={"at": (9, 9)})),
    "cavern": dict(dragons=two_dragons(red={"cavern": (10, 10)})),
    "place": dict(places=[("soul_mine", (9, 9), None)]),
    "blocked": dict(board=BoardSpec(blocked=frozenset({(10, 10)}))),
    "new_town": dict(),   # the town placed by this phase's own settlement roll
}


@pytest.mark.parametrize("blocker", list(CHEST_BLOCKERS))
def test_r15_occupied_or_blocked_cell_is_rerolled(blocker):
    kw = dict(CHEST_BLOCKERS[blocker])
    settle = [(2, 2), (10, 10)] if blocker == "new_town" else [(2, 2), (12, 2)]
    dragons = kw.pop("dragons", None) or two_dragons()
    order = list(dragons)
    dice = faces(*settle) + DEFAULT_PLACE + faces((10, 10), (11, 12))
    m = scenario(dragons, order=order, turn=order[-1], dice=dice, chest=(3, 3), **kw)
    ev = phase_events(m.submit({"do": "end_turn"}))
    finished_cleanly(m)
    assert m.snapshot()["chest"]["at"] == [11, 12]
    assert rolls(ev, "chest_col") == [11, 12]


def test_r15_chest_cannot_land_on_the_new_place_of_power():
    m, ev = populate([(2, 2), (12, 2)], place=[1] + faces((9, 9)),
                     chest_rolls=((10, 10), (11, 12)))
    finished_cleanly(m)
    assert m.snapshot()["chest"]["at"] == [11, 12]


def test_r15_its_own_current_cell_counts_as_free():
    m, ev = _populate_with_chest_at((7, 7), chest_rolls=((7, 7),))
    finished_cleanly(m)
    assert m.snapshot()["chest"] == {"at": [7, 7], "coins": 5}
    assert rolls(ev, "chest_col") == [8]
    assert rolls(ev, "chest_row") == [8]


def test_populate_order_settlements_then_place_then_chest():
    m, ev = populate([(2, 2), (12, 2)])
    finished_cleanly(m)
    purposes = [e["purpose"] for e in ev if e["type"] == "roll"]
    assert purposes == (["settlement_col", "settlement_row"] * 2
                        + ["place_of_power", "place_location_col", "place_location_row"]
                        + ["chest_col", "chest_row"])


def test_r3_r14_small_board_uses_dn_and_shifts_inward():
    board = BoardSpec.plain(12, 16)
    dragons = {"red": {"at": (8, 0), "cavern": (0, 15)}, "blue": {"at": (8, 3),
                                                                 "cavern": (2, 15)}}
    dice = faces((1, 1), (4, 1)) + [6] + faces((11, 15)) + faces((5, 9))
    m = scenario(dragons, order=["red", "blue"], turn="blue", dice=dice, board=board)
    ev = phase_events(m.submit({"do": "end_turn"}))
    finished_cleanly(m)
    dies = [(e["purpose"], e["die"]) for e in ev if e["type"] == "roll"]
    assert dies == ([("settlement_col", 12), ("settlement_row", 16)] * 2
                    + [("place_of_power", 20), ("place_location_col", 12),
                       ("place_location_row", 16), ("chest_col", 12), ("chest_row", 16)])
    assert places(m) == [("arch_of_triumph", (10, 14), None)]
    assert m.snapshot()["chest"]["at"] == [5, 9]


def test_r14_a_restored_choose_place_decision_continues_identically():
    m, _ = populate([(2, 2), (12, 2)], place=[18] + faces((9, 9)))
    assert m.pending.kind == "choose_place"
    m2 = Match.restore(m.snapshot())
    assert m2.pending == m.pending
    assert m2.legal_answers() == m.legal_answers()
    m.submit({"choose": "soulwash_temple"})
    m2.submit({"choose": "soulwash_temple"})
    assert m2.snapshot() == m.snapshot()
    assert ("soulwash_temple", (9, 9), None) in places(m2)

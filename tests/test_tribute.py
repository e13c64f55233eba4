"""Tribute phase (R31, R32): one d20 per dragon with claims, the Tribute chart, the
adjacent row, Copper and Gold bonuses, losing a claim on 0-4, treasure tokens.

The tested dragon stands at (10,10) (footprint (10..11, 10..11)); its non-adjacent claim
is at (3,3), its adjacent one at (12,10) (a place there covers (12..13, 10..11), also
adjacent). Blue, at (16,3), claims nothing unless a test says so. Order is Blue then the
tested dragon; the tested dragon ends its turn, which ends the action phase. Dice: the
tribute d20(s), each earned token's d3, then the next round's populate dice.
"""

from __future__ import annotations

import pytest

from game.decisions import IllegalAnswer
from game.match import Match
from tests.helpers import phase_events as helpers_phase_events
from tests.helpers import scenario

AT = (10, 10)
FAR = (3, 3)
NEAR = (12, 10)
RINGS = {"copper": 7}
NEXT_ROUND = [7, 17, 10, 17, 1, 13, 16, 18, 18]  # towns (6,16) (9,16), hut (12,15), chest


def chart(face: int, kind: str):
    """The rule book's Tribute chart: None for 'lose a claim', else (coins, tokens)."""
    if face <= 4:
        return None
    if face <= 8:
        return (0, 0)
    if face <= 15:
        return {"town": (1, 0), "city": (2, 0), "ruin": (0, 0), "place": (1, 0)}[kind]
    if face <= 19:
        return {"town": (2, 0), "city": (4, 0), "ruin": (1, 0), "place": (0, 1)}[kind]
    return {"town": (3, 0), "city": (5, 0), "ruin": (2, 0), "place": (0, 2)}[kind]


ADJACENT = {"town": 1, "city": 2, "ruin": 0, "place": 1}


def claim_at(kind: str, at, owner: str) -> dict:
    if kind == "place":
        return {"places": [("blade_miller", at, owner)]}
    return {"settlements": [(kind, at, owner)]}


def tribute(dice, *, dragon="red", settlements=(), places=(), gambles=(), coins=0,
            treasure=(), blue=None, options=None):
    settlements, places, gambles = list(settlements), list(places), list(gambles)
    on_board = sum(1 for *_, o in settlements + places + gambles if o == dragon)
    dragons = {
        "blue": {"at": (16, 3), **(blue or {})},
        dragon: {"at": AT, "coins": coins, "treasure": list(treasure),
                 "rings": RINGS.get(dragon, 10) - on_board},
    }
    if "rings" not in (blue or {}):
        dragons["blue"]["rings"] = 10 - sum(1 for *_, o in settlements + places + gambles
                                            if o == "blue")
    m = scenario(dragons, order=["blue", dragon], turn=dragon, settlements=settlements,
                 places=places, gambles=gambles, dice=list(dice) + NEXT_ROUND,
                 options=options)
    events = m.submit({"do": "end_turn"})
    return m, tribute_events(events)


def tribute_events(events) -> list[dict]:
    return helpers_phase_events(events, "tribute")


def finished_cleanly(m) -> None:
    assert m.dice.script == [], "every scripted die is used"
    assert m.pending.kind == "action"


def dragon(m, name="red") -> dict:
    return m.snapshot()["dragons"][name]


def claim_of(m, at) -> str | None:
    snap = m.snapshot()
    for item in snap["settlements"] + snap["places"]:
        if tuple(item["at"]) == tuple(at):
            return item["claim"]
    raise AssertionError(f"nothing at {at}")


def tribute_coins(events, name="red") -> list[int]:
    out = []
    for e in events:
        if e["type"] == "coins":
            assert (e["from"], e["to"], e["reason"]) == ("bank", name, "tribute")
            out.append(e["amount"])
    return out


def tribute_rolls(events) -> list[tuple[str, int]]:
    return [(e["dragon"], e["face"]) for e in events
            if e["type"] == "roll" and e["purpose"] == "tribute"]


# =========================================================================== the chart
@pytest.mark.parametrize("face", range(1, 21))
@pytest.mark.parametrize("kind", ["town", "city", "ruin", "place"])
def test_r31_tribute_chart_non_adjacent(kind, face):
    expected = chart(face, kind)
    tokens = expected[1] if expected else 0
    token_dice = [2, 3][:tokens]
    m, ev = tribute([face] + token_dice, **claim_at(kind, FAR, "red"))
    finished_cleanly(m)
    assert tribute_rolls(ev) == [("red", face)]
    if expected is None:
        # 0-4: the only (non-adjacent) claim is lost automatically; its ring returns.
        assert claim_of(m, FAR) is None
        assert dragon(m)["rings_in_supply"] == 10
        assert dragon(m)["coins"] == 0
        assert tribute_coins(ev) == []
        assert [(e["type"], e["dragon"], e["at"]) for e in ev if e["type"] == "unclaim"] == [
            ("unclaim", "red", list(FAR))]
        return
    coins, _ = expected
    assert claim_of(m, FAR) == "red"
    assert dragon(m)["rings_in_supply"] == 9
    assert dragon(m)["coins"] == coins
    assert tribute_coins(ev) == ([coins] if coins else [])
    assert dragon(m)["treasure"] == token_dice
    assert [e["value"] for e in ev if e["type"] == "treasure"] == token_dice
    assert [e["die"] for e in ev if e["type"] == "roll" and e["purpose"] == "treasure"] == [
        3] * tokens
    assert not [e for e in ev if e["type"] == "unclaim"]


@pytest.mark.parametrize("face", [1, 2, 4, 5, 8, 9, 15, 16, 19, 20])
@pytest.mark.parametrize("kind", ["town", "city", "ruin", "place"])
def test_r31_adjacent_claim_scores_the_adjacent_row_whatever_the_roll(kind, face):
    m, ev = tribute([face], **claim_at(kind, NEAR, "red"))
    finished_cleanly(m)
    assert tribute_rolls(ev) == [("red", face)]
    assert dragon(m)["coins"] == ADJACENT[kind]
    assert dragon(m)["treasure"] == []
    assert tribute_coins(ev) == ([ADJACENT[kind]] if ADJACENT[kind] else [])
    assert claim_of(m, NEAR) == "red"  # all claims adjacent: nothing is lost on 0-4
    assert dragon(m)["rings_in_supply"] == 9
    assert not [e for e in ev if e["type"] == "unclaim"]


def test_r31_one_roll_scores_every_claim():
    m, ev = tribute(
        [20, 1, 3],
        settlements=[("town", (3, 3), "red"), ("city", (5, 3), "red"), ("ruin", (7, 3), "red"),
                     ("city", (12, 11), "red")],
        places=[("blade_miller", (3, 6), "red")])
    finished_cleanly(m)
    assert tribute_rolls(ev) == [("red", 20)]
    assert dragon(m)["coins"] == 3 + 5 + 2 + 2
    assert dragon(m)["treasure"] == [1, 3]
    assert sorted(tribute_coins(ev)) == [2, 2, 3, 5]
    total = [e for e in ev if e["type"] == "tribute"]
    assert len(total) == 1 and total[0]["coins"] == 12 and total[0]["treasure"] == 4


def test_r31_mixed_adjacent_and_non_adjacent_on_a_middle_roll():
    m, ev = tribute([16, 2], settlements=[("town", (3, 3), "red"), ("city", NEAR, "red")],
                    places=[("blade_miller", (3, 6), "red")])
    finished_cleanly(m)
    # town 16-19: 2; adjacent city: 2 (not 4); place 16-19: 1 token, no coin.
    assert dragon(m)["coins"] == 4
    assert dragon(m)["treasure"] == [2]


def test_r31_tribute_claim_events_mark_adjacent():
    m, ev = tribute([9], settlements=[("town", FAR, "red"), ("city", NEAR, "red")])
    claims = [(e["at"], e["piece"], e["adjacent"], e["coins"]) for e in ev
              if e["type"] == "tribute_claim"]
    assert sorted(claims) == sorted([([3, 3], "town", False, 1), ([12, 10], "city", True, 2)])


def test_r31_gamble_rings_never_score():
    m, ev = tribute([20], settlements=[("town", FAR, "red")], gambles=[((12, 10), "red")])
    finished_cleanly(m)
    assert dragon(m)["coins"] == 3
    assert m.snapshot()["gambles"] == [{"at": [12, 10], "owner": "red"}]


# =========================================================================== Copper, Gold
@pytest.mark.parametrize("face, at, coins", [
    (5, FAR, 0), (8, FAR, 0), (9, FAR, 2), (15, FAR, 2), (16, FAR, 4), (19, FAR, 4),
    (20, FAR, 6), (1, NEAR, 2), (12, NEAR, 2), (20, NEAR, 2),
])
def test_r31_copper_doubles_town_coins_including_adjacent(face, at, coins):
    m, ev = tribute([face], dragon="copper", settlements=[("town", at, "copper")])
    finished_cleanly(m)
    assert dragon(m, "copper")["coins"] == coins
    assert tribute_coins(ev, "copper") == ([coins] if coins else [])


@pytest.mark.parametrize("kind, face, coins", [
    ("city", 9, 2), ("city", 16, 4), ("ruin", 20, 2), ("place", 9, 1),
])
def test_r31_copper_does_not_double_other_claims(kind, face, coins):
    m, _ = tribute([face], dragon="copper", **claim_at(kind, FAR, "copper"))
    finished_cleanly(m)
    assert dragon(m, "copper")["coins"] == coins


def test_r31_copper_town_and_city_on_one_roll():
    m, _ = tribute([16], dragon="copper",
                   settlements=[("town", (3, 3), "copper"), ("city", (5, 3), "copper"),
                                ("town", NEAR, "copper")])
    finished_cleanly(m)
    assert dragon(m, "copper")["coins"] == 4 + 4 + 2


@pytest.mark.parametrize("face, at, coins", [
    (5, FAR, 0), (8, FAR, 0), (9, FAR, 3), (15, FAR, 3), (16, FAR, 5), (20, FAR, 6),
    (2, NEAR, 3), (6, NEAR, 3), (20, NEAR, 3),
])
def test_r31_gold_adds_one_to_each_city_that_paid(face, at, coins):
    m, ev = tribute([face], dragon="gold", settlements=[("city", at, "gold")])
    finished_cleanly(m)
    assert dragon(m, "gold")["coins"] == coins
    assert tribute_coins(ev, "gold") == ([coins] if coins else [])


@pytest.mark.parametrize("kind, face, coins", [
    ("town", 9, 1), ("town", 20, 3), ("ruin", 16, 1), ("ruin", 9, 0), ("place", 12, 1),
])
def test_r31_gold_bonus_is_for_cities_only(kind, face, coins):
    m, _ = tribute([face], dragon="gold", **claim_at(kind, FAR, "gold"))
    finished_cleanly(m)
    assert dragon(m, "gold")["coins"] == coins


def test_r31_gold_bonus_on_each_city():
    m, _ = tribute([9], dragon="gold",
                   settlements=[("city", (3, 3), "gold"), ("city", (5, 3), "gold"),
                                ("town", (7, 3), "gold")])
    finished_cleanly(m)
    assert dragon(m, "gold")["coins"] == 3 + 3 + 1


def test_r31_gold_adjacent_city_paid_on_a_losing_roll_non_adjacent_paid_nothing():
    # Roll 6: the far city pays 0 (no bonus); the adjacent city pays 2 + 1.
    m, _ = tribute([6], dragon="gold",
                   settlements=[("city", FAR, "gold"), ("city", NEAR, "gold")])
    finished_cleanly(m)
    assert dragon(m, "gold")["coins"] == 3


# =========================================================================== 0-4: lose a claim
def lose_position(face=2):
    return tribute(
        [face],
        settlements=[("town", (3, 3), "red"), ("city", (5, 3), "red"), ("town", NEAR, "red")],
        places=[("blade_miller", (3, 6), "red")],
        gambles=[((7, 7), "red")])


def test_r31_low_roll_asks_which_non_adjacent_claim_or_gamble_to_lose():
    m, ev = lose_position(3)
    assert m.pending.kind == "lose_claim"
    assert m.pending.dragon == "red"
    assert m.snapshot()["phase"] == "tribute"
    legal = sorted(tuple(a["choose"]) for a in m.legal_answers())
    assert legal == [(3, 3), (3, 6), (5, 3), (7, 7)]
    assert sorted(tuple(c) for c in m.pending.context["choices"]) == legal
    # The adjacent town scored its adjacent row; nothing else scored.
    assert tribute_coins(ev) == [1]
    assert dragon(m)["coins"] == 1
    assert dragon(m)["rings_in_supply"] == 5


@pytest.mark.parametrize("choice", [(3, 3), (5, 3), (3, 6)])
def test_r31_the_chosen_claim_returns_to_supply(choice):
    m, _ = lose_position(4)
    events = m.submit({"choose": list(choice)})
    finished_cleanly(m)
    assert claim_of(m, choice) is None
    for other in {(3, 3), (5, 3), (3, 6), NEAR} - {choice}:
        assert claim_of(m, other) == "red"
    assert m.snapshot()["gambles"] == [{"at": [7, 7], "owner": "red"}]
    assert dragon(m)["rings_in_supply"] == 6
    assert [(e["dragon"], e["at"]) for e in events if e["type"] == "unclaim"] == [
        ("red", list(choice))]


def test_r31_a_gamble_ring_may_be_the_one_lost():
    m, _ = lose_position(1)
    m.submit({"choose": [7, 7]})
    finished_cleanly(m)
    assert m.snapshot()["gambles"] == []
    assert dragon(m)["rings_in_supply"] == 6
    for cell in [(3, 3), (5, 3), (3, 6), NEAR]:
        assert claim_of(m, cell) == "red"


@pytest.mark.parametrize("choice", [list(NEAR), [9, 9], [13, 10], "town", None])
def test_r31_an_illegal_loss_is_refused_and_changes_nothing(choice):
    m, _ = lose_position(2)
    before = m.snapshot()
    n = len(m.events)
    with pytest.raises(IllegalAnswer):
        m.submit({"choose": choice})
    assert m.snapshot() == before
    assert len(m.events) == n
    assert m.pending.kind == "lose_claim"


def test_r31_exactly_one_candidate_is_lost_automatically():
    m, ev = tribute([4], settlements=[("town", FAR, "red"), ("city", NEAR, "red")])
    finished_cleanly(m)  # no lose_claim decision
    assert claim_of(m, FAR) is None
    assert claim_of(m, NEAR) == "red"
    assert dragon(m)["rings_in_supply"] == 9
    assert dragon(m)["coins"] == 2


# A gamble ring may lie under a place of power (P3: the place landed on it). On a 0-4
# roll it is one of the things that may be lost (P5), and choosing it takes the ring,
# never the claim on the place above it: that claim stays when it is next to the dragon
# (R31), and is a choice of its own when it is not.
@pytest.mark.parametrize("ring", [NEAR, (13, 11)], ids=["top-left", "another cell"])
def test_p5_a_ring_under_an_adjacent_place_is_lost_not_the_place(ring):
    m, _ = tribute([3], settlements=[("town", FAR, "red")],
                   places=[("blade_miller", NEAR, "red")], gambles=[(ring, "red")])
    assert sorted(m.legal_answers(), key=str) == sorted(
        [{"choose": list(FAR)}, {"choose": list(ring), "ring": True}], key=str)
    m.submit({"choose": list(ring)})  # the cell alone is taken too: it names no claim
    finished_cleanly(m)
    assert claim_of(m, NEAR) == "red" and claim_of(m, FAR) == "red"
    assert m.snapshot()["gambles"] == []


def test_p4_a_ring_under_an_adjacent_place_as_the_only_choice_is_lost_at_once():
    m, _ = tribute([2], places=[("blade_miller", NEAR, "red")], gambles=[(NEAR, "red")])
    finished_cleanly(m)
    assert claim_of(m, NEAR) == "red" and m.snapshot()["gambles"] == []


@pytest.mark.parametrize("answer, place, ring", [
    ({"choose": list(FAR)}, None, [{"at": list(FAR), "owner": "red"}]),
    ({"choose": list(FAR), "ring": True}, "red", []),
])
def test_p5_a_ring_under_a_far_places_corner_is_chosen_with_ring(answer, place, ring):
    # the cell names the far place's claim; the ring under that same cell is its own
    # choice ("ring": true), so neither can be lost by mistake or never be offered
    m, _ = tribute([1], places=[("blade_miller", FAR, "red")], gambles=[(FAR, "red")])
    assert m.pending.kind == "lose_claim"  # two things may be lost: asked, not automatic
    Match.restore(m.snapshot()).close()  # a position the engine builds restores
    assert sorted(m.legal_answers(), key=str) == sorted(
        [{"choose": list(FAR)}, {"choose": list(FAR), "ring": True}], key=str)
    m.submit(answer)
    finished_cleanly(m)
    assert claim_of(m, FAR) == place and m.snapshot()["gambles"] == ring


@pytest.mark.parametrize("answer", [{"choose": [7, 7], "ring": True},
                                    {"choose": list(FAR), "ring": "yes"}])
def test_p5_ring_names_only_a_ring_under_a_claim_that_may_be_lost(answer):
    m, _ = tribute([1], places=[("blade_miller", FAR, "red")],
                   gambles=[(FAR, "red"), ((7, 7), "red")])
    before = m.snapshot()
    with pytest.raises(IllegalAnswer):
        m.submit(answer)
    assert m.snapshot() == before


def test_r31_all_claims_adjacent_nothing_is_lost():
    m, ev = tribute([1], settlements=[("town", NEAR, "red"), ("city", (9, 12), "red")],
                    places=[("blade_miller", (10, 8), "red")])
    finished_cleanly(m)
    assert claim_of(m, NEAR) == "red"
    assert claim_of(m, (9, 12)) == "red"
    assert claim_of(m, (10, 8)) == "red"
    assert dragon(m)["coins"] == 1 + 2 + 1
    assert not [e for e in ev if e["type"] == "unclaim"]


def test_r31_each_dragon_rolls_its_own_die_and_loses_only_its_own_claim():
    # Order Blue, Red: Blue's die 9 pays its town 1; Red's die 2 costs Red its only claim.
    m, ev = tribute([9, 2], settlements=[("town", FAR, "red"), ("town", (5, 5), "blue")])
    finished_cleanly(m)
    assert tribute_rolls(ev) == [("blue", 9), ("red", 2)]
    assert claim_of(m, (5, 5)) == "blue"
    assert claim_of(m, FAR) is None
    assert dragon(m, "blue")["coins"] == 1
    assert dragon(m, "red")["coins"] == 0


def test_r31_only_gamble_rings_do_not_roll():
    # Order Red, Blue: Red has only a gamble ring, so the first die is Blue's.
    dragons = {"red": {"at": AT, "rings": 9}, "blue": {"at": (16, 3), "rings": 9}}
    m = scenario(dragons, order=["red", "blue"], turn="blue",
                 settlements=[("town", FAR, "blue")], gambles=[((12, 10), "red")],
                 dice=[16] + NEXT_ROUND)
    ev = tribute_events(m.submit({"do": "end_turn"}))
    finished_cleanly(m)
    assert tribute_rolls(ev) == [("blue", 16)]
    assert dragon(m, "blue")["coins"] == 2
    assert [e["dragon"] for e in ev if e["type"] == "tribute"] == ["blue"]
    assert m.snapshot()["gambles"] == [{"at": [12, 10], "owner": "red"}]


def test_r31_a_dragon_with_no_rings_out_does_not_roll():
    dragons = {"red": {"at": AT}, "blue": {"at": (16, 3), "rings": 9}}
    m = scenario(dragons, order=["red", "blue"], turn="blue",
                 settlements=[("town", FAR, "blue"), ("town", (5, 5), None)],
                 dice=[9] + NEXT_ROUND)
    ev = tribute_events(m.submit({"do": "end_turn"}))
    finished_cleanly(m)
    assert tribute_rolls(ev) == [("blue", 9)]
    assert dragon(m, "blue")["coins"] == 1
    assert dragon(m, "red")["coins"] == 0


def test_r31_nobody_with_claims_nobody_rolls():
    dragons = {"red": {"at": AT}, "blue": {"at": (16, 3)}}
    m = scenario(dragons, order=["red", "blue"], turn="blue", dice=NEXT_ROUND)
    ev = tribute_events(m.submit({"do": "end_turn"}))
    finished_cleanly(m)
    assert tribute_rolls(ev) == []


def test_r31_claim_on_a_ruin_alone_still_rolls():
    m, ev = tribute([3], settlements=[("ruin", NEAR, "red")])
    finished_cleanly(m)
    assert tribute_rolls(ev) == [("red", 3)]
    assert claim_of(m, NEAR) == "red"
    assert dragon(m)["coins"] == 0


# =========================================================================== R32 tokens
def test_r32_token_values_are_d3_rolls_in_order_and_keep_old_tokens():
    m, ev = tribute([20, 3, 1], places=[("blade_miller", FAR, "red")], treasure=[2])
    finished_cleanly(m)
    assert dragon(m)["treasure"] == [2, 3, 1]
    assert dragon(m)["coins"] == 0


def test_r32_tokens_from_two_places_on_one_roll():
    m, _ = tribute([17, 2, 3], places=[("blade_miller", FAR, "red"),
                                       ("madhouse", (3, 6), "red")])
    finished_cleanly(m)
    assert sorted(dragon(m)["treasure"]) == [2, 3]
    assert dragon(m)["coins"] == 0


def test_r32_tokens_count_in_the_score_but_not_toward_the_target():
    # Red has 50 coins (the target) and earns two tokens: still not over the target.
    m, ev = tribute([20, 3, 3], places=[("blade_miller", FAR, "red")], coins=50)
    finished_cleanly(m)
    snap = m.snapshot()
    assert snap["finished"] is False
    assert snap["winner"] is None
    assert dragon(m)["coins"] == 50
    assert m.scores()["red"] == 56


# =========================================================================== flow
def test_r31_later_dragons_roll_after_the_loss_is_chosen():
    # Order Red, Blue: Red's 2 asks for a loss before Blue rolls; then Blue's 9 pays 1.
    dragons = {"red": {"at": AT, "rings": 8}, "blue": {"at": (16, 3), "rings": 9}}
    m = scenario(dragons, order=["red", "blue"], turn="blue",
                 settlements=[("town", (3, 3), "red"), ("city", (5, 3), "red"),
                              ("town", (5, 8), "blue")],
                 dice=[2, 9] + NEXT_ROUND)
    ev = tribute_events(m.submit({"do": "end_turn"}))
    assert m.pending.kind == "lose_claim" and m.pending.dragon == "red"
    assert tribute_rolls(ev) == [("red", 2)]
    snap = m.snapshot()
    assert snap["pending"]["dragon"] == "red" and snap["pending"]["kind"] == "lose_claim"
    ev = m.submit({"choose": [5, 3]})
    finished_cleanly(m)
    ev = ev[:[e["type"] for e in ev].index("round")]  # the rest of the tribute phase
    assert tribute_rolls(ev) == [("blue", 9)]
    assert dragon(m, "blue")["coins"] == 1
    assert claim_of(m, (5, 3)) is None
    assert claim_of(m, (3, 3)) == "red"


def test_r31_a_restored_lose_claim_decision_continues_identically():
    m, _ = lose_position(3)
    m2 = Match.restore(m.snapshot())
    assert m2.pending == m.pending
    assert m2.legal_answers() == m.legal_answers()
    m.submit({"choose": [3, 6]})
    m2.submit({"choose": [3, 6]})
    assert m2.snapshot() == m.snapshot()

"""End of game: target (R33), final score and ties (R33), round cap (R34), thief wins (R35).

The end check runs after the Tribute phase. Positions come from tests.helpers.scenario:
Red stands at (10,10), Blue at (16,3); order is Blue then Red and Red ends its turn, which
ends the action phase. Red's claims (if any): a town at (3,3) (not adjacent) or at
(12,10) (adjacent). Dice: the tribute d20s, then the next round's populate dice when the
game goes on.
"""

from __future__ import annotations

import pytest

from game.decisions import IllegalAnswer
from game.match import Match
from tests.helpers import scenario

FAR = (3, 3)
NEAR = (12, 10)
NEXT_ROUND = [7, 17, 10, 17, 1, 13, 16, 18, 18]  # towns (6,16) (9,16), hut (12,15), chest


def play(*, red=None, blue=None, settlements=(), dice=(), options=None, round=2,
         chest_coins=0, extra=None):
    dragons = {"blue": {"at": (16, 3), **(blue or {})}, "red": {"at": (10, 10), **(red or {})}}
    if extra:
        dragons = {**extra, **dragons}
    order = list(dragons)
    m = scenario(dragons, order=order, turn="red", settlements=list(settlements),
                 dice=list(dice), options=options, round=round, chest=(17, 5),
                 chest_coins=chest_coins)
    events = m.submit({"do": "end_turn"})
    return m, events


def game_over(events) -> list[dict]:
    return [e for e in events if e["type"] == "game_over"]


def assert_finished(m, winner) -> dict:
    snap = m.snapshot()
    assert snap["finished"] is True
    assert snap["phase"] == "finished"
    assert snap["winner"] == winner
    assert snap["pending"] is None
    assert m.pending is None
    assert m.legal_answers() == []
    return snap


def assert_going_on(m, round_) -> None:
    snap = m.snapshot()
    assert snap["finished"] is False
    assert snap["winner"] is None
    assert snap["phase"] == "action"
    assert snap["round"] == round_
    assert m.pending.kind == "action"
    assert m.dice.script == []


# =========================================================================== R33 target
def test_r33_coins_equal_to_the_target_do_not_end_the_game():
    m, events = play(red={"coins": 49, "rings": 9}, settlements=[("town", FAR, "red")],
                     dice=[9] + NEXT_ROUND)
    assert m.snapshot()["dragons"]["red"]["coins"] == 50
    assert_going_on(m, 3)
    assert game_over(events) == []


def test_r33_coins_over_the_target_end_the_game():
    m, events = play(red={"coins": 49, "rings": 9}, settlements=[("town", FAR, "red")],
                     dice=[16])
    assert m.dice.script == []
    snap = assert_finished(m, "red")
    assert snap["dragons"]["red"]["coins"] == 51
    over = game_over(events)
    assert len(over) == 1
    assert over[0]["winner"] == "red"
    assert over[0]["scores"] == {"blue": 0, "red": 51}
    assert not [e for e in events if e["type"] == "round"]  # no further round


@pytest.mark.parametrize("coins, ends", [(50, False), (51, True), (80, True)])
def test_r33_strictly_more_than_the_default_target(coins, ends):
    m, events = play(red={"coins": coins}, dice=[] if ends else NEXT_ROUND)
    if ends:
        assert_finished(m, "red")
    else:
        assert_going_on(m, 3)


@pytest.mark.parametrize("target, coins, ends", [
    (75, 75, False), (75, 76, True), (100, 100, False), (100, 101, True), (75, 51, False),
])
def test_r33_target_option(target, coins, ends):
    m, _ = play(red={"coins": coins}, options={"target": target},
                dice=[] if ends else NEXT_ROUND)
    if ends:
        assert_finished(m, "red")
    else:
        assert_going_on(m, 3)


def test_r33_blue_over_the_target_ends_it_too():
    m, _ = play(blue={"coins": 55}, red={"coins": 20})
    assert_finished(m, "blue")


def test_r33_treasure_does_not_count_toward_the_target():
    m, _ = play(red={"coins": 50, "treasure": [3, 3, 3]}, dice=NEXT_ROUND)
    assert_going_on(m, 3)
    assert m.scores()["red"] == 59


def test_r33_final_score_is_coins_plus_treasure():
    # Red crosses the target, but Blue's 49 coins + a 3 token make 52 > 51.
    m, events = play(red={"coins": 51}, blue={"coins": 49, "treasure": [3]})
    assert_finished(m, "blue")
    assert game_over(events)[0]["scores"] == {"blue": 52, "red": 51}
    assert m.scores() == {"blue": 52, "red": 51}


def test_r33_winner_with_tokens_of_its_own():
    m, events = play(red={"coins": 51, "treasure": [1, 2]}, blue={"coins": 50, "treasure": [3]})
    assert_finished(m, "red")
    assert game_over(events)[0]["scores"] == {"blue": 53, "red": 54}


def test_r33_tie_at_the_top_plays_one_more_round():
    # Red's adjacent town pays 1 whatever the roll: 50 -> 51, over the target. Blue has
    # 48 + 3 = 51 too: a tie, so round 3 is played; then Red reaches 52 and wins.
    m, events = play(red={"coins": 50, "rings": 9}, blue={"coins": 48, "treasure": [3]},
                     settlements=[("town", NEAR, "red")], dice=[10] + NEXT_ROUND + [10])
    ties = [e for e in events if e["type"] == "tie_extra_round"]
    assert len(ties) == 1
    assert sorted(ties[0]["leaders"]) == ["blue", "red"]
    assert game_over(events) == []
    snap = m.snapshot()
    assert snap["finished"] is False and snap["winner"] is None
    assert snap["round"] == 3 and snap["phase"] == "action"
    assert snap["order"] == ["blue", "red"]
    m.submit({"do": "end_turn"})
    events = m.submit({"do": "end_turn"})
    assert m.dice.script == []
    assert_finished(m, "red")
    assert game_over(events)[0]["round"] == 3
    assert m.scores() == {"blue": 51, "red": 52}


def test_r33_a_tie_below_the_top_does_not_matter():
    extra = {"white": {"at": (16, 8), "coins": 30}}
    m, _ = play(red={"coins": 30}, blue={"coins": 52}, extra=extra)
    assert_finished(m, "blue")


def test_r33_tie_three_ways_is_still_a_tie():
    extra = {"white": {"at": (16, 8), "coins": 49, "treasure": [2]}}
    # Three dragons: three settlement rolls, then the hut at (12,13) and the chest.
    dice = [7, 17, 10, 17, 13, 17, 1, 13, 14, 18, 18]
    m, events = play(red={"coins": 51}, blue={"coins": 51}, extra=extra, dice=dice)
    ties = [e for e in events if e["type"] == "tie_extra_round"]
    assert len(ties) == 1 and sorted(ties[0]["leaders"]) == ["blue", "red", "white"]
    assert m.snapshot()["finished"] is False
    assert m.dice.script == []


# =========================================================================== R34 round cap
def test_r34_round_cap_ends_with_the_highest_score():
    m, events = play(red={"coins": 10}, blue={"coins": 5}, options={"round_cap": 2})
    assert_finished(m, "red")
    assert game_over(events)[0]["round"] == 2


def test_r34_round_cap_counts_treasure():
    m, _ = play(red={"coins": 10}, blue={"coins": 8, "treasure": [3]}, options={"round_cap": 2})
    assert_finished(m, "blue")


def test_r34_tie_at_the_cap_is_a_shared_win():
    m, events = play(red={"coins": 10}, blue={"coins": 7, "treasure": [3]},
                     options={"round_cap": 2})
    snap = m.snapshot()
    assert isinstance(snap["winner"], list)
    assert sorted(snap["winner"]) == ["blue", "red"]
    assert snap["finished"] is True and snap["phase"] == "finished"
    assert not [e for e in events if e["type"] == "tie_extra_round"]


def test_r34_tie_over_the_target_at_the_cap_is_shared_not_extended():
    m, events = play(red={"coins": 51}, blue={"coins": 48, "treasure": [3]},
                     options={"round_cap": 2})
    assert sorted(m.snapshot()["winner"]) == ["blue", "red"]
    assert m.snapshot()["finished"] is True
    assert not [e for e in events if e["type"] == "tie_extra_round"]


def test_r34_before_the_cap_the_game_goes_on_then_ends_at_the_cap():
    m, _ = play(red={"coins": 10}, blue={"coins": 5}, options={"round_cap": 2}, round=1,
                dice=NEXT_ROUND)
    assert_going_on(m, 2)
    assert m.snapshot()["order"] == ["blue", "red"]
    m.submit({"do": "end_turn"})
    events = m.submit({"do": "end_turn"})
    assert_finished(m, "red")
    assert game_over(events)[0]["round"] == 2


def test_r34_default_cap_is_200():
    m, _ = play(red={"coins": 10}, round=199, dice=NEXT_ROUND)
    assert_going_on(m, 200)
    m2, _ = play(red={"coins": 10}, round=200)
    assert_finished(m2, "red")


# =========================================================================== R35 thief
def test_r35_thief_wins_when_the_chest_is_over_the_target_first():
    m, events = play(red={"coins": 40}, options={"thief_wins": True}, chest_coins=51)
    assert_finished(m, "thief")
    assert game_over(events)[0]["winner"] == "thief"


def test_r35_chest_equal_to_the_target_is_not_enough():
    m, _ = play(red={"coins": 40}, options={"thief_wins": True}, chest_coins=50,
                dice=NEXT_ROUND)
    assert_going_on(m, 3)


def test_r35_thief_cannot_win_when_the_option_is_off():
    m, _ = play(red={"coins": 40}, chest_coins=90, dice=NEXT_ROUND)
    assert_going_on(m, 3)


def test_r35_thief_over_a_higher_target():
    m, _ = play(options={"thief_wins": True, "target": 75}, chest_coins=60, dice=NEXT_ROUND)
    assert_going_on(m, 3)
    m2, _ = play(options={"thief_wins": True, "target": 75}, chest_coins=76)
    assert_finished(m2, "thief")


# =========================================================================== finished state
def test_finished_game_refuses_answers():
    m, _ = play(red={"coins": 60})
    assert_finished(m, "red")
    with pytest.raises(IllegalAnswer):
        m.submit({"do": "end_turn"})


def test_finished_state_document_restores_finished():
    m, _ = play(red={"coins": 51}, blue={"coins": 48, "treasure": [3]},
                options={"round_cap": 2})
    doc = m.snapshot()
    m2 = Match.restore(doc)
    assert m2.pending is None
    snap = m2.snapshot()
    assert snap["finished"] is True and snap["phase"] == "finished"
    assert sorted(snap["winner"]) == ["blue", "red"]

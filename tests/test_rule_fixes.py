"""Issue 19's rule cases: Citadel of Torture is a once-a-round Power (R37.13, R36, P17),
Leader cancels the claim of a settlement only (R38, P24), the treasure d3 is not a die
anyone modifies (R32, P25), an answer of the wrong kind says what was expected, and an
attempt that can yield nothing is legal (P43: Robber against 0 coins, P10's empty cavern).
"""

from __future__ import annotations

import pytest

from game.decisions import IllegalAnswer
from game.match import Match
from tests.helpers import coins, kinds, pending, refused, rolls_of, scenario

RED_AT = (5, 5)
NEXT = (7, 5)
FAR = (15, 15)
AWAY = (12, 1)


def citadel(rings=9, **kw):
    return scenario({"red": dict(at=RED_AT, rings=rings), "blue": dict(at=FAR, rings=9)},
                    settlements=[("town", (7, 5), None), ("ruin", (4, 4), None),
                                 ("town", (7, 4), None), ("city", (4, 6), None)],
                    places=[("citadel_of_torture", AWAY, "red")], **kw)


def pairs(m):
    return [a for a in m.legal_answers() if "also" in a]


# ----- Citadel of Torture: a Power, once per round (R37.13, R36, P17) ---------------------
def test_citadel_double_claim_is_once_per_round_and_listed_in_powers_used():
    m = citadel()
    assert pairs(m)
    events = m.submit({"do": "claim", "at": [7, 5], "also": [4, 4]})
    (power,) = kinds(events, "power")
    assert power["place"] == "citadel_of_torture" and power["use"] == "claim"
    assert "citadel_of_torture" in m.snapshot()["powers_used"]
    assert pairs(m) == []  # the second pair is not offered ...
    refused(m, {"do": "claim", "at": [7, 4], "also": [4, 6]},  # ... and refused plainly
            "citadel of torture's power has already been used this round")
    m.submit({"do": "claim", "at": [7, 4]})  # a single Claim still works
    assert m.snapshot()["dragons"]["red"]["rings_in_supply"] == 6


def test_citadel_power_comes_back_next_round_and_survives_restore():
    m = citadel()
    m.submit({"do": "claim", "at": [7, 5], "also": [4, 4]})
    doc = m.snapshot()

    again = Match.restore(doc)
    assert pairs(again) == [] and "citadel_of_torture" in again.snapshot()["powers_used"]
    fresh = citadel()  # a new round's state: nothing used
    assert fresh.snapshot()["powers_used"] == [] and pairs(fresh)


def test_citadel_spent_even_when_leader_cancels_the_double_claim():
    m = scenario({"red": dict(at=RED_AT, rings=9), "blue": dict(at=FAR, rings=9),
                  "green": dict(at=(1, 15), card="leader")},
                 settlements=[("town", (7, 5), None), ("ruin", (4, 4), None),
                              ("town", (7, 4), None)],
                 places=[("citadel_of_torture", AWAY, "red")])
    m.submit({"do": "claim", "at": [7, 5], "also": [4, 4]})
    assert pending(m) == ("green", "react")
    m.submit({"react": "leader"})
    assert "citadel_of_torture" in m.snapshot()["powers_used"]
    assert pairs(m) == [] and m.actions_left == 2


# ----- Leader: a settlement's claim only (R38, P24) ---------------------------------------
def leader_match(**kw):
    return scenario({"red": dict(at=RED_AT, rings=9), "blue": dict(at=FAR, rings=9),
                     "green": dict(at=(1, 15), card="leader")}, **kw)


@pytest.mark.parametrize("kind", ["town", "city", "ruin"])
def test_leader_cancels_the_claim_of_any_settlement(kind):
    m = leader_match(settlements=[(kind, NEXT, None)])
    m.submit({"do": "claim", "at": list(NEXT)})
    assert pending(m) == ("green", "react")
    assert {"react": "leader"} in m.legal_answers()


def test_leader_cannot_cancel_a_claim_of_a_place_of_power():
    m = leader_match(places=[("soul_mine", NEXT, None)])
    events = m.submit({"do": "claim", "at": list(NEXT)})
    assert pending(m) == ("red", "action")  # Green is not asked (R40: nothing usable)
    assert kinds(events, "claim")[0]["at"] == list(NEXT)
    assert m.snapshot()["dragons"]["green"]["card"] == "leader"


def test_leader_cannot_cancel_a_claim_settlement_of_a_place_of_power():
    m = leader_match(places=[("soul_mine", NEXT, "blue")], actions_left=3)
    events = m.submit({"do": "claim_settlement", "at": list(NEXT)})
    assert pending(m) == ("red", "action")
    assert [e["dragon"] for e in kinds(events, "claim")] == ["red"]


# ----- The treasure d3 (R32, P25) ---------------------------------------------------------
def test_treasure_d3_is_never_offered_to_trickster():
    """R32: the d3 stands for drawing a chit; Trickster may touch the destroy roll that
    earned it, but not the token's value."""
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR),
                  "green": dict(at=(1, 15), card="trickster")},
                 settlements=[("town", NEXT, None)], dice=[20, 2])
    m.submit({"do": "destroy", "at": list(NEXT)})
    assert pending(m) == ("green", "react")  # after the destroy roll
    events = m.submit({"pass": True})
    assert pending(m) == ("red", "action")  # the d3 opened no window
    (token,) = [e for e in rolls_of(events) if e["purpose"] == "treasure"]
    assert token["face"] == 2 and not token.get("mods")
    assert m.snapshot()["dragons"]["red"]["treasure"] == [2]


# ----- answers of the wrong kind ------------------------------------------------------------
def test_a_reaction_at_an_action_decision_says_what_was_expected():
    m = leader_match(settlements=[("town", NEXT, None)])
    with pytest.raises(IllegalAnswer) as info:
        m.submit({"react": "leader"})
    assert str(info.value) == (
        'this decision asks Red for an action; a reaction answer {"react": ...} does not '
        'fit: answer {"do": ...}, {"power": ...} or {"play": ...}')
    refused(m, {"pass": True}, 'a pass {"pass": ...} does not fit')
    refused(m, {}, "the answer {} does not fit", '{"do": ...}')
    refused(m, {"choose": [1, 1]}, "a choice answer", '{"do": ...}')


def test_an_action_at_a_reaction_decision_names_the_reactions():
    m = leader_match(settlements=[("town", NEXT, None)])
    m.submit({"do": "claim", "at": list(NEXT)})
    refused(m, {"do": "move", "to": [1, 1]}, '{"react": ...}', "leader", '{"pass": true}')


# ----- P43: an attempt that yields nothing is legal -----------------------------------------
def test_steal_from_an_empty_cavern_and_robber_against_no_coins_are_both_legal():
    m = scenario({"red": dict(at=RED_AT, card="robber"),
                  "blue": dict(at=FAR, coins=0, cavern=(7, 6))}, dice=[20])
    legal = m.legal_answers()
    assert {"do": "steal_cavern", "dragon": "blue"} in legal  # P10
    assert {"play": "robber", "dragon": "blue"} in legal  # P21, P43
    m.submit({"play": "robber", "dragon": "blue"})
    events = m.submit({"do": "steal_cavern", "dragon": "blue"})
    assert kinds(events, "coins") == [] and coins(m, "blue") == coins(m, "red") == 0


# ----- refusals that point the right way (a rules audit) ---------------------------------
def test_a_citadel_power_answer_says_it_is_used_with_a_two_settlement_claim():
    # it said "no power to use on a turn (only a standing control ability)", the
    # opposite of P17 (a Power, no control)
    refused(citadel(), {"power": "citadel_of_torture"}, '"do": "claim"', '"also"')
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)},
                 places=[("immortals_resting_place", AWAY, "red")])
    refused(m, {"power": "immortals_resting_place"}, "has no power to use on a turn")


def test_a_claim_reached_by_the_hut_on_anothers_town_does_not_advise_claim_settlement():
    # Baba Yaga's Hut reaches a Claim, never a Claim Settlement (P17): the refusal
    # advised one, which was then refused as not adjacent
    m = scenario({"red": dict(at=RED_AT, rings=9), "blue": dict(at=(9, 5), rings=9)},
                 settlements=[("town", (16, 12), "blue"), ("town", (16, 10), None)],
                 places=[("baba_yagas_hut", (14, 10), "red")])
    assert {"do": "claim", "at": [16, 10]} in m.legal_answers()  # the hut's reach
    refused(m, {"do": "claim", "at": [16, 12]}, "Blue already claims",
            "Claim Settlement needs Red next to it")


@pytest.mark.parametrize("answer", [{"do": "end_turn", "play": "vigor"},
                                    {"do": "move", "to": [4, 6], "power": "madhouse"}])
def test_an_answer_that_is_two_things_at_once_is_refused(answer):
    # the card or power was silently dropped and the action done
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)})
    refused(m, answer, "one of them")

"""Power cards (R11, R38, R40): the Draw phase, each card's effect and timing, refusals
outside its timing, the interactions the rule book invites, and hidden information.

Layout as in test_places: Red stands at (5, 5)-(6, 6) and acts first; Blue, when it is
the target, stands at NEXT = (7, 5), adjacent on Red's east side. Caverns default to
the bottom row. Dice are scripted.
"""

from __future__ import annotations

import pytest

from game.log import describe
from game.match import Match
from game.players import RandomPlayer, play_out
from game.seat_view import HIDDEN, determinize, seat_view, visible_events
from game.snapshot import StateError
from game.systems import powers, rolls
from game.systems.cards import turn_answers
from game.tables import CARDS, TURN_CARDS
from tests.helpers import coins, kinds, pending, refused, rolls_of, scenario, state_doc
from tests.test_random_games import crowded_start

RED_AT = (5, 5)
NEXT = (7, 5)
FAR = (15, 15)


def hand(m, name):
    return m.snapshot()["dragons"][name]["card"]


def played(m):
    return m.snapshot()["played"]


def card_events(events):
    return kinds(events, "card")


def same_after_restore(m, white_box: bool = False):
    """Snapshot -> restore -> the same game. A white-box position (populate_roll's frame
    over an action decision: no game reaches it, so the checked restore refuses it,
    game.flow_checks) takes the trusted restore."""
    doc = m.snapshot()
    twin = (Match.restore_trusted if white_box else Match.restore)(doc)
    assert twin.snapshot() == doc
    assert twin.legal_answers() == m.legal_answers()
    twin.close()


def plays(m, prefix="play"):
    return [a for a in m.legal_answers() if prefix in a]


def duel(red_card=None, blue_card=None, green_card=None, **kw):
    """Red at RED_AT, Blue adjacent at NEXT, Green far away; 5 coins each."""
    return scenario({"red": dict(at=RED_AT, coins=5, card=red_card),
                     "blue": dict(at=NEXT, coins=5, card=blue_card),
                     "green": dict(at=FAR, coins=5, card=green_card)}, **kw)


def to_tribute(m):
    while m.pending.kind == "action":
        m.submit({"do": "end_turn"})


def populate_roll(m, dice, step="settlement"):
    """A white-box Populate roll at the current point (the round's placement steps run
    the same frame): scripted dice, then the flow runs until someone is asked."""
    m.dice.script = list(dice)
    m.stack.append({"step": step, "k": 0} if step == "settlement" else {"step": step})
    m._advance()


# ===== the Draw phase (R11) ===============================================================


def test_draw_phase_shuffles_the_deck_and_deals_one_card_to_each_dragon():
    m = Match([None] * 8, seed=4)
    types = [e["type"] for e in m.events]
    draw = types.index("deck_shuffled")
    assert m.events[draw - 1] == {"type": "phase", "phase": "draw", "round": 1}
    dealt = kinds(m.events, "card_dealt")
    assert [e["dragon"] for e in dealt] == m.seat_names  # seat order
    assert all(e["private"] == e["dragon"] for e in dealt)
    doc = m.snapshot()
    held = [doc["dragons"][n]["card"] for n in m.seat_names]
    assert held == [e["card"] for e in dealt] and len(set(held)) == 8
    assert sorted(held + doc["deck"] + doc["played"]) == sorted(CARDS)
    assert len(doc["deck"]) == 12 and types.index("phase") < draw  # before Populate
    assert types[draw + 9:].index("phase") == 0  # Populate right after the deal
    # the same seed deals the same cards
    assert [e["card"] for e in kinds(Match([None] * 8, seed=4).events, "card_dealt")] == held


def test_every_card_returns_at_the_next_draw():
    m = duel(red_card="vigor", blue_card="watcher", order=["red", "blue", "green"])
    m.submit({"play": "vigor"})
    assert played(m) == ["vigor"] and hand(m, "red") is None
    while m.round == 2:
        m.submit({"do": "end_turn"} if m.pending.kind == "action" else {"pass": True})
    doc = m.snapshot()
    assert doc["played"] == [] and len(kinds(m.events, "card_dealt")) == 3
    held = [d["card"] for d in doc["dragons"].values()]
    assert None not in held and sorted(held + doc["deck"]) == sorted(CARDS)


def test_with_cards_off_there_is_no_draw_phase():
    m = Match(["red", "blue"], seed=4, options={"cards": False})
    assert not kinds(m.events, "card_dealt") and not kinds(m.events, "deck_shuffled")
    doc = m.snapshot()
    assert doc["deck"] == [] and all(d["card"] is None for d in doc["dragons"].values())
    assert {"play": "vigor"} not in m.legal_answers()
    refused(m, {"play": "vigor"}, "cards are off")


# ===== turn cards: on the holder's turn, no action spent (R38, P21) ======================


def test_vigor_adds_an_action_and_costs_none():
    m = duel(red_card="vigor", actions_left=1)
    assert {"play": "vigor"} in m.legal_answers()
    events = m.submit({"play": "vigor"})
    assert card_events(events) == [{"type": "card", "dragon": "red", "card": "vigor",
                                    "use": "turn", "answer": {"play": "vigor"}}]
    assert kinds(events, "extra_action")[0]["via"] == "vigor"
    assert m.actions_left == 2 and pending(m) == ("red", "action")
    assert hand(m, "red") is None and played(m) == ["vigor"]
    refused(m, {"play": "vigor"}, "red does not hold vigor")


def test_speedster_is_one_move_of_up_to_four_spaces():
    m = duel(red_card="speedster")
    moves = [a["to"] for a in plays(m)]
    assert [9, 9] in moves and [1, 1] in moves and [0, 5] not in moves  # 4, 4, 5 steps
    assert all(a["play"] == "speedster" for a in plays(m))
    refused(m, {"play": "speedster", "to": [0, 5]}, "at most 4 spaces")
    refused(m, {"do": "move", "to": [1, 1]}, "at most 3 spaces")  # a plain Move
    events = m.submit({"play": "speedster", "to": [1, 1]})
    assert [e["type"] for e in events][:3] == ["card", "action", "move"]
    assert kinds(events, "action")[0]["answer"] == {"do": "move", "to": [1, 1]}
    assert m.snapshot()["dragons"]["red"]["at"] == [1, 1] and m.actions_left == 2


def test_jumper_puts_the_dragon_beside_one_of_its_claims():
    m = duel(red_card="jumper", settlements=[("town", (15, 3), "red"), ("town", (2, 2), None),
                                             ("ruin", (17, 2), None)],
             places=[("soul_mine", (10, 12), "blue")])
    spots = sorted(a["to"] for a in plays(m))
    assert [16, 4] in spots and [13, 1] in spots and [14, 4] in spots
    assert [14, 2] not in spots and [16, 2] not in spots  # on the town; on the ruin
    assert all(max(abs(c - 15), abs(r - 3)) <= 2 for c, r in spots)  # only around (16, 4)
    refused(m, {"play": "jumper", "to": [1, 0]}, "beside one of its claimed", "beside none")
    refused(m, {"play": "jumper", "to": [16, 2]}, "cannot land on the ruin")
    events = m.submit({"play": "jumper", "to": [16, 4]})
    assert kinds(events, "displaced") == [{"type": "displaced", "dragon": "red",
                                           "from": list(RED_AT), "to": [16, 4], "by": "red",
                                           "via": "jumper"}]
    assert m.actions_left == 3


def test_jumper_without_claims_is_not_offered():
    m = duel(red_card="jumper", gambles=[((3, 3), "red")])  # a gamble ring is no claim
    assert plays(m) == []
    refused(m, {"play": "jumper", "to": [2, 2]}, "claims no settlement or place")


def test_robber_makes_an_opponent_pay_three_coins_into_the_chest():
    m = scenario({"red": dict(at=RED_AT, card="robber"), "blue": dict(at=FAR, coins=2),
                  "green": dict(at=(1, 1), coins=0)}, chest=(10, 10))
    # P43: Green has nothing to take, yet may be named (as an empty cavern may be robbed)
    assert plays(m) == [{"play": "robber", "dragon": "blue"}, {"play": "robber", "dragon": "green"}]
    refused(m, {"play": "robber", "dragon": "red"}, "an opponent")
    events = m.submit({"play": "robber", "dragon": "blue"})
    assert kinds(events, "coins") == [{"type": "coins", "from": "blue", "to": "chest",
                                       "amount": 2, "reason": "robber"}]  # R29 cap
    assert m.snapshot()["chest"]["coins"] == 2 and m.actions_left == 3


def test_horror_sends_any_dragon_beside_its_cavern():
    m = duel(red_card="horror")
    m2 = scenario({"red": dict(at=RED_AT, card="horror", cavern=(4, 8)),
                   "blue": dict(at=NEXT, cavern=(12, 5)), "undead": dict(at=FAR)})
    answers = plays(m2)
    assert {"play": "horror", "dragon": "red"} in answers
    assert {"play": "horror", "dragon": "blue"} in answers
    assert {"play": "horror", "dragon": "undead"} not in answers  # no home yet (R8, P14)
    refused(m2, {"play": "horror", "dragon": "undead"}, "no cavern")
    events = m2.submit({"play": "horror", "dragon": "blue"})
    assert kinds(events, "displaced")[0]["to"] == [13, 5] and m2.actions_left == 3
    refused(m, {"play": "horror", "dragon": "puce"}, "not a dragon")


def test_orienteer_moves_an_opponent_up_to_three_spaces():
    m = duel(red_card="orienteer")
    targets = {(a["dragon"], tuple(a["to"])) for a in plays(m)}
    assert ("green", (18, 18)) in targets and ("green", (12, 12)) in targets
    assert not any(d == "red" for d, _ in targets)
    refused(m, {"play": "orienteer", "dragon": "green", "to": [11, 15]}, "at most 3 spaces")
    refused(m, {"play": "orienteer", "dragon": "red", "to": [5, 8]}, "an opponent")
    refused(m, {"play": "orienteer", "dragon": "blue", "to": [5, 5]}, "cannot land on red")
    events = m.submit({"play": "orienteer", "dragon": "green", "to": [12, 12]})
    assert kinds(events, "displaced")[0] == {"type": "displaced", "dragon": "green",
                                             "from": [15, 15], "to": [12, 12], "by": "red",
                                             "via": "orienteer"}


@pytest.mark.parametrize("card, when", [
    ("fighter", "own attack roll"), ("sneaker", "own steal roll"),
    ("destroyer", "own destroy roll"), ("governor", "own tribute roll"),
    ("sheriff", "tribute roll"), ("mayor", "tribute roll"),
    ("pro_creator", "settlement"), ("defender", "when attacked"),
    ("peacemaker", "declares an attack"), ("inciter", "claimed settlement"),
    ("leader", "claim settlement"), ("watcher", "robber"), ("trickster", "any die"),
])
def test_cards_of_other_timings_are_refused_on_a_turn(card, when):
    m = duel(red_card=card)
    assert plays(m) == []
    refused(m, {"play": card}, "not played on a turn", when)


def test_a_card_not_held_is_refused_without_saying_who_holds_it():
    m = duel(blue_card="vigor")
    reason = refused(m, {"play": "vigor"}, "red does not hold vigor")
    assert "blue" not in reason.lower()
    refused(m, {"play": "joker"}, "unknown card")


# ===== own cards, declared before the holder's roll (R38, R40) ===========================


def test_fighter_adds_two_to_the_holders_attack_roll():
    m = duel(red_card="fighter", dice=[10, 11])
    m.submit({"do": "attack", "dragon": "blue"})
    assert pending(m) == ("red", "modify")
    assert m.pending.context == {"purpose": "attack", "options": ["fighter"]}
    assert "Fighter" in m.pending.prompt and "+2" in m.pending.prompt
    assert m.legal_answers() == [{"play": "fighter"}, {"pass": True}]
    same_after_restore(m)
    refused(m, {"react": "fighter"}, '{"play": "fighter"}')
    refused(m, {"play": "sneaker"}, "red does not hold sneaker")
    events = m.submit({"play": "fighter"})
    attack = rolls_of(events, "attack")[0]
    assert attack["mods"] == [["fighter", 2]] and attack["total"] == 12
    assert kinds(events, "attack")[0]["winner"] == "red" and coins(m, "red") == 8
    assert card_events(events)[0] == {"type": "card", "dragon": "red", "card": "fighter",
                                      "use": "modify", "purpose": "attack", "value": 2}


def test_fighter_is_not_offered_on_the_defence_roll():
    m = duel(blue_card="fighter", dice=[10, 11])
    events = m.submit({"do": "attack", "dragon": "blue"})
    assert len(rolls_of(events)) == 2 and hand(m, "blue") == "fighter"


def test_sneaker_adds_two_to_a_steal_roll():
    m = scenario({"red": dict(at=RED_AT, card="sneaker"),
                  "blue": dict(at=FAR, coins=9, cavern=(7, 6))}, dice=[14])
    m.submit({"do": "steal_cavern", "dragon": "blue"})
    assert m.pending.context["options"] == ["sneaker"]
    events = m.submit({"play": "sneaker"})
    assert rolls_of(events)[0]["total"] == 16 and coins(m, "red") == 3  # Theft


def test_destroyer_adds_two_to_a_destroy_roll():
    m = duel(red_card="destroyer", settlements=[("town", (4, 4), None)], dice=[14])
    m.submit({"do": "destroy", "at": [4, 4]})
    events = m.submit({"play": "destroyer"})
    assert rolls_of(events)[0]["total"] == 16 and kinds(events, "destroyed")


def test_governor_adds_two_to_the_tribute_roll():
    m = scenario({"red": dict(at=RED_AT, card="governor"), "blue": dict(at=FAR)},
                 settlements=[("town", (12, 12), "red")], dice=[14])
    to_tribute(m)
    assert pending(m) == ("red", "modify") and m.pending.context["purpose"] == "tribute"
    events = m.submit({"play": "governor"})
    assert rolls_of(events, "tribute")[0]["total"] == 16
    assert kinds(events, "tribute")[0]["coins"] == 2  # a town on 16-19


def test_sheriff_adds_a_coin_to_each_scored_town():
    m = scenario({"red": dict(at=RED_AT, card="sheriff"), "blue": dict(at=FAR)},
                 settlements=[("town", (12, 12), "red"), ("town", (4, 4), "red"),
                              ("city", (14, 12), "red")], dice=[6])
    to_tribute(m)
    assert m.pending.context["options"] == ["sheriff"]
    events = m.submit({"play": "sheriff"})
    assert card_events(events)[0]["per"] == "town"
    paid = {tuple(e["at"]): e["coins"] for e in kinds(events, "tribute_claim")}
    # a roll of 6 pays 0 per town and city; the adjacent town pays 1 (R31); +1 per town
    assert paid == {(4, 4): 2, (12, 12): 1, (14, 12): 0}


def test_mayor_is_asked_only_of_a_dragon_with_a_city():
    m = scenario({"red": dict(at=RED_AT, card="mayor"), "blue": dict(at=FAR)},
                 settlements=[("town", (12, 12), "red")], dice=[10])
    to_tribute(m)  # the roll goes by without a question
    assert not card_events(m.events) and kinds(m.events, "tribute")[0]["coins"] == 1
    m2 = scenario({"red": dict(at=RED_AT, card="mayor"), "blue": dict(at=FAR)},
                  settlements=[("city", (12, 12), "red"), ("city", (4, 4), "red")], dice=[3])
    to_tribute(m2)
    events = m2.submit({"play": "mayor"})
    paid = {tuple(e["at"]): e["coins"] for e in kinds(events, "tribute_claim")}
    assert paid == {(4, 4): 3}  # 0-4: only the adjacent city scores (2, +1 Mayor)
    assert kinds(events, "tribute_claim")[0]["card_bonus"] == 1


# ===== reactions after a roll: Defender, Inciter, Trickster (R38, R40) ==================


def test_defender_takes_two_from_the_attackers_roll():
    m = duel(blue_card="defender", dice=[12, 11])
    events = m.submit({"do": "attack", "dragon": "blue"})
    assert rolls_of(events) == [] and m.dice.script == [11]  # rolled, not yet final
    assert pending(m) == ("blue", "react")
    ctx = m.pending.context
    assert ctx == {"window": "roll", "options": ["defender"],
                   "roll": {"purpose": "attack", "dragon": "red", "face": 12, "mods": []}}
    assert m.pending.prompt == "Red rolled 12 to attack you: play Defender (\u22122 to Red's roll)?"
    assert m.legal_answers() == [{"react": "defender"}, {"pass": True}]
    same_after_restore(m)
    refused(m, {"play": "defender"}, '{"react": "defender"}')
    refused(m, {"react": "inciter"}, "blue does not hold inciter")
    events = m.submit({"react": "defender"})
    attack = rolls_of(events, "attack")[0]
    assert attack["mods"] == [["defender", -2]] and attack["total"] == 10
    assert kinds(events, "attack")[0]["winner"] == "blue" and coins(m, "blue") == 8
    assert card_events(events)[0] == {"type": "card", "dragon": "blue", "card": "defender",
                                      "use": "roll", "against": "red", "purpose": "attack",
                                      "value": -2}


def test_defender_and_fighter_on_one_attack():
    m = duel(red_card="fighter", blue_card="defender", dice=[11, 11])
    m.submit({"do": "attack", "dragon": "blue"})
    m.submit({"play": "fighter"})
    events = m.submit({"react": "defender"})
    attack = rolls_of(events, "attack")[0]
    assert attack["mods"] == [["fighter", 2], ["defender", -2]] and attack["total"] == 11
    assert kinds(events, "attack")[0]["winner"] == "blue"  # 11 v 11: ties to the defender
    assert played(m) == ["fighter", "defender"]


def test_defender_is_only_for_the_dragon_attacked():
    m = duel(green_card="defender", dice=[12, 11])
    events = m.submit({"do": "attack", "dragon": "blue"})
    assert len(rolls_of(events)) == 2 and hand(m, "green") == "defender"


def test_defender_is_refused_in_another_window_with_its_timing():
    m = duel(blue_card="defender", settlements=[("town", (4, 4), None)],
             places=[("blade_miller", (12, 1), "blue")], dice=[12])
    m.submit({"do": "destroy", "at": [4, 4]})
    assert m.pending.context["options"] == ["blade_miller"]
    refused(m, {"react": "defender"}, "cannot answer this", "when attacked")


def inciter(claim="green", **kw):
    return duel(blue_card="inciter", settlements=[("town", (4, 4), claim)], **kw)


def test_inciter_takes_two_from_a_destroy_roll_on_a_claimed_settlement():
    m = inciter(dice=[16])
    m.submit({"do": "destroy", "at": [4, 4]})
    assert pending(m) == ("blue", "react") and m.pending.context["options"] == ["inciter"]
    assert "your" not in m.pending.prompt and "Green's town at (5, 5)" in m.pending.prompt
    events = m.submit({"react": "inciter"})
    assert rolls_of(events)[0]["total"] == 14
    assert kinds(events, "unclaim")[0]["reason"] == "destroy"  # 11-15 instead of a ruin


@pytest.mark.parametrize("claim", [None])
def test_inciter_is_not_offered_against_an_unclaimed_settlement(claim):
    m = inciter(claim=claim, dice=[16])
    events = m.submit({"do": "destroy", "at": [4, 4]})
    assert rolls_of(events)[0]["total"] == 16 and hand(m, "blue") == "inciter"


def test_inciter_is_not_offered_against_a_place_or_the_holders_own_roll():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR, card="inciter"),
                  "green": dict(at=(1, 1))}, places=[("soul_mine", NEXT, "green")], dice=[12])
    events = m.submit({"do": "destroy", "at": list(NEXT)})
    assert len(rolls_of(events)) == 1 and hand(m, "blue") == "inciter"
    m2 = duel(red_card="inciter", settlements=[("town", (4, 4), "green")], dice=[12])
    events = m2.submit({"do": "destroy", "at": [4, 4]})
    assert len(rolls_of(events)) == 1 and hand(m2, "red") == "inciter"


def test_trickster_answers_another_dragons_roll():
    m = duel(green_card="trickster", dice=[10, 11])
    m.submit({"do": "attack", "dragon": "blue"})
    assert pending(m) == ("green", "react")
    assert m.legal_answers() == [{"react": "trickster", "by": 2},
                                 {"react": "trickster", "by": -2}, {"pass": True}]
    refused(m, {"react": "trickster"}, '"by": 2')
    refused(m, {"react": "trickster", "by": 3}, "trickster is played here as one of")
    events = m.submit({"react": "trickster", "by": 2})
    assert rolls_of(events, "attack")[0]["total"] == 12
    assert kinds(events, "attack")[0]["winner"] == "red"


def test_trickster_holder_is_asked_last_on_its_own_roll():
    m = duel(red_card="trickster", dice=[10, 11])
    m.submit({"do": "attack", "dragon": "blue"})
    assert pending(m) == ("red", "react") and "You rolled 10" in m.pending.prompt
    events = m.submit({"react": "trickster", "by": 2})
    assert rolls_of(events, "attack")[0]["mods"] == [["trickster", 2]]


def test_trickster_answers_a_tribute_roll_and_is_clamped():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR, card="trickster")},
                 settlements=[("town", (12, 12), "red"), ("town", (14, 12), "red")], dice=[1])
    to_tribute(m)
    assert pending(m) == ("blue", "react") and m.pending.context["roll"]["purpose"] == "tribute"
    events = m.submit({"react": "trickster", "by": -2})
    tribute = rolls_of(events, "tribute")[0]
    assert tribute["face"] == 1 and tribute["total"] == 0  # R30: 0-21
    assert pending(m) == ("red", "lose_claim")


def test_several_modifiers_on_one_roll_are_asked_in_turn_order():
    m = scenario({"red": dict(at=RED_AT, coins=5), "blue": dict(at=NEXT, card="defender"),
                  "green": dict(at=FAR, card="trickster"), "gold": dict(at=(1, 1),
                                                                       card="inciter")},
                 order=["red", "gold", "blue", "green"], dice=[12, 5])
    m.submit({"do": "attack", "dragon": "blue"})
    assert pending(m) == ("blue", "react")
    m.submit({"react": "defender"})
    assert pending(m) == ("green", "react")
    assert m.pending.context["roll"]["mods"] == [["defender", -2]]
    events = m.submit({"react": "trickster", "by": 2})
    assert rolls_of(events, "attack")[0]["mods"] == [["defender", -2], ["trickster", 2]]


# ===== reactions when an action is declared: Peacemaker, Leader, Watcher ==================


def peace(holder="green", red_cavern=(2, 12), **kw):
    cards = {holder: "peacemaker"}
    return scenario({"red": dict(at=RED_AT, coins=5, cavern=red_cavern, card=cards.get("red")),
                     "blue": dict(at=NEXT, coins=5, cavern=(12, 5), card=cards.get("blue")),
                     "green": dict(at=FAR, card=cards.get("green"))}, **kw)


def test_peacemaker_sends_the_attacker_home_and_the_attack_fails():
    m = peace(dice=[15, 3])
    events = m.submit({"do": "attack", "dragon": "blue"})
    assert pending(m) == ("green", "react") and rolls_of(events) == []
    ctx = m.pending.context
    assert ctx["window"] == "cancel" and ctx["options"] == ["peacemaker"]
    assert ctx["action"] == {"dragon": "red", "do": "attack", "target": "blue"}
    assert m.pending.prompt.startswith("Red attacks Blue: play Peacemaker")
    assert m.legal_answers() == [{"react": "peacemaker", "dragon": "red"},
                                 {"react": "peacemaker", "dragon": "blue"}, {"pass": True}]
    same_after_restore(m)
    refused(m, {"react": "peacemaker", "dragon": "green"}, "peacemaker is played here as")
    events = m.submit({"react": "peacemaker", "dragon": "red"})
    assert kinds(events, "displaced")[0]["to"] == [3, 12]
    assert kinds(events, "cancelled") == [{"type": "cancelled", "dragon": "red", "do": "attack",
                                           "by": "green", "source": "peacemaker"}]
    assert rolls_of(events) == [] and m.dice.script == [15, 3]
    assert pending(m) == ("red", "action") and m.actions_left == 2  # the action is spent


def test_peacemaker_by_the_defender_on_itself():
    m = peace(holder="blue", dice=[15, 3])
    m.submit({"do": "attack", "dragon": "blue"})
    assert "play Peacemaker (send Red or you home" in m.pending.prompt
    events = m.submit({"react": "peacemaker", "dragon": "blue"})
    assert kinds(events, "displaced")[0]["to"] == [13, 5] and kinds(events, "cancelled")


def test_peacemaker_that_leaves_them_adjacent_lets_the_attack_go_on():
    m = peace(red_cavern=(4, 7), dice=[15, 3])  # Red's R7 spot (5, 7) touches Blue
    m.submit({"do": "attack", "dragon": "blue"})
    events = m.submit({"react": "peacemaker", "dragon": "red"})
    assert kinds(events, "displaced")[0]["to"] == [5, 7] and not kinds(events, "cancelled")
    assert kinds(events, "attack")[0]["winner"] == "red" and coins(m, "red") == 8


def test_peacemaker_is_not_offered_when_nobody_would_move():
    m = scenario({"red": dict(at=RED_AT, cavern=(4, 5)), "undead": dict(at=NEXT),
                  "green": dict(at=FAR, card="peacemaker")}, dice=[15, 3])
    events = m.submit({"do": "attack", "dragon": "undead"})
    assert len(rolls_of(events)) == 2 and hand(m, "green") == "peacemaker"


def leader(**kw):
    return scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR, rings=9),
                     "green": dict(at=(1, 1), card="leader")}, **kw)


def test_leader_cancels_claim_settlement():
    m = leader(settlements=[("town", NEXT, "blue")])
    m.submit({"do": "claim_settlement", "at": list(NEXT)})
    assert pending(m) == ("green", "react")
    assert m.pending.prompt.startswith("Red takes over Blue's town at (8, 6): play Leader")
    events = m.submit({"react": "leader"})
    assert kinds(events, "cancelled")[0]["source"] == "leader"
    assert m.snapshot()["settlements"][0]["claim"] == "blue" and m.actions_left == 1
    assert m.snapshot()["dragons"]["red"]["rings_in_supply"] == 10


def test_leader_cancels_a_claim_and_a_citadel_double_claim_whole():
    m = leader(settlements=[("town", NEXT, None)])
    m.submit({"do": "claim", "at": list(NEXT)})
    m.submit({"react": "leader"})
    assert m.snapshot()["settlements"][0]["claim"] is None
    m2 = leader(settlements=[("town", NEXT, None), ("town", (4, 4), None)],
                places=[("citadel_of_torture", (12, 12), "red")])
    m2.submit({"do": "claim", "at": list(NEXT), "also": [4, 4]})
    assert "and the town at (5, 5)" in m2.pending.prompt
    m2.submit({"react": "leader"})  # P24
    assert all(s["claim"] is None for s in m2.snapshot()["settlements"])


def test_leader_is_not_offered_against_other_actions():
    m = leader(settlements=[("town", NEXT, "blue")], dice=[3])
    events = m.submit({"do": "destroy", "at": list(NEXT)})
    assert len(rolls_of(events)) == 1 and hand(m, "green") == "leader"


def watcher(**kw):
    return scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR, coins=6, cavern=(7, 6)),
                     "green": dict(at=(1, 1), card="watcher")}, chest=(12, 12), **kw)


def test_watcher_cancels_a_steal_for_the_thief():
    m = watcher(dice=[17])
    m.submit({"do": "steal_for_thief", "dragon": "blue"})
    assert pending(m) == ("green", "react")
    assert "Red steals for the thief from Blue" in m.pending.prompt
    events = m.submit({"react": "watcher"})
    assert kinds(events, "cancelled")[0]["source"] == "watcher" and rolls_of(events) == []
    assert coins(m, "blue") == 6 and m.actions_left == 1


def test_watcher_cancels_robber_and_both_cards_are_spent():
    m2 = scenario({"red": dict(at=RED_AT, card="robber"),
                   "blue": dict(at=FAR, coins=6, card="watcher")}, chest=(12, 12))
    m2.submit({"play": "robber", "dragon": "blue"})
    assert pending(m2) == ("blue", "react")
    assert m2.pending.context["action"] == {"dragon": "red", "play": "robber", "target": "blue"}
    assert "you would pay 3 coins" in m2.pending.prompt
    same_after_restore(m2)
    events = m2.submit({"react": "watcher"})
    assert kinds(events, "cancelled") == [{"type": "cancelled", "dragon": "red", "do": "robber",
                                           "by": "blue", "source": "watcher"}]
    assert coins(m2, "blue") == 6 and played(m2) == ["robber", "watcher"]
    assert pending(m2) == ("red", "action") and m2.actions_left == 3


def test_watcher_cancels_darkheart_cottages_steal_at_any_range():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR, coins=6, cavern=(17, 17)),
                  "green": dict(at=(1, 1), card="watcher")},
                 places=[("darkheart_cottage", (12, 1), "red")], chest=(12, 12), dice=[17])
    m.submit({"do": "steal_for_thief", "dragon": "blue"})
    m.submit({"react": "watcher"})
    assert coins(m, "blue") == 6


def test_watcher_is_not_offered_against_other_steals():
    m = watcher(dice=[17])
    events = m.submit({"do": "steal_cavern", "dragon": "blue"})
    assert len(rolls_of(events)) == 1 and hand(m, "green") == "watcher"


# ===== placement rolls: Pro-creator and Trickster (R38, P25, P26) ========================


def test_pro_creator_moves_one_settlement_die_by_two():
    m = duel(green_card="pro_creator")
    populate_roll(m, [5, 12])
    assert pending(m) == ("green", "react")
    assert m.pending.context == {
        "window": "dice", "options": ["pro_creator"],
        "dice": {"purpose": "settlement", "dice": [{"name": "col", "face": 5, "mods": []},
                                                   {"name": "row", "face": 12, "mods": []}]}}
    assert m.pending.prompt.startswith("The dice for the new settlement's location show "
                                       "col 5, row 12: play Pro-creator")
    assert m.legal_answers() == [
        {"react": "pro_creator", "die": "col", "by": 2},
        {"react": "pro_creator", "die": "col", "by": -2},
        {"react": "pro_creator", "die": "row", "by": 2},
        {"react": "pro_creator", "die": "row", "by": -2}, {"pass": True}]
    same_after_restore(m, white_box=True)
    refused(m, {"react": "pro_creator", "die": "z", "by": 2}, "played here as one of")
    events = m.submit({"react": "pro_creator", "die": "row", "by": -2})
    row = rolls_of(events, "settlement_row")[0]
    assert row["mods"] == [["pro_creator", -2]] and row["total"] == 10
    assert kinds(events, "placed") == [{"type": "placed", "piece": "town", "at": [4, 9]}]
    assert pending(m) == ("red", "action")


def test_pro_creator_is_clamped_to_the_board_and_only_for_settlements():
    m = duel(green_card="pro_creator")
    populate_roll(m, [20, 1])
    events = m.submit({"react": "pro_creator", "die": "col", "by": 2})
    assert rolls_of(events, "settlement_col")[0]["total"] == 20
    assert kinds(events, "placed")[0]["at"] == [19, 0]
    m2 = duel(green_card="pro_creator")
    populate_roll(m2, [3, 3], step="chest_move")
    assert pending(m2) == ("red", "action") and m2.snapshot()["chest"]["at"] == [2, 2]


def test_trickster_answers_placement_rolls_of_the_chest_and_the_places():
    m = duel(blue_card="trickster")
    populate_roll(m, [3, 3], step="chest_move")
    assert pending(m) == ("blue", "react")
    m.submit({"react": "trickster", "die": "col", "by": 2})
    assert m.snapshot()["chest"]["at"] == [4, 2]
    m2 = duel(blue_card="trickster")
    populate_roll(m2, [10, 3, 3], step="place_of_power")  # 10: Immortals Resting Place
    assert m2.pending.context["dice"]["dice"] == [{"name": None, "face": 10, "mods": []}]
    assert m2.legal_answers()[0] == {"react": "trickster", "by": 2}
    events = m2.submit({"react": "trickster", "by": -2})  # 8: Soulwash Temple
    assert kinds(events, "place_placed")[0]["place"] == "soulwash_temple"


def test_placement_windows_ask_in_this_rounds_turn_order():
    m = scenario({"red": dict(at=RED_AT, coins=5), "blue": dict(at=NEXT, card="trickster"),
                  "green": dict(at=FAR, coins=3, card="pro_creator")})
    populate_roll(m, [5, 5])
    assert pending(m) == ("blue", "react")  # R16: Blue has the fewest coins
    m.submit({"pass": True})
    assert pending(m) == ("green", "react")
    events = m.submit({"react": "pro_creator", "die": "col", "by": 2})
    assert kinds(events, "placed")[0]["at"] == [6, 4]


# ===== Copier: any card already played this round (R38, P27) ============================


def test_copier_of_trickster():
    m = duel(blue_card="copier", played=["trickster"], dice=[10, 11])
    m.submit({"do": "attack", "dragon": "blue"})
    assert pending(m) == ("blue", "react") and m.pending.context["options"] == ["copier"]
    assert "play Copier as Trickster" in m.pending.prompt
    assert m.legal_answers() == [{"react": "copier", "as": "trickster", "by": 2},
                                 {"react": "copier", "as": "trickster", "by": -2},
                                 {"pass": True}]
    same_after_restore(m)
    refused(m, {"react": "copier", "as": "defender", "by": 2}, "has not been")
    events = m.submit({"react": "copier", "as": "trickster", "by": -2})
    assert card_events(events)[0]["as"] == "trickster"
    assert rolls_of(events, "attack")[0]["mods"] == [["copier", -2]]
    assert played(m) == ["trickster", "copier"] and hand(m, "blue") is None


def test_copier_is_not_asked_before_anything_usable_was_played():
    m = duel(blue_card="copier", played=["vigor"], dice=[10, 11])
    events = m.submit({"do": "attack", "dragon": "blue"})
    assert len(rolls_of(events)) == 2 and hand(m, "blue") == "copier"


def test_copier_takes_the_timing_of_the_card_it_copies():
    m = duel(red_card="copier", played=["vigor", "defender"])
    assert plays(m) == [{"play": "copier", "as": "vigor"}]
    refused(m, {"play": "copier"}, "copier needs 'as'")
    refused(m, {"play": "copier", "as": "robber"}, "robber has not been")
    refused(m, {"play": "copier", "as": "defender"}, "not played on a turn")
    events = m.submit({"play": "copier", "as": "vigor"})
    assert m.actions_left == 4 and card_events(events)[0]["as"] == "vigor"


def test_copier_as_robber_can_be_watched():
    m = scenario({"red": dict(at=RED_AT, card="copier"),
                  "blue": dict(at=FAR, coins=6, card="watcher")},
                 played=["robber"], chest=(12, 12))
    m.submit({"play": "copier", "as": "robber", "dragon": "blue"})
    assert "Copier as Robber" in m.pending.prompt
    events = m.submit({"pass": True})
    assert kinds(events, "coins")[0] == {"type": "coins", "from": "blue", "to": "chest",
                                         "amount": 3, "reason": "robber"}


# ===== hidden information (P28) ============================================================


def test_a_seat_sees_its_own_card_only():
    m = duel(red_card="fighter", blue_card="defender", green_card="vigor")
    view = seat_view(m, "red")
    assert {n: d["card"] for n, d in view["dragons"].items()} == {
        "red": "fighter", "blue": HIDDEN, "green": HIDDEN}
    assert "deck" not in view and "dice" not in view and "seed" not in view
    assert all(d["card"] == HIDDEN for d in seat_view(m, None)["dragons"].values())


def test_another_dragons_question_hides_its_card():
    m = duel(blue_card="defender", places=[("blade_miller", (12, 1), "blue")],
             settlements=[("town", (4, 4), "green")], dice=[12])
    m.submit({"do": "destroy", "at": [4, 4]})
    assert m.pending.context["options"] == ["blade_miller"]  # Defender is not usable here
    m2 = duel(blue_card="defender", dice=[12, 11])
    m2.submit({"do": "attack", "dragon": "blue"})
    for seat in ("red", "green", None):
        view = seat_view(m2, seat)
        assert view["pending"]["options"] == [HIDDEN]
        assert view["stack"][-1]["options"] == [HIDDEN]
        text = str(view)  # the card's name appears only as the defender's role
        assert text.count("'defender'") == text.count("'role': 'defender'")
    assert seat_view(m2, "blue")["pending"]["options"] == ["defender"]


def test_dealt_cards_are_private_events():
    m = Match(["red", "blue"], seed=4)
    mine = visible_events(m.events, "red")
    dealt = {e["dragon"]: e["card"] for e in kinds(mine, "card_dealt")}
    assert dealt["red"] in CARDS and dealt["blue"] == HIDDEN
    assert describe(kinds(mine, "card_dealt")[1]) == "Blue is dealt a card"
    assert visible_events(m.events, "blue") != mine
    assert kinds(m.events, "card_dealt")[1]["card"] in CARDS  # the full log is unchanged


def test_determinize_from_the_asked_seats_view_offers_the_same_answers():
    m = duel(red_card="vigor", blue_card="defender", dice=[12, 11])
    m.submit({"do": "attack", "dragon": "blue"})
    twin = determinize(seat_view(m, "blue"), seed=3)
    assert twin.legal_answers() == m.legal_answers()
    assert twin.snapshot()["dragons"]["red"]["card"] not in ("defender", HIDDEN)


def test_determinize_deals_a_fitting_card_to_a_dragon_asked_in_secret():
    m = duel(blue_card="defender", dice=[12, 11])
    m.submit({"do": "attack", "dragon": "blue"})
    for seed in range(5):
        twin = determinize(seat_view(m, "red"), seed=seed)
        options = twin.pending.context["options"]
        assert options and HIDDEN not in options
        assert twin.snapshot()["dragons"]["blue"]["card"] in ("defender", "trickster")
        twin.close()


# ===== the state document ================================================================


def test_hands_played_and_deck_round_trip():
    m = duel(red_card="vigor", blue_card="defender", played=["fighter"])
    doc = m.snapshot()
    assert doc["played"] == ["fighter"] and doc["dragons"]["blue"]["card"] == "defender"
    assert sorted(doc["deck"]) == sorted(set(CARDS) - {"vigor", "defender", "fighter"})
    twin = Match.restore(doc)
    assert twin.snapshot() == doc


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["dragons"]["red"].update(card="joker"), "unknown card"),
    (lambda d: d["dragons"]["red"].update(card="hidden"), "determinized"),
    (lambda d: d.update(played=["vigor"]), "exactly one place"),
    (lambda d: d.update(deck=["vigor"]), "exactly one place"),
    (lambda d: d["options"].update(cards=False), "cards option is off"),
])
def test_bad_card_documents_are_refused(mutate, message):
    doc = state_doc({"red": dict(at=RED_AT, card="vigor"), "blue": dict(at=FAR)})
    mutate(doc)
    with pytest.raises(StateError, match=message):
        Match.restore(doc)


def test_every_card_event_is_described_in_words():
    m = Match([None] * 6, seed=11, options={"round_cap": 8})

    play_out(m, RandomPlayer(11))
    for e in m.events + visible_events(m.events, None):
        text = describe(e)
        assert not text.startswith(e["type"] + ":"), e
    assert card_events(m.events)


def test_turn_card_enumerators_equal_the_checked_candidates():
    """Speed-only enumerators (fast=True) list exactly the candidates that pass check, on
    positions from random games, for every turn card and Copier's copies of them."""
    compared = 0
    for seed in range(6):
        m = Match([None] * (3 + seed), seed=seed, options={"round_cap": 4})
        player = RandomPlayer(seed)
        while not m.finished:
            p = m.pending
            if p.kind == "action" and m.round > 1:
                kept, kept_played = m.hands[p.dragon], list(m.played)
                for card in TURN_CARDS + ("copier",):
                    m.hands[p.dragon] = card
                    m.played = list(TURN_CARDS) if card == "copier" else kept_played
                    fast = turn_answers(m, p.dragon, fast=True)
                    slow = turn_answers(m, p.dragon, fast=False)
                    key = repr
                    assert sorted(fast, key=key) == sorted(slow, key=key), (card, seed)
                    compared += 1
                m.hands[p.dragon], m.played = kept, kept_played
            m.submit(player.choose(m))
        m.close()
    assert compared > 500


@pytest.mark.parametrize("cavern", [(10, 10), (1, 0), (19, 12), (0, 19)])
def test_sent_home_equals_the_refusals_beside_a_crowded_cavern(cavern):
    """powers.sent_home (Horror's and Tower of Faces' listing, on the row masks) against
    send_home_refusal (setup.home_spot), for Red standing anywhere near its cavern:
    every footprint beside it taken by towns (R7's search goes farther out), then also
    the first free spots of the next ring, and with a free side."""
    cc, cr = cavern
    around = [(cc + dc, cr + dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
              if (dc or dr) and 0 <= cc + dc < 20 and 0 <= cr + dr < 20]
    next_ring = [(cc + dc, cr + dr) for dr in (-2, 2) for dc in (-2, -1, 0, 1, 2)
                 if 0 <= cc + dc < 20 and 0 <= cr + dr < 20]
    blue = ((cc + 10) % 18, (cr + 10) % 18)  # out of Red's way, its cavern below it
    compared = 0
    for towns in (around, around + next_ring[:3], around[1:]):
        taken = set(towns) | {cavern}
        for row in range(max(0, cr - 5), min(18, cr + 4) + 1):
            for col in range(max(0, cc - 5), min(18, cc + 4) + 1):
                cells = {(col, row), (col + 1, row), (col, row + 1), (col + 1, row + 1)}
                if cells & taken:
                    continue
                m = scenario({"red": dict(at=(col, row), cavern=cavern, card="horror"),
                              "blue": dict(at=blue, cavern=(blue[0], blue[1] + 2))},
                             settlements=[("town", t, None) for t in towns])
                want = [d for d in m.seat_names
                        if powers.send_home_refusal(m, d, "Horror") is None]
                assert powers.sent_home(m) == want, (towns, (col, row))
                compared += 1
                m.close()
    assert compared > 40


def test_robber_against_no_coins_is_legal_and_takes_nothing_like_an_empty_cavern():
    """P43 (P10, P21, R29): an attempt that can yield nothing is legal, whether it is
    Robber against a dragon with 0 coins or a steal from an empty cavern."""
    m = scenario({"red": dict(at=RED_AT, card="robber"), "blue": dict(at=FAR, coins=0),
                  "green": dict(at=(1, 1), coins=0)}, chest=(10, 10))
    assert {"play": "robber", "dragon": "blue"} in m.legal_answers()
    events = m.submit({"play": "robber", "dragon": "blue"})
    assert kinds(events, "coins") == [] and kinds(events, "card")[0]["card"] == "robber"
    assert hand(m, "red") is None and m.snapshot()["chest"]["coins"] == 0
    assert m.actions_left == 3 and pending(m) == ("red", "action")


def test_windows_pass_over_only_dragons_with_nothing_to_offer(monkeypatch):
    """R40: a window lists options only for the dragons its cheap over-estimate names
    (game.systems.rolls: cancellers, roll_reactors, dice_holders; an empty one skips the
    window). At every window of random games (open board, and the crowded board where
    every power is in play), with the hands as dealt and with each card (and Copier,
    everything played) put in each hand in turn, each dragon left out has no option."""
    seen: dict[tuple[str, bool], int] = {}
    everything = [c for c in CARDS if c != "copier"]

    def checked(fn_name, sources, frame_of):
        real = getattr(rolls, fn_name)

        def left_out_have_nothing(m, subject):
            for name in m.seat_names:
                if name not in real(m, subject):
                    assert not rolls.options(sources, m, name, frame_of(subject)), \
                        (fn_name, name, m.hands.get(name), m.played, subject)

        def askable(m, subject):
            found = real(m, subject)
            key = (fn_name, bool(found))
            seen[key] = seen.get(key, 0) + 1
            left_out_have_nothing(m, subject)
            hands, played = dict(m.hands), m.played
            for name in m.seat_names:
                for card in CARDS:
                    m.hands[name] = card
                    m.played = everything if card == "copier" else played
                    left_out_have_nothing(m, subject)
                m.hands[name], m.played = hands[name], played
            assert m.hands == hands
            return found
        monkeypatch.setattr(rolls, fn_name, askable)

    checked("cancellers", rolls.CANCEL_SOURCES, lambda act: act)
    checked("roll_reactors", rolls.ROLL_SOURCES, lambda roll: roll)
    checked("dice_holders", rolls.DICE_SOURCES, lambda purpose: {"purpose": purpose})
    for seed in range(4):
        m = Match([None] * (3 + seed), seed=300 + seed, options={"target": 30, "round_cap": 5})
        play_out(m, RandomPlayer(seed))
        m.close()
    for seed in range(6):
        m = crowded_start(seed, tuple(CARDS[(seed + k * 7) % 20] for k in range(3)))
        play_out(m, RandomPlayer(seed))
        m.close()
    assert all(seen.get((f, b), 0) > 10 for f in ("cancellers", "roll_reactors", "dice_holders")
               for b in (True, False)), seen

"""Places of power (R36, R37, R40): powers, reactions, own modifiers and controls.

Layout as in test_charts: Red stands at (5, 5)-(6, 6) and acts first; the target of
its action sits at NEXT = (7, 5), adjacent on its east side. Places whose only role is
to be held stand far away (their holder's ring is on them). Dice are scripted.
"""

from __future__ import annotations

import pytest

from game.board import BoardSpec
from game.match import Match
from game.systems.rolls import window_order
from game.tables import ACTION_COST
from tests.helpers import coins, kinds, pending, refused, rolls_of, scenario, state_doc

RED_AT = (5, 5)
NEXT = (7, 5)
FAR = (15, 15)
AWAY = (12, 1)   # a held place nobody stands next to
AWAY2 = (1, 12)


def used(m):
    return m.snapshot()["powers_used"]


def place(m, kind):
    return next(p for p in m.snapshot()["places"] if p["kind"] == kind)


def same_after_restore(m):
    doc = m.snapshot()
    twin = Match.restore(doc)
    assert twin.snapshot() == doc
    return twin


# ===== the pending-roll frames: window order ============================================


def test_windows_ask_in_turn_order_after_the_actor():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR), "green": dict(at=(1, 1)),
                  "gold": dict(at=(10, 10))}, order=["blue", "green", "gold", "red"],
                 turn="gold")
    assert window_order(m, "gold", include_actor=False) == ["red", "blue", "green"]
    assert window_order(m, "gold", include_actor=True) == ["red", "blue", "green", "gold"]


# ===== Pearlthorn Castle: cancel a destroy against the holder's claim (R37.5) ===========


def pearlthorn(target_claim="blue", **kw):
    return scenario(
        {"red": dict(at=RED_AT, coins=5), "blue": dict(at=FAR, rings=8),
         "green": dict(at=(1, 1))},
        settlements=[("town", NEXT, target_claim)],
        places=[("pearlthorn_castle", AWAY, "blue")], **kw)


def test_pearlthorn_is_asked_when_the_destroy_is_declared_before_the_roll():
    m = pearlthorn(dice=[20])
    events = m.submit({"do": "destroy", "at": list(NEXT)})
    assert pending(m) == ("blue", "react")
    ctx = m.pending.context
    assert ctx["window"] == "cancel" and ctx["options"] == ["pearlthorn_castle"]
    assert ctx["action"] == {"dragon": "red", "do": "destroy", "at": list(NEXT)}
    assert rolls_of(events) == [] and m.dice.script == [20]  # not rolled yet
    assert m.legal_answers() == [{"react": "pearlthorn_castle"}, {"pass": True}]
    same_after_restore(m)


def test_pearlthorn_cancels_the_destroy_and_the_action_stays_spent():
    m = pearlthorn(dice=[20])
    m.submit({"do": "destroy", "at": list(NEXT)})
    events = m.submit({"react": "pearlthorn_castle"})
    assert kinds(events, "cancelled") == [{"type": "cancelled", "dragon": "red",
                                           "do": "destroy", "by": "blue",
                                           "source": "pearlthorn_castle"}]
    assert rolls_of(events) == [] and m.dice.script == [20]
    assert m.snapshot()["settlements"] == [{"kind": "town", "at": list(NEXT),
                                            "claim": "blue"}]
    assert pending(m) == ("red", "action") and m.actions_left == 2
    assert used(m) == ["pearlthorn_castle"] and place(m, "pearlthorn_castle")["power_used"]


def test_pearlthorn_works_once_a_round():
    m = pearlthorn(dice=[20, 3])
    m.submit({"do": "destroy", "at": list(NEXT)})
    m.submit({"react": "pearlthorn_castle"})
    events = m.submit({"do": "destroy", "at": list(NEXT)})  # asked no more: rolls at once
    assert [r["face"] for r in rolls_of(events)] == [20]
    assert m.snapshot()["settlements"] == []


def test_pearlthorn_pass_lets_the_roll_happen():
    m = pearlthorn(dice=[3])
    m.submit({"do": "destroy", "at": list(NEXT)})
    events = m.submit({"pass": True})
    assert [r["face"] for r in rolls_of(events)] == [3]
    assert kinds(events, "revolt") and coins(m, "red") == 2
    assert used(m) == []


@pytest.mark.parametrize("claim", [None, "red", "green"])
def test_pearlthorn_holder_is_not_asked_for_a_piece_it_has_not_claimed(claim):
    m = pearlthorn(target_claim=claim, dice=[12])
    events = m.submit({"do": "destroy", "at": list(NEXT)})
    assert len(rolls_of(events)) == 1 and pending(m) == ("red", "action")


def test_pearlthorn_protects_itself():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR, rings=9)},
                 places=[("pearlthorn_castle", NEXT, "blue")], dice=[18])
    m.submit({"do": "destroy", "at": list(NEXT)})
    assert pending(m) == ("blue", "react")
    m.submit({"react": "pearlthorn_castle"})
    assert place(m, "pearlthorn_castle")["claim"] == "blue"


def test_pearlthorn_stays_used_after_changing_hands():
    """Blue uses it against Red; Red takes it over; when Blue then destroys Red's town,
    Red holds Pearlthorn but it is spent this round, so Red is not asked."""
    m = scenario({"red": dict(at=RED_AT, coins=5, rings=9), "blue": dict(at=(2, 3), rings=9),
                  "green": dict(at=FAR)},
                 settlements=[("town", (4, 4), "red")],
                 places=[("pearlthorn_castle", NEXT, "blue")],
                 order=["green", "red", "blue"], turn="green", dice=[12])
    m.submit({"do": "end_turn"})
    m.submit({"do": "destroy", "at": list(NEXT)})  # Red attacks Blue's castle
    m.submit({"react": "pearlthorn_castle"})
    m.submit({"do": "claim_settlement", "at": list(NEXT)})  # now Red's; Red's turn ends
    assert place(m, "pearlthorn_castle") == {"kind": "pearlthorn_castle", "at": list(NEXT),
                                             "claim": "red", "power_used": True}
    assert pending(m) == ("blue", "action")
    events = m.submit({"do": "destroy", "at": [4, 4]})
    assert [r["face"] for r in rolls_of(events)] == [12] and pending(m) == ("blue", "action")
    assert Match.restore(m.snapshot()).snapshot()["powers_used"] == ["pearlthorn_castle"]


def test_a_used_power_survives_the_place_leaving_the_board():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR, rings=9)},
                 places=[("pearlthorn_castle", NEXT, "blue")], dice=[18])
    m.submit({"do": "destroy", "at": list(NEXT)})
    m.submit({"react": "pearlthorn_castle"})
    m.submit({"do": "destroy", "at": list(NEXT)})  # not asked again: removed (16-20)
    doc = m.snapshot()
    assert doc["places"] == [] and doc["powers_used"] == ["pearlthorn_castle"]
    twin = same_after_restore(m)
    # Put back the same round (a white-box push of the populate step): still used.
    twin.dice.script = [3, 3]
    twin.stack.append({"step": "place_location", "place": "pearlthorn_castle"})
    twin._advance()
    assert place(twin, "pearlthorn_castle")["power_used"] is True


def test_a_new_round_makes_every_power_usable_again():
    doc = state_doc({"red": dict(at=RED_AT), "blue": dict(at=FAR)},
                    places=[("soul_mine", AWAY, None)])
    doc["powers_used"] = ["soul_mine", "madhouse"]
    m = Match.restore(doc, dice=[])
    assert used(m) == ["madhouse", "soul_mine"] and place(m, "soul_mine")["power_used"]
    m.submit({"do": "end_turn"})
    m.submit({"do": "end_turn"})  # tribute, end check, round 3 populate ... action
    assert m.round == 3 and used(m) == [] and not place(m, "soul_mine")["power_used"]


# ===== Soulwash Temple: cancel an attack on the holder (R37.8) ==========================


def soulwash(holder="blue", **kw):
    return scenario({"red": dict(at=RED_AT, coins=5), "blue": dict(at=NEXT, coins=5, rings=9),
                     "green": dict(at=(9, 5), coins=5, rings=9)},
                    places=[("soulwash_temple", AWAY, holder)], **kw)


def test_soulwash_cancels_an_attack_on_the_holder_before_any_roll():
    m = soulwash(dice=[20, 1])
    events = m.submit({"do": "attack", "dragon": "blue"})
    assert pending(m) == ("blue", "react") and rolls_of(events) == []
    assert m.pending.context["action"] == {"dragon": "red", "do": "attack", "target": "blue"}
    events = m.submit({"react": "soulwash_temple"})
    assert rolls_of(events) == [] and m.dice.script == [20, 1]
    assert kinds(events, "cancelled")[0]["by"] == "blue"
    assert (coins(m, "red"), coins(m, "blue")) == (5, 5)
    assert pending(m) == ("red", "action") and m.actions_left == 2
    events = m.submit({"do": "attack", "dragon": "blue"})  # once a round
    assert [r["face"] for r in rolls_of(events)] == [20, 1] and coins(m, "blue") == 2


def test_soulwash_does_not_protect_another_dragon():
    m = scenario({"red": dict(at=RED_AT, coins=5), "blue": dict(at=NEXT, coins=5),
                  "green": dict(at=FAR, rings=9)},
                 places=[("soulwash_temple", AWAY, "green")], dice=[20, 1])
    events = m.submit({"do": "attack", "dragon": "blue"})
    assert len(rolls_of(events)) == 2 and pending(m) == ("red", "action")


def test_soulwash_pass_and_non_holder_answers():
    m = soulwash(dice=[2, 9])
    m.submit({"do": "attack", "dragon": "blue"})
    refused(m, {"react": "pearlthorn_castle"}, "not on the board")
    refused(m, {"react": "blade_miller"}, "not on the board")
    refused(m, {"react": "soulwash"}, "not something blue can use")
    refused(m, {"do": "end_turn"}, "react")
    refused(m, {"pass": False}, "pass")
    events = m.submit({"pass": True})
    assert [r["face"] for r in rolls_of(events)] == [2, 9] and coins(m, "blue") == 8


# ===== Blade Miller: -1 on an opponent's destroy roll, after the roll (R37.7) ===========


def blade(holder="green", dice=(11,), claim=None):
    return scenario({"red": dict(at=RED_AT, coins=5), "blue": dict(at=FAR, rings=9),
                     "green": dict(at=(1, 1), rings=9)},
                    settlements=[("town", NEXT, claim)],
                    places=[("blade_miller", AWAY, holder)], dice=list(dice))


def test_blade_miller_is_asked_after_the_roll_before_the_result():
    m = blade(dice=[16])
    events = m.submit({"do": "destroy", "at": list(NEXT)})
    assert pending(m) == ("green", "react")
    ctx = m.pending.context
    assert ctx["window"] == "roll"
    assert ctx["roll"] == {"purpose": "destroy", "dragon": "red", "face": 16, "mods": []}
    assert m.dice.script == []                     # the die is rolled ...
    assert rolls_of(events) == [] and kinds(events, "destroyed") == []  # ... not applied
    same_after_restore(m)
    events = m.submit({"react": "blade_miller"})
    (roll,) = rolls_of(events)
    assert (roll["face"], roll["mods"], roll["total"]) == (16, [["blade_miller", -1]], 15)
    assert roll["row"] == "6-15 ruin"
    assert m.snapshot()["settlements"][0]["kind"] == "ruin"
    assert kinds(events, "power")[0] == {"type": "power", "dragon": "green",
                                         "place": "blade_miller", "use": "roll",
                                         "against": "red", "purpose": "destroy", "value": -1}


def test_blade_miller_clamps_and_works_once_a_round():
    m = blade(dice=[1, 1])
    m.submit({"do": "destroy", "at": list(NEXT)})
    events = m.submit({"react": "blade_miller"})
    assert rolls_of(events)[0]["total"] == 0  # R30
    events = m.submit({"do": "destroy", "at": list(NEXT)})
    assert rolls_of(events)[0]["mods"] == [] and pending(m) == ("red", "action")


def test_blade_miller_not_asked_on_own_destroy_or_other_rolls():
    m = blade(holder="red", dice=[12])
    events = m.submit({"do": "destroy", "at": list(NEXT)})
    assert len(rolls_of(events)) == 1 and pending(m) == ("red", "action")
    m = scenario({"red": dict(at=RED_AT, coins=5), "blue": dict(at=FAR, cavern=NEXT, coins=5),
                  "green": dict(at=(1, 1), rings=9)},
                 places=[("blade_miller", AWAY, "green")], dice=[12])
    events = m.submit({"do": "steal_cavern", "dragon": "blue"})
    assert len(rolls_of(events)) == 1 and pending(m) == ("red", "action")


def test_pass_on_blade_miller_keeps_the_face():
    m = blade(dice=[16])
    m.submit({"do": "destroy", "at": list(NEXT)})
    events = m.submit({"pass": True})
    assert rolls_of(events)[0]["total"] == 16 and kinds(events, "destroyed")
    assert used(m) == []


# ===== Arch of Triumph, Chrysota's Chapel, Soul Mine: the holder's own rolls ==========


def test_arch_of_triumph_is_offered_before_the_attack_roll():
    m = scenario({"red": dict(at=RED_AT, coins=5, rings=9), "blue": dict(at=NEXT, coins=5)},
                 places=[("arch_of_triumph", AWAY, "red")], dice=[14, 15, 14, 15])
    events = m.submit({"do": "attack", "dragon": "blue"})
    assert pending(m) == ("red", "modify") and rolls_of(events) == []
    assert m.dice.script == [14, 15, 14, 15]
    assert m.pending.context == {"purpose": "attack", "options": ["arch_of_triumph"]}
    assert m.legal_answers() == [{"power": "arch_of_triumph"}, {"pass": True}]
    same_after_restore(m)
    events = m.submit({"power": "arch_of_triumph"})
    attack, defend = rolls_of(events)
    assert (attack["face"], attack["mods"], attack["total"]) == (14, [["arch_of_triumph", 2]],
                                                                 16)
    assert defend["mods"] == [] and coins(m, "red") == 8
    events = m.submit({"do": "attack", "dragon": "blue"})  # used: no question
    assert [r["total"] for r in rolls_of(events)] == [14, 15] and coins(m, "red") == 5


def test_arch_of_triumph_pass_and_not_on_defence():
    m = scenario({"red": dict(at=RED_AT, coins=5, rings=9), "blue": dict(at=NEXT, coins=5)},
                 places=[("arch_of_triumph", AWAY, "red")], dice=[14, 15])
    m.submit({"do": "attack", "dragon": "blue"})
    refused(m, {"power": "soul_mine"}, "not on the board")
    refused(m, {"power": "arch"}, "not something red can use")
    events = m.submit({"pass": True})
    assert [r["total"] for r in rolls_of(events)] == [14, 15] and used(m) == []
    # Blue attacks the holder: Red's defence roll gets no question.
    m = scenario({"red": dict(at=RED_AT, coins=5, rings=9), "blue": dict(at=NEXT, coins=5)},
                 places=[("arch_of_triumph", AWAY, "red")], turn="blue",
                 order=["blue", "red"], dice=[14, 15])
    events = m.submit({"do": "attack", "dragon": "red"})
    assert len(rolls_of(events)) == 2 and pending(m) == ("blue", "action")


def test_arch_of_triumph_non_holder_not_asked():
    m = scenario({"red": dict(at=RED_AT, coins=5), "blue": dict(at=NEXT, coins=5, rings=9)},
                 places=[("arch_of_triumph", AWAY, "blue")], dice=[14, 15])
    events = m.submit({"do": "attack", "dragon": "blue"})
    assert len(rolls_of(events)) == 2 and pending(m) == ("red", "action")


def test_arch_of_triumph_stays_used_after_changing_hands():
    """Red uses it; Blue takes the arch over and attacks Red: Blue is not asked."""
    m = scenario({"red": dict(at=RED_AT, coins=5, rings=9), "blue": dict(at=NEXT, coins=5)},
                 places=[("arch_of_triumph", (9, 5), "red")], dice=[14, 15, 10, 10])
    m.submit({"do": "attack", "dragon": "blue"})
    m.submit({"power": "arch_of_triumph"})
    m.submit({"do": "end_turn"})
    m.submit({"do": "claim_settlement", "at": [9, 5]})
    assert place(m, "arch_of_triumph")["claim"] == "blue"
    events = m.submit({"do": "attack", "dragon": "red"})  # Blue's last action
    attack, defend = rolls_of(events, "attack") + rolls_of(events, "defend")
    assert (attack["total"], attack["mods"], defend["total"]) == (10, [], 10)
    assert kinds(events, "power") == []


def test_blade_miller_stays_used_after_changing_hands():
    m = scenario({"red": dict(at=RED_AT, coins=5), "blue": dict(at=(11, 5), rings=9),
                  "green": dict(at=FAR, rings=9)},
                 settlements=[("town", (4, 4), None), ("town", (14, 15), None)],
                 places=[("blade_miller", (9, 5), "green")], dice=[12, 12])
    m.submit({"do": "destroy", "at": [4, 4]})
    assert pending(m) == ("green", "react")
    m.submit({"react": "blade_miller"})
    m.submit({"do": "end_turn"})
    m.submit({"do": "claim_settlement", "at": [9, 5]})  # Blue holds it now
    m.submit({"do": "end_turn"})
    events = m.submit({"do": "destroy", "at": [14, 15]})  # Green destroys: Blue not asked
    assert rolls_of(events)[0]["mods"] == [] and pending(m) == ("green", "action")


@pytest.mark.parametrize("action", [
    {"do": "steal_cavern", "dragon": "blue"}, {"do": "steal_chest"},
    {"do": "steal_for_thief", "dragon": "blue"},
])
def test_chrysotas_chapel_adds_2_to_one_steal_roll(action):
    m = scenario({"red": dict(at=RED_AT, coins=5, rings=9),
                  "blue": dict(at=FAR, cavern=NEXT, coins=10)},
                 chest=(7, 7), chest_coins=10,
                 places=[("chrysotas_chapel", AWAY, "red")], dice=[14, 14])
    events = m.submit(action)
    assert pending(m) == ("red", "modify") and rolls_of(events) == []
    events = m.submit({"power": "chrysotas_chapel"})
    (roll,) = rolls_of(events)
    assert (roll["total"], roll["row"]) == (16, "16-19 Theft")
    assert sum(e["amount"] for e in kinds(events, "coins")) == 3
    if m.actions_left >= ACTION_COST[action["do"]]:
        events = m.submit(action)  # once a round: the next steal rolls at once
        assert rolls_of(events)[0]["total"] == 14


def test_soul_mine_adds_1_to_the_tribute_roll():
    m = scenario({"red": dict(at=RED_AT, coins=5, rings=8), "blue": dict(at=FAR)},
                 settlements=[("town", (0, 0), "red")],
                 places=[("soul_mine", AWAY, "red")], dice=[15, 2])
    m.submit({"do": "end_turn"})
    events = m.submit({"do": "end_turn"})
    assert pending(m) == ("red", "modify") and m.phase == "tribute"
    assert m.pending.context["purpose"] == "tribute" and rolls_of(events, "tribute") == []
    same_after_restore(m)
    events = m.submit({"power": "soul_mine"})
    roll = rolls_of(events, "tribute")[0]
    assert (roll["face"], roll["total"], roll["row"]) == (15, 16, "16-19 Rich tribute")
    assert [e["tokens"] for e in kinds(events, "tribute_claim")] == [0, 1]  # town, place


def test_soul_mine_pass_and_holder_without_it_not_asked():
    m = scenario({"red": dict(at=RED_AT, coins=5, rings=8), "blue": dict(at=FAR, rings=9)},
                 settlements=[("town", (0, 0), "red"), ("town", (0, 2), "blue")],
                 places=[("soul_mine", AWAY, "red")], dice=[15, 9])
    m.submit({"do": "end_turn"})
    m.submit({"do": "end_turn"})
    events = m.submit({"pass": True})
    assert [r["total"] for r in rolls_of(events, "tribute")] == [15, 9]  # Blue not asked


# ===== turn powers: answers of the holder's action decision, no action spent ==========

SPOT = NEXT  # the place under test, adjacent to Red (5, 5) and to Blue at (9, 5)


def turn_match(kind, holder="red", **kw):
    """Red (acting), Blue beside the place on its east, Green far away; a ruin at (0, 0)
    and the chest at (3, 0) for the powers that need them."""
    return scenario({"red": dict(at=RED_AT, rings=9), "blue": dict(at=(9, 5), rings=9),
                     "green": dict(at=FAR)},
                    settlements=[("ruin", (0, 0), None)], chest=(3, 0),
                    places=[(kind, SPOT, holder)], **kw)


VALID = {
    "baba_yagas_hut": {"power": "baba_yagas_hut", "to": [7, 7]},
    "angelstar_shrine": {"power": "angelstar_shrine"},
    "tower_of_faces": {"power": "tower_of_faces", "dragon": "red"},
    "tower_of_unquenched_flame": {"power": "tower_of_unquenched_flame", "at": [0, 0]},
    "madhouse": {"power": "madhouse", "dragon": "green", "to": [16, 16]},
    "darkheart_cottage": {"power": "darkheart_cottage", "to": [5, 0]},
}


def powers_in(answers, kind=None):
    return [a for a in answers if "power" in a and (kind is None or a["power"] == kind)]


@pytest.mark.parametrize("kind", sorted(VALID))
def test_turn_power_costs_no_action_and_is_recorded(kind):
    m = turn_match(kind)
    assert VALID[kind] in m.legal_answers()
    events = m.submit(VALID[kind])
    assert kinds(events, "power") == [{"type": "power", "dragon": "red", "place": kind,
                                       "use": "turn", "answer": VALID[kind]}]
    assert kinds(events, "action") == []
    assert m.actions_left == (4 if kind == "angelstar_shrine" else 3)
    assert pending(m) == ("red", "action") and used(m) == [kind]
    assert place(m, kind)["power_used"] is True or kind == "baba_yagas_hut"
    same_after_restore(m)


@pytest.mark.parametrize("kind", sorted(VALID))
def test_turn_power_once_a_round_even_after_changing_hands(kind):
    m = turn_match(kind, order=["red", "blue", "green"])
    m.submit(VALID[kind])
    assert powers_in(m.legal_answers()) == []
    refused(m, VALID[kind], "already been used this round")
    m.submit({"do": "end_turn"})
    at = place(m, kind)["at"]
    m.submit({"do": "claim_settlement", "at": at})  # Blue takes the place over
    assert place(m, kind)["claim"] == "blue" and pending(m) == ("blue", "action")
    assert powers_in(m.legal_answers()) == []
    refused(m, VALID[kind], "already been used this round")


@pytest.mark.parametrize("kind", sorted(VALID))
def test_turn_power_refused_to_a_non_holder(kind):
    m = turn_match(kind, holder="blue")
    assert powers_in(m.legal_answers()) == []
    refused(m, VALID[kind], "Red does not hold", "Blue does")
    m = turn_match(kind, holder=None)
    refused(m, VALID[kind], "nobody does")


def test_a_power_not_on_the_board_or_unknown_is_refused():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)})
    refused(m, {"power": "madhouse", "dragon": "blue", "to": [16, 15]}, "not on the board")
    refused(m, {"power": "mad_house"}, "unknown place of power")
    refused(m, {"power": 3}, "unknown place of power")
    refused(m, {"power": "arch_of_triumph"}, "attack roll")
    refused(m, {"power": "pearlthorn_castle"}, "answers an opponent")
    refused(m, {"power": "blade_miller"}, "answers an opponent")
    refused(m, {"power": "immortals_resting_place"}, "no power")
    refused(m, {"power": "citadel_of_torture"}, "used with a Claim", "\"also\"")  # P17


# --- Baba Yaga's Hut: move up to 3 king steps, claims stay (R37.1) ---------------------


def test_hut_moves_up_to_3_steps_with_its_claim():
    m = turn_match("baba_yagas_hut")
    events = m.submit({"power": "baba_yagas_hut", "to": [10, 2]})
    assert kinds(events, "place_moved") == [{"type": "place_moved", "dragon": "red",
                                             "place": "baba_yagas_hut", "from": [7, 5],
                                             "to": [10, 2]}]
    assert place(m, "baba_yagas_hut") == {"kind": "baba_yagas_hut", "at": [10, 2],
                                          "claim": "red", "power_used": True}


def test_hut_offers_exactly_the_free_footprints():
    m = turn_match("baba_yagas_hut")
    offered = {tuple(a["to"]) for a in powers_in(m.legal_answers(), "baba_yagas_hut")}
    # 7x7 square around (7, 5) minus itself; Red's cells (5-6, 5-6) and Blue's (9-10,
    # 5-6) block every footprint overlapping them.
    expected = set()
    for c in range(4, 11):
        for r in range(2, 9):
            cells = {(c + dc, r + dr) for dc in (0, 1) for dr in (0, 1)}
            taken = {(x, y) for x in (5, 6, 9, 10) for y in (5, 6)}
            if (c, r) != (7, 5) and not cells & taken:
                expected.add((c, r))
    assert offered == expected


@pytest.mark.parametrize(("to", "words"), [
    ([7, 5], "must move"), ([11, 5], "at most 3"), ([7, 9], "at most 3"),
    ([8, 5], "cannot land on blue"), ([6, 4], "cannot land on red"),
    ([7, 4], None), ([4, 2], None),
])
def test_hut_refuses_bad_landings(to, words):
    m = turn_match("baba_yagas_hut")
    if words is None:
        m.submit({"power": "baba_yagas_hut", "to": to})
        assert place(m, "baba_yagas_hut")["at"] == to
    else:
        refused(m, {"power": "baba_yagas_hut", "to": to}, words)


def test_hut_refuses_the_board_edge_blocked_ground_and_pieces():
    board = BoardSpec(blocked=frozenset({(3, 2)}))  # beside the hut: a piece is never on water
    m = scenario({"red": dict(at=(5, 5), rings=9), "blue": dict(at=FAR)},
                 settlements=[("town", (4, 0), None)],
                 places=[("baba_yagas_hut", (1, 1), "red")], board=board)
    refused(m, {"power": "baba_yagas_hut", "to": [-1, 1]}, "leave the board")
    refused(m, {"power": "baba_yagas_hut", "to": [2, 1]}, "blocked ground at (4, 3)")
    refused(m, {"power": "baba_yagas_hut", "to": [3, 0]}, "cannot land on the town at (5, 1)")
    refused(m, {"power": "baba_yagas_hut", "to": "x"}, "'to' must be a cell")


# --- Angelstar Shrine: one more action (R37.2) ------------------------------------------


def test_angelstar_gives_one_more_action_this_turn():
    m = turn_match("angelstar_shrine", actions_left=1)
    events = m.submit({"power": "angelstar_shrine"})
    assert kinds(events, "extra_action") == [{"type": "extra_action", "dragon": "red",
                                              "actions_left": 2}]
    m.submit({"do": "move", "to": [5, 8]})
    assert pending(m) == ("red", "action") and m.actions_left == 1


# --- Tower of Faces: any dragon to its own cavern, R7 placement (R37.3) ----------------


def test_tower_of_faces_sends_a_dragon_home_in_r7_order():
    m = scenario({"red": dict(at=RED_AT, rings=9), "blue": dict(at=FAR, cavern=(10, 10))},
                 settlements=[("town", (12, 10), None)],
                 places=[("tower_of_faces", AWAY, "red")])
    # R7 order from (10, 10): (11, 10) is blocked by the town at (12, 10); next (11, 11).
    events = m.submit({"power": "tower_of_faces", "dragon": "blue"})
    assert kinds(events, "displaced") == [{"type": "displaced", "dragon": "blue",
                                           "from": list(FAR), "to": [11, 11], "by": "red",
                                           "via": "tower_of_faces"}]
    assert m.snapshot()["dragons"]["blue"]["at"] == [11, 11]


def test_tower_of_faces_targets_and_refusals():
    m = scenario({"red": dict(at=RED_AT, rings=9, cavern=(3, 3)),
                  "blue": dict(at=(11, 10), cavern=(10, 10)), "undead": dict(at=FAR)},
                 places=[("tower_of_faces", AWAY, "red")])
    # Red may send itself; Blue already stands at its R7 spot; the Undead has no cavern.
    assert powers_in(m.legal_answers()) == [{"power": "tower_of_faces", "dragon": "red"}]
    refused(m, {"power": "tower_of_faces", "dragon": "blue"}, "already stands beside")
    refused(m, {"power": "tower_of_faces", "dragon": "undead"}, "no cavern",
            "Immortals Resting Place")
    refused(m, {"power": "tower_of_faces", "dragon": "white"}, "not a dragon in this game")
    refused(m, {"power": "tower_of_faces"}, "not a dragon in this game")
    m.submit({"power": "tower_of_faces", "dragon": "red"})
    assert m.snapshot()["dragons"]["red"]["at"] == [4, 3]


def test_tower_of_faces_sends_the_undead_beside_immortals_resting_place():
    """P14: R7's clockwise order around a 2x2 home starts at offset (2, 0)."""
    m = scenario({"red": dict(at=RED_AT, rings=8), "undead": dict(at=FAR)},
                 places=[("tower_of_faces", AWAY, "red"),
                         ("immortals_resting_place", (3, 12), "red")])
    m.submit({"power": "tower_of_faces", "dragon": "undead"})
    assert m.snapshot()["dragons"]["undead"]["at"] == [5, 12]


# --- Tower of Unquenched Flame: ruin -> town, claim stays (R37.4) ----------------------


def test_unquenched_flame_rebuilds_any_ruin_with_its_claim():
    m = scenario({"red": dict(at=RED_AT, rings=9), "blue": dict(at=FAR, rings=9)},
                 settlements=[("ruin", (18, 0), "blue"), ("town", (0, 0), None),
                              ("ruin", (0, 18), None)],
                 places=[("tower_of_unquenched_flame", AWAY, "red")])
    assert powers_in(m.legal_answers()) == [
        {"power": "tower_of_unquenched_flame", "at": [18, 0]},
        {"power": "tower_of_unquenched_flame", "at": [0, 18]}]
    refused(m, {"power": "tower_of_unquenched_flame", "at": [0, 0]}, "is not a ruin")
    refused(m, {"power": "tower_of_unquenched_flame", "at": [9, 9]}, "no ruin at (10, 10)")
    events = m.submit({"power": "tower_of_unquenched_flame", "at": [18, 0]})
    assert kinds(events, "rebuilt") == [{"type": "rebuilt", "dragon": "red", "at": [18, 0],
                                         "claim": "blue"}]
    assert {"kind": "town", "at": [18, 0], "claim": "blue"} in m.snapshot()["settlements"]


# --- Madhouse: an opponent 1 king step to a legal footprint (R37.9) --------------------


def test_madhouse_moves_an_opponent_one_step():
    m = turn_match("madhouse")
    offered = powers_in(m.legal_answers(), "madhouse")
    assert {a["dragon"] for a in offered} == {"blue", "green"}
    # Blue at (9, 5): (8, y) would overlap the place (7-8, 5-6); Green has all 8 steps.
    assert sorted(a["to"] for a in offered if a["dragon"] == "blue") == [
        [9, 4], [9, 6], [10, 4], [10, 5], [10, 6]]
    events = m.submit({"power": "madhouse", "dragon": "blue", "to": [10, 6]})
    assert kinds(events, "displaced")[0]["to"] == [10, 6]
    assert m.snapshot()["dragons"]["blue"]["at"] == [10, 6]


@pytest.mark.parametrize(("answer", "words"), [
    ({"dragon": "red", "to": [5, 4]}, "opponent's dragon, not red"),
    ({"dragon": "blue", "to": [11, 5]}, "at most 1 space"),
    ({"dragon": "blue", "to": [9, 5]}, "must move"),
    ({"dragon": "blue", "to": [8, 5]}, "cannot land on madhouse"),
    ({"dragon": "green", "to": [16, 16]}, None),
    ({"dragon": "green", "to": [19, 19]}, "at most 1 space"),
    ({"dragon": "puce", "to": [1, 1]}, "not a dragon"),
    ({"dragon": "blue"}, "'to' must be a cell"),
])
def test_madhouse_refusals(answer, words):
    m = turn_match("madhouse")
    if words:
        refused(m, {"power": "madhouse", **answer}, words)
    else:
        m.submit({"power": "madhouse", **answer})


def test_madhouse_respects_the_board_edge():
    m = scenario({"red": dict(at=RED_AT, rings=9), "blue": dict(at=(18, 18))},
                 places=[("madhouse", AWAY, "red")])
    refused(m, {"power": "madhouse", "dragon": "blue", "to": [19, 18]}, "leave the board")
    assert sorted(a["to"] for a in powers_in(m.legal_answers())) == [
        [17, 17], [17, 18], [18, 17]]


# --- Darkheart Cottage: the chest up to 5 king steps (R37.14) ---------------------------


def test_darkheart_moves_the_chest_up_to_5_steps():
    m = scenario({"red": dict(at=RED_AT, rings=9), "blue": dict(at=FAR)},
                 chest=(10, 10), chest_coins=4, settlements=[("town", (12, 12), None)],
                 places=[("darkheart_cottage", AWAY, "red")])
    offered = powers_in(m.legal_answers())
    # All 121 cells within 5 of (10, 10) but its own, the town, Red's four (5-6, 5-6)
    # and Blue's corner (15, 15).
    assert len(offered) == 11 * 11 - 1 - 1 - 4 - 1
    refused(m, {"power": "darkheart_cottage", "to": [16, 10]}, "at most 5 spaces")
    refused(m, {"power": "darkheart_cottage", "to": [12, 12]}, "cannot land on the town")
    refused(m, {"power": "darkheart_cottage", "to": [10, 10]}, "must move")
    events = m.submit({"power": "darkheart_cottage", "to": [15, 5]})
    assert kinds(events, "chest_moved") == [{"type": "chest_moved", "at": [15, 5],
                                             "from": [10, 10], "by": "red",
                                             "via": "darkheart_cottage"}]
    assert m.snapshot()["chest"] == {"at": [15, 5], "coins": 4}


def test_darkheart_without_the_chest_on_the_board():
    m = scenario({"red": dict(at=RED_AT, rings=9), "blue": dict(at=FAR)},
                 places=[("darkheart_cottage", AWAY, "red")])
    assert powers_in(m.legal_answers()) == []
    refused(m, {"power": "darkheart_cottage", "to": [1, 1]}, "chest is not on the board")


# ===== controls: whenever the holder acts, not once a round (R36) =====================


def hut_match(holder="red", **kw):
    """Baba Yaga's Hut at (12, 12)-(13, 13); a town at (14, 12) next to it, far from Red."""
    return scenario({"red": dict(at=RED_AT, rings=9), "blue": dict(at=FAR, rings=9)},
                    settlements=[("town", (14, 12), None), ("city", (11, 14), None),
                                 ("town", (16, 12), None)],
                    places=[("baba_yagas_hut", (12, 12), holder),
                            ("madhouse", (10, 10), None)], **kw)


def claims(m):
    return {tuple(s["at"]): s["claim"] for s in m.snapshot()["settlements"]}


def test_hut_holder_claims_a_settlement_adjacent_to_the_hut():
    m = hut_match()
    offered = [a["at"] for a in m.legal_answers() if a.get("do") == "claim"]
    assert offered == [[14, 12], [11, 14]]  # not the far town, not the adjacent place
    events = m.submit({"do": "claim", "at": [14, 12]})
    assert kinds(events, "claim") == [{"type": "claim", "dragon": "red", "at": [14, 12],
                                       "via": "baba_yagas_hut"}]
    m.submit({"do": "claim", "at": [11, 14]})  # a control works again and again
    assert claims(m)[(14, 12)] == claims(m)[(11, 14)] == "red"
    assert m.actions_left == 1


def test_hut_reach_refusals():
    m = hut_match()
    refused(m, {"do": "claim", "at": [16, 12]}, "red is not adjacent to the town at (17, 13)",
            "nor is it a settlement adjacent to baba yaga's hut")
    refused(m, {"do": "claim", "at": [10, 10]}, "not adjacent to madhouse")
    m = hut_match(holder="blue")
    refused(m, {"do": "claim", "at": [14, 12]}, "red is not adjacent to the town")
    assert [a for a in m.legal_answers() if a.get("do") == "claim"] == []


def test_hut_reach_follows_the_moved_hut():
    m = hut_match()
    m.submit({"power": "baba_yagas_hut", "to": [14, 9]})  # (14-15, 9-10): (16,12) is 2 off
    assert [a["at"] for a in m.legal_answers() if a.get("do") == "claim"] == []
    m = hut_match()
    m.submit({"power": "baba_yagas_hut", "to": [14, 10]})  # (14-15, 10-11)
    assert [a["at"] for a in m.legal_answers() if a.get("do") == "claim"] == [
        [14, 12], [16, 12]]


def citadel_match(holder="red", rings=9, **kw):
    return scenario({"red": dict(at=RED_AT, rings=rings), "blue": dict(at=FAR, rings=9)},
                    settlements=[("town", (7, 5), None), ("ruin", (4, 4), None),
                                 ("city", (5, 7), "blue"), ("town", (9, 9), None)],
                    places=[("citadel_of_torture", AWAY, holder),
                            ("madhouse", (7, 7), None)], **kw)


def test_citadel_claims_two_adjacent_settlements_with_one_action():
    m = citadel_match()
    pairs = [a for a in m.legal_answers() if "also" in a]
    assert pairs == [{"do": "claim", "at": [4, 4], "also": [7, 5]},
                     {"do": "claim", "at": [7, 5], "also": [4, 4]}]
    events = m.submit({"do": "claim", "at": [7, 5], "also": [4, 4]})
    assert [(e["at"], e["via"]) for e in kinds(events, "claim")] == [
        ([7, 5], "citadel_of_torture"), ([4, 4], "citadel_of_torture")]
    assert kinds(events, "action")[0]["cost"] == 1 and m.actions_left == 2
    assert m.snapshot()["dragons"]["red"]["rings_in_supply"] == 7
    assert claims(m)[(7, 5)] == claims(m)[(4, 4)] == "red"


@pytest.mark.parametrize(("answer", "words"), [
    ({"at": [7, 5], "also": [7, 5]}, "two different"),
    ({"at": [7, 5], "also": [5, 7]}, "blue already claims the city"),
    ({"at": [7, 5], "also": [7, 7]}, "no settlement at (8, 8)"),
    ({"at": [7, 5], "also": [9, 9]}, "not adjacent to the town at (10, 10)"),
    ({"at": [7, 5], "also": "x"}, "'also' must be a cell"),
])
def test_citadel_refusals(answer, words):
    refused(citadel_match(), {"do": "claim", **answer}, words)


def test_citadel_needs_the_holder_and_two_rings():
    m = citadel_match(holder="blue")
    assert [a for a in m.legal_answers() if "also" in a] == []
    refused(m, {"do": "claim", "at": [7, 5], "also": [4, 4]}, "does not hold citadel")
    m = citadel_match(rings=1)
    assert [a for a in m.legal_answers() if "also" in a] == []
    refused(m, {"do": "claim", "at": [7, 5], "also": [4, 4]}, "needs two rings", "has 1")
    m.submit({"do": "claim", "at": [7, 5]})  # one ring still claims one


def test_darkheart_holder_steals_for_the_thief_from_any_cavern():
    m = scenario({"red": dict(at=RED_AT, rings=9), "blue": dict(at=FAR, coins=6),
                  "undead": dict(at=(1, 1))},
                 chest=(9, 19), places=[("darkheart_cottage", AWAY, "red")], dice=[17])
    thief = [a for a in m.legal_answers() if a.get("do") == "steal_for_thief"]
    assert thief == [{"do": "steal_for_thief", "dragon": "blue"}]  # the Undead: no cavern
    refused(m, {"do": "steal_for_thief", "dragon": "undead"}, "no cavern")
    events = m.submit({"do": "steal_for_thief", "dragon": "blue"})
    assert rolls_of(events)[0]["total"] == 17
    assert coins(m, "blue") == 3 and m.snapshot()["chest"]["coins"] == 3
    # A plain Steal from a cavern still needs adjacency.
    refused(m, {"do": "steal_cavern", "dragon": "blue"}, "not adjacent to blue's cavern")


def test_darkheart_reach_needs_the_holder():
    m = scenario({"red": dict(at=RED_AT, rings=9), "blue": dict(at=FAR, coins=6)},
                 places=[("darkheart_cottage", AWAY, "blue")], dice=[17])
    assert [a for a in m.legal_answers() if a.get("do") == "steal_for_thief"] == []
    refused(m, {"do": "steal_for_thief", "dragon": "blue"}, "not adjacent to blue's cavern")


def test_immortals_resting_place_is_the_undeads_cavern_while_on_the_board():
    m = scenario({"red": dict(at=RED_AT, coins=3), "undead": dict(at=FAR, coins=6)},
                 places=[("immortals_resting_place", NEXT, None)], dice=[17])
    assert {"do": "steal_cavern", "dragon": "undead"} in m.legal_answers()
    m.submit({"do": "steal_cavern", "dragon": "undead"})
    assert (coins(m, "red"), coins(m, "undead")) == (6, 3)

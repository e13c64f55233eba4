"""View models without a window: odds, action-bar legality and reasons, panel, stats."""

from fractions import Fraction

from game.match import Match
from game.players import RandomPlayer, play_out
from game.tables import ACTIONS, STEAL
from game.ui import odds, stats
from game.ui.action_bar import action_slots, idle_slots, why_not
from tests.helpers import scenario


# ----- odds: from the charts, never typed in --------------------------------------------
def test_steal_odds_follow_the_chart():
    m = scenario({"red": dict(at=(5, 5), coins=2), "blue": dict(at=(12, 12), cavern=(7, 5),
                                                                 coins=9)})
    o = odds.action_odds(m, "red", {"do": "steal_cavern", "dragon": "blue"})
    assert [(r.label, r.percent) for r in o.rows] == [
        ("0-3 Turnabout", 15), ("4-9 Failed Theft", 30), ("10-15 Fair Theft", 30),
        ("16-19 Theft", 20), ("20 Critical Theft", 5)]
    assert sum(r.chance for r in o.rows) == 1
    assert o.rows[3].outcome == "+3 coins from Blue"
    assert o.rows[0].outcome == "you pay Blue 1 coin"
    # exact chances come from counting faces on the chart rows
    assert o.rows[1].chance == Fraction(STEAL[1][1] - STEAL[1][0] + 1, 20)


def test_steal_outcome_capped_by_what_the_victim_holds():  # R29
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(12, 12), cavern=(7, 5), coins=2)})
    o = odds.action_odds(m, "red", {"do": "steal_cavern", "dragon": "blue"})
    assert o.rows[-1].outcome == "+2 coins from Blue (all there is)"
    assert o.rows[0].outcome == "Turnabout, but you have no coin"


def test_destroy_odds_use_the_claimed_column_and_the_destroyed_chart():
    m = scenario({"red": dict(at=(5, 5), coins=5), "blue": dict(at=(12, 12))},
                 settlements=[("city", (7, 5), "blue"), ("town", (4, 5), None)])
    claimed = odds.action_odds(m, "red", {"do": "destroy", "at": [7, 5]})
    assert [(r.label, r.percent) for r in claimed.rows] == [
        ("0-5 revolt", 25), ("6-10 nothing", 25), ("11-15 unclaim", 25), ("16-19 ruin", 20),
        ("20 destroyed", 5)]
    assert claimed.rows[0].outcome == "you lose 3 coins"
    assert claimed.rows[3].outcome == "becomes a ruin, +2 coins"
    assert claimed.rows[4].outcome == "destroyed, +5 coins"
    plain = odds.action_odds(m, "red", {"do": "destroy", "at": [4, 5]})
    assert plain.rows[-1].outcome == "destroyed, +2 coins and a treasure token"


def test_chapel_is_offered_as_an_optional_modifier():
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(12, 12), cavern=(7, 5), coins=9)},
                 places=[("chrysotas_chapel", (2, 2), "red")])
    o = odds.action_odds(m, "red", {"do": "steal_cavern", "dragon": "blue"})
    assert o.optional and "Chrysota's Chapel (+2)" in o.optional[0]
    assert "15% Critical Theft" in o.optional[0]  # faces 18-20 reach 20


def test_attack_odds_ties_go_to_the_defender():  # R26
    assert odds.win_chance(0, 0) == Fraction(190, 400)
    assert odds.win_chance(2, 0) == Fraction(sum(min(20, max(0, a + 1)) for a in range(1, 21))
                                             , 400)
    m = scenario({"red": dict(at=(5, 5), coins=1), "blue": dict(at=(7, 5), coins=8)})
    o = odds.action_odds(m, "red", {"do": "attack", "dragon": "blue"})
    assert [r.percent for r in o.rows] == [48, 52]
    assert o.rows[0].outcome == "+3 from Blue" and o.rows[1].outcome == "-1 to Blue"


def test_no_odds_for_actions_without_a_roll():
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(12, 12))})
    assert odds.action_odds(m, "red", {"do": "move", "to": [6, 6]}) is None


def test_tribute_lines_show_copper_and_gold_bonuses():
    assert odds.tribute_lines("town") == ["Tribute 9-15: 1 coin, 16-19: 2 coins, "
                                          "20-21: 3 coins; beside it: 1 coin"]
    assert "9-15: 2 coins" in odds.tribute_lines("town", "copper")[0]
    assert "9-15: 3 coins" in odds.tribute_lines("city", "gold")[0]


# ----- action bar: legal answers or the engine's reason -------------------------------
def test_action_slots_cover_all_eleven_actions_with_reasons():
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(15, 15))},
                 settlements=[("town", (7, 5), None)])
    slots = action_slots(m, "red", m.legal_answers())
    assert [s.key for s in slots] == list(ACTIONS)
    by = {s.key: s for s in slots}
    assert by["move"].enabled and by["claim"].enabled and by["gamble"].enabled
    assert by["claim"].answers == [{"do": "claim", "at": [7, 5]}]
    assert by["attack"].reason == "Red is not adjacent to Blue"  # the engine's own words
    assert by["steal_chest"].reason == "the thief's chest is not on the board yet"
    assert by["claim_settlement"].reason == ("nobody claims the town at (8, 6); a plain "
                                             "Claim (1 action) takes it")
    assert by["abandon"].reason == "Red has no claim ring on the board"
    assert by["end_turn"].enabled and by["end_turn"].cost == 0


def test_cost_reason_comes_first():
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(7, 5), cavern=(12, 12))},
                 settlements=[("town", (7, 7), "blue")], actions_left=1)
    assert why_not(m, "red", "claim_settlement") == ("Claim Settlement costs 2 actions; Red "
                                                     "has 1 left")


def test_gold_may_not_destroy_settlements_reason():
    m = scenario({"gold": dict(at=(5, 5)), "blue": dict(at=(15, 15))},
                 settlements=[("town", (7, 5), None)])
    assert why_not(m, "gold", "destroy").startswith("Gold shall not destroy settlements")


def test_turn_powers_become_extra_slots():
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(15, 15))},
                 places=[("angelstar_shrine", (2, 2), "red")])
    slots = action_slots(m, "red", m.legal_answers())
    extra = slots[len(ACTIONS):]
    assert [(s.key, s.label, s.hotkey) for s in extra] == [
        ("power:angelstar_shrine", "Angelstar Shrine", "Q")]


def test_idle_slots_all_disabled_with_the_reason():
    slots = idle_slots("Waiting for Blue")
    assert len(slots) == 11 and not any(s.enabled for s in slots)
    assert {s.reason for s in slots} == {"Waiting for Blue"}


# ----- end-screen statistics --------------------------------------------------------------
def test_stats_agree_with_final_coins():
    m = Match([None] * 4, seed=5, options={"target": 30})
    play_out(m, RandomPlayer(5))
    names = m.seat_names
    series = stats.coins_by_round(m.events, names)
    doc = m.snapshot()
    for n in names:
        assert series[n][-1] == doc["dragons"][n]["coins"]
        assert len(series[n]) == m.round + 1
    st = stats.dragon_stats(m.events, names)
    for n in names:
        s = st[n]
        assert sum(s.gained.values()) - s.lost <= doc["dragons"][n]["coins"]
        assert s.treasure == sum(doc["dragons"][n]["treasure"])
    table = stats.standings(m.scores(), doc)
    assert table[0][0] in (m.winner if isinstance(m.winner, list) else [m.winner])
    m.close()


def test_stats_by_source():
    events = [
        {"type": "coins", "from": "bank", "to": "red", "amount": 4, "reason": "tribute"},
        {"type": "coins", "from": "blue", "to": "red", "amount": 3, "reason": "steal"},
        {"type": "coins", "from": "red", "to": "blue", "amount": 3, "reason": "attack"},
        {"type": "attack", "attacker": "red", "defender": "blue", "attack": 3, "defence": 9,
         "winner": "blue"},
        {"type": "coins", "from": "bank", "to": "blue", "amount": 2, "reason": "destroy"},
    ]
    st = stats.dragon_stats(events, ["red", "blue"])
    assert st["red"].gained == {"tribute": 4, "destroy": 0, "steal": 3, "attack": 0}
    assert st["red"].lost == 3 and st["blue"].lost == 3
    assert st["blue"].gained["attack"] == 3 and st["blue"].gained["destroy"] == 2
    assert st["blue"].attacks_won == 1 and st["red"].attacks_lost == 1

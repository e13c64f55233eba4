"""The odds the window shows include every card and place modifier (P40, issue 19):
the roller's own (Fighter, Sneaker, Destroyer, Arch of Triumph, Chrysota's Chapel), the
tribute roll's (Governor, Soul Mine), and an opponent's as far as the viewer can know
(Blade Miller on the board; Defender and Inciter only when the card is known, P28)."""

from __future__ import annotations

from game import questions, rule_maths
from game.ai import model
from game.ui import odds
from tests.helpers import scenario

RED_AT = (5, 5)


def test_sneaker_is_listed_on_a_steal_roll():
    m = scenario({"red": dict(at=RED_AT, card="sneaker"),
                  "blue": dict(at=(12, 12), cavern=(7, 5), coins=9)})
    o = odds.action_odds(m, "red", {"do": "steal_cavern", "dragon": "blue"})
    assert any("Sneaker (+2)" in line for line in o.optional)


def test_chapel_and_sneaker_both_listed():
    m = scenario({"red": dict(at=RED_AT, card="sneaker"),
                  "blue": dict(at=(12, 12), cavern=(7, 5), coins=9)},
                 places=[("chrysotas_chapel", (2, 2), "red")])
    o = odds.action_odds(m, "red", {"do": "steal_cavern", "dragon": "blue"})
    assert [line.split(":")[0] for line in o.optional] == [
        "If you add Chrysota's Chapel (+2)", "If you add Sneaker (+2)"]


def test_a_used_chapel_is_not_listed():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=(12, 12), cavern=(7, 5), coins=9)},
                 places=[("chrysotas_chapel", (2, 2), "red")])
    m.powers_used.add("chrysotas_chapel")
    assert odds.action_odds(m, "red", {"do": "steal_cavern", "dragon": "blue"}).optional == []


def test_fighter_and_arch_of_triumph_on_the_attack():
    m = scenario({"red": dict(at=RED_AT, card="fighter"), "blue": dict(at=(7, 5), coins=8)},
                 places=[("arch_of_triumph", (2, 12), "red")])
    o = odds.action_odds(m, "red", {"do": "attack", "dragon": "blue"})
    won = round(rule_maths.win_chance(2, 0) * 100)
    assert o.optional == [f"+2 with Arch of Triumph: {won}% to win",
                          f"+2 with Fighter: {won}% to win"]


def test_destroyer_own_and_blade_miller_hostile_on_a_destroy():
    m = scenario({"red": dict(at=RED_AT, card="destroyer"), "blue": dict(at=(12, 12))},
                 settlements=[("town", (7, 5), None)],
                 places=[("blade_miller", (2, 12), "blue")])
    o = odds.action_odds(m, "red", {"do": "destroy", "at": [7, 5]})
    assert o.optional[0].startswith("If you add Destroyer (+2): ")
    assert o.optional[1].startswith("If Blue uses Blade Miller (-1): ")
    assert o.optional[1].endswith(" / ".join(
        f"{round(c * 100)}% {row[2]}" for row, c in rule_maths.chart_distribution(
            "destroy_unclaimed", -1)))


def test_inciter_only_when_known_to_the_viewer():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=(12, 12), card="inciter")},
                 settlements=[("town", (7, 5), "blue")])
    answer = {"do": "destroy", "at": [7, 5]}
    assert odds.action_odds(m, "red", answer).optional == []  # hidden card (P28)
    o = odds.action_odds(m, "red", answer, known_cards={"red": None, "blue": "inciter"})
    assert o.optional == [o.optional[0]] and "If Blue uses Inciter (-2)" in o.optional[0]
    plain = scenario({"red": dict(at=RED_AT), "blue": dict(at=(12, 12), card="inciter")},
                     settlements=[("town", (7, 5), None)])  # unclaimed: Inciter cannot
    assert odds.action_odds(plain, "red", answer,
                            known_cards={"blue": "inciter"}).optional == []


def test_defender_only_when_known_and_only_for_the_one_attacked():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=(7, 5), coins=8, card="defender")})
    answer = {"do": "attack", "dragon": "blue"}
    assert odds.action_odds(m, "red", answer).optional == []
    o = odds.action_odds(m, "red", answer, known_cards={"blue": "defender"})
    lost = round(rule_maths.win_chance(-2, 0) * 100)
    assert o.optional == [f"-2 if Blue uses Defender: {lost}% to win"]


def test_governor_and_soul_mine_on_the_tribute_line():
    m = scenario({"red": dict(at=RED_AT, card="governor"), "blue": dict(at=(12, 12))},
                 places=[("soul_mine", (2, 12), "red")])
    mods = questions.tribute_modifiers(m, "red")
    assert mods == [("soul_mine", 1), ("governor", 2)]
    lines = odds.tribute_lines("town", "red", mods)
    assert lines[1].startswith("With Soul Mine (+1): about ")
    assert lines[2].startswith("With Governor (+2): about ")
    base = rule_maths.tribute_expectation("red", "town", 0)
    assert f"instead of {base:.1f}" in lines[2]


def test_copier_of_a_played_fighter_is_listed():
    m = scenario({"red": dict(at=RED_AT, card="copier"), "blue": dict(at=(7, 5), coins=8)},
                 played=["fighter"])
    o = odds.action_odds(m, "red", {"do": "attack", "dragon": "blue"})
    assert o.optional and o.optional[0].startswith("+2 with Copier")


def test_the_odds_engine_and_ai_share_one_maths():
    for mod in range(-3, 4):
        assert model.attack_win(mod, 0) == float(rule_maths.win_chance(mod, 0))
        assert model.chart_dist("steal", mod) == rule_maths.result_distribution("steal", mod)
        assert model.tribute_ev("city", "gold", mod) == rule_maths.tribute_expectation(
            "gold", "city", mod)
    assert odds.chart_distribution is rule_maths.chart_distribution

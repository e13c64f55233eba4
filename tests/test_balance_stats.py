"""The balance lab's statistics on known inputs (game/balance/stats.py)."""

from __future__ import annotations

import pytest

from game.balance import stats


def test_wilson_interval_known_values():
    low, high = stats.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = stats.wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = stats.wilson(41, 100)
    assert (round(100 * low), round(100 * high)) == (32, 51)
    assert stats.wilson(0, 0) == (0.0, 0.0)


def test_exact_binomial_p_values():
    assert stats.binomial_p(5, 10, 0.5) == pytest.approx(1.0)
    # 0 of 10 at 1/2: 2 * 0.5**10
    assert stats.binomial_p(0, 10, 0.5) == pytest.approx(2 / 1024)
    # 9 of 10 at 1/2: P(<=1) + P(>=9) = 22/1024
    assert stats.binomial_p(9, 10, 0.5) == pytest.approx(22 / 1024)
    assert stats.binomial_p(3, 0, 0.25) == 1.0


def test_holm_adjustment():
    assert stats.holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert stats.holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])


def test_the_fairness_test_flags_a_biased_seat_and_not_a_fair_sample():
    # 200 games, 4 seats: seat 3 wins 41%, the others share the rest (each within chance)
    biased = [{"label": f"seat {s + 1}", "wins": w, "games": 200, "fair": 0.25}
              for s, w in enumerate((40, 40, 82, 38))]
    tested = stats.fairness(biased)
    assert [g["unfair"] for g in tested] == [False, False, True, False]
    assert stats.sentence(tested[2]).startswith(
        "seat 3 wins 41% [34–48] of 200 games where 25% is fair: more than chance")
    fair = [{"label": f"seat {s + 1}", "wins": w, "games": 400, "fair": 0.25}
            for s, w in enumerate((104, 96, 92, 108))]
    assert not any(g["unfair"] for g in stats.fairness(fair))


def test_many_groups_need_holm_to_stay_quiet():
    # 12 groups, one at p ~ 0.02 by itself: not unfair once 12 are looked at
    groups = [{"label": str(i), "wins": 25, "games": 100, "fair": 0.25} for i in range(11)]
    groups.append({"label": "lucky", "wins": 36, "games": 100, "fair": 0.25})
    tested = stats.fairness(groups)
    assert tested[-1]["p"] < 0.05 and not tested[-1]["unfair"]

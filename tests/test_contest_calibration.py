"""tools/contest_calibration.py: the tournament's games replayed, every forecast a
chance, the bins adding up, and bad seats refused in one line."""

from __future__ import annotations

import json

from tests.helpers import tournament_scores
from tools import contest_calibration


def test_it_replays_the_tournaments_games_and_forecasts_chances():
    seats = ["hard", "normal", "normal"]
    game = contest_calibration.play(seats, 7, 1, 300, 15, 5)
    assert game["scores"] == tournament_scores(seats, 7, 1, 300, 15, 5)
    assert game["claims"] and game["race"]
    for c in game["claims"] + game["race"]:
        assert 0.0 <= c["q"] <= 1.0
        assert not c["soon"] or c["taken"]  # taken by my next turn: taken at all
    for c in game["claims"]:
        assert c["gap"] >= 1  # the nearest opponent's gap (no two pieces share a cell)
    rows = contest_calibration.report(game["claims"])
    assert sum(r["claims"] for r in rows) == len(game["claims"])


def test_the_report_bins_forecast_against_outcome():
    claims = [{"q": 0.0, "taken": True, "soon": False},
              {"q": 0.5, "taken": True, "soon": True},
              {"q": 0.55, "taken": False, "soon": False}]
    rows = {r["bin"]: r for r in contest_calibration.report(claims)}
    assert rows["none"] == {"bin": "none", "claims": 1, "forecast": 0.0,
                            "taken_soon": 0.0, "taken_ever": 1.0}
    assert rows["0.4-0.6"]["claims"] == 2 and rows["0.4-0.6"]["taken_soon"] == 0.5
    assert set(rows) == {"none", "0.4-0.6"}


def test_the_gap_report_groups_claims_by_the_nearest_opponent():
    claims = [{"q": 0.6, "taken": True, "soon": True, "gap": 1},
              {"q": 0.3, "taken": False, "soon": False, "gap": 4},
              {"q": 0.0, "taken": True, "soon": False, "gap": 5},
              {"q": 0.0, "taken": False, "soon": False, "gap": 7},
              {"q": 0.0, "taken": False, "soon": False, "gap": 12}]
    rows = {r["gap"]: r for r in contest_calibration.by_gap(claims)}
    assert list(rows) == ["1", "2-4", "5-7", "11+"]
    assert rows["5-7"] == {"gap": "5-7", "claims": 2, "forecast": 0.0,
                           "taken_soon": 0.0, "taken_ever": 0.5}
    assert rows["2-4"]["forecast"] == 0.3 and rows["1"]["taken_soon"] == 1.0


def test_json_output(capsys):
    assert contest_calibration.main(["--seats", "hard,easy", "--games", "1", "--seed", "3",
                                     "--budget", "300", "--target", "10",
                                     "--round-cap", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"contest", "contest_by_gap", "race"}


def test_bad_seats_get_one_line(capsys):
    for seats in ("hard,wizard", "normal,easy", "hard"):
        assert contest_calibration.main(["--seats", seats]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "--seats" in err

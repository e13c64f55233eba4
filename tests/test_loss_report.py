"""tools/loss_report.py: it replays the tournament's games (the same scores), reports
the studied level's figures beside the others', and refuses bad seats in one line."""

from __future__ import annotations

import json

from tests.helpers import tournament_scores
from tools import loss_report

SMALL = {"budget": 300, "target": 10, "cap": 4}


def test_the_report_replays_the_tournaments_games():
    seats = ["normal", "easy", "easy"]
    for g in range(2):
        assert loss_report.play(seats, 5, g, **SMALL)["scores"] == \
            tournament_scores(seats, 5, g, 300, 10, 4)


def test_json_report_counts_the_level_and_the_others(capsys):
    assert loss_report.main(["--seats", "normal,easy", "--games", "2", "--seed", "5",
                             "--budget", "300", "--target", "10", "--round-cap", "4",
                             "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["games"] == 2 and 0 <= rep["wins"] <= 2
    assert rep["level"]["claim_rounds"] >= rep["level"]["towns"] + rep["level"]["cities"] - 1e-9
    assert set(rep["by_round"]) and all(v["games"] <= 2 for v in rep["by_round"].values())
    last = rep["end"]["last"]  # every game has one round that ended it
    assert last["leading"] + last["trailing"] == 2
    assert last["won_leading"] + last["won_trailing"] == rep["wins"]
    # with a target of 10 every earlier round begins within 10 of it
    near = rep["end"]["near"]
    rounds = sum(v["games"] for v in rep["by_round"].values())
    assert near["leading"] + near["trailing"] == rounds - 2


def test_bad_seats_get_one_line(capsys):
    assert loss_report.main(["--seats", "hard,wizard"]) == 2
    err = capsys.readouterr().err
    assert "wizard" in err and len(err.strip().splitlines()) == 1

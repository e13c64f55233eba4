"""tools/forecast_check.py: the tournament's games replayed, a feature the result
depends on found beside the value, and bad seats refused in one line."""

from __future__ import annotations

import json
import math
import random

from game.ai.decide import LEVEL_SETTINGS
from game.ai.evaluate import Evaluator
from game.ai.model import from_view
from game.seat_view import seat_view
from tests.helpers import scenario, tournament_scores
from tools import forecast_check


def test_it_replays_the_tournaments_games_and_records_each_turn_end():
    seats = ["hard", "normal", "normal"]
    game = forecast_check.play(seats, 7, 1, 300, 15, 5)
    assert game["scores"] == tournament_scores(seats, 7, 1, 300, 15, 5)
    assert game["rows"] and game["result"] in (0.0, 0.5, 1.0 / 3, 1.0)
    for row in game["rows"]:
        assert len(row) == 1 + len(forecast_check.FEATURES)
        f = dict(zip(forecast_check.FEATURES, row[1:], strict=True))
        assert 0 <= f["beside"] <= f["claims"] and 0 <= f["exposed"] <= f["claims"]
        assert f["exposed"] + f["two_moves"] <= f["claims"]
        assert f["rounds_left"] >= 1.0


def _games(effect: float, n: int = 300) -> list[dict]:
    """Synthetic games: the result depends on the value and on `beside` (weight
    `effect`), on nothing else."""
    rng = random.Random(5)
    games = []
    for _ in range(n):
        rows = [[rng.gauss(0, 5)] + [float(rng.randint(0, 3)) for _ in forecast_check.FEATURES]
                for _ in range(4)]
        z = 0.3 * rows[-1][0] + effect * rows[-1][2] - effect * 1.5
        games.append({"rows": rows, "result": float(rng.random() < 1 / (1 + math.exp(-z)))})
    return games


def test_the_fit_finds_a_feature_the_result_depends_on():
    terms = {r["term"]: r for r in forecast_check.fit(_games(1.0))}
    assert list(terms)[:2] == ["value", "middle"] and "constant" in terms
    assert terms["value"]["z"] > 3
    assert terms["beside"]["z"] > 3 and terms["beside"]["coins"] > 1  # worth > a coin
    others = [t for t in forecast_check.FEATURES if t != "beside"]
    assert all(abs(terms[t]["z"]) < 3 for t in others)
    # without the effect, beside stands out no more than the others
    assert abs({r["term"]: r for r in forecast_check.fit(_games(0.0))}["beside"]["z"]) < 3


def test_json_output(capsys, monkeypatch):
    games = _games(1.0, 60)
    monkeypatch.setattr(forecast_check, "play", lambda seats, seed, g, *rest: games[g])
    assert forecast_check.main(["--games", "60", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["games"] == 60 and doc["records"] == 240
    assert [r["term"] for r in doc["terms"]] == ["value", *forecast_check.FEATURES, "constant"]


def test_too_few_games_get_one_line(capsys, monkeypatch):
    same = {"rows": [[1.0] * (1 + len(forecast_check.FEATURES))], "result": 1.0}
    monkeypatch.setattr(forecast_check, "play", lambda *args: same)
    assert forecast_check.main(["--games", "5"]) == 1
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_bad_seats_get_one_line(capsys):
    for seats in ("hard,wizard", "easy,normal", "hard"):
        assert forecast_check.main(["--seats", seats]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "--seats" in err


def test_the_errors_are_clustered_by_game():
    """A game's records share one result: four copies of each record say no more than
    one, so the weights and their standard errors stay (a per-record error would halve)."""
    once = [{"rows": g["rows"][:1], "result": g["result"]} for g in _games(1.0)]
    four = [{"rows": g["rows"] * 4, "result": g["result"]} for g in once]
    a, b = forecast_check.fit(once), forecast_check.fit(four)
    for x, y in zip(a, b, strict=True):
        assert math.isclose(x["weight"], y["weight"], rel_tol=0.02, abs_tol=1e-3)
        assert math.isclose(x["se"], y["se"], rel_tol=0.05)


def test_the_features_of_a_position():
    """Red at (2, 2) with a city beside it, a town a move from Blue (gap 4)
    and a town two moves from Green (gap 5)."""
    m = scenario({"red": dict(at=(2, 2)), "blue": dict(at=(12, 12)),
                  "green": dict(at=(17, 0))},
                  settlements=[("city", (4, 2), "red"), ("town", (8, 12), "red"),
                               ("town", (12, 5), "red")],
                  order=["red", "blue", "green"], turn="red")
    pos = from_view(seat_view(m, "red"), m.board)
    ev = Evaluator(pos, LEVEL_SETTINGS["hard"]["params"])
    f = forecast_check.features(pos, ev)
    assert f["claims"] == 3 and f["beside"] == 1
    assert (f["exposed"], f["two_moves"]) == (1, 1)  # (8, 12): gap 4; (12, 5): 5
    assert f["middle"] == 7 and f["near_me"] == 0 and f["gambles"] == 0
    assert f["copper_opponent"] == 0.0 and f["rounds_left"] == ev.h

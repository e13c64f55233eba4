"""tools/tournament.py: a tiny seeded run, its summary, JSON, plot and bad input."""

from __future__ import annotations

import json

import pytest

from game.ai.decide import LEVEL_SETTINGS
from game.tables import DRAGONS
from tools import tournament


def args(*extra):
    return ["--seats", "easy,random", "--games", "2", "--seed", "3", "--target", "10",
            "--round-cap", "4", "--budget", "300", "--quiet", *extra]


def test_smoke_run_prints_win_rates_timings_and_dragons(capsys):
    tournament.main(args())
    out = capsys.readouterr().out
    for words in ("2 games", "win rate", "95% CI", "average rounds", "median", "p95",
                  "win rate per dragon", "easy", "random"):
        assert words in out, out


def test_json_summary_and_seat_rotation(capsys):
    tournament.main(args("--json"))
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 2
    assert [s["seat"] for s in summary["seats"]] == ["easy", "random"]
    assert sum(s["wins"] for s in summary["seats"]) == pytest.approx(2.0)
    for s in summary["seats"]:
        low, high = s["ci95"]
        assert 0.0 <= low <= s["win_rate"] <= high <= 1.0
    assert set(summary["timing"]) == {"easy", "random"}
    assert sum(d["games"] for d in summary["dragons"].values()) == 4


def test_each_entry_sits_at_every_seat_in_turn():
    job = {"seats": ["easy", "random"], "seed": 3, "map": None, "target": 10,
           "round_cap": 2, "budget": 200, "time_limit": None}
    first = tournament.play_game({**job, "game": 0})
    second = tournament.play_game({**job, "game": 1})
    assert list(first["entries"].values()) == [0, 1]
    assert list(second["entries"].values()) == [1, 0]
    again = tournament.play_game({**job, "game": 0})
    assert again["scores"] == first["scores"] and again["rounds"] == first["rounds"]


def test_plot_writes_a_png(tmp_path, capsys):
    path = tmp_path / "rates.png"
    tournament.main(args("--plot", str(path)))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("name", ["missing-folder/rates.png", "rates.jpg"])
def test_an_unwritable_plot_is_refused_before_any_game(tmp_path, capsys, monkeypatch, name):
    monkeypatch.setattr(tournament, "run", lambda a: pytest.fail("games were played"))
    with pytest.raises(SystemExit) as exc:
        tournament.main(args("--plot", str(tmp_path / name)))
    assert str(exc.value).startswith("tournament: ")


def test_wilson_interval():
    low, high = tournament.wilson(50, 100)
    assert low == pytest.approx(0.404, abs=0.001) and high == pytest.approx(0.596, abs=0.001)
    assert tournament.wilson(0, 0) == (0.0, 0.0)


@pytest.mark.parametrize("bad", [["--seats", "easy,genius"], ["--seats", "easy"],
                                 ["--games", "0"]])
def test_bad_arguments_get_one_line(bad):
    with pytest.raises(SystemExit) as info:
        tournament.main(args(*bad))
    assert "tournament:" in str(info.value)


def test_jobs_run_on_the_balance_labs_dask_engine_with_the_same_results(capsys):
    pytest.importorskip("distributed")
    tournament.main(args("--json", "--games", "3"))
    alone = json.loads(capsys.readouterr().out)
    tournament.main(args("--json", "--games", "3", "--jobs", "2"))
    on_dask = json.loads(capsys.readouterr().out)
    for key in ("games", "seats", "dragons", "avg_rounds"):
        assert on_dask[key] == alone[key]


def test_set_tries_a_levels_setting_for_the_run_and_leaves_no_trace(capsys, monkeypatch):
    before = LEVEL_SETTINGS["easy"]
    seen = []
    real = tournament.choose

    def spy(view, level, **kw):
        seen.append((LEVEL_SETTINGS[level]["blunder"], LEVEL_SETTINGS[level]["taste"]["steal"],
                     LEVEL_SETTINGS["hard"].get("replies")))
        return real(view, level, **kw)

    monkeypatch.setattr(tournament, "choose", spy)
    tournament.main(args("--set", "easy.blunder=1.0", "--set", "easy.taste.steal=2",
                         "--set", 'hard.replies={"lines": 2}'))
    assert seen and all(s == (1.0, 2, {"lines": 2}) for s in seen)
    assert LEVEL_SETTINGS["easy"] is before and before["blunder"] == 0.12
    assert before["taste"]["steal"] == 0.6 and "replies" not in LEVEL_SETTINGS["hard"]
    assert "avg margin" in capsys.readouterr().out


def test_set_parses_paths_and_json():
    assert tournament.parse_setting("hard.params.race=0.4") == (["hard", "params", "race"], 0.4)
    assert tournament.parse_setting('hard.replies={"lines": 3}') == (
        ["hard", "replies"], {"lines": 3})
    # the place worth tables (issue 36) take a table of places, "registry" or null
    assert tournament.parse_setting("hard.params.learned=1.0")[1] == 1.0  # learned.PARAMS
    for good in ('{"soul_mine": 1.0, "angelstar_shrine": 0}', '"registry"', "registry",
                 "null"):
        assert tournament.parse_setting(f"hard.params.stake_worth={good}")[1] == (
            json.loads(good) if good != "registry" else "registry")
    with tournament.level_settings([(["hard", "replies"], {"lines": 3})]):
        assert LEVEL_SETTINGS["hard"]["replies"] == {"lines": 3}
        assert "replies" not in LEVEL_SETTINGS["normal"]
    assert "replies" not in LEVEL_SETTINGS["hard"]


@pytest.mark.parametrize("bad", ["easy", "easy=1", "genius.noise=1", "easy.nogroup.x=1",
                                 "easy.noise.x=1", "hard.params.powr_scale=1",
                                 "hard.params.power_worth=5", "hard.params.stake_worth=registy",
                                 'hard.params.stake_worth={"soul_mne": 1.0}',
                                 'hard.params.power_worth={"soul_mine": "1"}'])
def test_a_bad_set_gets_one_line_before_any_game(bad, monkeypatch):
    monkeypatch.setattr(tournament, "play_game", lambda job: pytest.fail("a game ran"))
    with pytest.raises(SystemExit) as info:
        tournament.main(args("--set", bad))
    message = str(info.value)
    assert message.startswith("tournament: --set") and "\n" not in message


def test_margins_are_each_seats_score_less_the_best_other():
    record = {"entries": {"red": 0, "blue": 1, "gold": 2}, "scores": {"red": 30, "blue": 50,
              "gold": 41}, "winners": ["blue"], "rounds": 9, "times": {}}
    summary = tournament.summarize(["hard", "normal", "normal"], [record])
    assert [s["avg_margin"] for s in summary["seats"]] == [-20, 9, -9]


def test_records_keep_each_games_result_as_a_json_line(tmp_path, capsys):
    path = tmp_path / "games.jsonl"
    tournament.main(args("--records", str(path)))
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert sorted(r["game"] for r in lines) == [0, 1]
    for r in lines:
        assert set(r["scores"]) == set(r["entries"]) and "times" not in r
        assert r["seed"] == 3 + r["game"]


def test_games_in_plays_only_the_games_another_runs_records_name(tmp_path, capsys):
    base = tmp_path / "base.jsonl"
    tournament.main(args("--records", str(base)))
    one = tmp_path / "one.jsonl"
    one.write_text(base.read_text(encoding="utf-8").splitlines()[-1] + "\n", encoding="utf-8")
    again = tmp_path / "again.jsonl"
    tournament.main(args("--games-in", str(one), "--records", str(again)))
    assert "1 games" in capsys.readouterr().out
    kept = json.loads(one.read_text(encoding="utf-8"))
    replayed = [json.loads(line) for line in again.read_text(encoding="utf-8").splitlines()]
    assert [r["seed"] for r in replayed] == [kept["seed"]]
    assert replayed[0]["scores"] == kept["scores"]  # the same game, played again


@pytest.mark.parametrize("content", ["", "not json\n", '{"game": 1}\n'])
def test_games_in_refuses_records_it_cannot_use(tmp_path, capsys, content):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(content, encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        tournament.main(args("--games-in", str(bad)))
    assert "tournament:" in str(exc.value) and str(bad) in str(exc.value)


def test_opponent_plays_only_the_games_with_that_dragon_beside_the_first_entry(tmp_path):
    """--opponent reads each game's dragons from the dice before playing it, and the
    games it keeps play exactly as in the unfiltered run (the filter's matches leave
    nothing behind)."""
    base = tmp_path / "base.jsonl"
    tournament.main(args("--games", "6", "--records", str(base)))
    games = [json.loads(line) for line in base.read_text(encoding="utf-8").splitlines()]
    games.sort(key=lambda r: r["game"])
    against = {d: [r for r in games if r["entries"].get(d, 0) != 0] for d in DRAGONS}
    dragon = next(d for d, rs in against.items() if 0 < len(rs) < len(games))
    kept = tmp_path / "kept.jsonl"
    tournament.main(args("--games", "6", "--opponent", dragon, "--records", str(kept)))
    played = [json.loads(line) for line in kept.read_text(encoding="utf-8").splitlines()]
    assert played == against[dragon]
    # a run none of whose games has that opponent is refused in one line
    absent = next(d for d, rs in against.items() if not rs)
    with pytest.raises(SystemExit) as exc:
        tournament.main(args("--games", "6", "--opponent", absent))
    assert f"no game of the run has a {absent} opponent" in str(exc.value)


def test_opponent_refuses_an_unknown_dragon(capsys):
    with pytest.raises(SystemExit):
        tournament.main(args("--opponent", "tin"))
    assert "tin" in capsys.readouterr().err


def test_house_plays_every_game_under_the_house_rule(tmp_path, capsys):
    """--house even-dragons reaches each game's options (so its tributes are alike for
    every dragon), the report and each record name it; a book run's games stay book
    games."""
    job = {"seats": ["easy", "random"], "seed": 3, "game": 0, "map": None, "target": 10,
           "round_cap": 4}
    for house, even in (([], False), (["even-dragons"], True)):
        m, _, _ = tournament.setup_match({**job, "house": house})
        assert bool(m.options.get("even_dragons")) is even
        m.close()
    m, _, _ = tournament.setup_match(job)  # a job from before --house: the book
    assert not m.options.get("even_dragons")
    m.close()
    tournament.main(args("--house", "even-dragons", "--records", str(tmp_path / "e.jsonl")))
    assert "house rule even-dragons" in capsys.readouterr().out
    # each record names its rules, so an even run's records are not read as the book's
    even = [json.loads(line) for line in (tmp_path / "e.jsonl").read_text().splitlines()]
    assert [r["house"] for r in even] == [["even-dragons"]] * 2
    tournament.main(args("--house", "even-dragons", "--json"))
    assert json.loads(capsys.readouterr().out)["house"] == ["even-dragons"]
    tournament.main(args("--records", str(tmp_path / "b.jsonl"), "--json"))
    assert "house" not in json.loads(capsys.readouterr().out)
    assert all("house" not in json.loads(line)
               for line in (tmp_path / "b.jsonl").read_text().splitlines())
    with pytest.raises(SystemExit):
        tournament.main(args("--house", "copper-rules"))

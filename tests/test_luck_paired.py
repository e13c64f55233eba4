"""game/balance/luck.py (the tribute dice's luck) and tools/paired.py (luck-adjusted
paired comparisons of AI settings)."""

from __future__ import annotations

import json
import random

import pytest

from game.ai import choose
from game.balance import luck
from game.board import BoardSpec
from game.match import Match
from game.seat_view import seat_view
from tools import paired, screen


@pytest.mark.parametrize("owner", ["red", "copper", "gold"])
@pytest.mark.parametrize("mod", [0, 1, 2, 3])
@pytest.mark.parametrize("even", [False, True])
def test_a_faces_luck_has_mean_zero_whatever_the_claims(owner, mod, even):
    # the property that makes it a fair control variate: over the 20 faces it averages 0
    kinds = ["town", "city", "ruin", "place", "town"]
    faces = [luck.face_luck(owner, kinds, f, mod, even) for f in range(1, 21)]
    assert sum(c for c, _ in faces) / 20 == pytest.approx(0.0, abs=1e-9)
    assert sum(x for _, x in faces) / 20 == pytest.approx(0.0, abs=1e-9)


def test_a_faces_luck_against_the_tribute_chart():
    # R31: a town pays 0/0/1/2/3 on the rows 0-4, 5-8, 9-15, 16-19, 20-21; mean 0.9
    assert luck.face_luck("red", ["town"], 20, 0) == pytest.approx((3 - 0.9, -0.2))
    assert luck.face_luck("red", ["town"], 12, 0) == pytest.approx((1 - 0.9, -0.2))
    assert luck.face_luck("red", ["town"], 3, 0) == pytest.approx((-0.9, 0.8))
    assert luck.face_luck("copper", ["town"], 20, 0) == pytest.approx((6 - 1.8, -0.2))
    assert luck.face_luck("red", [], 3, 0) == (0.0, 0.0)  # nothing to lose, no luck


@pytest.mark.parametrize("at", [(0, 0), (9, 9), (18, 3), (5, 18)])
def test_a_settlement_rolls_reach_luck_has_mean_zero_over_the_board(at):
    # R3: a location roll is uniform over the board's cells, so the luck averages 0
    total = sum(luck.reach_luck(at, (c, r), 20, 20) for c in range(20) for r in range(20))
    assert total == pytest.approx(0.0, abs=1e-9)
    assert luck.reach_luck(at, (at[0] + 2, at[1]), 20, 20) > 0  # beside it: lucky
    assert luck.reach_luck((0, 0), (19, 19), 20, 20) < 0  # across the board: not


def test_watch_counts_the_claims_away_from_the_dragon_at_each_tribute_roll(monkeypatch):
    calls = []
    real = luck.face_luck

    def spy(owner, kinds, face, mod, even=False):
        calls.append((owner, sorted(kinds), face))
        return real(owner, kinds, face, mod, even)

    monkeypatch.setattr(luck, "face_luck", spy)
    reached = []
    real_reach = luck.reach_luck

    def reach_spy(at, cell, width, height):
        reached.append(cell)
        return real_reach(at, cell, width, height)

    monkeypatch.setattr(luck, "reach_luck", reach_spy)
    m = Match([None] * 3, seed=11, board=BoardSpec.plain(),
              options={"target": 25, "round_cap": 6})
    tally = luck.watch(m)
    start = len(m.events)  # the first Populate phase was rolled as the match was made
    k = 0
    while not m.finished:  # Easy dragons claim, so their tribute rolls have claims
        m.submit(choose(seat_view(m, m.pending.dragon), "easy", seed=k, board=m.board))
        k += 1
    assert calls, "no tribute roll was watched"
    # for each roll that paid (face 5 or more), the claims away from the dragon scored
    # are exactly the ones the luck was counted for
    events = [e for e in m.events if isinstance(e, dict)]
    rolls = [i for i, e in enumerate(events)
             if e.get("type") == "roll" and e.get("purpose") == "tribute"]
    assert len(rolls) == len(calls)
    checked = 0
    for (owner, kinds, face), i in zip(calls, rolls, strict=True):
        assert events[i]["dragon"] == owner and events[i]["face"] == face
        if events[i]["total"] < 5:
            continue
        scored = []
        for e in events[i + 1:]:
            if e.get("type") == "tribute":
                break
            if e.get("type") == "tribute_claim" and not e["adjacent"]:
                scored.append(e["piece"])
        assert len(scored) == len(kinds)
        checked += 1
    assert checked
    assert set(tally) == set(m.seat_names)
    assert any(v["coins"] for v in tally.values())
    # every settlement location roll (R12) counted once for each dragon, at its cell
    later = [e for e in m.events[start:] if isinstance(e, dict)]
    rolled = [(c["face"] - 1, r["face"] - 1) for c, r in zip(
        [e for e in later if e.get("purpose") == "settlement_col"],
        [e for e in later if e.get("purpose") == "settlement_row"], strict=True)]
    assert rolled and reached == [cell for cell in rolled for _ in m.seat_names]
    assert any(v["settle"] for v in tally.values())
    m.close()


def _record(seed, me_score, best_other, me_luck, won):
    return {"seed": seed, "entries": {"red": 0, "blue": 1},
            "scores": {"red": me_score, "blue": best_other},
            "winners": ["red"] if won else ["blue"],
            "luck": {"red": {"coins": me_luck, "loss": 0.0},
                     "blue": {"coins": 0.0, "loss": 0.0}}}


def test_adjusted_takes_out_the_covariates_spread_and_keeps_the_mean():
    rng = random.Random(5)
    xs = [rng.gauss(0, 10) for _ in range(400)]
    ys = [0.5 + 2.0 * x + rng.gauss(0, 1) for x in xs]
    raw, raw_se = paired.mean_se(ys)
    adj, adj_se = paired.adjusted(ys, [[x] for x in xs])
    assert adj == pytest.approx(0.5, abs=0.2)
    assert adj_se < raw_se / 5


def test_compare_pairs_by_seed_and_adjusts_by_the_luck_differences():
    rng = random.Random(9)
    base, var = {}, {}
    for s in range(300):
        for arm, bonus in ((base, 0.0), (var, 1.5)):
            lk = rng.gauss(0, 8)
            margin = bonus + lk + rng.gauss(0, 1)
            arm[s] = paired.game_row(_record(s, 40 + margin, 40, lk, margin > 0))
    c = paired.compare(base, var)
    assert c["games"] == 300
    m, se = c["margin_adjusted"]
    assert m == pytest.approx(1.5, abs=0.4)
    assert se < c["margin"][1] / 3


def test_game_row_reads_the_first_entry_and_shares_a_tied_win():
    r = _record(1, 30, 30, 2.0, True)
    r["winners"] = ["red", "blue"]
    win, margin, x = paired.game_row(r)
    assert (win, margin) == (0.5, 0.0)
    assert x == [2.0, 0.0, 0.0, 0.0, 0.0, 0.0]  # own coins, loss, settle; the others'

    del r["luck"]
    assert paired.game_row(r)[2] is None


def test_cli_prints_both_arms_and_refuses_a_bad_file_in_one_line(tmp_path, capsys):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text("\n".join(json.dumps(_record(s, 40 + s % 7, 42, s % 5 - 2, s % 3 == 0))
                           for s in range(20)))
    b.write_text("\n".join(json.dumps(_record(s, 41 + s % 6, 42, s % 4 - 1.5, s % 2 == 0))
                           for s in range(20)))
    assert paired.main([str(a), "--vs", str(b)]) == 0
    out = capsys.readouterr().out
    assert "base (20 games)" in out and "20 common games" in out and "luck-adjusted" in out
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json")
    assert paired.main([str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("paired: cannot read") and err.count("\n") == 1


def test_by_dragon_counts_the_seats_dragon_and_who_plays_copper(
        tmp_path, capsys):
    games = [({"red": 0, "copper": 1}, ["copper"]), ({"red": 0, "blue": 1}, ["red"]),
             ({"copper": 0, "blue": 1}, ["copper"]), ({"red": 0, "blue": 1}, ["red", "blue"])]
    path = tmp_path / "r.jsonl"
    path.write_text("\n".join(json.dumps({"seed": i, "entries": e, "winners": w,
                                          "scores": {d: 1 for d in e}})
                              for i, (e, w) in enumerate(games)))
    assert paired.by_dragon([str(path)]) == {
        "red": (3, 1.5), "copper": (1, 1.0),
        "an opponent plays copper": (1, 0.0), "it plays copper": (1, 1.0),
        "no dragon plays copper": (2, 1.5)}
    assert paired.main([str(path), "--by-dragon"]) == 0
    out = capsys.readouterr().out
    assert "  copper: 1 games, win 100.0%" in out and "red: 3 games, win 50.0%" in out
    # with a variant, the paired comparison within each group: the one game against a
    # Copper turns from a loss into a win, the other three stay as they were
    variant = tmp_path / "v.jsonl"
    games[0] = ({"red": 0, "copper": 1}, ["red"])
    variant.write_text("\n".join(json.dumps({"seed": i, "entries": e, "winners": w,
                                             "scores": {d: 1 for d in e}})
                                  for i, (e, w) in enumerate(games)))
    assert paired.copper_groups([str(path)]) == {"an opponent plays copper": {0},
                                                 "it plays copper": {2},
                                                 "no dragon plays copper": {1, 3}}
    assert paired.main([str(path), "--vs", str(variant), "--by-dragon"]) == 0
    out = capsys.readouterr().out
    assert "  an opponent plays copper (1 games): win +100.0" in out
    assert "  it plays copper (1 games): win +0.0" in out
    assert "  no dragon plays copper (2 games): win +0.0" in out


# ----- tools/screen.py: the factorial screen ------------------------------------------
def test_screen_factors_parse_and_levels_are_seeded_coins():
    name, path, pair = screen.parse_factor("hard.params.gamble=0.5,0.8")
    assert (name, path, pair) == ("hard.params.gamble", ["hard", "params", "gamble"],
                                  (0.5, 0.8))
    with pytest.raises(SystemExit, match="LOW,HIGH"):
        screen.parse_factor("hard.params.gamble=0.5")
    with pytest.raises(SystemExit, match="no level"):
        screen.parse_factor("nobody.params.gamble=0.5,0.8")
    assert screen.levels_of(7, 3, 5) == screen.levels_of(7, 3, 5)
    draws = [screen.levels_of(7, g, 3) for g in range(400)]
    for k in range(3):  # each factor near half its games at each level
        assert 150 < sum(d[k] for d in draws) < 250


def test_screen_recovers_each_factors_effect_from_mixed_games():
    rng = random.Random(3)
    records = []
    for g in range(1200):
        lv = {"a": rng.randrange(2), "b": rng.randrange(2), "c": rng.randrange(2)}
        lk = rng.gauss(0, 8)
        margin = 2.0 * lv["a"] - 1.0 * lv["b"] + lk + rng.gauss(0, 2)
        r = _record(g, 40 + margin, 40, lk, margin > 0)
        r["levels"] = lv
        records.append(r)
    eff = screen.effects(records)
    assert eff["a"]["margin"][0] == pytest.approx(2.0, abs=0.4)
    assert eff["b"]["margin"][0] == pytest.approx(-1.0, abs=0.4)
    assert eff["c"]["margin"][0] == pytest.approx(0.0, abs=0.4)
    assert eff["a"]["margin"][1] < 0.3  # the luck is taken out of the spread
    assert eff["a"]["win"][0] > 0.05


def test_screen_plays_tournament_games_with_each_games_levels(tmp_path, capsys):
    out = tmp_path / "s.jsonl"
    assert screen.main(["--factor", "hard.params.gamble=0.5,0.8", "--seats",
                        "hard,random", "--games", "3", "--seed", "4", "--budget", "200",
                        "--target", "8", "--round-cap", "3", "--records", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["game"] for r in rows) == [0, 1, 2]
    assert [r["levels"]["hard.params.gamble"] for r in sorted(rows, key=lambda r: r["game"])
            ] == [screen.levels_of(4, g, 1)[0] for g in range(3)]
    assert "hard.params.gamble" in capsys.readouterr().out
    assert screen.main(["--analyse", str(out)]) == 0
    assert screen.main(["--analyse", str(tmp_path / "missing.jsonl")]) == 2
    plain = tmp_path / "plain.jsonl"  # a tournament's records: no factor levels
    plain.write_text(json.dumps(_record(1, 30, 20, 0.0, True)) + "\n")
    capsys.readouterr()
    assert screen.main(["--analyse", str(plain)]) == 2
    assert "not a screen's records" in capsys.readouterr().err


def test_watching_the_luck_does_not_change_the_game():
    def play(watched: bool) -> list:
        m = Match([None] * 3, seed=23, board=BoardSpec.plain(),
                  options={"target": 25, "round_cap": 6})
        if watched:
            luck.watch(m)
        k = 0
        while not m.finished:
            m.submit(choose(seat_view(m, m.pending.dragon), "easy", seed=k, board=m.board))
            k += 1
        events = [e for e in m.events if isinstance(e, dict)]
        m.close()
        return events

    assert play(True) == play(False)

"""`narby balance-pool` (game/balance/pool.py): turn-order effects pooled over finished
reports, on known inputs."""

from __future__ import annotations

import json
import os

import pytest

from game.balance import pool, stats
from game.cli import main as narby


def report(name: str, seats: int, games: int, turn_wins: list[float],
           seat_wins: list[float], fixed: bool = False, seed: int = 1) -> dict:
    fair = 1 / seats
    groups = [{"kind": "spawn", "label": f"seat {s + 1}", "key": s, "wins": w,
               "games": games, "fair": fair} for s, w in enumerate(seat_wins)]
    groups += [{"kind": "turn", "label": f"first-turn position {t + 1}", "key": t,
                "wins": w, "games": games, "fair": fair} for t, w in enumerate(turn_wins)]
    groups += [{"kind": "dragon", "label": "Copper", "key": "copper", "wins": 9.0,
                "games": 20, "fair": fair}]
    spots = [[s, s] for s in range(seats)] if fixed else []
    return {"map": {"title": name.title(), "cavern_spots": spots}, "games": games,
            "plan": {"map": f"{name}.tmx", "seed": seed, "levels": ["normal"] * seats},
            "groups": stats.fairness(groups)}


def write(tmp_path, results: dict, folder: str):
    out = tmp_path / folder
    out.mkdir()
    (out / "balance.json").write_text(json.dumps({"results": results, "run": {}}))
    return out


# three maps: 4 seats and 3 seats rolling their caverns, 6 seats fixing them
VALE = report("vale", 4, 200, [40, 50, 50, 60], [52, 48, 50, 50])
GLEN = report("glen", 3, 150, [40, 50, 60], [55, 45, 50])
MARCH = report("march", 6, 120, [10, 20, 20, 20, 20, 30], [40, 16, 16, 16, 16, 16],
               fixed=True)


def test_positions_pool_from_the_first_and_from_the_last():
    pooled = {g["label"]: g for g in pool.pool([VALE, GLEN, MARCH])["groups"]}
    last = pooled["last mover in round 1"]
    assert (last["wins"], last["games"], last["maps"]) == (150, 470, 3)  # 60 + 60 + 30
    assert last["fair"] == pytest.approx((200 / 4 + 150 / 3 + 120 / 6) / 470)
    assert last["p"] == pytest.approx(stats.binomial_p(150, 470, last["fair"]))
    first = pooled["first mover in round 1"]
    assert (first["wins"], first["games"]) == (90, 470)  # 40 + 40 + 10
    # seats pool only where the caverns are rolled: March's seat 1 (40 of 120) is its
    # spawn's ground, not the turn order's
    assert (pooled["first seat"]["wins"], pooled["first seat"]["games"]) == (107, 350)
    assert (pooled["last seat"]["wins"], pooled["last seat"]["maps"]) == (100, 2)


def test_a_pooled_effect_is_called_and_explained_and_chance_is_not():
    pooled = pool.pool([VALE, GLEN, MARCH])
    by = {g["label"]: g for g in pooled["groups"]}
    assert by["last mover in round 1"]["unfair"]  # 32% of 470 where 25.5% is fair
    assert not by["first seat"]["unfair"] and not by["last seat"]["unfair"]
    lines = pool.findings(pooled)
    assert lines[1].startswith("Pooled over 3 maps, the last mover in round 1 wins 32% "
                               "[28–36] of 470 games where 26% is fair: more than chance")
    assert "answers every other dragon's first moves" in lines[1]
    assert lines[2].endswith("within chance.")
    text = pool.markdown(pooled)
    assert "| March | 8% of 120 (fair 17%) | 25% of 120 (fair 17%) | – | – |" in text


def test_the_command_reads_report_folders(tmp_path, capsys):
    dirs = [str(write(tmp_path, r, n)) for r, n in ((VALE, "a"), (GLEN, "b"))]
    out = tmp_path / "pool.md"
    assert narby(["balance-pool", *dirs, "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("# Turn order pooled over 2 reports (350 games)")
    assert out.read_text() == printed


def _pipe(t):
    (t / "p").mkdir()
    os.mkfifo(t / "p" / "balance.json")
    return t / "p"


@pytest.mark.parametrize("make, words", [
    (lambda t: [t / "nowhere"], "no balance.json"),
    (lambda t: [write(t, VALE, "a"), t / "a"], "is given twice"),
    (lambda t: [write(t, VALE, "a"), write(t, VALE, "b")], "the same run as an earlier"),
    (lambda t: [write(t, VALE, "a"), write(t, {**VALE, "plan": {**VALE["plan"], "games": 50}},
                                            "b")], "the same run as an earlier"),
    (lambda t: [write(t, {"plan": {}}, "a")], "not a balance report"),
    pytest.param(lambda t: [_pipe(t)], "not a balance report",  # refused, not waited on
                 marks=pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX")),
])
def test_bad_reports_get_one_line(tmp_path, capsys, make, words):
    assert narby(["balance-pool", *map(str, make(tmp_path))]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_another_seed_of_the_same_map_pools():
    again = report("vale", 4, 200, [40, 50, 50, 60], [52, 48, 50, 50], seed=2)
    pooled = pool.pool([VALE, again])
    assert pooled["groups"][1]["games"] == 400 and pooled["groups"][1]["maps"] == 1

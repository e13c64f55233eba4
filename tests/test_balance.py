"""The balance lab (issue 37): a seeded tiny run gives byte-identical results with 1 or
2 local Dask workers, resumes from a partial results file, retries a lost chunk, and
`narby balance` refuses bad input in one line. (The loopback cluster: test_balance_cluster.)"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys

import pytest

pytest.importorskip("distributed")
pytest.importorskip("matplotlib")

from distributed import Client, LocalCluster  # noqa: E402

from game.balance import cli, run  # noqa: E402
from game.balance.plan import Plan, chunks, game_task  # noqa: E402
from game.balance.report import results_json  # noqa: E402
from tests.balance_helpers import (  # noqa: E402
    SMALL_MAP,
    FailOnce,
    reference_records,
    results_of,
    tiny_plan,
)


def reference_json() -> str:
    return results_json(results_of(tiny_plan(), list(reference_records())))


def test_plan_rotates_entries_and_fixed_dragons_over_the_seats():
    plan = Plan(map=None, levels=("hard", "normal", "easy"), games=9, dragons=("red", "gold",
                                                                             "copper"))
    tasks = [game_task(plan, g) for g in range(9)]
    for s in range(3):  # each level and each fixed dragon sits at each seat 3 times
        assert sorted(t["levels"][s] for t in tasks) == ["easy"] * 3 + ["hard"] * 3 + \
            ["normal"] * 3
        assert sorted(t["dragons"][s] for t in tasks) == ["copper"] * 3 + ["gold"] * 3 + \
            ["red"] * 3
    assert len({t["seed"] for t in tasks}) == 9
    assert [len(c) for c in chunks(Plan(map=None, levels=("easy",) * 2, games=9, chunk=4))] \
        == [4, 4, 1]


@pytest.mark.parametrize("workers", [1, 2])
def test_local_cluster_results_are_byte_identical_whatever_the_workers(tmp_path, workers):
    plan = tiny_plan()
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                           dashboard_address=run.HTTP_ADDRESS, silence_logs=logging.ERROR)
    with cluster, Client(cluster) as client:
        records, timing = run.run(plan, tmp_path / "results.jsonl", client=client)
    assert timing["games_played_now"] == 8 and timing["workers"] == workers
    assert results_json(results_of(plan, records)) == reference_json()


@pytest.fixture(scope="module")
def thread_client():
    """One in-process worker thread (esper's world is per process: one thread only)."""
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=run.HTTP_ADDRESS, silence_logs=logging.ERROR) as cluster, \
            Client(cluster) as client:
        yield client


def test_a_rerun_resumes_from_a_partial_results_file(tmp_path, thread_client):
    plan = tiny_plan()
    path = tmp_path / "results.jsonl"
    records = list(reference_records())
    header = json.dumps({"narby_balance": run.FORMAT, "fingerprint": plan.fingerprint()})
    # chunks 0 and 2 finished, then Ctrl-C cut a line short
    kept = [json.dumps({"chunk": i, "records": records[2 * i:2 * i + 2]}) for i in (0, 2)]
    path.write_text("\n".join([header, *kept, '{"chunk": 1, "rec']) + "\n")
    seen = []
    got, timing = run.run(plan, path, client=thread_client,
                          progress=lambda done, total, s, now: seen.append((done, total)))
    assert timing["games_played_now"] == 4  # chunks 1 and 3 only
    assert seen[0] == (4, 8) and seen[-1] == (8, 8)
    assert results_json(results_of(plan, got)) == reference_json()
    again, timing = run.run(plan, path, client=thread_client)  # nothing left to play
    assert timing["games_played_now"] == 0 and again == got


def test_a_longer_run_extends_a_shorter_one(tmp_path, thread_client):
    path = tmp_path / "results.jsonl"
    run.run(tiny_plan(games=3), path, client=thread_client)  # chunk 1 holds 1 game of 2
    got, timing = run.run(tiny_plan(), path, client=thread_client)
    assert timing["games_played_now"] == 6  # chunk 1 again, whole, and chunks 2 and 3
    assert results_json(results_of(tiny_plan(), got)) == reference_json()


@pytest.mark.parametrize("make", [
    lambda p: p.mkdir(),                            # a folder
    lambda p: p.write_bytes(b"\xff\xfe\x00junk"),     # not text
    pytest.param(lambda p: os.mkfifo(p), id="pipe",  # reading it would wait for ever
                 marks=pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX")),
], ids=["folder", "binary", "pipe"])
def test_a_results_file_that_cannot_be_read_is_one_line(tmp_path, make):
    path = tmp_path / "results.jsonl"
    make(path)
    with pytest.raises(run.RunError, match="cannot be read .*another --out folder"):
        run.read_results(path, tiny_plan())


def test_another_runs_results_file_is_refused(tmp_path, thread_client):
    path = tmp_path / "results.jsonl"
    run.run(tiny_plan(games=2), path, client=thread_client)
    other = Plan(**{**tiny_plan().__dict__, "seed": 8})
    with pytest.raises(run.RunError, match="another run"):
        run.run(other, path, client=thread_client)


def test_a_lost_chunk_is_retried(tmp_path, thread_client):
    plan = tiny_plan(games=4)
    got, _ = run.run(plan, tmp_path / "results.jsonl", client=thread_client,
                     task=FailOnce(str(tmp_path)))
    assert len(list(tmp_path.glob("chunk-*"))) == 2  # each chunk failed once
    assert got == list(reference_records())[:4]


def test_a_chunk_that_always_fails_is_one_line(tmp_path, thread_client):
    def broken(tasks):
        raise ValueError("bad luck\nsecond line")

    with pytest.raises(run.RunError) as info:
        run.run(tiny_plan(games=2), tmp_path / "r.jsonl", client=thread_client, task=broken,
                retries=1)
    assert "\n" not in str(info.value) and "bad luck" in str(info.value)


def test_narby_balance_writes_the_report(tmp_path, capsys):
    out = tmp_path / "report"
    code = cli.main([SMALL_MAP, "--seats", "easy,random,easyx2", "--games", "4",
                     "--seed", "7", "--target", "20", "--round-cap", "20", "--chunk", "2",
                     "--workers", "1", "--out", str(out), "--quiet"])
    assert code == 0
    printed = capsys.readouterr().out
    assert "report:" in printed and "Games last" in printed
    doc = json.loads((out / "balance.json").read_text())
    assert doc["results"]["games"] == 4 and doc["run"]["cluster"] == "local"
    assert (out / "balance.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "| group | win rate |" in (out / "balance.md").read_text()
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "<h2>Win rates</h2>" in page and "data:image/png;base64," in page
    assert "report.html" in printed


@pytest.mark.parametrize("argv, words", [
    (["nowhere.tmx"], "map file not found"),
    ([SMALL_MAP, "--seats", "easy,genius"], "--seats takes"),
    ([SMALL_MAP, "--seats", "easy"], "--seats takes"),
    ([SMALL_MAP, "--games", "0"], "--games must be at least 1"),
    ([SMALL_MAP, "--seats", "easyx2", "--dragons", "red,red"], "--dragons names"),
    ([SMALL_MAP, "--cluster", "tcp://127.0.0.1:1", "--games", "1"], "cannot reach"),
])
def test_bad_input_gets_one_line(argv, words, capsys, monkeypatch):
    monkeypatch.setattr(run, "CONNECT_TIMEOUT", 1)
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_parse_seats():
    assert cli.parse_seats("normalx4") == ["normal"] * 4
    assert cli.parse_seats("hard,normal×3") == ["hard"] + ["normal"] * 3
    assert cli.parse_seats("normal,,x") is None


def test_a_missing_extra_says_how_to_install(monkeypatch, capsys):
    monkeypatch.setattr(cli.importlib.util, "find_spec", lambda name: None)
    assert cli.main([SMALL_MAP]) == 2
    assert 'pip install "narby-conquest[balance]"' in capsys.readouterr().err


def test_the_game_and_its_cli_never_import_dask_or_matplotlib():
    code = ("import sys, game.cli, game.match, game.ui.app; "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('dask', 'distributed', 'matplotlib')]; print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                               "PATH": ""}, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr

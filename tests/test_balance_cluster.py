"""The balance lab on a real Dask cluster over loopback: a `dask scheduler` and two
`dask worker` processes started here give the same results as the local run."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys

import pytest

pytest.importorskip("distributed")

from distributed import Client  # noqa: E402

from game.balance import run  # noqa: E402
from game.balance.report import results_json  # noqa: E402
from tests.balance_helpers import ROOT, reference_records, results_of, tiny_plan  # noqa: E402

pytestmark = pytest.mark.slow  # ~10 s: make test runs it


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def loopback_cluster(workers: int):
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": ROOT,
             "env": env}
    procs = [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler",
                               "--host", "127.0.0.1", "--port", str(port),
                               "--dashboard-address", run.HTTP_ADDRESS], **quiet)]
    try:
        procs += [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker",
                                    address, "--nthreads", "1", "--nworkers", "1",
                                    "--no-dashboard", "--name", f"w{i}"], **quiet)
                  for i in range(workers)]
        yield address
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(timeout=30)


def test_a_loopback_cluster_gives_the_local_results(tmp_path):
    plan = tiny_plan()
    with loopback_cluster(2) as address, Client(address, timeout=60) as client:
        client.wait_for_workers(2, timeout=120)
        records, timing = run.run(plan, tmp_path / "results.jsonl", client=client)
    assert timing["workers"] == 2 and timing["games_played_now"] == 8
    expected = results_json(results_of(plan, list(reference_records())))
    assert results_json(results_of(plan, records)) == expected

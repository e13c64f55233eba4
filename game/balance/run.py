"""The lab's engine: chunks of games as Dask tasks, on an embedded local cluster (one
single-threaded worker process per core: esper's world is per process) or on a running
cluster (`--cluster ADDRESS`, e.g. started by `dask scheduler` and `dask worker`).

Each finished chunk is appended to the results file (JSON lines) at once, so Ctrl-C
keeps every finished chunk and a rerun plays only the missing ones. Records are put
back in game order, so the report does not depend on which worker finished first. A
chunk whose task fails (or whose worker is lost) is retried by Dask (`retries=`).
"""

from __future__ import annotations

import json
import logging
import os
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from distributed import Client, LocalCluster, as_completed

from game.balance.games import play_chunk
from game.balance.plan import Plan, chunks
from game.persistence.files import read_regular

FORMAT = 1  # the results file's header says which layout it has
RETRIES = 2
RESULTS_MOST = 1 << 31  # a results file: ~1 KiB a game, so a couple of million games
T = TypeVar("T")
CONNECT_TIMEOUT = 20  # seconds to reach a --cluster scheduler
# The scheduler's HTTP server (health checks; the dashboard needs bokeh, not installed)
# on a free loopback port: the default 8787 may be another cluster's.
HTTP_ADDRESS = "127.0.0.1:0"


class RunError(Exception):
    """A run that cannot start or finish; the message is one plain line."""


def read_results(path: Path, plan: Plan) -> dict[int, list[dict]]:
    """The chunks a results file already holds for this plan: {chunk index: records}.
    A last line cut short by Ctrl-C is ignored (that chunk is played again)."""
    try:  # a pipe, a folder or a binary file there: said, never waited on or a traceback
        lines = read_regular(path, RESULTS_MOST).decode("utf-8").splitlines()
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else "not a text file"
        raise RunError(f"{path} cannot be read ({why}): choose another --out folder or "
                       "delete it") from None
    done: dict[int, list[dict]] = {}
    if not lines:
        return {}
    try:
        head = json.loads(lines[0])
    except ValueError:
        head = {}
    if head.get("fingerprint") != plan.fingerprint():
        raise RunError(f"{path} holds games of another run (other map, seats, seed or "
                       f"options): choose another --out folder or delete it")
    for line in lines[1:]:
        try:
            row = json.loads(line)
            done[int(row["chunk"])] = row["records"]
        except (ValueError, KeyError, TypeError):
            continue
    return done


def _start_file(path: Path, plan: Plan) -> None:
    if path.exists() and path.stat().st_size:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps({"narby_balance": FORMAT, "fingerprint": plan.fingerprint()})
                + "\n")


def _append(path: Path, index: int, records: list[dict]) -> None:
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps({"chunk": index, "records": records}, sort_keys=True) + "\n")
        f.flush()
        os.fsync(f.fileno())


def open_client(workers: int | None = None, address: str | None = None) -> Client:
    """A client of the cluster at `address`, or of a new local cluster of `workers`
    single-threaded processes (default: one per core)."""
    if address:
        try:
            return Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:  # ValueError: not an address
            raise RunError(f"cannot reach the Dask scheduler at {address} ({type(exc).__name__}):"
                           f" is `dask scheduler` running there?") from None
    n = workers or os.cpu_count() or 1
    try:
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address=HTTP_ADDRESS,
                               silence_logs=logging.ERROR)
        return Client(cluster)
    except Exception as exc:  # noqa: BLE001 - workers that cannot start: one line
        raise RunError(f"cannot start the local cluster's {n} workers "
                       f"({type(exc).__name__}: {str(exc)[:120]})") from None


class TaskFailed(Exception):
    """A task that failed on every try: its index and the reason in one line."""

    def __init__(self, index: int, reason: str):
        super().__init__(reason)
        self.index, self.reason = index, reason


def as_finished(client: Client, func: Callable[[Any], T], items: list[tuple[int, Any]],
                name: str, retries: int = RETRIES) -> Iterator[tuple[int, T]]:
    """func(item) for each (index, item) as a Dask task; yields (index, result) as each
    finishes, in any order. A task that fails (or loses its worker) is tried again up
    to `retries` times, then raises TaskFailed."""
    token = uuid.uuid4().hex[:8]  # a rerun's tasks never meet an old run's results
    futures = {client.submit(func, item, key=f"{name}-{token}-{i}", retries=retries,
                             pure=False): i for i, item in items}
    for future in as_completed(futures):
        i = futures[future]
        try:
            result = future.result()
        except Exception as exc:  # the task failed even after its retries
            text = str(exc).splitlines()[0] if str(exc) else "no message"
            raise TaskFailed(i, f"{type(exc).__name__}: {text}") from None
        yield i, result


def run(plan: Plan, results: Path, *, client: Client,
        progress: Callable[[int, int, float, int], None] | None = None,
        task: Callable[[list[dict]], list[dict]] = play_chunk,
        retries: int = RETRIES) -> tuple[list[dict], dict]:
    """Play the plan's missing chunks on `client`; returns every record in game order
    and the run's timing figures (games played now, seconds, games/s)."""
    done = read_results(results, plan)
    _start_file(results, plan)
    planned = chunks(plan)
    # a chunk counts as done only whole (a shorter run's last chunk may be partial)
    todo = [(i, c) for i, c in enumerate(planned) if len(done.get(i, ())) < len(c)]
    kept = plan.games - sum(len(c) for _, c in todo)
    start = time.perf_counter()
    played = 0
    if progress:
        progress(kept, plan.games, 0.0, 0)
    try:
        for i, records in as_finished(client, task, todo, "narby-balance", retries):
            _append(results, i, records)
            done[i] = records
            played += len(records)
            if progress:
                progress(kept + played, plan.games, time.perf_counter() - start, played)
    except TaskFailed as exc:
        first = exc.index * plan.chunk
        raise RunError(f"games {first}-{first + len(planned[exc.index]) - 1} failed on "
                       f"every try ({exc.reason})") from None
    seconds = time.perf_counter() - start
    records = [r for i in sorted(done) for r in done[i] if r["game"] < plan.games]
    timing = {"games_played_now": played, "seconds": round(seconds, 2),
              "games_per_second": round(played / seconds, 3) if seconds and played else 0.0,
              "workers": len(client.scheduler_info().get("workers", {}))}
    return records, timing

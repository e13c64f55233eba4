"""Shared by the balance lab's tests: a tiny seeded plan and its reference results,
computed once per process without Dask."""

from __future__ import annotations

import functools
from dataclasses import asdict
from pathlib import Path

from game.balance import findings, summary
from game.balance.games import board_of, play_chunk
from game.balance.plan import Plan, chunks

ROOT = Path(__file__).resolve().parents[1]
SMALL_MAP = str(ROOT / "tests" / "maps" / "sizes" / "smallest-8x8.tmx")


def tiny_plan(games: int = 8) -> Plan:
    return Plan(map=SMALL_MAP, levels=("easy", "random", "easy", "random"), games=games,
                seed=7, target=20, round_cap=20, chunk=2, budget=200)


def results_of(plan: Plan, records: list[dict]) -> dict:
    """The report's `results` object for these records (as narby balance builds it)."""
    board = board_of(plan.map)
    fields = {k: v for k, v in asdict(plan).items() if k != "map"}
    fields["map"] = Path(plan.map).name if plan.map else None
    results = summary.summarize(records, board, fields)
    results["findings"] = findings.findings(results, board)
    return results


@functools.cache
def reference_records() -> tuple:
    plan = tiny_plan()
    return tuple(r for c in chunks(plan) for r in play_chunk(c))


class FailOnce:
    """A chunk task that fails the first time it meets each chunk (a lost worker, as
    Dask sees it: the task did not finish), then plays it."""

    def __init__(self, marker_dir: str):
        self.marker_dir = Path(marker_dir)

    def __call__(self, tasks: list[dict]) -> list[dict]:
        marker = self.marker_dir / f"chunk-{tasks[0]['game']}"
        if not marker.exists():
            marker.write_text("failed once")
            raise RuntimeError("worker lost (simulated)")
        return play_chunk(tasks)

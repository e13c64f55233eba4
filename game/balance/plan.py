"""A run's plan: which seeded games it plays, in which chunks.

Game g of a run with seed S has the seed S * 1_000_003 + g (distinct runs with nearby
seeds share no game). Its seats are rotated by g places: seat s is played by entry
(s + g) mod n of --seats, so each level sits at each cavern spawn equally often. The
dragons are drawn by the dice as the rules draw them (R6), or, when fixed, rotated
over the seats too (by g // n places), so each fixed dragon starts from each spawn
equally often; the first turn follows the rules (R16) and is measured, not forced.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass

DEFAULT_ROUND_CAP = 60  # as tools/tournament.py: AI games end well before it


@dataclass(frozen=True)
class Plan:
    map: str | None  # a .tmx path, or None for the plain board
    levels: tuple[str, ...]  # --seats: one AI level per seat
    games: int
    seed: int = 1
    target: int = 50
    round_cap: int = DEFAULT_ROUND_CAP
    dragons: tuple[str, ...] | None = None  # fixed dragons, or None: drawn (R6)
    chunk: int = 4  # games per Dask task
    budget: int | None = None  # search nodes per decision (None: each level's own)
    house: tuple[str, ...] = ()  # house rules on (--house even-dragons), none: the book's

    def fingerprint(self) -> str:
        """What makes two runs' games the same (not `games`: a longer run extends a
        shorter one, and a results file resumes into it). Without house rules the key is
        what it was before they existed, so older results files still resume."""
        key = {k: v for k, v in asdict(self).items() if k not in ("games", "map")
               and not (k == "house" and not v)}
        key["map_text"] = _map_digest(self.map)
        return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]


def _map_digest(path: str | None) -> str:
    if path is None:
        return "plain"
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def game_task(plan: Plan, g: int) -> dict:
    n = len(plan.levels)
    entries = [(s + g) % n for s in range(n)]
    dragons: list[str | None] = [None] * n
    if plan.dragons:
        turn = g // n
        dragons = [plan.dragons[(s + turn) % n] for s in range(n)]
    return {"game": g, "seed": plan.seed * 1_000_003 + g, "map": plan.map,
            "levels": [plan.levels[e] for e in entries], "entries": entries,
            "dragons": dragons, "target": plan.target, "round_cap": plan.round_cap,
            "budget": plan.budget, **({"house": list(plan.house)} if plan.house else {})}


def chunks(plan: Plan) -> list[list[dict]]:
    """The run's games in chunks of plan.chunk; chunk i holds games i*chunk onwards."""
    tasks = [game_task(plan, g) for g in range(plan.games)]
    return [tasks[i:i + plan.chunk] for i in range(0, len(tasks), plan.chunk)]

"""Screen many AI settings at once: a random two-level factorial tournament.

    python tools/screen.py --factor hard.params.gamble=0.5,0.8 \\
        --factor hard.params.loss=1.0,0.5 ... --games 3200 --seed 530000 \\
        [--seats hard,normal,normal,normal] [--budget 4000] [--jobs 2] \\
        [--records FILE.jsonl] [--analyse FILE.jsonl ...]

Each game g is tools/tournament.py's game g (seed `seed + g`, seats rotated), played
with every factor set at its first or second level by a coin of its own (seeded from
the seed and g, so a run is reproducible). The studied seat is entry 0 of --seats.

Why: comparing two settings takes two arms of games; a factorial run estimates every
factor's effect from all its games at once, each with the standard error of a two-arm
comparison as large as the whole run, so k factors cost the games of one (Box, Hunter
and Hunter's argument for factorial designs). A paired run of one factor is steadier
per game (games its change leaves identical cancel out). Effects are the second level
less the first, in coins of margin (the seat's score less the best other's) and points
of win rate, from a least-squares fit of the outcome on the factors' levels and on the
dice's luck (game/balance/luck.py: mean zero whatever anyone played, so it takes out
spread and leaves the effects unbiased). The fit is additive: an interaction between
factors shows only as noise. A screen nominates; a two-arm run on fresh seeds
(tools/tournament.py and tools/paired.py) confirms.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from multiprocessing import get_context
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools import paired, tournament  # noqa: E402


def parse_factor(text: str) -> tuple[str, list[str], tuple[object, object]]:
    """'LEVEL.KEY[.KEY]=A,B' -> (name, path, (A, B)); refused in one line."""
    name, eq, levels = text.partition("=")
    parts = [p for p in levels.split(",")]
    if not eq or len(parts) != 2:
        raise SystemExit(f"screen: --factor takes LEVEL.KEY=LOW,HIGH, not {text!r}")
    path, low = tournament.parse_setting(f"{name}={parts[0]}")
    _, high = tournament.parse_setting(f"{name}={parts[1]}")
    return name.strip(), path, (low, high)


def levels_of(seed: int, g: int, k: int) -> list[int]:
    """Game g's level (0 or 1) of each of k factors: a coin each, seeded."""
    rng = random.Random(seed * 7919 + g)
    return [rng.randrange(2) for _ in range(k)]


def job_of(args, factors, g: int) -> dict:
    lv = levels_of(args.seed, g, len(factors))
    settings = [(path, pair[x]) for (_, path, pair), x in zip(factors, lv, strict=True)]
    return {"seats": args.seats, "game": g, "seed": args.seed, "map": None,
            "target": args.target, "round_cap": args.round_cap, "budget": args.budget,
            "time_limit": None, "settings": settings,
            "levels": {name: x for (name, _, _), x in zip(factors, lv, strict=True)}}


def _play(job: dict) -> dict:
    record = tournament.play_game(job)
    record.pop("times", None)
    record["levels"] = job["levels"]
    return record


def effects(records: list[dict]) -> dict[str, dict]:
    """Each factor's effect (second level less first) on margin and win, with standard
    errors: least squares on the levels (centred) and the luck covariates."""
    names = sorted({k for r in records for k in r["levels"]})
    rows = [paired.game_row(r) for r in records]
    lucky = all(x is not None for _, _, x in rows)
    cols = [[r["levels"].get(k, 0) - 0.5 for k in names] for r in records]
    if lucky:
        cols = [c + (x or []) for c, (_, _, x) in zip(cols, rows, strict=True)]
    a = np.column_stack([np.ones(len(rows)), np.asarray(cols, dtype=float)])
    out: dict[str, dict] = {k: {} for k in names}
    n, p = a.shape
    for i, outcome in ((0, "win"), (1, "margin")):
        y = np.asarray([r[i] for r in rows], dtype=float)
        coef, *_ = np.linalg.lstsq(a, y, rcond=None)
        resid = y - a @ coef
        cov = float(resid @ resid) / max(1, n - p) * np.linalg.pinv(a.T @ a)
        for j, k in enumerate(names, start=1):
            out[k][outcome] = (float(coef[j]), float(math.sqrt(cov[j, j])))
    return out


def show(records: list[dict], factors_named: list[str] | None = None) -> None:
    eff = effects(records)
    print(f"{len(records)} games; effect of the second level less the first "
          "(± one standard error), luck-adjusted")
    print(f"{'factor':42} {'margin (coins)':>16} {'win (points)':>16}")
    for k in factors_named or sorted(eff):
        m, w = eff[k]["margin"], eff[k]["win"]
        print(f"{k:42} {m[0]:+8.2f} (±{m[1]:.2f}) {w[0] * 100:+8.1f} (±{w[1] * 100:.1f})")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--factor", action="append", default=[], metavar="LEVEL.KEY=LOW,HIGH")
    p.add_argument("--seats", default="hard,normal,normal,normal")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--budget", type=int, default=4000)
    p.add_argument("--target", type=int, default=50)
    p.add_argument("--round-cap", type=int, default=60)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--records", default=None, metavar="FILE.jsonl")
    p.add_argument("--analyse", nargs="+", default=None, metavar="FILE.jsonl",
                   help="only analyse records written by earlier runs")
    args = p.parse_args(argv)
    if args.analyse:
        try:
            records = [json.loads(line) for f in args.analyse
                       for line in Path(f).read_text().splitlines() if line.strip()]
        except (OSError, ValueError) as exc:
            print(f"screen: cannot read the records: {exc}", file=sys.stderr)
            return 2
        if not records or any("levels" not in r or "scores" not in r for r in records):
            print("screen: these are not a screen's records (each needs its factors' "
                  "levels and scores)", file=sys.stderr)
            return 2
        show(records)
        return 0
    if not args.factor or args.games < 2:
        raise SystemExit("screen: give at least one --factor and --games 2 or more")
    args.seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    factors = [parse_factor(t) for t in args.factor]
    jobs = [job_of(args, factors, g) for g in range(args.games)]
    records = []
    with get_context("spawn").Pool(max(1, args.jobs)) as pool:
        for r in pool.imap_unordered(_play, jobs):
            records.append(r)
            if args.records:
                with open(args.records, "a", encoding="utf-8") as out:
                    out.write(json.dumps(r) + "\n")
    records.sort(key=lambda r: r["game"])
    show(records, [name for name, _, _ in factors])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Compare AI settings on the same seeds: tournament records, paired and luck-adjusted.

    python tools/paired.py BASE.jsonl [BASE2.jsonl ...] --vs VARIANT.jsonl [...] [--vs ...]
    python tools/paired.py RECORDS.jsonl ...            (one arm: its luck-adjusted rates)
    python tools/paired.py RECORDS.jsonl ... --by-dragon  (and its wins by who played what;
                                                          with --vs, each comparison split
                                                          by who plays Copper)

Each file is tools/tournament.py --records output; the studied seat is entry 0 of its
--seats. Per game: the seat's margin (its score less the best other score) and its win
(a shared win counts a share). Games are matched by seed.

Luck adjustment (game/balance/luck.py): every record carries what the tribute dice gave
each dragon beyond their expectation, which has mean zero whatever anyone played. The
outcome's linear dependence on that luck (the seat's own, and the others' summed) is
fitted by least squares and taken out, so the estimate keeps its mean and loses the
spread the dice put in it: for a paired comparison, the differences are regressed on
the differences of luck and the intercept is the effect. Records without luck (older
runs) are reported raw only.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.balance.luck import FIELDS  # noqa: E402


def game_row(r: dict) -> tuple[float, float, list[float] | None]:
    """(win, margin, luck covariates or None) of entry 0 in one record."""
    me = next(d for d, e in r["entries"].items() if e == 0)
    scores = r["scores"]
    margin = scores[me] - max(v for d, v in scores.items() if d != me)
    win = 1.0 / len(r["winners"]) if me in r["winners"] else 0.0
    luck = r.get("luck")
    if not luck:
        return win, float(margin), None
    x = [luck[me].get(f, 0.0) for f in FIELDS]  # (older records lack later fields)
    x += [sum(v.get(f, 0.0) for d, v in luck.items() if d != me) for f in FIELDS]
    return win, float(margin), x


def records(paths: list[str]) -> dict[int, dict]:
    """The records of the files by seed (a seed in two files counts once, the last)."""
    out: dict[int, dict] = {}
    for path in paths:
        for line in Path(path).read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                out[r["seed"]] = r
    return out


def load(paths: list[str]) -> dict[int, tuple]:
    return {seed: game_row(r) for seed, r in records(paths).items()}


def mean_se(ys) -> tuple[float, float]:
    ys = np.asarray(ys, dtype=float)
    n = len(ys)
    return float(ys.mean()), float(ys.std(ddof=1) / math.sqrt(n)) if n > 1 else math.nan


def adjusted(ys, xs) -> tuple[float, float]:
    """The mean of ys with its linear dependence on xs (mean-zero covariates) removed:
    the intercept of ys ~ 1 + xs by least squares, and its standard error."""
    y = np.asarray(ys, dtype=float)
    a = np.column_stack([np.ones(len(y)), np.asarray(xs, dtype=float)])
    n, k = a.shape
    if n <= k + 1:
        return mean_se(y)
    coef, *_ = np.linalg.lstsq(a, y, rcond=None)
    resid = y - a @ coef
    sigma2 = float(resid @ resid) / (n - k)
    cov = sigma2 * np.linalg.pinv(a.T @ a)
    return float(coef[0]), float(math.sqrt(cov[0, 0]))


def one_arm(rows: dict) -> dict:
    """Win rate and margin of one arm, raw and luck-adjusted."""
    vals = list(rows.values())
    out = {"games": len(vals), "win": mean_se([v[0] for v in vals]),
           "margin": mean_se([v[1] for v in vals])}
    lucky = [v for v in vals if v[2] is not None]
    if len(lucky) == len(vals):
        out["win_adjusted"] = adjusted([v[0] for v in lucky], [v[2] for v in lucky])
        out["margin_adjusted"] = adjusted([v[1] for v in lucky], [v[2] for v in lucky])
    return out


def _copper_group(r: dict) -> str:
    """Who holds Copper: the studied seat, an opponent, or no dragon of the game (a
    change to Copper's own rules moves the first two groups in opposite directions)."""
    me = next(d for d, e in r["entries"].items() if e == 0)
    if "copper" not in r["entries"]:
        return "no dragon plays copper"
    return "it plays copper" if me == "copper" else "an opponent plays copper"


def copper_groups(paths: list[str]) -> dict[str, set[int]]:
    """The seeds of the games where the studied seat plays Copper, where an opponent
    does, and where no dragon does (by_dragon's split, for the paired comparisons)."""
    out: dict[str, set[int]] = {}
    for seed, r in records(paths).items():
        out.setdefault(_copper_group(r), set()).add(seed)
    return out


def by_dragon(paths: list[str]) -> dict[str, tuple[int, float]]:
    """The studied seat's games and wins by the dragon it played, and by who played
    Copper (book rules: Copper's doubled towns win about half the
    games it is in, so who holds it decides much of a seat's rate)."""
    out: dict[str, list[float]] = {}
    for r in records(paths).values():
        me = next(d for d, e in r["entries"].items() if e == 0)
        win = game_row(r)[0]
        for key in (me, _copper_group(r)):
            games_wins = out.setdefault(key, [0, 0.0])
            games_wins[0] += 1
            games_wins[1] += win
    return {k: (int(v[0]), v[1]) for k, v in out.items()}


def compare(base: dict, var: dict) -> dict:
    """Variant less base on their common seeds: raw paired and luck-adjusted."""
    seeds = sorted(set(base) & set(var))
    out: dict = {"games": len(seeds),
                 "unchanged": sum(1 for s in seeds if base[s][:2] == var[s][:2])}
    for i, name in ((0, "win"), (1, "margin")):
        diffs = [var[s][i] - base[s][i] for s in seeds]
        out[name] = mean_se(diffs)
        if seeds and all(base[s][2] is not None and var[s][2] is not None for s in seeds):
            dx = [[a - b for a, b in zip(var[s][2], base[s][2], strict=True)] for s in seeds]
            out[name + "_adjusted"] = adjusted(diffs, dx)
    return out


def _fmt(pair: tuple[float, float], scale: float = 1.0, sign: bool = True) -> str:
    m, se = pair
    return f"{m * scale:{'+' if sign else ''}.1f} (±{se * scale:.1f})"


def _line(head: str, figures: dict, unit: str, sign: bool) -> str:
    """One arm's or one comparison's figures, raw and (when known) luck-adjusted."""
    out = (f"{head}: win {_fmt(figures['win'], 100, sign)}{unit}, "
           f"margin {_fmt(figures['margin'])}")
    if "win_adjusted" in figures:
        out += (f" | luck-adjusted: win {_fmt(figures['win_adjusted'], 100, sign)}{unit}, "
                f"margin {_fmt(figures['margin_adjusted'])}")
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("base", nargs="+", help="the base arm's records (.jsonl)")
    p.add_argument("--vs", action="append", nargs="+", default=[], metavar="FILE",
                   help="a variant arm's records; repeat for more variants")
    p.add_argument("--by-dragon", action="store_true",
                   help="also the base arm's wins by the dragon it played and by who plays "
                        "Copper, and each comparison split by who plays Copper")
    args = p.parse_args(argv)
    try:
        base = load(args.base)
        variants = [(files, load(files)) for files in args.vs]
        groups = by_dragon(args.base) if args.by_dragon else {}
        split = copper_groups(args.base) if args.by_dragon else {}
    except (OSError, ValueError, KeyError, StopIteration) as exc:
        print(f"paired: cannot read the records: {exc}", file=sys.stderr)
        return 2
    arm = one_arm(base)
    print(_line(f"base ({arm['games']} games)", arm, "%", False))
    for key, (games, wins) in sorted(groups.items(), key=lambda kv: -kv[1][1] / kv[1][0]):
        print(f"  {key}: {games} games, win {100 * wins / games:.1f}%")
    for files, var in variants:
        c = compare(base, var)
        print(_line(f"{' '.join(files)} ({c['games']} common games, {c['unchanged']} "
                    "unchanged)", c, " points", True))
        for key, seeds in sorted(split.items()):  # the comparison within each group
            c = compare({s: base[s] for s in seeds}, var)
            print(_line(f"  {key} ({c['games']} games)", c, " points", True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

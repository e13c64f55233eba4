"""Does anything beside Hard's value forecast its result? (issue 36)

    python tools/forecast_check.py --games 300 --seed 688320 [--budget 4000]
        [--seats hard,normal,normal,normal] [--target 50] [--round-cap 60] [--json]

Plays tools/tournament.py's games (seed `seed + g`, seats rotated by g, the same
decision seeds, no clock). At the end of each of the studied level's turns (the first
entry of --seats) before the last round, it records that seat's value of the position
(game.ai.evaluate, from its view) and FEATURES, facts about the position the value does
not hold as such. When the game ends every record gets the seat's result (1, or 1/k for
a win shared by k). A logistic model of the result on the value, the features and a
constant is fitted; its standard errors are clustered by game (a game's records share
one result). A feature whose weight stands out beside the value's is something the value
misses; its worth in coins is its weight over the value's. Diagnosis only: nothing reads
the fit.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.decide import LEVEL_SETTINGS  # noqa: E402
from game.ai.evaluate import Evaluator  # noqa: E402
from game.ai.model import Pos, from_view, gap2  # noqa: E402
from game.seat_view import seat_view  # noqa: E402
from tools.loss_report import game_args  # noqa: E402
from tools.tournament import replay  # noqa: E402
from tools.train_value import _solve, fit_logistic  # noqa: E402

MOVE = 4  # within a move: 3 steps (R18) and adjacent
FEATURES = ("middle", "beside", "exposed", "two_moves", "cavern_near", "near_me",
            "gambles", "claims", "leads", "copper_opponent", "rounds_left")


def features(pos: Pos, ev: Evaluator) -> dict[str, float]:
    """FEATURES of `pos` for its dragon (ev's)."""
    me = pos.me
    at = pos.at[me]
    opps = [d for d in pos.names if d != me]

    def nearest(tl, size):
        return min(gap2(pos.at[d], tl, size) for d in opps)

    claims = [(tl, pos.pieces[tl][1]) for tl in pos.claims[me]]
    cavern = pos.cavern.get(me)
    worth = {d: pos.coins[d] + pos.treasure[d] + ev.h * ev._rate(pos, d) for d in pos.names}
    return {
        # the dragon's distance from the board's middle (cells)
        "middle": max(abs(at[0] + 1 - pos.width / 2), abs(at[1] + 1 - pos.height / 2)),
        "beside": sum(1 for tl, size in claims if gap2(at, tl, size) == 1),
        "exposed": sum(1 for tl, size in claims if nearest(tl, size) <= MOVE),
        "two_moves": sum(1 for tl, size in claims if MOVE < nearest(tl, size) <= 2 * MOVE - 1),
        "cavern_near": (sum(1 for d in opps if gap2(pos.at[d], cavern[0], cavern[1]) <= MOVE)
                        if cavern else 0),
        "near_me": sum(1 for d in opps if gap2(at, pos.at[d], 2) <= MOVE),
        "gambles": sum(1 for o in (pos.gambles or {}).values() if o == me),
        "claims": len(claims),
        "leads": float(worth[me] > max(worth[d] for d in opps)),
        "copper_opponent": float("copper" in opps),
        "rounds_left": ev.h,
    }


def play(seats: list[str], seed0: int, g: int, budget: int, target: int,
         cap: int = 60) -> dict:
    """One game: `rows` ([value, *FEATURES] at the end of each of the studied level's
    turns) and `result` (its share of the win)."""
    m, board, entry_of, steps = replay(seats, seed0, g, budget, target, cap)
    me = next(d for d, e in entry_of.items() if e == 0)
    params = LEVEL_SETTINGS[seats[0]]["params"]
    rows: list[list[float]] = []
    for new in steps:
        ended = any(e.get("type") == "turn_end" and e.get("dragon") == me for e in new)
        if ended and not m.finished:
            pos = from_view(seat_view(m, me), board, me)
            ev = Evaluator(pos, params)
            if not ev.final:  # the last round is valued by its own rule
                f = features(pos, ev)
                rows.append([ev.value(pos)] + [float(f[x]) for x in FEATURES])
    winners = m.winner if isinstance(m.winner, list) else [m.winner]
    scores = m.scores()
    m.close()
    return {"rows": rows, "result": 1.0 / len(winners) if me in winners else 0.0,
            "scores": scores}


def fit(games: list[dict]) -> list[dict]:
    """The logistic model's weights on the value, FEATURES and a constant, with their
    standard errors clustered by game (sandwich: H^-1 (sum of each game's score outer
    product) H^-1)."""
    xs = [row + [1.0] for g in games for row in g["rows"]]
    ys = [g["result"] for g in games for _ in g["rows"]]
    w, _loss = fit_logistic(xs, ys, ridge=1e-3, free=1)
    d = len(w)
    hess = [[0.0] * d for _ in range(d)]
    meat = [[0.0] * d for _ in range(d)]
    for g in games:
        score = [0.0] * d
        for row in g["rows"]:
            x = row + [1.0]
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            for i in range(d):
                score[i] += (p - g["result"]) * x[i]
                for j in range(d):
                    hess[i][j] += p * (1.0 - p) * x[i] * x[j]
        for i in range(d):
            for j in range(d):
                meat[i][j] += score[i] * score[j]
    inv_cols = [_solve([r[:] for r in hess], [1.0 if i == j else 0.0 for i in range(d)])
                for j in range(d)]  # column j of H^-1 (H is symmetric)
    inv = [[inv_cols[j][i] for j in range(d)] for i in range(d)]
    left = [[sum(inv[i][k] * meat[k][j] for k in range(d)) for j in range(d)]
            for i in range(d)]
    names = ("value",) + FEATURES + ("constant",)
    out = []
    for i, name in enumerate(names):
        var = sum(left[i][k] * inv[k][i] for k in range(d))
        se = math.sqrt(max(var, 0.0))
        out.append({"term": name, "weight": w[i], "se": se,
                    "z": w[i] / se if se else 0.0,
                    "coins": w[i] / w[0] if w[0] else 0.0})
    return out


def main(argv: list[str] | None = None) -> int:
    a = game_args(__doc__.splitlines()[0], 100, 688320).parse_args(argv)
    seats = [s.strip() for s in a.seats.split(",")]
    bad = [s for s in seats if s not in LEVEL_SETTINGS]
    if bad or len(seats) < 2 or not LEVEL_SETTINGS[seats[0]].get("search"):
        print(f"forecast_check: --seats {a.seats}: 2 or more of "
              f"{', '.join(LEVEL_SETTINGS)}, the first a level that searches "
              "(normal, hard, master)", file=sys.stderr)
        return 2
    games = [play(seats, a.seed, g, a.budget, a.target, a.round_cap)
             for g in range(a.games)]
    games = [g for g in games if g["rows"]]
    if len(games) < 2 or len({g["result"] for g in games}) < 2:
        print("forecast_check: too few games, or every game the same result, to fit",
              file=sys.stderr)
        return 1
    try:
        rows = fit(games)
    except ValueError:  # a feature the same in every record: nothing to tell it apart
        print("forecast_check: a feature never varies in these games; play more of them",
              file=sys.stderr)
        return 1
    if a.json:
        print(json.dumps({"games": len(games), "records": sum(len(g["rows"]) for g in games),
                          "terms": rows}))
        return 0
    print(f"{len(games)} games, seed {a.seed}, "
          f"{sum(len(g['rows']) for g in games)} turn ends of {seats[0]}")
    print(f"{'term':<17}{'weight':>9}{'se':>8}{'z':>7}{'coins':>8}")
    for r in rows:
        print(f"{r['term']:<17}{r['weight']:>+9.4f}{r['se']:>8.4f}{r['z']:>+7.1f}"
              f"{r['coins']:>+8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

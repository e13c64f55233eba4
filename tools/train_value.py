"""Learn the AI's value weights from self-play outcomes (game/ai/learned.py).

    python tools/train_value.py --games 300 --seed 440000 [--budget 4000]
        [--ridge 1.0] [--out game/ai/value_weights.json] [--cache DIR] [--quiet]

Plays seeded games between Normal and Hard seats (game g: seed + g; its map, seat
count and each seat's level drawn from a generator seeded by the same number), and at
every action decision of an AI seat records the terms of the hand-made value
(game.ai.learned.FEATURES, with Hard's parameters, from that seat's view only). The
last round is left out (it is valued by its own rule), and so is a term nonzero in
fewer than 1% of the records (it keeps its hand weight). When the game ends, each record
gets the seat's result: 1 for a win (1/k when k dragons share it), else 0. A logistic
model of the result on the terms (plus an intercept per seat count) is fitted by
Newton's method with a small ridge, in plain Python; the weights are divided by the
weight of the dragon's own coins (so they are in coins) and written as a
narby-ai-weights/1 file. Same seed, games and budget: the same file.

--cache DIR keeps each game's records in DIR (one file per seed and budget; a game
replays exactly, so a cached record is the one it would play): runs over parts of the
seeds (e.g. two at once) fill it, and a run over all of them then only fits.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import choose  # noqa: E402
from game.ai.decide import LEVEL_SETTINGS  # noqa: E402
from game.ai.learned import FEATURES, FORMAT, WEIGHTS_FILE, LearnedEvaluator  # noqa: E402
from game.ai.model import from_view  # noqa: E402
from game.board import BoardSpec  # noqa: E402
from game.maps.loader import load_board  # noqa: E402
from game.match import Match  # noqa: E402
from game.seat_view import seat_view  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# (map, seats): mostly the plain board with four dragons (the measured match-up)
SETUPS = ((None, 4), (None, 4), (None, 4), (None, 3), (None, 5),
          ("maps/riverfell.tmx", 4), ("maps/narby-vale.tmx", 4), ("maps/hearth-hollow.tmx", 3))
LEVELS = ("hard", "normal")
MIN_SHARE = 0.01  # a term nonzero in fewer records than this keeps its hand weight
_BOARDS: dict = {}


def _board(path):
    if path is None:
        return BoardSpec.plain()
    if path not in _BOARDS:
        _BOARDS[path] = load_board(str(ROOT / path))
    return _BOARDS[path]


def hard_params() -> dict:
    return {k: v for k, v in LEVEL_SETTINGS["hard"]["params"].items() if k != "learned"}


def play(seed: int, budget: int) -> list[tuple[int, list[float], float]]:
    """One seeded game: [(seat count, features, result)] for every AI action decision."""
    rng = random.Random(seed)
    path, n = rng.choice(SETUPS)
    levels = [rng.choice(LEVELS) for _ in range(n)]
    board = _board(path)
    m = Match([None] * n, seed=seed, board=board, options={"round_cap": 60})
    level_of = dict(zip(m.seat_names, levels, strict=True))
    params = hard_params()
    rows: list[tuple[str, list[float]]] = []
    k = 0
    while not m.finished:
        decision = m.pending
        assert decision is not None  # an unfinished match waits on a decision
        dragon = decision.dragon
        view = seat_view(m, dragon)
        if (view.get("pending") or {}).get("kind") == "action":
            ev = LearnedEvaluator(from_view(view, board, dragon), params,
                                  weights=dict.fromkeys(FEATURES, 0.0))
            if not ev.final:
                f = ev.features(ev.root)
                rows.append((dragon, [f[x] for x in FEATURES]))
        answer = choose(view, level_of[dragon], seed=seed * 100_003 + k, board=board,
                        budget=budget)
        m.submit(answer)
        k += 1
    winners = m.winner if isinstance(m.winner, list) else [m.winner]
    winners = [w for w in winners if w in level_of]
    m.close()
    return [(n, x, (1.0 / len(winners) if d in winners else 0.0)) for d, x in rows]


# ----- logistic regression, plain Python ---------------------------------------------------
def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting (a small system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        piv = m[c][c]
        if abs(piv) < 1e-12:
            raise ValueError("singular system")
        for r in range(c + 1, n):
            f = m[r][c] / piv
            if f:
                for j in range(c, n + 1):
                    m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def fit_logistic(xs: list[list[float]], ys: list[float], ridge: float,
                 free: int = 0, steps: int = 30) -> tuple[list[float], float]:
    """Weights of a logistic model (L2 `ridge` on all but the last `free` columns,
    the intercepts), and the mean log-loss."""
    d = len(xs[0])
    w = [0.0] * d
    for _ in range(steps):
        grad = [0.0] * d
        hess = [[0.0] * d for _ in range(d)]
        for x, y in zip(xs, ys, strict=True):
            z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            g = p - y
            s = p * (1.0 - p)
            for i in range(d):
                grad[i] += g * x[i]
                xi = s * x[i]
                row = hess[i]
                for j in range(i, d):
                    row[j] += xi * x[j]
        for i in range(d):
            for j in range(i):
                hess[i][j] = hess[j][i]
            if i < d - free:
                grad[i] += ridge * w[i]
                hess[i][i] += ridge
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-10:
            break
    loss = 0.0
    for x, y in zip(xs, ys, strict=True):
        z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
        p = min(1 - 1e-12, max(1e-12, 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return w, loss / len(xs)


class TrainError(ValueError):
    pass


def played(seed: int, budget: int, cache: Path | None) -> list:
    """play(), read from or kept in the cache folder when there is one."""
    if cache is None:
        return play(seed, budget)
    path = cache / f"game-{seed}-{budget}.json"
    if path.exists():
        return [(n, x, y) for n, x, y in json.loads(path.read_text(encoding="utf-8"))]
    rows = play(seed, budget)
    cache.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(rows), encoding="utf-8")
    tmp.replace(path)
    return rows


def train(games: int, seed: int, budget: int, ridge: float, quiet: bool = True,
          cache: Path | None = None) -> dict:
    rows: list[tuple[int, list[float], float]] = []
    start = time.perf_counter()
    for g in range(games):
        rows.extend(played(seed + g, budget, cache))
        if not quiet:
            print(f"[{g + 1}/{games}] {len(rows)} positions, "
                  f"{time.perf_counter() - start:.0f}s", file=sys.stderr, flush=True)
    counts = sorted({n for n, _, _ in rows})
    # a term that is almost never nonzero in the records (an adjacent attacker that
    # would win, a retake: never at a decision's root) cannot be fitted: it keeps its
    # hand weight and stays out of the fit
    active = [i for i in range(len(FEATURES))
              if sum(1 for _, x, _ in rows if x[i] != 0.0) >= MIN_SHARE * len(rows)]
    if FEATURES.index("coins") not in active:
        raise TrainError("no records with coins; play more games")
    xs = [[x[i] for i in active] + [1.0 if n == c else 0.0 for c in counts]
          for n, x, _ in rows]
    ys = [y for _, _, y in rows]
    w, loss = fit_logistic(xs, ys, ridge, free=len(counts))
    coin = w[active.index(FEATURES.index("coins"))]
    if coin <= 0:
        raise TrainError("the fitted weight of coins is not positive; play more games")
    weights = hand_weights_default()
    for j, i in enumerate(active):
        weights[FEATURES[i]] = round(w[j] / coin, 4)
    return {"format": FORMAT, "seed": seed, "games": games, "budget": budget, "ridge": ridge,
            "positions": len(rows), "log_loss": round(loss, 5),
            "logit_per_coin": round(coin, 6),
            "fitted": [FEATURES[i] for i in active],
            "intercepts": {str(c): round(w[len(active) + i], 5)
                           for i, c in enumerate(counts)},
            "weights": weights}


def hand_weights_default() -> dict[str, float]:
    """Hard's hand weights (as learned.hand_weights gives them for Hard's parameters)."""
    p = hard_params()
    lead, other = p.get("lead_weight", 0.45), p.get("other_weight", 0.15)
    return {**dict.fromkeys(FEATURES, 1.0), "lead_coins": lead, "lead_claims": lead,
            "other_coins": other, "other_claims": other}


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--seed", type=int, default=440000)
    p.add_argument("--budget", type=int, default=4000, help="search nodes per decision")
    p.add_argument("--ridge", type=float, default=1.0)
    p.add_argument("--out", default=str(WEIGHTS_FILE))
    p.add_argument("--cache", default=None, help="a folder keeping each game's records")
    p.add_argument("--quiet", action="store_true")
    args = p.parse_args(argv)
    if args.games < 1 or args.budget < 1 or args.ridge < 0:
        raise SystemExit("train_value: --games and --budget must be at least 1, "
                         "--ridge not negative")
    try:
        doc = train(args.games, args.seed, args.budget, args.ridge, quiet=args.quiet,
                    cache=Path(args.cache) if args.cache else None)
    except TrainError as exc:
        raise SystemExit(f"train_value: {exc}") from None
    try:
        Path(args.out).write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        raise SystemExit(f"train_value: cannot write {args.out}: {exc}") from None
    print(json.dumps(doc["weights"]), f"({doc['positions']} positions, "
          f"log-loss {doc['log_loss']})")


if __name__ == "__main__":
    main()

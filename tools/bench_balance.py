"""CPU cost of one balance-lab game by map size and seats (docs/BALANCE.md).

    .venv/bin/python tools/bench_balance.py [--games 3] [--level normal]

Plays a few seeded games per (map, seats) in this process and prints the CPU seconds
(time.process_time, so a busy machine slows the wall clock, not the figure) per game,
per decision, and the rounds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from game.balance.games import board_of, play_game  # noqa: E402
from game.balance.plan import Plan, game_task  # noqa: E402

CASES = [("tests/maps/sizes/smallest-8x8.tmx", 4), ("maps/hearth-hollow.tmx", 3),
         ("maps/riverfell.tmx", 2), ("maps/riverfell.tmx", 4), ("maps/riverfell.tmx", 6),
         ("maps/dragonmarch.tmx", 6), ("tests/maps/sizes/largest-40x40.tmx", 4)]


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--level", default="normal")
    args = p.parse_args(argv)
    print(f"{'map':<22} {'size':>6} {'seats':>5} {'cpu s/game':>10} {'ms/decision':>11} "
          f"{'rounds':>6}")
    for path, seats in CASES:
        full = str(ROOT / path)
        board = board_of(full)
        plan = Plan(map=full, levels=(args.level,) * seats, games=args.games, seed=11)
        cpu, decisions, rounds = 0.0, 0, 0
        for g in range(args.games):
            start = time.process_time()
            record = play_game(game_task(plan, g))
            cpu += time.process_time() - start
            decisions += record["decisions"]
            rounds += record["rounds"]
        print(f"{Path(path).stem:<22} {board.width:>3}x{board.height:<3}{seats:>5} "
              f"{cpu / args.games:>10.2f} {1000 * cpu / max(1, decisions):>11.1f} "
              f"{rounds / args.games:>6.1f}", flush=True)


if __name__ == "__main__":
    main()

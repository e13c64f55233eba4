"""Engine benchmark: seeded random 4-seat games on one core.

    python tools/bench_engine.py [--games 40] [--seats 4] [--seed 1]

Prints decisions/second (legal-answer generation + submit, as a random player plays)
and games/second. A benchmark, not a test: timing is never asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.match import Match  # noqa: E402
from game.players import RandomPlayer, play_out  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--profile", action="store_true", help="print a cProfile summary")
    args = p.parse_args()

    def run():
        decisions = rounds = 0
        start = time.perf_counter()
        for g in range(args.games):
            m = Match([None] * args.seats, seed=args.seed + g)
            decisions += play_out(m, RandomPlayer(args.seed + g))
            rounds += m.round
            m.close()
        return decisions, rounds, time.perf_counter() - start

    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.enable()
        run()
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(18)
        return
    decisions, rounds, elapsed = run()
    print(f"{args.games} games, {args.seats} seats, {decisions} decisions, "
          f"{rounds / args.games:.1f} rounds/game")
    print(f"{decisions / elapsed:,.0f} decisions/s   {args.games / elapsed:.2f} games/s   "
          f"({elapsed:.2f} s)")


if __name__ == "__main__":
    main()

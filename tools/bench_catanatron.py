"""catanatron's random-player speed, for tools/bench_engine.py's side-by-side figure.

Runs under the Python of a SEPARATE venv that has catanatron installed (it is not a
dependency of this project):

    python3 -m venv /tmp/catan && /tmp/catan/bin/pip install catanatron
    /tmp/catan/bin/python tools/bench_catanatron.py --games 10 --seed 1

Plays seeded 4-player games of random players (catanatron's own RandomPlayer: every
decision lists the playable actions, the player picks one, the game applies it) and
prints one JSON line: {"decisions", "games", "seconds"}. Import time is not counted.
"""

from __future__ import annotations

import argparse
import json
import time


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    from catanatron import Color, Game, RandomPlayer  # noqa: PLC0415 (optional: its own venv)

    colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for g in range(args.games):
        game = Game([RandomPlayer(c) for c in colors], seed=args.seed + g)
        game.play()
        decisions += len(game.state.action_records if hasattr(game.state, "action_records")
                         else game.state.actions)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(json.dumps({"decisions": decisions, "games": args.games, "seconds": elapsed,
                      "cpu_seconds": cpu}))


if __name__ == "__main__":
    main()

"""Dice benchmark: Mersenne Twister (0.1.0 files) against the keyed-hash stream (new games).

    python tools/bench_dice.py                 # rolls/s, shuffles/s, then decisions/s
    python tools/bench_dice.py --games 10 --rounds 5

Rolls are `Dice.roll` of a d6 and a d20 as the rules call it; games are the seeded
4-seat random games of tools/bench_engine.py, played with each generator in turn
(alternating rounds and CPU seconds, so both see the same load on a shared machine),
counted in decisions/s (the two generators play different games).
A benchmark, not a test: timing is never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.dice import GENERATORS, Dice  # noqa: E402
from game.match import Match  # noqa: E402
from game.players import RandomPlayer, play_out  # noqa: E402

SEED = 2**127 + 12_345


def rolls_per_second(rng: str, n: int) -> float:
    dice = Dice(SEED, rng=rng)
    start = time.process_time()
    for _ in range(n // 2):
        dice.roll(6)
        dice.roll(20)
    return n / (time.process_time() - start)


def shuffles_per_second(rng: str, n: int) -> float:
    dice, deck = Dice(SEED, rng=rng), list(range(20))  # the 20 power cards (R11)
    start = time.process_time()
    for _ in range(n):
        dice.shuffle(deck)
    return n / (time.process_time() - start)


def decisions_per_second(rng: str, games: int, seed: int) -> tuple[float, int]:
    """(decisions/s, rolls): the games differ by generator, so decisions, not games."""
    rolls = decisions = 0
    start = time.process_time()
    for g in range(games):
        m = Match([None] * 4, seed=seed + g, rng=rng)
        decisions += play_out(m, RandomPlayer(seed + g))
        rolls += sum(1 for e in m.events if e.get("type") == "roll")
        m.close()
    return decisions / (time.process_time() - start), rolls


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rolls", type=int, default=400_000)
    p.add_argument("--games", type=int, default=12, help="4-seat games per generator a round")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    for rng in GENERATORS:
        print(f"{rng:>8}: {rolls_per_second(rng, args.rolls):>12,.0f} rolls/s  "
              f"{shuffles_per_second(rng, args.rolls // 20):>10,.0f} shuffles/s")
    rates: dict[str, list[float]] = {rng: [] for rng in GENERATORS}
    for r in range(args.rounds):
        for rng in GENERATORS:
            rate, rolls = decisions_per_second(rng, args.games, args.seed + 100 * r)
            rates[rng].append(rate)
            print(f"round {r + 1} {rng:>8}: {rate:8,.0f} decisions/s ({rolls} rolls in "
                  f"{args.games} games)")
    mt, stream = (statistics.median(rates[g]) for g in GENERATORS)
    print(f"median decisions/s: mt {mt:,.0f}, stream {stream:,.0f} "
          f"({(stream / mt - 1) * 100:+.1f} %)")


if __name__ == "__main__":
    main()

"""catanatron's random-player speed, for tools/bench_engine.py's side-by-side figure.

Runs under the Python of a SEPARATE venv that has catanatron installed (it is not a
dependency of this project):

    python3 -m venv /tmp/catan && /tmp/catan/bin/pip install catanatron
    /tmp/catan/bin/python tools/bench_catanatron.py --games 10 --seed 1

Plays seeded 4-player games of random players (catanatron's own RandomPlayer: every
decision lists the playable actions, the player picks one, the game applies it) and
prints one JSON line: {"decisions", "choices", "games", "seconds", "cpu_seconds"}.
Import time is not counted.

"choices" are the decisions with at least two playable actions. About two thirds of
catanatron's decisions have exactly one (a ROLL or END_TURN the player cannot decline,
a forced DISCARD), where our engine asks nothing and goes on; tools/bench_engine.py
compares both per decision and per choice. They are counted by replaying the same
seeded games after the timed run (catanatron's RandomPlayer draws from the `random`
module, which Game(seed=...) seeds), so counting costs the timed games nothing.
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
    ticks, choices = count_choices(Game, RandomPlayer, colors, args.games, args.seed)
    if ticks != decisions:  # the replay must be the timed games, decision for decision
        raise SystemExit(f"the counting replay played {ticks} decisions, not {decisions}")
    print(json.dumps({"decisions": decisions, "choices": choices, "games": args.games,
                      "seconds": elapsed, "cpu_seconds": cpu}))


def count_choices(game_cls, player_cls, colors, games: int, seed: int) -> tuple[int, int]:
    """(decisions, decisions with at least two playable actions) of the same seeded
    games, replayed tick by tick as Game.play plays them (untimed)."""
    from catanatron.game import TURNS_LIMIT as limit  # noqa: N811, PLC0415 (its venv)

    ticks = choices = 0
    for g in range(games):
        game = game_cls([player_cls(c) for c in colors], seed=seed + g)
        state = game.state
        while game.winning_color() is None and state.num_turns < limit:
            ticks += 1
            choices += len(state.playable_actions) > 1
            game.play_tick()
    return ticks, choices


if __name__ == "__main__":
    main()

"""Cost of sessions, undo and saves on a long game (200 rounds, 4 random dragons).

    python tools/bench_saves.py [--rounds 200] [--seed 1]

Prints: decisions, play time with and without the session's bookkeeping, the cost of
one undo rebuilt from the round checkpoint versus from the very start, and the time and
size of a save and of loading it (replay + state check).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.match import Match  # noqa: E402
from game.persistence import saves
from game.players import RandomPlayer  # noqa: E402
from game.session import Session  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    options = {"target": 100_000, "round_cap": args.rounds}

    t = time.perf_counter()
    s = Session.new([{}] * 4, seed=args.seed, options=options)
    player = RandomPlayer(args.seed)
    undo_points = []
    while not s.match.finished:
        if s.can_undo()[0]:
            undo_points.append(len(s.history))
        s.submit(player.choose(s.match))
    session_play = time.perf_counter() - t
    history = s.history

    t = time.perf_counter()
    m = Match([None] * 4, seed=args.seed, options=options)
    for answer in history:
        m.submit(answer)
    bare_replay = time.perf_counter() - t

    # Undo at the last undoable point: rebuild from its round's checkpoint vs from setup.
    n = undo_points[-1]
    doc = s.replay_doc()
    doc["decisions"] = history[:n]
    late = Session.from_replay(doc)
    times = []
    for _ in range(5):
        answer = late.history[-1]
        t = time.perf_counter()
        late.undo()
        times.append(time.perf_counter() - t)
        late.submit(answer)
    from_checkpoint = statistics.median(times)
    late._checkpoints.clear()
    t = time.perf_counter()
    late.undo()
    from_start = time.perf_counter() - t

    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        path = saves.save_game(s, "bench", tmp)
        save_time = time.perf_counter() - t
        size = path.stat().st_size
        t = time.perf_counter()
        saves.load_save(path)
        load_time = time.perf_counter() - t

    print(f"{s.match.round} rounds, {len(history)} decisions")
    print(f"play with session bookkeeping: {session_play:.2f} s; bare replay {bare_replay:.2f} s")
    print(f"undo at decision {n}: {from_checkpoint * 1000:.1f} ms from the round checkpoint, "
          f"{from_start * 1000:.0f} ms replaying from the start")
    print(f"save: {save_time * 1000:.0f} ms, {size / 1024:.0f} KiB; "
          f"load (replay + check): {load_time * 1000:.0f} ms")


if __name__ == "__main__":
    main()

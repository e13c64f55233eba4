"""Frame time of the whole board screen (board, panel, log, action bar, widgets) on a
mid-game 8-dragon position at 1280x800 under the dummy driver.

    .venv/bin/python tools/bench_window.py [--frames 300] [--size 1280x800] [--cpu]

tools/bench_ui.py (art) measures the board renderer alone; this adds everything else a
frame draws. Prints the median and 95th-percentile frame times in ms: wall time, or with
--cpu the drawing thread's CPU time (time.thread_time), which a busy shared machine
moves far less (the window draws on one thread; waiting for a core is not counted).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("NARBY_CONFIG_DIR", tempfile.mkdtemp(prefix="narby-cfg-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tools.ui_screens import _app, _board, _played  # noqa: E402


def _effect_events(shown: dict) -> list[dict]:
    """One event of each effect (issue 34), on pieces of the shown board."""
    town = next(s for s in shown["settlements"] if s["kind"] != "ruin")
    a, b = [n for n, d in shown["dragons"].items() if d.get("at") is not None][:2]
    return [{"type": "destroyed", "dragon": a, "piece": town["kind"], "at": town["at"]},
            {"type": "attack", "attacker": a, "defender": b, "winner": a},
            {"type": "claim", "dragon": a, "at": town["at"]},
            {"type": "coins", "from": b, "to": a, "amount": 3}]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=300)
    p.add_argument("--size", default="1280x800")
    p.add_argument("--effects", action="store_true",
                   help="also keep a fire, coins, a clash and a ring drop on the board")
    p.add_argument("--cpu", action="store_true",
                   help="time each frame by the thread's CPU time, not the wall clock")
    args = p.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))

    app = _app(size)
    c = _played(seed=8, rounds=6, seats=8)
    scene = _board(app, c)
    scene.select_slot("move")  # targets pulsing: the busiest idle frame
    times = []
    clock = time.thread_time if args.cpu else time.perf_counter
    effects = _effect_events(scene.shown) if args.effects else []
    for _ in range(args.frames):
        if effects and not scene.effects.active:
            for e in effects:
                scene.effects.start(e, scene.shown)
        app.dirty = True  # every step draws (the pulse alone would redraw 15 a second)
        t0 = clock()
        app.step(1 / 60)
        times.append((clock() - t0) * 1000)
    times.sort()
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"board screen {size[0]}x{size[1]}, 8 dragons, round {c.match.round}"
          f"{' (CPU)' if args.cpu else ''}: "
          f"median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms")
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

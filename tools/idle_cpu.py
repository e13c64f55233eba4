"""CPU the window uses with the board idle (issue 34: <= 5% of one core).

    .venv/bin/python tools/idle_cpu.py [--seconds 10] [--reduce-motion]

Runs the real frame loop (60 Hz clock, as App.run) on the board screen of a seeded
8-dragon game waiting for the person to act, under the dummy driver, and prints the
process's CPU time (resource.getrusage, user + system) over the wall time as a share
of one core.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("NARBY_CONFIG_DIR", tempfile.mkdtemp(prefix="narby-cfg-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tools.ui_screens import _app, _board, _played  # noqa: E402


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--reduce-motion", action="store_true")
    args = p.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    app = _app(size)
    if hasattr(app.settings, "reduce_motion"):
        app.settings.reduce_motion = args.reduce_motion
    _board(app, _played(seed=8, rounds=6, seats=8))
    for _ in range(120):  # settle: the opening banners and the first draws
        app.step(app.clock.tick(60) / 1000.0)
    c0, w0 = _cpu(), time.monotonic()
    while time.monotonic() - w0 < args.seconds:
        app.step(min(app.clock.tick(60) / 1000.0, 0.1))
    cpu, wall = _cpu() - c0, time.monotonic() - w0
    print(f"idle board {size[0]}x{size[1]}, {wall:.1f} s: {cpu:.2f} s CPU = "
          f"{100 * cpu / wall:.1f}% of one core"
          + (" (reduce motion)" if args.reduce_motion else ""))
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""CPU the window uses with the board at rest (issue 34: <= 5% of one core with every
animation on, about 0 with Reduce motion).

    .venv/bin/python tools/bench_idle.py [--seconds 60] [--size 1280x720] [--only on|off]

Runs the real main loop (`App.run`, as `narby` does) on the board screen of a seeded
8-dragon game waiting for the person to act, under the dummy video driver (or the
display in $SDL_VIDEODRIVER / $DISPLAY when --real), once with Reduce motion off and
once with it on, and prints each run's process CPU time (user + system, every thread:
the sound thread too) over its wall time as a share of one core.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("NARBY_CONFIG_DIR", tempfile.mkdtemp(prefix="narby-cfg-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def measure(seconds: float, size: tuple[int, int], reduce_motion: bool,
            aiming: bool = False) -> tuple[float, float, int]:
    """(CPU seconds, wall seconds, frames drawn) of `seconds` of App.run at rest."""
    import pygame  # noqa: PLC0415 (after the driver is chosen)

    from tools.ui_screens import _app, _board, _played  # noqa: PLC0415

    app = _app(size)
    app.settings.reduce_motion = reduce_motion
    scene = _board(app, _played(seed=8, rounds=6, seats=8))
    if aiming:  # the person has chosen Move and thinks where to: the targets pulse
        scene.select_slot("move")
    for _ in range(120):  # settle: the opening banners and the first draws
        app.step(app.clock.tick(60) / 1000.0)
    app.catch_crashes = False

    def stop() -> None:  # from another thread: end the loop and wake it
        app.running = False
        pygame.event.post(pygame.event.Event(pygame.USEREVENT))

    timer = threading.Timer(seconds, stop)
    frames0, c0, w0 = app.frames_drawn, _cpu(), time.monotonic()
    timer.start()
    app.run()  # closes the window at the end; its count of frames stays
    return _cpu() - c0, time.monotonic() - w0, app.frames_drawn - frames0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--only", choices=("on", "off"),
                   help="one run: Reduce motion on, or off")
    p.add_argument("--real", action="store_true",
                   help="use the display SDL finds (Xvfb, a desktop), not the dummy driver")
    p.add_argument("--aiming", action="store_true",
                   help="the person is choosing where to move (targets pulsing)")
    args = p.parse_args()
    if not args.real:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    size = (int(args.size.split("x")[0]), int(args.size.split("x")[1]))
    runs = {"off": [False], "on": [True]}.get(args.only or "", [False, True])
    for reduce in runs:
        cpu, wall, frames = measure(args.seconds, size, reduce, args.aiming)
        print(f"board {'aiming' if args.aiming else 'at rest'} {size[0]}x{size[1]}, 8 dragons, "
              f"{'Reduce motion on ' if reduce else 'every animation on'}: "
              f"{cpu:.2f} s CPU in {wall:.1f} s = {100 * cpu / wall:.2f}% of one core, "
              f"{frames / wall:.1f} frames drawn a second", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

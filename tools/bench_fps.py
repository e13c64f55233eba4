"""Frames a second while a game animates (issue 34: pinned to one core at half speed the
window keeps >= 30).

    .venv/bin/python tools/bench_fps.py [--seconds 20] [--pin] [--half] [--size 1280x720]

Runs the real main loop (`App.run`) on a seeded 8-dragon game that the Easy AI plays in
every seat at the normal pace (moves, dice, fires, coins, clashes and rings drawn as
they happen; the AI answers in-process, so its thinking costs the window's own core),
under the dummy video driver, and prints the frames drawn a second and the CPU time a
frame took (process CPU / frames). --pin keeps the process on CPU 0 (as taskset -c 0);
--half also runs a busy loop pinned to CPU 0, which the kernel gives about half of it.
On a machine others load too, CPU per frame is the steadier figure: half a core draws
at most 0.5 s / (CPU per frame) frames a second.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("NARBY_CONFIG_DIR", tempfile.mkdtemp(prefix="narby-cfg-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _busy(cpu: int) -> None:  # a competitor for the window's core
    os.sched_setaffinity(0, {cpu})
    while True:
        pass


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--pin", action="store_true", help="run on CPU 0 only")
    p.add_argument("--half", action="store_true",
                   help="pinned, beside a busy loop on the same core")
    p.add_argument("--seed", type=int, default=8)
    args = p.parse_args()
    size = (int(args.size.split("x")[0]), int(args.size.split("x")[1]))
    busy = None
    if args.pin or args.half:
        os.sched_setaffinity(0, {0})
    if args.half:
        busy = multiprocessing.Process(target=_busy, args=(0,), daemon=True)
        busy.start()

    import pygame  # noqa: PLC0415 (after the driver is chosen)

    from game.ui.controller import DEFAULT_MAP, GameController, GameSetup, Seat  # noqa: PLC0415
    from game.ui.scenes.game import GameScene  # noqa: PLC0415
    from tools.ui_screens import _app  # noqa: PLC0415

    app = _app(size)
    setup = GameSetup(seats=[Seat("ai", "easy") for _ in range(8)], map_path=DEFAULT_MAP,
                      seed=args.seed)
    scene = app.push(GameScene(app, GameController(setup, ai_mode="sync",
                                                   data_dir=app.data_dir)))
    app.catch_crashes = False

    def stop() -> None:
        app.running = False
        pygame.event.post(pygame.event.Event(pygame.USEREVENT))

    threading.Timer(args.seconds, stop).start()
    f0, c0, w0 = app.frames_drawn, _cpu(), time.monotonic()
    app.run()
    frames, cpu, wall = app.frames_drawn - f0, _cpu() - c0, time.monotonic() - w0
    if busy is not None:
        busy.terminate()
    where = "one core, shared with a busy loop" if args.half else \
        "one core" if args.pin else "any core"
    print(f"8 AI dragons playing {size[0]}x{size[1]} ({where}), {wall:.1f} s, "
          f"{scene.c.n_answers} answers: {frames / wall:.1f} frames a second, "
          f"{1000 * cpu / max(1, frames):.2f} ms CPU a frame, "
          f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

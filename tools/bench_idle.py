"""CPU the window uses at rest (issue 34: <= 5% of one core with every animation on,
about 0 with Reduce motion).

    .venv/bin/python tools/bench_idle.py [--seconds 60] [--size 1280x720] [--only on|off]
                                         [--scene board|lesson|host|join]

Runs the real main loop (`App.run`, as `narby` does) on a screen at rest, under the
dummy video driver (or the display in $SDL_VIDEODRIVER / $DISPLAY when --real), once
with Reduce motion off and once with it on, and prints each run's process CPU time
(user + system, every thread: the sound and network threads too) over its wall time as
a share of one core. Screens: `board`, a seeded 8-dragon game waiting for the person to
act; `lesson`, Learn to play at its first note (both over the main menu, as in play);
`host`, the Host online lobby waiting for a remote player; `join`, a joiner in the
lobby of a headless host (`narby host --headless` in a process of its own, whose CPU
is not counted); `online`, that joiner's board at its own turn (a host with an Easy AI).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
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
            aiming: bool = False, scene: str = "board") -> tuple[float, float, int]:
    """(CPU seconds, wall seconds, frames drawn) of `seconds` of App.run at rest."""
    import pygame  # noqa: PLC0415 (after the driver is chosen)

    from tools.ui_screens import _app  # noqa: PLC0415

    app = _app(size)
    app.settings.reduce_motion = reduce_motion
    host = None
    try:
        if scene == "board":
            _open_board(app, aiming)
        elif scene == "lesson":
            _open_lesson(app)
        elif scene == "host":
            _open_host_lobby(app)
        elif scene == "join":
            host = _open_join_lobby(app)
        else:
            host = _open_join_lobby(app, seats="remote,easy")
            _to_own_turn(app)
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
    finally:
        if host is not None:
            host.terminate()
            host.wait(10)


def _open_board(app, aiming: bool) -> None:
    from game.ui.scenes.menu import MenuScene  # noqa: PLC0415
    from tools.ui_screens import _board, _played  # noqa: PLC0415

    app.push(MenuScene(app))  # over the main menu, as New game leaves it
    scene = _board(app, _played(seed=8, rounds=6, seats=8))
    if aiming:  # the person has chosen Move and thinks where to: the targets pulse
        scene.select_slot("move")


def _open_lesson(app) -> None:
    from game.ui.scenes.menu import MenuScene  # noqa: PLC0415
    from game.ui.scenes.tutorial import start  # noqa: PLC0415

    app.push(MenuScene(app))  # the lesson opens over the main menu, as Learn to play does
    error = start(app)
    if error:
        raise SystemExit(f"bench_idle: the lesson did not open: {error}")


def _open_host_lobby(app) -> None:
    from game.ui.controller import GameSetup, Seat  # noqa: PLC0415
    from game.ui.net_window import NetHostController  # noqa: PLC0415
    from game.ui.scenes.online import HostLobbyScene  # noqa: PLC0415

    setup = GameSetup(seats=[Seat("human", dragon="red"), Seat("remote", dragon="green"),
                             Seat("ai", "easy", dragon="gold")], map_path=None, seed=1)
    c = NetHostController.host(setup, port=0, bind="127.0.0.1", data_dir=app.data_dir,
                               ai_mode="sync", code="BENCH1")
    app.push(HostLobbyScene(app, c))


def _open_join_lobby(app, seats: str = "remote,remote") -> subprocess.Popen:
    """A joiner in the lobby of a headless host (two remote seats: one stays empty, so
    the game never starts; or `seats`); the host's process, to end after the run."""
    from game.ui.scenes.online import JoinScene  # noqa: PLC0415

    root = Path(__file__).resolve().parent.parent
    host = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--headless", "--port", "0", "--bind",
         "127.0.0.1", "--seats", seats, "--code", "BENCH1", "--seed", "1", "--data-dir",
         tempfile.mkdtemp(prefix="narby-host-")],
        cwd=root, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    assert host.stderr is not None
    line = host.stderr.readline()  # "narby host: listening on wss://..."
    if "listening on " not in line:
        host.terminate()
        raise SystemExit(f"bench_idle: the host did not start: {line.strip()}")
    invite = line.split("listening on ", 1)[1].strip()
    threading.Thread(target=host.stderr.read, daemon=True).start()  # never blocks it
    scene = app.push(JoinScene(app, invite, auto=True))
    for _ in range(2000):  # until the host's lobby is on screen (the network's time)
        app.step(app.clock.tick(60) / 1000.0)
        if scene.lobby is not None:
            return host
    host.terminate()
    raise SystemExit(f"bench_idle: no lobby from the host ({scene.status})")


def _to_own_turn(app) -> None:
    """The joiner's board, the game started by the host, at the person's own decision
    (the host's Easy AI having played before it)."""
    from game.ui.scenes.game import GameScene  # noqa: PLC0415

    for _ in range(20000):
        app.step(app.clock.tick(60) / 1000.0)
        scene = app.top
        if isinstance(scene, GameScene):
            scene.factor_override = 0.0  # the opening's animations at once
            p = scene.c.pending
            if p is not None and scene.c.is_human(p.dragon) and scene.animation.idle \
                    and scene.prepared not in (None, "ai"):
                scene.factor_override = None
                return
    raise SystemExit("bench_idle: the joiner's turn did not come")


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
    p.add_argument("--scene", choices=("board", "lesson", "host", "join", "online"),
                   default="board",
                   help="the screen at rest: the board (default), the lesson's first "
                        "note, the host's lobby, a joiner in a host's lobby, a joiner's "
                        "board at its own turn")
    args = p.parse_args()
    if not args.real:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    size = (int(args.size.split("x")[0]), int(args.size.split("x")[1]))
    runs = {"off": [False], "on": [True]}.get(args.only or "", [False, True])
    for reduce in runs:
        cpu, wall, frames = measure(args.seconds, size, reduce, args.aiming, args.scene)
        what = {"board": f"board {'aiming' if args.aiming else 'at rest'}",
                "lesson": "lesson at its first note", "host": "host's lobby waiting",
                "join": "joiner in the host's lobby",
                "online": "joiner's board at its turn"}[args.scene]
        dragons = ", 8 dragons" if args.scene == "board" else ""
        print(f"{what} {size[0]}x{size[1]}{dragons}, "
              f"{'Reduce motion on' if reduce else 'every animation on'}: "
              f"{cpu:.2f} s CPU in {wall:.1f} s = {100 * cpu / wall:.2f}% of one core, "
              f"{frames / wall:.1f} frames drawn a second", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Random input to the whole window: a seeded stream of clicks, drags, keys, wheel
turns, typed text and window resizes, from the menu through every screen it reaches.
Any exception is a bug (the window runs with its crash screen off, so the traceback is
the bug's own), and so is a label too small for its text (pygame-gui warns; the text is
cut). The last events before a failure are printed to reproduce it.

    python tools/monkey.py --seeds 1-20 --frames 4000 [--size 1280x720] [--lang de] [--scale 1.5]

Under the dummy video driver unless SDL_VIDEODRIVER is set; a settings and data folder
of its own (a temporary one), so a player's settings and saves are never touched.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import random
import sys
import tempfile
import traceback
import warnings
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.controller import GameController, GameSetup, Seat  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

KEY_NAMES = ("return", "escape", "tab", "space", "left", "right", "up", "down", "backspace",
             "delete", "home", "end", "page up", "page down", "f1", "f2", "f5", "f9", "f11",
             "a", "c", "d", "e", "h", "l", "m", "n", "s", "u", "z", "y", "1", "2", "3", "?",
             "+", "-")
TEXTS = ("a", "Z", "é", "7", " ", "日", "ß")


def _events(rng: random.Random, size: tuple[int, int]):
    """One random gesture: (label, [pygame events])."""
    w, h = size

    def spot():
        return (rng.randrange(w), rng.randrange(h))

    def motion(pos, buttons=(0, 0, 0)):
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)

    r = rng.random()
    if r < 0.5:
        pos, b = spot(), rng.choice((1, 1, 1, 3))
        return ("click", pos, b), [motion(pos),
                                   pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=b),
                                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=b)]
    if r < 0.58:
        a, z = spot(), spot()
        mid = ((a[0] + z[0]) // 2, (a[1] + z[1]) // 2)
        return ("drag", a, z), [
            motion(a), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
            motion(mid, (1, 0, 0)), motion(z, (1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=z, button=1)]
    if r < 0.9:
        name = rng.choice(KEY_NAMES)
        k = pygame.key.key_code(name)
        mod = rng.choice((0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT))
        return ("key", name, mod), [
            pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)]
    if r < 0.95:
        pos, y = spot(), rng.choice((-1, 1))
        return ("wheel", pos, y), [motion(pos), pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))]
    if r < 0.99:
        t = rng.choice(TEXTS)
        return ("text", t), [pygame.event.Event(pygame.TEXTINPUT, text=t)]
    new = (rng.randrange(640, 1921), rng.randrange(480, 1081))
    return ("resize", new), [pygame.event.Event(pygame.VIDEORESIZE, size=new, w=new[0], h=new[1])]


def run(seed: int, frames: int, size: tuple[int, int] = (1280, 720),
        home: str | None = None, start: str = "menu", settings: Settings | None = None
        ) -> dict:
    """One seeded run; returns {"ok", "frame", "error", "last", "screens", "clipped"}
    (clipped: each label text too long for its label, with the screen it was on). Settings and
    saves go to a fresh folder under `home` (a temporary one), so a run is the same
    whatever ran before it. `start` "game": from a game of one human seat against three
    AI seats (seeded), so most input lands on the board. `settings`: the language and
    interface scale to start with (the player's defaults when None)."""
    def new_app():
        a = App(dataclasses.replace(settings or Settings()), size=size, fullscreen=False)
        a.ai_mode = "sync"  # deterministic: the AI answers in the window's process
        a.catch_crashes = False
        a.push(MenuScene(a))
        if start == "game":
            c = GameController(GameSetup(seats=[Seat("human")] + [Seat("ai", "normal")] * 3,
                                         seed=seed), ai_mode="sync", data_dir=a.data_dir)
            a.push(GameScene(a, c))
        return a

    folder = tempfile.mkdtemp(prefix=f"seed{seed}-", dir=home)
    os.environ["NARBY_CONFIG_DIR"] = os.path.join(folder, "config")
    os.environ["NARBY_DATA_DIR"] = os.path.join(folder, "data")
    rng = random.Random(seed)
    app = new_app()
    last: list[tuple] = []
    screens: Counter[str] = Counter()
    frame = 0
    clipped: dict[str, str] = {}
    catcher = warnings.catch_warnings(record=True)
    caught = catcher.__enter__()
    warnings.simplefilter("always")
    try:
        while frame < frames:
            for _ in range(rng.choice((0, 0, 1, 1, 2))):
                label, events = _events(rng, app.screen.get_size())
                last = (last + [label])[-20:]
                for e in events:
                    pygame.event.post(e)
            app.step(1 / 60)
            for w in caught:
                if "too small for text" in str(w.message):
                    where = type(app.scenes[-1]).__name__ if app.scenes else "-"
                    clipped.setdefault(str(w.message), where)
            caught.clear()
            if app.scenes:
                screens[type(app.scenes[-1]).__name__] += 1
            if not app.running or not app.scenes:  # quit from the menu: start again
                app.close()
                app = new_app()
            frame += 1
        return {"ok": True, "frame": frame, "error": None, "last": last,
                "screens": dict(screens), "clipped": clipped}
    except Exception:
        return {"ok": False, "frame": frame, "error": traceback.format_exc(), "last": last,
                "screens": dict(screens), "clipped": clipped}
    finally:
        catcher.__exit__(None, None, None)
        with contextlib.suppress(Exception):
            app.close()


def _seeds(text: str) -> list[int]:
    """--seeds: "1-20" or "3,7,9" (argparse prints a bad one in one line)."""
    out: list[int] = []
    try:
        for part in text.split(","):
            lo, _, hi = part.partition("-")
            out.extend(range(int(lo), int(hi or lo) + 1))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give seeds as 1-20 or 3,7,9") from None
    return out


def _size(text: str) -> tuple[int, int]:
    """--size: "WxH" in pixels."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give a size as WxH, e.g. 1280x720") \
            from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError(f"{text!r}: the window needs at least 320x240")
    return w, h


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seeds", type=_seeds, default="1-5", help="e.g. 1-20 or 3,7,9")
    p.add_argument("--frames", type=int, default=3000)
    p.add_argument("--size", type=_size, default="1280x720")
    p.add_argument("--start", choices=("menu", "game"), default="menu",
                   help="game: begin in a game of one human against three AI seats")
    p.add_argument("--lang", default="", help="the window's language, e.g. de or ja")
    p.add_argument("--scale", type=float, default=1.0, help="interface scale, 0.5-2")
    args = p.parse_args(argv)
    settings = Settings(language=args.lang, ui_scale=args.scale).validated()
    home = tempfile.mkdtemp(prefix="narby-monkey-")
    w, h = args.size
    failed = 0
    for seed in args.seeds:
        r = run(seed, args.frames, (w, h), home, args.start, settings)
        top = ", ".join(f"{k} {v}" for k, v in Counter(r["screens"]).most_common(6))
        for text, where in r["clipped"].items():
            print(f"seed {seed}: clipped on {where}: {text}", flush=True)
        failed += bool(r["clipped"])
        if r["ok"]:
            print(f"seed {seed}: ok, {args.frames} frames ({top})", flush=True)
            continue
        failed += 1
        print(f"seed {seed}: FAILED at frame {r['frame']}\n{r['error']}"
              f"last input: {r['last']}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The map authors' commands of `narby` (issue 17), kept apart from game/cli.py:

    narby maps [--data-dir DIR] [--json]        the maps the New game picker offers
    narby preview FILE                          live preview window (reloads on save)
    narby preview FILE --once --screenshot OUT  draw once, write a PNG, exit 1 on problems
    narby play --map FILE --seats human,easy,easy --seed 5   a game in the window at once
    narby --map FILE [--seed N] [--seats ...]   the window's New game with these chosen
    narby render-map FILE OUT.png               the terrain as the board draws it

Every flag is honoured or refused with one line saying why. `--frames N` (play,
preview) runs N frames and exits, with `--screenshot OUT.png` saving the window first:
a hook for tests and scripts, under SDL's dummy driver.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from game import house_rules
from game.dice import seed_argument
from game.maps.catalog import (
    MAX_USER_MAPS,
    entry,
    scan,
    shipped_maps_dir,
    unlisted_user_maps,
    user_maps_dir,
)
from game.maps.limits import is_file, path_problem, shown, shown_path, small_int
from game.match import SetupError
from game.persistence.saves import data_dir
from game.resources import find_map, shipped_maps
from game.tables import DRAGONS, TARGETS

WINDOW_SEAT_KINDS = ("human", "easy", "normal", "hard", "master", "random")
DEFAULT_WINDOW_SEATS = "human,normal,normal,normal"
# flags of the main `narby` parser that only mean something without a window
_HEADLESS_ONLY = (("json", "--json"), ("log", "--log"), ("save", "--save"))
_SCREENSHOT_ONLY = ("--rounds", "--size")


class _Parser(argparse.ArgumentParser):
    """Usage mistakes come out as one line naming the problem (exit status 2)."""

    def error(self, message: str):
        print(f"{self.prog}: {message} (see '{self.prog} --help')", file=sys.stderr)
        raise SystemExit(2)


class _OneLine:
    """A stand-in parser for checks made after parsing: errors as one line, status 2."""

    def __init__(self, prog: str) -> None:
        self.prog = prog

    def error(self, message: str):
        print(f"{self.prog}: {message}", file=sys.stderr)
        raise SystemExit(2)


def _err(prog: str, text: str, code: int = 2) -> int:
    print(f"{prog}: {text}", file=sys.stderr)
    return code


def _data_dir_argument(p) -> None:
    p.add_argument("--data-dir", metavar="DIR", default=None,
                   help="the data folder (saves, your maps folder 'maps/'); default: "
                        "$NARBY_DATA_DIR, else the user's data folder")


# ----- narby maps --------------------------------------------------------------------
def maps_main(argv: list[str]) -> int:
    p = _Parser(
        prog="narby maps",
        description="List the maps the New game picker offers: the shipped maps and "
                    "those in your maps folder (maps/ under the data folder), each with "
                    "title, size, dragon range, or what is wrong with it.")
    _data_dir_argument(p)
    p.add_argument("--json", action="store_true", help="print the listing as JSON")
    args = p.parse_args(argv)
    data = data_dir(args.data_dir)
    entries = scan(data)
    user = user_maps_dir(data)
    if args.json:
        print(json.dumps({"shipped_dir": str(shipped_maps_dir()), "user_dir": str(user),
                          "maps": [e.to_json() for e in entries]}, indent=1,
                         ensure_ascii=False))
        return 0
    _say(f"shipped maps: {shipped_maps_dir()}")
    _say(f"your maps:    {user}" + ("" if user.is_dir() else " (cannot be created)"))
    width = max((len(e.title) for e in entries), default=5)
    for e in entries:
        head = f"{e.origin:<8} {e.title:<{width}}  {e.size_text:>5}  {e.dragons_text:<12}"
        if e.ok:
            _say(f"{head} {e.path}")
        else:
            n = len(e.problems)
            _say(f"{head} {e.path}\n{'':9}BROKEN ({n} problem{'s' if n != 1 else ''}): "
                 f"{e.first_problem}")
    if not any(e.origin == "user" for e in entries):
        _say(f"(no maps of your own yet: put .tmx files in {user})")
    more = unlisted_user_maps(data)
    if more:
        _say(f"({more:,} more maps in {user} are not listed: the list shows the first "
             f"{MAX_USER_MAPS} by file name)")
    return 0


def _say(line: str) -> None:
    try:
        print(line)
    except UnicodeEncodeError:  # a legacy console: keep the listing, lose the dashes
        enc = getattr(sys.stdout, "encoding", None) or "ascii"
        print(line.encode(enc, "replace").decode(enc))


# ----- shared window helpers ---------------------------------------------------------
def window_size_arg(p, text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    from game.ui.settings import MAX_WINDOW, MIN_WINDOW  # noqa: PLC0415 (window code stays out of headless commands)

    parts = text.lower().split("x")
    got = [n for n in (small_int(v) for v in parts) if n is not None]
    if len(parts) != 2 or len(got) != 2:
        p.error(f"--size must look like 1280x720, not '{shown(text, 30)}'")
    w, h = got
    (lo_w, lo_h), (hi_w, hi_h) = MIN_WINDOW, MAX_WINDOW
    if not (lo_w <= w <= hi_w and lo_h <= h <= hi_h):
        p.error(f"--size {w}x{h} is out of range ({lo_w}x{lo_h} to {hi_w}x{hi_h})")
    return w, h


def _frames_arguments(p) -> None:
    p.add_argument("--frames", type=int, default=None, metavar="N",
                   help="run N frames and close (for scripts and tests)")
    p.add_argument("--screenshot", metavar="OUT.png", default=None,
                   help="save the window as a PNG (with --frames: after the frames)")
    p.add_argument("--size", default=None, metavar="WxH", help="window size, e.g. 1280x720")


def _open(size, data_dir, headless: bool):
    """An App: on the dummy driver when headless (frames/screenshots), else a real one."""
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from game.ui.app import App  # noqa: PLC0415 (window code stays out of headless commands)
        from game.ui.settings import Settings  # noqa: PLC0415 (window code stays out of headless commands)

        s = Settings(window=tuple(size)) if size else None
        app = App(s, size=size, fullscreen=False, data_dir=data_dir)
        app.ai_mode = "sync"  # answers at once, in order: the same seed gives the same game
        return app
    from game.ui.app import open_app  # noqa: PLC0415 (window code stays out of headless commands)

    return open_app(size, data_dir)


def _run(app, frames: int | None, screenshot: str | None, prog: str) -> int:
    """Run the window; with frames, step that many frames (1/60 s each, no clock)."""
    if frames is None:
        return app.run()
    for _ in range(frames):
        if not (app.running and app.scenes):
            break
        app.step(1 / 60)
    code = 0
    if screenshot:
        try:
            app.screenshot(screenshot)
        except Exception as exc:  # pygame reports an unwritable path its own way
            code = _err(prog, f"cannot write {screenshot}: {exc}")
    from game.ui.scenes.crash import crash_line  # noqa: PLC0415 (window code stays out of headless commands)

    crashed = crash_line(app)
    app.close()
    if crashed is not None:  # a script must see it: never "saved" over a crash screen
        return _err(prog, f"the game crashed: {crashed}", 3)
    return code


def parse_window_seats(p, text: str) -> list:
    """Window seats from 'human,easy,hard:red': Seat objects (dragon None = R6 draw)."""
    from game.ui.controller import Seat  # noqa: PLC0415 (window code stays out of headless commands)

    seats = []
    for token in text.split(","):
        kind, _, dragon = token.strip().partition(":")
        if kind not in WINDOW_SEAT_KINDS:
            p.error(f"unknown seat kind {kind!r} in --seats (use: "
                    f"{', '.join(WINDOW_SEAT_KINDS)})")
        if dragon and dragon not in DRAGONS:
            p.error(f"unknown dragon {dragon!r} in --seats (dragons: {', '.join(DRAGONS)})")
        seats.append(Seat("human", "normal", dragon or None) if kind == "human"
                     else Seat("ai", kind, dragon or None))
    if not 2 <= len(seats) <= 8:
        p.error(f"--seats names {len(seats)} seats; a game has 2 to 8")
    return seats


def _map_arg(p, text: str | None) -> str | None:
    """An existing map file or a shipped map's name, as an absolute path (so it works from
    any folder)."""
    if text is None:
        return None

    path = find_map(str(Path(text).expanduser()))
    if not is_file(path):
        names = ", ".join(m.stem for m in shipped_maps())
        too_long = path_problem(path)
        p.error(f"--map {shown_path(text)}: {too_long or 'file not found'} (shipped maps: "
                f"{names})")
    return str(path.resolve())


# ----- narby play ----------------------------------------------------------------------
def play_main(argv: list[str]) -> int:
    p = _Parser(
        prog="narby play",
        description="Start a game in the window at once, e.g. 'narby play --map my.tmx "
                    "--seats human,easy,easy --seed 5'.")
    p.add_argument("--map", default=None, metavar="FILE",
                   help="a Tiled .tmx map, anywhere (default: Narby Vale)")
    p.add_argument("--seats", default=DEFAULT_WINDOW_SEATS,
                   help="comma-separated seats, 2 to 8: human, easy, normal, hard, master or "
                        f"random, each optionally :DRAGON (default: {DEFAULT_WINDOW_SEATS})")
    p.add_argument("--seed", type=seed_argument, default=None,
                   help="seed (default: a secret random one)")
    p.add_argument("--target", type=int, default=None, help="coins to win: 50, 75 or 100")
    p.add_argument("--round-cap", type=int, default=None, help="rounds before the game stops")
    p.add_argument("--no-cards", action="store_true",
                   help="play without power cards (no Draw phase, R11)")
    house_rules.add_argument(p)  # --house even-dragons (docs/RULES.md, H1)
    _data_dir_argument(p)
    _frames_arguments(p)
    args = p.parse_args(argv)
    if args.screenshot and args.frames is None:
        p.error("--screenshot needs --frames N (the window is saved after N frames)")
    if args.frames is not None and args.frames < 0:
        p.error("--frames must be 0 or more")
    size = window_size_arg(p, args.size)
    setup, code = _setup(p, args, "narby play")
    if setup is None:
        return code
    from game.ui.controller import GameController  # noqa: PLC0415 (window code stays out of headless commands)

    app = _open(size, args.data_dir, headless=args.frames is not None)
    if app is None:
        return 2
    try:
        c = GameController(setup, ai_mode=app.ai_mode, data_dir=app.data_dir)
    except SetupError as exc:
        app.close()
        return _err("narby play", str(exc))
    from game.ui.scenes.game import GameScene  # noqa: PLC0415 (window code stays out of headless commands)
    from game.ui.scenes.menu import MenuScene  # noqa: PLC0415 (window code stays out of headless commands)

    app.push(MenuScene(app))  # leaving the game lands on the main menu
    app.push(GameScene(app, c))
    return _run(app, args.frames, args.screenshot, "narby play")


def _setup(p, args, prog: str, *, check: bool = True):
    """(GameSetup, 0) from --map/--seats/--seed/...; (None, code) after saying why not."""
    from game.ui.controller import DEFAULT_MAP, GameSetup  # noqa: PLC0415 (window code stays out of headless commands)

    seats = parse_window_seats(p, args.seats)
    if args.target is not None and args.target not in TARGETS:
        p.error(f"--target {args.target}: use {', '.join(map(str, TARGETS))} (R10)")
    if args.round_cap is not None and args.round_cap < 1:
        p.error("--round-cap must be 1 or more")
    path = _map_arg(p, args.map)
    if path is not None and check:
        e = entry(path)
        if not e.ok:
            n = len(e.problems)
            return None, _err(prog, f"{path} has {n} problem{'s' if n != 1 else ''}; first: "
                              f"{e.first_problem} (see 'narby preview {path}')", 1)
    setup = GameSetup(seats=seats, map_path=path or DEFAULT_MAP, seed=args.seed)
    if args.target is not None:
        setup.target = args.target
    if args.no_cards:
        setup.cards = False
    setup.round_cap = args.round_cap
    setup.even_dragons = "even-dragons" in (getattr(args, "house", None) or ())
    return setup, 0


# ----- narby (window) with flags -------------------------------------------------------
def window_main(p, args, argv: list[str]) -> int:
    """`narby` without --headless: the main menu, or New game with the flags' choices.
    Flags the window cannot use are refused, never ignored."""
    for dest, flag in _HEADLESS_ONLY:
        if getattr(args, dest):
            return _err("narby", f"{flag} only goes with --headless (the window shows the "
                        "game itself)")
    for flag in _SCREENSHOT_ONLY:
        if any(t == flag or t.startswith(flag + "=") for t in argv):
            return _err("narby", f"{flag} only goes with --screenshot OUT.png")
    chosen = any(t.split("=")[0] in ("--map", "--seed", "--seats", "--target", "--round-cap",
                                     "--no-cards", "--house") for t in argv)
    from game.ui.app import open_app  # noqa: PLC0415 (window code stays out of headless commands)

    if not chosen:
        from game.ui.scenes.menu import MenuScene  # noqa: PLC0415 (window code stays out of headless commands)

        app = open_app(None, args.data_dir)
        if app is None:
            return 2
        app.push(MenuScene(app))
        return app.run()
    if not any(t.split("=")[0] == "--seats" for t in argv):
        args.seats = DEFAULT_WINDOW_SEATS  # the headless default is four random players
    # a broken map still opens New game, chosen and greyed with its problems listed
    setup, _ = _setup(_OneLine("narby"), args, "narby", check=False)
    app = open_app(None, args.data_dir)
    if app is None:
        return 2
    from game.ui.scenes.menu import MenuScene  # noqa: PLC0415 (window code stays out of headless commands)
    from game.ui.scenes.new_game import NewGameScene  # noqa: PLC0415 (window code stays out of headless commands)

    app.push(MenuScene(app))
    app.push(NewGameScene(app, setup))
    return app.run()


# ----- narby render-map --------------------------------------------------------------
def render_map_main(argv: list[str]) -> int:
    """The map's terrain as the board draws it, at the tilesets' own tile size, with no
    pieces or interface: the picture to compare with Tiled's (tmxrasterizer)."""
    p = _Parser(prog="narby render-map",
                description="Write a map's terrain picture as the board draws it (at the "
                            "tilesets' tile size, no pieces or interface), e.g. to compare "
                            "with Tiled's 'tmxrasterizer FILE OUT.png'.")
    p.add_argument("file", metavar="FILE", help="a Tiled .tmx map")
    p.add_argument("out", metavar="OUT.png", help="the picture to write")
    args = p.parse_args(argv)
    path = Path(args.file).expanduser()
    if not path.is_file():
        return _err("narby render-map", f"{args.file}: file not found")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # noqa: PLC0415 (window code stays out of headless commands)

    from game.maps.loader import MapError  # noqa: PLC0415
    from game.ui import png  # noqa: PLC0415 (window code stays out of headless commands)
    from game.ui.tiled_draw import render_map  # noqa: PLC0415 (window code stays out of headless commands)

    try:
        # big tiles on a big map (40x40 of 512 px: 1.6 GB) are drawn smaller, not crashed
        picture = render_map(path, max_bytes=RENDER_MAX_BYTES)
    except MapError as exc:
        n, first = len(exc.problems), exc.problems[0]
        where = f"{first.where}: " if first.where else ""
        return _err("narby render-map", f"{path} has {n} problem{'s' if n != 1 else ''}; "
                    f"first: {where}{first.what} — {first.fix} (see 'narby check-map "
                    f"{path}')", 1)
    try:
        png.save(picture, args.out)  # never over the map, a save or any other file
    except (OSError, pygame.error) as exc:
        return _err("narby render-map", f"cannot write {args.out}: {exc}")
    w, h = picture.get_size()
    full = _full_size(path)
    smaller = "" if full is None or full == (w, h) else \
        f", drawn smaller: the full {full[0]}x{full[1]} picture is too big to hold"
    _say(f"saved {args.out} ({w}x{h}{smaller})")
    return 0


RENDER_MAX_BYTES = 8192 * 8192 * 4  # an RGBA picture of 8192x8192 at most


def _full_size(path: Path) -> tuple[int, int] | None:
    """The map's picture size at its own tile size (the checks passed: numbers are sane)."""
    from game.maps.loader import read_vetted  # noqa: PLC0415

    root = read_vetted(path)
    try:
        return (int(root.get("width", 0)) * int(root.get("tilewidth", 0)),
                int(root.get("height", 0)) * int(root.get("tileheight", 0)))
    except ValueError:
        return None


# ----- narby preview -----------------------------------------------------------------
def preview_main(argv: list[str]) -> int:
    p = _Parser(
        prog="narby preview",
        description="Show a map as the game draws it, with the checker's problems listed "
                    "and marked; the window reloads whenever the file is saved. With "
                    "--once --screenshot OUT.png: draw it once, write the picture, and "
                    "exit 1 if the map has problems.")
    p.add_argument("file", metavar="FILE", help="a Tiled .tmx map")
    p.add_argument("--once", action="store_true",
                   help="no window: draw once into --screenshot and exit (1: problems)")
    _data_dir_argument(p)
    _frames_arguments(p)
    args = p.parse_args(argv)
    if args.once and not args.screenshot:
        p.error("--once needs --screenshot OUT.png (to check without a picture, use "
                "'narby check-map FILE')")
    if args.screenshot and not args.once and args.frames is None:
        p.error("--screenshot goes with --once (or --frames N)")
    if args.once and args.frames is not None:
        p.error("--once and --frames do not go together")
    if args.frames is not None and args.frames < 0:  # (as 'narby play' says)
        p.error("--frames must be 0 or more")
    size = window_size_arg(p, args.size)
    path = Path(args.file).expanduser()
    if not is_file(path):
        return _err("narby preview", f"{shown_path(args.file)}: file not found")
    headless = args.once or args.frames is not None
    app = _open(size or ((1280, 720) if headless else None), args.data_dir, headless)
    if app is None:
        return 2
    from game.ui.scenes.preview import PreviewScene  # noqa: PLC0415 (window code stays out of headless commands)

    scene = app.push(PreviewScene(app, path))
    if not args.once:
        return _run(app, args.frames, args.screenshot, "narby preview")
    code = _run(app, 2, args.screenshot, "narby preview")
    if code:
        return code
    if scene.ok:
        print(f"OK  {path}: saved {args.screenshot}")
        return 0
    n = len(scene.problems)
    print(f"narby preview: {path} has {n} problem{'s' if n != 1 else ''} (marked in "
          f"{args.screenshot}):", file=sys.stderr)
    for problem in scene.problems:
        print(f"  {problem}", file=sys.stderr)
    return 1

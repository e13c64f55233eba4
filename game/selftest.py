"""`narby self-test`: check that this install of the game is whole, in a few seconds.

For players ("does my download work?") and for the wheel and bundle smoke tests: the
shipped maps, art, fonts and icon are found (game.resources), every shipped map loads
(and a zstd tile layer, whose reader is a compiled package a bundle must carry),
the Chinese, Japanese and Korean fonts draw their glyphs (titles, translations), the
licence files are there (LICENSE, NOTICE, THIRD_PARTY_NOTICES.txt: LGPL libraries
may not ship without their notices),
the user folders are writable, the AI worker process answers (it is a second process:
in a frozen bundle that needs multiprocessing.freeze_support() at the entry point), and
with --window the window opens and draws its menu. One line per check; exit 0 when all
pass, 1 naming the first that failed.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from xml.etree import ElementTree as ET

from game.ai.worker import AIWorker
from game.maps import tile_data
from game.maps.loader import load_board
from game.match import Match
from game.persistence.saves import data_dir as resolve
from game.resources import asset, data_root, notices, shipped_maps, version
from game.seat_view import seat_view

WORKER_WAIT = 120.0  # seconds: a cold process on a slow machine, never reached when well


# four tile ids (1, 2, 3, 4) as Tiled saves them in zstd: the bundle must carry zstandard
ZSTD_SAMPLE = ('<data encoding="base64" compression="zstd">'
               "KLUv/SAQgQAAAQAAAAIAAAADAAAABAAAAA==</data>")


def _maps() -> str:
    maps = shipped_maps()
    if not maps:
        raise RuntimeError("no shipped maps")
    for path in maps:
        load_board(path)
    if tile_data.read_gids(ET.fromstring(ZSTD_SAMPLE), 4) != [1, 2, 3, 4]:
        raise RuntimeError("a zstd tile layer reads wrong")
    return f"{len(maps)} shipped maps load ({', '.join(p.stem for p in maps)}), and zstd layers"


def _art() -> str:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # noqa: PLC0415 (window code stays out of headless commands)

    pygame.font.init()
    from game.ui import art  # noqa: PLC0415 (window code stays out of headless commands)

    for path in (art.FONT_PATH, art.FONT_BOLD_PATH):
        pygame.font.Font(path, 12)
    missing = [n for n in art.SPRITE_NAMES if not art.sprite_path(n).is_file()]
    if missing:
        raise RuntimeError(f"missing sprites: {', '.join(missing[:5])}")
    pygame.image.load(str(asset("icons", "narby-conquest-64.png")))
    return f"fonts, {len(art.SPRITE_NAMES)} sprites and the icon are there"


CJK_SAMPLES = (("narby_jp", "竜の谷"), ("narby_sc", "龙谷"), ("narby_kr", "용의"))


def _scripts() -> str:
    """Both fonts of each CJK face draw real glyphs: a bundle that dropped them would
    draw a Japanese title or translation as empty boxes."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # noqa: PLC0415 (window code stays out of headless commands)

    from game.ui import scripts  # noqa: PLC0415 (window code stays out of headless commands)

    pygame.font.init()
    for face, text in CJK_SAMPLES:
        files = scripts.font_files(face)
        if files is None:
            raise RuntimeError(f"no {scripts.FACES[face]} font: '{text}' would draw as boxes")
        for path in files:
            font = pygame.font.Font(str(path), 24)
            glyphs = {pygame.image.tobytes(font.render(ch, True, (255, 255, 255)), "RGBA")
                      for ch in text}
            if len(glyphs) < len(text):  # every missing glyph is the same box
                raise RuntimeError(f"{path.name} draws '{text}' as boxes")
    return "the Chinese, Japanese and Korean fonts draw their glyphs"


def _licences() -> str:
    names = ("LICENSE", "NOTICE", "THIRD_PARTY_NOTICES.txt")
    missing = [n for n in names if not notices(n).is_file()]
    if missing:
        raise RuntimeError(f"missing {', '.join(missing)} in {data_root()}; reinstall the game")
    return "the licence and third-party notices are there"


def _folders(data_dir) -> str:
    folder = resolve(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    probe = folder / ".self-test"
    probe.write_text("ok", encoding="utf-8")
    probe.unlink()
    return f"saves and crash logs go to {folder}"


def _worker() -> str:
    match = Match(["red", "blue"], seed=1)
    started = time.monotonic()
    worker = AIWorker()
    try:
        pending = match.pending
        assert pending is not None  # a new match waits for its first decision
        ticket = worker.ask(seat_view(match, pending.dragon), "easy", 1)
        result = None
        while result is None and time.monotonic() - started < WORKER_WAIT:
            result = worker.poll()
            if result is None:
                time.sleep(0.02)
    finally:
        worker.close()
    if result is None:
        raise RuntimeError(f"no answer in {WORKER_WAIT:.0f} s")
    got, answer, error = result
    if error or got != ticket:
        raise RuntimeError(error or "a wrong ticket")
    match.submit(answer)  # a legal answer, or IllegalAnswer says why
    return f"the AI worker process answered in {time.monotonic() - started:.1f} s"


def _window() -> str:
    import os  # noqa: PLC0415

    import pygame  # noqa: PLC0415

    from game.ui.app import App  # noqa: PLC0415 (window code stays out of headless commands)
    from game.ui.scenes.menu import MenuScene  # noqa: PLC0415 (window code stays out of headless commands)
    from game.ui.settings import Settings  # noqa: PLC0415 (window code stays out of headless commands)

    app = App(Settings(), size=(1280, 720), fullscreen=False)
    if pygame.display.get_driver() in ("dummy", "offscreen") and \
            "SDL_VIDEODRIVER" not in os.environ:
        # SDL fell back to drawing nowhere: --window asked for a real window (it said
        # "the window opened" with no display at all; open_app refuses the same)
        app.close()
        raise RuntimeError("there is no display to open a window on (set "
                           "SDL_VIDEODRIVER=dummy to check the drawing alone)")
    try:
        app.catch_crashes = False
        app.push(MenuScene(app))
        app.step(1 / 60)
        frames = app.frames_drawn
    finally:
        app.close()
    if frames < 1:
        raise RuntimeError("nothing was drawn")
    return "the window opened and drew the menu"


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(allow_abbrev=False, prog="narby self-test",
                                description="Check that this install of the game is whole.")
    p.add_argument("--window", action="store_true",
                   help="also open the window (needs a display, or SDL_VIDEODRIVER=dummy)")
    p.add_argument("--no-worker", action="store_true", help="skip the AI worker process")
    p.add_argument("--data-dir", metavar="DIR", default=None,
                   help="the data folder to check (default: as the game chooses it)")
    try:
        args = p.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)

    checks = [("files", lambda: f"narby {version()}, files in {data_root()}"),
              ("maps", _maps), ("art", _art), ("scripts", _scripts),
              ("licences", _licences),
              ("folders", lambda: _folders(args.data_dir))]
    if not args.no_worker:
        checks.append(("AI worker", _worker))
    if args.window:
        checks.append(("window", _window))
    for name, check in checks:
        try:
            print(f"ok   {check()}")
        except Exception as exc:  # any failure is the answer: say which check, and why
            print(f"FAIL {name}: {type(exc).__name__}: {exc}")
            return 1
    print("self-test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

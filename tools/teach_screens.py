"""Screenshots of the in-context explanations (issue 16): an action's tooltip, a card
slot's and a place power's, the info card of a place, a settlement and a dragon on the
board (mouse and keyboard cursor), and a question dialog's option explained.

    .venv/bin/python tools/teach_screens.py [--out docs/screenshots] [--size 1024x640 ...]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("NARBY_CONFIG_DIR", tempfile.mkdtemp(prefix="narby-cfg-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import pygame  # noqa: E402

from tools.ui_screens import _app, _board, _played, _played_to_question  # noqa: E402

DATA = Path(tempfile.mkdtemp(prefix="narby-data-"))


def _motion(scene, pos):
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def shoot(out: Path, size) -> list[Path]:
    tag = f"{size[0]}x{size[1]}"
    saved: list[Path] = []

    def save(app, name):
        path = out / f"{name}-{tag}.png"
        app.step(0.0)
        app.screenshot(path)
        saved.append(path)

    app = _app(size)
    c = _played(seed=2, rounds=3)
    scene = _board(app, c)
    i = scene.bar.index_of("destroy")
    _motion(scene, scene.bar.rects[i].center)
    save(app, "teach-action-tip")
    extra = [k for k, s in enumerate(scene.bar.slots) if ":" in s.key]
    if extra:
        _motion(scene, scene.bar.rects[extra[0]].center)
        save(app, "teach-card-tip")
    doc = scene.shown
    for what, cell in (("place", doc["places"][0]["at"] if doc["places"] else None),
                       ("dragon", next(iter(doc["dragons"].values()))["at"]),
                       ("town", doc["settlements"][1]["at"] if doc["settlements"] else None)):
        if cell is None:
            continue
        r = scene.view.cell_rect(tuple(cell))
        _motion(scene, r.center)
        save(app, f"teach-info-{what}")
    app.close()

    app = _app(size)
    scene = _board(app, _played_to_question(seed=2))
    for _ in range(600):
        if scene.choice is not None:
            break
        app.step(1 / 30)
    if scene.choice is not None:
        save(app, "teach-question")
    app.close()
    return saved


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default="/tmp/narby-teach")
    p.add_argument("--size", action="append", default=None)
    args = p.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for text in args.size or ["1024x640", "1920x1080"]:
        w, h = (int(x) for x in text.split("x"))
        for path in shoot(out, (w, h)):
            print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

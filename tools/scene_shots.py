"""Six fixed scenes of issue 34 (art and motion), reproducibly, for before/after looks.

    .venv/bin/python tools/scene_shots.py --out docs/screenshots/after

Seeded games on the 20x20 default map (Narby Vale) at 1280x720 under the dummy driver:
the board at rest, a roll in flight, a destroy, a steal (each frozen late in its
animation), the title (menu) and the end screen. Same code, same pictures.
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
from game.ui.scenes.end import EndScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from tools.ui_screens import _app, _board, _played  # noqa: E402

SIZE = (1280, 720)
SEED = 2


def _first_with(kinds: tuple[str, ...], seeds=range(2, 12), rounds=range(2, 7)):
    """(seed, rounds, answer) of the first seeded game whose human may do one of kinds."""
    for seed in seeds:
        for r in rounds:
            c = _played(seed=seed, rounds=r)
            ans = next((a for a in c.match.legal_answers() if a.get("do") in kinds), None)
            c.close()
            if ans is not None:
                return seed, r, ans
    raise SystemExit(f"no seeded game offers {kinds}")


def _action_shot(out: Path, name: str, kinds: tuple[str, ...], at: float) -> Path:
    seed, rounds, answer = _first_with(kinds)
    app = _app(SIZE)
    c = _played(seed=seed, rounds=rounds)
    scene = _board(app, c)
    scene.submit_answer(answer)
    seen = False
    for _ in range(2000):  # frozen at `at` of the first step after the rolls
        app.step(1 / 60)
        cur = scene.animation.current
        if cur is None:
            if seen:
                break
            continue
        seen = True
        if cur.kind not in ("dice", "dice2", "dice_small", "turn") and cur.progress >= at:
            break
        if name == "roll" and cur.kind == "dice" and cur.progress > 0.8:
            break
    path = out / f"{name}.png"
    app.screenshot(path)
    app.close()
    return path


def shoot(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    saved = []
    app = _app(SIZE)
    app.push(MenuScene(app))
    app.step(0.0)
    app.screenshot(out / "title.png")
    saved.append(out / "title.png")
    app.close()

    app = _app(SIZE)
    c = _played(seed=SEED, rounds=4)
    _board(app, c)
    app.step(0.0)
    app.screenshot(out / "board.png")
    saved.append(out / "board.png")
    app.close()

    saved.append(_action_shot(out, "roll", ("steal_cavern", "steal_chest", "destroy",
                                            "attack"), 0.5))
    saved.append(_action_shot(out, "destroy", ("destroy",), 0.5))
    saved.append(_action_shot(out, "steal", ("steal_cavern", "steal_chest"), 0.5))

    app = _app(SIZE)
    c = _played(seed=SEED, rounds=4)
    _board(app, c)
    c.seats[c.match.seat_names[0]].kind = "ai"
    app.settings.pace = "instant"
    for _ in range(20000):
        if isinstance(app.top, EndScene):
            break
        app.step(1 / 60)
    app.top.t = 2.2  # mid-celebration, the chart drawn
    app.draw()
    app.screenshot(out / "end.png")
    saved.append(out / "end.png")
    app.close()
    return saved


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default="/tmp/narby-scenes")
    args = p.parse_args()
    for path in shoot(Path(args.out)):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Six fixed scenes of issue 34 (art and motion), reproducibly, for before/after looks.

    .venv/bin/python tools/scene_shots.py --out docs/screenshots/after

Seeded games on the 20x20 default map (Narby Vale) at 1280x720 under the dummy driver:
the board at rest, a roll landed in its tray, a destroy (its fire) and a steal (its
coins), each the first seeded game whose action shows it, the title (menu) and the end
screen. Same code, same pictures.
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


def _answers(kinds: tuple[str, ...], seeds=range(2, 14), rounds=range(2, 7)):
    """(seed, rounds, answer) of each seeded game whose human may do one of kinds."""
    for seed in seeds:
        for r in rounds:
            c = _played(seed=seed, rounds=r)
            ans = next((a for a in c.match.legal_answers() if a.get("do") in kinds), None)
            c.close()
            if ans is not None:
                yield seed, r, ans


def _action_shot(out: Path, name: str, kinds: tuple[str, ...], effect: str | None) -> Path:
    """The first seeded game where the human's action (one of kinds) shows `effect`,
    frozen with the effect under way (or, effect None: the roll landed in its tray)."""
    for seed, rounds, answer in _answers(kinds):
        app = _app(SIZE)
        c = _played(seed=seed, rounds=rounds)
        scene = _board(app, c)
        scene.submit_answer(answer)
        for _ in range(600):
            app.step(1 / 60)
            cur = scene.animation.current
            if effect is None and cur is not None and cur.kind == "dice" \
                    and cur.progress > 0.8:
                break
            live = [fx for fx in scene.effects.live if fx.kind == effect]
            if live and live[0].progress >= 0.4:
                break
            if scene.animation.idle and not scene.effects.active and _ > 30:
                break
        else:
            app.close()
            continue
        if effect is None or any(fx.kind == effect for fx in scene.effects.live):
            path = out / f"{name}.png"
            app.screenshot(path)
            app.close()
            return path
        app.close()
    raise SystemExit(f"no seeded game shows {name}")


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
                                            "attack"), None))
    saved.append(_action_shot(out, "destroy", ("destroy",), "fire"))
    saved.append(_action_shot(out, "steal", ("steal_cavern", "steal_chest"), "coins"))

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

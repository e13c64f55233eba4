"""Render every screen of the window to PNGs (no display needed), to look at them.

    .venv/bin/python tools/ui_screens.py [--out /tmp/narby-screens] [--size 1280x720 ...]

Screens: menu, new game, board (choosing a Move, a Steal's odds, a roll in flight, a
question), hand-over, pause, help, rules, settings, end; and for saves (issue 8): the
menu with Continue, the Load screen (with an unreadable file), the Save dialog, the
board with Undo enabled and refused, the replay viewer and the crash screen (all with a
data folder of their own). docs/screenshots/ is made with
`--out docs/screenshots --size 1280x720 --size 1920x1080`.
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
import contextlib  # noqa: E402
import io  # noqa: E402
import shutil  # noqa: E402

from game.ai import choose  # noqa: E402
from game.persistence import saves  # noqa: E402
from game.seat_view import seat_view  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.controller import GameController  # noqa: E402
from game.ui.scenes.credits import CreditsScene  # noqa: E402
from game.ui.scenes.end import EndScene  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.handover import HandoverScene  # noqa: E402
from game.ui.scenes.help import HelpOverlay  # noqa: E402
from game.ui.scenes.load import LoadScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.new_game import NewGameScene  # noqa: E402
from game.ui.scenes.pause import PauseScene  # noqa: E402
from game.ui.scenes.replay_viewer import ReplayScene  # noqa: E402
from game.ui.scenes.rules import RulesScene  # noqa: E402
from game.ui.scenes.save_dialog import SaveDialog  # noqa: E402
from game.ui.scenes.settings_scene import SettingsScene  # noqa: E402
from game.ui.screenshot import played  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

DATA = Path(tempfile.mkdtemp(prefix="narby-data-"))  # never the user's own saves


def _app(size):
    app = App(Settings(window=size), size=size, fullscreen=False, data_dir=DATA)
    app.ai_mode = "sync"
    return app


def _played(seed: int, rounds: int, seats: int = 4):
    """A controller whose game has run `rounds` rounds and waits for seat 1 (human)."""
    return played(seed, rounds, seats, data_dir=DATA)


def _played_to_question(seed: int):
    """A controller stopped at the human seat's first question that is not an action
    (a claim to lose, a reaction, a card or power to use) with two or more answers."""
    c = _played(seed, 0)
    m, me = c.match, c.match.seat_names[0]
    while not m.finished:
        p = m.pending
        if p.dragon == me and p.kind != "action" and len(m.legal_answers()) >= 2:
            break
        c.submit(choose(seat_view(m, p.dragon), "normal", seed=c.ai_seed(), board=c.board))
    return c


def _board(app, c):
    scene = app.push(GameScene(app, c))
    scene.factor_override = 0.0
    for _ in range(3):
        app.step(0.0)
    scene.factor_override = None
    return scene


def shoot(out: Path, size) -> list[Path]:
    tag = f"{size[0]}x{size[1]}"
    saved = []

    def save(app, name):
        path = out / f"{name}-{tag}.png"
        app.step(0.0)
        app.screenshot(path)
        saved.append(path)

    app = _app(size)
    app.push(MenuScene(app))
    save(app, "menu")
    app.push(NewGameScene(app))
    save(app, "new-game")
    app.pop()
    app.push(RulesScene(app, section=2))
    save(app, "rules")
    app.pop()
    app.push(SettingsScene(app))
    save(app, "settings")
    app.pop()
    app.push(CreditsScene(app, section=2))
    save(app, "credits")
    app.pop()
    app.push(HelpOverlay(app))
    save(app, "help")
    app.close()

    app = _app(size)
    c = _played(seed=2, rounds=3)
    scene = _board(app, c)
    save(app, "board")
    scene.select_slot("move")
    scene.cycle_target(1)
    save(app, "board-move")
    scene._cancel_selection()
    for key in ("steal_cavern", "destroy", "attack", "claim", "steal_chest"):
        slot = next(s for s in scene.slots if s.key == key)
        if slot.enabled:
            scene.select_slot(key)
            scene.cycle_target(1)
            save(app, "board-odds")
            scene._cancel_selection()
            break
    # a real roll in flight: the human takes an action that rolls, frozen mid-animation
    rolling = next((a for a in c.match.legal_answers()
                    if a.get("do") in ("steal_cavern", "steal_chest", "destroy", "attack")), None)
    if rolling is not None:
        scene.submit_answer(rolling)
        for _ in range(600):
            app.step(1 / 60)
            cur = scene.animation.current
            if cur is not None and cur.kind == "dice" and cur.progress > 0.8:
                break
        save(app, "board-roll")
        scene.animation.skip(scene.apply_event)
    app.close()
    # a real question: play on until the human must choose something other than an action
    app = _app(size)
    scene = _board(app, _played_to_question(seed=2))
    for _ in range(600):
        if scene.choice is not None:
            break
        app.step(1 / 60)
    save(app, "board-question")
    scene.choice.kill()
    scene.choice = None
    app.push(PauseScene(app, scene))
    save(app, "pause")
    app.pop()
    app.push(HandoverScene(app, "blue", lambda: None))
    save(app, "handover")
    app.pop()
    # play on to the end with AI for every seat
    c.seats[c.match.seat_names[0]].kind = "ai"
    app.settings.pace = "instant"
    for _ in range(20000):
        if isinstance(app.top, EndScene):
            break
        app.step(1 / 60)
    app.top.t = 2.2  # mid-celebration, the chart drawn
    app.draw()
    save(app, "end")
    app.close()
    saved += shoot_saves(out, size, tag)
    return saved


def shoot_saves(out: Path, size, tag: str) -> list[Path]:
    """The screens of issue 8: Load, Save, Undo, the replay viewer, the crash screen."""
    saved = []

    def save(app, name):
        path = out / f"{name}-{tag}.png"
        app.step(0.0)
        app.screenshot(path)
        saved.append(path)

    shutil.rmtree(DATA, ignore_errors=True)
    app = _app(size)
    c = _played(seed=2, rounds=3)  # its round starts were autosaved into DATA
    saves.save_game(c.session, "Sunday with the dragons", DATA)
    other = _played(seed=9, rounds=2, seats=3)
    saves.save_game(other.session, "Three dragons on Narby Vale", DATA)
    other.close()
    corpus = Path(__file__).resolve().parents[1] / "tests" / "saves"
    shutil.copy(corpus / "bad-truncated.json", saves.saves_dir(DATA) / "old-laptop-game.json")
    app.push(MenuScene(app))
    save(app, "menu-continue")
    load = app.push(LoadScene(app))
    load.select(1)
    save(app, "load")
    app.close()

    app = _app(size)
    scene = _board(app, c)
    move = next(a for a in c.legal_answers() if a.get("do") == "move")
    scene.factor_override = 0.0
    scene.submit_answer(move)
    for _ in range(5):
        app.step(0.0)
    scene.factor_override = None
    save(app, "board-undo")
    pause = app.push(PauseScene(app, scene))
    pause.note = ""
    app.push(SaveDialog(app, c, pause))
    save(app, "save-dialog")
    app.pop()
    app.pop()
    for key in ("steal_cavern", "destroy", "attack", "steal_chest", "gamble"):
        slot = next((s for s in scene.slots if s.key == key and s.enabled), None)
        if slot is not None:
            scene.factor_override = 0.0
            scene.submit_answer(slot.answers[0])
            for _ in range(5):
                app.step(0.0)
            if c.human_to_play():
                break
    scene.factor_override = None
    scene.undo()  # refused: the reason shows in the status line
    save(app, "board-undo-refused")
    app.close()

    app = _app(size)
    app.settings.pace = "instant"
    viewer = app.push(ReplayScene(app, c.session, name="Sunday with the dragons"))
    viewer.go(len(viewer) * 2 // 3)
    save(app, "replay")
    app.close()

    app = _app(size)
    latest = saves.latest_game(DATA)
    _board(app, GameController.from_session(saves.load_save(latest.path), ai_mode="sync"))
    try:
        raise RuntimeError("a demonstration error: the dragon ate the frame")
    except RuntimeError as exc:
        with contextlib.redirect_stderr(io.StringIO()):
            app.crash(exc)
    save(app, "crash")
    app.close()
    return saved


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default="/tmp/narby-screens")
    p.add_argument("--size", action="append", default=None)
    p.add_argument("--saves-only", action="store_true",
                   help="only the screens of saves, undo, replays and crashes")
    args = p.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for text in args.size or ["1280x720"]:
        w, h = (int(v) for v in text.split("x"))
        shots = shoot(out, (w, h)) if not args.saves_only else \
            shoot_saves(out, (w, h), f"{w}x{h}")
        for path in shots:
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

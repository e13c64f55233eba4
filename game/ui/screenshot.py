"""`narby --screenshot OUT.png`: play some rounds headless, save the board screen.

Seat 1 is a person at the screen (its early decisions are answered by the AI so the game
gets going); the others are AI seats. After `rounds` rounds the game stops at seat 1's
next decision and the window is saved as that player sees it. Runs under SDL's dummy
video driver, so it needs no display.
"""

from __future__ import annotations

import os

from game.ai import choose, node_budget
from game.json_shapes import copy_json
from game.seat_view import seat_view
from game.ui.app import App
from game.ui.controller import DEFAULT_MAP, GameController, GameSetup, Seat
from game.ui.scenes.crash import crash_line
from game.ui.scenes.game import GameScene
from game.ui.settings import Settings


def take(out: str, *, seed: int, rounds: int, size=(1280, 720), map_path=None,
         seats: int = 4, select: str | None = None, hover_first: bool = False,
         settings=None) -> dict:
    """Save the screenshot; returns facts about the position shown (for messages)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    c = played(seed, rounds, seats, map_path=map_path)
    m, me = c.match, c.match.seat_names[0]
    s = settings or Settings(window=tuple(size))
    app = App(s, size=tuple(size), fullscreen=False)
    scene = GameScene(app, c)
    app.push(scene)
    scene.factor_override = 0.0
    for _ in range(3):
        app.step(0.0)
    scene.factor_override = None
    if select and not m.finished:
        scene.select_slot(select)
        if hover_first and scene.picker is not None:
            scene.cycle_target(1)
        app.step(0.0)
    app.screenshot(out)
    facts = {"round": m.round, "dragon": me, "finished": m.finished,
             "crashed": crash_line(app)}
    app.close()
    return facts


def played(seed: int, rounds: int, seats: int = 4, *, map_path=None, data_dir=None):
    """A controller whose game has run `rounds` rounds (every seat played by the Normal
    AI) and now waits for seat 1, the human, at an action decision."""
    setup = GameSetup(seats=[Seat("human")] + [Seat("ai", "normal") for _ in range(seats - 1)],
                      map_path=map_path or DEFAULT_MAP, seed=seed)
    c = GameController(setup, ai_mode="sync", data_dir=data_dir)
    # the same game played before in this process (to these rounds, or fewer, or more):
    # its answers, without the AI's search, then searching on from where it stopped
    answers = _PLAYED.setdefault((seed, seats, str(map_path or DEFAULT_MAP)), [])
    m = c.match
    me = m.seat_names[0]
    while not m.finished:
        p = m.pending
        if m.round > rounds and p.dragon == me and p.kind == "action":
            break
        if c.n_answers < len(answers):
            c.submit(copy_json(answers[c.n_answers]))
            continue
        answer = choose(seat_view(m, p.dragon), "normal", seed=c.ai_seed(), board=c.board,
                        budget=node_budget("normal"))
        kept = copy_json(answer)
        c.submit(answer)
        answers.append(kept)  # once the engine took it
    return c


# The AI's answers of each game `played` has played in this process, as far as it has
# played it: the game is a pure function of its seed, seats and map (seeded AI, node
# budget, no clock), so a tool or test asking for it again, to any number of rounds,
# replays them instead of searching again.
_PLAYED: dict[tuple, list[dict]] = {}

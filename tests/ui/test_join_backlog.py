"""Issue 30, 1: the joining window whose join starts the game must handle every message
that came with the first state (an AI's move, then its own turn), not only that state.

A headless host (`narby host --headless --seats remote,remote,easy`) runs in its own
process on loopback; a bot takes the first seat and a real window (the dummy video
driver) joins last, starting the game. The test waits on the client's queue (timeouts
are safety nets), never on the clock."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.net.client import Bot, run_bot
from game.net.protocol import encode, message
from game.ui.scenes.game import GameScene
from game.ui.scenes.online import JoinScene
from tests.ui.conftest import run, until

SAFETY = 60


class FakeClient:
    """A client whose messages all arrive in one poll, as they may off a fast host."""

    def __init__(self, batch):
        self.inbox, self.sent = list(batch), []

    def poll(self):
        out, self.inbox = self.inbox, []
        return out

    def send(self, msg):
        self.sent.append(msg)

    def close(self):
        pass


FAKE = "wss://127.0.0.1:1/TEST42#" + "A" * 26  # nobody listens: a fake client


def _messages():
    """welcome, lobby (started), the first state (Red to decide), then Green's turn."""
    from game.net.host import HostCore, new_game  # noqa: PLC0415

    for seed in range(1, 50):  # a game whose first decision is the AI's
        session, kinds = new_game([{"dragon": "red", "player": "easy"},
                                   {"dragon": "green", "player": "remote"}], seed=seed)
        if session.match.pending.dragon == "red":
            break
        session.close()
    core = HostCore(session, kinds, auto_start=True)
    core.opened(1)
    outs = core.receive(1, encode(message("hello")))
    while core.match.pending.dragon != "green":
        outs += core.step_ai()
    return [o.msg for o in outs if o.cid == 1], core


def test_every_message_of_the_starting_batch_reaches_the_board(app):
    batch, core = _messages()
    kinds = [m["type"] for m in batch]
    assert kinds[:3] == ["welcome", "lobby", "state"] and kinds.count("state") >= 2
    assert not batch[2]["legal"] and batch[-1]["legal"]  # our turn comes later in it
    scene = JoinScene(app, FAKE)
    app.push(scene)
    run(app, 1)
    scene.url, scene.client = FAKE, FakeClient(batch)
    run(app, 3)
    board = app.top
    assert isinstance(board, GameScene)
    assert board.c.human_to_play() == "green"
    assert board.c.n_answers == core.decision
    board.c._mirror.close()
    core.session.close()


def _bot_joins(url: str, joined: threading.Event) -> threading.Thread:
    def play():
        with contextlib.suppress(Exception):  # the host ends when the test does
            asyncio.run(run_bot(url, Bot("random", 1), on_welcome=lambda _m: joined.set()))

    t = threading.Thread(target=play, daemon=True)
    t.start()
    return t


def test_a_window_that_starts_a_headless_game_is_not_stalled(app, tmp_path):
    host = subprocess.Popen(
        [sys.executable, "-m", "game.cli", "host", "--headless", "--bind", "127.0.0.1",
         "--port", "0", "--code", "TEST42", "--seats", "remote,remote,easy", "--seed", "24",
         "--data-dir", str(tmp_path / "host")], text=True, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, cwd=Path(__file__).resolve().parents[2])
    try:
        line = host.stderr.readline()
        assert "listening on wss://127.0.0.1:" in line, line
        url = line.split()[-1]
        joined = threading.Event()
        _bot_joins(url, joined)
        assert joined.wait(SAFETY)
        scene = JoinScene(app, url)
        app.push(scene)
        run(app, 1)
        scene.join()
        # Let everything up to this window's first turn arrive, so the join screen
        # reads it in one batch (as it does off a host that answers fast).
        held = []
        while not any(m.get("type") == "state" and m.get("legal") for m in held):
            held.append(scene.client.inbox.get(timeout=SAFETY))
        for m in held:
            scene.client.inbox.put(m)
        assert [m["type"] for m in held].count("state") >= 2  # not only our turn
        until(app, lambda: isinstance(app.top, GameScene), limit=50)
        board = app.top
        until(app, lambda: board.c.human_to_play() is not None, limit=300)
        assert board.c.human_to_play() == board.c.me
        board.c.close()
    finally:
        host.kill()
        host.communicate()


@pytest.mark.parametrize("host", ["today", "0.1.0"])
def test_a_window_that_joined_before_the_start_keeps_the_log_so_far(app, host):
    """A host today sends the log so far with the start's state (the lobby's state shows
    no seat's card, so no events); 0.1.0's host sent it with the lobby's state and not
    again at the start. Either way the board shows every event from the beginning."""
    from game.net.host import HostCore, new_game  # noqa: PLC0415

    session, kinds = new_game([{"dragon": "red", "player": "easy"},
                               {"dragon": "green", "player": "remote"}], seed=5)
    core = HostCore(session, kinds)
    core.opened(1)
    lobby_batch = [o.msg for o in core.receive(1, encode(message("hello")))]
    start_batch = [o.msg for o in core.start() if o.cid == 1]
    early = next(m for m in lobby_batch if m["type"] == "state")
    start = start_batch[-1]
    assert early["type"] == start["type"] == "state"
    assert early["events"] == [] and start["events"] and start["events_from"] == 0
    if host == "0.1.0":
        early["events"], start["events"] = start["events"], []
        start["events_from"] = len(early["events"])
    scene = JoinScene(app, FAKE)
    app.push(scene)
    run(app, 1)
    scene.url, scene.client = FAKE, FakeClient(lobby_batch)
    run(app, 1)
    assert isinstance(app.top, JoinScene)  # still in the lobby
    scene.client.inbox = start_batch
    run(app, 2)
    board = app.top
    assert isinstance(board, GameScene)
    assert len(board.c.events) == len(session.events) > 0
    assert len(board.log.events) > len(session.events)  # (the notes, then every event)
    board.c._mirror.close()
    session.close()

"""Issue 30, 4: Save game in a joining window. The joiner holds no game to save (the host
has the dice and the hidden cards): Save keeps its seat's token and says plainly that the
host keeps the game and Join game rejoins it; it never crashes. A crash in a joining window
writes no emergency save (never a shell that Continue cannot open) and promises none.

The network runs on loopback in background threads; the test waits on their queues
(timeouts are safety nets), never on the clock."""

from __future__ import annotations

import os

from game.net.client import ClientThread
from game.net.protocol import message
from game.persistence.saves import list_all
from game.ui import png
from game.ui.controller import GameSetup, Seat
from game.ui.net_window import KEPT_BY_HOST, NetHostController, RemoteController
from game.ui.scenes.crash import CrashScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.online import JoinScene
from game.ui.scenes.pause import PauseScene
from tests.ui.conftest import run

SAFETY = 30
SHOTS = os.environ.get("NARBY_SHOTS")  # a folder to keep the screens in (a person looks)


def wait_for(q):
    item = q.get(timeout=SAFETY)
    with q.mutex:
        q.queue.appendleft(item)


def joined_board(app, tmp_path):
    """A hosting controller (another 'machine', its own data folder) and this window's
    board screen on the seat it joined."""
    setup = GameSetup(seats=[Seat("human", dragon="red"), Seat("remote", dragon="green")],
                      map_path=None, seed=3)
    host = NetHostController.host(setup, port=0, bind="127.0.0.1", ai_mode="sync",
                                  data_dir=tmp_path / "host", code="TEST42")
    url = host.address()
    client = ClientThread(url, message("hello", code="TEST42")).start()
    while not host.core.seats_ready():
        wait_for(host.net.server.inbox)
        host.poll()
    host.net.send(host.core.start())
    got: dict = {}
    while not ("state" in got and (got.get("lobby") or {}).get("started")):
        wait_for(client.inbox)
        for msg in client.poll():
            got[msg["type"]] = msg
    c = RemoteController(client, got["welcome"], got["lobby"], got["state"], url=url,
                         data_dir=app.data_dir)
    app.push(MenuScene(app))
    board = GameScene(app, c)
    app.push(board)
    run(app, 2)
    return host, board, url


def test_save_in_a_joining_window_keeps_the_seat_and_says_so(app, tmp_path):
    host, board, url = joined_board(app, tmp_path)
    pause = PauseScene(app, board)
    app.push(pause)
    run(app, 1)
    pause.choose("save")
    app.dirty = True  # (a click marks the frame to draw; choose() alone does not)
    run(app, 1)
    assert app.top is pause and pause.note == KEPT_BY_HOST
    if SHOTS:
        png.save(app.screen, os.path.join(SHOTS, "joiner_save.png"))
    assert list_all(app.data_dir)[0] == []  # no save file pretends to hold the game
    # Join game offers the game again, and rejoins with the seat's token
    app.pop()
    app.pop()
    join = JoinScene(app)
    assert join.address == url
    host.close()


def test_a_crash_in_a_joining_window_writes_no_empty_save(app, tmp_path):
    host, board, _ = joined_board(app, tmp_path)
    app.catch_crashes = True

    def broken(dt):
        raise RuntimeError("a bug")

    board.update = broken
    app.step(1 / 60)
    crash = app.top
    assert isinstance(crash, CrashScene) and crash.save_path is None
    text = " ".join(t for _, t in crash.lines())
    assert "Join game" in text and "saved first" not in text
    if SHOTS:
        app.dirty = True
        run(app, 1)
        png.save(app.screen, os.path.join(SHOTS, "joiner_crash.png"))
    saved, problems = list_all(app.data_dir)
    assert saved == [] and problems == []
    host.close()

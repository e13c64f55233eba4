"""Issue 30, 5: a host leaving is not a normal win. The host's Leave asks first (it ends
the game for everyone); the joiner's end screen says the game was ended, with no
confetti and no "Play again" of a game it cannot host; a host that cannot be reached is
said in words, never as an exception's name.

The network runs on loopback in background threads; the test waits on their queues
(timeouts are safety nets), never on the clock."""

from __future__ import annotations

import os
import socket

from game.net.client import ClientThread
from game.net.protocol import message
from game.ui import png
from game.ui.controller import GameSetup, Seat
from game.ui.net_window import NetHostController, RemoteController
from game.ui.scenes.end import EndScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.pause import LEAVE_ASK, PauseScene
from tests.ui.conftest import run

SAFETY = 30
SHOTS = os.environ.get("NARBY_SHOTS")


def wait_for(q):
    item = q.get(timeout=SAFETY)
    with q.mutex:
        q.queue.appendleft(item)


def test_the_host_leaving_asks_and_the_joiner_is_told(app, tmp_path):
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
    rc = RemoteController(client, got["welcome"], got["lobby"], got["state"], url=url,
                          data_dir=tmp_path / "joiner")

    app.push(MenuScene(app))
    board = GameScene(app, host)
    app.push(board)
    run(app, 2)
    pause = PauseScene(app, board)
    app.push(pause)
    run(app, 1)
    pause.choose("menu")
    assert app.top is pause and pause.note == LEAVE_ASK and not host.finished
    pause.choose("menu")  # asked and confirmed: the host closes the game
    run(app, 1)
    assert isinstance(app.top, MenuScene)

    while not rc.finished:
        wait_for(rc.client.inbox)
        rc.poll()
    assert rc.ended_early == "the host closed the game"
    end = EndScene(app, rc)
    app.push(end)
    app.dirty = True
    run(app, 1)
    assert end.headline() == "Ended early" and end.confetti == []
    assert end.buttons["again"].text == "Join game"
    assert not end.buttons["replay"].is_enabled
    end.choose("replay")  # (R): nothing to replay here, and no crash
    assert app.top is end
    if SHOTS:
        png.save(app.screen, os.path.join(SHOTS, "joiner_end.png"))


def test_a_host_that_is_gone_is_said_in_words():
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    client = ClientThread(f"wss://127.0.0.1:{port}/TEST42#{'A' * 26}", message("hello")).start()
    closed = client.inbox.get(timeout=SAFETY)
    client.close()
    assert closed["type"] == "closed"
    assert closed["reason"] == ("the host is not taking connections (it may have ended "
                                "the game)")

"""Issue 30, 2 and 3: Continue (and Load game) of an online game hosts it again with its
remote seats remote, on its port and join code, so a player rejoins with the token the
window kept; and the host's log of the game so far shows no other seat's dealt card.

The network runs on loopback in background threads; the test waits on their queues
(timeouts are safety nets), never on the clock."""

from __future__ import annotations

import json
import random
from pathlib import Path

from game.decisions import title
from game.net.client import ClientThread
from game.net.protocol import message
from game.persistence.saves import autosaves_dir, latest_game
from game.seat_view import HIDDEN
from game.ui.controller import GameSetup, Seat
from game.ui.net_window import NetHostController
from game.ui.scenes.game import GameScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.online import HostLobbyScene
from tests.ui.conftest import run

SAFETY = 30


def wait_for(q):
    item = q.get(timeout=SAFETY)
    with q.mutex:
        q.queue.appendleft(item)


def played_online_game(data_dir: Path):
    """A hosting window (Red here, Green remote, Gold an AI) played into round 3 with its
    remote player joined; then the host machine stops (its game is in the autosaves)."""
    setup = GameSetup(seats=[Seat("human", dragon="red"), Seat("remote", dragon="green"),
                             Seat("ai", "easy", dragon="gold")], map_path=None, target=50,
                      seed=12)
    host = NetHostController.host(setup, port=0, bind="127.0.0.1", data_dir=data_dir,
                                  ai_mode="sync", code="TEST42")
    port = host.net.server.port
    client = ClientThread(host.address(),
                          message("hello", code="TEST42", name="Gil")).start()
    while not host.core.seats_ready():
        wait_for(host.net.server.inbox)
        host.poll()
    host.net.send(host.core.start())
    token = host.core.seats["green"].token
    rng = random.Random(4)
    while host.match.round < 3:
        kind = host.core.kinds[host.pending.dragon]
        if kind == "remote":  # (answered for the remote seat at the host)
            host.core._submit(rng.choice(host.legal_answers()))
        elif kind == "local":
            host.submit(rng.choice(host.legal_answers()))
        else:
            host.step_ai(True)
    events = list(host.session.events)
    client.close()
    host.net.stop()
    host.match.close()
    return port, token, events


def test_continue_rehosts_an_online_game_with_its_seats(app, data_dir):
    port, token, events = played_online_game(data_dir)
    newest = sorted(autosaves_dir(data_dir).glob("autosave-*.json"))[-1]
    meta = json.loads(newest.read_text(encoding="utf-8"))["meta"]
    assert meta["net_seats"] == {"red": "local", "green": "remote", "gold": "easy"}
    assert latest_game(app.data_dir).path == newest

    app.net_bind = "127.0.0.1"
    menu = MenuScene(app)
    app.push(menu)
    run(app, 1)
    menu.choose("continue")
    run(app, 1)
    lobby = app.top
    assert isinstance(lobby, HostLobbyScene), menu.error
    c = lobby.c
    assert isinstance(c, NetHostController)
    assert c.core.kinds == {"red": "local", "green": "remote", "gold": "easy"}
    assert [s.kind for s in c.seats.values()] == ["human", "remote", "ai"]
    assert c.humans() == ["red"] and not c.hotseat()
    # the same address: the joining window's remembered token is for it
    assert c.core.code == "TEST42" and c.net.server.port == port
    assert not c.core.seats_ready()

    back = ClientThread(c.address(),
                        message("hello", code="TEST42", token=token)).start()
    while not c.core.seats_ready():
        wait_for(c.net.server.inbox)
        c.poll()
    got: dict = {}
    while "welcome" not in got or "state" not in got:
        wait_for(back.inbox)
        for m in back.poll():
            got.setdefault(m["type"], m)
    assert got["welcome"]["seat"] == "green" and got["welcome"]["token"] == token
    # the player still sees its own dealt cards, and nobody else's
    dealt = [e for e in got["state"]["events"] if e["type"] == "card_dealt"]
    assert any(e["dragon"] == "green" and e["card"] != HIDDEN for e in dealt)
    assert all(e["card"] == HIDDEN for e in dealt if e["dragon"] != "green")

    lobby.start()
    run(app, 2)
    board = app.top
    assert isinstance(board, GameScene)
    lines = "\n".join(board.log.text_lines())
    others = [e for e in events if e["type"] == "card_dealt" and e["dragon"] != "red"]
    assert others  # the test shows something: other seats were dealt cards
    for e in others:
        assert f"{title(e['dragon'])} is dealt a card" in lines
        assert f"{title(e['dragon'])} is dealt {e['card']}" not in lines, e
    assert board.c.log_viewer() == "red"
    # a rebuilt log (as after an undo) hides them too
    board.log.reset(board.c.session.events)
    lines = "\n".join(board.log.text_lines())
    assert all(f"{title(e['dragon'])} is dealt {e['card']}" not in lines for e in others)
    back.close()  # (the app's close closes the board and its host)


def test_a_resumed_game_logs_no_other_seats_dealt_card(app, data_dir):
    """The log of the game so far (a resumed game, a rebuilt log) hides the cards dealt
    to the other seats, as the live log does (P28)."""
    from game.persistence.saves import save_game  # noqa: PLC0415
    from game.ui.controller import GameController  # noqa: PLC0415
    from game.ui.scenes.load import open_game  # noqa: PLC0415

    setup = GameSetup(seats=[Seat("human", dragon="red"), Seat("ai", "easy", dragon="gold")],
                      map_path=None, seed=7)
    c = GameController(setup, ai_mode="sync")
    rng = random.Random(2)
    while c.match.round < 3:
        if c.is_human(c.pending.dragon):
            c.submit(rng.choice(c.legal_answers()))
        else:
            c.step_ai(True)
    path = save_game(c.session, "leak", data_dir)
    others = [e for e in c.session.events if e["type"] == "card_dealt" and e["dragon"] != "red"]
    c.close()
    assert others
    assert open_game(app, path) is None
    board = app.top
    assert isinstance(board, GameScene)
    lines = "\n".join(board.log.text_lines())
    assert all(f"{title(e['dragon'])} is dealt {e['card']}" not in lines for e in others)
    assert "Gold is dealt a card" in lines

"""Issue 30, item 9, done when: a hosting window and a joining window play a whole game
over wss:// on a map only the host has, through a drop, a rejoin, a save and a resume.

The host is a NetHostController (its network in a background thread) with a person
here (Red, answered by this test), an AI (Gold) and the joining window's seat (Green).
The joining window is the real App on the dummy driver: Join game with the host's
invite, the map received and cached, the board screen; Green's answers go through its
RemoteController as the board screen sends them. The test waits on the network's
queues (timeouts are safety nets) and never on the clock."""

from __future__ import annotations

import os
import random
import time

from game.net.host import read_side, side_file
from game.persistence.saves import game_id, load_save
from game.ui import png
from game.ui.controller import GameSetup, Seat
from game.ui.net_window import NetHostController, RemoteController, rehost
from game.ui.scenes.game import GameScene
from game.ui.scenes.online import JoinScene
from tests.net_maps import host_only_map
from tests.ui.conftest import run

SAFETY = 30
SHOTS = os.environ.get("NARBY_SHOTS")


def wait_for(q):
    item = q.get(timeout=SAFETY)
    with q.mutex:
        q.queue.appendleft(item)


def hosting(map_path, data_dir) -> NetHostController:
    setup = GameSetup(seats=[Seat("human", dragon="red"), Seat("remote", dragon="green"),
                             Seat("ai", "easy", dragon="gold")], map_path=str(map_path),
                      target=25, seed=21, round_cap=5)
    return NetHostController.host(setup, port=0, bind="127.0.0.1", data_dir=data_dir,
                                  ai_mode="sync", code="TEST42")


def join_window(app, host, address: str) -> JoinScene:
    """Join game in the window, until the host's lobby shows there."""
    scene = JoinScene(app, address)
    app.push(scene)
    run(app, 1)
    scene.join()
    while not host.core.seats_ready():
        wait_for(host.net.server.inbox)
        host.poll()
    while scene.welcome is None:
        assert scene.client is not None, scene.status
        wait_for(scene.client.inbox)
        run(app, 1)
    if scene.fetch is not None:  # the window asked for the map: the host answers
        wait_for(host.net.server.inbox)
        host.poll()
        while scene.fetch is not None:
            assert scene.client is not None, scene.status
            wait_for(scene.client.inbox)
            run(app, 1)
    run(app, 1)  # what came while the map was on its way
    while scene.lobby is None:
        assert scene.client is not None, scene.status
        wait_for(scene.client.inbox)
        run(app, 1)
    return scene


def to_board(app, host, scene) -> RemoteController:
    host.net.send(host.core.start())
    while not isinstance(app.top, GameScene):
        assert scene.client is not None, scene.status
        wait_for(scene.client.inbox)
        run(app, 1)
    c = app.top.c
    assert isinstance(c, RemoteController)
    return c


def play(app, host, c: RemoteController, rng, until) -> None:
    """Both sides answer (Red here, Gold the host's AI, Green from the joining window)
    until `until()`; every move the host makes is waited for at the window."""
    while not until() and not host.finished:
        p = host.pending
        if p.dragon == "green":
            if c.human_to_play() != "green":  # its turn has not reached the window yet
                wait_for(c.client.inbox)
                run(app, 1)
                continue
            before = host.n_answers
            c.submit(rng.choice(c.legal_answers()))
            while host.n_answers == before:
                wait_for(host.net.server.inbox)
                host.poll()
        elif p.dragon == "red":
            host.submit(rng.choice(host.legal_answers()))
        else:
            host.step_ai(True)
        while c.n_answers != host.n_answers and not c.finished:
            wait_for(c.client.inbox)
            run(app, 1)


def test_a_whole_game_over_wss_on_a_host_only_map(app, tmp_path):
    map_path = host_only_map(tmp_path / "author")
    host_data = tmp_path / "host-data"
    host = hosting(map_path, host_data)
    address = host.address()
    assert address.startswith("wss://127.0.0.1:") and "#" in address

    scene = join_window(app, host, address)
    cached = scene.map_path
    assert cached is not None and str(cached).startswith(str(app.data_dir / "net" / "maps"))
    assert "Map received" in scene.status and "Green" in scene.status
    if SHOTS:
        png.save(app.screen, os.path.join(SHOTS, "e2e_join_lobby.png"))
    c = to_board(app, host, scene)
    assert c.board.title == "Friends' Fell" and c.board.source == str(cached)
    run(app, 2)  # the board screen draws the received map's tiles
    rng = random.Random(9)

    # a drop: the joining machine loses the connection in round 2, then rejoins its seat
    play(app, host, c, rng, lambda: host.match.round >= 2)
    c.client.close()
    while host.core.seats["green"].conn is not None:
        wait_for(host.net.server.inbox)
        host.poll()
    assert host.core.seats["green"].away_since is not None
    while c._retry_at is None:
        run(app, 1)
    c._retry_at = time.monotonic()  # rejoin now (the window waits half a second)
    run(app, 1)
    while host.core.seats["green"].conn is None:
        wait_for(host.net.server.inbox)
        host.poll()
    play(app, host, c, rng, lambda: host.match.round >= 3)
    assert not host.finished

    # a save: the host saves its game; the joining window keeps its seat (Save game)
    saved = host.save("friends")
    assert "Join game rejoins it" in c.keep_seat()
    gid = game_id(host.session)
    c.close()
    host.net.stop()
    host.match.close()
    app.pop()  # the joining window goes back to its menu
    run(app, 1)

    # the resume: the host opens the save again (same port, certificate and code)
    session = load_save(saved)
    again = rehost(session, read_side(side_file(host_data, gid)), bind="127.0.0.1",
                   data_dir=host_data, ai_mode="sync")
    assert again.address() == address  # the invite the friend has still works
    scene = join_window(app, again, "")  # Join game offers the last game again
    assert scene.url == address and scene.map_path == cached  # from the cache: no transfer
    assert scene.welcome["seat"] == "green"
    c = to_board(app, again, scene)
    play(app, again, c, rng, lambda: False)
    # the end: the state that says "finished" and the host's "over" (winner, seed) are
    # two messages; wait for the second, not for a number of frames
    while c.over is None:
        wait_for(c.client.inbox)
        run(app, 1)
    run(app, 2)
    assert again.finished and c.finished
    if SHOTS:
        png.save(app.screen, os.path.join(SHOTS, "e2e_joiner_end.png"))
    assert c.over is not None and c.over["winner"] == again.match.winner
    c.close()
    again.close()


def test_a_game_found_nearby_brings_its_pin(app, tmp_path):
    """Find games nearby lists what zeroconf found (faked here: no multicast in tests);
    picking one fills its address and trusts the pin it announced (docs/ONLINE.md)."""
    import pygame  # noqa: PLC0415
    import pygame_gui  # noqa: PLC0415

    host = hosting(host_only_map(tmp_path / "author"), tmp_path / "host-data")
    port, pin = host.net.server.port, host.net.server.pin
    scene = JoinScene(app, "wss://127.0.0.1:1/")
    app.push(scene)
    run(app, 1)
    scene.found = [{"name": "Narby test", "address": "127.0.0.1", "port": port,
                    "title": "Friends' Fell", "seats": "1", "pin": pin.replace("-", "")}]
    run(app, 1)
    assert scene.found_btns
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                         {"ui_element": scene.found_btns[0]}))
    run(app, 1)
    assert scene.addr_entry.get_text() == f"wss://127.0.0.1:{port}/"
    assert "join code" in scene.status
    scene.addr_entry.set_text(f"wss://127.0.0.1:{port}/test42")
    scene.join()
    assert scene.url == f"wss://127.0.0.1:{port}/TEST42#{pin}"
    while not host.core.seats_ready():
        wait_for(host.net.server.inbox)
        host.poll()
    while scene.welcome is None:
        assert scene.client is not None, scene.status
        wait_for(scene.client.inbox)
        run(app, 1)
    assert scene.welcome["seat"] == "green"
    scene.back()
    host.close()


def test_the_host_lobby_offers_the_invite_to_copy(app, tmp_path):
    from game.ui.scenes.online import HostLobbyScene  # noqa: PLC0415

    host = hosting(host_only_map(tmp_path / "author"), tmp_path / "host-data")
    lobby = HostLobbyScene(app, host)
    app.push(lobby)
    run(app, 1)
    lobby.copy()
    assert lobby.note  # on the clipboard, or said that there is none
    run(app, 1)
    scene = join_window(app, host, host.address())
    app.pop()
    run(app, 1)
    assert lobby.note == "" and lobby.c.core.seats_ready()  # the news is who joined
    scene.back()
    host.close()


def test_the_host_lobby_says_when_its_map_cannot_be_sent(app, tmp_path, monkeypatch):
    from game.net import map_share  # noqa: PLC0415
    from game.ui.scenes.online import HostLobbyScene  # noqa: PLC0415

    monkeypatch.setattr(map_share, "MAX_TOTAL", 1000)
    map_share._bundle_of.cache_clear()
    host = hosting(host_only_map(tmp_path / "author"), tmp_path / "host-data")
    lobby = HostLobbyScene(app, host)
    app.push(lobby)
    run(app, 1)
    assert lobby.map_unsent
    lobby.cancel()
    run(app, 1)
    map_share._bundle_of.cache_clear()

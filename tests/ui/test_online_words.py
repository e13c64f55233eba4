"""Online play in plain words (issue 30.6, 30.8): the Join screen's failures in one
sentence, the joiner's top bar naming who plays each seat, the host's lobby dropping its
"needs its player" line once everyone is in. Loopback only; no sleeps."""

from __future__ import annotations

import os
import socket

import pygame

from game.ui import png
from game.ui.net_window import RemoteController
from game.ui.scenes.online import HostLobbyScene, JoinScene
from tests.ui.conftest import run
from tests.ui.test_online import host_game, join, wait_for


def _join_until_closed(app, scene) -> None:
    scene.join()
    while scene.client is not None:
        wait_for(scene.client.inbox)
        run(app, 1)


def test_a_wrong_code_is_said_in_one_sentence(app):
    host = host_game(app.data_dir)
    scene = JoinScene(app, f"wss://127.0.0.1:{host.net.server.port}/WRONG1"
                           f"#{host.net.server.pin}")
    app.push(scene)
    scene.found = [{"title": "Friends' game", "address": "127.0.0.1",
                    "port": host.net.server.port}]  # as Find games nearby leaves it
    run(app, 1)
    assert len(scene.found_btns) == 1
    scene.join()
    # the host's lobby is drawn where the found games were: they go (issue 30.8)
    assert scene.found_btns == []
    while scene.client is not None:
        host.poll()  # the host's window reads the hello and refuses it
        if not scene.client.inbox.empty():
            run(app, 1)
    assert scene.status == "The join code is wrong — check it with the host"
    assert scene.status_colour == "red"
    host.close()


def test_nothing_listening_and_typos_are_said_in_words(app):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    pin = "A" * 26
    scene = JoinScene(app, f"wss//127.0.0.1:{port}/K7PXQ2#{pin}")  # "wss//": not host "wss"
    app.push(scene)
    run(app, 1)
    _join_until_closed(app, scene)
    assert scene.status.startswith(f"Nothing is listening at 127.0.0.1:{port} — ")
    if os.environ.get("NARBY_SHOTS"):  # look at it: NARBY_SHOTS=DIR pytest ...
        app.dirty = True
        run(app, 1)
        png.save(app.screen, os.path.join(os.environ["NARBY_SHOTS"], "join_refused.png"))
    scene.addr_entry.set_text("http://127.0.0.1/K7")
    scene.join()
    assert scene.client is None and "is not an invite" in scene.status


def test_the_joiner_s_bar_names_the_host_s_player_and_the_ai(data_dir):
    host = host_game(data_dir)
    client, got, url = join(host)
    rc = RemoteController(client, got["welcome"], got["lobby"], got["state"], url=url)
    assert rc.waiting_text("red") == "Waiting for the host (Red, at the host's screen)…"
    assert rc.waiting_text("gold") == "Gold (AI · easy) is thinking…"
    assert rc.seats["red"].label() == "Host's screen"
    host.set_name("Ann\x07 ")  # typed in the Host online lobby
    while (rc.lobby or {}).get("seats", [{}])[0].get("name") != "Ann":
        wait_for(rc.client.inbox)
        rc.poll()
    assert rc.waiting_text("red") == "Waiting for Ann (Red, at the host's screen)…"
    assert rc.seats["red"].label() == "Ann · host's screen"
    assert host.say(text="hi") is None and host.take_chat()[0]["name"] == "Ann"
    rc.close()
    host.close()


def test_the_lobby_s_refusal_goes_once_everyone_is_in(app):
    host = host_game(app.data_dir)
    lobby = HostLobbyScene(app, host)
    app.push(lobby)
    run(app, 1)
    assert lobby.name_entry is not None  # one seat is played here: it may be named
    lobby.start()  # nobody has joined: refused in words
    assert lobby.error.startswith("Every remote seat needs its player")
    client, _got, _url = join(host)
    run(app, 1)
    assert lobby.error == ""
    client.close()
    host.close()


def test_the_host_s_bar_shows_the_countdown_and_clickable_f6_f7_f8(app, tmp_path):
    import os  # noqa: PLC0415
    import random  # noqa: PLC0415

    import pygame_gui  # noqa: PLC0415

    from game.ui import png  # noqa: PLC0415
    from game.ui.scenes.game import GameScene  # noqa: PLC0415

    host = host_game(app.data_dir)
    client, _got, _url = join(host)
    client.close()  # Gil's machine drops
    while host.core.seats["green"].conn is not None:
        wait_for(host.net.server.inbox)
        host.poll()
    rng = random.Random(5)
    while host.pending.dragon != "green":
        if host.core.kinds[host.pending.dragon] == "local":
            host.submit(rng.choice(host.legal_answers()))
        else:
            host.step_ai(True)
    board = GameScene(app, host)
    app.push(board)
    run(app, 1)
    while not board.animation.idle:  # the game so far, skipped (Space)
        board.animation.skip(board.apply_event)
        run(app, 1)
    run(app, 1)
    text, _ = board._prompt_text()
    assert text.startswith("Waiting for Gil (Green, online) — away, an AI plays in ")
    labels = [b.text for b in board.host_keys.buttons]
    assert labels == ["F6 AI now", "F7 wait", "F8 end"]
    if os.environ.get("NARBY_SHOTS"):
        png.save(app.screen, os.path.join(os.environ["NARBY_SHOTS"], "host_away_bar.png"))
    wait = next(b for b in board.host_keys.buttons if b.text == "F7 wait")
    board.handle(pygame_gui_event(pygame_gui, wait))
    assert any("more for Green" in n for n in board.log.text_lines() + host.ai_notes)
    ai_now = next(b for b in board.host_keys.buttons if b.text == "F6 AI now")
    board.handle(pygame_gui_event(pygame_gui, ai_now))
    assert host.core.seats["green"].standin is not None
    run(app, 1)
    assert not board.host_keys.shown  # nobody is awaited now
    app.pop()
    host.close()


def pygame_gui_event(pygame_gui, element):
    import pygame  # noqa: PLC0415

    return pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element)


def test_the_lobby_names_every_dragon_readably(app):
    """Black's name in the lobbies' seat list was drawn in its own colour: 1.1:1 on the
    panel, unreadable. Each name's brightest pixel now reads at 4.5:1."""
    from game.tables import DRAGONS  # noqa: PLC0415
    from game.ui.scenes.online import _draw_seats  # noqa: PLC0415
    from game.ui.theme import contrast  # noqa: PLC0415

    look = app.look
    panel = look.colour("panel")
    row = look.px(40)
    for dragon in DRAGONS:
        surface = pygame.Surface((look.px(600), row))
        surface.fill(panel)
        _draw_seats(surface, look, 0, 0, look.px(600), [(dragon, "", "")])
        x0, x1 = row + look.px(6), row + look.px(100)
        best = max(contrast(tuple(surface.get_at((x, y)))[:3], panel)
                   for x in range(x0, x1) for y in range(row))
        assert best >= 4.5, (dragon, best)


def test_the_join_screen_asks_only_for_join_when_the_invite_is_filled(app):
    filled = JoinScene(app, f"wss://127.0.0.1:8765/K7PXQ2#{'A' * 26}")
    assert filled.status.startswith("Press Join")  # `narby join INVITE`: nothing to type
    assert JoinScene(app).status.startswith("Type the invite")


def test_a_damaged_map_is_said_in_the_joiners_language(app, tmp_path):
    """A part of the host's map that arrives damaged: the Join screen's line is the
    player's language throughout (it was 'Teilnahme nicht möglich: the host's map…')."""
    from game import i18n  # noqa: PLC0415
    from game.net import map_share  # noqa: PLC0415
    from tests.test_net_map_share import TMX, _forged  # noqa: PLC0415

    info, msg = _forged([("m.tmx", TMX), ("t.tsx", b"<tileset/>")])
    scene = JoinScene(app, "")
    app.push(scene)
    run(app, 1)
    scene.fetch = map_share.Receiver(info, tmp_path)
    i18n.set_language("de")
    try:
        assert scene._map_part({**msg, "data": "!!!"}) is False
        assert scene.status.endswith(": die Karte des Gastgebers kam beschädigt an; tritt "
                                     "noch einmal bei"), scene.status
        assert "host" not in scene.status
    finally:
        i18n.set_language("en")

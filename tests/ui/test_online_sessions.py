"""Sessions that survive (issue 30.8): an online game autosaves at every turn (a host
crash rewinds a turn at most), whoever answers (the host's player, an AI, a remote
player); the main menu rejoins the last game from its saved token."""

from __future__ import annotations

import random

from game.ui.net_window import RemoteController, starts_turn
from tests.ui.test_online import host_game, join, wait_for


def play_until(host, rc, cond, rng) -> None:
    while not cond():
        host.poll()
        rc.poll()
        p = host.pending
        kind = host.core.kinds[p.dragon]
        if kind == "local":
            host.submit(rng.choice(host.legal_answers()))
        elif kind != "remote":
            assert host.step_ai(True)
        elif rc.human_to_play() == "green" and rc.n_answers == host.n_answers:
            rc.submit(rng.choice(rc.legal_answers()))
            wait_for(host.net.server.inbox)
        else:
            wait_for(rc.client.inbox)


def test_an_online_game_autosaves_every_turn(data_dir):
    host = host_game(data_dir)
    client, got, url = join(host)
    rc = RemoteController(client, got["welcome"], got["lobby"], got["state"], url=url)
    saved_at: list[int] = []
    autosave = host.autosave

    def spy():
        saved_at.append(host.n_answers)
        return autosave()

    host.autosave = spy
    turns = lambda: [i + 1 for i, s in enumerate(host.session.steps)  # noqa: E731
                     if starts_turn(s.events)]
    play_until(host, rc, lambda: host.match.round >= 2 and len(turns()) >= 6,
               random.Random(4))
    assert set(turns()) <= set(saved_at)  # every answer that began a turn was saved
    assert len(turns()) >= 6
    rc.close()
    host.close()


def test_rejoin_last_game_on_the_main_menu_takes_the_seat_in_one_click(app):
    from game.ui.scenes.game import GameScene  # noqa: PLC0415
    from game.ui.scenes.online import JoinScene  # noqa: PLC0415
    from tests.ui.conftest import run  # noqa: PLC0415

    host = host_game(app.data_dir)
    menu = app.main_menu()
    run(app, 1)
    assert "rejoin" not in menu.buttons  # nothing joined yet: no such button
    scene = JoinScene(app, f"wss://127.0.0.1:{host.net.server.port}/TEST42"
                           f"#{host.net.server.pin}")
    app.push(scene)
    run(app, 1)
    scene.join()
    while scene.welcome is None:  # the seat's token is remembered with the welcome
        host.poll()
        if not scene.client.inbox.empty():
            run(app, 1)
    host.net.send(host.core.start())
    scene.back()  # the window closes (a restart): the seat stays Green's
    while host.core.seats["green"].conn is not None:
        wait_for(host.net.server.inbox)
        host.poll()
    menu = app.main_menu()
    run(app, 1)
    assert menu.buttons["rejoin"].text == "Rejoin last game"
    menu.choose("rejoin")
    while not isinstance(app.top, GameScene):
        host.poll()
        run(app, 1)
    assert app.top.c.me == "green" and host.core.seats["green"].conn is not None
    app.main_menu()
    host.close()


def test_new_game_calls_one_human_and_one_remote_online_not_hot_seat(app):
    from game.ui.controller import GameSetup, Seat  # noqa: PLC0415
    from game.ui.scenes.new_game import NewGameScene  # noqa: PLC0415
    from tests.ui.conftest import run  # noqa: PLC0415

    scene = NewGameScene(app, GameSetup(seats=[Seat("human"), Seat("ai", "easy")],
                                        map_path=None))
    app.push(scene)
    run(app, 1)
    assert scene.notes[2].text == "One person at this screen against AIs."
    scene._set_kind(1, ("remote", "normal"))
    assert scene.notes[2].text == "Online: 1 friend online, you at this screen."
    assert "hot-seat" not in scene.notes[2].text
    scene._set_kind(1, ("human", "normal"))
    assert scene.notes[2].text.startswith("Hot-seat: 2 people share this screen")

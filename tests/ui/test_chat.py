"""The chat on the board screen of an online game (issue 30), with the dummy driver: T
opens the line in a joining window, Enter sends, the host relays it and both logs show
it with the sender's name; an emote button and the host's own line do the same. The
network runs on loopback; the test waits on its queues, never on the clock."""

from __future__ import annotations

import contextlib
import os
import queue

import pygame
import pygame_gui

from game.ui import png
from game.ui.net_window import RemoteController
from game.ui.scenes.game import GameScene
from tests.ui.conftest import run
from tests.ui.test_online import SAFETY, host_game, join

SHOTS = os.environ.get("NARBY_SHOTS")


def key(scene, k):
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def relay(host, rc, app, board, line):
    """The host reads what the joiner sent and relays it, until the joiner's board shows
    `line`. Other messages may come first (the game goes on, pings), so it goes message
    by message; each wait is on a queue, and SAFETY seconds in all is only a safety net."""
    for _ in range(SAFETY * 100):
        host.poll()
        run(app, 1)
        if line in board.log.text_lines():
            return
        for q in (host.net.server.inbox, rc.client.inbox):
            with contextlib.suppress(queue.Empty):
                item = q.get(timeout=0.005)
                with q.mutex:
                    q.queue.appendleft(item)  # left for its owner
    raise AssertionError(f"never shown: {line!r}")


def test_a_joiner_chats_and_both_logs_show_it(app, tmp_path):
    host = host_game(app.data_dir)
    client, got, url = join(host)
    rc = RemoteController(client, got["welcome"], got["lobby"], got["state"], url=url)
    board = GameScene(app, rc)
    app.push(board)
    run(app, 2)
    key(board, pygame.K_t)
    assert board.chat.is_open and board.chat.entry.is_focused
    board.chat.entry.set_text("good luck, all")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    run(app, 2)  # the line posts its "finished" event; the board sends it
    assert not board.chat.is_open
    relay(host, rc, app, board, "Gil (Green): good luck, all")
    assert [(m["name"], m["text"]) for m in host.core.chat_log] == [("Gil",
                                                                      "good luck, all")]
    assert host.take_chat() == [{"type": "chat", "dragon": "green", "name": "Gil",
                                 "text": "good luck, all"}]  # the host's window logs it
    # Enter opens it too while nothing is aimed (a question up: T does)
    key(board, pygame.K_RETURN if board.choice is None and board.picker is None else pygame.K_t)
    assert board.chat.is_open
    run(app, 1)
    if SHOTS:
        png.save(app.screen, tmp_path / "chat_open.png")
        png.save(app.screen, os.path.join(SHOTS, "chat_open.png"))
    gg = board.chat.buttons[5]
    board.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=gg))
    relay(host, rc, app, board, "Gil (Green): GG")
    assert board.log.text_lines()[-1] == "Gil (Green): GG"
    assert host.say(text="well played, Gil") is None  # the host's person: Red
    relay(host, rc, app, board, "Red: well played, Gil")
    assert board.log.text_lines()[-1] == "Red: well played, Gil"
    key(board, pygame.K_t)
    key(board, pygame.K_ESCAPE)  # Esc closes the line, not the game
    assert not board.chat.is_open and app.top is board
    if SHOTS:
        png.save(app.screen, os.path.join(SHOTS, "chat_log.png"))
    app.pop()
    rc.close()
    host.close()


def test_a_local_game_has_no_chat(app):
    from game.ui.controller import GameController, GameSetup, Seat  # noqa: PLC0415

    c = GameController(GameSetup(seats=[Seat("human"), Seat("ai", "easy")],
                                 map_path=None, seed=5), ai_mode="sync")
    board = GameScene(app, c)
    app.push(board)
    run(app, 1)
    key(board, pygame.K_t)
    assert not board.chat.is_open
    app.pop()

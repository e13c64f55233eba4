"""What wakes a resting window (issue 34): every background thread whose result the
window polls calls `idle.wake()` after the result is where the window looks (the AI
worker's answer, the network's messages, the search for games nearby), and the lesson
and the online lobbies rest like the board between the frames they need. Nothing here
sleeps or depends on timing: a thread's news is waited for on an Event, never a clock."""

from __future__ import annotations

import queue
import threading
import time

import pygame
import pytest

from game.ai.worker import AIWorker
from game.net.client import ClientThread
from game.net.host import HostServer, HostThread
from game.net.protocol import message
from game.seat_view import seat_view
from game.ui import idle
from game.ui.ambient import AMBIENT_FPS
from game.ui.net_window import RemoteController
from game.ui.scene import IDLE_LOOK
from game.ui.scenes.game import PULSE_FPS
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.online import HostLobbyScene, JoinScene
from tests.helpers import scenario
from tests.ui.conftest import run, until
from tests.ui.test_landing_pick import _lesson_at
from tests.ui.test_online import SAFETY, host_game, join_until_seated, wait_for
from tools.ui_screens import _board, _played

INVITE = "wss://127.0.0.1:9/CODE12#" + "A" * 26  # never dialled: the clients are fakes


def _wakes() -> int:
    """The WAKE events waiting in pygame's queue (taken out, as a frame would)."""
    n = len(pygame.event.get(idle.WAKE))
    idle.woken()
    return n


class Heard:
    """An on_arrival stand-in: records what the queue held when it was called."""

    def __init__(self, inbox=None):
        self.inbox = inbox
        self.seen: list[int] = []
        self.event = threading.Event()

    def __call__(self) -> None:
        self.seen.append(self.inbox.qsize() if self.inbox is not None else 0)
        self.event.set()


# ----- the wake itself ----------------------------------------------------------------------
def test_one_wake_waits_in_the_queue_however_many_threads_call(app):
    pygame.event.clear()
    idle.woken()
    threads = [threading.Thread(target=idle.wake) for _ in range(20)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert 1 <= _wakes() < 20  # (two threads may both find none waiting: harmless)
    idle.woken()
    idle.wake()
    idle.wake()
    assert _wakes() == 1  # a flood of messages never fills SDL's queue
    idle.wake()
    assert _wakes() == 1  # taken by a frame: the next news wakes again


def test_a_frame_takes_the_wake_and_the_next_news_wakes_again(app):
    pygame.event.clear()
    idle.woken()
    idle.wake()
    app.step(0.0)  # the frame reads the queue: the wake is spent
    assert not pygame.event.peek(idle.WAKE)
    idle.wake()
    assert pygame.event.peek(idle.WAKE)


def test_a_wake_with_no_window_is_quiet():
    pygame.display.quit()
    idle.woken()
    idle.wake()  # a network thread finishing after the window closed: no error


# ----- the network threads ------------------------------------------------------------------
def test_a_client_thread_wakes_after_each_message_is_queued():
    heard = Heard()
    ct = ClientThread("wss://127.0.0.1:1/ABC#" + "0" * 64, message("hello"),
                      on_arrival=heard)
    heard.inbox = ct.inbox
    ct._arrived(message("lobby", seats=[]))
    ct._arrived(message("closed", reason="test"))
    assert heard.seen == [1, 2]  # the message was there when the window was woken
    assert [m["type"] for m in ct.poll()] == ["lobby", "closed"]


def test_the_host_server_wakes_its_owner_after_queuing_what_arrived():
    heard = Heard()
    server = HostServer(None, on_arrival=heard)
    heard.inbox = server.inbox
    server._input("open", 1, "127.0.0.1")
    server._input("msg", 1, "{}")
    assert heard.seen == [1, 2]


def test_a_flood_left_over_by_the_hosts_poll_wakes_the_window_again():
    heard = Heard()
    net = HostThread(on_arrival=heard)  # not started: its queue is enough here
    heard.inbox = net.server.inbox
    for i in range(5):
        net.server.inbox.put(("msg", 1, str(i)))
    assert len(net.poll(limit=3)) == 3 and heard.seen == [2]  # two still wait
    assert len(net.poll(limit=3)) == 2 and heard.seen == [2]  # none left: no wake


def test_the_windows_network_threads_wake_the_window(app, data_dir):
    host = host_game(data_dir)
    try:
        assert host.net.server.on_arrival is idle.wake
        pygame.event.clear()
        idle.woken()
        client = ClientThread(host.address(), message("hello", code="TEST42"))
        heard = Heard(client.inbox)
        client.on_arrival = heard
        client.start()
        wait_for(host.net.server.inbox)  # the joiner knocked: the host's window is woken
        assert heard.event.wait(SAFETY)  # and the host's welcome reaches the joiner
        assert pygame.event.peek(idle.WAKE)
        client.close()
    finally:
        host.close()


def test_joining_and_rejoining_wake_the_window(app, data_dir, monkeypatch):
    made: list = []

    class FakeClient:
        def __init__(self, url, hello, pin=None, *, on_arrival=None):
            made.append(on_arrival)

        def start(self):
            return self

        def close(self):
            pass

    monkeypatch.setattr("game.ui.scenes.online.ClientThread", FakeClient)
    scene = app.push(JoinScene(app, INVITE))
    run(app, 1)
    scene.join()
    assert made == [idle.wake]
    monkeypatch.setattr("game.ui.net_window.ClientThread", FakeClient)
    rc = RemoteController.__new__(RemoteController)
    rc.url, rc.token = INVITE, "tok"
    rc._rejoin()
    assert made == [idle.wake, idle.wake]


def test_the_search_for_games_nearby_wakes_the_window_when_done(app, monkeypatch):
    done = threading.Event()

    def browse(_seconds):
        return [{"title": "Jo's game", "address": "192.168.1.9", "port": 8765, "pin": ""}]

    monkeypatch.setattr("game.ui.scenes.online.browse", browse)
    monkeypatch.setattr(idle, "wake", done.set)
    scene = app.push(JoinScene(app))
    run(app, 1)
    scene.find()
    assert done.wait(SAFETY)  # the search's end wakes the window
    assert not scene._searching and scene.found
    drawn = app.frames_drawn
    app.step(0.0, events=False)
    assert app.frames_drawn == drawn + 1 and scene.found_btns  # shown at once


# ----- the AI worker ------------------------------------------------------------------------
def test_the_ai_workers_answer_wakes_the_window_when_it_is_ready():
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(15, 15))},
                 settlements=[("city", (7, 5), None)], actions_left=1)
    answers: queue.Queue = queue.Queue()
    worker: AIWorker | None = None

    def on_answer():
        assert worker is not None
        answers.put(worker.poll())  # the answer is there when the window is woken

    worker = AIWorker(on_answer=on_answer)
    try:
        ticket = worker.ask(seat_view(m, "red"), "normal", 0)
        assert answers.get(timeout=SAFETY) == (ticket, {"do": "claim", "at": [7, 5]}, None)
        assert worker.poll() is None
    finally:
        worker.close()
    assert worker._listener is not None
    worker._listener.join(SAFETY)
    assert not worker._listener.is_alive()  # the listener ends with the worker


def test_the_window_asks_its_worker_to_wake_it(monkeypatch):
    made: list = []

    class FakeWorker:
        def __init__(self, on_answer=None):
            made.append(on_answer)
            self.asked = 0

        def ask(self, *a, **k):
            self.asked += 1
            return self.asked

        def poll(self):
            return None

        def close(self):
            pass

    monkeypatch.setattr("game.ui.controller.AIWorker", FakeWorker)
    c = _played(seed=8, rounds=0, seats=2)
    c.ai_mode = "worker"
    while c.is_human(c.pending.dragon):
        c.submit(c.legal_answers()[0])
    assert not c.step_ai(True)  # asked: thinking in the worker
    assert made == [idle.wake] and c.ai_awaited()


# ----- the board during an AI's turn --------------------------------------------------------
@pytest.fixture
def board(app):
    scene = _board(app, _played(seed=8, rounds=6, seats=8))
    run(app, 30)
    return scene


def test_the_board_rests_while_the_worker_thinks(app, board, monkeypatch):
    app.settings.reduce_motion = True
    c = board.c
    monkeypatch.setattr(c, "is_human", lambda _d: False)
    monkeypatch.setattr(c, "step_ai", lambda _ready: False)
    monkeypatch.setattr(c, "ai_awaited", lambda: False)
    run(app, 3)
    assert app.rest_for() == 0.0  # an AI thinking in this process: 60 Hz, as before
    monkeypatch.setattr(c, "ai_awaited", lambda: True)
    run(app, 3)
    assert app.rest_for() == idle.MAX_REST  # its answer wakes the window
    drawn = app.frames_drawn
    app.step(idle.MAX_REST, events=False)
    assert app.frames_drawn == drawn  # nothing drawn while it thinks


def test_the_pause_between_an_ai_s_answers_is_a_timed_rest(app, board, monkeypatch):
    app.settings.reduce_motion = True
    c = board.c
    monkeypatch.setattr(c, "is_human", lambda _d: False)
    monkeypatch.setattr(c, "step_ai", lambda _ready: False)
    run(app, 3)
    board.ai_wait = 0.3
    run(app, 1)
    assert app.rest_for() == pytest.approx(0.3 - 1 / 60)
    app.step(app.rest_for(), events=False)
    assert board.ai_wait <= 1e-9  # the next answer is asked for and shown now
    assert app.rest_for() < 1e-6


def test_the_main_menu_under_a_game_does_not_wake_it(app):
    """New game and Learn to play open the board over the main menu: the menu, which
    keeps no timetable, is looked at four times a second only while it is on top."""
    app.settings.reduce_motion = True
    menu = app.push(MenuScene(app))
    run(app, 3)
    assert app.rest_for() == IDLE_LOOK
    _board(app, _played(seed=8, rounds=6, seats=8))
    run(app, 30)
    assert menu.wake_in() is None and app.rest_for() == idle.MAX_REST


def test_an_ai_answer_is_shown_at_once_not_after_the_pause(app, board, monkeypatch):
    """The pause between an AI's answers starts once the answer's events are shown:
    the frame after the answer is never a rest."""
    app.settings.reduce_motion = True
    c = board.c
    monkeypatch.setattr(c, "is_human", lambda _d: False)
    answered: list[int] = []

    asked: list[bool] = []

    def step_ai(ready: bool) -> bool:
        asked.append(ready)
        if not ready or len(asked) < 5:  # thinks a few frames, the bar showing whose turn
            return False
        c.submit(c.legal_answers()[0])
        answered.append(c.n_answers)
        return True

    monkeypatch.setattr(c, "step_ai", step_ai)
    until(app, lambda: bool(answered))
    assert board.ai_wait > 0 and c.queue  # paused, its events not yet fed
    assert app.rest_for() == 0.0  # the next frame starts showing them


# ----- the lesson ---------------------------------------------------------------------------
def test_the_lesson_rests_at_a_note(app):
    app.settings.reduce_motion = False
    scene = _lesson_at(app, "welcome")
    assert scene.coach.is_note()
    run(app, 3)
    assert 0 < app.rest_for() <= 1 / AMBIENT_FPS + 1e-9  # the ambient layer only
    app.settings.reduce_motion = True
    app.dirty = True
    run(app, 2)
    assert app.rest_for() == idle.MAX_REST


def test_the_lessons_marks_pulse_a_few_frames_a_second_and_hold_still_with_reduce_motion(
        app):
    app.settings.reduce_motion = False
    scene = _lesson_at(app, "move")
    assert scene.expected() is not None  # the gold marks are on screen
    until(app, lambda: app.rest_for() > 0, limit=8)
    assert app.rest_for() <= 1 / PULSE_FPS + 1e-9
    drawn = app.frames_drawn
    app.step(app.rest_for() + 1e-6, events=False)
    assert app.frames_drawn == drawn + 1  # the next frame of the pulse
    drawn = app.frames_drawn
    run(app, 60)  # a second at 60 Hz: the pulse's frames and the ambient layer's only
    assert app.frames_drawn - drawn <= PULSE_FPS + AMBIENT_FPS + 1
    app.settings.reduce_motion = True
    app.dirty = True
    run(app, 2)
    assert app.rest_for() == idle.MAX_REST
    assert scene._pulse() == 1.0  # the marks at their largest, still


# ----- the lobbies --------------------------------------------------------------------------
def test_the_lobbies_rest_and_a_joiner_is_shown_at_once(app, data_dir):
    app.settings.reduce_motion = True
    host = host_game(data_dir)
    lobby = app.push(HostLobbyScene(app, host))
    run(app, 3)
    assert app.rest_for() == idle.MAX_REST  # nobody yet: nothing to draw
    drawn = app.frames_drawn
    app.step(idle.MAX_REST, events=False)
    assert app.frames_drawn == drawn
    join_scene = app.push(JoinScene(app, host.address()))
    run(app, 1)
    join_until_seated(app, host, join_scene)
    run(app, 3)
    assert app.rest_for() == idle.MAX_REST  # the joiner waits for the start, resting
    app.pop()
    run(app, 3)
    assert app.rest_for() == idle.MAX_REST
    host.set_name("Ann")  # what the lobby shows changes: drawn once
    drawn = app.frames_drawn
    app.step(1 / 60)
    assert app.frames_drawn == drawn + 1 and lobby.update(0.0) is False
    app.push(join_scene)
    join_scene.back()
    app.pop()
    host.close()


# ----- an ambient frame redraws the board alone ---------------------------------------------
def _ambient_frame(app) -> list:
    """Step to the next ambient frame, as the loop does after a sleep; the areas drawn."""
    drawn: list = []
    real = app.draw

    def spy(only=None):
        drawn.append(only)
        real(only)

    app.draw = spy
    try:
        until(app, lambda: app.rest_for() > 0, limit=8)
        app.step(app.rest_for() + 1e-6, events=False)
    finally:
        del app.draw
    return drawn


def test_an_ambient_frame_redraws_the_board_alone_with_the_whole_drawings_pixels(app,
                                                                                 board):
    app.settings.reduce_motion = False
    run(app, 3)
    drawn = _ambient_frame(app)
    assert drawn == [board.view.rect]  # the panel, the bar and the top line stay
    partial = pygame.image.tobytes(app.screen, "RGB")
    app.draw()  # the whole window at the same moment
    assert pygame.image.tobytes(app.screen, "RGB") == partial


def test_input_a_note_or_a_moving_log_redraw_the_whole_window(app, board, monkeypatch):
    app.settings.reduce_motion = False
    run(app, 3)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    run(app, 1)
    board.c.ai_notes.append("Gil joined")  # (a player who joins: no event, no answer)
    drawn = _ambient_frame(app)
    assert drawn and drawn[0] is None and "Gil joined" in board.log.text_lines()[-1]
    until(app, lambda: app.rest_for() > 0, limit=8)
    moved = iter([True])  # an arrow held down on the log's bar scrolls it, no event
    monkeypatch.setattr(board.log, "update", lambda: next(moved, False))
    drawn = []
    monkeypatch.setattr(app, "draw", drawn.append)
    app.step(1e-3, events=False)
    assert drawn == [None]


def test_the_lessons_ambient_frame_matches_its_whole_drawing(app):
    app.settings.reduce_motion = False
    scene = _lesson_at(app, "welcome")
    run(app, 3)
    drawn = _ambient_frame(app)
    assert drawn == [scene.view.rect]
    partial = pygame.image.tobytes(app.screen, "RGB")
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == partial


# ----- an online board looks at the network when its controller says ------------------------
def test_an_online_board_rests_until_news_or_its_controllers_timed_look(app, board,
                                                                        monkeypatch):
    app.settings.reduce_motion = True
    run(app, 2)
    monkeypatch.setattr(board.c, "poll", lambda: False, raising=False)
    monkeypatch.setattr(board.c, "poll_in", lambda: None, raising=False)
    assert app.rest_for() == idle.MAX_REST  # what arrives wakes the window
    monkeypatch.setattr(board.c, "poll_in", lambda: 0.4, raising=False)
    assert app.rest_for() == pytest.approx(0.4)


def test_the_host_looks_each_second_while_an_away_players_wait_runs(data_dir, monkeypatch):
    host = host_game(data_dir)
    try:
        assert host.poll_in() is None  # nobody away: only news
        seat = host.core.seats["green"]
        seat.away_since = host.core.clock()
        monkeypatch.setattr(host.core, "waiting_for", lambda: seat)
        assert host.poll_in() == 1.0  # the countdown, and the drop policy when it ends
    finally:
        host.close()


def test_a_joiner_looks_again_when_its_next_try_to_rejoin_is_due():
    rc = RemoteController.__new__(RemoteController)
    rc._retry_at = None
    assert rc.poll_in() is None
    rc._retry_at = time.monotonic() + 5.0
    assert 0 < rc.poll_in() <= 5.0
    rc._retry_at = time.monotonic() - 1.0
    assert rc.poll_in() == 0.0

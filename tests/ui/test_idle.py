"""An idle window sleeps (issue 34): the loop's "how long may I sleep?" as a pure
decision, and what ends a sleep (an input event, a worker's wake). Nothing here sleeps:
the clock and the sleep are stand-ins."""

from __future__ import annotations

import threading

import pygame
import pytest

from game.ui import ambient, idle
from game.ui.app import HEARTBEAT, TIP_WAIT
from game.ui.scenes.game import NET_POLL, PULSE_FPS
from tools.ui_screens import _board, _played

from .conftest import run, until


class FakeTime:
    """A clock that moves only when slept on."""

    def __init__(self, on_sleep=None):
        self.now = 100.0
        self.sleeps: list[float] = []
        self.on_sleep = on_sleep

    def clock(self) -> float:
        return self.now

    def sleep(self, s: float) -> None:
        self.sleeps.append(s)
        self.now += s
        if self.on_sleep:
            self.on_sleep(len(self.sleeps))


# ----- the decision ----------------------------------------------------------------------
def test_nothing_timed_sleeps_the_longest_rest():
    assert idle.rest_for(False, []) == idle.MAX_REST
    assert idle.rest_for(False, [None, None]) == idle.MAX_REST


def test_the_soonest_timed_thing_wins():
    assert idle.rest_for(False, [0.5, None, 0.2, 3.0]) == pytest.approx(0.2)
    assert idle.rest_for(False, [-0.1]) == 0.0  # overdue: no sleep


def test_a_busy_frame_never_sleeps():
    assert idle.rest_for(True, [None]) == 0.0


# ----- the sleep ---------------------------------------------------------------------------
def test_a_quiet_sleep_runs_its_time_in_frame_steps():
    t = FakeTime()
    slept = idle.wait(0.1, peek=lambda: False, sleep=t.sleep, clock=t.clock)
    assert slept == pytest.approx(0.1)
    assert all(s <= idle.FRAME + 1e-9 for s in t.sleeps)
    assert len(t.sleeps) == 6  # 0.1 s in steps of 1/60


def test_an_event_waiting_means_no_sleep():
    t = FakeTime()
    assert idle.wait(1.0, peek=lambda: True, sleep=t.sleep, clock=t.clock) == 0.0
    assert t.sleeps == []


def test_input_or_a_workers_wake_ends_the_sleep(app):
    pygame.event.clear()
    t = FakeTime()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0,
                                         unicode="a", scancode=0))
    assert idle.wait(1.0, sleep=t.sleep, clock=t.clock) == 0.0  # pygame's own peek
    pygame.event.clear()
    idle.woken()  # the queue emptied by hand: the next wake posts again

    def worker_done(n):  # a worker thread finishes during the first sleep
        if n == 1:
            th = threading.Thread(target=idle.wake)
            th.start()
            th.join()

    t = FakeTime(worker_done)
    slept = idle.wait(idle.MAX_REST, sleep=t.sleep, clock=t.clock)
    assert len(t.sleeps) == 1 and slept < idle.MAX_REST
    assert pygame.event.peek(idle.WAKE)  # left for the frame, which only wakes
    app.dirty = False
    app.step(0.0)
    assert not pygame.event.peek(idle.WAKE)


# ----- the window's answer ------------------------------------------------------------------
@pytest.fixture
def board(app):
    scene = _board(app, _played(seed=8, rounds=6, seats=8))
    run(app, 30)
    return scene


def test_a_still_board_with_reduce_motion_waits_for_input(app, board):
    app.settings.reduce_motion = True
    run(app, 3)
    assert board.wake_in() is None
    assert app.rest_for() == idle.MAX_REST
    drawn = app.frames_drawn
    app.step(idle.MAX_REST, events=False)  # the frame after a quiet second
    assert app.frames_drawn == drawn  # nothing to draw again


def test_with_motion_it_wakes_for_the_next_ambient_frame(app, board):
    app.settings.reduce_motion = False
    run(app, 3)
    rest = app.rest_for()
    assert 0 < rest <= 1 / ambient.AMBIENT_FPS + 1e-9
    drawn = app.frames_drawn
    app.step(rest, events=False)
    assert app.frames_drawn == drawn + 1  # the water and the smoke moved


def test_aiming_pulses_a_few_frames_a_second_and_holds_still_with_reduce_motion(app,
                                                                                board):
    app.settings.reduce_motion = False
    board.select_slot("move")
    until(app, lambda: app.rest_for() > 0, limit=8)  # between two frames of the pulse
    assert app.rest_for() <= 1 / PULSE_FPS + 1e-9  # a person may think for minutes
    drawn = app.frames_drawn
    app.step(app.rest_for() + 1e-6, events=False)
    assert app.frames_drawn == drawn + 1  # the next frame of the pulse
    app.settings.reduce_motion = True  # (the Settings screen redraws the board)
    app.dirty = True
    run(app, 2)
    assert app.rest_for() == idle.MAX_REST


def test_a_message_is_taken_down_when_its_time_ends(app, board):
    app.settings.reduce_motion = True
    board.show_error("Not there")
    run(app, 2)
    assert app.rest_for() == idle.MAX_REST  # a message of 4 s: a look in a second
    board.error_time = 0.5
    assert app.rest_for() == pytest.approx(0.5)
    drawn = app.frames_drawn
    app.step(board.error_time + 0.01, events=False)
    assert board.error_time <= 0 and app.frames_drawn == drawn + 1
    run(app, 1)  # a frame that moved is followed by one more at 60 Hz
    assert app.rest_for() == idle.MAX_REST


def test_an_online_board_looks_at_the_network(app, board, monkeypatch):
    app.settings.reduce_motion = True
    run(app, 2)
    monkeypatch.setattr(board.c, "poll", lambda: False, raising=False)
    assert app.rest_for() == pytest.approx(NET_POLL)


def test_a_blinking_cursor_is_drawn_while_it_blinks(app, board, monkeypatch):
    app.settings.reduce_motion = True
    run(app, 2)
    monkeypatch.setattr(app, "_typing", lambda: True)
    assert app.rest_for() <= HEARTBEAT
    drawn = app.frames_drawn
    app.step(HEARTBEAT, events=False)
    assert app.frames_drawn == drawn + 1


def test_an_input_event_after_a_sleep_is_handled_and_drawn(app, board):
    app.settings.reduce_motion = True
    run(app, 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    drawn = app.frames_drawn
    app.rest()  # an event waits: no sleep, one update frame
    app.step(1 / 60)
    assert app.frames_drawn > drawn


def test_a_pointer_resting_on_a_widget_is_watched_until_its_tip_has_opened(app, board,
                                                                          monkeypatch):
    app.settings.reduce_motion = True
    monkeypatch.setattr(app.ui, "get_hovering_any_element", lambda: True)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    run(app, 2)
    assert app.rest_for() <= HEARTBEAT  # the tip opens after a second: drawn when it does
    app.step(TIP_WAIT, events=False)
    run(app, 1)
    assert app.rest_for() == idle.MAX_REST  # the tip is open: nothing changes any more


def test_the_main_loop_sleeps_between_frames_of_a_still_board(app, board, monkeypatch):
    """App.run itself: frames while things settle, then sleeps as long as it may; the
    time slept reaches the scenes (no real sleeping: the wait is a stand-in)."""
    app.settings.reduce_motion = True
    asked: list[float] = []

    def fake_wait(seconds: float) -> float:
        asked.append(seconds)
        if len(asked) == 3:
            app.running = False
        return seconds

    monkeypatch.setattr(idle, "wait", fake_wait)
    before = board.time
    app.close = lambda: None  # run() ends with it
    try:
        app.run()
    finally:
        del app.close  # the method again: the fixture closes the window, once
    assert asked == [idle.MAX_REST] * 3
    assert board.time - before >= 3 * idle.MAX_REST  # slept time counted once each


def test_an_online_board_waiting_for_a_seat_played_elsewhere_rests(app, board, monkeypatch):
    """A joiner waits minutes for other players: between looks at the network nothing
    is drawn (a local AI's turn, by contrast, keeps the 60 Hz loop)."""
    app.settings.reduce_motion = True
    c = board.c
    monkeypatch.setattr(c, "is_human", lambda _d: False)
    monkeypatch.setattr(c, "step_ai", lambda _ready: False)
    run(app, 3)
    assert app.rest_for() == 0.0  # an AI of this window: its turn is paced by frames
    monkeypatch.setattr(c, "poll", lambda: False, raising=False)
    monkeypatch.setattr(c, "waiting_text", lambda _d: "Waiting for Jo (Red, online)…",
                        raising=False)
    run(app, 3)
    assert app.rest_for() == pytest.approx(NET_POLL)
    drawn = app.frames_drawn
    app.step(NET_POLL, events=False)
    assert app.frames_drawn == drawn

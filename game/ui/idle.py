"""An idle window sleeps (issue 34: about 0% of a core at rest with Reduce motion).

The main loop (game.ui.app) ticks at 60 Hz only while something moves. Otherwise it asks
`rest_for` how long nothing needs it - until the soonest timed thing: the next ambient
frame, a network poll, a message's end, a blinking text cursor - and `wait` sleeps that
long or until an event arrives (input, or `wake()` from another thread).

Why not `pygame.event.wait(timeout)`: pygame-ce waits by pumping SDL's queue every
millisecond (SDL_Delay(1)), which costs 1.7% of a core here under the dummy driver with
nothing happening; peeking once a frame (1/60 s) and sleeping in between costs about a
tenth of that and answers input as soon as the 60 Hz loop did.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

import pygame

FRAME = 1 / 60      # the loop's frame while anything moves; also how often a sleep peeks
MAX_REST = 1.0      # the longest sleep: whatever polls without saying so still runs
WAKE = pygame.event.custom_type()  # posted by wake(): "look again", no other meaning


def rest_for(busy: bool, dues: Iterable[float | None]) -> float:
    """Seconds the loop may sleep before its next frame. `busy`: something moved this
    frame (an animation, an AI's turn, a redraw still owed) - no sleep. `dues`: seconds
    until each timed thing wants a frame; None for "only when input comes"."""
    if busy:
        return 0.0
    soonest = MAX_REST
    for due in dues:
        if due is not None:
            soonest = min(soonest, max(0.0, due))
    return soonest


def wait(seconds: float, *, peek: Callable[[], bool] = pygame.event.peek,
         sleep: Callable[[float], None] = time.sleep,
         clock: Callable[[], float] = time.monotonic) -> float:
    """Sleep up to `seconds`, ending early when an event waits in pygame's queue (it
    stays there for the next frame). Returns the seconds slept."""
    start = clock()
    end = start + seconds
    while True:
        if peek():
            break
        left = end - clock()
        if left <= 0:
            break
        sleep(min(left, FRAME))
    return clock() - start


_posted = False  # a WAKE waits in the queue: another would say nothing more


def wake() -> None:
    """End a `wait` from any thread (a worker with a result, a network thread): call it
    after the result is where the window's next update looks. One WAKE at a time waits
    in pygame's queue (a flood of messages must not fill it: SDL drops events when it
    is full); a window already closed is not woken."""
    global _posted
    if _posted:
        return
    _posted = True
    try:
        pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:  # no window (closed, or never opened): nobody to wake
        _posted = False


def woken() -> None:
    """The window has taken the events queued so far (WAKE among them) and looks at its
    news next: the next result wakes it again."""
    global _posted
    _posted = False

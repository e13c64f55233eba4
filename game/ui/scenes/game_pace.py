"""The board screen's pace at rest: when the window may sleep (game.ui.idle) and when it
must wake — the targets' pulse while a person aims, the end of a banner message, the
next look at the network in an online game, the end of the pause between an AI's
answers. An answer awaited from elsewhere (another machine, the AI worker) wakes the
window itself when it comes (game.ui.idle.wake).

`GamePace` reads the board screen it serves (`scene.picker`, `scene.time`,
`scene.error_time`, `scene.c`); the pulse frame last asked for stays on the scene.
"""

from __future__ import annotations

NET_POLL = 0.1  # seconds between looks at the network of a controller that cannot say
PULSE_FPS = 15  # frames a second of the targets' pulse while a person aims (a slow sine)


class GamePace:
    def __init__(self, scene):
        self.scene = scene

    def pulsing(self) -> bool:
        s = self.scene
        return s.picker is not None and not s.app.settings.reduce_motion

    def pulse_due(self) -> bool:
        s = self.scene
        frame = int(s.time * PULSE_FPS)
        due = self.pulsing() and frame != s._pulse_frame
        s._pulse_frame = frame
        return due

    def played_elsewhere(self, dragon: str) -> bool:
        """An online seat whose answer comes over the network (the top bar waits for
        it: game.ui.net_window's waiting_text), the board having shown all it has."""
        s = self.scene
        waiting = getattr(s.c, "waiting_text", None)
        return (waiting is not None and s.animation.idle and not s.effects.active
                and waiting(dragon) is not None)

    def awaiting(self, dragon: str) -> bool:
        """An AI's or a remote seat's turn with nothing here moving until its answer
        comes (which wakes the window) or the pause between an AI's answers ends (a
        timed wake: wake_in): every event shown, no animation, no effect."""
        s = self.scene
        if self.played_elsewhere(dragon):
            return True
        if s.c.queue or not s.animation.idle or s.effects.active \
                or s.synced != len(s.c.match.events):
            return False  # an answer's events still to show: the next frame shows them
        awaited = getattr(s.c, "ai_awaited", None)
        return s.ai_wait > 0 or (awaited is not None and awaited())

    def wake_in(self) -> float | None:
        """At rest (game.ui.idle): the next ambient frame, the end of a message, the
        next look at the network in an online game; else nothing until input."""
        s = self.scene
        dues = [s.view.ambient_wake_in(s.time)]
        if self.pulsing():
            dues.append((int(s.time * PULSE_FPS) + 1) / PULSE_FPS - s.time)
        if s.error_time > 0:
            dues.append(s.error_time)
        p = s.c.pending
        if s.ai_wait > 0 and p is not None and not s.c.is_human(p.dragon):
            dues.append(s.ai_wait)  # the AI's next answer is shown then
        if hasattr(s.c, "poll"):  # online: news wakes the window; a timed look if asked
            poll_in = getattr(s.c, "poll_in", None)
            dues.append(poll_in() if poll_in is not None else NET_POLL)
        return min((d for d in dues if d is not None), default=None)

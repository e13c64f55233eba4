"""The board screen's pace at rest: when the window may sleep (game.ui.idle) and when it
must wake — the targets' pulse while a person aims, the end of a banner message, the
next look at the network in an online game.

`GamePace` reads the board screen it serves (`scene.picker`, `scene.time`,
`scene.error_time`, `scene.c`); the pulse frame last asked for stays on the scene.
"""

from __future__ import annotations

NET_POLL = 0.1  # seconds between looks at the network while an online board is at rest
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

    def wake_in(self) -> float | None:
        """At rest (game.ui.idle): the next ambient frame, the end of a message, the
        next look at the network in an online game; else nothing until input."""
        s = self.scene
        dues = [s.view.ambient_wake_in(s.time)]
        if self.pulsing():
            dues.append((int(s.time * PULSE_FPS) + 1) / PULSE_FPS - s.time)
        if s.error_time > 0:
            dues.append(s.error_time)
        if hasattr(s.c, "poll"):
            dues.append(NET_POLL)
        return min((d for d in dues if d is not None), default=None)

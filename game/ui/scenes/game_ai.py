"""The board screen's AI driving: while an AI seat is to answer, the action bar says who
plays and the AI's answers are paced so a person can follow its turn (one batch per frame
at the instant pace).

`AiDriver` reads and changes the board screen it serves (`scene.c`, `scene.prepared`,
`scene.ai_wait`); its state stays on the scene, where the rest of the screen resets it.
"""

from __future__ import annotations

from game.decisions import title
from game.i18n import _
from game.ui.action_bar import idle_slots

AI_PAUSE = 0.35        # seconds (normal pace) between an AI's answers, to follow its turn
INSTANT_BATCH = 40     # AI answers per frame at the instant pace


class AiDriver:
    def __init__(self, scene):
        self.scene = scene

    def drive(self, dt: float) -> bool:
        s = self.scene
        if s.prepared is not None or s.slot_key:
            s._idle_controls()
        if s.prepared != "ai":
            s.prepared = "ai"
            dragon = s.c.pending.dragon
            online = getattr(s.c, "waiting_text", None)  # remote seats say so
            s.bar.set_slots(idle_slots((online and online(dragon))
                                          or _("{dragon} (AI) is playing").format(
                                              dragon=title(dragon))))
        ready = s.animation.idle
        if s.factor() == 0:
            done = 0
            while ready and done < INSTANT_BATCH and s.c.step_ai(True):
                done += 1
                p = s.c.pending
                if p is None or s.c.is_human(p.dragon):
                    break
            return True
        if ready and s.ai_wait > 0:
            s.ai_wait -= dt
            s.c.step_ai(False)  # keep the worker thinking
            return True
        if s.c.step_ai(ready):
            s.ai_wait = AI_PAUSE * s.factor()
        return True

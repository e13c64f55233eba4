"""The board screen's undo and hot-seat hand-over: the Undo button's state, taking an
answer back and showing the position again, and whose eyes the board is shown to
between human turns.

`UndoHandover` reads and changes the board screen it serves (`scene.c`, `scene.shown`,
`scene.handed`, `scene.undo_btn`); the screen's state stays on the scene.
"""

from __future__ import annotations

from game.i18n import _, language
from game.seat_view import HIDDEN as HIDDEN_CARD
from game.session import UndoError, answer_words
from game.ui.event_animation import EventAnimation
from game.ui.scenes.handover import HandoverScene
from game.ui.sound.cues import HANDOVER
from game.words import shown as in_language


def seed_note(controller) -> str:
    """The log's seed line: the seed once the game has ended, hidden before (it would
    foretell every roll and deal: docs/ENGINE.md)."""
    seed = controller.shown_seed
    if seed is None:
        return _("Seed: hidden until the game ends (it would foretell the dice)")
    return _("Seed {seed}: the same seed, seats and choices replay this game").format(seed=seed)


class UndoHandover:
    def __init__(self, scene):
        self.scene = scene

    def refresh(self) -> None:
        """Enable the Undo button, or disable it with the reason as its tip."""
        s = self.scene
        key = (s.c.n_answers, s.c.pending.dragon if s.c.pending else None,
               s.c.finished, language())  # a change of language words the tip again
        if s.undo_state is not None and s.undo_state[0] == key:
            return
        ok, reason = s.c.can_undo()
        s.undo_state = (key, ok, reason)
        if ok:
            s.undo_btn.enable()
            s.undo_btn.set_tooltip(f"{in_language(reason)} (Ctrl+Z)")
        else:
            s.undo_btn.disable()
            s.undo_btn.set_tooltip(in_language(reason))

    def undo(self) -> bool:
        """Ctrl+Z / the Undo button: take back the last answer (P35), or say why not.
        The board, panel and log are rebuilt from the session at once, not animated."""
        s = self.scene
        ok, reason = s.c.can_undo()
        if not ok:
            s.show_error(reason)
            return False

        try:
            answer = s.c.undo()
        except (UndoError, ValueError) as exc:
            s.show_error(in_language(exc))
            return False
        self.reset_view()

        s.show_error(_("Undone: {answer}").format(answer=in_language(answer_words(answer))),
                     "green")
        return True

    def reset_view(self) -> None:
        """Show the session's position as it is, with no animation: the display copy,
        the log and the controls all come from it again."""
        s = self.scene
        s.animation = EventAnimation()
        s.animation.in_setup = s.c.match.round == 0
        s._setup_animation(s.c.session.events)
        s.c.queue.clear()
        s.log.reset(s.c.session.events, (seed_note(s.c),))
        s._idle_controls()
        s.ai_wait = 0.0
        s.ended = False
        s._sync()
        s.undo_state = None
        self.refresh()

    def hide_cards_between_turns(self) -> None:
        """Hot seat: once the player whose eyes the board shows is no longer the one to
        decide, their card goes face down at once (not after tribute, draw and
        populate have played out), until the next hand-over is dismissed."""
        s = self.scene
        if s.shown_for is None or not s.c.hotseat() or self.viewer() is not None:
            return
        for d in s.shown["dragons"].values():
            if d.get("card") not in (None, HIDDEN_CARD):
                d["card"] = HIDDEN_CARD
        s.shown_for = None

    def viewer(self) -> str | None:
        s = self.scene
        if s.c.hotseat():
            # between human turns nobody's card shows; after the hand-over, the player's
            return s.handed if s.handed == s.c.human_to_play() else None
        return s.c.viewer()

    def handover(self, dragon: str) -> None:
        s = self.scene
        s.waiting_handover = True
        s._idle_controls()
        s.app.sound.cue(HANDOVER)

        def done():
            s.waiting_handover = False
            s.handed = dragon
            s._sync()
        s.app.push(HandoverScene(s.app, dragon, done, pause=s.open_pause))

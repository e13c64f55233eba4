"""The board screen's messages: the banner's line (a refusal in red, a word in gold),
the hint's line that goes with its decision, and the lines that join the log as they
come (the AI's notes, an online game's chat).

`GameMessages` reads and changes the board screen it serves (`scene.banner_error`,
`scene.error_time`, `scene.hinted`, `scene.tip`, `scene.log`); the state stays on the
scene.
"""

from __future__ import annotations

from game.i18n import language
from game.ui import hints
from game.ui.chat_view import has_chat
from game.ui.sound.cues import REFUSE
from game.words import shown as in_language


class GameMessages:
    def __init__(self, scene):
        self.scene = scene

    def show_error(self, text: str, colour: str = "red") -> None:
        s = self.scene
        if colour == "red":
            s.app.sound.cue(REFUSE)
        text = in_language(text)  # the engine's Words (refusals, undo) in the player's language
        s.banner_error = text[:1].upper() + text[1:]
        s.banner_language = language()
        s.banner_colour = colour
        s.error_time = 4.0

    def end_stale_hint(self) -> None:
        """A hint is for one decision: once any answer is given (the next dragon's turn
        too) its line, its tip and its mark on the board go."""
        s = self.scene
        if s.hinted is None or s.hinted[0] == s.c.n_answers:
            return
        s.hinted = None
        if hints.is_hint(s.banner_error):  # "Hint: ..." in the language in use
            s.error_time = 0
            s.banner_error = ""
        if s.tip is not None and s.tip[0] and hints.is_hint(str(s.tip[0][0])):
            s.tip = None

    def take_ai_notes(self) -> bool:
        """The controller's notes (AI trouble, a player who joined or left) into the
        log; True when there were any (the log is drawn again)."""
        s = self.scene
        notes = list(s.c.ai_notes)
        for note in notes:
            s.log.note(note)
        s.c.ai_notes.clear()
        return bool(notes)

    def take_chat(self) -> bool:
        """Chat lines join the log as they come (game.net.chat); True when any came."""
        s = self.scene
        came = False
        if has_chat(s.c):
            for line in s.c.take_chat():
                s.log.add(line)
                came = True
        return came

"""The host's F6/F7/F8 as buttons in the board's top bar while a remote player is away
(issue 30.6): "F6 AI now", "F7 wait", "F8 end", left of the Hint button. A click does
what the key does (game.ui.net_window.NetHostController.host_key)."""

from __future__ import annotations

import pygame_gui

from game.i18n import _, p_
from game.ui import bindings
from game.ui.scenes.widgets import button


def words(command: str) -> str:
    """A host key's button words after its key ("F6 AI now"), short: the button is
    narrow (a context of their own: the game's "AI now" may be longer)."""
    if command == "host_ai_now":
        return p_("host key", "AI now")
    if command == "host_wait":
        return p_("host key", "wait")
    return p_("host key", "end")
WIDTH = 82  # each button, before the UI scale


class HostKeyButtons:
    def __init__(self, scene):
        self.scene = scene
        self.buttons: dict = {}   # button -> key code

    @property
    def shown(self) -> bool:
        return bool(self.buttons)

    def room(self) -> int:
        """Banner width the buttons take (0 when hidden)."""
        look = self.scene.look
        return len(self.buttons) * (look.px(WIDTH) + look.px(4))

    def sync(self) -> None:
        """Shown exactly while the host's window waits for an away player."""
        away = getattr(self.scene.c, "away_seat", None)
        wanted = away is not None and away() is not None and self.scene.widgets != []
        if wanted and not self.buttons:
            self._build()
        elif not wanted and self.buttons:
            self.hide()

    def _build(self) -> None:
        s, look = self.scene, self.scene.look
        w, h = look.px(WIDTH), max(look.px(24), s.banner_h - look.px(10))
        hint = getattr(s, "hint_btn", None)  # hints.button: as wide as its words
        right = (hint.rect.x if hint is not None else
                 s.board_area.w - look.px(170) - look.px(78)) - look.px(4)
        x = right - len(bindings.HOST) * (w + look.px(4))
        y = (s.banner_h - h) // 2
        for b in bindings.HOST:
            does = _(b.does)
            btn = button(s.ui, (x, y, w, h), f"{b.shown} {words(b.command)}",
                         tip=f"{does[:1].upper()}{does[1:]} ({b.shown})")
            self.buttons[btn] = b.keys[0]
            x += w + look.px(4)

    def hide(self) -> None:
        for b in self.buttons:
            b.kill()
        self.buttons = {}

    def handle(self, event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return False
        if self.scene.c.host_key(self.buttons[event.ui_element]):
            self.scene.prepared = None
        self.sync()
        return True


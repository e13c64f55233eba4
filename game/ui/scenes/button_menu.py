"""The small base of the menu-like screens (main menu, pause, end, crash): a few named
buttons, keyboard focus over them (KeyNav) and letter keys for some. A press, Enter on
the focused button or a letter key all come to `choose(key)`, which each screen defines.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui.scene import Scene
from game.ui.scenes.widgets import KeyNav


class ButtonMenu(Scene):
    # pygame key -> the button key it chooses (Esc, the first letters)
    shortcuts: dict[int, str] = {}

    def __init__(self, app):
        super().__init__(app)
        self.buttons: dict = {}
        self.nav = KeyNav()

    def set_buttons(self, buttons: dict) -> None:
        """The screen's buttons, in keyboard order (a new KeyNav over them)."""
        self.buttons = buttons
        self.nav = KeyNav()
        self.nav.set_items(list(buttons.values()))

    def choose(self, key: str) -> None:
        raise NotImplementedError

    def leave(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}

    def menu_event(self, event) -> bool:
        """A press of one of the buttons, or a key the focus uses: True when used."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if event.ui_element is b:
                    self.choose(key)
                    return True
            return False
        return self.nav.handle(event)

    def handle(self, event) -> bool:
        if self.menu_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in self.shortcuts:
            self.choose(self.shortcuts[event.key])
            return True
        return False

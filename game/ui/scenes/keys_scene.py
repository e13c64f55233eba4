"""Settings, Keys: the board's commands from game.ui.bindings, each with its key. Click
one (or Enter on it) and press a key to rebind it; a key another command or the action
bar holds is refused in words; Reset gives back the table's keys. Saved at once in
settings.json (`keys`)."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.i18n import N_, _
from game.ui import bindings
from game.ui.scene import Scene
from game.ui.scenes.backdrop import backdrop, panel_rect
from game.ui.scenes.widgets import KeyNav, button, label
from game.ui.settings import Settings

# the longer commands in fewer words (the button's tooltip has the whole sentence)
SHORT = {"next_target": N_("next / previous target"), "confirm": N_("do it on the target"),
         "skip": N_("skip the animations"), "log_down": N_("scroll the log on"),
         "log_end": N_("the log's newest lines")}


def _words(b: bindings.Binding) -> str:
    """What a command does, short enough for its button."""
    return _(SHORT[b.command]) if b.command in SHORT else _(b.does).split(":")[0]


class KeysScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.waiting: str | None = None  # the command whose new key is awaited
        self.status = N_("Click a command, then press its new key")  # shown with _()

    def enter(self) -> None:
        look = self.look
        w, h = self.app.screen.get_size()
        items = bindings.REBINDABLE
        rows = -(-len(items) // 2)
        gap = look.px(6)
        top_h, foot_h = look.px(110), look.px(70)
        bh = max(look.px(24), min(look.px(36), (h - look.px(40) - top_h - foot_h) // rows - gap))
        cw = min(look.px(460), (w - look.px(100)) // 2)
        self.frame = pygame.Rect(0, 0, 2 * cw + look.px(70),
                                 top_h + rows * (bh + gap) + foot_h)
        self.frame.center = (w // 2, h // 2)
        x0, y0 = self.frame.x + look.px(30), self.frame.y + top_h
        self.title = label(self.ui, (x0, self.frame.y + look.px(8), look.px(400), look.px(60)),
                           _("Keys"), cls="@title")
        self.status_label = label(self.ui, (x0, self.frame.y + look.px(66), 2 * cw,
                                            look.px(34)), _(self.status), cls="@note")
        self.keys: dict[str, UIButton] = {}
        for i, b in enumerate(items):
            col, row = i // rows, i % rows
            self.keys[b.command] = button(
                self.ui, (x0 + col * (cw + look.px(10)), y0 + row * (bh + gap), cw, bh),
                self._text(b), tip=_(b.does))
        fy = y0 + rows * (bh + gap) + look.px(10)
        half = (2 * cw + look.px(10) - gap) // 2
        self.reset = button(self.ui, (x0, fy, half, look.px(40)), _("Reset to defaults"),
                            tip=_("Every key as the game ships it"))
        self.back = button(self.ui, (x0 + half + gap, fy, half, look.px(40)), _("Back"),
                           tip="Esc")
        self.nav = KeyNav()
        self.nav.set_items([*self.keys.values(), self.reset, self.back])
        self.nav.focus(0)

    def _text(self, b: bindings.Binding) -> str:
        if self.waiting == b.command:
            return _("{command}:  press a key…").format(command=_words(b))
        return f"{bindings.key_label(b)}  ·  {_words(b)}"

    def leave(self) -> None:
        for el in (self.title, self.status_label, self.reset, self.back, *self.keys.values()):
            el.kill()

    def _refresh(self, status: str) -> None:
        self.status = status
        self.status_label.set_text(_(status))
        for b in bindings.REBINDABLE:
            self.keys[b.command].set_text(self._text(b))

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN and self.waiting is not None:
            self._press(event.key)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for command, el in self.keys.items():
                if event.ui_element is el:
                    self.waiting = command
                    self._refresh(_("Press the new key (Esc keeps the old one)"))
                    return True
            if event.ui_element is self.reset:
                self._save({})
                self._refresh(_("Every key is back to the game's own"))
                return True
            if event.ui_element is self.back:
                self.app.pop()
                return True
        if self.nav.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def _press(self, key: int) -> None:
        command, self.waiting = self.waiting, None
        assert command is not None
        if key == pygame.K_ESCAPE:
            self._refresh(_("Nothing changed"))
            return
        why = bindings.refusal(command, key)
        if why is not None:
            self._refresh(_("Not changed: {reason}").format(reason=why))
            return
        names = bindings.chosen_names()
        names[command] = pygame.key.name(key)
        self._save(names)
        does = next(b.does for b in bindings.REBINDABLE if b.command == command)
        self._refresh(_("{key} now does '{command}'").format(key=bindings.key_name(key),
                                                            command=_(does)))

    def _save(self, names: dict[str, str]) -> None:
        s = Settings(**vars(self.app.settings))
        s.keys = dict(names)
        self.app.apply_settings(s)

    def draw(self, surface) -> None:
        surface.blit(backdrop(self.look, surface.get_size()), (0, 0))
        panel_rect(surface, self.frame, self.look)

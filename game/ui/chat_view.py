"""The chat line of an online game's board screen (issue 30): T or Enter opens it (when
neither picks a target), Enter sends, Esc closes; six emote buttons above it, and on an
empty line the keys 1-6 send them. Lines arrive in the game log, the sender's name in
their dragon's colour (game.ui.log_view). Only a controller with `say` has a chat."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game.i18n import _
from game.net.chat import EMOTES, MAX_CHAT
from game.ui.scenes.widgets import button

EMOTE_KEYS = list(EMOTES)  # key 1 is the first


def has_chat(controller) -> bool:
    return callable(getattr(controller, "say", None))


class ChatBox:
    """Widgets over the bottom of the board while open; the scene asks `wants(event)`
    before its own keys and hands it every event while open."""

    def __init__(self, scene):
        self.scene = scene
        self.entry: UITextEntryLine | None = None
        self.buttons: list = []
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def is_open(self) -> bool:
        return self.entry is not None

    def wants(self, event) -> bool:
        """True when this key opens the chat: T (unless an action's slot holds T this
        turn), or Enter while no target is being picked."""
        s = self.scene
        if self.is_open or event.type != pygame.KEYDOWN or not has_chat(s.c):
            return False
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        if event.key == pygame.K_t:
            return not any(slot.hotkey == "T" for slot in s.slots)
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return s.choice is None and not (s.picker is not None and s.slot_key)
        return False

    def show(self, by_key: bool = True) -> None:
        s, look = self.scene, self.scene.look
        area = s.board_area
        pad, row = look.px(10), look.px(36)
        w = min(area.w - 2 * pad, look.px(720))
        gap = look.px(6)
        # six emotes in a row when they fit ("1 Good move!" needs ~118 px), else 3 + 3
        per_row = 6 if (w - 2 * pad - 5 * gap) // 6 >= look.px(118) else 3
        rows = len(EMOTE_KEYS) // per_row
        h = (rows + 1) * row + (rows - 1) * gap + look.px(34) + 2 * pad
        self.rect = pygame.Rect(area.x + pad, area.bottom - h - pad, w, h)
        x, y = self.rect.x + pad, self.rect.y + pad
        bw = (w - 2 * pad - (per_row - 1) * gap) // per_row
        self.buttons = []
        for i, k in enumerate(EMOTE_KEYS):
            r, col = divmod(i, per_row)
            self.buttons.append(button(s.ui, (x + col * (bw + gap), y + r * (row + gap), bw,
                                              row), f"{i + 1} {_(EMOTES[k])}",
                                       # TRANSLATORS: {emote} such as "Good move!"; {key} 1-6
                                       tip=_("Send “{emote}” (key {key} on an empty line)")
                                       .format(emote=_(EMOTES[k]), key=i + 1)))
        y += rows * (row + gap)
        self.entry = UITextEntryLine(pygame.Rect(x, y, w - 2 * pad, row), s.ui,
                                     placeholder_text=_("Say something…"))
        self.entry.set_text_length_limit(MAX_CHAT)
        self.entry.focus()
        if by_key:  # the T that opened it must not type itself into the line
            s.app.key_opened()

    def hide(self) -> None:
        for b in self.buttons:
            b.kill()
        if self.entry is not None:
            self.entry.kill()
        self.entry, self.buttons = None, []

    def send(self, text: str | None = None, emote: str | None = None) -> None:
        why = self.scene.c.say(text=text, emote=emote)
        if why:
            self.scene.show_error(why)

    def handle(self, event) -> bool:
        """An event while open: True when the chat used it."""
        if not self.is_open:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.send(emote=EMOTE_KEYS[self.buttons.index(event.ui_element)])
            self.hide()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            text = event.text
            if len(text) == 1 and text in "123456":  # an emote on an empty line
                self.send(emote=EMOTE_KEYS[int(text) - 1])
                self.hide()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            text = self.entry.get_text()
            if text.strip():
                self.send(text=text)
            self.hide()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.hide()
            return True
        # every other key is the line's (its entry reads them): never the board's, so
        # Enter sends the line and does not also confirm a target
        return event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT)

    def draw(self, surface) -> None:
        if not self.is_open:
            return
        look = self.scene.look
        pygame.draw.rect(surface, look.colour("bg2"), self.rect, border_radius=look.px(8))
        pygame.draw.rect(surface, look.colour("edge"), self.rect, 1, border_radius=look.px(8))
        hint = look.text(_("Enter sends  ·  Esc closes  ·  1-6 on an empty line: the emotes"),
                         look.fs(14), look.colour("text_dim"))
        surface.blit(hint, (self.rect.x + look.px(10), self.rect.bottom - look.px(10)
                            - hint.get_height()))

"""A question for a person at the screen: the situation in words and one button per
answer. Serves every decision that is not an action (reactions, modifiers, which place
to choose, which claim to lose, and whatever the cards branch adds), and lists for
action fields that are not on the board. Keys 1-9 pick, Up/Down + Enter too."""

from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIPanel, UITextBox


class ChoiceDialog:
    CANCEL = "__cancel__"

    def __init__(self, look, prompt: str, values: list, labels: list[str], *,
                 cancel: bool = False, details: list[str] | None = None):
        self.look = look
        self.prompt = prompt
        self.values = list(values)
        self.labels = list(labels)
        self.cancel = cancel
        # What each option does (game.ui.explain): a tooltip on hover, and the line under
        # the buttons for the option with keyboard focus.
        self.details = list(details or [])
        self.detail_box = None
        self.panel = None
        self.buttons: list[UIButton] = []
        self.focus = 0
        self._taken = None

    def build(self, ui, area: pygame.Rect) -> None:
        self.kill()
        look = self.look
        n = len(self.values) + (1 if self.cancel else 0)
        bh = look.px(36)
        gap = look.px(6)
        w = min(area.w - look.px(40), look.px(560))
        text_h = look.px(64)
        max_rows = max(3, (area.h - text_h - look.px(60)) // (bh + gap))
        rows = min(n, max_rows)
        cols = 1 if n <= max_rows else 2
        rows = -(-n // cols)
        detail_h = look.px(58) if any(self.details) else 0
        h = text_h + rows * (bh + gap) + look.px(28) + detail_h
        rect = pygame.Rect(0, 0, w, h)
        rect.midtop = (area.centerx, area.y + look.px(20))
        self.panel = UIPanel(rect, starting_height=3, manager=ui)
        UITextBox(f"<b>{_esc(self.prompt)}</b>", pygame.Rect(look.px(10), look.px(8),
                                                              w - look.px(24), text_h - 8),
                  ui, container=self.panel)
        bw = (w - look.px(24) - (cols - 1) * gap) // cols
        self.buttons = []
        items = list(zip(self.values, self.labels, strict=True))
        if self.cancel:
            items.append((self.CANCEL, "Cancel"))
        for i, (_value, text) in enumerate(items):
            c, r = i // rows, i % rows
            key = f"{i + 1}  " if i < 9 and _value != self.CANCEL else (
                "Esc  " if _value == self.CANCEL else "")
            tip = self.details[i] if i < len(self.details) and self.details[i] else None
            b = UIButton(pygame.Rect(look.px(10) + c * (bw + gap), text_h + r * (bh + gap),
                                     bw, bh), key + text, ui, container=self.panel,
                         tool_tip_text=_esc(tip) if tip else None,
                         object_id=ObjectID(class_id="@choice"))
            self.buttons.append(b)
        self.detail_box = None
        if detail_h:
            self.detail_box = UITextBox(
                "", pygame.Rect(look.px(10), h - detail_h - look.px(14), w - look.px(24),
                                detail_h), ui, container=self.panel)
        self.focus = 0
        if self.buttons:
            self.buttons[0].select()
        self._show_detail()

    def clicked(self, element):
        for i, b in enumerate(self.buttons):
            if element is b:
                return self._value(i)
        return None

    def _value(self, i: int):
        return self.values[i] if i < len(self.values) else self.CANCEL

    def handle_key(self, event) -> bool:
        if event.type != pygame.KEYDOWN or not self.buttons:
            return False
        k = event.key
        if pygame.K_1 <= k <= pygame.K_9 and k - pygame.K_1 < len(self.values):
            self._taken = self._value(k - pygame.K_1)
            return True
        if k in (pygame.K_DOWN, pygame.K_UP):
            self.buttons[self.focus].unselect()
            self.focus = (self.focus + (1 if k == pygame.K_DOWN else -1)) % len(self.buttons)
            self.buttons[self.focus].select()
            self._show_detail()
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._taken = self._value(self.focus)
            return True
        return False

    def focused_detail(self) -> str:
        return self.details[self.focus] if self.focus < len(self.details) else ""

    def _show_detail(self) -> None:
        if self.detail_box is not None:
            text = self.focused_detail()
            self.detail_box.set_text(f"<font color='#e2b048'>{_esc(text)}</font>"
                                     if text else "")

    def take(self):
        v, self._taken = self._taken, None
        return v

    def kill(self) -> None:
        if self.panel is not None:
            self.panel.kill()
            self.panel = None
        self.buttons = []


def _esc(text: str) -> str:
    import html

    return html.escape(text)

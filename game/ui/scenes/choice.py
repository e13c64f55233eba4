"""A question for a person at the screen: the situation in words and one button per
answer. Serves every decision that is not an action (reactions, modifiers, which place
to choose, which claim to lose, and whatever the cards branch adds), and lists for
action fields that are not on the board. Keys 1-9 pick, Up/Down + Enter too."""

from __future__ import annotations

import html

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
        self.detail_box: UITextBox | None = None
        self.panel: UIPanel | None = None
        self.buttons: list[UIButton] = []
        self.focus = 0
        self._taken = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []

    def build(self, ui, area: pygame.Rect, avoid=()) -> None:
        """Lay the dialog out in `area`: the whole question in words (measured, never a
        scroll box), one button per answer, placed where it covers none of the `avoid`
        rects (the pieces the question is about) if any place can."""
        self.kill()
        look = self.look
        n = len(self.values) + (1 if self.cancel else 0)
        bh = look.px(36)
        gap = look.px(6)
        pad = look.px(14)
        # the widest answer, measured in the buttons' own font (@choice, 17 pt)
        bfont = look.font(look.fs(17))
        texts = [f"{i + 1}  {t}" for i, t in enumerate(self.labels)] + ["Esc  Cancel"]
        need = max(bfont.size(t)[0] for t in texts) + look.px(34)
        w = min(area.w - look.px(24), max(look.px(600), need + 2 * pad))
        font = self.prompt_font()
        self.lines = look.wrap(self.prompt, font, w - 2 * pad)
        text_h = len(self.lines) * font.get_linesize() + look.px(14)
        max_rows = max(3, (area.h - text_h - look.px(40)) // (bh + gap))
        cols = 1 if n <= max_rows else 2
        if cols == 2:
            w = min(area.w - look.px(24), max(w, 2 * need + gap + 2 * pad))
            if (w - 2 * pad - gap) // 2 < need:
                cols = 1  # two columns would cut the answers: one taller column
        rows = -(-n // cols)
        detail_h = look.px(58) if any(self.details) else 0
        h = text_h + rows * (bh + gap) + look.px(12) + detail_h
        self.rect = place(pygame.Rect(0, 0, w, min(h, area.h - look.px(8))), area, avoid,
                          look.px(12))
        h = self.rect.h
        self.panel = UIPanel(self.rect, starting_height=3, manager=ui)
        bw = (w - 2 * pad + look.px(4) - (cols - 1) * gap) // cols
        self.buttons = []
        items = list(zip(self.values, self.labels, strict=True))
        if self.cancel:
            items.append((self.CANCEL, "Cancel"))
        for i, (_value, text) in enumerate(items):
            c, r = i // rows, i % rows
            key = f"{i + 1}  " if i < 9 and _value != self.CANCEL else (
                "Esc  " if _value == self.CANCEL else "")
            tip = self.details[i] if i < len(self.details) and self.details[i] else None
            b = UIButton(pygame.Rect(pad - look.px(5) + c * (bw + gap), text_h + r * (bh + gap),
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

    def prompt_font(self):
        return self.look.font(self.look.fs(16), bold=True)

    def draw(self, surface) -> None:
        """The question's words, over the dialog's panel (after the UI is drawn)."""
        if self.panel is None:
            return
        look = self.look
        font = self.prompt_font()
        x, y = self.rect.x + look.px(14), self.rect.y + look.px(8)
        for line in self.lines:
            surface.blit(look.text(line, font_size(look), look.colour("gold"), bold=True),
                         (x, y))
            y += font.get_linesize()

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


def font_size(look) -> int:
    return look.fs(16)


def place(rect: pygame.Rect, area: pygame.Rect, avoid, margin: int) -> pygame.Rect:
    """`rect` moved inside `area` to the first of the top, bottom, corners and sides
    that covers none of the `avoid` rects; else where it covers the least of them."""
    inner = area.inflate(-2 * margin, -2 * margin)
    spots = ("midtop", "midbottom", "topleft", "topright", "bottomleft", "bottomright",
             "midleft", "midright", "center")
    best, best_cover = None, None
    for spot in spots:
        r = rect.copy()
        setattr(r, spot, getattr(inner, spot))
        r.clamp_ip(area)
        cover = sum(r.clip(a).w * r.clip(a).h for a in avoid)
        if cover == 0:
            return r
        if best_cover is None or cover < best_cover:
            best, best_cover = r, cover
    assert best is not None  # `spots` is not empty
    return best


def _esc(text: str) -> str:
    return html.escape(text)

"""A question for a person at the screen: the situation in words and one button per
answer. Serves every decision that is not an action (reactions, modifiers, which place
to choose, which claim to lose, and whatever the cards branch adds), and lists for
action fields that are not on the board. Keys 1-9 and 0 pick, Up/Down + Enter too."""

from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIPanel

from game.i18n import _


class ChoiceDialog:
    CANCEL = "__cancel__"
    DETAIL_LINES = 5  # the description shows this many lines at most; more scroll

    def __init__(self, look, prompt: str, values: list, labels: list[str], *,
                 cancel: bool = False, details: list[str] | None = None):
        self.look = look
        self.cramped = False  # set by build(): the answers did not fit its area
        self.prompt = prompt
        self.values = list(values)
        self.labels = list(labels)
        self.cancel = cancel
        # What each option does (game.ui.explain): drawn under the buttons for the
        # option with focus (keys) or under the mouse, wrapped whole; it scrolls by
        # PgUp/PgDn (and the wheel) when longer than the box.
        self.details = list(details or [])
        self.detail_rect: pygame.Rect | None = None
        self.detail_top = 0  # the first line shown
        self.panel: UIPanel | None = None
        self.buttons: list[UIButton] = []
        self.focus = 0
        self._taken = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []
        self.keys_line = ""  # how to reach the answers without a digit key

    def build(self, ui, area: pygame.Rect, avoid=()) -> None:
        """Lay the dialog out in `area`: the whole question in words (measured, never a
        scroll box), one button per answer, placed where it covers none of the `avoid`
        rects (the pieces the question is about) if any place can. The buttons never
        run under the description: with many answers they share columns and shrink."""
        self.kill()
        look = self.look
        n = len(self.values) + (1 if self.cancel else 0)
        bh = look.px(36)
        gap = look.px(6)
        pad = look.px(14)
        # the widest answer, measured in the buttons' own font (@choice, 17 pt)
        bfont = look.font(look.fs(17))
        texts = [f"{_key_name(i)}  {t}" for i, t in enumerate(self.labels)] + [
            "Esc  " + _("Cancel")]
        need = max(bfont.size(t)[0] for t in texts) + look.px(34)
        w = min(area.w - look.px(24), max(look.px(600), need + 2 * pad))
        font = self.prompt_font()
        self.lines = look.wrap(self.prompt, font, w - 2 * pad)
        self.keys_line = (_("Keys 1-9 and 0 pick; Up/Down and Enter reach every answer")
                          if len(self.values) > 10 else "")
        text_h = len(self.lines) * font.get_linesize() + look.px(14)
        if self.keys_line:
            text_h += self.detail_font().get_linesize()
        d_lines = max((len(self._wrap_detail(d, w)) for d in self.details if d), default=0)
        line_h = self.detail_font().get_linesize()
        detail_h = (min(d_lines, self.DETAIL_LINES) * line_h + look.px(12)) if d_lines else 0
        room = area.h - look.px(8) - text_h - look.px(12) - detail_h  # for the buttons
        max_rows = max(3, room // (bh + gap))
        cols = 1 if n <= max_rows else 2
        if cols == 2:
            w = min(area.w - look.px(24), max(w, 2 * need + gap + 2 * pad))
            if (w - 2 * pad - gap) // 2 < need:
                cols = 1  # two columns would cut the answers: one taller column
        rows = -(-n // cols)
        if rows * (bh + gap) > room:  # still too tall: smaller buttons, then less detail
            bh = max(look.px(26), room // rows - gap)
            if rows * (bh + gap) > room and detail_h > 2 * line_h + look.px(12):
                room += detail_h - (2 * line_h + look.px(12))
                detail_h = 2 * line_h + look.px(12)
        # the answers still run past the area (a large scale in a small window): the
        # caller may offer a wider area (issue 33)
        self.cramped = rows * (bh + gap) > room
        h = text_h + rows * (bh + gap) + look.px(12) + detail_h
        self.rect = place(pygame.Rect(0, 0, w, min(h, area.h - look.px(8))), area, avoid,
                          look.px(12))
        h = self.rect.h
        self.panel = UIPanel(self.rect, starting_height=3, manager=ui)
        bw = (w - 2 * pad + look.px(4) - (cols - 1) * gap) // cols
        self.buttons = []
        items = list(zip(self.values, self.labels, strict=True))
        if self.cancel:
            items.append((self.CANCEL, _("Cancel")))
        for i, (_value, text) in enumerate(items):
            c, r = i // rows, i % rows
            key = ("Esc  " if _value == self.CANCEL else
                   f"{_key_name(i)}  " if i < 10 else "")
            b = UIButton(pygame.Rect(pad - look.px(5) + c * (bw + gap), text_h + r * (bh + gap),
                                     bw, bh), key + text, ui, container=self.panel,
                         object_id=ObjectID(class_id="@choice"))
            self.buttons.append(b)
        self.detail_rect = None
        if detail_h:
            self.detail_rect = pygame.Rect(self.rect.x + look.px(10),
                                           self.rect.bottom - detail_h - look.px(8),
                                           w - look.px(20), detail_h)
        self.focus = 0
        if self.buttons:
            self.buttons[0].select()
        self.detail_top = 0

    def prompt_font(self):
        return self.look.font(self.look.fs(16), bold=True)

    def detail_font(self):
        return self.look.font(self.look.body(15))

    def _wrap_detail(self, text: str, w: int) -> list[str]:
        return self.look.wrap(text, self.detail_font(), w - self.look.px(20) - self.look.px(34))

    def detail_lines(self) -> list[str]:
        """The focused option's description, wrapped to the box."""
        return self._wrap_detail(self.focused_detail(), self.rect.w)

    def detail_rows(self) -> int:
        """How many description lines the box shows at once."""
        if self.detail_rect is None:
            return 0
        return max(1, (self.detail_rect.h - self.look.px(12))
                   // self.detail_font().get_linesize())

    def draw(self, surface) -> None:
        """The question's words, over the dialog's panel (after the UI is drawn), and
        the focused option's description."""
        if self.panel is None:
            return
        look = self.look
        font = self.prompt_font()
        x, y = self.rect.x + look.px(14), self.rect.y + look.px(8)
        for line in self.lines:
            surface.blit(look.text(line, font_size(look), look.colour("gold"), bold=True),
                         (x, y))
            y += font.get_linesize()
        if self.keys_line:
            surface.blit(look.text(self.keys_line, look.fs(15), look.colour("text_dim")),
                         (x, y))
        self._draw_detail(surface)

    def _draw_detail(self, surface) -> None:
        r = self.detail_rect
        if r is None:
            return
        look = self.look
        pygame.draw.rect(surface, look.colour("tip"), r, border_radius=look.px(6))
        pygame.draw.rect(surface, look.colour("edge"), r, 1, border_radius=look.px(6))
        lines = self.detail_lines()
        rows = self.detail_rows()
        top = self.detail_top = max(0, min(self.detail_top, len(lines) - rows))
        f = self.detail_font()
        y = r.y + look.px(6)
        for line in lines[top:top + rows]:
            surface.blit(look.text(line, look.fs(15), look.colour("gold")),
                         (r.x + look.px(10), y))
            y += f.get_linesize()
        # arrows where more lines wait (PgUp / PgDn, or the wheel, scroll them)
        s = look.px(6)
        ax = r.right - look.px(16)
        if top > 0:
            pygame.draw.polygon(surface, look.colour("gold"),
                                [(ax, r.y + look.px(6) + s), (ax + 2 * s, r.y + look.px(6) + s),
                                 (ax + s, r.y + look.px(6))])
        if top + rows < len(lines):
            by = r.bottom - look.px(6)
            pygame.draw.polygon(surface, look.colour("gold"),
                                [(ax, by - s), (ax + 2 * s, by - s), (ax + s, by)])

    def scroll_detail(self, delta: int) -> None:
        self.detail_top = max(0, min(self.detail_top + delta,
                                     len(self.detail_lines()) - self.detail_rows()))

    def clicked(self, element):
        for i, b in enumerate(self.buttons):
            if element is b:
                return self._value(i)
        return None

    def _value(self, i: int):
        return self.values[i] if i < len(self.values) else self.CANCEL

    def hover(self, pos) -> None:
        """The mouse over an answer focuses it: the description follows the mouse."""
        for i, b in enumerate(self.buttons):
            if b.rect.collidepoint(pos):
                self._focus(i)
                return

    def wheel(self, pos, dy: int) -> bool:
        """The wheel over the description scrolls it."""
        if self.detail_rect is not None and self.detail_rect.collidepoint(pos):
            self.scroll_detail(-dy)
            return True
        return False

    def _focus(self, i: int) -> None:
        if i == self.focus or not self.buttons:
            return
        self.buttons[self.focus].unselect()
        self.focus = i
        self.buttons[i].select()
        self.detail_top = 0

    def handle_key(self, event) -> bool:
        if event.type != pygame.KEYDOWN or not self.buttons:
            return False
        k = event.key
        digit = 9 if k == pygame.K_0 else (k - pygame.K_1 if pygame.K_1 <= k <= pygame.K_9
                                           else None)
        if digit is not None and digit < len(self.values):
            self._taken = self._value(digit)
            return True
        if k in (pygame.K_DOWN, pygame.K_UP):
            self._focus((self.focus + (1 if k == pygame.K_DOWN else -1)) % len(self.buttons))
            return True
        if k in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.scroll_detail(self.detail_rows() * (1 if k == pygame.K_PAGEDOWN else -1))
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._taken = self._value(self.focus)
            return True
        return False

    def focused_detail(self) -> str:
        return self.details[self.focus] if self.focus < len(self.details) else ""

    def take(self):
        v, self._taken = self._taken, None
        return v

    def kill(self) -> None:
        if self.panel is not None:
            self.panel.kill()
            self.panel = None
        self.buttons = []


def _key_name(i: int) -> str:
    """The digit key of answer `i`: 1-9, then 0 for the tenth."""
    return str((i + 1) % 10)


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


"""The game log: every event in plain words (game.log.describe), newest at the bottom.

Lines join the log as their animation plays, so it never runs ahead of the board.
Rounds and phases stand out; dragon names wear their colour.

Drawn here rather than in a pygame-gui UITextBox: UITextBox.append_html_text lays out
the whole text again on every append (measured: 90 ms per line at 500 lines in
pygame-gui 0.6.14), and a game log runs to thousands of lines. Each line is wrapped
and rendered once; a frame blits only the rows in view. Scrolling uses pygame-gui's
own UIVerticalScrollBar, and the mouse wheel.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame
from pygame_gui.elements import UIVerticalScrollBar

from game.i18n import _, language
from game.log import describe
from game.seat_view import visible_events
from game.tables import DRAGONS
from game.ui.words import dragon as dragon_name

_NAMES: dict[str, tuple[re.Pattern, dict[str, str]]] = {}  # language -> (names, keys)


def _names() -> tuple[re.Pattern, dict[str, str]]:
    """The dragons' names in the log's words (English and the language in use), to
    colour them, and the dragon each names."""
    found = _NAMES.get(language())
    if found is None:
        keys = {d.capitalize(): d for d in DRAGONS} | {dragon_name(d): d for d in DRAGONS}
        pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, keys), key=len,
                                                         reverse=True)) + r")\b")
        found = _NAMES[language()] = (pattern, keys)
    return found
GOLD = (226, 176, 72)
DIM = (170, 164, 150)
TEXT = (232, 224, 206)
NOTE = (255, 154, 122)
LOG_BG = (21, 23, 31)


LOG_ROWS = 6  # the fewest lines the log shows on the board and in replays (issue 33)


def segments(event: dict, look) -> list[tuple[str, tuple, bool]]:
    """[(text, colour, bold)] for one event."""
    t = event["type"]
    if t == "note":
        return [(event["text"], NOTE, False)]
    if t == "chat":  # a player's chat line (game.net.chat): the name in their colour
        dragon = event.get("dragon")
        # TRANSLATORS: who writes a chat line when the host has no name
        who = event.get("name") or _("Host")
        if dragon and who.lower() != dragon:
            who = f"{who} ({dragon_name(dragon)})"
        colour = look.readable(look.dragon_colour(dragon), LOG_BG) if dragon else GOLD
        return [(f"{who}: ", colour, True), (event.get("text", ""), TEXT, False)]
    text = describe(event)
    text = text[:1].upper() + text[1:]  # "the bank pays ..." opens a line
    if t in ("round", "game_over"):
        return [(text.strip("= "), GOLD, True)]
    if t == "phase":
        return [(text.strip("- "), (201, 164, 92), True)]
    base = DIM if t == "roll" else TEXT
    out: list[tuple[str, tuple, bool]] = []
    pos = 0
    names, keys = _names()
    for m in names.finditer(text):
        if m.start() > pos:
            out.append((text[pos:m.start()], base, False))
        # the dragon's colour in the chosen palette, lightened until it reads at 4.5:1
        out.append((m.group(1), look.readable(look.dragon_colour(keys[m.group(1)]),
                                              LOG_BG), True))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], base, False))
    return out


class LogView:
    def __init__(self, look):
        self.look = look
        self.lines: list[list[tuple[str, tuple, bool]]] = []
        self.rows: list[pygame.Surface] = []
        self.row_counts: list[int] = []  # rows each line wrapped to (for truncate)
        self.rect = pygame.Rect(0, 0, 0, 0)
        # laid out by build(); a hidden log (L, or a window too short) is never built,
        # yet PgUp/PgDn/End still scroll it
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.bar: UIVerticalScrollBar | None = None
        self.follow = True   # stick to the newest line
        self.top_row = 0
        self.wrapped_for = None
        self.events: list[dict] = []   # what each line says, to colour it again
        self._said_in = language()  # the language the lines were put in words
        self._palette = look.palette
        # words measured and rendered, per font (a log says "Red", "moves" and "the"
        # thousands of times, and a new width or an undo wraps every line again)
        self._sizes: dict = {}
        self._words: dict = {}
        # Whose dealt cards the log may show (a dealt card is private, P28); None: all
        # of them (the replay viewer). The board screen sets it to its controller's.
        self.seen_by: Callable[[], str | None] | None = None

    def _visible(self, event: dict) -> dict:
        if self.seen_by is None:
            return event
        return visible_events([event], self.seen_by())[0]

    # ----- content ------------------------------------------------------------------
    def add(self, event: dict) -> None:
        event = self._visible(event)
        seg = segments(event, self.look)
        self.events.append(event)
        self.lines.append(seg)
        if self.wrapped_for is not None:
            rows = self._wrap(seg)
            self.rows.extend(rows)
            self.row_counts.append(len(rows))
            self._after_change()

    def truncate(self, n: int) -> None:
        """Keep only the first n lines (the replay viewer stepping back)."""
        if n >= len(self.lines):
            return
        del self.lines[n:]
        del self.events[n:]
        if self.wrapped_for is not None:
            del self.rows[sum(self.row_counts[:n]):]
            del self.row_counts[n:]
            self.follow = True
            self._after_change()

    def reset(self, events: list[dict], notes: tuple[str, ...] = ()) -> None:
        """Notes, then these events: the log rebuilt at once (after an undo)."""
        self.events = [{"type": "note", "text": t} for t in notes] + \
            [self._visible(e) for e in events]
        self.lines = [segments(e, self.look) for e in self.events]
        self.follow = True
        if self.wrapped_for is not None:
            self._rewrap()

    def note(self, text: str) -> None:
        """A line that is not an engine event (AI trouble, the seed)."""
        self.add({"type": "note", "text": text})

    def text_lines(self) -> list[str]:
        return ["".join(s for s, _c, _b in seg) for seg in self.lines]

    # ----- layout -------------------------------------------------------------------
    def build(self, ui, rect: pygame.Rect) -> None:
        self.kill()
        self.rect = pygame.Rect(rect)
        look = self.look
        bar_w = max(16, look.px(16))  # its arrows' glyphs need 10px inside at 85%
        self.text_rect = pygame.Rect(rect.x + look.px(6), rect.y + look.px(4),
                                     rect.w - bar_w - look.px(10), rect.h - look.px(8))
        self.bar = UIVerticalScrollBar(pygame.Rect(rect.right - bar_w, rect.y, bar_w, rect.h),
                                       1.0, ui)
        if self._said_in != language():  # a new language: every line said again in it
            self._said_in = language()
            self.lines = [segments(e, self.look) for e in self.events]
        self._rewrap()

    def _fonts(self):
        return self.look.font(self.look.body(14)), self.look.font(self.look.body(14), bold=True)

    def _rewrap(self) -> None:
        if self.events and self._palette != self.look.palette:
            # dragon names follow the palette chosen since (Settings, colour-blind)
            self.lines = [segments(e, self.look) for e in self.events]
        self._palette = self.look.palette
        self.rows, self.row_counts = [], []
        self.wrapped_for = (self.text_rect.w, self.look.scale)
        for seg in self.lines:
            rows = self._wrap(seg)
            self.rows.extend(rows)
            self.row_counts.append(len(rows))
        self._after_change()

    def _wrap(self, seg) -> list[pygame.Surface]:
        regular, bold = self._fonts()
        width = self.text_rect.w
        line_h = regular.get_linesize()
        words: list[tuple[str, tuple, bool]] = []
        for text, colour, is_bold in seg:
            for _i, part in enumerate(re.split(r"(\s+)", text)):
                if part:
                    words.append((part, colour, is_bold))
        rows: list[list] = []
        row: list = []
        x = 0
        indent = self.look.px(12)
        sizes = self._sizes
        if len(sizes) > 5000:
            sizes.clear()
        for word, colour, is_bold in words:
            f = bold if is_bold else regular
            w = sizes.get((word, f))
            if w is None:
                w = sizes[(word, f)] = f.size(word)[0]
            if x + w > width and row and not word.isspace():
                rows.append(row)
                row, x = [], indent
            if not row and word.isspace():
                continue
            row.append((x, word, colour, f))
            x += w
        if row:
            rows.append(row)
        out = []
        rendered = self._words
        if len(rendered) > 5000:
            rendered.clear()
        for r in rows:
            surf = pygame.Surface((width, line_h), pygame.SRCALPHA)
            for x, word, colour, f in r:
                img = rendered.get((word, colour, f))
                if img is None:
                    img = rendered[(word, colour, f)] = f.render(word, True, colour)
                surf.blit(img, (x, 0))
            out.append(surf)
        return out

    def visible_rows(self) -> int:
        return self._visible_rows()

    def _visible_rows(self) -> int:
        regular, _bold = self._fonts()
        return max(1, self.text_rect.h // regular.get_linesize())

    def _after_change(self) -> None:
        n, vis = len(self.rows), self._visible_rows()
        if self.follow:
            self.top_row = max(0, n - vis)
        if self.bar is not None:
            self.bar.set_visible_percentage(min(1.0, vis / max(1, n)))
            if self.follow:
                self.bar.set_scroll_from_start_percentage(1.0)

    # ----- input ----------------------------------------------------------------------
    def scroll(self, rows: int) -> None:
        n, vis = len(self.rows), self._visible_rows()
        self.top_row = max(0, min(max(0, n - vis), self.top_row + rows))
        self.follow = self.top_row >= n - vis
        if self.bar is not None and n > vis:
            self.bar.set_scroll_from_start_percentage(self.top_row / max(1, n))

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll(-3 * event.y)
            return True
        return False

    def update(self) -> bool:
        """Follow the scroll bar when the player drags it (or holds an arrow, which
        scrolls with no event coming); True when the lines shown moved."""
        if self.bar is None or not self.bar.check_has_moved_recently():
            return False
        n, vis = len(self.rows), self._visible_rows()
        top = self.top_row
        self.top_row = max(0, min(n - vis, round(self.bar.start_percentage * n)))
        self.follow = self.top_row >= n - vis
        return self.top_row != top

    def draw(self, surface: pygame.Surface) -> None:
        if self.wrapped_for is None:
            return
        look = self.look
        pygame.draw.rect(surface, LOG_BG, self.rect, border_radius=look.px(6))
        pygame.draw.rect(surface, look.colour("edge"), self.rect, 1, border_radius=look.px(6))
        y = self.text_rect.y
        for surf in self.rows[self.top_row:self.top_row + self._visible_rows()]:
            surface.blit(surf, (self.text_rect.x, y))
            y += surf.get_height()

    def kill(self) -> None:
        if self.bar is not None:
            self.bar.kill()
            self.bar = None
        self.wrapped_for = None

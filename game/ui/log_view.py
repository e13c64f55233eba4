"""The game log: every event in plain words (game.log.describe), in a scrolling
pygame-gui text box. Lines join the box as their animation plays, so the log never
runs ahead of the board. Rounds and phases stand out; dragon names wear their colour.
"""

from __future__ import annotations

import html
import re

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox

from game.log import describe
from game.tables import DRAGONS

KEEP = 500      # lines kept in the box (the full log stays in `lines`)
TRIM_AT = 700   # rebuild the box when it grows past this
_NAMES = re.compile(r"\b(" + "|".join(d.capitalize() for d in DRAGONS) + r")\b")


def line_html(event: dict, look) -> str:
    t = event["type"]
    if t == "note":
        return f"<font color='#ff9a7a'><i>{html.escape(event['text'])}</i></font>"
    text = html.escape(describe(event))
    if t == "round":
        return f"<font color='#e2b048' size=4><b>{text}</b></font>"
    if t == "phase":
        return f"<font color='#c9a45c'><b>{text}</b></font>"
    if t == "game_over":
        return f"<font color='#e2b048' size=4><b>{text}</b></font>"

    def colour(m):
        r, g, b = look.dragon_colour(m.group(1).lower())
        r, g, b = (max(r, 90), max(g, 90), max(b, 90))  # dark dragons stay readable
        return f"<font color='#{r:02x}{g:02x}{b:02x}'><b>{m.group(1)}</b></font>"

    text = _NAMES.sub(colour, text)
    if t == "roll":
        return f"<font color='#aaa496'>{text}</font>"
    return text


class LogView:
    def __init__(self, look):
        self.look = look
        self.lines: list[str] = []
        self.box: UITextBox | None = None
        self._in_box = 0

    def build(self, ui, rect: pygame.Rect) -> None:
        self.kill()
        shown = self.lines[-KEEP:]
        self.box = UITextBox("<br>".join(shown), pygame.Rect(rect), ui,
                             object_id=ObjectID(class_id="@log"))
        self._in_box = len(shown)
        self._bottom()

    def add(self, event: dict) -> None:
        line = line_html(event, self.look)
        self.lines.append(line)
        if self.box is None:
            return
        if self._in_box >= TRIM_AT:
            rect = self.box.relative_rect
            ui = self.box.ui_manager
            self.build(ui, rect)
            return
        self.box.append_html_text(("<br>" if self._in_box else "") + line)
        self._in_box += 1

    def note(self, text: str) -> None:
        """A line that is not an engine event (AI trouble, seed)."""
        self.add({"type": "note", "text": text})

    def _bottom(self) -> None:
        if self.box is not None and self.box.scroll_bar is not None:
            self.box.scroll_bar.set_scroll_from_start_percentage(1.0)

    def kill(self) -> None:
        if self.box is not None:
            self.box.kill()
            self.box = None

"""Small helpers over pygame-gui shared by the scenes.

- `Cycler`: a button that steps through a list of values, shown as '‹ value ›': a click
  on its ‹ side steps back and on its › side forward (right-click: back; keys Left and
  Right) — one control that works the same by mouse and keys.
- `Message`: a message line (an error) that wraps onto a second line instead of being
  cut, as a long translation or a map's problem would be in a one-line label.
- `KeyNav`: keyboard focus over a scene's controls (Up/Down/Tab move, Enter/Space press,
  Left/Right step a cycler), drawn with pygame-gui's own "selected" state.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import cast

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement
from pygame_gui.elements import UIButton, UILabel, UITextBox, UITooltip

from game.i18n import N_, _
from game.tables import LEVEL_TITLES


class TipButton(UIButton):
    """A button whose tip shows when it is greyed out (the tip says why: Continue with
    no game to continue, Undo after a roll) and when it has the keyboard focus;
    pygame-gui's own button takes no hover while disabled or selected."""

    def can_hover(self) -> bool:
        # the tip is a UITooltip (a sprite); its interface type does not list alive()
        if self.tool_tip is not None and not cast(UITooltip, self.tool_tip).alive():
            self.tool_tip = None  # killed when a screen covered this one
        return not self.held

    def on_hovered(self) -> None:
        if self.is_enabled and not self.is_selected:
            super().on_hovered()
        else:  # keep the greyed / focused look; only start the tip's timer
            UIElement.on_hovered(self)

    def show_tip(self) -> None:
        """The tip at once, under the button (keyboard focus)."""
        if self.tool_tip is None and self.tool_tip_text:
            self.tool_tip = self.ui_manager.create_tool_tip(
                text=self.tool_tip_text, position=(self.rect.centerx, self.rect.centery),
                hover_distance=(0, self.rect.height // 2), parent_element=self,
                object_id=self.tool_tip_object_id, wrap_width=self.tool_tip_wrap_width,
                text_kwargs=self.tool_tip_text_kwargs)

    def hide_tip(self) -> None:
        if self.tool_tip is not None and not self.hovered:
            self.tool_tip.kill()
            self.tool_tip = None

    def kill(self) -> None:
        if self.tool_tip is not None:
            self.tool_tip.kill()
            self.tool_tip = None
        super().kill()


def button(ui, rect, text, *, cls: str | None = None, tip: str | None = None,
           container=None, enabled: bool = True) -> UIButton:
    b = TipButton(pygame.Rect(rect), text, ui, container=container, tool_tip_text=tip,
                  object_id=ObjectID(class_id=cls) if cls else None)
    if not enabled:
        b.disable()
    return b


def label(ui, rect, text, *, cls: str | None = None, container=None) -> UILabel:
    return UILabel(pygame.Rect(rect), text, ui, container=container,
                   object_id=ObjectID(class_id=cls) if cls else None)


class Message(UITextBox):
    """Plain text that wraps within its rectangle (a scroll bar only past what fits):
    `text` is what it says, `set_text` takes plain text, not HTML. The box shrinks to
    its lines and sits at the middle of its rectangle (`align` "middle") or at its
    bottom ("bottom": a message above a row of buttons)."""

    def __init__(self, ui, rect, text: str = "", *, cls: str = "@message",
                 align: str = "middle", container=None):
        self.text = text
        self.home = pygame.Rect(rect)
        self.align = align
        super().__init__(self._html(text), pygame.Rect(rect), ui, container=container,
                         object_id=ObjectID(class_id=cls))
        self._place()

    @staticmethod
    def _html(text: str) -> str:
        return f"<b>{escape(text)}</b>" if text else ""

    def _place(self) -> None:
        rows = self.text_box_layout.layout_rows if self.text_box_layout else []
        need = rows[-1].bottom + 2 if rows and self.text else self.home.h
        h = min(self.home.h, max(1, need))
        y = self.home.bottom - h if self.align == "bottom" else \
            self.home.y + (self.home.h - h) // 2
        if self.relative_rect.size != (self.home.w, h):
            self.set_dimensions((self.home.w, h))
        if self.relative_rect.topleft != (self.home.x, y):
            self.set_relative_position((self.home.x, y))

    def set_text(self, text: str, *, text_kwargs=None) -> None:
        if text != self.text:
            self.text = text
            if self.relative_rect.size != self.home.size:  # lay it out at full size
                self.set_dimensions(self.home.size)
            super().set_text(self._html(text))
            self._place()


class Cycler:
    def __init__(self, ui, rect, values: list, labels: list[str], index: int = 0, *,
                 prefix: str = "", on_change: Callable | None = None, container=None,
                 tip: str | None = None):
        self.values, self.labels = list(values), list(labels)
        self.index = index
        self.prefix = prefix
        self.on_change = on_change
        self.button = _CyclerButton(pygame.Rect(rect), self._text(), ui, container=container,
                                    tool_tip_text=tip, object_id=ObjectID(class_id="@cycler"),
                                    generate_click_events_from=(pygame.BUTTON_LEFT,
                                                                pygame.BUTTON_RIGHT))
        if self._text() != self.button.text:  # measured now that it has its font
            self.button.set_text(self._text())

    def _text(self) -> str:
        label = self.labels[self.index]
        wide = f"{self.prefix}‹  {label}  ›"
        button = getattr(self, "button", None)
        font = button.font if button is not None else None
        # a long word (German, Polish) in a narrow control: closer marks before it is cut
        if button is not None and font is not None and font.size(wide)[0] > button.rect.w - 12:
            return f"{self.prefix.rstrip()} ‹ {label} ›".lstrip()
        return wide

    @property
    def value(self):
        return self.values[self.index]

    def set_value(self, value) -> None:
        if value in self.values:
            self.index = self.values.index(value)
            self.button.set_text(self._text())

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.values)
        self.button.set_text(self._text())
        if self.on_change:
            self.on_change(self.value)

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            back = getattr(event, "mouse_button", 1) == pygame.BUTTON_RIGHT or self._back_side()
            self.step(-1 if back else 1)
            return True
        return False

    def _back_side(self) -> bool:
        """The click landed left of the value's middle, on the ‹ side of '‹ value ›'
        (the text is centred, so measure it rather than guess from the button's edge)."""
        x, self.button.click_x = self.button.click_x, None
        if x is None:
            return False
        font = self.button.font
        assert font is not None  # set when the button was built
        text = self._text()
        left = self.button.rect.centerx - font.size(text)[0] / 2
        head = text[:text.index("‹") + 1] + (" " if "‹  " not in text else "  ")
        middle = left + font.size(head)[0] + font.size(self.labels[self.index])[0] / 2
        return x < middle

    def kill(self) -> None:
        self.button.kill()


class _CyclerButton(TipButton):
    """A cycler's button remembers where the click that pressed it landed."""

    click_x: int | None = None

    def process_event(self, event) -> bool:
        if (event.type == pygame.MOUSEBUTTONUP
                and event.button in self.generate_click_events_from):
            self.click_x = self.ui_manager.calculate_scaled_mouse_position(event.pos)[0]
        return super().process_event(event)


class KeyNav:
    """Keyboard focus over a list of UIButtons / Cyclers / text entries."""

    def __init__(self):
        self.items: list = []
        self.index: int | None = None
        # items laid out in columns of this many (the main menu's two columns): Left and
        # Right move across to the next column, as a keyboard player expects
        self.column: int | None = None

    def set_items(self, items: list) -> None:
        self.items = [i for i in items if i is not None]
        if self.index is not None and self.index >= len(self.items):
            self.index = None

    def _element(self, item):
        return item.button if isinstance(item, Cycler) else item

    def _usable(self, item) -> bool:
        el = self._element(item)
        return el.is_enabled and el.visible

    def focus(self, i: int | None, tip: bool = False) -> None:
        """Focus item `i`; `tip`: show its tip at once (moved to by a key)."""
        if self.index is not None and self.index < len(self.items):
            el = self._element(self.items[self.index])
            if isinstance(el, UIButton):
                el.unselect()
                if isinstance(el, TipButton):
                    el.hide_tip()
            elif hasattr(el, "unfocus"):
                el.unfocus()
        self.index = i
        if i is not None:
            el = self._element(self.items[i])
            if isinstance(el, UIButton):
                el.select()
                if tip and isinstance(el, TipButton):
                    el.show_tip()
            else:
                el.focus()
                el.ui_manager.set_focus_set(el)

    def move(self, delta: int) -> None:
        n = len(self.items)
        if not n:
            return
        i = self.index if self.index is not None else (-1 if delta > 0 else 0)
        for _step in range(n):
            i = (i + delta) % n
            if self._usable(self.items[i]):
                self.focus(i, tip=True)
                return

    def across(self, delta: int) -> bool:
        """Left/Right in a column layout: the same row in the next column, else the
        nearest usable item in that column; True when the key had a column to go to."""
        n, rows = len(self.items), self.column
        if not rows or self.index is None:
            return False
        col = self.index // rows + delta
        if col < 0 or col * rows >= n:
            return False
        start = col * rows
        column = range(start, min(start + rows, n))
        row = self.index % rows
        for i in sorted(column, key=lambda i: abs(i - start - row)):
            if self._usable(self.items[i]):
                self.focus(i, tip=True)
                return True
        return False

    def current(self):
        return self.items[self.index] if self.index is not None else None

    def handle(self, event) -> bool:
        """Keys only; returns True when used. Enter on a button posts its press."""
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        shift = event.mod & pygame.KMOD_SHIFT
        if key in (pygame.K_DOWN,) or (key == pygame.K_TAB and not shift):
            self.move(1)
            return True
        if key in (pygame.K_UP,) or (key == pygame.K_TAB and shift):
            self.move(-1)
            return True
        item = self.current()
        if item is None:
            return False
        if isinstance(item, Cycler) and key in (pygame.K_LEFT, pygame.K_RIGHT):
            item.step(-1 if key == pygame.K_LEFT else 1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.column:
            return self.across(-1 if key == pygame.K_LEFT else 1)
        if key == pygame.K_SPACE and isinstance(item, Cycler):
            item.step(1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if isinstance(item, Cycler):
                return False  # Enter belongs to the screen (Start, Apply)
            el = self._element(item)
            if isinstance(el, UIButton) and el.is_enabled:
                press(el)
                return True
        return False


def dialog_key(event, ok, cancel) -> bool:
    """Esc cancels and Enter confirms a dialog-like screen; True when the key was one."""
    if event.type != pygame.KEYDOWN:
        return False
    if event.key == pygame.K_ESCAPE:
        cancel()
        return True
    if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        ok()
        return True
    return False


def press(el: UIButton) -> None:
    """Post the same event a mouse click on `el` would."""
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
        "ui_element": el, "ui_object_id": el.most_specific_combined_id, "mouse_button": 1}))


# the Text size and Animation pace settings' values, as shown
TEXT_SIZE_NAMES = {"small": N_("Small"), "normal": N_("Normal"), "large": N_("Large"),
                   "larger": N_("Larger")}
PACE_NAMES = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"),
              "instant": N_("instant")}


# seat kinds and AI levels as players read them (N_: translated where shown)
KIND_NAMES = {"human": N_("Person"), **LEVEL_TITLES, "random": N_("Random")}


def kind_name(kind: str) -> str:
    """An AI level or seat kind in the language in use ("hard" -> "Schwer")."""
    return _(KIND_NAMES[kind]) if kind in KIND_NAMES else kind.title()

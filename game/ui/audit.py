"""Measure what a screen draws: text cut off or overflowing, and text below 4.5:1.

`Audit` records one frame of a running App (tools/ui_audit.py drives every screen
through it; tests/ui/test_audit.py a fast subset):

- every text the window renders with its own fonts (through `Look`) is known by its
  surface; where such a surface is blitted on the screen the audit reads the pixels
  beneath it first (the WCAG contrast ratio of the text colour against their average),
  checks it lies inside the window, and that it does not overlap another text still
  showing (a later fill or picture over a text ends it);
- a text shortened with an ellipsis to fit (`Look.fit_text`) counts as cut off;
- every pygame-gui button, label and text field is measured with its own font against
  its rectangle, and its text colour against its background colour (disabled too);
- the game log's colours are checked against the log's background.

Measured with the fonts' metrics, never by eye.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine, UITooltip

from game.ui import theme
from game.ui.log_view import LOG_BG, LOG_ROWS
from game.ui.theme import contrast

MIN_RATIO = 4.5


@dataclass
class Finding:
    kind: str      # "clipped" or "contrast"
    text: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.text!r}: {self.detail}"


class _RecFont:
    """A font whose renders the audit knows by their surface."""

    def __init__(self, font, audit):
        self._font = font
        self._audit = audit

    def render(self, text, antialias, color, bgcolor=None, *args):
        surf = self._font.render(text, antialias, color, bgcolor, *args) if bgcolor \
            else self._font.render(text, antialias, color)
        self._audit.texts[id(surf)] = (str(text), tuple(pygame.Color(color))[:3], surf)
        if self._audit.in_frame:  # drawn this frame, wherever it goes (a banner's card)
            self._audit.drawn.append(str(text))
        return surf

    def __getattr__(self, name):
        return getattr(self._font, name)


class _RecSurface(pygame.Surface):
    """The screen, as the audit sees it drawn."""

    audit: Audit

    def blit(self, source, dest=(0, 0), area=None, special_flags=0):  # dest: as pygame-ce's
        self.audit.record_blit(self, source, dest, area)
        return super().blit(source, dest, area, special_flags)

    def blits(self, blit_sequence, doreturn=1):
        out = [self.blit(*item) for item in blit_sequence]
        return out if doreturn else None

    def fblits(self, blit_sequence, special_flags=0):
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)

    def fill(self, color, rect=None, special_flags=0):
        self.audit.record_cover(pygame.Rect(rect) if rect is not None else self.get_rect())
        return super().fill(color, rect, special_flags)


class Audit:
    def __init__(self):
        self.texts: dict[int, tuple[str, tuple, pygame.Surface]] = {}
        self.findings: list[Finding] = []
        self.live: list[tuple[pygame.Rect, str]] = []
        self._saved: dict = {}
        self.drawn: list[str] = []  # every text the last frame drew (issue 38: qps check)
        self.in_frame = False

    # ----- patches ---------------------------------------------------------------------
    def install(self) -> None:
        """Record renders from now on (call before the App draws anything)."""
        audit = self
        look_cls = theme.Look
        orig_font, orig_fit = look_cls.font, look_cls.fit_text
        orig_rect = pygame.draw.rect
        self._saved = {"font": orig_font, "fit": orig_fit, "rect": orig_rect}

        def font(look, size, bold=False):
            f = orig_font(look, size, bold)
            return f if isinstance(f, _RecFont) else _RecFont(f, audit)

        def fit_text(look, s, font, width, colour):
            if font.size(s)[0] > width:
                audit.findings.append(Finding("clipped", s, f"cut to fit {width}px"))
            return orig_fit(look, s, font, width, colour)

        def rect(surface, color, r, width=0, *args, **kw):
            if isinstance(surface, _RecSurface) and width == 0:
                audit.record_cover(pygame.Rect(r))
            return orig_rect(surface, color, r, width, *args, **kw)

        # patched through Any: mypy refuses assignments to methods and functions
        patch_look: Any = look_cls
        patch_draw: Any = pygame.draw
        patch_look.font = font
        patch_look.fit_text = fit_text
        patch_draw.rect = rect

    def uninstall(self) -> None:
        if self._saved:
            patch_look: Any = theme.Look
            patch_draw: Any = pygame.draw
            patch_look.font = self._saved["font"]
            patch_look.fit_text = self._saved["fit"]
            patch_draw.rect = self._saved["rect"]
            self._saved = {}

    # ----- one frame -------------------------------------------------------------------
    def frame(self, app) -> list[Finding]:
        """Draw the app's present screen once and measure it."""
        self.findings = []
        self.live = []
        self.drawn = []
        real = app.screen
        rec = _RecSurface(real.get_size())
        rec.audit = self
        app.screen = rec
        self.in_frame = True
        try:
            app.draw()
        finally:
            app.screen = real
            self.in_frame = False
        self._widgets(app)
        self._log(app)
        out, seen = [], set()
        for f in self.findings:
            key = (f.kind, f.text, f.detail)
            if key not in seen:
                seen.add(key)
                out.append(f)
        return out

    def record_cover(self, rect: pygame.Rect) -> None:
        if self.live:
            self.live = [(r, t) for r, t in self.live if not r.colliderect(rect)]

    def record_blit(self, screen, source, dest, area) -> None:
        if isinstance(dest, pygame.Rect):
            x, y = dest.topleft
        else:
            x, y = int(dest[0]), int(dest[1])
        size = pygame.Rect(area).size if area is not None else source.get_size()
        rect = pygame.Rect((x, y), size)
        rec = self.texts.get(id(source))
        if rec is None or rec[2] is not source:
            self.record_cover(rect)
            return
        text, colour, _surf = rec
        if not text.strip():
            return
        self.drawn.append(text)
        bounds = screen.get_rect()
        if not bounds.contains(rect):
            self.findings.append(Finding("clipped", text, f"outside the window at {rect}"))
        inside = rect.clip(bounds)
        if inside.w > 0 and inside.h > 0:
            bg = pygame.transform.average_color(screen, inside)[:3]
            ratio = contrast(colour, bg)
            if ratio < MIN_RATIO:
                self.findings.append(Finding("contrast", text, f"{ratio:.1f}:1, {colour} on "
                                             f"{bg}"))
        ink = source.get_bounding_rect().move(rect.topleft)
        for other, other_text in self.live:
            clip = other.clip(ink)
            if clip.w > 2 and clip.h > 2:
                self.findings.append(Finding("clipped", text, f"overlaps {other_text!r}"))
        self.live.append((ink, text))

    def _controls(self, app) -> None:
        """Issue 33: a control off the window, or over another, cannot be used."""
        window = app.screen.get_rect()
        boxes: list[tuple[pygame.Rect, str]] = []
        for el in app.ui.get_sprite_group().sprites():
            if isinstance(el, (UIButton, UITextEntryLine)) and getattr(el, "visible", True) \
                    and el.rect.w and el.rect.h:
                name = getattr(el, "text", "") or type(el).__name__
                shown = _shown_part(el)
                if shown.w <= 2 or shown.h <= 2:
                    continue  # scrolled out of its pane (a list's items)
                if not window.contains(el.rect):
                    self.findings.append(Finding("clipped", name, f"control outside the "
                                                 f"window at {el.rect}"))
                for other, other_name in boxes:
                    if shown.clip(other).w > 2 and shown.clip(other).h > 2:
                        self.findings.append(Finding("clipped", name,
                                                     f"control over {other_name!r}"))
                boxes.append((shown, name))

    def _widget_words(self, app) -> None:
        """The words of every pygame-gui widget shown, their tooltips and placeholders
        too (the qps check reads them)."""
        for el in app.ui.get_sprite_group().sprites():
            if not getattr(el, "visible", True):
                continue
            for attr in ("text", "tool_tip_text", "placeholder_text", "html_text"):
                words = getattr(el, attr, None)
                if isinstance(words, str) and words.strip():
                    self.drawn.append(re.sub(r"<[^<>]*>", " ", words) if attr == "html_text"
                                      else words)

    def _widgets(self, app) -> None:
        self._widget_words(app)
        self._controls(app)
        for el in app.ui.get_sprite_group().sprites():
            if not getattr(el, "visible", True) or isinstance(el, UITooltip):
                continue
            if not isinstance(el, (UIButton, UILabel, UITextEntryLine)):
                continue
            text = el.text if not isinstance(el, UITextEntryLine) else el.get_text()
            if not text:
                continue
            font = getattr(el, "font", None)
            if font is None:
                continue
            border = 0 if isinstance(el, UILabel) else \
                _num(getattr(el, "border_width", 1)) + _num(getattr(el, "shadow_width", 0))
            pad = 0
            align = getattr(el, "text_horiz_alignment", "center")
            if align in ("left", "right"):
                pad = _num(getattr(el, "text_horiz_alignment_padding", 0))
            width = font.size(text)[0] + 2 * border + pad + 2
            if isinstance(el, UITextEntryLine):
                width = font.size(text)[0] + 2 * border + 8
            if width > el.rect.w:
                self.findings.append(Finding("clipped", text,
                                             f"needs {width}px, widget {el.rect.w}px"))
            height = font.size(text)[1]
            if height + 2 * border > el.rect.h + 2:
                self.findings.append(Finding("clipped", text,
                                             f"needs {height}px high, widget "
                                             f"{el.rect.h}px"))
            colours = getattr(el, "colours", {}) or {}
            enabled = getattr(el, "is_enabled", True)
            fg = colours.get("normal_text" if enabled else "disabled_text")
            bg = colours.get("normal_bg" if enabled else "disabled_bg")
            if isinstance(el, UILabel):
                bg = None  # drawn on whatever is beneath: the screen pass measures it
            if isinstance(el, UITextEntryLine):
                bg = colours.get("dark_bg", bg)
            if isinstance(fg, pygame.Color) and isinstance(bg, pygame.Color):
                ratio = contrast(fg[:3], bg[:3])
                if ratio < MIN_RATIO:
                    self.findings.append(Finding("contrast", text, f"{ratio:.1f}:1 widget"))
            if isinstance(el, UILabel) and isinstance(fg, pygame.Color):
                under = pygame.transform.average_color(app.screen, el.rect.clip(
                    app.screen.get_rect()))[:3] if el.rect.w and el.rect.h else None
                if under is not None and contrast(fg[:3], under) < MIN_RATIO:
                    self.findings.append(Finding("contrast", text, f"{contrast(fg[:3], under):.1f}"
                                                 f":1 label on {under}"))

    def _log(self, app) -> None:
        for scene in app.scenes:
            log = getattr(scene, "log", None)
            if log is None or not hasattr(log, "lines") or not log.rows:
                continue
            if getattr(log, "bar", None) is not None and app.settings.show_log \
                    and log.visible_rows() < LOG_ROWS:
                self.findings.append(Finding("clipped", "the game log", f"shows "
                                             f"{log.visible_rows()} lines, under {LOG_ROWS}"))
            for seg in log.lines[-200:]:
                for text, colour, _bold in seg:
                    ratio = contrast(colour, LOG_BG)
                    if text.strip() and ratio < MIN_RATIO:
                        self.findings.append(Finding("contrast", text.strip(),
                                                     f"{ratio:.1f}:1 in the log"))


def _shown_part(el) -> pygame.Rect:
    """What of a control its containers let show (a scrolling pane clips its items)."""
    r = pygame.Rect(el.rect)
    c, seen = el.ui_container, set()
    while c is not None and id(c) not in seen:
        seen.add(id(c))
        box = c.get_container()
        r = r.clip(box.get_rect())
        c = getattr(box, "ui_container", None)
        c = None if c is box else c
    return r


def _num(v) -> int:
    """A theme number (pygame-gui keeps some per state in a dict: take the widest)."""
    if isinstance(v, dict):
        return max((_num(x) for x in v.values()), default=0)
    try:
        return int(v or 0)
    except (TypeError, ValueError):
        return 0

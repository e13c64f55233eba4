"""The window's look in one place: colours, the shipped font, sprites and UI scale.

A thin adapter over `game.ui.art` (sprites and fonts, made by tools/make_art.py): it
caches what it draws, scales sizes by the UI-scale setting, and never lets a missing
sprite end the game (it draws a plain emblem instead and says so once on stderr).
"""

from __future__ import annotations

import re
import sys

import pygame

from game.ui import art
from game.ui.art import dragon_colour, font

# The house colours: night-blue slate panels, parchment text, dragon-gold accents.
COLOURS = {
    "bg": (20, 22, 30),
    "bg2": (30, 33, 44),
    "panel": (34, 37, 50),
    "panel_hi": (46, 50, 66),
    "bar": (26, 28, 38),
    "edge": (78, 82, 104),
    "text": (239, 230, 210),
    "text_dim": (170, 164, 150),
    "text_off": (150, 148, 150),   # greyed, yet 4.5:1 on slot_off (WCAG)
    "gold": (226, 176, 72),
    "gold_dim": (150, 112, 46),
    "red": (240, 120, 104),     # error text: 4.5:1 on every panel
    "green": (110, 190, 110),
    "slot_on": (48, 52, 70),
    "slot_off": (36, 38, 48),
    "slot_hover": (70, 76, 102),
    "slot_selected": (70, 55, 28),  # gold and dim text read on it at 4.5:1
    "key": (20, 22, 30),
    "key_bg": (226, 176, 72),
    "tip": (16, 18, 26),
    "shade": (8, 9, 14),
}


# WCAG 2 relative luminance and contrast ratio (the audit measures texts with them).
def luminance(c) -> float:
    def ch(v):
        v = v / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


DARK_ICON = 1.5  # a dragon this close to the panels' colour gets a light rim as an icon


def rimmed(sprite: pygame.Surface, colour, width: int) -> pygame.Surface:
    """`sprite` with a `width`-pixel rim of `colour` round its shape (a dark dragon's
    icon on the dark panels: Black)."""
    w = width
    out = pygame.Surface((sprite.get_width(), sprite.get_height()), pygame.SRCALPHA)
    shape = pygame.mask.from_surface(sprite, 64).to_surface(
        setcolor=(*colour[:3], 255), unsetcolor=(0, 0, 0, 0))
    small = pygame.transform.smoothscale(shape, (max(1, sprite.get_width() - 2 * w),
                                                 max(1, sprite.get_height() - 2 * w)))
    for dx in (-w, 0, w):
        for dy in (-w, 0, w):
            if dx or dy:
                out.blit(small, (w + dx, w + dy))
    body = pygame.transform.smoothscale(sprite, small.get_size())
    out.blit(body, (w, w))
    return out


class Look:
    def __init__(self, scale: float = 1.0, palette: str = "normal", text_scale: float = 1.0):
        self.scale = scale
        self.palette = palette
        self.text_scale = text_scale  # the Text size setting: body text only
        self._fonts: dict = {}
        self._sprites: dict = {}
        self._grey: dict = {}
        self._texts: dict = {}
        self._fitted: dict = {}
        self._wrapped: dict = {}
        self._warned: set[str] = set()

    # ----- sizes -----------------------------------------------------------------
    def px(self, n: float) -> int:
        return max(1, round(n * self.scale))

    def board_layout(self, size: tuple[int, int], bar_h: int):
        """The board screens' frame (game and replay): a banner on top, the side panel
        at the right, a bar of `bar_h` under the board. -> (banner height, board rect,
        panel rect, bar rect)."""
        w, h = size
        pw = max(self.px(300), min(int(w * 0.27), self.px(420)))
        banner_h = self.px(40)
        board = pygame.Rect(0, banner_h, w - pw, h - bar_h - banner_h)
        return banner_h, board, pygame.Rect(w - pw, 0, pw, h), pygame.Rect(
            0, h - bar_h, w - pw, bar_h)

    def fs(self, n: float) -> int:
        """A font size in points, scaled."""
        return max(8, round(n * self.scale))

    def body(self, n: float) -> int:
        """A body text's font size (the log, descriptions, tooltips): scaled by the UI
        scale and by the Text size setting (issue 33)."""
        return max(8, round(n * self.scale * self.text_scale))

    def colour(self, name: str) -> tuple[int, int, int]:
        return COLOURS[name]

    def dragon_colour(self, name: str) -> tuple[int, int, int]:
        try:
            r, g, b = tuple(dragon_colour(name, self.palette))[:3]
            return (r, g, b)
        except Exception:
            return _FALLBACK_DRAGON.get(name, (200, 200, 200))

    def readable(self, colour, bg, ratio: float = 4.5) -> tuple[int, int, int]:
        """`colour` mixed towards white (on a dark `bg`) or black (on a light one) just
        enough to read at `ratio`:1 (WCAG): a dragon's own colour as text."""
        colour = tuple(colour[:3])
        if contrast(colour, bg) >= ratio:
            return colour
        target = (255, 255, 255) if luminance(bg) < 0.18 else (0, 0, 0)
        for i in range(1, 21):
            t = i / 20
            mixed = tuple(round(c + (e - c) * t) for c, e in zip(colour, target, strict=True))
            if contrast(mixed, bg) >= ratio:
                return mixed
        return target

    # ----- fonts -----------------------------------------------------------------
    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold, art.font_files())  # Japanese has a font of its own
        f = self._fonts.get(key)
        if f is None:
            try:
                f = font(size, bold=bold)
            except Exception as exc:
                self._warn("font", exc)
                f = pygame.font.Font(None, round(size * 1.3))
                f.set_bold(bold)
            self._fonts[key] = f
        return f

    def text(self, s: str, size: int, colour=None, bold: bool = False) -> pygame.Surface:
        """Rendered text, cached (panels draw the same words every frame). Texts in the
        shipped font are shared by every Look in the process (a new window, or the same
        one after a Settings change, draws the same titles and labels): a rendered text
        is a plain surface that outlives its font and pygame.quit()."""
        key = (s, size, colour, bold, art.font_files())
        surf = self._texts.get(key)
        if surf is None:
            if len(self._texts) > 2000:
                self._texts.clear()
            font = self.font(size, bold)
            shared = _SHARED_TEXTS if self._shipped_font() else None
            if shared is not None:
                surf = shared.get(key)
            if surf is None:
                surf = font.render(s, True, colour or COLOURS["text"])
                if shared is not None:
                    if len(shared) > 4000:
                        shared.clear()
                    shared[key] = surf
            self._texts[key] = surf
        return surf

    def _shipped_font(self) -> bool:
        # renders may be shared only when they come from the shipped font through this
        # class's own font(): not a stand-in font, nor a font() patched to watch renders
        # (the UI audit measures every text it sees rendered)
        return "font" not in self._warned and type(self).font is _LOOK_FONT

    def fit_text(self, s: str, font, width: int, colour) -> pygame.Surface:
        """Render `s`, shortened with an ellipsis if wider than `width`.

        O(log n) measurements and one render whatever the length: no glyph is narrower
        than a pixel, so at most `width` characters can fit (the rest is cut first), then
        the longest prefix that fits is found by binary search on font.size(). Cached per
        (text, font, width, colour): the action bar fits the same labels every frame."""
        key = (s, font, width, colour)
        try:
            surf = self._fitted.get(key)
        except TypeError:  # an unhashable colour (a list, a pygame.Color): not cached
            return self._fit_text(s, font, width, colour)
        if surf is None:
            if len(self._fitted) > 2000:
                self._fitted.clear()
            surf = self._fitted[key] = self._fit_text(s, font, width, colour)
        return surf

    def _fit_text(self, s: str, font, width: int, colour) -> pygame.Surface:
        s = _printable(s[:max(1, width) + 1])
        if font.size(s)[0] <= width:
            return font.render(s, True, colour)
        lo, hi = 0, len(s) - 1  # the longest prefix s[:n] + "…" that fits: lo <= n <= hi
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if font.size(s[:mid] + "…")[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        return font.render(s[:max(lo, 1)] + "…", True, colour)

    def first_fit(self, candidates, font, width: int) -> str:
        """The first of `candidates` (longest first) that fits `width`; else the last,
        which the caller may still shorten."""
        for c in candidates:
            if font.size(c)[0] <= width:
                return c
        return candidates[-1]

    def elide_middle(self, s: str, font, width: int) -> str:
        """`s` with its middle replaced by '…' to fit `width` (a folder path keeps its
        start and its end)."""
        if font.size(s)[0] <= width:
            return s
        head, tail = len(s) // 2, len(s) // 2
        while head > 1 and font.size(s[:head] + "…" + s[-tail:])[0] > width:
            head -= 1
            tail = max(1, tail - 1)
        return s[:head] + "…" + s[-tail:]

    def wrap(self, s: str, font, width: int) -> list[str]:
        """`s` in lines no wider than `width` (a word wider than that has its own line).
        Measured once per (text, font, width): panels wrap the same paragraphs every
        frame."""
        key = (s, font, width)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 2000:
                self._wrapped.clear()
            lines = self._wrapped[key] = self._wrap(s, font, width)
        return list(lines)

    def _wrap(self, s: str, font, width: int) -> list[str]:
        lines: list[str] = []
        for para in s.split("\n"):
            words = para.split(" ")
            line = ""
            for w in words:
                if _is_cjk(w) and font.size(f"{line} {w}".strip())[0] > width:
                    # Japanese has no spaces: the word fills the line and goes on
                    # under it, cut between characters (never inside a Latin word)
                    for i, unit in enumerate(_UNITS.findall(w)):
                        trial = line + (" " if i == 0 and line else "") + unit
                        if font.size(trial)[0] <= width or not line:
                            line = trial
                        else:
                            lines.append(line)
                            line = unit
                    continue
                trial = f"{line} {w}".strip()
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = w
            lines.append(line)
        return lines

    # ----- sprites ---------------------------------------------------------------
    def sprite(self, name: str, size: int) -> pygame.Surface:
        key = (name, size, self.palette)
        s = self._sprites.get(key)
        if s is None and name == "card/back":
            s = self._sprites[key] = self._card_back(size)
        if s is None:
            try:
                try:
                    s = art.sprite(name, size, palette=self.palette)
                except TypeError:
                    s = art.sprite(name, size)
            except Exception as exc:
                self._warn(name, exc)
                s = self._emblem(name, size)
            if name.startswith("dragon/") and \
                    contrast(self.dragon_colour(name[7:]), COLOURS["panel"]) < DARK_ICON:
                s = rimmed(s, COLOURS["text_dim"], max(1, size // 36))
            self._sprites[key] = s
        return s

    def greyed(self, surf: pygame.Surface) -> pygame.Surface:
        key = id(surf)
        g = self._grey.get(key)
        if g is None:
            g = pygame.transform.grayscale(surf)
            g.set_alpha(110)
            self._grey[key] = g
        return g

    def _card_back(self, size: int) -> pygame.Surface:
        """A face-down power card (art has faces only)."""
        w, h = max(4, size * 5 // 7), size
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        r = pygame.Rect((size - w) // 2, 0, w, h)
        pygame.draw.rect(surf, (70, 40, 90), r, border_radius=max(2, size // 8))
        pygame.draw.rect(surf, COLOURS["gold"], r, max(1, size // 14),
                         border_radius=max(2, size // 8))
        pygame.draw.circle(surf, COLOURS["gold"], r.center, max(2, w // 5), max(1, size // 14))
        return surf

    def _emblem(self, name: str, size: int) -> pygame.Surface:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        tail = name.split("/")[-1]
        colour = self.dragon_colour(tail) if tail in _FALLBACK_DRAGON else COLOURS["gold"]
        pygame.draw.circle(surf, colour, (size // 2, size // 2), size // 2 - 1)
        pygame.draw.circle(surf, COLOURS["shade"], (size // 2, size // 2), size // 2 - 1, 2)
        letter = pygame.font.Font(None, max(10, size * 2 // 3)).render(
            tail[:1].upper(), True, COLOURS["shade"])
        surf.blit(letter, letter.get_rect(center=(size // 2, size // 2)))
        return surf

    def _warn(self, what: str, exc: Exception) -> None:
        if what not in self._warned:
            self._warned.add(what)
            print(f"narby: art for {what!r} unavailable ({exc}); using a plain emblem",
                  file=sys.stderr)


_LOOK_FONT = Look.font
# Look.text's renders in the shipped font, shared by every Look: {(text, size, colour,
# bold): surface}
_SHARED_TEXTS: dict = {}

_FALLBACK_DRAGON = {
    "white": (235, 235, 235), "black": (60, 60, 70), "green": (70, 170, 80),
    "blue": (70, 120, 220), "red": (210, 60, 50), "purple": (150, 80, 190),
    "iron": (140, 145, 155), "gold": (230, 190, 60), "copper": (200, 120, 70),
    "undead": (240, 150, 50),
}


# a Latin word or number stays whole; any other character may end a line
_UNITS = re.compile(r"[A-Za-z0-9.,:;!?'()\-]+|.")


def _is_cjk(word: str) -> bool:
    return any(ord(ch) >= 0x3000 for ch in word)


def _printable(s: str) -> str:
    """What a font can render: no lone surrogates (encoding errors) and no control
    characters (pygame refuses a NUL)."""
    return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else " " if ch < " " else ch
                   for ch in s)

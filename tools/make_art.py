"""Draw every sprite of the game into assets/sprites/ (re-runnable, deterministic).

    .venv/bin/python tools/make_art.py            # writes assets/sprites/**.png
    .venv/bin/python tools/make_art.py --sheet /tmp/art_sheet.png   # also a contact sheet

Nothing is downloaded: each sprite is drawn with pygame shapes on a canvas 4x its final
size in "units" (one board cell = 100 units), given ink outlines, one light from the top
left and a soft drop shadow, then smooth-scaled down (the supersampling is the
anti-aliasing). Same code, same pixels: there is no unseeded randomness.

Sizes: 1x1 pieces and icons 128 px, 2x2 pieces (dragons, places) 256 px, cards
160x224, the logo 1200x440. Sprites in a dragon's colour are drawn once per palette
(game.ui.art.PALETTES); the colour-blind ones go to assets/sprites/colourblind/.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game.tables import ACTIONS, CARDS, DRAGONS, PLACES  # noqa: E402
from game.ui.art import EMBLEMS, FONT_BOLD_PATH, PALETTES, SPRITES  # noqa: E402

K = 4  # supersampling factor
CELL_PX = 128  # output pixels per cell (100 units)

Colour = tuple[int, int, int]
INK = (38, 30, 34)
PARCH = (246, 236, 212)
PARCH_D = (222, 204, 166)
GOLD = (236, 188, 64)
GOLD_L = (255, 226, 120)
GOLD_D = (176, 124, 36)
STONE = (168, 162, 154)
STONE_L = (204, 198, 188)
STONE_D = (118, 112, 108)
WOOD = (150, 100, 60)
WOOD_D = (104, 66, 40)
WOOD_L = (188, 138, 86)
ROOF_RED = (190, 74, 52)
ROOF_SLATE = (74, 96, 140)
GRASS = (110, 160, 78)
EARTH = (170, 142, 100)
EARTH_D = (136, 110, 76)
DARK = (50, 42, 56)
SLATE = (54, 50, 66)
GLOW = (255, 214, 110)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def shade(c: Colour, f: float) -> Colour:
    """f < 1 darkens, f > 1 lightens towards white."""
    if f <= 1:
        return tuple(round(v * f) for v in c)
    return mix(c, (255, 255, 255), min(1.0, f - 1))


def ink_for(c: Colour) -> Colour:
    """Outline colour for a fill: a dark shade of it, never lighter than INK allows."""
    return mix(INK, shade(c, 0.35), 0.35)


def lum(c: Colour) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


# ----- drawing in units --------------------------------------------------------------
class Canvas:
    """A supersampled drawing surface addressed in units (one cell = 100 units)."""

    def __init__(self, w_units: float, h_units: float, w_px: int, h_px: int):
        self.wu, self.hu = w_units, h_units
        self.out = (w_px, h_px)
        self.k = w_px * K / w_units  # canvas pixels per unit
        self.s = pygame.Surface((w_px * K, h_px * K), pygame.SRCALPHA)

    def layer(self) -> Canvas:
        other = Canvas.__new__(Canvas)
        other.wu, other.hu, other.out, other.k = self.wu, self.hu, self.out, self.k
        other.s = pygame.Surface(self.s.get_size(), pygame.SRCALPHA)
        return other

    def put(self, layer: Canvas, alpha: int = 255) -> None:
        if alpha < 255:
            layer.s.set_alpha(alpha)
        self.s.blit(layer.s, (0, 0))

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.k, y * self.k)

    def n(self, v: float) -> int:
        return max(1, round(v * self.k))

    def poly(self, pts, fill=None, ink: Colour | None = INK, w: float = 2.2) -> None:
        px = [self.p(x, y) for x, y in pts]
        if fill is not None:
            pygame.draw.polygon(self.s, fill, px)
        if ink is not None and w > 0:
            self.lines(pts, ink, w, closed=True)

    def lines(self, pts, colour, w: float = 2.2, closed: bool = False) -> None:
        px = [self.p(x, y) for x, y in pts]
        width = self.n(w)
        pygame.draw.lines(self.s, colour, closed, px, width)
        for x, y in px:  # round joins and caps
            pygame.draw.circle(self.s, colour, (x, y), width / 2)

    def line(self, a, b, colour, w: float = 2.2) -> None:
        self.lines([a, b], colour, w)

    def circle(self, c, r, fill=None, ink: Colour | None = INK, w: float = 2.2) -> None:
        if ink is not None and w > 0:
            pygame.draw.circle(self.s, ink, self.p(*c), (r + w / 2) * self.k)
            if fill is not None:
                pygame.draw.circle(self.s, fill, self.p(*c), (r - w / 2) * self.k)
            else:
                pygame.draw.circle(self.s, (0, 0, 0, 0), self.p(*c), (r - w / 2) * self.k)
        elif fill is not None:
            pygame.draw.circle(self.s, fill, self.p(*c), r * self.k)

    def ring(self, c, r, colour, w) -> None:
        pygame.draw.circle(self.s, colour, self.p(*c), (r + w / 2) * self.k, self.n(w))

    def ellipse(self, x, y, w, h, fill=None, ink: Colour | None = INK, lw: float = 2.2):
        rect = pygame.Rect(*self.p(x, y), w * self.k, h * self.k)
        if ink is not None and lw > 0:
            pygame.draw.ellipse(self.s, ink, rect.inflate(lw * self.k, lw * self.k))
            inner = rect.inflate(-lw * self.k, -lw * self.k)
            if fill is not None and inner.w > 0 and inner.h > 0:
                pygame.draw.ellipse(self.s, fill, inner)
        elif fill is not None:
            pygame.draw.ellipse(self.s, fill, rect)

    def rect(self, x, y, w, h, fill=None, ink: Colour | None = INK, lw: float = 2.2,
             r: float = 0) -> None:
        rect = pygame.Rect(*self.p(x, y), w * self.k, h * self.k)
        rad = round(r * self.k)
        if ink is not None and lw > 0:
            o = self.n(lw) // 2
            pygame.draw.rect(self.s, ink, rect.inflate(2 * o, 2 * o), border_radius=rad + o)
            if fill is not None:
                pygame.draw.rect(self.s, fill, rect.inflate(-2 * o, -2 * o),
                                 border_radius=max(0, rad - o))
        elif fill is not None:
            pygame.draw.rect(self.s, fill, rect, border_radius=rad)

    def erase_circle(self, c, r) -> None:
        pygame.draw.circle(self.s, (0, 0, 0, 0), self.p(*c), r * self.k)

    def erase_poly(self, pts) -> None:
        pygame.draw.polygon(self.s, (0, 0, 0, 0), [self.p(x, y) for x, y in pts])

    def text(self, txt: str, c, size: float, colour, ink: Colour | None = INK,
             w: float = 1.6) -> None:
        f = pygame.font.Font(FONT_BOLD_PATH, max(8, round(size * self.k)))
        img = f.render(txt, True, colour)
        cx, cy = self.p(*c)
        if ink is not None:
            out = f.render(txt, True, ink)
            d = max(1, round(w * self.k))
            for a in range(16):
                ox, oy = math.cos(a * math.pi / 8) * d, math.sin(a * math.pi / 8) * d
                self.s.blit(out, out.get_rect(center=(cx + ox, cy + oy)))
        self.s.blit(img, img.get_rect(center=(cx, cy)))

    def finish(self, shadow: float = 1.0, light: bool = True) -> pygame.Surface:
        art = self.s
        if light:
            light_pass(art)
        out = pygame.Surface(art.get_size(), pygame.SRCALPHA)
        if shadow > 0:
            out.blit(soft_shadow(art, self.k, shadow), (0, 0))
        out.blit(art, (0, 0))
        return pygame.transform.smoothscale(out, self.out)


def light_pass(s: pygame.Surface) -> None:
    """One light from the top left: darken towards the bottom right, brighten top left."""
    w, h = s.get_size()
    g = pygame.Surface((16, 16))
    hi = pygame.Surface((16, 16))
    for y in range(16):
        for x in range(16):
            t = (x + y) / 30
            v = round(255 - 48 * t)
            g.set_at((x, y), (v, v, v))
            a = round(max(0.0, 0.45 - t) * 50)
            hi.set_at((x, y), (a, a, a))
    s.blit(pygame.transform.smoothscale(g, (w, h)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    s.blit(pygame.transform.smoothscale(hi, (w, h)), (0, 0), special_flags=pygame.BLEND_RGB_ADD)


def soft_shadow(art: pygame.Surface, k: float, strength: float) -> pygame.Surface:
    w, h = art.get_size()
    mask = pygame.mask.from_surface(art, 8)
    sil = mask.to_surface(setcolor=(10, 8, 16, round(120 * strength)), unsetcolor=(0, 0, 0, 0))
    small = pygame.transform.smoothscale(sil, (w // 8, h // 8))
    small = pygame.transform.gaussian_blur(small, max(1, round(2.2 * k / 8)))
    big = pygame.transform.smoothscale(small, (w, h))
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(big, (round(2.0 * k), round(3.2 * k)))
    return out


def bez(p0, p1, p2, p3=None, n: int = 16):
    """Points on a quadratic (3 points) or cubic (4 points) Bezier curve."""
    pts = []
    for i in range(n + 1):
        t = i / n
        if p3 is None:
            a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
            pts.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
        else:
            a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
            pts.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                        a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return pts


def star(c, r_out, r_in, n=5, rot=-90.0):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180 / n)
        pts.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    return pts


def regular(c, r, n, rot=-90.0):
    return [(c[0] + r * math.cos(math.radians(rot + i * 360 / n)),
             c[1] + r * math.sin(math.radians(rot + i * 360 / n))) for i in range(n)]


def arc_pts(c, rx, ry, a0, a1, n=24):
    return [(c[0] + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             c[1] + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


# ----- emblems -----------------------------------------------------------------------
def emblem(cv: Canvas, kind: str, c, r: float, colour: Colour, ink: Colour | None = None,
           w: float = 1.6) -> None:
    """A dragon's emblem, filled in `colour`, fitting a circle of radius r at c.

    Drawn on its own layer (cut-outs erase only the emblem) and given an outline in ink.
    """
    lay = cv.layer()
    x, y = c
    u = r / 10  # emblem units: the emblem spans -10..10
    P = lambda a, b: (x + a * u, y + b * u)  # noqa: E731
    if kind == "snowflake":
        for i in range(6):
            a = math.radians(i * 60 - 90)
            tip = P(9.5 * math.cos(a), 9.5 * math.sin(a))
            lay.line(c, tip, colour, 2.4 * u)
            for s in (-1, 1):
                mid = P(5.5 * math.cos(a), 5.5 * math.sin(a))
                b = a + s * math.radians(50)
                lay.line(mid, (mid[0] + 3.6 * u * math.cos(b), mid[1] + 3.6 * u * math.sin(b)),
                         colour, 2.0 * u)
        lay.circle(c, 2.6 * u, colour, None)
    elif kind == "moon":
        lay.circle(c, 9.5 * u, colour, None)
        lay.erase_circle(P(4.6, -3.0), 7.8 * u)
    elif kind == "leaf":
        pts = bez(P(-7, 8), P(-9, -6), P(8, -9)) + bez(P(8, -9), P(7, 6), P(-7, 8))[1:]
        lay.poly(pts, colour, None)
        lay.line(P(-8.5, 9.5), P(-6, 7), colour, 2.0 * u)
        vein = bez(P(-6, 7), P(0, 0), P(6, -7), n=10)
        lay.lines(vein, (0, 0, 0, 0), 1.3 * u)
    elif kind == "drop":
        pts = bez(P(0, -10), P(2, -4), P(7, 1)) + arc_pts(P(0, 3.3), 7.2 * u, 6.4 * u, -25, 205)
        pts += bez(P(-7, 1), P(-2, -4), P(0, -10))
        lay.poly(pts, colour, None)
        lay.lines(arc_pts(P(0, 3.3), 4.2 * u, 3.6 * u, 100, 170, 8), (0, 0, 0, 0), 1.3 * u)
    elif kind == "flame":
        pts = (bez(P(0, 10), P(-9, 9), P(-7, 0), P(-3, -4)) + bez(P(-3, -4), P(-3, -1), P(-1, 0))
               + bez(P(-1, 0), P(-3, -6), P(1, -10))
               + bez(P(1, -10), P(2, -5), P(6, -3), P(6, 1))
               + bez(P(6, 1), P(9, 7), P(5, 10), P(0, 10)))
        lay.poly(pts, colour, None)
        inner = bez(P(0, 8), P(-4, 7), P(-2, 2), P(0, -1)) + bez(P(0, -1), P(4, 3), P(4, 7),
                                                                 P(0, 8))
        lay.poly(inner, (0, 0, 0, 0), None)
    elif kind == "crown":
        pts = [P(-9, 7), P(-10, -6), P(-5, 0), P(0, -9), P(5, 0), P(10, -6), P(9, 7)]
        lay.poly(pts, colour, None)
        lay.rect(-9.5 * u + x, 7.6 * u + y, 19 * u, 2.6 * u, colour, None)
        for a, b in ((-10, -6), (0, -9), (10, -6)):
            lay.circle(P(a, b - 1.2), 1.7 * u, colour, None)
        lay.circle(P(0, 2.6), 1.8 * u, (0, 0, 0, 0), None)
    elif kind == "anvil":
        pts = [P(-10, -6), P(6, -6), P(10, -3), P(4, -1), P(3, 2), P(6, 6), P(6, 9), P(-6, 9),
               P(-6, 6), P(-3, 2), P(-4, -1), P(-8, -2)]
        lay.poly(pts, colour, None)
        lay.line(P(-5, -8.8), P(5, -8.8), colour, 1.6 * u)
    elif kind == "sun":
        for i in range(8):
            a = math.radians(i * 45 - 90)
            tip = P(10 * math.cos(a), 10 * math.sin(a))
            b1 = P(5.8 * math.cos(a - 0.32), 5.8 * math.sin(a - 0.32))
            b2 = P(5.8 * math.cos(a + 0.32), 5.8 * math.sin(a + 0.32))
            lay.poly([tip, b1, b2], colour, None)
        lay.circle(c, 6.0 * u, colour, None)
        lay.ring(c, 3.3 * u, (0, 0, 0, 0), 1.1 * u)
    elif kind == "bolt":
        pts = [P(2, -10), P(-7, 1), P(-1, 1), P(-3, 10), P(7, -2), P(1, -2), P(4, -10)]
        lay.poly(pts, colour, None)
    elif kind == "skull":
        lay.circle(P(0, -2), 8.2 * u, colour, None)
        lay.rect(x - 5 * u, y + 2 * u, 10 * u, 8 * u, colour, None, r=1.8 * u)
        lay.ellipse(x - 6.2 * u, y - 3.5 * u, 4.6 * u, 5 * u, (0, 0, 0, 0), None)
        lay.ellipse(x + 1.6 * u, y - 3.5 * u, 4.6 * u, 5 * u, (0, 0, 0, 0), None)
        lay.poly([P(0, 1.5), P(-1.4, 4.2), P(1.4, 4.2)], (0, 0, 0, 0), None)
        for t in (-2.6, 0, 2.6):
            lay.line(P(t, 6.6), P(t, 10.5), (0, 0, 0, 0), 0.9 * u)
    else:
        raise ValueError(kind)
    if ink is not None:
        outline(lay, ink, w)
    cv.put(lay)


def outline(cv: Canvas, ink: Colour, w: float) -> None:
    """Give everything on a layer an outline of width w units (a dilated silhouette)."""
    mask = pygame.mask.from_surface(cv.s, 60)
    sil = mask.to_surface(setcolor=(*ink, 255), unsetcolor=(0, 0, 0, 0))
    d = max(1, round(w * cv.k))
    ring = pygame.Surface(cv.s.get_size(), pygame.SRCALPHA)
    for i in range(16):
        a = i * math.pi / 8
        ring.blit(sil, (round(math.cos(a) * d), round(math.sin(a) * d)))
    ring.blit(cv.s, (0, 0))
    cv.s = ring


def medallion(cv: Canvas, c, r, dragon: str, pal: dict[str, Colour], w: float = 2.0) -> None:
    """A dragon's badge: its colour as a disc with the emblem cut in parchment/ink."""
    col = pal[dragon]
    cv.circle(c, r, col, INK, w)
    fg = INK if lum(col) > 150 else PARCH
    emblem(cv, EMBLEMS[dragon], c, r * 0.68, fg)


# ----- dragons -----------------------------------------------------------------------
# shape variety beyond the emblem: horn style and wing edge per dragon
BUILD = {
    "white": ("swept", "scallop"), "black": ("curled", "scallop"), "green": ("swept", "leafy"),
    "blue": ("fin", "scallop"), "red": ("long", "scallop"), "purple": ("crown", "scallop"),
    "iron": ("blunt", "plated"), "gold": ("long", "scallop"), "copper": ("curled", "plated"),
    "undead": ("bone", "tattered"),
}


def draw_dragon(name: str, pal: dict[str, Colour]) -> pygame.Surface:
    cv = Canvas(200, 200, 2 * CELL_PX, 2 * CELL_PX)
    col = pal[name]
    ink = ink_for(col)
    dark = shade(col, 0.72)
    light = shade(col, 1.35)
    belly = mix(col, PARCH, 0.55)
    horns, wings = BUILD[name]
    cx = 100
    # tail: tapered S-curve from the hips to a spade
    spine = bez((cx, 120), (cx + 4, 150), (cx + 40, 150), (cx + 46, 184), n=20)
    left, right = [], []
    for i, (x, y) in enumerate(spine):
        j = min(i, len(spine) - 2)
        dx, dy = spine[j + 1][0] - spine[j][0], spine[j + 1][1] - spine[j][1]
        d = math.hypot(dx, dy) or 1
        nx, ny = -dy / d, dx / d
        half = 11 * (1 - i / len(spine)) + 1.5
        left.append((x + nx * half, y + ny * half))
        right.append((x - nx * half, y - ny * half))
    tail = left + right[::-1]
    tx, ty = spine[-1]
    spade = [(tx - 8, ty - 7), (tx + 10, ty - 4), (tx + 6, ty + 12), (tx - 2, ty + 2)]
    # wings: shoulder to three finger tips with a scalloped trailing edge
    def wing(s: int) -> list:
        sh = (cx + s * 14, 82)
        tips = [(cx + s * 92, 40), (cx + s * 96, 86), (cx + s * 76, 124)]
        root = (cx + s * 16, 118)
        pts = [sh, (cx + s * 40, 50), (cx + s * 70, 30), tips[0]]
        prev = tips[0]
        for t in tips[1:] + [root]:
            mx, my = (prev[0] + t[0]) / 2, (prev[1] + t[1]) / 2
            if wings == "tattered":
                pts += [(mx - s * 8, my - 2), (mx + s * 2, my + 6), t]
            elif wings == "plated":
                pts += [(mx - s * 10, my - 4), t]
            elif wings == "leafy":
                pts += bez(prev, (mx - s * 6, my - 14), t, n=8)[1:]
            else:
                pts += bez(prev, (mx - s * 12, my - 10), t, n=10)[1:]
            prev = t
        return pts, sh, tips

    for s in (-1, 1):
        pts, sh, tips = wing(s)
        cv.poly(pts, dark, ink, 2.6)
        for t in tips:  # wing bones
            cv.line(sh, t, shade(dark, 0.75), 2.6)
        cv.line(sh, (cx + s * 70, 30), shade(dark, 0.75), 3.2)
        if wings == "tattered":
            for t in tips[:2]:
                hx, hy = (sh[0] + 2 * t[0]) / 3 + s * 4, (sh[1] + 2 * t[1]) / 3 + 10
                cv.circle((hx, hy), 4.5, None, ink, 1.6)
    cv.poly(tail + [right[0]], col, ink, 2.6)
    cv.poly(spade, col, ink, 2.4)
    # legs: four clawed feet peeking from the body
    for s in (-1, 1):
        for fy, fx in ((78, 26), (124, 24)):
            cv.ellipse(cx + s * fx - 8, fy - 6, 16, 14, dark, ink, 2.2)
            for k in (-4, 0, 4):
                cv.line((cx + s * (fx + 5), fy + k), (cx + s * (fx + 10), fy + k + s * 0),
                        PARCH, 1.6)
    # body and neck
    cv.ellipse(cx - 27, 66, 54, 74, col, ink, 2.6)
    cv.ellipse(cx - 16, 76, 32, 54, belly, None)
    cv.poly([(cx - 12, 72), (cx - 10, 44), (cx + 10, 44), (cx + 12, 72)], col, None)
    cv.lines([(cx - 12, 72), (cx - 10, 44)], ink, 2.6)
    cv.lines([(cx + 12, 72), (cx + 10, 44)], ink, 2.6)
    # back spikes down the spine
    for i, y in enumerate(range(50, 140, 12)):
        r = 5 if i < 6 else 4
        cv.poly([(cx - r, y + r), (cx, y - r), (cx + r, y + r)], light, ink, 1.6)
    # head: wedge snout pointing up
    head = [(cx - 16, 44), (cx - 18, 30), (cx - 9, 8), (cx, 4), (cx + 9, 8), (cx + 18, 30),
            (cx + 16, 44), (cx, 50)]
    hs = {"swept": [((cx - 14, 30), (cx - 30, 44)), ((cx + 14, 30), (cx + 30, 44))],
          "long": [((cx - 13, 28), (cx - 26, 54)), ((cx + 13, 28), (cx + 26, 54))],
          "curled": [((cx - 14, 30), (cx - 28, 36)), ((cx + 14, 30), (cx + 28, 36))],
          "fin": [((cx - 16, 30), (cx - 30, 24)), ((cx + 16, 30), (cx + 30, 24))],
          "crown": [((cx - 14, 28), (cx - 26, 34)), ((cx + 14, 28), (cx + 26, 34))],
          "blunt": [((cx - 15, 32), (cx - 25, 40)), ((cx + 15, 32), (cx + 25, 40))],
          "bone": [((cx - 14, 30), (cx - 24, 46)), ((cx + 14, 30), (cx + 24, 46))]}[horns]
    horn_col = {"bone": PARCH}.get(horns, mix(PARCH, col, 0.25))
    for base, tip in hs:
        s = 1 if tip[0] > cx else -1
        if horns == "curled":
            pts = [(base[0], base[1] - 4), (tip[0], tip[1] - 8), (tip[0] + s * 2, tip[1] + 4),
                   (tip[0] - s * 6, tip[1] + 2), (base[0], base[1] + 5)]
        elif horns == "fin":
            pts = [(base[0], base[1] - 8), tip, (tip[0] - s * 2, tip[1] + 18),
                   (base[0], base[1] + 8)]
        else:
            pts = [(base[0], base[1] - 4), tip, (base[0], base[1] + 5)]
        cv.poly(pts, horn_col, ink, 2.0)
    if horns == "crown":
        for dx in (-7, 0, 7):
            cv.poly([(cx + dx - 3, 28), (cx + dx, 18 - (4 if dx == 0 else 0)), (cx + dx + 3, 28)],
                    horn_col, ink, 1.6)
    cv.poly(head, col, ink, 2.6)
    cv.poly([(cx - 6, 12), (cx, 8), (cx + 6, 12), (cx, 26)], light, None)
    for s in (-1, 1):  # eyes and nostrils
        cv.ellipse(cx + s * 10 - 4, 26, 8, 6, (255, 236, 120) if name != "undead" else
                   (190, 255, 200), INK, 1.4)
        cv.circle((cx + s * 10, 29), 1.3, INK, None)
        cv.circle((cx + s * 4, 10), 1.4, INK, None)
    # the emblem on the back
    medallion(cv, (cx, 100), 17, name, pal, 2.4)
    return cv.finish()


# ----- caverns, rings ----------------------------------------------------------------
def draw_cavern(name: str, pal: dict[str, Colour]) -> pygame.Surface:
    cv = Canvas(100, 100, CELL_PX, CELL_PX)
    col = pal[name]
    rock = mix(STONE, col, 0.45)
    rock_d = shade(rock, 0.72)
    rock_l = shade(rock, 1.25)
    ink = ink_for(rock)
    mound = [(6, 90), (8, 64), (18, 40), (34, 26), (50, 22), (68, 28), (84, 42), (93, 64),
             (94, 90)]
    cv.poly(mound, rock, ink, 2.4)
    # boulders on the mound
    for x, y, w, h in ((12, 58, 22, 18), (66, 58, 24, 18), (26, 34, 20, 14), (56, 34, 20, 14)):
        cv.ellipse(x, y, w, h, rock_l, ink, 1.6)
    # the mouth: a dark arch with a lintel of dressed stone in the dragon's colour
    mouth = [(28, 92)] + arc_pts((50, 66), 22, 26, 180, 360, 20) + [(72, 92)]
    cv.poly(mouth, (26, 20, 26), INK, 2.2)
    cv.lines(arc_pts((50, 66), 26, 30, 186, 354, 20), col, 5.0)
    cv.lines(arc_pts((50, 66), 28.6, 32.6, 186, 354, 20), ink, 1.4)
    cv.lines(arc_pts((50, 66), 23.4, 27.4, 186, 354, 20), ink, 1.4)
    # glinting hoard inside
    for x, y in ((40, 86), (46, 82), (54, 85), (60, 88), (50, 88)):
        cv.circle((x, y), 3.2, GOLD, GOLD_D, 1.0)
    cv.poly([(4, 92), (96, 92), (96, 96), (4, 96)], rock_d, ink, 1.8)
    medallion(cv, (50, 24), 15, name, pal, 2.2)
    return cv.finish()


def draw_ring(name: str, pal: dict[str, Colour], gamble: bool = False) -> pygame.Surface:
    cv = Canvas(100, 100, CELL_PX, CELL_PX)
    col = pal[name]
    ink = INK
    c = (50, 50)
    if not gamble:
        cv.circle(c, 44, col, ink, 3.0)
        cv.ring(c, 40, shade(col, 1.3), 3.0)
        cv.circle(c, 29, PARCH, ink, 2.6)
        emblem(cv, EMBLEMS[name], c, 22, shade(col, 0.8) if lum(col) < 200 else INK,
               ink if lum(col) < 200 else None, 1.4)
    else:
        # a broken ring of 8 segments: a claim staked on open ground
        for i in range(8):
            a0 = i * 45 + 8
            seg = arc_pts(c, 43, 43, a0, a0 + 29, 8) + arc_pts(c, 29, 29, a0 + 29, a0, 8)
            cv.poly(seg, col, ink, 2.4)
        cv.circle(c, 24, PARCH, ink, 2.2)
        emblem(cv, EMBLEMS[name], c, 17, shade(col, 0.8) if lum(col) < 200 else INK,
               ink if lum(col) < 200 else None, 1.2)
        # a die corner badge: it is a gamble
        cv.rect(64, 64, 30, 30, (250, 246, 236), ink, 2.4, r=6)
        for px, py in ((71, 71), (79, 79), (87, 87)):
            cv.circle((px, py), 2.8, INK, None)
    return cv.finish(shadow=0.8)


# ----- settlements and the chest -----------------------------------------------------
def house(cv: Canvas, x, y, w, h, roof: Colour, wall=PARCH, door=True) -> None:
    """A little house: base at (x, y+h), roof peak above."""
    cv.poly([(x, y + h * 0.45), (x + w, y + h * 0.45), (x + w, y + h), (x, y + h)], wall, INK,
            2.0)
    cv.poly([(x - 3, y + h * 0.5), (x + w / 2, y - h * 0.1), (x + w + 3, y + h * 0.5)], roof,
            INK, 2.0)
    if door:
        cv.rect(x + w * 0.4, y + h * 0.7, w * 0.22, h * 0.3, WOOD_D, INK, 1.2, r=2)
    cv.rect(x + w * 0.12, y + h * 0.55, w * 0.18, h * 0.14, (250, 220, 120), INK, 1.0)


def ground(cv: Canvas, c, rx, ry, colour=EARTH) -> None:
    cv.ellipse(c[0] - rx, c[1] - ry, 2 * rx, 2 * ry, colour, shade(colour, 0.6), 1.8)


def draw_settlement(kind: str) -> pygame.Surface:
    cv = Canvas(100, 100, CELL_PX, CELL_PX)
    if kind == "town":
        ground(cv, (50, 74), 42, 18, (150, 172, 96))
        house(cv, 14, 40, 32, 40, ROOF_RED)
        house(cv, 54, 34, 30, 44, (206, 120, 56))
        house(cv, 34, 56, 28, 32, ROOF_RED, (236, 220, 190))
        cv.rect(68, 20, 6, 14, STONE_D, INK, 1.4)  # chimney smoke
        for i, (sx, sy) in enumerate(((72, 14), (76, 8), (82, 4))):
            cv.circle((sx, sy), 3 + i, (230, 230, 236), None)
    elif kind == "city":
        ground(cv, (50, 78), 46, 18, STONE_D)
        # curtain wall with crenellations
        cv.rect(8, 56, 84, 30, STONE, INK, 2.0)
        for x in range(10, 90, 10):
            cv.rect(x, 50, 6, 7, STONE, INK, 1.4)
        cv.rect(42, 66, 16, 20, (40, 32, 36), INK, 1.6, r=7)
        # towers and a keep with slate roofs and banners
        for tx in (4, 80):
            cv.rect(tx, 40, 16, 48, STONE_L, INK, 2.0)
            cv.poly([(tx - 3, 42), (tx + 8, 22), (tx + 19, 42)], ROOF_SLATE, INK, 2.0)
        cv.rect(34, 22, 32, 36, STONE_L, INK, 2.0)
        cv.poly([(30, 24), (50, 2), (70, 24)], ROOF_SLATE, INK, 2.0)
        cv.line((50, 2), (50, -4 + 6), INK, 1.4)
        cv.poly([(50, 2), (62, 6), (50, 10)], (214, 56, 48), INK, 1.2)
        for wx in (40, 54):
            cv.rect(wx, 32, 6, 9, (250, 220, 120), INK, 1.2, r=3)
        for tx in (8, 84):
            cv.rect(tx, 54, 8, 8, (250, 220, 120), INK, 1.2, r=3)
    else:  # ruin
        ground(cv, (50, 76), 42, 16, (140, 130, 110))
        cv.poly([(14, 84), (14, 46), (22, 40), (26, 52), (32, 48), (34, 84)], STONE_D, INK, 2.0)
        cv.poly([(54, 84), (56, 30), (64, 38), (68, 28), (76, 44), (80, 56), (84, 84)], STONE,
                INK, 2.0)
        cv.rect(62, 52, 10, 14, (46, 40, 44), INK, 1.4, r=5)
        for x, y, r in ((38, 84, 6), (46, 86, 5), (30, 88, 4), (90, 86, 4), (44, 78, 4)):
            cv.circle((x, y), r, STONE_L, INK, 1.4)
        for x, y in ((18, 46), (60, 34), (72, 34)):  # moss
            cv.circle((x, y), 3.4, (96, 130, 70), None)
        cv.line((20, 60), (28, 66), INK, 1.2)
        cv.line((62, 74), (70, 70), INK, 1.2)
    return cv.finish()


def coins_pile(cv: Canvas, pts, r=5.0) -> None:
    for x, y in pts:
        cv.ellipse(x - r, y - r * 0.6, 2 * r, 1.2 * r + 2, GOLD, GOLD_D, 1.2)
        cv.ellipse(x - r * 0.6, y - r * 0.4, 1.2 * r, 0.6 * r, GOLD_L, None)


def draw_chest() -> pygame.Surface:
    cv = Canvas(100, 100, CELL_PX, CELL_PX)
    # lid thrown open behind
    cv.poly([(16, 46), (22, 18), (78, 18), (84, 46)], WOOD_D, INK, 2.2)
    cv.poly([(22, 18), (30, 10), (70, 10), (78, 18)], WOOD, INK, 2.0)
    coins_pile(cv, [(30, 44), (42, 40), (54, 38), (66, 42), (36, 36), (50, 32), (60, 34),
                    (46, 44), (72, 46)], 6)
    cv.poly([(40, 30), (46, 22), (52, 30), (46, 36)], (220, 60, 90), INK, 1.4)  # a gem
    # box
    cv.rect(12, 46, 76, 42, WOOD, INK, 2.4, r=4)
    for y in (54, 66, 78):
        cv.line((14, y), (86, y), WOOD_D, 1.2)
    for x in (14, 78):
        cv.rect(x, 46, 8, 42, (120, 120, 132), INK, 1.6)
    cv.rect(44, 52, 12, 16, GOLD, INK, 1.6, r=2)
    cv.circle((50, 58), 2.0, INK, None)
    coins_pile(cv, [(10, 90), (92, 88), (84, 94)], 5)
    return cv.finish()


# ----- places of power (2x2) ---------------------------------------------------------
def plaza(cv: Canvas, colour=EARTH) -> None:
    """The round ground every place of power stands on, so it reads as one 2x2 piece."""
    cv.ellipse(10, 112, 180, 76, colour, shade(colour, 0.55), 2.6)
    cv.ellipse(22, 120, 156, 60, shade(colour, 1.12), None)


def windows(cv, pts, w=7, h=10, lit=(250, 214, 110)):
    for x, y in pts:
        cv.rect(x, y, w, h, lit, INK, 1.4, r=w / 2)


def place_baba(cv):
    plaza(cv, (120, 150, 90))
    # chicken legs
    for s in (-1, 1):
        x = 100 + s * 26
        cv.lines([(x, 112), (x - s * 10, 138), (x + s * 4, 160)], (230, 170, 60), 5)
        for d in (-12, 0, 12):
            cv.line((x + s * 4, 160), (x + s * 4 + d, 170), (230, 170, 60), 3.4)
    cv.poly([(52, 118), (56, 62), (144, 62), (148, 118)], WOOD, INK, 2.4)
    for y in range(72, 118, 10):
        cv.line((56, y), (144, y), WOOD_D, 1.6)
        cv.circle((56, y), 3.4, WOOD_L, INK, 1.2)
        cv.circle((144, y), 3.4, WOOD_L, INK, 1.2)
    cv.poly([(40, 68), (100, 18), (160, 68)], (150, 130, 70), INK, 2.4)  # thatch
    for x in range(52, 150, 12):
        cv.line((x, 64), (100 + (x - 100) * 0.4, 30), (120, 100, 50), 1.4)
    cv.rect(86, 84, 28, 34, WOOD_D, INK, 2.0, r=10)
    windows(cv, [(64, 80), (126, 80)], 10, 12)
    cv.rect(112, 22, 10, 24, STONE_D, INK, 1.6)


def place_angelstar(cv):
    plaza(cv, (190, 186, 176))
    for x in (50, 130):
        cv.rect(x, 78, 20, 72, PARCH, INK, 2.2)
        cv.rect(x - 4, 72, 28, 8, PARCH_D, INK, 1.8)
        cv.rect(x - 4, 148, 28, 8, PARCH_D, INK, 1.8)
    cv.poly([(40, 76), (100, 46), (160, 76)], (232, 226, 244), INK, 2.4)
    cv.rect(70, 92, 60, 56, (230, 226, 240), INK, 2.0)
    cv.rect(88, 112, 24, 36, (90, 80, 130), INK, 1.8, r=12)
    # the star, radiant
    for i in range(12):
        a = math.radians(i * 30)
        cv.line((100 + 26 * math.cos(a), 30 + 26 * math.sin(a)),
                (100 + 36 * math.cos(a), 30 + 36 * math.sin(a)), GLOW, 2.4)
    cv.poly(star((100, 30), 22, 9), GOLD_L, GOLD_D, 2.2)


def place_faces(cv):
    plaza(cv, (150, 146, 136))
    cv.poly([(64, 166), (72, 30), (128, 30), (136, 166)], STONE, INK, 2.6)
    cv.rect(64, 18, 72, 16, STONE_L, INK, 2.2)
    for x in range(66, 134, 14):
        cv.rect(x, 8, 8, 12, STONE_L, INK, 1.6)
    for y in (62, 112):  # two carved faces
        cv.ellipse(80, y - 18, 40, 40, STONE_L, INK, 2.0)
        cv.ellipse(88, y - 8, 8, 6, INK, None)
        cv.ellipse(104, y - 8, 8, 6, INK, None)
        cv.line((100, y - 4), (98, y + 4), INK, 1.6)
        cv.lines(arc_pts((100, y + 4), 9, 6, 20, 160, 8), INK, 2.0)
    cv.rect(90, 146, 20, 22, (40, 32, 36), INK, 1.6, r=9)


def flame(cv, c, s, outer=(240, 110, 40), inner=(255, 214, 90)):
    x, y = c
    pts = (bez((x, y + 20 * s), (x - 22 * s, y + 18 * s), (x - 14 * s, y - 6 * s),
               (x - 6 * s, y - 14 * s))
           + bez((x - 6 * s, y - 14 * s), (x - 4 * s, y - 4 * s), (x, y - 2 * s))
           + bez((x, y - 2 * s), (x - 4 * s, y - 16 * s), (x + 2 * s, y - 28 * s))
           + bez((x + 2 * s, y - 28 * s), (x + 8 * s, y - 12 * s), (x + 18 * s, y - 8 * s),
                 (x + 16 * s, y + 4 * s))
           + bez((x + 16 * s, y + 4 * s), (x + 22 * s, y + 18 * s), (x, y + 20 * s)))
    cv.poly(pts, outer, shade(outer, 0.5), 2.0)
    cv.poly(bez((x, y + 16 * s), (x - 12 * s, y + 12 * s), (x, y - 10 * s))
            + bez((x, y - 10 * s), (x + 12 * s, y + 12 * s), (x, y + 16 * s)), inner, None)


def place_flame(cv):
    plaza(cv, (130, 110, 100))
    cv.poly([(70, 168), (78, 60), (122, 60), (130, 168)], (120, 96, 92), INK, 2.6)
    for y in range(76, 166, 14):
        cv.line((76, y), (124, y), shade((120, 96, 92), 0.75), 1.4)
    cv.poly([(64, 64), (70, 50), (130, 50), (136, 64)], (96, 76, 74), INK, 2.2)
    flame(cv, (100, 28), 1.3)
    windows(cv, [(94, 88), (94, 118)], 12, 16, (255, 170, 70))
    cv.rect(90, 146, 20, 22, (40, 32, 36), INK, 1.6, r=9)


def place_pearlthorn(cv):
    plaza(cv, (150, 172, 120))
    pearl = (240, 236, 246)
    cv.rect(36, 90, 128, 66, pearl, INK, 2.4)
    for x in range(36, 164, 14):
        cv.rect(x, 82, 9, 10, pearl, INK, 1.6)
    for tx in (22, 150):
        cv.rect(tx, 60, 28, 100, (228, 224, 238), INK, 2.4)
        cv.poly([(tx - 4, 62), (tx + 14, 26), (tx + 32, 62)], (200, 120, 170), INK, 2.2)
        cv.circle((tx + 14, 24), 5, pearl, INK, 1.6)
    cv.rect(80, 46, 40, 60, (236, 232, 244), INK, 2.2)
    cv.poly([(74, 50), (100, 10), (126, 50)], (200, 120, 170), INK, 2.2)
    cv.circle((100, 8), 6, pearl, INK, 1.6)
    cv.rect(88, 124, 24, 32, (60, 40, 56), INK, 1.8, r=12)
    # thorny vines along the walls
    vine = [(30 + i * 10, 150 - (6 if i % 2 else 0)) for i in range(15)]
    cv.lines(vine, (60, 110, 60), 2.6)
    for x, y in vine[::2]:
        cv.poly([(x - 3, y), (x, y - 8), (x + 3, y)], (60, 110, 60), INK, 1.0)
    windows(cv, [(94, 62), (30, 84), (158, 84)], 8, 12)


def place_arch(cv):
    plaza(cv, (196, 184, 160))
    body = [(34, 170), (34, 54), (166, 54), (166, 170), (128, 170)] + \
        arc_pts((100, 118), 28, 40, 0, -180, 20) + [(72, 170)]
    cv.poly(body, (222, 208, 180), INK, 2.6)
    cv.rect(28, 38, 144, 20, (236, 224, 198), INK, 2.4)
    cv.rect(44, 22, 112, 18, (210, 196, 168), INK, 2.2)
    cv.poly([(76, 22), (100, 4), (124, 22)], GOLD, INK, 2.0)
    for x in (46, 140):
        cv.rect(x, 70, 14, 96, (238, 228, 204), INK, 1.6)
    # laurel over the arch
    cv.lines(arc_pts((100, 74), 16, 8, 200, 340, 10), (80, 140, 70), 3.4)
    for dy in (0,):
        cv.text("I", (100, 30 + dy), 12, INK, None)


def place_miller(cv):
    plaza(cv, (140, 168, 96))
    cv.poly([(72, 170), (80, 80), (120, 80), (128, 170)], (222, 206, 170), INK, 2.6)
    cv.poly([(74, 84), (100, 56), (126, 84)], WOOD_D, INK, 2.2)
    cv.rect(90, 140, 20, 30, WOOD_D, INK, 1.8, r=8)
    windows(cv, [(94, 104)], 12, 14)
    hub = (100, 76)
    for i in range(4):  # four blades: sails, each edged like a sword
        a = math.radians(i * 90 + 30)
        ca, sa = math.cos(a), math.sin(a)
        pts = [(hub[0] + ca * 8 - sa * 7, hub[1] + sa * 8 + ca * 7),
               (hub[0] + ca * 66 - sa * 10, hub[1] + sa * 66 + ca * 10),
               (hub[0] + ca * 76, hub[1] + sa * 76),
               (hub[0] + ca * 66 + sa * 6, hub[1] + sa * 66 - ca * 6),
               (hub[0] + ca * 8 + sa * 6, hub[1] + sa * 8 - ca * 6)]
        cv.poly(pts, (214, 222, 232), INK, 2.2)
        cv.line((hub[0] + ca * 10, hub[1] + sa * 10), (hub[0] + ca * 70, hub[1] + sa * 70),
                (120, 130, 150), 1.4)
    cv.circle(hub, 8, WOOD, INK, 2.0)


def place_temple(cv):
    plaza(cv, (120, 170, 196))
    cv.ellipse(40, 150, 120, 24, (90, 170, 220), (40, 90, 130), 2.0)  # a washing pool
    cv.rect(36, 136, 128, 14, (236, 232, 224), INK, 2.2)
    cv.rect(44, 126, 112, 12, (226, 222, 214), INK, 2.0)
    for x in range(52, 150, 20):
        cv.rect(x, 64, 12, 62, (244, 242, 236), INK, 2.0)
        cv.line((x + 6, 68), (x + 6, 122), (200, 196, 190), 1.4)
    cv.rect(42, 54, 116, 12, (226, 222, 214), INK, 2.0)
    cv.poly([(36, 56), (100, 18), (164, 56)], (236, 232, 224), INK, 2.4)
    emblem(cv, "drop", (100, 42), 10, (80, 160, 220), INK, 1.2)


def place_madhouse(cv):
    plaza(cv, (150, 130, 150))
    body = [(52, 168), (48, 84), (150, 72), (156, 168)]
    cv.poly(body, (176, 150, 196), INK, 2.6)
    cv.poly([(36, 94), (88, 28), (108, 40), (166, 80)], (110, 60, 120), INK, 2.4)
    cv.rect(118, 22, 14, 36, STONE_D, INK, 1.8)
    for i, (x, y, r) in enumerate(((70, 108, 9), (128, 100, 11), (100, 126, 8))):
        cv.circle((x, y), r, (250, 230, 120), INK, 1.6)
        cv.lines(arc_pts((x, y), r * 0.6, r * 0.6, i * 40, i * 40 + 300, 10), INK, 1.4)
    cv.poly([(86, 168), (90, 140), (112, 138), (114, 168)], (70, 40, 60), INK, 1.8)
    # a spiral of madness over the roof
    pts = [(70 + math.cos(t / 3) * t * 0.9, 48 + math.sin(t / 3) * t * 0.9) for t in range(40)]
    cv.lines(pts, (210, 180, 240), 2.0)


def place_graves(cv):
    plaza(cv, (116, 128, 104))
    # a crypt at the back
    cv.rect(62, 40, 76, 60, STONE, INK, 2.4)
    cv.poly([(54, 44), (100, 14), (146, 44)], STONE_D, INK, 2.4)
    cv.rect(86, 62, 28, 38, (34, 30, 38), INK, 1.8, r=13)
    cv.line((100, 20), (100, 8), INK, 2.0)
    cv.line((94, 12), (106, 12), INK, 2.0)
    for x, y, h in ((30, 120, 34), (64, 132, 30), (124, 134, 30), (158, 120, 34),
                    (96, 144, 26)):
        cv.rect(x - 11, y - h, 22, h, STONE_L, INK, 2.0, r=10)
        cv.line((x, y - h + 7), (x, y - h + 18), STONE_D, 1.8)
        cv.line((x - 5, y - h + 11), (x + 5, y - h + 11), STONE_D, 1.8)
        cv.ellipse(x - 14, y - 4, 28, 8, (96, 110, 80), None)
    cv.circle((150, 40), 8, (200, 255, 220), None)  # will-o'-wisp
    cv.circle((150, 40), 4, (240, 255, 245), None)


def place_mine(cv):
    plaza(cv, (150, 130, 110))
    hill = [(20, 160), (36, 90), (70, 50), (120, 42), (160, 80), (184, 160)]
    cv.poly(hill, (140, 124, 112), INK, 2.6)
    cv.poly([(64, 160)] + arc_pts((100, 124), 32, 40, 180, 360, 16) + [(136, 160)],
            (30, 24, 34), INK, 2.2)
    cv.lines([(64, 162), (64, 100), (136, 100), (136, 162)], WOOD, 6)
    cv.lines([(64, 162), (64, 100), (136, 100), (136, 162)], WOOD_D, 1.4)
    for x, y, s in ((84, 136, 1.0), (104, 128, 1.3), (120, 142, 0.9)):  # soul crystals
        cv.poly([(x, y - 14 * s), (x + 6 * s, y), (x, y + 8 * s), (x - 6 * s, y)],
                (140, 230, 255), (40, 90, 140), 1.4)
    cv.rect(140, 150, 34, 18, (110, 110, 120), INK, 2.0, r=3)  # a cart
    for x in (146, 168):
        cv.circle((x, 170), 5, (70, 70, 80), INK, 1.4)
    cv.poly(star((60, 74), 6, 2.5, 4), (200, 250, 255), None)


def place_chapel(cv):
    plaza(cv, (184, 170, 120))
    cv.poly([(52, 166), (52, 100), (148, 100), (148, 166)], (244, 236, 214), INK, 2.4)
    cv.poly([(44, 104), (100, 70), (156, 104)], GOLD_D, INK, 2.2)
    cv.rect(84, 42, 32, 64, (244, 236, 214), INK, 2.2)
    cv.poly([(78, 46), (100, 8), (122, 46)], GOLD, INK, 2.2)
    cv.line((100, 8), (100, -6 + 6), INK, 1.6)
    cv.circle((100, 60), 8, GOLD_L, INK, 1.6)  # bell window
    cv.poly([(96, 64), (100, 54), (104, 64)], GOLD_D, None)
    cv.rect(88, 130, 24, 36, WOOD_D, INK, 1.8, r=12)
    windows(cv, [(62, 118), (126, 118)], 10, 18, (240, 190, 90))


def place_citadel(cv):
    plaza(cv, (96, 86, 90))
    dark = (82, 76, 86)
    cv.poly([(30, 168), (38, 80), (162, 80), (170, 168)], dark, INK, 2.6)
    for x in range(36, 164, 16):
        cv.poly([(x, 82), (x + 5, 66), (x + 10, 82)], (60, 56, 64), INK, 1.6)
    cv.rect(74, 30, 52, 60, (70, 64, 76), INK, 2.4)
    for x in range(74, 126, 13):
        cv.poly([(x, 32), (x + 6, 14), (x + 12, 32)], (60, 56, 64), INK, 1.6)
    cv.poly([(82, 168), (82, 126), (100, 112), (118, 126), (118, 168)], (30, 20, 26), INK, 2.0)
    for x in range(86, 118, 7):  # portcullis
        cv.line((x, 124), (x, 166), (110, 100, 110), 1.4)
    windows(cv, [(92, 50), (50, 110), (144, 110)], 8, 12, (230, 70, 50))
    for x in (20, 180):  # spikes
        cv.line((x, 170), (x, 110), (120, 110, 116), 2.6)
        cv.poly([(x - 4, 112), (x, 98), (x + 4, 112)], (200, 196, 200), INK, 1.4)


def place_cottage(cv):
    plaza(cv, (80, 80, 86))
    # a dead tree
    cv.lines([(160, 168), (156, 100), (170, 70)], (60, 50, 54), 6)
    cv.lines([(157, 112), (134, 84)], (60, 50, 54), 4)
    cv.lines([(164, 84), (186, 66)], (60, 50, 54), 3)
    cv.poly([(40, 168), (40, 96), (130, 96), (130, 168)], (96, 78, 88), INK, 2.4)
    cv.poly([(28, 102), (84, 46), (144, 102)], (50, 40, 56), INK, 2.4)
    cv.rect(104, 52, 12, 30, STONE_D, INK, 1.6)
    cv.rect(72, 128, 24, 40, (40, 24, 34), INK, 1.8, r=10)
    # heart-shaped window, glowing red
    hx, hy = 85, 80
    heart = (bez((hx, hy + 12), (hx - 16, hy), (hx - 8, hy - 10), (hx, hy - 3))
             + bez((hx, hy - 3), (hx + 8, hy - 10), (hx + 16, hy), (hx, hy + 12)))
    cv.poly(heart, (220, 40, 70), INK, 1.8)
    windows(cv, [(50, 116), (108, 116)], 10, 12, (200, 60, 80))


PLACE_ART = {
    "baba_yagas_hut": place_baba, "angelstar_shrine": place_angelstar,
    "tower_of_faces": place_faces, "tower_of_unquenched_flame": place_flame,
    "pearlthorn_castle": place_pearlthorn, "arch_of_triumph": place_arch,
    "blade_miller": place_miller, "soulwash_temple": place_temple, "madhouse": place_madhouse,
    "immortals_resting_place": place_graves, "soul_mine": place_mine,
    "chrysotas_chapel": place_chapel, "citadel_of_torture": place_citadel,
    "darkheart_cottage": place_cottage,
}


def draw_place(name: str) -> pygame.Surface:
    cv = Canvas(200, 200, 2 * CELL_PX, 2 * CELL_PX)
    PLACE_ART[name](cv)
    return cv.finish()


# ----- icons: actions, dice, coin, treasure ------------------------------------------
def badge(cv: Canvas) -> None:
    cv.circle((50, 50), 45, SLATE, INK, 2.4)
    cv.ring((50, 50), 41.5, GOLD, 2.6)
    cv.circle((50, 50), 38, shade(SLATE, 1.18), None)


def icon_move(cv):
    for s in (-1, 1):  # a pair of wings
        pts = [(50 + s * 4, 56), (50 + s * 36, 26), (50 + s * 34, 40), (50 + s * 30, 46),
               (50 + s * 30, 54), (50 + s * 24, 58), (50 + s * 22, 66), (50 + s * 8, 66)]
        cv.poly(pts, PARCH, INK, 2.0)
    cv.poly([(50, 18), (62, 34), (55, 34), (55, 48), (45, 48), (45, 34), (38, 34)], GOLD_L,
            INK, 2.0)


def ring_mark(cv, c, r, col=GOLD):
    cv.circle(c, r, col, INK, 2.0)
    cv.circle(c, r * 0.55, SLATE, INK, 1.6)


def icon_claim(cv):
    ring_mark(cv, (50, 56), 20)
    cv.rect(44, 16, 12, 24, PARCH, INK, 1.6)
    cv.rect(38, 22, 24, 12, PARCH, INK, 1.6)
    cv.rect(45, 17, 10, 22, PARCH, None)


def icon_claim_settlement(cv):
    ring_mark(cv, (36, 60), 15, (200, 80, 70))
    ring_mark(cv, (64, 40), 15)
    cv.lines(arc_pts((50, 50), 26, 26, 110, 200, 10), PARCH, 3.0)
    cv.poly([(20, 40), (24, 28), (30, 40)], PARCH, None)
    cv.lines(arc_pts((50, 50), 26, 26, 290, 380, 10), PARCH, 3.0)
    cv.poly([(70, 60), (76, 72), (80, 60)], PARCH, None)


def icon_destroy(cv):
    flame(cv, (50, 54), 1.15)
    cv.poly([(26, 78), (74, 78), (70, 84), (30, 84)], STONE_D, INK, 1.6)


def icon_steal_cavern(cv):
    cv.poly([(16, 80)] + arc_pts((50, 80), 32, 44, 180, 360, 16) + [(84, 80)], STONE, INK, 2.2)
    cv.poly([(32, 80)] + arc_pts((50, 80), 16, 24, 180, 360, 12) + [(68, 80)], (30, 24, 30),
            INK, 1.8)
    hand(cv, (58, 40))


def hand(cv, c):
    x, y = c
    cv.circle((x, y), 9, GOLD, GOLD_D, 1.8)
    cv.poly([(x - 16, y + 6), (x - 6, y + 4), (x + 6, y + 10), (x + 12, y + 20),
             (x - 10, y + 24), (x - 18, y + 16)], PARCH, INK, 1.8)


def icon_steal_chest(cv):
    cv.rect(20, 50, 60, 32, WOOD, INK, 2.2, r=4)
    cv.poly([(20, 50), (26, 34), (74, 34), (80, 50)], WOOD_D, INK, 2.0)
    cv.rect(44, 56, 12, 12, GOLD, INK, 1.4)
    hand(cv, (54, 26))


def icon_steal_for_thief(cv):
    # a thief's domino mask
    pts = (bez((12, 44), (30, 30), (44, 38), (50, 42)) + bez((50, 42), (56, 38), (70, 30),
                                                           (88, 44))
           + bez((88, 44), (84, 64), (64, 66), (50, 56)) + bez((50, 56), (36, 66), (16, 64),
                                                             (12, 44)))
    cv.poly(pts, (40, 36, 44), PARCH, 2.4)
    cv.ellipse(26, 42, 16, 10, PARCH, None)
    cv.ellipse(58, 42, 16, 10, PARCH, None)
    cv.circle((34, 47), 3, INK, None)
    cv.circle((66, 47), 3, INK, None)
    coins_pile(cv, [(40, 78), (52, 76), (62, 80)], 6)


def icon_attack(cv):
    for s in (-1, 1):  # claw marks
        for i in (-1, 0, 1):
            x = 50 + i * 14
            pts = bez((x - 10 * s + 6, 18), (x + 4, 50), (x - 6, 82), n=10)
            cv.lines(pts, (230, 80, 70), 5 - abs(i))
        break


def icon_abandon(cv):
    ring_mark(cv, (50, 50), 22)
    cv.line((28, 28), (72, 72), (220, 70, 60), 6)
    cv.line((72, 28), (28, 72), (220, 70, 60), 6)


def d6_face(cv, x, y, s, pips, fill=(250, 246, 236)):
    cv.rect(x, y, s, s, fill, INK, 2.2, r=s * 0.2)
    spots = {1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)],
             3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
             4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
             5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
             6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75),
                 (0.73, 0.75)]}[pips]
    for px, py in spots:
        cv.circle((x + px * s, y + py * s), s * 0.09, INK, None)


def icon_gamble(cv):
    ring_mark(cv, (36, 60), 17)
    d6_face(cv, 44, 22, 34, 5)


def icon_end_turn(cv):
    # an hourglass
    cv.rect(28, 16, 44, 8, WOOD, INK, 1.8, r=3)
    cv.rect(28, 76, 44, 8, WOOD, INK, 1.8, r=3)
    glass = [(34, 24), (66, 24), (54, 50), (66, 76), (34, 76), (46, 50)]
    cv.poly(glass, (210, 230, 240), INK, 2.0)
    cv.poly([(40, 30), (60, 30), (50, 46)], (236, 200, 120), None)
    cv.poly([(50, 58), (62, 74), (38, 74)], (236, 200, 120), None)


ACTION_ART = {
    "move": icon_move, "claim": icon_claim, "claim_settlement": icon_claim_settlement,
    "destroy": icon_destroy, "steal_cavern": icon_steal_cavern, "steal_chest": icon_steal_chest,
    "steal_for_thief": icon_steal_for_thief, "attack": icon_attack, "abandon": icon_abandon,
    "gamble": icon_gamble, "end_turn": icon_end_turn,
}


def draw_action(name: str) -> pygame.Surface:
    cv = Canvas(100, 100, CELL_PX, CELL_PX)
    badge(cv)
    ACTION_ART[name](cv)
    return cv.finish(shadow=0.7)


def draw_d20() -> pygame.Surface:
    cv = Canvas(100, 100, CELL_PX, CELL_PX)
    c = (50, 52)
    outer = regular(c, 44, 6, -90)
    cv.poly(outer, (244, 238, 226), INK, 2.6)
    inner = regular(c, 26, 3, 90)
    cv.poly(inner, (255, 252, 244), INK, 2.0)
    for i, p in enumerate(outer):
        q = inner[((i + 1) // 2) % 3]
        cv.line(p, q, INK, 1.6)
    cv.text("20", (50, 44), 15, (150, 40, 40), None)
    return cv.finish()


def draw_d6() -> pygame.Surface:
    cv = Canvas(100, 100, CELL_PX, CELL_PX)
    cv.poly([(14, 30), (46, 14), (86, 24), (54, 40)], (232, 226, 212), INK, 2.2)
    cv.poly([(54, 40), (86, 24), (86, 70), (54, 88)], (210, 202, 188), INK, 2.2)
    cv.poly([(14, 30), (54, 40), (54, 88), (14, 76)], (250, 246, 236), INK, 2.2)
    for px, py in ((24, 42), (44, 48), (34, 59), (24, 70), (44, 76)):
        cv.circle((px, py), 3.8, INK, None)
    for px, py in ((64, 46), (76, 62)):
        cv.circle((px, py), 3.4, INK, None)
    cv.circle((50, 27), 3.6, INK, None)
    return cv.finish()


def draw_coin() -> pygame.Surface:
    cv = Canvas(100, 100, CELL_PX, CELL_PX)
    cv.circle((50, 52), 42, GOLD_D, INK, 2.6)
    cv.circle((50, 48), 40, GOLD, None)
    cv.ring((50, 48), 32, GOLD_D, 2.0)
    cv.circle((50, 48), 30, GOLD_L, None)
    cv.text("N", (50, 46), 34, GOLD_D, None)
    return cv.finish()


def draw_treasure() -> pygame.Surface:
    cv = Canvas(100, 100, CELL_PX, CELL_PX)
    ruby, ruby_d, ruby_l = (214, 40, 80), (130, 20, 50), (255, 140, 170)
    top = [(22, 38), (36, 20), (64, 20), (78, 38)]
    cv.poly(top + [(50, 90)], ruby, INK, 2.6)
    cv.poly([(22, 38), (78, 38), (50, 90)], ruby_d, INK, 2.0)
    cv.poly([(36, 38), (64, 38), (50, 90)], ruby, INK, 1.4)
    cv.poly([(36, 20), (64, 20), (58, 38), (42, 38)], ruby_l, INK, 1.4)
    cv.poly(star((28, 22), 8, 2.5, 4), (255, 255, 255), None)
    return cv.finish()


# ----- cards -------------------------------------------------------------------------
CARD_GROUP = {
    "speedster": "move", "jumper": "move", "orienteer": "move", "horror": "move",
    "peacemaker": "move", "fighter": "fight", "defender": "fight", "sneaker": "theft",
    "robber": "theft", "watcher": "theft", "destroyer": "ruin", "inciter": "ruin",
    "pro_creator": "wealth", "governor": "wealth", "sheriff": "wealth", "mayor": "wealth",
    "vigor": "wild", "leader": "wild", "copier": "wild", "trickster": "wild",
}
GROUP_COLOUR = {
    "move": (60, 120, 190), "fight": (180, 50, 50), "theft": (70, 60, 90),
    "ruin": (200, 110, 40), "wealth": (190, 150, 40), "wild": (120, 70, 160),
}


def card_icon(cv: Canvas, name: str, c) -> None:
    x, y = c
    if name == "speedster":
        for i, dy in enumerate((-12, 0, 12)):
            cv.line((x - 30, y + dy), (x - 8 - i * 4, y + dy), PARCH, 3)
        cv.poly([(x - 6, y - 20), (x + 20, y - 20), (x + 20, y + 8), (x + 30, y + 14),
                 (x + 30, y + 22), (x - 6, y + 22)], (150, 90, 50), INK, 2.0)
        for s in (0, 1):
            cv.poly([(x + 4, y - 18 + s * 8), (x + 26, y - 34 + s * 8), (x + 16, y - 12 + s * 8)],
                    PARCH, INK, 1.6)
    elif name == "fighter":
        cv.poly([(x - 4, y + 16), (x - 4, y - 34), (x, y - 40), (x + 4, y - 34), (x + 4, y + 16)],
                (220, 226, 236), INK, 2.0)
        cv.rect(x - 16, y + 14, 32, 6, GOLD, INK, 1.6, r=2)
        cv.rect(x - 3, y + 20, 6, 14, WOOD, INK, 1.4)
        cv.circle((x, y + 36), 4, GOLD, INK, 1.4)
    elif name == "sneaker":
        cv.poly([(x - 24, y + 26), (x - 20, y - 10), (x, y - 30), (x + 20, y - 10),
                 (x + 24, y + 26)], (60, 56, 70), INK, 2.2)
        cv.ellipse(x - 12, y - 14, 24, 26, (20, 18, 24), None)
        cv.circle((x - 5, y - 4), 2.2, GOLD_L, None)
        cv.circle((x + 5, y - 4), 2.2, GOLD_L, None)
    elif name == "destroyer":
        cv.line((x - 20, y + 30), (x + 12, y - 14), WOOD, 6)
        cv.poly([(x - 2, y - 30), (x + 30, y - 2), (x + 20, y + 8), (x - 12, y - 20)],
                (150, 150, 160), INK, 2.0)
    elif name == "jumper":
        cv.lines(arc_pts((x, y + 16), 28, 36, 180, 340, 16), PARCH, 3.0)
        cv.poly([(x + 22, y + 2), (x + 34, y + 4), (x + 26, y + 14)], PARCH, None)
        ring_mark(cv, (x - 26, y + 24), 8)
    elif name == "robber":
        cv.poly([(x - 22, y + 28), (x - 24, y - 2), (x - 10, y - 18), (x + 10, y - 18),
                 (x + 24, y - 2), (x + 22, y + 28)], (170, 140, 100), INK, 2.2)
        cv.line((x - 12, y - 20), (x + 12, y - 20), INK, 3)
        cv.text("3", (x, y + 6), 22, GOLD, INK, 1.2)
    elif name == "horror":
        pts = [(x - 22, y + 30), (x - 22, y - 8)] + arc_pts((x, y - 8), 22, 26, 180, 360, 12)
        pts += [(x + 22, y + 30), (x + 14, y + 22), (x + 7, y + 30), (x, y + 22),
                (x - 7, y + 30), (x - 14, y + 22)]
        cv.poly(pts, (230, 236, 240), INK, 2.2)
        cv.ellipse(x - 12, y - 14, 8, 12, INK, None)
        cv.ellipse(x + 4, y - 14, 8, 12, INK, None)
        cv.ellipse(x - 5, y + 2, 10, 12, INK, None)
    elif name == "watcher":
        pts = bez((x - 32, y), (x, y - 26), (x + 32, y)) + bez((x + 32, y), (x, y + 26),
                                                               (x - 32, y))[1:]
        cv.poly(pts, PARCH, INK, 2.2)
        cv.circle((x, y), 12, (70, 130, 190), INK, 1.8)
        cv.circle((x, y), 5, INK, None)
        cv.circle((x - 3, y - 3), 2, (255, 255, 255), None)
    elif name == "orienteer":
        cv.circle((x, y), 30, PARCH, INK, 2.2)
        cv.poly([(x, y - 26), (x + 7, y), (x - 7, y)], (200, 50, 50), INK, 1.4)
        cv.poly([(x, y + 26), (x + 7, y), (x - 7, y)], (230, 230, 236), INK, 1.4)
        cv.circle((x, y), 3, GOLD, INK, 1.0)
    elif name == "peacemaker":
        body = bez((x - 26, y + 6), (x - 10, y - 18), (x + 18, y - 8)) + [(x + 30, y - 14),
                                                                           (x + 22, y + 4)]
        body += bez((x + 22, y + 4), (x, y + 24), (x - 26, y + 6))[1:]
        cv.poly(body, (250, 250, 252), INK, 2.0)
        cv.poly([(x - 6, y - 2), (x + 8, y - 30), (x + 12, y - 4)], (236, 238, 244), INK, 1.8)
        cv.lines(arc_pts((x + 30, y + 6), 10, 12, 180, 260, 6), (80, 150, 70), 2.4)
    elif name == "pro_creator":
        house(cv, x - 18, y - 14, 36, 40, ROOF_RED)
        cv.rect(x + 14, y - 36, 8, 24, GOLD_L, INK, 1.4)
        cv.rect(x + 6, y - 28, 24, 8, GOLD_L, INK, 1.4)
        cv.rect(x + 15, y - 35, 6, 22, GOLD_L, None)
    elif name == "governor":
        cv.rect(x - 22, y - 26, 44, 52, PARCH, INK, 2.0, r=3)
        for i in range(4):
            cv.line((x - 14, y - 14 + i * 10), (x + 14, y - 14 + i * 10), PARCH_D, 2)
        cv.circle((x + 14, y + 22), 9, (190, 40, 40), INK, 1.6)
    elif name == "vigor":
        emblem(cv, "bolt", c, 30, GOLD_L, INK, 1.6)
    elif name == "sheriff":
        cv.poly(star(c, 32, 15, 6), GOLD, INK, 2.2)
        for p in star(c, 32, 15, 6)[::2]:
            cv.circle(p, 4, GOLD, INK, 1.4)
        cv.circle(c, 9, GOLD_L, INK, 1.4)
    elif name == "mayor":
        cv.rect(x - 16, y - 30, 32, 36, (40, 36, 44), INK, 2.0, r=3)
        cv.rect(x - 26, y + 4, 52, 8, (40, 36, 44), INK, 2.0, r=3)
        cv.rect(x - 16, y - 4, 32, 6, (190, 40, 40), None)
        cv.lines(arc_pts((x, y + 14), 18, 14, 10, 170, 10), GOLD, 2.6)
        cv.circle((x, y + 30), 5, GOLD, INK, 1.4)
    elif name == "inciter":
        cv.line((x - 14, y + 32), (x + 4, y - 4), WOOD, 6)
        flame(cv, (x + 8, y - 14), 0.9)
    elif name == "leader":
        cv.line((x - 18, y + 34), (x - 18, y - 34), WOOD_D, 4)
        cv.poly([(x - 18, y - 32), (x + 26, y - 24), (x + 14, y - 12), (x + 26, y),
                 (x - 18, y - 4)], (190, 40, 40), INK, 2.0)
    elif name == "defender":
        pts = [(x - 24, y - 26), (x + 24, y - 26), (x + 24, y)] + bez((x + 24, y),
                                                                     (x + 20, y + 22), (x, y + 32))
        pts += bez((x, y + 32), (x - 20, y + 22), (x - 24, y))[1:]
        cv.poly(pts, (70, 110, 170), INK, 2.4)
        cv.poly([(x - 4, y - 26), (x + 4, y - 26), (x + 4, y + 30), (x - 4, y + 30)], GOLD, None)
        cv.rect(x - 24, y - 8, 48, 8, GOLD, None)
        cv.poly(pts, None, INK, 2.4)
    elif name == "copier":
        cv.rect(x - 24, y - 26, 32, 42, (230, 224, 210), INK, 2.0, r=3)
        cv.rect(x - 8, y - 14, 32, 42, PARCH, INK, 2.0, r=3)
        cv.poly(star((x + 8, y + 7), 10, 4), GOLD, INK, 1.4)
    elif name == "trickster":
        pts = [(x - 28, y - 4), (x - 22, y - 30), (x - 8, y - 10), (x, y - 34), (x + 8, y - 10),
               (x + 22, y - 30), (x + 28, y - 4)]
        cv.poly(pts + [(x + 20, y + 10), (x - 20, y + 10)], (130, 70, 170), INK, 2.0)
        for p in (pts[1], pts[3], pts[5]):
            cv.circle(p, 4, GOLD, INK, 1.4)
        cv.ellipse(x - 20, y + 4, 40, 26, PARCH, INK, 2.0)
        cv.lines(arc_pts((x, y + 14), 9, 6, 20, 160, 8), INK, 1.6)
    else:
        raise ValueError(name)


def draw_card(name: str) -> pygame.Surface:
    cv = Canvas(100, 140, 160, 224)
    col = GROUP_COLOUR[CARD_GROUP[name]]
    cv.rect(3, 3, 94, 134, col, INK, 2.4, r=8)
    cv.rect(8, 8, 84, 124, PARCH, shade(col, 0.6), 1.4, r=5)
    cv.rect(12, 12, 76, 84, shade(col, 1.55), shade(col, 0.6), 1.2, r=4)
    cv.circle((50, 54), 34, shade(col, 1.35), None)
    card_icon(cv, name, (50, 54))
    title = name.replace("_", "-").upper() if name != "pro_creator" else "PRO-CREATOR"
    size = 11 if len(title) <= 9 else 9
    cv.rect(10, 104, 80, 20, col, INK, 1.6, r=4)
    cv.text(title, (50, 113.5), size, PARCH, INK, 0.8)
    return cv.finish(shadow=0.6)


# ----- logo --------------------------------------------------------------------------
def draw_logo() -> pygame.Surface:
    pal = PALETTES["normal"]
    dragon = draw_dragon("green", pal)
    cv = Canvas(300, 110, 1200, 440)
    cv.s.blit(pygame.transform.smoothscale(dragon, (round(110 * cv.k), round(110 * cv.k))),
              (round(-4 * cv.k), 0))
    cv.text("NARBY", (196, 36), 40, GOLD_L, INK, 2.2)
    cv.text("CONQUEST", (196, 78), 30, PARCH, INK, 2.0)
    cv.lines([(110, 100), (282, 100)], GOLD, 1.6)
    for x in (110, 282):
        cv.poly(star((x, 100), 4, 1.6, 4), GOLD_L, None)
    return cv.finish(light=False)


# ----- output ------------------------------------------------------------------------
def all_sprites():
    """(relative path without .png, surface) for every sprite, palettes included."""
    for pal_name, pal in PALETTES.items():
        base = "" if pal_name == "normal" else f"{pal_name}/"
        for d in DRAGONS:
            yield f"{base}dragon/{d}", lambda d=d, pal=pal: draw_dragon(d, pal)
            yield f"{base}cavern/{d}", lambda d=d, pal=pal: draw_cavern(d, pal)
            yield f"{base}ring/{d}", lambda d=d, pal=pal: draw_ring(d, pal)
            yield f"{base}gamble/{d}", lambda d=d, pal=pal: draw_ring(d, pal, gamble=True)
    for k in ("town", "city", "ruin"):
        yield f"settlement/{k}", lambda k=k: draw_settlement(k)
    for p in PLACES:
        yield f"place/{p}", lambda p=p: draw_place(p)
    yield "chest", draw_chest
    for a in ACTIONS:
        yield f"action/{a}", lambda a=a: draw_action(a)
    for c in CARDS:
        yield f"card/{c}", lambda c=c: draw_card(c)
    yield "die/d20", draw_d20
    yield "die/d6", draw_d6
    yield "coin", draw_coin
    yield "treasure", draw_treasure
    yield "logo", draw_logo


def contact_sheet(paths: list[Path], size: int = 64) -> pygame.Surface:
    cols = 16
    rows = (len(paths) + cols - 1) // cols
    sheet = pygame.Surface((cols * (size + 8) + 8, rows * (size + 8) + 8))
    sheet.fill((104, 150, 84))
    for i, path in enumerate(paths):
        img = pygame.image.load(str(path))
        w, h = img.get_size()
        k = size / max(w, h)
        img = pygame.transform.smoothscale(img, (round(w * k), round(h * k)))
        x, y = 8 + (i % cols) * (size + 8), 8 + (i // cols) * (size + 8)
        sheet.blit(img, (x + (size - img.get_width()) // 2, y + (size - img.get_height()) // 2))
    return sheet


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=SPRITES)
    parser.add_argument("--sheet", type=Path, help="also save a contact sheet of every sprite")
    parser.add_argument("--only", help="only sprites whose path contains this")
    args = parser.parse_args(argv)
    pygame.init()
    random.seed(0)  # nothing should use it; pinned in case a drawing ever does
    written = []
    for rel, make in all_sprites():
        if args.only and args.only not in rel:
            continue
        path = args.out / f"{rel}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(make(), str(path))
        written.append(path)
    print(f"wrote {len(written)} sprites to {args.out}")
    if args.sheet:
        pygame.image.save(contact_sheet(written), str(args.sheet))
        print(f"wrote {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

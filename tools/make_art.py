"""Draw every sprite of the game into assets/sprites/ (re-runnable, deterministic).

    .venv/bin/python tools/make_art.py            # writes assets/sprites/**.png
    .venv/bin/python tools/make_art.py --sheet /tmp/art_sheet.png   # also a contact sheet

Nothing is downloaded: each sprite is drawn with pygame shapes on a canvas 4x its final
size in "units" (one board cell = 100 units), given ink outlines, one light from the top
left and a soft drop shadow, then smooth-scaled down (the supersampling is the
anti-aliasing). Same code, same pixels: there is no unseeded randomness.

The application icon (window, desktop entry) goes to assets/icons/narby-conquest-N.png
in the usual sizes (16 to 256 px).

Sizes: 1x1 pieces and icons 128 px, 2x2 pieces (dragons, places) 256 px, cards
160x224, the logo 1200x440. Sprites in a dragon's colour are drawn once per palette
(game.ui.art.PALETTES); the colour-blind ones go to assets/sprites/colourblind/.

The places, actions and cards drawn are the registered ones (game.registry, each at its
spec's art key) that have a drawing here (PLACE_ART, ACTION_ART, CARD_GROUP); a registered
item with neither a drawing nor a shipped file is named at the end ("no drawing for
action/<key>; the window draws a stand-in").
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
from game import desktop, registry  # noqa: E402
from game.tables import DRAGONS  # noqa: E402
from game.ui.art import EMBLEMS, FONT_BOLD_PATH, PALETTES, SPRITES  # noqa: E402
from tools.art_board import all_board_art  # noqa: E402

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


def draw_horns(cv: Canvas, cx: float, horns: str, horn_col: Colour, ink: Colour) -> None:
    """The two horns of a dragon's BUILD, behind its head."""
    hs = {"swept": ((-13, 26), (-30, 46)), "long": ((-12, 24), (-24, 56)),
          "curled": ((-14, 26), (-30, 30)), "fin": ((-16, 28), (-32, 22)),
          "crown": ((-13, 24), (-26, 36)), "blunt": ((-15, 28), (-24, 40)),
          "bone": ((-13, 26), (-22, 48))}[horns]
    for s in (-1, 1):
        base = (cx + s * abs(hs[0][0]), hs[0][1])
        tip = (cx + s * abs(hs[1][0]), hs[1][1])
        if horns == "curled":
            pts = [(base[0], base[1] - 5)] + bez((base[0], base[1] - 5), (tip[0], tip[1] - 14),
                                                 (tip[0] + s * 2, tip[1] + 6), n=8)
            pts += [(tip[0] - s * 5, tip[1] + 2), (base[0], base[1] + 5)]
        elif horns == "fin":
            pts = [(base[0], base[1] - 8), tip, (tip[0] - s * 3, tip[1] + 20),
                   (base[0], base[1] + 10)]
        else:
            mid = ((base[0] + tip[0]) / 2 + s * 2, (base[1] + tip[1]) / 2 - 3)
            pts = [(base[0], base[1] - 5), mid, tip, (base[0] - s * 1, base[1] + 6)]
        cv.poly(pts, horn_col, ink, 2.0)


def draw_dragon(name: str, pal: dict[str, Colour], px: int = 2 * CELL_PX) -> pygame.Surface:
    """Top-down dragon, head up, filling its 2x2 footprint: bat wings, tail, the emblem
    on its back. BUILD varies horns and wing edges so shapes differ, not only hues."""
    cv = Canvas(200, 200, px, px)
    col = pal[name]
    ink = ink_for(col)
    membrane = mix(shade(col, 0.62), col, 0.25)
    bone = shade(col, 1.3) if lum(col) < 200 else shade(col, 0.85)
    light = shade(col, 1.3)
    belly = mix(col, PARCH, 0.5)
    horns, wings = BUILD[name]
    if name == "undead":
        bone = PARCH
    cx = 100
    # tail: tapered S-curve from the hips to a spade
    spine = bez((cx, 128), (cx + 2, 158), (cx + 38, 150), (cx + 44, 182), n=24)
    left, right = [], []
    for i, (x, y) in enumerate(spine):
        j = min(i, len(spine) - 2)
        dx, dy = spine[j + 1][0] - spine[j][0], spine[j + 1][1] - spine[j][1]
        d = math.hypot(dx, dy) or 1
        nx, ny = -dy / d, dx / d
        half = 12 * (1 - i / len(spine)) + 1.8
        left.append((x + nx * half, y + ny * half))
        right.append((x - nx * half, y - ny * half))
    tx, ty = spine[-1]

    def wing(s: int):
        sh = (cx + s * 16, 80)
        elbow = (cx + s * 46, 56)
        wrist = (cx + s * 70, 26)
        tips = [(cx + s * 97, 42), (cx + s * 97, 88), (cx + s * 78, 126)]
        root = (cx + s * 20, 120)
        pts = [sh, elbow, wrist, tips[0]]
        prev = tips[0]
        for t in tips[1:] + [root]:
            mx, my = (prev[0] + t[0]) / 2, (prev[1] + t[1]) / 2
            # pull the edge towards the wrist: a scallop between two fingers
            vx, vy = wrist[0] - mx, wrist[1] - my
            dd = math.hypot(vx, vy) or 1
            if wings == "tattered":
                a = (prev[0] + (t[0] - prev[0]) * 0.3 + vx / dd * 14,
                     prev[1] + (t[1] - prev[1]) * 0.3 + vy / dd * 14)
                b = (mx + vx / dd * 4, my + vy / dd * 4)
                c2 = (prev[0] + (t[0] - prev[0]) * 0.7 + vx / dd * 16,
                      prev[1] + (t[1] - prev[1]) * 0.7 + vy / dd * 16)
                pts += [a, b, c2, t]
            elif wings == "plated":
                pts += [(mx + vx / dd * 12, my + vy / dd * 12), t]
            else:
                depth = 20 if wings == "scallop" else 11
                pts += bez(prev, (mx + vx / dd * depth, my + vy / dd * depth), t, n=12)[1:]
            prev = t
        return pts, sh, elbow, wrist, tips

    for s in (-1, 1):
        pts, sh, elbow, wrist, tips = wing(s)
        cv.poly(pts, membrane, ink, 2.4)
        for t in tips:  # finger bones fan from the wrist
            cv.line(wrist, t, ink, 4.2)
            cv.line(wrist, t, bone, 2.0)
        cv.lines([sh, elbow, wrist], ink, 6.4)
        cv.lines([sh, elbow, wrist], bone, 3.6)
        cv.poly([(wrist[0], wrist[1] - 3), (wrist[0] + s * 4, wrist[1] - 12),
                 (wrist[0] + s * 6, wrist[1] - 1)], PARCH, ink, 1.4)  # thumb claw
        if wings == "plated":
            for t in tips:
                for f in (0.35, 0.65):
                    cv.circle((wrist[0] + (t[0] - wrist[0]) * f, wrist[1] + (t[1] - wrist[1]) * f),
                              2.0, light, ink, 1.0)
    # tail with a spade
    cv.poly([(tx - 2, ty - 8), (tx + 14, ty - 6), (tx + 8, ty + 14), (tx - 6, ty + 4)], col, ink,
            2.2)
    cv.poly(left + right[::-1], col, ink, 2.4)
    for i in range(4, len(spine) - 4, 4):  # tail ridge
        x, y = spine[i]
        cv.circle((x, y), 2.2 * (1 - i / len(spine)) + 1.2, light, None)
    # legs: clawed feet tucked at the sides
    for s in (-1, 1):
        for fy, fx in ((84, 25), (128, 24)):
            cv.ellipse(cx + s * fx - 9, fy - 7, 18, 15, shade(col, 0.85), ink, 2.0)
            for k in (-5, 0, 5):
                px, py = cx + s * (fx + 8), fy + k
                cv.poly([(px, py - 2), (px + s * 6, py), (px, py + 2)], PARCH, ink, 1.0)
    # body and neck
    cv.ellipse(cx - 28, 64, 56, 80, col, ink, 2.6)
    cv.ellipse(cx - 19, 74, 38, 62, mix(col, belly, 0.35), None)
    cv.poly([(cx - 13, 74), (cx - 10, 40), (cx + 10, 40), (cx + 13, 74)], col, None)
    cv.line((cx - 13, 74), (cx - 10, 40), ink, 2.6)
    cv.line((cx + 13, 74), (cx + 10, 40), ink, 2.6)
    for y in (48, 56, 64):  # neck scales
        cv.lines(arc_pts((cx, y - 5), 8, 5, 30, 150, 6), shade(col, 0.8), 1.2)
    # horns behind the head
    horn_col = PARCH if horns == "bone" else mix(PARCH, col, 0.2)
    draw_horns(cv, cx, horns, horn_col, ink)
    # head: broad skull narrowing to the snout
    head = [(cx - 17, 40), (cx - 20, 26), (cx - 12, 12), (cx - 8, 3), (cx + 8, 3),
            (cx + 12, 12), (cx + 20, 26), (cx + 17, 40), (cx, 48)]
    cv.poly(head, col, ink, 2.6)
    cv.poly([(cx - 6, 10), (cx, 6), (cx + 6, 10), (cx + 3, 34), (cx - 3, 34)], light, None)
    if horns == "crown":
        for dx in (-8, 0, 8):
            cv.poly([(cx + dx - 3.5, 38), (cx + dx, 26 - (5 if dx == 0 else 0)),
                     (cx + dx + 3.5, 38)], horn_col, ink, 1.4)
    eye = (190, 255, 200) if name == "undead" else (255, 222, 90)
    for s in (-1, 1):  # eyes and nostrils
        cv.poly([(cx + s * 6, 24), (cx + s * 16, 21), (cx + s * 15, 29)], eye, INK, 1.4)
        cv.circle((cx + s * 12, 25), 1.3, INK, None)
        cv.circle((cx + s * 4, 8), 1.4, INK, None)
    # the emblem on the back: the dragon's sign, readable without colour
    medallion(cv, (cx, 104), 21, name, pal, 2.6)
    return cv.finish()


# ----- caverns, rings ----------------------------------------------------------------
def draw_cavern(name: str, pal: dict[str, Colour]) -> pygame.Surface:
    """A craggy mound with a dark mouth framed by an arch of the dragon's colour and its
    emblem on the keystone."""
    cv = Canvas(100, 100, CELL_PX, CELL_PX)
    col = pal[name]
    rock = mix(STONE, col, 0.3)
    rock_d = shade(rock, 0.7)
    rock_l = shade(rock, 1.22)
    ink = ink_for(rock)
    mound = [(6, 88), (7, 66), (14, 50), (22, 44), (26, 32), (38, 24), (46, 26), (54, 18),
             (66, 24), (74, 36), (84, 42), (90, 58), (94, 72), (94, 88)]
    cv.poly(mound, rock, ink, 2.4)
    # lit facets on the upper left of each crag, shade on the lower right
    for pts, c in (([(14, 50), (22, 44), (26, 32), (30, 46), (18, 58)], rock_l),
                   ([(38, 24), (46, 26), (54, 18), (50, 36), (40, 34)], rock_l),
                   ([(66, 24), (74, 36), (84, 42), (74, 46), (66, 36)], rock_l),
                   ([(84, 42), (90, 58), (94, 72), (86, 70), (80, 52)], rock_d),
                   ([(7, 66), (14, 50), (18, 58), (14, 76)], rock_d)):
        cv.poly(pts, c, None)
    for a, b in (((26, 32), (30, 46)), ((54, 18), (50, 36)), ((74, 36), (74, 46)),
                 ((90, 58), (86, 70)), ((14, 50), (18, 58))):
        cv.line(a, b, ink, 1.2)
    # the mouth, with a hoard glinting inside
    mouth = [(30, 90)] + arc_pts((50, 66), 20, 24, 180, 360, 20) + [(70, 90)]
    cv.poly(mouth, (24, 18, 24), INK, 2.0)
    for x, y in ((40, 86), (46, 82), (54, 85), (60, 87), (50, 88), (44, 88)):
        cv.circle((x, y), 3.0, GOLD, GOLD_D, 0.9)
    # the arch of dressed stones in the dragon's colour
    arch_col = col
    for i in range(7):
        a0, a1 = 180 + i * 180 / 7, 180 + (i + 1) * 180 / 7
        stone = arc_pts((50, 66), 30, 34, a0, a1, 4) + arc_pts((50, 66), 21, 25, a1, a0, 4)
        cv.poly(stone, shade(arch_col, 1.08 if i % 2 else 0.92), ink_for(arch_col), 1.4)
    for x in (19, 71):  # jambs
        cv.rect(x, 66, 10, 24, arch_col, ink_for(arch_col), 1.4)
        cv.line((x + 1, 78), (x + 9, 78), ink_for(arch_col), 1.0)
    cv.poly([(4, 88), (96, 88), (94, 95), (6, 95)], rock_d, ink, 1.8)
    medallion(cv, (50, 27), 17, name, pal, 2.2)
    return cv.finish()


def draw_ring(name: str, pal: dict[str, Colour], gamble: bool = False) -> pygame.Surface:
    cv = Canvas(100, 100, CELL_PX, CELL_PX)
    col = pal[name]
    ink = INK
    c = (50, 50)
    if not gamble:
        # a thin band of the owner's colour round a big parchment face: the emblem is
        # the readable part at 16-20 px (issue 34), so it gets most of the disc
        cv.circle(c, 47, col, ink, 3.2)
        cv.circle(c, 36, PARCH, ink, 2.8)
        emblem(cv, EMBLEMS[name], c, 31, shade(col, 0.75) if lum(col) < 200 else INK,
               ink, 2.0)
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
        ground(cv, (48, 78), 42, 14, STONE_D)
        # curtain wall with crenellations
        cv.rect(14, 58, 68, 28, STONE, INK, 2.0)
        for x in range(16, 80, 9):
            cv.rect(x, 52, 5, 7, STONE, INK, 1.2)
        cv.rect(40, 68, 16, 18, (40, 32, 36), INK, 1.6, r=7)
        # towers and a keep with slate roofs, a banner on top
        for tx in (6, 76):
            cv.rect(tx, 44, 15, 44, STONE_L, INK, 2.0)
            cv.poly([(tx - 3, 46), (tx + 7.5, 26), (tx + 18, 46)], ROOF_SLATE, INK, 2.0)
            cv.rect(tx + 5, 56, 5, 8, (250, 220, 120), INK, 1.1, r=2.5)
        cv.rect(32, 26, 32, 34, STONE_L, INK, 2.0)
        cv.poly([(28, 28), (48, 6), (68, 28)], ROOF_SLATE, INK, 2.0)
        cv.line((48, 6), (48, 2), INK, 1.4)
        cv.poly([(48, 2), (60, 5), (48, 9)], (214, 56, 48), INK, 1.2)
        for wx in (38, 52):
            cv.rect(wx, 36, 6, 9, (250, 220, 120), INK, 1.2, r=3)
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
    cv.rect(12, 46, 74, 40, WOOD, INK, 2.4, r=4)
    for y in (54, 66, 78):
        cv.line((14, y), (84, y), WOOD_D, 1.2)
    for x in (14, 76):
        cv.rect(x, 46, 8, 40, (120, 120, 132), INK, 1.6)
    cv.rect(44, 52, 12, 16, GOLD, INK, 1.6, r=2)
    cv.circle((50, 58), 2.0, INK, None)
    coins_pile(cv, [(12, 88), (86, 88), (80, 92)], 4.5)
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
    body = [(34, 170), (34, 58), (166, 58), (166, 170), (128, 170)] + \
        arc_pts((100, 118), 28, 42, 0, -180, 20) + [(72, 170)]
    cv.poly(body, (222, 208, 180), INK, 2.6)
    for y in range(76, 170, 16):  # coursed stone
        cv.line((36, y), (70, y), (196, 180, 150), 1.4)
        cv.line((130, y), (164, y), (196, 180, 150), 1.4)
    cv.rect(28, 40, 144, 20, (236, 224, 198), INK, 2.4)
    cv.rect(42, 22, 116, 20, (212, 198, 170), INK, 2.2)
    for x in (46, 140):
        cv.rect(x, 72, 14, 96, (238, 228, 204), INK, 1.6)
    # a victor's laurel wreath over the keystone, a golden quadriga sign on the attic
    for s in (-1, 1):
        pts = arc_pts((100, 80), 14, 12, 90 - s * 10, 90 - s * 150, 10)
        cv.lines(pts, (70, 130, 60), 2.4)
        for x, y in pts[1::2]:
            cv.ellipse(x - 3, y - 2, 6, 4, (96, 160, 80), INK, 0.8)
    cv.poly([(80, 22), (100, 4), (120, 22)], GOLD, INK, 2.0)
    cv.poly(star((100, 32), 7, 3), GOLD_L, INK, 1.2)


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
    cv.poly([(14, 84), (18, 58), (30, 40), (50, 32), (70, 40), (82, 58), (86, 84)], STONE, INK,
            2.2)
    cv.poly([(32, 84)] + arc_pts((50, 84), 17, 26, 180, 360, 12) + [(68, 84)], (30, 24, 30),
            INK, 1.8)
    grab(cv, (50, 62), (72, 22))




def grab(cv, src, dst):
    """A coin lifted out along a curved arrow: theft."""
    path = bez(src, (src[0] - 4, dst[1] + 8), (dst[0] - 14, dst[1] + 2), n=12)
    (x0, y0), (x1, y1) = path[-2], path[-1]
    d = math.hypot(x1 - x0, y1 - y0) or 1
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    head = [(x1 + ux * 7, y1 + uy * 7), (x1 - uy * 6, y1 + ux * 6), (x1 + uy * 6, y1 - ux * 6)]
    cv.lines(path, INK, 6.4)
    cv.poly(head, PARCH, INK, 1.6)
    cv.lines(path, PARCH, 3.4)
    coin_icon(cv, (dst[0] + 4, dst[1] - 2), 10)


def coin_icon(cv, c, r):
    cv.circle(c, r, GOLD, INK, 2.0)
    cv.circle(c, r * 0.62, GOLD_L, None)
    cv.ring(c, r * 0.62, GOLD_D, 1.2)


def icon_steal_chest(cv):
    cv.rect(18, 54, 64, 30, WOOD, INK, 2.2, r=4)
    cv.poly([(18, 54), (24, 40), (76, 40), (82, 54)], WOOD_D, INK, 2.0)
    for x in (24, 70):
        cv.rect(x, 54, 6, 30, (120, 120, 132), INK, 1.2)
    cv.rect(44, 58, 12, 12, GOLD, INK, 1.4)
    grab(cv, (40, 46), (70, 20))


def icon_steal_for_thief(cv):
    # a thief's domino mask over a coin
    coin_icon(cv, (50, 72), 13)
    pts = (bez((12, 40), (30, 26), (44, 34), (50, 38)) + bez((50, 38), (56, 34), (70, 26),
                                                           (88, 40))
           + bez((88, 40), (84, 60), (64, 62), (50, 52)) + bez((50, 52), (36, 62), (16, 60),
                                                             (12, 40)))
    cv.poly(pts, (30, 26, 34), PARCH, 2.4)
    cv.ellipse(26, 38, 16, 10, PARCH, None)
    cv.ellipse(58, 38, 16, 10, PARCH, None)
    cv.circle((34, 43), 3, INK, None)
    cv.circle((66, 43), 3, INK, None)


def icon_attack(cv):
    # two crossed claws/swords: a clash
    for s in (-1, 1):
        a, b = (50 - s * 28, 78), (50 + s * 24, 22)
        cv.line(a, b, INK, 8)
        cv.line(a, b, (226, 230, 238), 4.4)
        cv.line((50 - s * 34, 66), (50 - s * 16, 80), GOLD, 4.4)
        cv.circle((50 - s * 31, 83), 3.4, GOLD, INK, 1.2)
    cv.poly(star((50, 50), 10, 4, 8), (255, 200, 90), INK, 1.2)


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
    hexa = regular(c, 44, 6, -90)  # top, upper right, lower right, bottom, ...
    tri = regular(c, 25, 3, -90)  # the face towards us: top, lower right, lower left
    cv.poly(hexa, (236, 228, 214), INK, 2.6)
    for pts, f in (((hexa[0], hexa[1], tri[0]), 1.06), ((hexa[1], tri[1], tri[0]), 0.97),
                   ((hexa[1], hexa[2], tri[1]), 0.9), ((hexa[2], hexa[3], tri[1]), 0.86),
                   ((hexa[3], tri[2], tri[1]), 0.92), ((hexa[3], hexa[4], tri[2]), 0.9),
                   ((hexa[4], hexa[5], tri[2]), 1.0), ((hexa[5], tri[0], tri[2]), 1.04),
                   ((hexa[5], hexa[0], tri[0]), 1.08)):
        cv.poly(pts, shade((236, 228, 214), f), INK, 1.4)
    cv.poly(tri, (252, 248, 240), INK, 2.0)
    cv.text("20", (50, 56), 14, (160, 40, 40), None)
    cv.poly(hexa, None, INK, 2.6)
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
    else:
        _card_icon_more(cv, name, c)


def _card_icon_more(cv: Canvas, name: str, c) -> None:
    """card_icon for the second half of the cards."""
    x, y = c
    if name == "pro_creator":
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
    """Title art: Narby, the green dragon, beside the name in gilded letters."""
    cv = Canvas(300, 110, 1200, 440)
    dragon = draw_dragon("green", PALETTES["normal"], px=round(104 * cv.k / K))
    cv.s.blit(pygame.transform.smoothscale(dragon, (round(104 * cv.k),) * 2),
              (round(2 * cv.k), round(3 * cv.k)))
    gilded(cv, "NARBY", (200, 38), 40, (255, 238, 150), (214, 150, 40))
    gilded(cv, "CONQUEST", (200, 80), 28, (255, 250, 236), (214, 196, 160))
    cv.lines([(118, 101), (282, 101)], GOLD_D, 2.6)
    cv.lines([(118, 101), (282, 101)], GOLD_L, 1.2)
    for x in (118, 282):
        cv.poly(star((x, 101), 5, 1.8, 4), GOLD_L, GOLD_D, 0.8)
    cv.poly(star((200, 101), 6, 2.2, 4), GOLD_L, GOLD_D, 0.8)
    return cv.finish(light=False)


def gilded(cv: Canvas, txt: str, c, size: float, top: Colour, bottom: Colour) -> None:
    """Letters with a vertical gradient, an ink outline and a dark drop edge."""
    f = pygame.font.Font(FONT_BOLD_PATH, round(size * cv.k))
    face = f.render(txt, True, (255, 255, 255))
    w, h = face.get_size()
    grad = pygame.Surface((1, 8))
    for y in range(8):
        grad.set_at((0, y), mix(top, bottom, y / 7))
    face.blit(pygame.transform.smoothscale(grad, (w, h)), (0, 0),
              special_flags=pygame.BLEND_RGB_MULT)
    ink = f.render(txt, True, INK)
    x, y = cv.p(*c)
    rect = face.get_rect(center=(x, y))
    d = round(2.2 * cv.k)
    for a in range(24):
        ox, oy = math.cos(a * math.pi / 12) * d, math.sin(a * math.pi / 12) * d
        cv.s.blit(ink, rect.move(ox, oy + d * 0.6))
        cv.s.blit(ink, rect.move(ox, oy))
    cv.s.blit(face, rect)


# ----- the application icon ------------------------------------------------------------
ICON_SIZES = desktop.ICON_SIZES  # the hicolor theme's usual sizes
ICON_NAME = desktop.APP_ID


def draw_icon(px: int) -> pygame.Surface:
    """The application icon (window, desktop menu): Narby, the green dragon, on a slate
    tile in a gilded frame. Drawn afresh for each size, so small icons stay crisp."""
    cv = Canvas(100, 100, px, px)
    cv.rect(3, 3, 94, 94, GOLD, INK, 2.4, r=20)
    cv.rect(8, 8, 84, 84, shade(SLATE, 1.18), None, r=15)
    dragon = draw_dragon("green", PALETTES["normal"], px=max(32, round(0.86 * px)))
    size = round(86 * cv.k)
    cv.s.blit(pygame.transform.smoothscale(dragon, (size, size)), (round(7 * cv.k),) * 2)
    return cv.finish(shadow=0, light=False)


def all_icons():
    """(file name without .png, maker) for every size of the application icon."""
    for n in ICON_SIZES:
        yield f"{ICON_NAME}-{n}", lambda n=n: draw_icon(n)


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
    places, actions, cards = registered()
    for key, p in places:
        yield key, lambda p=p: draw_place(p)
    yield "chest", draw_chest
    for key, a in actions:
        yield key, lambda a=a: draw_action(a)
    for key, c in cards:
        yield key, lambda c=c: draw_card(c)
    yield "die/d20", draw_d20
    yield "die/d6", draw_d6
    yield "coin", draw_coin
    yield "treasure", draw_treasure
    yield "logo", draw_logo


def registered() -> tuple[list[tuple[str, str]], ...]:
    """(art key, item key) of the registered places, actions and cards (game.registry, in
    its order) whose art is their own and drawn here; a spec that borrows another's art
    key has nothing to draw."""
    def own(specs, drawings):
        return [(s.art_key, s.key) for s in specs
                if s.art_key.partition("/")[2] == s.key and s.key in drawings]
    return (own(registry.places(), PLACE_ART), own(registry.actions(), ACTION_ART),
            own(registry.cards(), CARD_GROUP))


def undrawn() -> list[str]:
    """The art keys of registered items this script has no drawing for: the window draws
    a stand-in for each (game.ui.generic_art) until one is added here."""
    drawn = {key for group in registered() for key, _item in group}
    keys = ([p.art_key for p in registry.places()] + [a.art_key for a in registry.actions()]
            + [c.art_key for c in registry.cards()])
    # (a borrowed key names a drawn or shipped sprite: nothing is missing)
    return [k for k in keys if k not in drawn and not (SPRITES / f"{k}.png").exists()]


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
    dressing = 0
    for rel, make in all_board_art():  # terrain textures, transitions, banners
        if args.only and args.only not in rel:
            continue
        path = args.out / f"{rel}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(make(), str(path))
        dressing += 1
    print(f"wrote {len(written)} sprites and {dressing} board dressings to {args.out}")
    for key in undrawn():
        print(f"no drawing for {key}; the window draws a stand-in")
    icons = args.out.parent / "icons"  # assets/icons beside assets/sprites
    made = 0
    for rel, make in all_icons():
        if args.only and args.only not in rel:
            continue
        icons.mkdir(parents=True, exist_ok=True)
        pygame.image.save(make(), str(icons / f"{rel}.png"))
        made += 1
    print(f"wrote {made} icons to {icons}")
    if args.sheet:
        pygame.image.save(contact_sheet(written), str(args.sheet))
        print(f"wrote {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Draw the terrain tileset: assets/tiles/terrain.png + terrain.tsx (re-runnable, seeded).

    .venv/bin/python tools/make_tileset.py

Shapes are drawn on an opaque 4x canvas and smooth-scaled down, then a faint per-pixel
grain is added, so tiles read as soft painted ground at 32-48 px. Nothing crosses a
tile edge except the shore, snow-line and road bands, which are drawn to meet their
neighbours. Water, mountains and rocks carry `blocked=true`; every tile names its
`terrain`. The .tsx carries Wang sets so Tiled's terrain brush paints shores, snow
lines and roads with the right transition tiles.

Layout (8 columns of 32 px): 16 base tiles, 16 roads (ROAD_FIRST + mask), 47 shores,
rocks, 47 snow edges, snowy pines. tools/make_maps.py picks ids via the *_id helpers.
"""

from __future__ import annotations

import math
import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import argparse  # noqa: E402

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "tiles"
S = 32  # tile size
K = 4  # supersampling factor
COLUMNS = 8
SEED = 20240611

# (name, terrain, blocked) for the first 16 ids
BASE = [
    ("grass", "grass", False), ("grass_tufts", "grass", False),
    ("grass_clover", "grass", False), ("meadow", "meadow", False),
    ("forest", "forest", False), ("hills", "hills", False),
    ("sand", "sand", False), ("snow", "snow", False),
    ("shallow_water", "shallow_water", True), ("deep_water", "deep_water", True),
    ("mountain", "mountain", True), ("peak", "mountain", True),
    ("dirt", "dirt", False), ("pines", "forest", False),
    ("meadow_bloom", "meadow", False), ("grass_stones", "grass", False),
]
N, E, SO, W = 1, 2, 4, 8  # neighbour bits (SO: south, since S is the tile size)
NE, SE, SW, NW = 16, 32, 64, 128
ROAD_FIRST = 16  # + mask of N/E/SO/W neighbours that are road
SHORE_FIRST = 32  # + index in EDGE_MASKS: a water cell with land around
ROCKS = SHORE_FIRST + 47
SNOW_FIRST = ROCKS + 1  # + index in EDGE_MASKS: a snow cell with bare ground around
SNOWY_PINES = SNOW_FIRST + 47
# variants that break up repeats in large patches (same terrain as their first form)
VARIANTS = ["forest_b", "pines_b", "hills_b", "mountain_b", "peak_b", "rocks_b", "snow_b",
            "sand_b", "bridge_ew", "bridge_ns", "forest_c", "pines_c", "hills_c", "meadow_c",
            "snow_c", "dirt_b"]
VARIANT_FIRST = SNOWY_PINES + 1

PAL = {
    "grass": (108, 164, 76), "grass_dark": (86, 140, 62), "grass_light": (134, 186, 92),
    "sand": (226, 204, 148), "sand_wet": (196, 174, 122), "foam": (226, 240, 240),
    "water": (82, 158, 204), "water_light": (128, 190, 224), "deep": (62, 130, 188),
    "deep_light": (92, 154, 206), "dirt": (176, 138, 90), "dirt_dark": (140, 106, 68),
    "dirt_light": (198, 164, 112), "snow": (236, 242, 248), "snow_shade": (204, 218, 236),
    "rock": (146, 140, 132), "rock_light": (192, 186, 176), "rock_dark": (98, 92, 92),
    "scree": (132, 146, 104), "canopy": (58, 116, 58), "canopy_light": (96, 154, 80),
    "canopy_dark": (36, 82, 44), "pine": (44, 100, 66), "pine_light": (74, 134, 88),
    "trunk": (98, 72, 48), "plank": (160, 116, 72), "plank_dark": (112, 78, 48),
}
_CORNERS = ((NE, N, E), (SE, SO, E), (SW, SO, W), (NW, N, W))


def reduce_edges(mask: int) -> int:
    """Drop a corner bit when one of its edges is set: the edge band already covers it."""
    for corner, a, b in _CORNERS:
        if mask & (a | b):
            mask &= ~corner
    return mask


EDGE_MASKS = sorted({reduce_edges(m) for m in range(256)})
assert len(EDGE_MASKS) == 47


def tile_id(name: str) -> int:
    if name == "rocks":
        return ROCKS
    if name == "snowy_pines":
        return SNOWY_PINES
    if name in VARIANTS:
        return VARIANT_FIRST + VARIANTS.index(name)
    return [b[0] for b in BASE].index(name)


def road_id(mask: int) -> int:
    return ROAD_FIRST + mask


def shore_id(mask: int) -> int:
    return SHORE_FIRST + EDGE_MASKS.index(reduce_edges(mask))


def snow_edge_id(mask: int) -> int:
    return SNOW_FIRST + EDGE_MASKS.index(reduce_edges(mask))


# -- drawing helpers ------------------------------------------------------------------

def big(colour: tuple[int, int, int]) -> pygame.Surface:
    """An opaque 4x canvas: drawing on transparent pixels would leave dark fringes after
    smoothscale, which does not premultiply alpha."""
    surface = pygame.Surface((S * K, S * K))
    surface.fill(colour)
    return surface


def shade(c: tuple[int, ...], d: int) -> tuple[int, int, int]:
    return tuple(max(0, min(255, v + d)) for v in c[:3])


def shadow(layer: pygame.Surface, rect, rgba: tuple[int, int, int, int]) -> None:
    """A translucent ellipse (draw functions overwrite pixels; this blends)."""
    temp = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
    pygame.draw.ellipse(temp, rgba, rect)
    layer.blit(temp, (0, 0))


def grain(tile: pygame.Surface, rng: random.Random, amp: int) -> pygame.Surface:
    """A faint per-pixel jitter: texture without structure, so no seams."""
    for y in range(S):
        for x in range(S):
            tile.set_at((x, y), shade(tile.get_at((x, y)), rng.randint(-amp, amp)))
    return tile


def finish(layer: pygame.Surface, rng: random.Random, amp: int = 4) -> pygame.Surface:
    return grain(pygame.transform.smoothscale(layer, (S, S)), rng, amp)


def tufts(tile: pygame.Surface, rng: random.Random, n: int, margin: int = 2) -> None:
    """Little grass blades: a dark V with a light tip, kept off the edges."""
    for _ in range(n):
        x, y = rng.randint(margin + 1, S - margin - 2), rng.randint(margin + 2, S - margin - 1)
        for dx, dy in ((0, 0), (1, -1), (-1, -1)):
            tile.set_at((x + dx, y + dy), PAL["grass_dark"])
        tile.set_at((x, y - 2), PAL["grass_light"])


def dots(tile: pygame.Surface, rng: random.Random, colour, n: int, size: int = 1) -> None:
    for _ in range(n):
        tile.fill(colour, (rng.randint(1, S - 1 - size), rng.randint(1, S - 1 - size), size,
                           size))


# -- ground tiles ---------------------------------------------------------------------

def grass(rng: random.Random, kind: str = "plain") -> pygame.Surface:
    t = finish(big(PAL["grass"]), rng)
    tufts(t, rng, {"plain": 3, "tufts": 9, "clover": 2, "stones": 2}[kind])
    if kind == "clover":
        for _ in range(4):
            x, y = rng.randint(3, S - 5), rng.randint(3, S - 5)
            for dx, dy in ((0, 0), (1, 0), (0, 1)):
                t.set_at((x + dx, y + dy), PAL["grass_light"])
    if kind == "stones":
        for _ in range(3):
            x, y = rng.randint(3, S - 6), rng.randint(3, S - 6)
            t.fill(PAL["rock_dark"], (x, y + 1, 3, 2))
            t.fill(PAL["rock_light"], (x, y, 3, 2))
    return t


def meadow(rng: random.Random, bloom: bool = False) -> pygame.Surface:
    """Grass of the same colour as plain grass, so a meadow reads by its flowers, not as
    a pale square."""
    t = finish(big(PAL["grass"]), rng)
    tufts(t, rng, 5)
    palette = [(252, 252, 244), (250, 214, 80), (238, 130, 164), (186, 150, 236)]
    colours = palette if bloom else palette[:2]
    for i in range(20 if bloom else 14):
        x, y = 2 + (i * 7 + rng.randint(0, 6)) % (S - 5), rng.randint(3, S - 4)
        c = colours[i % len(colours)]
        t.set_at((x, y + 1), PAL["grass_dark"])
        t.set_at((x, y), c)
        t.set_at((x + 1, y), c)
        t.set_at((x, y - 1), shade(c, -30))
    return t


def broadleaf(layer: pygame.Surface, rng: random.Random, cx: float, cy: float,
              r: float) -> None:
    cx, cy = cx + rng.uniform(-0.8, 0.8), cy + rng.uniform(-0.8, 0.8)
    shadow(layer, ((cx - r + 1.5) * K, (cy - r / 2 + 3.5) * K, 2 * r * K, r * K * 1.3),
           (*PAL["canopy_dark"], 150))
    pygame.draw.circle(layer, PAL["canopy_dark"], (cx * K, cy * K), r * K)
    pygame.draw.circle(layer, PAL["canopy"], ((cx - 0.6) * K, (cy - 0.6) * K), (r - 1) * K)
    pygame.draw.circle(layer, PAL["canopy_light"], ((cx - 2.2) * K, (cy - 2.4) * K),
                       r * 0.45 * K)


FOREST_SPOTS = [[(9, 9), (23, 8), (16, 17), (7, 24), (25, 24)],
                [(8, 8), (20, 6), (25, 17), (12, 19), (20, 26), (6, 27)],
                [(11, 7), (24, 11), (8, 19), (19, 22), (26, 26)]]
PINE_SPOTS = [[(9, 15, 12), (22, 13, 11), (16, 27, 13), (6, 28, 10), (26, 28, 11)],
              [(7, 13, 10), (17, 11, 12), (26, 16, 10), (11, 27, 12), (23, 28, 12)],
              [(12, 14, 11), (25, 12, 10), (6, 24, 11), (19, 28, 12)]]


def forest(rng: random.Random, variant: int = 0) -> pygame.Surface:
    layer = big(shade(PAL["grass"], -8))
    for cx, cy in FOREST_SPOTS[variant]:
        broadleaf(layer, rng, cx, cy, rng.uniform(6.2, 7.2))
    return finish(layer, rng)


def pine(layer: pygame.Surface, rng: random.Random, cx: float, base_y: float, h: float,
         snowy: bool = False) -> None:
    cx += rng.uniform(-0.8, 0.8)
    w = h * 0.42
    shadow(layer, ((cx - w + 1) * K, (base_y - 1.5) * K, (2 * w + 2) * K, 3.5 * K),
           (*PAL["canopy_dark"], 120 if snowy else 140))
    layer.fill(PAL["trunk"], ((cx - 0.7) * K, (base_y - 2) * K, 1.4 * K, 2.5 * K))
    for i, frac in enumerate((1.0, 0.75, 0.5)):
        top = base_y - h + (1 - frac) * h * 0.2 + i * h * 0.22
        ww = w * frac
        pts = [((cx - ww) * K, (top + h * 0.55) * K), (cx * K, top * K),
               ((cx + ww) * K, (top + h * 0.55) * K)]
        pygame.draw.polygon(layer, PAL["pine"], pts)
        pygame.draw.polygon(layer, PAL["pine_light"], [pts[0], pts[1],
                                                       (cx * K, (top + h * 0.55) * K)])
        if snowy:
            pygame.draw.polygon(layer, PAL["snow"], [
                ((cx - ww * 0.45) * K, (top + h * 0.25) * K), (cx * K, top * K),
                ((cx + ww * 0.45) * K, (top + h * 0.25) * K)])


def pines(rng: random.Random, snowy: bool = False, variant: int = 0) -> pygame.Surface:
    layer = big(PAL["snow"] if snowy else shade(PAL["grass"], -8))
    for cx, base_y, h in PINE_SPOTS[variant]:
        pine(layer, rng, cx, base_y, h, snowy)
    return finish(layer, rng, 3 if snowy else 4)


HILL_SPOTS = [[(12, 12, 10.5, 6.5), (22, 23, 9, 5.5), (7, 25, 5.5, 3.5)],
              [(20, 10, 9.5, 6), (10, 21, 9.5, 6), (25, 25, 5, 3.5)],
              [(15, 16, 12, 7.5), (7, 7, 5, 3.5), (25, 26, 5, 3.5)]]


def hills(rng: random.Random, variant: int = 0) -> pygame.Surface:
    """Rounded mounds, wider than tall, lit from the upper left."""
    layer = big(PAL["grass"])
    for cx, cy, rx, ry in HILL_SPOTS[variant]:
        rect = pygame.Rect(0, 0, 2 * rx * K, 2 * ry * K)
        rect.center = (cx * K, cy * K)
        shadow(layer, rect.move(K * 2, K * 2), (50, 90, 40, 120))
        pygame.draw.ellipse(layer, shade(PAL["grass_dark"], -12), rect)
        pygame.draw.ellipse(layer, shade(PAL["grass"], 4),
                            rect.inflate(-K * 2, -K * 2.5).move(-K, -K * 1.2))
        pygame.draw.ellipse(layer, PAL["grass_light"],
                            rect.inflate(-rx * K * 0.9, -ry * K * 1.2).move(-K * 3, -K * 2))
    t = finish(layer, rng)
    tufts(t, rng, 2)
    return t


def sand(rng: random.Random, variant: int = 0) -> pygame.Surface:
    layer = big(PAL["sand"])
    if variant:  # wind ripples
        for y in (8, 17, 26):
            pygame.draw.arc(layer, PAL["sand_wet"], (4 * K, y * K, 24 * K, 5 * K),
                            math.pi * 0.2, math.pi * 0.8, K)
    t = finish(layer, rng, 5)
    dots(t, rng, PAL["sand_wet"], 10)
    dots(t, rng, shade(PAL["sand"], 14), 8)
    return t


def drifts(layer: pygame.Surface, rng: random.Random) -> None:
    for cx, cy, w in [(10, 11, 12), (22, 22, 10)]:
        cx, cy = cx + rng.uniform(-1, 1), cy + rng.uniform(-1, 1)
        pygame.draw.arc(layer, PAL["snow_shade"], ((cx - w / 2) * K, cy * K, w * K, 5 * K),
                        math.pi * 0.1, math.pi * 0.9, K)


def snow(rng: random.Random) -> pygame.Surface:
    layer = big(PAL["snow"])
    drifts(layer, rng)
    t = finish(layer, rng, 3)
    dots(t, rng, PAL["snow_shade"], 6)
    return t


def dirt(rng: random.Random) -> pygame.Surface:
    t = finish(big(PAL["dirt"]), rng, 5)
    dots(t, rng, PAL["dirt_dark"], 10)
    dots(t, rng, PAL["dirt_light"], 8)
    return t


def waves(layer: pygame.Surface, rng: random.Random, deep: bool = False) -> None:
    light = PAL["deep_light" if deep else "water_light"]
    for _ in range(3 if deep else 4):
        x, y, w = rng.uniform(6, S - 13), rng.uniform(6, S - 7), rng.uniform(5, 8)
        pygame.draw.arc(layer, light, (x * K, y * K, w * K, 3 * K), math.pi * 0.15,
                        math.pi * 0.85, int(K * 0.9))


def water(rng: random.Random, deep: bool = False) -> pygame.Surface:
    layer = big(PAL["deep" if deep else "water"])
    waves(layer, rng, deep)
    return finish(layer, rng, 3)


def peak(layer: pygame.Surface, px: float, top: float, hw: float, base_y: float,
         cap: float) -> None:
    """One mountain: lit west face, shaded east face, a snow cap of `cap` of its height."""
    shadow(layer, ((px - hw) * K, (base_y - 2) * K, 2 * hw * K, 4 * K), (40, 50, 40, 90))
    pts = [((px - hw) * K, base_y * K), (px * K, top * K), ((px + hw) * K, base_y * K)]
    pygame.draw.polygon(layer, PAL["rock"], pts)
    pygame.draw.polygon(layer, PAL["rock_light"], [pts[0], pts[1], ((px - 1) * K, base_y * K)])
    pygame.draw.polygon(layer, PAL["rock_dark"], [pts[1], pts[2], ((px + 2) * K, base_y * K)])
    cy = top + (base_y - top) * cap
    cw = hw * cap
    pygame.draw.polygon(layer, PAL["snow"], [((px - cw) * K, cy * K), (px * K, top * K),
                                             ((px + cw) * K, cy * K),
                                             ((px + cw * 0.3) * K, (cy - 1.2) * K),
                                             ((px - cw * 0.4) * K, (cy + 0.6) * K)])
    pygame.draw.polygon(layer, PAL["snow_shade"], [(px * K, top * K), ((px + cw) * K, cy * K),
                                                   ((px + cw * 0.3) * K, (cy - 1.2) * K)])


def mountain(rng: random.Random, snowy: bool = False, variant: int = 0) -> pygame.Surface:
    """A massif filling the cell on rocky scree, so neighbouring cells read as a range."""
    layer = big(PAL["snow"] if snowy else PAL["scree"])
    if not snowy:
        for _ in range(10):
            x, y = rng.uniform(2, S - 4), rng.uniform(2, S - 3)
            pygame.draw.ellipse(layer, shade(PAL["scree"], rng.choice([-14, 12])),
                                (x * K, y * K, 2.5 * K, 1.5 * K))
    cap = 0.45 if snowy else 0.32
    jitter = rng.uniform(-1, 1)
    if variant:
        peak(layer, 10 + jitter, 4, 10, 29, cap)
        peak(layer, 23, 10, 8.5, 30, cap)
    else:
        peak(layer, 24 + jitter, 9, 9, 29, cap)
        peak(layer, 8 - jitter, 8, 9, 29, cap)
        peak(layer, 16, 2.5, 11.5, 31, cap)
    return finish(layer, rng, 3)


ROCK_SPOTS = [[(11, 13, 7), (21, 11, 5.5), (19, 22, 7.5), (9, 24, 4.5)],
              [(20, 14, 8), (10, 10, 5), (10, 22, 6), (24, 25, 4)]]


def rocks(rng: random.Random, variant: int = 0) -> pygame.Surface:
    layer = big(PAL["grass"])
    for cx, cy, r in ROCK_SPOTS[variant]:
        shadow(layer, ((cx - r + 1) * K, (cy + r * 0.3) * K, 2 * r * K, r * K),
               (40, 60, 40, 100))
        rect = pygame.Rect((cx - r) * K, (cy - r * 0.8) * K, 2 * r * K, 1.6 * r * K)
        pygame.draw.ellipse(layer, PAL["rock_dark"], rect)
        pygame.draw.ellipse(layer, PAL["rock"], rect.inflate(-K * 2, -K * 2).move(-K, -K))
        pygame.draw.ellipse(layer, PAL["rock_light"],
                            rect.inflate(-r * K, -r * K * 0.9).move(-K * 2, -K * 1.5))
    t = finish(layer, rng)
    tufts(t, rng, 2)
    return t


# -- transition tiles -----------------------------------------------------------------

def road(rng: random.Random, mask: int) -> pygame.Surface:
    layer = big(PAL["grass"])
    c, half, edge = S * K / 2, 5.5 * K, 1.2 * K
    for colour, extra in ((PAL["dirt_dark"], edge), (PAL["dirt"], 0)):
        w = half + extra
        pygame.draw.circle(layer, colour, (c, c), w)
        for bit, rect in ((N, (c - w, 0, 2 * w, c)), (SO, (c - w, c, 2 * w, c)),
                          (W, (0, c - w, c, 2 * w)), (E, (c, c - w, c, 2 * w))):
            if mask & bit:
                layer.fill(colour, rect)
    t = finish(layer, rng)
    for _ in range(6):  # pebbles near the middle, clear of the joins at the edges
        t.set_at((rng.randint(12, 19), rng.randint(12, 19)),
                 rng.choice([PAL["dirt_dark"], PAL["dirt_light"]]))
    return t


def banks(layer: pygame.Surface, mask: int, rings: list[tuple[float, tuple]],
          band: float) -> None:
    """Bands along the sides (and corner nubs) of `mask`, drawn over `layer`.

    rings: (inset where the ring starts, colour), outermost first; the open middle
    starts at `band`. Inner corners are rounded; a corner-only neighbour gets a
    quarter-circle nub whose rings line up with the bands of the cells beside it.
    """
    key = (255, 0, 255)
    over = big(rings[0][1])
    pad, radius = S * K, int(band * 1.3)
    for inset, colour in [*rings[1:], (band, key)]:
        left = inset if mask & W else -pad
        top = inset if mask & N else -pad
        right = S * K - inset if mask & E else S * K + pad
        bottom = S * K - inset if mask & SO else S * K + pad
        pygame.draw.rect(over, colour, (left, top, right - left, bottom - top),
                         border_radius=radius)
    ends = [inset for inset, _ in rings[1:]] + [band]
    for bit, at in ((NE, (S * K, 0)), (SE, (S * K, S * K)), (SW, (0, S * K)), (NW, (0, 0))):
        if mask & bit:
            for (_, colour), end in reversed(list(zip(rings, ends, strict=True))):
                pygame.draw.circle(over, colour, at, end)
    over.set_colorkey(key)
    layer.blit(over, (0, 0))


def bridge(rng: random.Random, east_west: bool) -> pygame.Surface:
    """Planks over a one-cell river: banks on the two sides the road comes from."""
    layer = big(PAL["water"])
    waves(layer, rng)
    banks(layer, E | W if east_west else N | SO, [(0, PAL["sand"]), (3.0 * K, PAL["sand_wet"]),
                                                 (4.5 * K, PAL["foam"])], 5.5 * K)
    deck = pygame.Surface((S * K, 14 * K), pygame.SRCALPHA)
    shadow(deck, (2 * K, 9 * K, (S - 4) * K, 5 * K), (20, 40, 60, 90))
    deck.fill(PAL["plank_dark"], (0, 1 * K, S * K, 11 * K))
    for x in range(0, S, 4):
        deck.fill(PAL["plank"], (x * K + K // 2, 2 * K, 3 * K, 9 * K))
    deck.fill(PAL["trunk"], (0, 0, S * K, 1.2 * K))
    deck.fill(PAL["trunk"], (0, 11 * K, S * K, 1.2 * K))
    if not east_west:
        deck = pygame.transform.rotate(deck, 90)
    layer.blit(deck, deck.get_rect(center=(S * K // 2, S * K // 2)))
    return finish(layer, rng, 3)


def shore(rng: random.Random, mask: int) -> pygame.Surface:
    """A water cell whose banks face the land around it: dry sand, wet sand, foam."""
    layer = big(PAL["water"])
    waves(layer, rng)
    banks(layer, mask, [(0, PAL["sand"]), (3.0 * K, PAL["sand_wet"]),
                        (4.5 * K, PAL["foam"])], 5.5 * K)
    return finish(layer, rng, 3)


def snow_edge(rng: random.Random, mask: int) -> pygame.Surface:
    """A snow cell with bare grass creeping in from the sides that are not snow."""
    layer = big(PAL["snow"])
    drifts(layer, rng)
    banks(layer, mask, [(0, PAL["grass"]), (3.0 * K, PAL["grass_light"]),
                        (4.0 * K, PAL["snow_shade"])], 5.0 * K)
    t = finish(layer, rng, 3)
    return t


# -- the sheet and the .tsx ------------------------------------------------------------

def draw_all() -> list[tuple[pygame.Surface, str, bool]]:
    rng = random.Random(SEED)

    def fresh() -> random.Random:  # one stream per tile: editing one leaves the rest
        return random.Random(rng.random())

    makers = {
        "grass": lambda r: grass(r, "plain"), "grass_tufts": lambda r: grass(r, "tufts"),
        "grass_clover": lambda r: grass(r, "clover"), "meadow": meadow, "forest": forest,
        "hills": hills, "sand": sand, "snow": snow, "shallow_water": water,
        "deep_water": lambda r: water(r, deep=True), "mountain": mountain,
        "peak": lambda r: mountain(r, snowy=True), "dirt": dirt, "pines": pines,
        "meadow_bloom": lambda r: meadow(r, bloom=True),
        "grass_stones": lambda r: grass(r, "stones"),
    }
    tiles = [(makers[name](fresh()), terrain, blocked) for name, terrain, blocked in BASE]
    tiles += [(road(fresh(), m), "road", False) for m in range(16)]
    tiles += [(shore(fresh(), m), "shallow_water", True) for m in EDGE_MASKS]
    tiles.append((rocks(fresh()), "rocks", True))
    tiles += [(snow_edge(fresh(), m), "snow", False) for m in EDGE_MASKS]
    tiles.append((pines(fresh(), snowy=True), "forest", False))
    variants = {
        "forest_b": (lambda r: forest(r, 1), "forest", False),
        "pines_b": (lambda r: pines(r, variant=1), "forest", False),
        "hills_b": (lambda r: hills(r, 1), "hills", False),
        "mountain_b": (lambda r: mountain(r, variant=1), "mountain", True),
        "peak_b": (lambda r: mountain(r, snowy=True, variant=1), "mountain", True),
        "rocks_b": (lambda r: rocks(r, 1), "rocks", True),
        "snow_b": (snow, "snow", False),
        "sand_b": (lambda r: sand(r, 1), "sand", False),
        "bridge_ew": (lambda r: bridge(r, True), "bridge", True),
        "bridge_ns": (lambda r: bridge(r, False), "bridge", True),
        "forest_c": (lambda r: forest(r, 2), "forest", False),
        "pines_c": (lambda r: pines(r, variant=2), "forest", False),
        "hills_c": (lambda r: hills(r, 2), "hills", False),
        "meadow_c": (lambda r: meadow(r, bloom=True), "meadow", False),
        "snow_c": (snow, "snow", False),
        "dirt_b": (dirt, "dirt", False),
    }
    tiles += [(make(fresh()), terrain, blocked)
              for make, terrain, blocked in (variants[v] for v in VARIANTS)]
    return tiles


def wang_mixed(mask: int, outside: int, inside: int) -> str:
    """Tiled mixed-Wang id (top, top-right, right, bottom-right, bottom, bottom-left,
    left, top-left) for a cell of colour `inside` whose `mask` sides are `outside`."""
    sides = [mask & N, mask & (N | E | NE), mask & E, mask & (SO | E | SE), mask & SO,
             mask & (SO | W | SW), mask & W, mask & (N | W | NW)]
    return ",".join(str(outside if s else inside) for s in sides)


def wang_road(mask: int) -> str:
    return ",".join("1" if e else "0" for e in [mask & N, 0, mask & E, 0, mask & SO, 0,
                                                 mask & W, 0])


def tsx(tiles: list[tuple[pygame.Surface, str, bool]], rows: int) -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="{S}" '
             f'tileheight="{S}" tilecount="{len(tiles)}" columns="{COLUMNS}">',
             f' <image source="terrain.png" width="{S * COLUMNS}" height="{S * rows}"/>']
    for i, (_, terrain, blocked) in enumerate(tiles):
        lines += [f' <tile id="{i}">', "  <properties>"]
        if blocked:
            lines.append('   <property name="blocked" type="bool" value="true"/>')
        lines += [f'   <property name="terrain" value="{terrain}"/>', "  </properties>",
                  " </tile>"]
    grass_ids = [tile_id(n) for n in ("grass", "grass_tufts", "grass_clover")]

    def mixed_set(name: str, inner: str, inner_id: int, first: int) -> list[str]:
        out = [f'  <wangset name="{name}" type="mixed" tile="{first + EDGE_MASKS.index(N)}">',
               f'   <wangcolor name="Grass" color="#6aa84f" tile="{grass_ids[0]}" '
               'probability="1"/>',
               f'   <wangcolor name="{inner}" color="#3d85c6" tile="{inner_id}" '
               'probability="1"/>']
        out += [f'   <wangtile tileid="{t}" wangid="1,1,1,1,1,1,1,1"/>' for t in grass_ids]
        out.append(f'   <wangtile tileid="{inner_id}" wangid="2,2,2,2,2,2,2,2"/>')
        out += [f'   <wangtile tileid="{first + i}" wangid="{wang_mixed(m, 1, 2)}"/>'
                for i, m in enumerate(EDGE_MASKS) if m]
        return out + ["  </wangset>"]

    lines.append(" <wangsets>")
    lines += mixed_set("Shore", "Water", tile_id("shallow_water"), SHORE_FIRST)
    lines += mixed_set("Snow line", "Snow", tile_id("snow"), SNOW_FIRST)
    lines += [f'  <wangset name="Roads" type="edge" tile="{road_id(N | SO)}">',
              f'   <wangcolor name="Road" color="#b07f4a" tile="{road_id(E | W)}" '
              'probability="1"/>']
    lines += [f'   <wangtile tileid="{road_id(m)}" wangid="{wang_road(m)}"/>'
              for m in range(1, 16)]
    lines += ["  </wangset>", " </wangsets>", "</tileset>", ""]
    return "\n".join(lines)


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                            formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    tiles = draw_all()
    rows = math.ceil(len(tiles) / COLUMNS)
    sheet = pygame.Surface((S * COLUMNS, S * rows), pygame.SRCALPHA)
    for i, (tile, _, _) in enumerate(tiles):
        sheet.blit(tile, ((i % COLUMNS) * S, (i // COLUMNS) * S))
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(OUT / "terrain.png"))
    (OUT / "terrain.tsx").write_text(tsx(tiles, rows))
    print(f"wrote {OUT / 'terrain.png'} ({len(tiles)} tiles) and terrain.tsx")


if __name__ == "__main__":
    main()

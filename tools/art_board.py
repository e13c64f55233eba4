"""The board's dressing, drawn by tools/make_art.py into assets/sprites/ (issue 34).

Terrain (assets/sprites/terrain/, 32 px: one cell of the shipped tileset):
  <class>-<k>.png   a texture laid over a cell of that class: soft mottling, tufts or
                    strokes lit from the top left, transparent between (4 variants)
  ground-<class>    the class's bare ground, opaque, what spills over a border
  edge-<dir>-<k>    a soft, ragged alpha mask from one side or corner of a cell: how
                    far a neighbour's ground reaches in (Wesnoth-style transitions)
Banners (assets/sprites/banner/): cloth-<k>.png, BANNER_FRAMES frames of a pennant's
cloth waving, drawn in white and tinted in the owner's colour when shown; pole.png.

Deterministic: every random number comes from a random.Random seeded per file.

    .venv/bin/python tools/art_board.py --sheet /tmp/board_art.png   # a sheet to look at
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

S = 32  # a cell of the shipped tileset
K = 4  # supersampling
VARIANTS = 4
EDGE_VARIANTS = 2
BANNER_FRAMES = 6
BANNER_SIZE = (48, 64)  # w, h of a banner frame (pole included)
SEED = 3434
DIRS = ("n", "e", "s", "w", "ne", "se", "sw", "nw")

Colour = tuple[int, int, int]
# each dressed class's ground (the shipped tiles' base colours, tools/make_tileset.py)
GROUND: dict[str, Colour] = {
    "grass": (108, 164, 76), "forest": (74, 124, 62), "hills": (122, 172, 84),
    "sand": (226, 204, 148), "dirt": (176, 138, 90), "mountain": (132, 146, 104),
}
# texture per class: (dark, light, blotches, marks, mark kind)
TEXTURE: dict[str, tuple[Colour, Colour, int, int, str]] = {
    "grass": ((62, 112, 44), (172, 206, 104), 7, 7, "tuft"),
    "forest": ((30, 70, 36), (120, 170, 90), 6, 0, "none"),
    "hills": ((70, 118, 50), (182, 214, 120), 6, 3, "arc"),
    "sand": ((186, 160, 108), (248, 232, 190), 6, 10, "speck"),
    "dirt": ((122, 92, 58), (206, 174, 124), 6, 8, "speck"),
}


def _rng(*salt: object) -> random.Random:
    return random.Random(f"{SEED}:" + ":".join(map(str, salt)))


def _wrapped(draw, x: float, y: float) -> None:
    """Draw at (x, y) and at its copies one tile away: a texture meets itself seamlessly."""
    for dx in (-S, 0, S):
        for dy in (-S, 0, S):
            draw(x + dx, y + dy)


def _blotch(canvas: pygame.Surface, colour: Colour, alpha: int, x: float, y: float,
            rx: float, ry: float) -> None:
    temp = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
    temp.fill((*colour, 0))

    def one(px: float, py: float) -> None:
        for i in range(3):  # soft: three nested ellipses, fainter outwards
            f = 1 - i * 0.28
            rect = pygame.Rect(0, 0, 2 * rx * f * K, 2 * ry * f * K)
            rect.center = (round(px * K), round(py * K))
            pygame.draw.ellipse(temp, (*colour, alpha * (i + 1) // 3), rect)

    _wrapped(one, x, y)
    canvas.blit(temp, (0, 0))


def texture(cls: str, k: int) -> pygame.Surface:
    """A transparent overlay of one cell: mottling and marks, light from the top left."""
    dark, light, blotches, marks, kind = TEXTURE[cls]
    rng = _rng("texture", cls, k)
    canvas = pygame.Surface((S * K, S * K), pygame.SRCALPHA)
    canvas.fill((*GROUND[cls], 0))
    for i in range(blotches):
        col, a = (dark, 42) if i % 2 else (light, 36)
        _blotch(canvas, col, a, rng.uniform(0, S), rng.uniform(0, S),
                rng.uniform(3, 7), rng.uniform(2, 5))
    for _ in range(marks):
        x, y = rng.uniform(3, S - 3), rng.uniform(4, S - 3)
        _mark(canvas, kind, x, y, dark, light, rng)
    return pygame.transform.smoothscale(canvas, (S, S))


def _mark(canvas: pygame.Surface, kind: str, x: float, y: float, dark: Colour,
          light: Colour, rng: random.Random) -> None:
    if kind == "tuft":  # three blades fanned out, their left sides catching the light
        for a in (-0.5, 0.0, 0.45):
            h = rng.uniform(2.6, 3.6)
            tip = (x + math.sin(a) * h, y - math.cos(a) * h)
            pygame.draw.line(canvas, (*dark, 200), (x * K, y * K), (tip[0] * K, tip[1] * K), K)
            pygame.draw.line(canvas, (*light, 170), ((x - 0.3) * K, (y - 1.2) * K),
                             ((tip[0] - 0.3) * K, tip[1] * K), max(1, K // 2))
    elif kind == "arc":  # a slope's contour: lit above, shaded below
        rect = pygame.Rect(0, 0, 10 * K, 5 * K)
        rect.center = (round(x * K), round(y * K))
        pygame.draw.arc(canvas, (*light, 150), rect, math.pi * 0.25, math.pi * 0.9, K)
        pygame.draw.arc(canvas, (*dark, 120), rect.move(K, K), math.pi * 1.1, math.pi * 1.7, K)
    elif kind == "speck":  # grains: a dark one with a lit twin up and left
        r = rng.uniform(0.5, 0.9) * K
        pygame.draw.circle(canvas, (*dark, 170), (x * K, y * K), r)
        pygame.draw.circle(canvas, (*light, 150), ((x - 0.6) * K, (y - 0.6) * K), r * 0.7)


def ground(cls: str) -> pygame.Surface:
    """The class's bare ground, opaque, faintly grained (what spills over a border)."""
    rng = _rng("ground", cls)
    tile = pygame.Surface((S, S))
    tile.fill(GROUND[cls])
    for y in range(S):
        for x in range(S):
            d = rng.randint(-5, 5)
            tile.set_at((x, y), tuple(max(0, min(255, v + d)) for v in GROUND[cls]))
    if cls in TEXTURE:
        tile.blit(texture(cls, VARIANTS), (0, 0))  # a variant of its own, not laid on cells
    return tile


def _smooth(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


def edge_mask(direction: str, k: int) -> pygame.Surface:
    """White with alpha: 255 at the side (or corner) a neighbour is on, fading to 0 along
    a wavy, slightly ragged line about a third of the way in."""
    rng = _rng("edge", direction, k)
    phases = [rng.uniform(0, math.tau) for _ in range(3)]
    depth, feather = 10.0, 6.0

    def reach(u: float) -> float:  # u in 0..1 along the side: how far the spill reaches
        return depth + 2.2 * math.sin(u * math.tau + phases[0]) \
            + 1.3 * math.sin(u * 2 * math.tau + phases[1]) \
            + 0.8 * math.sin(u * 5 * math.tau + phases[2])

    mask = pygame.Surface((S, S), pygame.SRCALPHA)
    for y in range(S):
        for x in range(S):
            px, py = x + 0.5, y + 0.5
            if len(direction) == 1:  # a side: distance in from it, position along it
                dist, along = {"n": (py, px), "s": (S - py, px), "w": (px, py),
                               "e": (S - px, py)}[direction]
                lim = reach(along / S)
            else:  # a corner: distance from it, angle around it
                cx = S if "e" in direction else 0
                cy = S if "s" in direction else 0
                dist = math.hypot(px - cx, py - cy)
                lim = reach(math.atan2(abs(py - cy), abs(px - cx)) / (math.pi / 2)) * 0.95
            a = _smooth((lim - dist) / feather + 0.5) * (0.88 + 0.24 * rng.random())
            mask.set_at((x, y), (255, 255, 255, max(0, min(255, round(255 * a)))))
    return mask


def _cloth_edges(k: int, u: float) -> tuple[float, float, float]:
    """x, top y and bottom y of the cloth at u (0 at the pole, 1 at its free end)."""
    phase = k / BANNER_FRAMES * math.tau
    sway = 2.4 * u * math.sin(phase - u * 5.0)  # a wave, growing towards the free end
    x = BANNER_POLE + u * 34.0
    return x, 6.0 + sway + u * 2.0, 28.0 + sway - u * 9.0


BANNER_POLE = 8.0  # the pole's x in a frame (units: frame pixels)
BANNER_INK = (38, 30, 34)


def banner(k: int) -> pygame.Surface:
    """Frame k of a pennant's cloth (no pole): white, shaded where the wave turns away
    from the light, outlined; tinted in the owner's colour when shown."""
    w, h = BANNER_SIZE
    canvas = pygame.Surface((w * K, h * K), pygame.SRCALPHA)
    canvas.fill((250, 250, 250, 0))
    n = 16
    rows = [_cloth_edges(k, i / n) for i in range(n + 1)]
    outline = [(x, t) for x, t, _ in rows] + [(x, b) for x, _, b in reversed(rows)]
    pygame.draw.polygon(canvas, BANNER_INK, [(x * K, y * K) for x, y in outline])
    phase = k / BANNER_FRAMES * math.tau
    for i in range(n):  # strips, each as lit as its slope towards the top-left light
        (x0, t0, b0), (x1, t1, b1) = rows[i], rows[i + 1]
        u = (i + 0.5) / n
        slope = math.cos(phase - u * 5.0) * u
        v = max(150, min(255, round(236 + 60 * slope)))
        pad = 1.3
        quad = [(x0 + (pad if i == 0 else 0), t0 + pad), (x1 - (pad if i == n - 1 else 0),
                t1 + pad), (x1 - (pad if i == n - 1 else 0), b1 - pad),
                (x0 + (pad if i == 0 else 0), b0 - pad)]
        pygame.draw.polygon(canvas, (v, v, v), [(x * K, y * K + 0.5) for x, y in quad])
    return pygame.transform.smoothscale(canvas, (w, h))


def banner_pole() -> pygame.Surface:
    """The banner's pole with a gold knob, lit from the left (not tinted)."""
    w, h = BANNER_SIZE
    canvas = pygame.Surface((w * K, h * K), pygame.SRCALPHA)
    canvas.fill((150, 100, 60, 0))
    x = BANNER_POLE * K
    pygame.draw.line(canvas, BANNER_INK, (x, 3 * K), (x, (h - 2) * K), round(3.6 * K))
    pygame.draw.line(canvas, (150, 100, 60), (x, 4 * K), (x, (h - 3) * K), round(1.8 * K))
    pygame.draw.line(canvas, (196, 148, 96), (x - 0.5 * K, 4 * K), (x - 0.5 * K, (h - 3) * K),
                     round(0.6 * K))
    pygame.draw.circle(canvas, BANNER_INK, (x, 3.5 * K), 3.0 * K)
    pygame.draw.circle(canvas, (236, 188, 64), (x, 3.5 * K), 2.0 * K)
    pygame.draw.circle(canvas, (255, 226, 120), (x - 0.6 * K, 2.9 * K), 0.8 * K)
    return pygame.transform.smoothscale(canvas, (w, h))


def all_board_art():
    """(relative path without .png, maker) for every dressing sprite."""
    for cls in TEXTURE:
        for k in range(VARIANTS):
            yield f"terrain/{cls}-{k}", lambda c=cls, k=k: texture(c, k)
    for cls in GROUND:
        yield f"terrain/ground-{cls}", lambda c=cls: ground(c)
    for d in DIRS:
        for k in range(EDGE_VARIANTS):
            yield f"terrain/edge-{d}-{k}", lambda d=d, k=k: edge_mask(d, k)
    for k in range(BANNER_FRAMES):
        yield f"banner/cloth-{k}", lambda k=k: banner(k)
    yield "banner/pole", banner_pole


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        description="Draw the board's dressing (terrain textures, transition masks, "
        "banner frames) onto one sheet to look at; tools/make_art.py writes the files.")
    parser.add_argument("--sheet", type=Path, default=Path("/tmp/board_art.png"))
    args = parser.parse_args(argv)
    pygame.init()
    made = [make() for _rel, make in all_board_art()]
    cols, cell = 8, 72
    sheet = pygame.Surface((cols * cell, -(-len(made) // cols) * cell))
    sheet.fill((104, 150, 84))
    for i, img in enumerate(made):
        img = pygame.transform.scale_by(img, 2 if img.get_width() <= S else 1)
        sheet.blit(img, ((i % cols) * cell + 4, (i // cols) * cell + 4))
    pygame.image.save(sheet, str(args.sheet))
    print(f"wrote {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""A tile object's picture as Tiled's renderer draws it (game.ui.tiled_draw).

    surface, (left, top) = placed(tile, x, y, w, h, anchor, rotation)

Tiled draws a tile object with a QPainter that has the smooth pixmap transform on and
antialiasing off: a pixel is drawn when its centre falls inside the object's turned
rectangle, and its colour is the tile sampled bilinearly there (pixel centres at +0.5,
edges clamped, colours premultiplied by alpha). `placed` does the same, pixel by pixel,
for objects up to EXACT_MOST pixels (the picture is drawn once per map, so this costs a
few milliseconds an object); a bigger one, or one past the map's EXACT_BUDGET, is
scaled and turned by pygame, the same to the eye. An object neither stretched nor
turned is the tile itself, on the nearest pixel (as Qt draws a moved-only image).
"""

from __future__ import annotations

import math

import pygame

EXACT_MOST = 128 * 128      # pixels of one object's box sampled exactly
EXACT_BUDGET = 100_000      # and of all objects of one drawing (about 0.15 s of CPU here)
# A pixel centre exactly on an edge: Qt fills a scanline's span from its left edge
# (excluded) to its right edge (included), and a rectangle's top edge excludes and its
# bottom includes; sampling a hair to the left (and a far smaller hair up) gives the
# same, for an object at half pixels, stretched or turned by quarter turns (checked
# against tmxrasterizer). On edges at exactly 45 degrees Qt's fixed-point corners decide
# and a few pixels differ.
TIE_X, TIE_Y = 1e-7, 1e-9


class Budget:
    """What is left of one drawing's exact sampling."""

    def __init__(self, pixels: int = EXACT_BUDGET) -> None:
        self.pixels = pixels


def placed(tile: pygame.Surface, x: float, y: float, w: float, h: float,
           anchor: tuple[float, float], rotation: float, budget: Budget | None = None,
           snap: bool = True) -> tuple[pygame.Surface, tuple[int, int]]:
    """The object's picture and where its top-left goes; x, y is the object's point (its
    tileset's anchor on it), w, h its size, rotation clockwise in degrees about x, y.
    With `snap` (Qt's way for an image only moved), an unstretched, unturned tile goes
    on the nearest pixel; without it (a flipped tile, which Qt draws through its
    transform) it is sampled where it falls."""
    ax, ay = anchor
    turn = rotation % 360.0
    left, top = x - ax * w, y - ay * h
    moved_only = not turn and tile.get_size() == (w, h)
    if moved_only and (snap or (left.is_integer() and top.is_integer())):
        return tile, (math.floor(left + 0.5), math.floor(top + 0.5))  # halves up, as Qt
    a = math.radians(turn)
    c, s = math.cos(a), math.sin(a)
    box = bounds(x, y, w, h, anchor, rotation)
    area = (box[2] - box[0]) * (box[3] - box[1])
    if area <= EXACT_MOST and (budget is None or budget.pixels >= area):
        if budget is not None:
            budget.pixels -= area
        return _sampled(tile, x, y, w, h, ax, ay, c, s, box), (box[0], box[1])
    return _approximate(tile, x, y, w, h, ax, ay, turn)


def bounds(x: float, y: float, w: float, h: float, anchor: tuple[float, float],
           rotation: float) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) whole pixels holding the object's turned rectangle."""
    ax, ay = anchor
    a = math.radians(rotation % 360.0)
    c, s = math.cos(a), math.sin(a)
    xs, ys = [], []
    for u in (-ax * w, (1 - ax) * w):
        for v in (-ay * h, (1 - ay) * h):
            xs.append(x + u * c - v * s)
            ys.append(y + u * s + v * c)
    return math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs)), math.ceil(max(ys))


def _sampled(tile: pygame.Surface, x: float, y: float, w: float, h: float, ax: float,
             ay: float, c: float, s: float, box: tuple[int, int, int, int]) -> pygame.Surface:
    sw, sh = tile.get_size()
    src = pygame.image.tobytes(tile, "RGBA")
    pre = []  # premultiplied, as Qt blends
    for i in range(0, len(src), 4):
        a = src[i + 3] / 255.0
        pre.append((src[i] * a, src[i + 1] * a, src[i + 2] * a, float(src[i + 3])))
    left, top, right, bottom = box
    bw, bh = right - left, bottom - top
    out = bytearray(bw * bh * 4)
    kx, ky = sw / w, sh / h
    at = 0
    for j in range(bh):
        cy = top + j + 0.5 - TIE_Y - y
        for i in range(bw):
            cx = left + i + 0.5 - TIE_X - x
            # back into the object's own frame, measured from its top-left corner
            u = cx * c + cy * s + ax * w
            v = cy * c - cx * s + ay * h
            if 0.0 <= u < w and 0.0 <= v < h:
                px = min(max(u * kx - 0.5, 0.0), sw - 1.0)
                py = min(max(v * ky - 0.5, 0.0), sh - 1.0)
                x0, y0 = int(px), int(py)
                x1, y1 = min(x0 + 1, sw - 1), min(y0 + 1, sh - 1)
                fx, fy = px - x0, py - y0
                gx, gy = 1.0 - fx, 1.0 - fy
                # the four taps' weights; premultiplied channels blend linearly
                wp, wq, wr, wt = gx * gy, fx * gy, gx * fy, fx * fy
                p, q = pre[y0 * sw + x0], pre[y0 * sw + x1]
                r, t = pre[y1 * sw + x0], pre[y1 * sw + x1]
                alpha = p[3] * wp + q[3] * wq + r[3] * wr + t[3] * wt
                if alpha >= 0.5:  # else it rounds to see-through: left (0, 0, 0, 0)
                    k = 255.0 / alpha
                    out[at] = min(255, round((p[0] * wp + q[0] * wq + r[0] * wr + t[0] * wt) * k))
                    out[at + 1] = min(255, round((p[1] * wp + q[1] * wq + r[1] * wr
                                                  + t[1] * wt) * k))
                    out[at + 2] = min(255, round((p[2] * wp + q[2] * wq + r[2] * wr
                                                  + t[2] * wt) * k))
                    out[at + 3] = min(255, round(alpha))
            at += 4
    return pygame.image.frombytes(bytes(out), (bw, bh), "RGBA")


def _approximate(tile: pygame.Surface, x: float, y: float, w: float, h: float, ax: float,
                 ay: float, turn: float) -> tuple[pygame.Surface, tuple[int, int]]:
    size = (max(1, round(w)), max(1, round(h)))
    image = pygame.transform.smoothscale(tile, size) if tile.get_size() != size else tile
    if not turn:
        return image, (round(x - ax * w), round(y - ay * h))
    # the image's centre from the anchor, turned clockwise (y points down)
    cx, cy = (0.5 - ax) * w, (0.5 - ay) * h
    a = math.radians(turn)
    rx, ry = cx * math.cos(a) - cy * math.sin(a), cx * math.sin(a) + cy * math.cos(a)
    turned = pygame.transform.rotate(image, -turn)
    return turned, (round(x + rx - turned.get_width() / 2),
                    round(y + ry - turned.get_height() / 2))

"""Owners' banners on claimed cities and places, waving at rest (issue 34).

A pennant in its owner's colour stands on a top corner of each claimed city and place
of power, its pole on the piece and its cloth above it, where it lies over no other
piece and no claim ring (else small, on the piece's own roof): a second, larger sign of
the owner next to the claim ring. Cheap: the cloth's frames are drawn once by
tools/make_art.py (tools/art_board.py), tinted and composed with the pole once per
(colour, size, frame) here; a frame of the board blits one small sprite per banner,
and the cloth moves only when the ambient layer changes frame (game.ui.ambient, a few
times a second). With Reduce motion every banner holds still at its first frame.
tools/ui_audit.py counts banners as drawn over the other pieces (never hiding one).
"""

from __future__ import annotations

from functools import cache

import pygame

from game.resources import asset
from game.ui import art

Flag = tuple[str, tuple[int, int], pygame.Rect, bool]  # owner, at, where, flying left
FRAMES = 6
ART_W, ART_H, ART_POLE_X = 48, 64, 8  # the frames' size and the pole's x in them
# where a banner may stand, in order of preference: (height per cell, the pole's foot
# as fractions of a cell from the piece's left or right edge and its top, flying left)
# - above the piece on its left or right corner, then small on the piece's own roof
SPOTS = {
    1: ((0.8, 0.2, 0.3, False), (0.8, 0.2, 0.3, True), (0.55, 0.14, 0.5, False)),
    2: ((1.1, 0.42, 0.55, False), (1.1, 0.42, 0.55, True), (0.8, 0.3, 0.85, False)),
}


@cache
def _file(name: str) -> pygame.Surface:
    image = pygame.image.load(str(asset("sprites", "banner", f"{name}.png")))
    out = pygame.Surface(image.get_size(), pygame.SRCALPHA)  # ARGB, as blits expect
    out.blit(image, (0, 0))
    return out


def _cell_hash(at) -> int:
    c, r = at
    h = (c * 73856093) ^ (r * 19349663)
    return (h ^ (h >> 13)) & 0xFFFF


class Banners:
    def __init__(self) -> None:
        self._sprites: dict[tuple, pygame.Surface] = {}
        self._key: tuple | None = None
        self._placed: list[Flag] = []

    def sprite(self, colour: tuple[int, int, int], height: int, k: int,
               flip: bool = False) -> pygame.Surface:
        """Frame k in a colour, height px tall (pole and tinted cloth; flip: flying to
        the left), made once."""
        key = (colour, height, k, flip)
        img = self._sprites.get(key)
        if img is None:
            if len(self._sprites) > 400:
                self._sprites.clear()
            cloth = _file(f"cloth-{k}").copy()
            cloth.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
            full = _file("pole").copy()
            full.blit(cloth, (0, 0))
            w = max(1, round(height * ART_W / ART_H))
            img = pygame.transform.smoothscale(full, (w, height))
            if flip:
                img = pygame.transform.flip(img, True, False)
            if pygame.display.get_surface():
                img = img.convert_alpha()
            self._sprites[key] = img
        return img

    def placed(self, view, doc: dict | None) -> list[Flag]:
        """(owner, at, rect, flipped) of every banner, each at the first spot that lies
        over no other piece's cells and no claim ring (cached until the pieces or the
        view change)."""
        flags = flown(doc)
        if not flags:
            return []
        cells = view.piece_cells
        key = (view.cell, view.ox, view.oy, tuple(flags), tuple(sorted(cells)))
        if key != self._key:
            rings = [view.ring_rect(at, size) for at, size in claimed(doc)]
            self._placed = [(owner, at, *_spot(view, at, size, cells, rings))
                            for owner, at, size in flags]
            self._key = key
        return self._placed


def flown(doc: dict | None) -> list[tuple[str, tuple[int, int], int]]:
    """(owner, at, size) of every banner: claimed cities and claimed places."""
    out = []
    for s in (doc or {}).get("settlements") or ():
        if s.get("claim") and s.get("kind") == "city":
            out.append((s["claim"], tuple(s["at"]), 1))
    for p in (doc or {}).get("places") or ():
        if p.get("claim"):
            out.append((p["claim"], tuple(p["at"]), 2))
    return out


def claimed(doc: dict | None) -> list[tuple[tuple[int, int], int]]:
    """(at, size) of every claimed piece (each hangs a ring)."""
    out = []
    for kind, size in (("settlements", 1), ("places", 2)):
        for p in (doc or {}).get(kind) or ():
            if p.get("claim"):
                out.append((tuple(p["at"]), size))
    return out


def rect(view, at, size: int, spot: int = 0) -> tuple[pygame.Rect, bool]:
    """Where a banner at one of its SPOTS is drawn for a piece at `at`, and whether it
    flies to the left."""
    k, fx, fy, flip = SPOTS[size][spot]
    h = max(10, round(view.cell * k))
    w = max(1, round(h * ART_W / ART_H))
    box = view.piece_rect(tuple(at), size)
    pole = round(w * ART_POLE_X / ART_W)
    if flip:
        foot_x = box.right - round(fx * view.cell)
        x = foot_x - (w - pole)
    else:
        foot_x = box.x + round(fx * view.cell)
        x = foot_x - pole
    return pygame.Rect(x, box.y + round(fy * view.cell) - h, w, h), flip


def _spot(view, at, size: int, cells, rings) -> tuple[pygame.Rect, bool]:
    own = {(at[0] + i, at[1] + j) for i in range(size) for j in range(size)}
    others = [view.cell_rect(c) for c in cells - own]
    for i in range(len(SPOTS[size]) - 1):
        box, flip = rect(view, at, size, i)
        inner = box.inflate(-box.w // 4, -box.h // 5)  # the pole's tip and margins
        if inner.collidelist(others) < 0 and inner.collidelist(rings) < 0:
            return box, flip
    return rect(view, at, size, len(SPOTS[size]) - 1)


def frame_for(at, ambient_frame: int | None) -> int:
    """Which cloth frame a banner shows: still (0) without motion, else its own phase."""
    if ambient_frame is None:
        return 0
    return (ambient_frame + _cell_hash(at)) % FRAMES


def draw(surface, view, doc: dict | None, banners: Banners,
         ambient_frame: int | None) -> None:
    if view.cell < 14:
        return
    for owner, at, box, flip in banners.placed(view, doc):
        col = art.dragon_colour(owner, view.palette)
        surface.blit(banners.sprite(col, box.h, frame_for(at, ambient_frame), flip), box)

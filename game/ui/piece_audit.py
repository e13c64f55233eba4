"""How big and how visible each piece on the board is (issue 34: pieces that read at a
glance). tools/ui_audit.py runs it on a 20x20 map at 1280x720; no drawing is measured,
only the board view's layout: each piece's box, its sprite's opaque pixels inside it,
and the boxes of what is drawn over it (claim rings, later pieces, other pieces'
banners, dragons).

    for p in measure(view, doc): p.name, p.size, p.unhidden   # px, 0..1

A dragon standing on a piece is the game's position, not a layout fault: the dragon is
drawn over the cells it stands on (its footprint), so its footprint is not counted as
hiding the pieces in it; its wings reaching over other cells are.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import art, banners
from game.ui import board_view as bv

MIN_PX = 28
MIN_UNHIDDEN = 0.9


@dataclass
class Piece:
    name: str
    at: tuple[int, int]
    size: int  # the sprite's visible part, its larger side in px
    unhidden: float  # share of that part nothing is drawn over

    def problem(self) -> str | None:
        if self.size < MIN_PX:
            return f"{self.name} at {self.at} is {self.size} px (under {MIN_PX})"
        if self.unhidden < MIN_UNHIDDEN:
            return f"{self.name} at {self.at} is {self.unhidden:.0%} visible " \
                   f"(under {MIN_UNHIDDEN:.0%})"
        return None


def _visible(view: bv.BoardView, sprite: str, at, cells: int, k: float) -> pygame.Rect:
    """The box of the sprite's opaque part, where it is drawn."""
    return _shape(view, sprite, at, cells, k)[0]


def _shape(view: bv.BoardView, sprite: str, at, cells: int,
           k: float) -> tuple[pygame.Rect, pygame.mask.Mask]:
    """The box of the sprite's opaque part where it is drawn, and its opaque pixels."""
    box = view.piece_box(at, cells, k)
    img = art.sprite(sprite, box.w, view.palette)
    inner = img.get_bounding_rect(min_alpha=64)
    placed = img.get_rect(center=box.center)
    mask = pygame.mask.from_surface(img.subsurface(inner), 64)
    return inner.move(placed.topleft), mask


def measure(view: bv.BoardView, doc: dict) -> list[Piece]:
    """Each settlement, place, cavern and the chest, in the order they are drawn."""
    view.note_pieces(doc)
    items: list[tuple[str, tuple[int, int], pygame.Rect, pygame.Rect]] = []
    for s in doc.get("settlements") or ():
        at = tuple(s["at"])
        items.append((f"settlement/{s['kind']}", at,
                      _visible(view, f"settlement/{s['kind']}", at, 1, bv.SETTLEMENT_K),
                      view.piece_rect(at)))
    for p in doc.get("places") or ():
        at = tuple(p["at"])
        items.append((art.place_art(p["kind"]), at,
                      _visible(view, art.place_art(p["kind"]), at, 2, bv.PLACE_K),
                      view.piece_rect(at, 2)))
    for name, d in sorted((doc.get("dragons") or {}).items()):
        if d.get("cavern") is not None:
            at = tuple(d["cavern"])
            items.append((f"cavern/{name}", at,
                          _visible(view, f"cavern/{name}", at, 1, bv.CAVERN_K),
                          view.piece_rect(at)))
    chest = doc.get("chest")
    if chest and chest.get("at") is not None:
        at = tuple(chest["at"])
        items.append(("chest", at, _visible(view, "chest", at, 1, bv.CHEST_K),
                      view.piece_rect(at)))
    # drawn over pieces, as (where, opaque pixels): rings, later pieces, dragons
    covers: list[tuple[pygame.Rect, pygame.mask.Mask]] = []
    for kind, cells in (("settlements", 1), ("places", 2)):
        for p in doc.get(kind) or ():
            if p.get("claim"):
                box = view.ring_rect(p["at"], cells)
                ring = art.sprite(f"ring/{p['claim']}", box.w, view.palette)
                covers.append((ring.get_rect(center=box.center),
                               pygame.mask.from_surface(ring, 64)))
    # owners' banners: over every piece but their own (it flies from that piece's roof),
    # each frame's cloth counted (it waves)
    flags = []
    for owner, at, box, flip in view.banners.placed(view, doc):
        col = art.dragon_colour(owner, view.palette)
        for frame in range(banners.FRAMES):
            img = view.banners.sprite(col, box.h, frame, flip)
            flags.append((at, (box, pygame.mask.from_surface(img, 64))))
    dragons = []
    for name, d in (doc.get("dragons") or {}).items():
        if d.get("at") is not None:
            body = _shape(view, f"dragon/{name}", d["at"], 2, bv.DRAGON_K)
            dragons.append((body, view.piece_rect(tuple(d["at"]), 2)))
    shapes = []
    for name, at, _v, _cell in items:
        cells = 2 if name.startswith("place/") else 1
        k = {"settlement": bv.SETTLEMENT_K, "place": bv.PLACE_K, "cavern": bv.CAVERN_K,
             "chest": bv.CHEST_K}[name.split("/")[0]]
        shapes.append(_shape(view, name, at, cells, k))
    out = []
    for i, (name, at, vis, cell) in enumerate(items):
        over = list(covers)
        over += shapes[i + 1:]  # the pieces drawn after this one
        over += [flag for flag_at, flag in flags if flag_at != at]
        # dragons whose footprint does not hold this piece
        over += [body for body, foot in dragons if not foot.colliderect(cell)]
        out.append(Piece(name, at, max(vis.w, vis.h), _unhidden(shapes[i], over)))
    return out


def _unhidden(shape: tuple[pygame.Rect, pygame.mask.Mask],
              over: list[tuple[pygame.Rect, pygame.mask.Mask]]) -> float:
    """The share of the piece's opaque pixels that no cover's opaque pixels lie on."""
    vis, mask = shape
    total = mask.count()
    if not total:
        return 0.0
    mask = mask.copy()
    for rect, cover in over:
        if rect.colliderect(vis):
            mask.erase(cover, (rect.x - vis.x, rect.y - vis.y))
    return mask.count() / total

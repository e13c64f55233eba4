"""Texture and soft borders on the game's own terrain tiles (issue 34).

    dressed = dress(board, native)   # a copy of the drawn terrain, or native itself

The board draws a map as Tiled draws it (game.ui.tiled_draw); this pass then works on a
copy, only on cells painted with the shipped tileset (assets/tiles/terrain.tsx), whose
tiles name their terrain. Where two dressed classes meet, the higher one's ground
spills over the border into the lower cell through a soft, ragged mask (Wesnoth-style:
grass over sand and dirt, forest shade, hills and scree over grass); then every dressed
cell gets a texture of its class (mottling, tufts, grains, lit from the top left). A
map with its own tileset, and shores, snow lines, roads and water (the tileset draws
their borders itself), are left exactly as drawn. The art is made by tools/make_art.py
(tools/art_board.py); the choice of variant per cell is a fixed hash of the cell, so
the same map always looks the same. Drawn once per map, into the cached terrain.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from xml.etree import ElementTree as ET

import pygame

from game.maps import limits
from game.maps.loader import MapError, read_vetted
from game.resources import asset
from game.ui import tiled_draw

Cell = tuple[int, int]
TILE = 32
VARIANTS, EDGE_VARIANTS = 4, 2
# a tile's `terrain` -> the class it is dressed as (absent: left as drawn)
CLASS_OF = {"grass": "grass", "meadow": "grass", "rocks": "grass", "forest": "forest",
            "hills": "hills", "sand": "sand", "dirt": "dirt", "mountain": "mountain"}
# which side of a border spills over the other: the higher rank
RANK = {"sand": 1, "dirt": 2, "grass": 3, "hills": 4, "forest": 5, "mountain": 6}
SPILL_ALPHA = {"forest": 150, "hills": 200}  # forest shade and hill slopes: softer
# what stands up (trees, peaks) shades the cells down and right of it more, as the light
# comes from the top left: the spill's strength by the side its terrain is on
CASTS = ("forest", "mountain")
LIGHT = {"n": 1.0, "w": 1.0, "nw": 1.0, "ne": 0.8, "sw": 0.8, "e": 0.6, "s": 0.6, "se": 0.6}
TEXTURED = ("grass", "forest", "hills", "sand", "dirt")
SIDES = (("n", 0, -1), ("e", 1, 0), ("s", 0, 1), ("w", -1, 0))
CORNERS = (("ne", 1, -1, "n", "e"), ("se", 1, 1, "s", "e"), ("sw", -1, 1, "s", "w"),
           ("nw", -1, -1, "n", "w"))


def _hash(c: int, r: int, salt: int) -> int:
    h = (c * 73856093) ^ (r * 19349663) ^ (salt * 83492791)
    return (h ^ (h >> 13)) & 0xFFFF


@cache
def _shipped_terrains() -> dict[int, str]:
    """Tile id -> terrain, from the shipped tileset's own properties."""
    root = ET.parse(asset("tiles", "terrain.tsx")).getroot()
    out = {}
    for tile in root.findall("tile"):
        for prop in tile.findall("properties/property"):
            if prop.get("name") == "terrain":
                out[int(tile.get("id", -1))] = prop.get("value", "")
    return out


@cache
def _art(name: str) -> pygame.Surface:
    image = pygame.image.load(str(asset("sprites", "terrain", f"{name}.png")))
    # in the usual ARGB layout: a PNG loads as RGBA bytes, which every blit onto the
    # terrain would convert pixel by pixel (50 times slower)
    out = pygame.Surface(image.get_size(), pygame.SRCALPHA)
    out.blit(image, (0, 0))
    return out


def classes(board, path: Path | None) -> dict[Cell, str]:
    """Each cell's dressed class: what the topmost tile drawn there shows, when that
    tile is the shipped tileset's, unflipped, on a plain layer, and no tile object of
    the map's decorations reaches into the cell; the built-in board (no map) is all
    grass."""
    if path is None:
        return {(c, r): "grass" for r in range(board.height) for c in range(board.width)}
    try:
        root = read_vetted(path)
    except MapError:
        return {}
    shipped = limits.real(asset("tiles", "terrain.tsx"))
    firsts = []  # (firstgid, is the shipped tileset), by firstgid
    for ts in root.findall("tileset"):
        src = ts.get("source")
        is_ours = bool(src) and limits.real(path.parent / str(src)) == shipped
        firsts.append((int(ts.get("firstgid", "0") or 0), is_ours))
    firsts.sort()
    terrains = _shipped_terrains()
    w = int(root.get("width", 0))
    out: dict[Cell, str | None] = {}
    for layer, plain in _tile_layers(root, True):
        data = layer.find("data")
        for i, raw in enumerate(tiled_draw.layer_gids(data) if data is not None else ()):
            if not raw:
                continue
            cell = (i % w, i // w)
            owner = max((f for f in firsts if f[0] <= raw), default=None)
            ok = plain and owner is not None and owner[1]
            out[cell] = CLASS_OF.get(terrains.get(raw - owner[0], "")) if ok and owner else None
    covered = tiled_draw.covered_cells(path, root)  # decorations stay on top, undressed
    return {cell: cls for cell, cls in out.items() if cls is not None and cell not in covered}


def _tile_layers(parent: ET.Element, plain: bool):
    """Visible tile layers in drawing order, each with whether it is drawn plainly (no
    offset, opacity or tint of its own or its groups')."""
    for el in parent:
        if el.tag not in ("layer", "group") or el.get("visible") == "0":
            continue
        here = plain and not any(el.get(a) not in (None, "0") for a in ("offsetx", "offsety")) \
            and el.get("opacity") in (None, "1") and el.get("tintcolor") is None
        if el.tag == "group":
            yield from _tile_layers(el, here)
        else:
            yield el, here


def dress(board, native: pygame.Surface, path: Path | None) -> pygame.Surface:
    """The terrain with texture and soft borders (a new surface), or `native` itself
    when no cell is the shipped tileset's or the picture is not at TILE px a cell."""
    cells = classes(board, path)
    if not cells or native.get_size() != (board.width * TILE, board.height * TILE):
        return native
    out = native.copy()
    for (c, r), cls in sorted(cells.items()):
        _spill(out, cells, c, r, cls)
    for (c, r), cls in cells.items():
        if cls in TEXTURED:
            out.blit(_art(f"{cls}-{_hash(c, r, 5) % VARIANTS}"), (c * TILE, r * TILE))
    return out


def _spill(out: pygame.Surface, cells: dict[Cell, str], c: int, r: int, cls: str) -> None:
    """Neighbours of a higher class reach over this cell's sides and corners."""
    rank = RANK[cls]
    higher = {}
    for d, dc, dr in SIDES:
        other = cells.get((c + dc, r + dr))
        if other is not None and RANK[other] > rank:
            higher[d] = other
    for d, dc, dr, a, b in CORNERS:  # a corner only when neither side next to it spills
        other = cells.get((c + dc, r + dr))
        if other is not None and RANK[other] > rank and a not in higher and b not in higher:
            higher[d] = other
    for d, other in higher.items():
        out.blit(_spill_piece(other, d, _hash(c, r, len(d)) % EDGE_VARIANTS), (c * TILE, r * TILE))


@cache
def _spill_piece(other: str, d: str, k: int) -> pygame.Surface:
    """A class's ground seen through one side's (or corner's) mask, made once."""
    piece = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    piece.blit(_art(f"ground-{other}"), (0, 0))
    piece.blit(_art(f"edge-{d}-{k}"), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    alpha = SPILL_ALPHA.get(other, 255) * (LIGHT[d] if other in CASTS else 1.0)
    if alpha < 255:
        piece.fill((255, 255, 255, round(alpha)), special_flags=pygame.BLEND_RGBA_MULT)
    return piece

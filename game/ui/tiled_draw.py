"""A Tiled map's terrain drawn as Tiled draws it (orthogonal maps, Tiled 1.8+).

    picture = render_map(Path("maps/narby-vale.tmx"))   # SRCALPHA, map tile size per cell

Layers are drawn in the file's order, group layers nested: a layer is drawn when it and
every group above it are visible, with the product of their opacities and tint colours
and the sum of their offsets. Tiles keep their flip flags (diagonal first, then
horizontal, then vertical, as Tiled does), image-collection tiles are drawn from their
own images, bottom-left on their cell like Tiled, and the tileset's tile offset applies.
A tileset saved by Tiled 1.9+ with `tilerendersize="grid"` has its tiles scaled to the
map's cells, stretched or, with `fillmode="preserve-aspect-fit"`, scaled evenly and
centred (the tile offset scaled with them), as Tiled 1.9+ draws them.
Image layers are drawn (repeated when asked); an animated tile shows its first frame, as
in a still Tiled picture. Object layers' tile objects are drawn as Tiled draws them
(game.ui.tile_objects: stretched, flipped, turned, anchored by the tileset's alignment),
except on the `setup` layer, whose objects are the game's pieces; shapes and text are
the editor's marks and are not drawn (`drawing_notes` says both for the checker).
Parallax factors are ignored, as by Tiled's own tmxrasterizer: the board is one still
picture, with no camera scrolling across it (docs/MAPS.md).

The map's XML comes from the safe reader (game.maps.loader.read_vetted): sizes, images
and tilesets are already vetted, so this only reads what was found sound.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree as ET

import pygame

from game.board import MAX_SIDE
from game.maps import limits, tile_data
from game.maps.loader import SETUP_LAYER, read_vetted
from game.maps.placement import ANCHORS
from game.maps.tmx_reader import MAX_IMAGE_SIDE, Report, image_size, read_xml
from game.ui import tile_objects, tile_pixels

FLIP_H, FLIP_V, FLIP_D = 0x80000000, 0x40000000, 0x20000000
_FLAGS = FLIP_H | FLIP_V | FLIP_D | 0x10000000  # the 4th bit: hexagonal 120°, unused here

Files = dict[str, "tuple | None"]


@dataclass
class _Tileset:
    firstgid: int
    count: int
    tw: int
    th: int
    columns: int = 0
    spacing: int = 0
    margin: int = 0
    image: Picture | None = None
    offset: tuple[int, int] = (0, 0)
    images: dict[int, Picture] = field(default_factory=dict)  # an image collection's tiles
    # Tiled 1.9+: a collection tile may show a part of its image (x, y, width, height)
    parts: dict[int, tuple[int, int, int | None, int | None]] = field(default_factory=dict)
    shown: dict[int, int] = field(default_factory=dict)  # animated tile -> its first frame
    grid: bool = False  # tilerendersize="grid" (Tiled 1.9+): tiles scaled to the map's cells
    fit: bool = False  # fillmode="preserve-aspect-fit": scaled evenly, centred on the cell
    align: tuple[float, float] = (0.0, 1.0)  # a tile object's x, y: bottom-left unless set


MAX_OFFSET = 1_000_000.0  # pixels: far past any map (40 cells of 512 px), within a blit's reach


@dataclass(frozen=True)
class Picture:
    """An image file as a tileset or image layer names it: Tiled's transparent colour
    (`trans`, the image's "Use transparent color") clears that colour's opaque pixels."""

    file: Path
    trans: tuple[int, int, int] | None = None

    @staticmethod
    def of(base: Path, image: ET.Element) -> Picture:
        return Picture(base / image.get("source", ""), tile_pixels.trans(image.get("trans")))


@dataclass(frozen=True)
class _Drawn:
    """A tile ready to blit: flipped, rotated and scaled; where it goes in its cell."""

    surface: pygame.Surface
    dx: int  # from the cell's left edge
    dy: int  # from the cell's bottom edge


@dataclass(frozen=True)
class _Look:
    """What a layer inherits from the groups above it."""

    opacity: float = 1.0
    tint: tuple[float, float, float, float] = (1.0, 1.0, 1.0, 1.0)
    dx: float = 0.0
    dy: float = 0.0

    @property
    def rgb(self) -> tuple[int, int, int]:
        return (round(self.tint[0] * 255), round(self.tint[1] * 255), round(self.tint[2] * 255))

    @property
    def alpha(self) -> int:
        """The opacity each tile, object or image is drawn with (0-255): the layer's and
        its groups' opacity times the tint's alpha, as Tiled draws a tile that has
        see-through pixels. (Tiled 1.8 draws a tile with none under a see-through tint
        replacing what lies beneath, a flaw the board does not copy.)"""
        return round(max(0.0, min(1.0, self.opacity * self.tint[3])) * 255)

    @property
    def tile_look(self) -> tuple[tuple[int, int, int], int]:
        """What a tile is prepared with, besides its flags: tint and opacity."""
        return self.rgb, self.alpha

    def under(self, el: ET.Element) -> _Look:
        r, g, b, a = _colour(el.get("tintcolor"))
        tr, tg, tb, ta = self.tint
        return _Look(self.opacity * _float(el.get("opacity"), 1.0),
                     (tr * r, tg * g, tb * b, ta * a),
                     _offset(self.dx + _float(el.get("offsetx"), 0.0)),
                     _offset(self.dy + _float(el.get("offsety"), 0.0)))


def stat(file: str) -> tuple | None:
    """A file's (time, size, inode), None when it cannot be read. The inode too: Tiled
    saves by writing a new file and renaming it over the old one, which a coarse clock
    could leave with the same time and size."""
    try:
        st = os.stat(file)
    except (OSError, ValueError):  # ValueError: a NUL in a hand-edited path
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def render_map(path: Path, files: Files | None = None, *, max_bytes: int | None = None,
               ground: tuple[int, int, int] | None = None) -> pygame.Surface:
    """The map's terrain at its own tile size, transparent where nothing is drawn, or
    painted over an opaque `ground` colour. Over a ground every blend is exact: pygame
    blends in straight colour, which is right over an opaque pixel and a few levels off
    Tiled's (premultiplied) where see-through layers stack over a clear one.
    `files` (when given) gets each file read with its stat, taken before reading.
    With `max_bytes`, a picture that would be bigger is drawn smaller (each distinct
    tile scaled once), so big tiles on a big map never cost a huge surface.
    Raises MapError for a map with problems."""
    files = {} if files is None else files
    files[str(path)] = stat(str(path))
    root = read_vetted(path)
    return _Painter(path, root, files, max_bytes).paint(ground)


class _Painter:
    def __init__(self, path: Path, root: ET.Element, files: Files,
                 max_bytes: int | None = None) -> None:
        self.path, self.root, self.files = path, root, files
        self.w, self.h = int(root.get("width", 0)), int(root.get("height", 0))
        self.tw, self.th = int(root.get("tilewidth", 0)), int(root.get("tileheight", 0))
        full = self.w * self.tw * self.h * self.th * 4
        # drawn at a smaller scale when the full-size picture would be too big
        self.f = 1.0 if not max_bytes or full <= max_bytes else (max_bytes / full) ** 0.5
        if self.f < 1.0:
            self.tw, self.th = max(1, int(self.tw * self.f)), max(1, int(self.th * self.f))
        self.pixels = 0  # decoded image pixels, held to the map caps
        self.tilesets = [t for t in map(self._tileset, root.findall("tileset")) if t]
        self._images: dict[tuple[str, tuple | None], pygame.Surface | None] = {}
        self._tiles: dict[tuple[int, tuple], _Drawn | None] = {}  # (gid, (tint, opacity))
        self._object_tiles: dict[tuple[int, tuple], pygame.Surface | None] = {}  # (gid, tint)
        self.exact = tile_objects.Budget()  # tile objects sampled as Qt does, up to a cap
        self.order = render_order(self.w, self.h, root.get("renderorder"))

    def paint(self, ground: tuple[int, int, int] | None = None) -> pygame.Surface:
        out = pygame.Surface((self.w * self.tw, self.h * self.th), pygame.SRCALPHA)
        if ground is not None:
            out.fill((*ground, 255))
        self._paint_children(out, self.root, _Look())
        return out

    def _paint_children(self, out: pygame.Surface, parent: ET.Element, look: _Look) -> None:
        for el in parent:
            if el.tag not in ("layer", "imagelayer", "group", "objectgroup") or \
                    el.get("visible") == "0":
                continue
            if el.tag == "objectgroup" and (el.get("name") or "").strip().lower() == SETUP_LAYER:
                continue
            inner = look.under(el)
            if el.tag == "group":
                self._paint_children(out, el, inner)
                continue
            # As Tiled's painter does, each tile, object or image goes straight onto the
            # picture with the layer's tint and opacity (so a layer's own overlapping
            # tiles show through each other), at its place on the map moved by the
            # offsets (so what a tile offset or big tile puts past the map's edge, an
            # offset the other way brings back, and a repeat fills it all).
            if inner.alpha == 0:
                continue
            if el.tag == "layer":
                self._paint_tiles(out, el, inner.tile_look,
                                  (inner.dx * self.f, inner.dy * self.f))
            elif el.tag == "objectgroup":  # and samples a decoration where it falls
                self._paint_objects(out, el, inner, (inner.dx * self.f, inner.dy * self.f))
            else:
                self._paint_image_layer(out, el, inner)

    # ----- tile layers -------------------------------------------------------------
    def _paint_tiles(self, layer: pygame.Surface, el: ET.Element, paint: tuple,
                     shift: tuple[float, float]) -> None:
        """Qt puts a tile only moved by the offsets on the nearest pixel (qRound); a
        flipped one it draws through its transform, so at an offset in fractions of a
        pixel it is sampled where it falls (a little blurred)."""
        data = el.find("data")
        gids = layer_gids(data) if data is not None else []
        fx, fy = shift
        sx, sy = _qround(fx), _qround(fy)
        fractional = (fx, fy) != (sx, sy)
        for i in self.order:
            raw = gids[i] if i < len(gids) else 0
            drawn = self._tile(raw, paint) if raw else None
            if drawn is None:
                continue
            x, y = (i % self.w) * self.tw + drawn.dx, (i // self.w + 1) * self.th + drawn.dy
            if fractional and raw & (FLIP_H | FLIP_V | FLIP_D):
                w, h = drawn.surface.get_size()
                picture, at = tile_objects.placed(drawn.surface, x + fx, y + fy, w, h,
                                                  (0.0, 0.0), 0.0, self.exact, snap=False)
                layer.blit(picture, at)
            else:
                layer.blit(drawn.surface, (x + sx, y + sy))

    def _tile(self, raw: int, paint: tuple) -> _Drawn | None:
        if (raw, paint) not in self._tiles:
            self._tiles[raw, paint] = self._prepare(raw, paint)
        return self._tiles[raw, paint]

    def _prepare(self, raw: int, paint: tuple) -> _Drawn | None:
        """Each distinct tile, flags, tint and opacity once: tinted, flipped and rotated
        as Tiled does (the diagonal flag first), scaled (to the cell, or by the
        picture's scale), made see-through by the opacity, and placed."""
        gid = raw & ~_FLAGS
        ts = self._owner(gid)
        tile = self._cut(ts, gid - ts.firstgid) if ts else None
        if ts is None or tile is None:
            return None
        rgb, alpha = paint
        tile = tile_pixels.tinted(tile, rgb)
        iw, ih = tile.get_size()
        if ts.grid:  # the cell is the box; Tiled scales the unrotated tile into it
            bw, bh = float(self.tw), float(self.th)
            sx, sy = bw / iw, bh / ih
            if ts.fit:
                sx = sy = min(sx, sy)
        else:
            bw, bh, sx, sy = iw * self.f, ih * self.f, self.f, self.f
        diagonal = bool(raw & FLIP_D)
        if raw & (FLIP_H | FLIP_V | FLIP_D):
            if diagonal:  # swap the axes first (a transpose), as Tiled does
                tile = pygame.transform.flip(pygame.transform.rotate(tile, 90), False, True)
            tile = pygame.transform.flip(tile, bool(raw & FLIP_H), bool(raw & FLIP_V))
        if (sx, sy) != (1.0, 1.0):
            w, h = max(1, int(iw * sx)), max(1, int(ih * sy))
            tile = pygame.transform.smoothscale(tile, (h, w) if diagonal else (w, h))
        tile = tile_pixels.plain_if_opaque(tile_pixels.faded(tile, alpha))
        ox, oy = round(ts.offset[0] * sx), round(ts.offset[1] * sy)
        if not ts.grid:  # bottom-left on the cell, as before Tiled 1.9
            return _Drawn(tile, ox, oy - tile.get_height())
        # centred on the box (moved by half the difference of its sides when the
        # diagonal flag turns it), as Tiled's CellRenderer places it
        turn = (bh - bw) / 2 if diagonal else 0.0
        cx, cy = bw / 2 + turn, -bh / 2 + turn
        return _Drawn(tile, round(cx - tile.get_width() / 2) + ox,
                      round(cy - tile.get_height() / 2) + oy)

    def _owner(self, gid: int) -> _Tileset | None:
        best = None
        for ts in self.tilesets:  # the tileset with the largest firstgid <= gid
            if ts.firstgid <= gid and (best is None or ts.firstgid > best.firstgid):
                best = ts
        return best

    def _cut(self, ts: _Tileset, tid: int) -> pygame.Surface | None:
        tid = ts.shown.get(tid, tid)  # Tiled shows an animation's first frame when still
        if ts.images:
            picture = ts.images.get(tid)
            image = self._image(picture) if picture else None
            if image is None or tid not in ts.parts:
                return image
            x, y, w, h = ts.parts[tid]
            part = pygame.Rect(x, y, image.get_width() - x if w is None else w,
                               image.get_height() - y if h is None else h)
            return image.subsurface(part) if part.w > 0 and part.h > 0 and \
                image.get_rect().contains(part) else None
        sheet = self._image(ts.image) if ts.image else None
        if sheet is None or ts.columns <= 0 or tid >= ts.count > 0:
            return None
        x = ts.margin + (tid % ts.columns) * (ts.tw + ts.spacing)
        y = ts.margin + (tid // ts.columns) * (ts.th + ts.spacing)
        if x + ts.tw > sheet.get_width() or y + ts.th > sheet.get_height():
            return None  # past the image (a tileset that does not say its tile count)
        rect = pygame.Rect(x, y, ts.tw, ts.th)
        return sheet.subsurface(rect) if sheet.get_rect().contains(rect) else None

    # ----- tile objects ------------------------------------------------------------
    def _paint_objects(self, layer: pygame.Surface, el: ET.Element, look: _Look,
                       shift: tuple[float, float]) -> None:
        """An object layer's tile objects as Tiled draws them: the tile (H/V flips kept)
        stretched to the object's size, its anchor (the tileset's objectalignment,
        bottom-left by default) on the object's x, y, turned clockwise about that point
        by its rotation, moved by the tileset's tile offset; in the layer's draw order
        (top-down by y unless "index"). Shapes and text are marks for the editor; the
        board leaves them out (drawing_notes says so)."""
        objects = el.findall("object")
        if el.get("draworder", "topdown") != "index":  # Tiled's default: sorted by y, stably
            objects.sort(key=_y_key)
        for obj in objects:
            raw = int(_float(obj.get("gid"), 0))
            if not raw or obj.get("visible") == "0":
                continue
            gid = raw & ~_FLAGS
            ts = self._owner(gid)
            tile = self._object_tile(ts, gid, look.rgb) if ts else None
            if ts is None or tile is None:
                continue
            f = self.f
            w = _float(obj.get("width"), tile.get_width()) * f
            h = _float(obj.get("height"), tile.get_height()) * f
            x = _float(obj.get("x"), 0.0) * f + shift[0]
            y = _float(obj.get("y"), 0.0) * f + shift[1]
            turn = _float(obj.get("rotation"), 0.0)
            if not self._drawable(x, y, w, h, turn):
                continue
            image = pygame.transform.flip(tile, bool(raw & FLIP_H), bool(raw & FLIP_V))
            anchor = _anchor(ts, tile.get_width(), tile.get_height())
            # a flipped tile Qt draws through its transform: sampled where it falls
            drawn, at = tile_objects.placed(image, x, y, w, h, anchor, turn, self.exact,
                                            snap=not raw & (FLIP_H | FLIP_V))
            layer.blit(tile_pixels.faded(drawn, look.alpha), at)

    def _object_tile(self, ts: _Tileset, gid: int, rgb: tuple) -> pygame.Surface | None:
        if (gid, rgb) not in self._object_tiles:
            tile = self._cut(ts, gid - ts.firstgid)
            self._object_tiles[gid, rgb] = tile_pixels.tinted(tile, rgb) if tile else None
        return self._object_tiles[gid, rgb]

    def _drawable(self, x: float, y: float, w: float, h: float, turn: float) -> bool:
        """An object with a size, on or near the picture, with numbers that are numbers:
        never a huge surface or a NaN for a hand-edited or hostile map."""
        pw, ph = self.w * self.tw, self.h * self.th
        return all(math.isfinite(v) for v in (x, y, w, h, turn)) and \
            0 < w <= pw * 4 and 0 < h <= ph * 4 and \
            -pw * 8 <= x <= pw * 8 and -ph * 8 <= y <= ph * 8

    def covered_cells(self) -> set[tuple[int, int]]:
        """The cells a drawn tile object reaches into (the board leaves them undressed,
        so its texture never covers a map's decorations: game.ui.terrain_dress)."""
        out: set[tuple[int, int]] = set()

        def walk(parent: ET.Element, dx: float, dy: float) -> None:
            for el in parent:
                if el.tag not in ("group", "objectgroup") or el.get("visible") == "0":
                    continue
                ex, ey = dx + _float(el.get("offsetx"), 0.0), dy + _float(el.get("offsety"), 0.0)
                if el.tag == "group":
                    walk(el, ex, ey)
                elif (el.get("name") or "").strip().lower() != SETUP_LAYER:
                    for obj in el.findall("object"):
                        gid = int(_float(obj.get("gid"), 0)) & ~_FLAGS
                        ts = self._owner(gid) if gid and obj.get("visible") != "0" else None
                        if ts is None:
                            continue
                        w = _float(obj.get("width"), ts.tw)
                        h = _float(obj.get("height"), ts.th)
                        x = _float(obj.get("x"), 0.0) + ex
                        y = _float(obj.get("y"), 0.0) + ey
                        turn = _float(obj.get("rotation"), 0.0)
                        if not self._drawable(x, y, w, h, turn):
                            continue
                        left, top, right, bottom = tile_objects.bounds(
                            x, y, w, h, _anchor(ts, ts.tw, ts.th), turn)
                        out.update((c, r)
                                   for r in range(max(0, top // self.th),
                                                  min(self.h, -(-bottom // self.th)))
                                   for c in range(max(0, left // self.tw),
                                                  min(self.w, -(-right // self.tw))))

        walk(self.root, 0.0, 0.0)
        return out

    # ----- image layers ------------------------------------------------------------
    def _paint_image_layer(self, layer: pygame.Surface, el: ET.Element, look: _Look) -> None:
        image_el = el.find("image")
        image = None
        if image_el is not None and image_el.get("source"):
            image = self._image(Picture.of(self.path.parent, image_el))
        if image is None:
            return
        image = tile_pixels.faded(tile_pixels.tinted(image, look.rgb), look.alpha)
        if self.f < 1.0:
            image = pygame.transform.smoothscale(image, (
                max(1, int(image.get_width() * self.f)), max(1, int(image.get_height() * self.f))))
        iw, ih = image.get_size()
        # where the image sits on the map: its position moved by its (and its groups')
        # offsets; a repeated axis is covered edge to edge, aligned with that place
        x0 = _qround((_float(el.get("x"), 0) + look.dx) * self.f)
        y0 = _qround((_float(el.get("y"), 0) + look.dy) * self.f)
        xs, ys = [x0], [y0]
        if el.get("repeatx") == "1":
            xs = list(range(x0 % iw - iw, layer.get_width() + iw, iw))
        if el.get("repeaty") == "1":
            ys = list(range(y0 % ih - ih, layer.get_height() + ih, ih))
        for y in ys:
            for x in xs:
                layer.blit(image, (x, y))

    # ----- files -------------------------------------------------------------------
    def _image(self, picture: Picture) -> pygame.Surface | None:
        file = picture.file
        key = (limits.real(file), picture.trans)
        if key not in self._images:
            self.files[str(file)] = stat(str(file))
            image = self._load(file)
            if image is not None and picture.trans:
                image = tile_pixels.cleared(image, picture.trans)
            self._images[key] = image
        return self._images[key]

    def _load(self, file: Path) -> pygame.Surface | None:
        """Decoded only after its header shows it within the map caps again (the file
        may have changed since the map was checked)."""
        size = image_size(file)
        if isinstance(size, str) or not all(0 < v <= MAX_IMAGE_SIDE for v in size):
            return None
        self.pixels += size[0] * size[1]
        if self.pixels > limits.MAX_TOTAL_PIXELS:
            return None
        try:  # each image read once per drawing, whatever the tilesets call it
            image = pygame.image.load(str(file))
        except (pygame.error, OSError, ValueError):
            return None  # vetted as an image, still unreadable to SDL
        try:  # in the layers' own pixel format: a tile then blits ~3x faster
            return image.convert(pygame.Surface((1, 1), pygame.SRCALPHA))
        except pygame.error:
            return image

    def _tileset(self, el: ET.Element) -> _Tileset | None:
        first = int(_float(el.get("firstgid"), 0))
        body, base = el, self.path.parent
        if el.get("source"):
            tsx = self.path.parent / el.get("source", "")
            self.files[str(tsx)] = stat(str(tsx))
            sub = read_xml(tsx, Report(str(tsx)), None)
            if sub is None:
                return None
            body, base = sub, tsx.parent
        offset = body.find("tileoffset")
        ts = _Tileset(first, int(_float(body.get("tilecount"), 0)),
                      int(_float(body.get("tilewidth"), 0)), int(_float(body.get("tileheight"), 0)),
                      int(_float(body.get("columns"), 0)), int(_float(body.get("spacing"), 0)),
                      int(_float(body.get("margin"), 0)))
        if offset is not None:
            ts.offset = (int(_float(offset.get("x"), 0)), int(_float(offset.get("y"), 0)))
        ts.align = ANCHORS.get(body.get("objectalignment") or "", ts.align)
        ts.grid = body.get("tilerendersize") == "grid"
        ts.fit = body.get("fillmode") == "preserve-aspect-fit"
        image = body.find("image")
        if image is not None and image.get("source"):
            ts.image = Picture.of(base, image)
            if ts.columns <= 0 and ts.tw:  # old files: the grid from the image width
                ts.columns = max(1, (int(_float(image.get("width"), 0)) - ts.margin
                                     + ts.spacing) // (ts.tw + ts.spacing))
        for tile in body.findall("tile"):
            timg = tile.find("image")
            tid = int(_float(tile.get("id"), -1))
            if timg is not None and timg.get("source"):
                # Tiled 1.8 reads no transparent colour for a collection's tile images
                ts.images[tid] = Picture(base / timg.get("source", ""))
                if any(tile.get(k) is not None for k in ("x", "y", "width", "height")):
                    ts.parts[tid] = (_int_or_none(tile.get("x")) or 0,
                                     _int_or_none(tile.get("y")) or 0,
                                     _int_or_none(tile.get("width")),
                                     _int_or_none(tile.get("height")))
            frame = tile.find("animation/frame")
            if frame is not None and frame.get("tileid") is not None:
                ts.shown[tid] = int(_float(frame.get("tileid"), tid))
        return ts


def covered_cells(path: Path, root: ET.Element) -> set[tuple[int, int]]:
    """The cells of a vetted map that its drawn tile objects reach into."""
    if not any(o.get("gid") for o in root.iter("object")):
        return set()
    return _Painter(path, root, {}).covered_cells()


def _map_layers(parent: ET.Element):
    """The map's layers and groups, depth first (not a tileset's collision shapes)."""
    for el in parent:
        if el.tag in ("layer", "imagelayer", "group", "objectgroup"):
            yield el
            if el.tag == "group":
                yield from _map_layers(el)


def drawing_notes(path: Path) -> list[tuple[str, str]]:
    """(where, what) for each thing in the map the board deliberately draws its own way
    (the checker prints them as notes, not problems). Raises MapError."""
    root = read_vetted(path)
    notes = []
    for el in _map_layers(root):
        where = f"layer '{el.get('name', '')}'"
        if _float(el.get("parallaxx"), 1.0) != 1.0 or _float(el.get("parallaxy"), 1.0) != 1.0:
            notes.append((where, "has a parallax factor, which the board ignores: it is one "
                                 "still picture, as Tiled's own tmxrasterizer draws it"))
        if _colour(el.get("tintcolor"))[3] < 1.0:
            notes.append((where, "has a see-through tint, which the board draws as a fade; "
                                 "Tiled 1.8 draws a tile with no see-through pixel under it "
                                 "as a hole through to the background"))
        if el.tag != "objectgroup":
            continue
        tiles = sum(1 for o in el.findall("object") if o.get("gid"))
        marks = sum(1 for o in el.findall("object")
                    if not o.get("gid") and o.get("visible") != "0")
        if (el.get("name") or "").strip().lower() == SETUP_LAYER:
            if tiles:
                verb = "is drawn as a game piece, not as its tile" if tiles == 1 else \
                    "are drawn as game pieces, not as their tiles"
                notes.append((where, f"its {_count(tiles, 'tile object')} {verb}"))
        elif marks and el.get("visible") != "0":
            verb = "is" if marks == 1 else "are"
            notes.append((where, f"its {_count(marks, 'shape')} (rectangles, ellipses, "
                                 f"points, polygons, text) {verb} not drawn: the board draws "
                                 "an object layer's tile objects only"))
    return notes



def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"




def _anchor(ts: _Tileset, tw: int, th: int) -> tuple[float, float]:
    """Where a tile object's point sits on its rectangle, as fractions of its size: the
    tileset's object alignment, moved by its tile offset. Tiled draws the offset in the
    tile's own pixels, so it stretches and turns with the object."""
    ax, ay = ts.align
    return (ax - ts.offset[0] / tw if tw else ax, ay - ts.offset[1] / th if th else ay)










def render_order(w: int, h: int, order: str | None) -> list[int]:
    """The cells' indices in the map's render order, as Tiled's orthogonal renderer
    draws a tile layer (row by row): where big tiles overlap, the later one is on top.
    Any other value draws right-down, Tiled's default."""
    cols = range(w - 1, -1, -1) if order in ("left-down", "left-up") else range(w)
    rows = range(h - 1, -1, -1) if order in ("right-up", "left-up") else range(h)
    return [r * w + c for r in rows for c in cols]


def _y_key(obj: ET.Element) -> float:
    y = _float(obj.get("y"), 0.0)
    return y if math.isfinite(y) else 0.0  # a NaN would scramble the sort (never drawn)


def layer_gids(data: ET.Element) -> list[int]:
    """A vetted tile layer's gids, flip flags kept (the vetter's own reading)."""
    return tile_data.read_gids(data, MAX_SIDE * MAX_SIDE)


def _colour(text: str | None) -> tuple[float, float, float, float]:
    """Tiled's "#RRGGBB" or "#AARRGGBB" as 0..1 floats (white when absent or odd)."""
    h = (text or "").lstrip("#")
    try:
        if len(h) == 6:
            return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255, 1.0)
        if len(h) == 8:
            return (int(h[2:4], 16) / 255, int(h[4:6], 16) / 255, int(h[6:8], 16) / 255,
                    int(h[0:2], 16) / 255)
    except ValueError:
        pass
    return (1.0, 1.0, 1.0, 1.0)


def _offset(v: float) -> float:
    """A layer offset the picture can be moved by: a hand-edited 1e300 (finite, so the
    checker lets it by) is as far off the map as a million pixels, and blits can take it."""
    return max(-MAX_OFFSET, min(MAX_OFFSET, v)) if math.isfinite(v) else 0.0


def _qround(v: float) -> int:
    """Qt 5's qRound: to the nearest whole number, halves up (Python's round takes them
    to the even one): a layer offset of 0.5 moves Tiled's tiles a pixel, -0.5 none."""
    return math.floor(v + 0.5)


def _int_or_none(text: str | None) -> int | None:
    value = _float(text, math.nan)
    return int(value) if math.isfinite(value) else None


def _float(text: str | None, default: float) -> float:
    try:
        return float(text) if text is not None else default
    except ValueError:
        return default

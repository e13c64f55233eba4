"""The board on screen: Tiled terrain, pieces, claim rings, highlights, zoom and pan.

    view = BoardView(board)                 # a BoardSpec (game.maps.loader.load_board / plain)
    view.set_rect(pygame.Rect(0, 0, 900, 800))
    view.draw(screen, doc, highlights={(4, 5): "target"}, hover=(4, 5), t=seconds)
    view.cell_at(mouse_pos)                 # -> (col, row) or None
    thumbnail(board, (240, 240))            # a map preview for the map picker

`doc` is a state document or a seat view (game/seat_view.py); drawing reads it and changes
nothing. The terrain is drawn as Tiled draws it (game.ui.tiled_draw), dressed on a copy
(game.ui.terrain_dress), then scaled per zoom level in chunks of CHUNK x CHUNK cells
with the grid and the blocked-cell hatching baked in. A frame blits one picture of the
terrain with the pieces on it (made when the view or the position changes, see
game.ui.blit_cache), patches in what pulses under the pieces, then draws what moves:
banners, dragons, the acting dragon's halo, smoke. Sprites come from game.ui.art,
cached per size.
"""

from __future__ import annotations

import logging
import math
import random
from pathlib import Path

import pygame

from game.board import BoardSpec
from game.maps import limits
from game.maps.loader import MapError
from game.resources import asset, shipped_map
from game.ui import art, banners, blit_cache, terrain_dress, tiled_draw
from game.ui.ambient import AMBIENT_FPS, Ambient, frame_of, glint_phase, smoke_phase

log = logging.getLogger(__name__)
Cell = tuple[int, int]
TILE = 32  # the tileset's tile size in pixels
CHUNK = 8  # cells per side of a cached terrain chunk
GROUND = (96, 150, 70)  # under the tiles, and all of a map that cannot be drawn
CANVAS_BYTES = 64 * 1024 * 1024  # a map drawn at its own tile size first, up to this
# bytes of scaled chunks kept: a zoom sweep on a big window must not keep every size
CHUNK_BYTES = 96 * 1024 * 1024
MIN_CELL, MAX_CELL = 8, 128
BACKDROP = (30, 28, 36)
FRAME = (74, 56, 44)
FRAME_LIGHT = (132, 100, 70)
GRID = (20, 24, 16, 22)  # faint: the cells are felt more than seen
BLOCKED_SHADE = (16, 14, 34, 44)
HATCH = (16, 14, 34, 90)
# highlight styles: (fill rgba, outline rgb)
STYLES = {
    "target": ((255, 214, 80, 80), (255, 220, 90)),
    "move": ((90, 200, 255, 70), (120, 220, 255)),
    "selected": ((255, 255, 255, 70), (255, 255, 255)),
    "danger": ((240, 70, 60, 80), (255, 96, 80)),
    "info": ((170, 140, 255, 70), (190, 170, 255)),
}
HOVER = (255, 255, 255)
# claim rings: diameter per cell (1x1 and 2x2 pieces) and at least RING_MIN px
RING_K, RING_K2, RING_MIN = 0.62, 0.8, 18
# where a ring may hang, as fractions of the piece's box, in order of preference: the
# bottom-right corner, the other corners, then the middle of the bottom and top edges
RING_SPOTS = ((1, 1), (0, 1), (1, 0), (0, 0), (0.5, 1), (0.5, 0))
# piece sprites' size per cell: settlements, chest, caverns a little over their cell
# so they read at a glance at 28 px cells (issue 34)
SETTLEMENT_K, CHEST_K, CAVERN_K, PLACE_K, DRAGON_K = 1.12, 1.08, 1.12, 1.0, 1.04
SHADOW = (10, 14, 6, 90)  # dragons' drop shadow (light from the top left)
PLAIN_TILES = ((0, 6), (1, 3), (2, 2), (15, 1), (3, 1), (14, 1))  # (tile id, weight): grass


class BoardView:
    def __init__(self, board: BoardSpec, *, palette: str = "normal"):
        self.board = board
        self.palette = palette
        self.rect = pygame.Rect(0, 0, board.width * TILE, board.height * TILE)
        self.cell = TILE
        self.ox, self.oy = 0, 0  # screen position of the board's top-left corner
        self._fitted = True  # until the player zooms or pans, a new rect refits
        self._native: pygame.Surface | None = None  # terrain at TILE px per cell
        self._shade: tuple[pygame.Surface, ...] | None = None  # its soft light layers
        self._dressed: pygame.Surface | None = None  # textured, soft borders (a copy)
        self._chunks: dict[tuple[int, int, int], pygame.Surface] = {}
        self._overlays: dict[tuple, pygame.Surface] = {}
        self._coords: dict[tuple, pygame.Surface] = {}
        self._pieces: set[Cell] = set()  # cells holding a piece (where rings may hang)
        self._spots: dict[tuple, int] = {}  # (at, size) -> index in RING_SPOTS
        self.show_grid = True  # the Show grid setting (baked into the terrain chunks)
        self.reduce_motion = False  # the Reduce motion setting: nothing pulses
        self.ambient = Ambient()  # glints and smoke at rest (game.ui.ambient)
        self.banners = banners.Banners()  # owners' banners (game.ui.banners)
        self._ambient_frame = -1  # the ambient frame last drawn
        self._banner_frame: int | None = None  # the banners' wave (None: still)
        # still layers, drawn once and shown until what they show changes (blit_cache)
        self._base: pygame.Surface | None = None  # backdrop, frame and terrain
        self._base_key: tuple | None = None
        self._pieces_layer = blit_cache.Layer()
        self._baked = blit_cache.Baked()  # the base with the pieces on it
        self._water_layer = blit_cache.Cycle()  # a recording per frame of their loops
        self._smoke_layer = blit_cache.Cycle()
        self.fit()

    # ----- layout --------------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect) -> None:
        """Where on screen the board lives; refits unless the player has zoomed or panned."""
        self.rect = pygame.Rect(rect)
        if self._fitted:
            self.fit()
        else:
            self._clamp()

    def fit_cell(self) -> int:
        """The cell size that shows the whole board in the rect, with a frame margin."""
        w = (self.rect.w - 24) / self.board.width
        h = (self.rect.h - 24) / self.board.height
        return max(MIN_CELL // 2, min(MAX_CELL, int(min(w, h))))

    def fit(self) -> None:
        """Show the whole board, centred."""
        self.cell = self.fit_cell()
        self.ox = self.rect.centerx - self.cell * self.board.width // 2
        self.oy = self.rect.centery - self.cell * self.board.height // 2
        self._fitted = True

    def zoom(self, factor: float, around=None) -> None:
        """Scale the cell size by factor, keeping the board point under `around` fixed."""
        lo = min(self.fit_cell(), MIN_CELL * 2)
        new = int(round(self.cell * factor))
        if new == self.cell:
            new += 1 if factor > 1 else -1 if factor < 1 else 0
        new = max(lo, min(MAX_CELL, new))
        if new == self.cell:
            return
        ax, ay = around if around is not None else self.rect.center
        bx, by = (ax - self.ox) / self.cell, (ay - self.oy) / self.cell
        self.cell = new
        self.ox, self.oy = round(ax - bx * new), round(ay - by * new)
        self._fitted = False
        self._clamp()

    def pan(self, dx: float, dy: float) -> None:
        self.ox += round(dx)
        self.oy += round(dy)
        self._fitted = False
        self._clamp()

    def _clamp(self) -> None:
        """Keep the board on screen: centred on an axis where it fits, else edge to edge
        with at most one cell of margin."""
        bw, bh = self.cell * self.board.width, self.cell * self.board.height
        margin = self.cell
        for axis, size, lo, span in (("ox", bw, self.rect.left, self.rect.w),
                                     ("oy", bh, self.rect.top, self.rect.h)):
            if size <= span:
                setattr(self, axis, lo + (span - size) // 2)
            else:
                v = getattr(self, axis)
                setattr(self, axis, max(lo + span - size - margin, min(lo + margin, v)))

    def set_look(self, *, show_grid: bool, reduce_motion: bool) -> None:
        """Take the Show grid and Reduce motion settings (the grid redraws the chunks)."""
        if show_grid != self.show_grid:
            self.show_grid = show_grid
            self._chunks = {}
        self.reduce_motion = reduce_motion

    def set_palette(self, palette: str) -> None:
        self.palette = palette if palette in art.PALETTES else "normal"

    # ----- cells <-> pixels ----------------------------------------------------------
    def cell_rect(self, cell: Cell) -> pygame.Rect:
        c, r = cell
        return pygame.Rect(self.ox + c * self.cell, self.oy + r * self.cell, self.cell, self.cell)

    def piece_rect(self, at: Cell, size: int = 1) -> pygame.Rect:
        c, r = at
        return pygame.Rect(self.ox + c * self.cell, self.oy + r * self.cell,
                           self.cell * size, self.cell * size)

    def cell_at(self, pos) -> Cell | None:
        x, y = pos
        if not self.rect.collidepoint(x, y):
            return None
        c, r = math.floor((x - self.ox) / self.cell), math.floor((y - self.oy) / self.cell)
        return (c, r) if self.board.on_board((c, r)) else None

    def board_rect(self) -> pygame.Rect:
        return pygame.Rect(self.ox, self.oy, self.cell * self.board.width,
                           self.cell * self.board.height)

    # ----- terrain -------------------------------------------------------------------
    def native_terrain(self) -> pygame.Surface:
        """The terrain at one tile per cell: the map's tiles, or grass for the plain board."""
        if self._native is None:
            self._native = _load_terrain(self.board)
        return self._native

    def _chunk(self, cx: int, cy: int) -> pygame.Surface:
        key = (self.cell, cx, cy)
        surf = self._chunks.get(key)
        if surf is None:
            if len(self._chunks) > 400 or self._chunk_bytes() > CHUNK_BYTES:
                # a zoom sweep: drop other sizes (and all, if this size alone is too big)
                self._chunks = {k: v for k, v in self._chunks.items() if k[0] == self.cell}
                if self._chunk_bytes() > CHUNK_BYTES:
                    self._chunks = {}
            surf = self._render_chunk(cx, cy)
            self._chunks[key] = surf
        return surf

    def dressed_terrain(self) -> pygame.Surface:
        """The terrain with texture and soft borders where the shipped tiles meet
        (game.ui.terrain_dress), made once: chunks are cut from it, never the map."""
        if self._dressed is None:
            self._dressed = _dressed(self.board, self.native_terrain())
        return self._dressed

    def _shading(self) -> tuple[pygame.Surface, ...]:
        """The soft light over the terrain (see _light), at the native size, made once."""
        if self._shade is None:
            self._shade = _light(self.native_terrain().get_size(), self.board)
        return self._shade

    def _chunk_bytes(self) -> int:
        return sum(s.get_width() * s.get_height() * 4 for s in self._chunks.values())

    def _render_chunk(self, cx: int, cy: int) -> pygame.Surface:
        b = self.board
        c0, r0 = cx * CHUNK, cy * CHUNK
        nc, nr = min(CHUNK, b.width - c0), min(CHUNK, b.height - r0)
        area = (c0 * TILE, r0 * TILE, nc * TILE, nr * TILE)
        src = self.dressed_terrain().subsurface(area).copy()
        for layer in self._shading():  # over a copy: the map stays as Tiled draws it
            src.blit(layer.subsurface(area), (0, 0))
        cell = self.cell
        surf = pygame.transform.smoothscale(src, (nc * cell, nr * cell))
        over = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        blocked = _blocked_tile(cell)
        for c, r in b.blocked:
            if c0 <= c < c0 + nc and r0 <= r < r0 + nr:
                over.blit(blocked, ((c - c0) * cell, (r - r0) * cell))
        if cell >= 12 and self.show_grid:
            for i in range(nc + 1):
                pygame.draw.line(over, GRID, (i * cell, 0), (i * cell, nr * cell))
            for j in range(nr + 1):
                pygame.draw.line(over, GRID, (0, j * cell), (nc * cell, j * cell))
        surf.blit(over, (0, 0))
        return surf.convert() if pygame.display.get_surface() else surf

    def _overlay(self, key: tuple, make) -> pygame.Surface:
        surf = self._overlays.get(key)
        if surf is None:
            if len(self._overlays) > 600:
                self._overlays.clear()
            surf = self._overlays[key] = make()
        return surf

    # ----- drawing -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, doc: dict | None, *,
             highlights: dict | None = None, hover=None, hover_size: int = 1,
             t: float | None = None, hidden=(), ambient: float | None = None) -> None:
        """Draw the board and the pieces of `doc` into self.rect.

        highlights: (col, row) -> style ("target", "move", "selected", "danger", "info")
                    or (style, size) for a 2x2 footprint named by its top-left.
        hover:      the cell under the mouse (outlined), hover_size 2 for a footprint.
        t:          seconds, for the pulse of highlights and the acting dragon's halo.
        hidden:     pieces not to draw (being animated): "dragon/red", "chest", ...
        ambient:    seconds, for the board at rest (water glints, chimney smoke); None
                    or Reduce motion: none drawn.
        """
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        if self.reduce_motion:
            t = None  # highlights and the acting dragon's halo hold still
            ambient = None
        self._banner_frame = None if ambient is None else frame_of(ambient)
        where = (self.cell, self.ox, self.oy)
        key = blit_cache.pieces_key(doc) if doc else None
        rec = None
        if doc:
            self.note_pieces(doc)
            hid = frozenset(hidden)
            rec = self._pieces_layer.get((where, self.palette, hid, key),
                                         lambda r: self._draw_pieces(r, doc, set(hid)))
        # the terrain with the pieces already on it (up to the banners: they wave)
        base = self._base_picture()
        first = rec.marks[0] if rec is not None else 0
        surface.blit(self._baked.get((base, rec), base, self.rect.topleft,
                                     rec.ops[:first] if rec is not None else []), self.rect)
        under = blit_cache.Recorder()  # what lies between the terrain and the pieces
        if ambient is not None:
            self._ambient_frame = frame_of(ambient)
            now = ambient
            under.ops += self._water_layer.get(
                where, glint_phase(now),
                lambda r: self.ambient.draw_water(r, self, now)).ops
        pulse = 1.0 if t is None else 0.78 + 0.22 * math.sin(t * 4.0)
        if highlights:
            self._draw_highlights(under, highlights, pulse, fill=True)
        self._baked.patch(surface, base, self.rect.topleft, under.ops)
        if rec is not None:
            pieces = rec

            def live(name: str) -> None:
                if name == "banners":
                    banners.draw(surface, self, doc, self.banners, self._banner_frame)
                else:
                    self._halo(surface, pieces.halo[0], pieces.halo[1], t)

            blit_cache.replay(surface, rec, live, start=first)
        if ambient is not None and doc:
            now = ambient
            blit_cache.replay(surface, self._smoke_layer.get(
                (where, key and key[2]), smoke_phase(now),
                lambda rec: self.ambient.draw_smoke(rec, self, doc, now)))
        if highlights:
            self._draw_highlights(surface, highlights, pulse, fill=False)
        if hover is not None and self.board.on_board(tuple(hover)):
            rect = self.piece_rect(tuple(hover), hover_size)
            pygame.draw.rect(surface, HOVER, rect, max(2, self.cell // 16),
                             border_radius=max(2, self.cell // 8))
        if self.cell >= 80:
            self._draw_coords(surface)
        surface.set_clip(clip)

    def ambient_due(self, now: float) -> bool:
        """True when the board at rest has a new ambient frame to show (a few times a
        second); never with Reduce motion."""
        return not self.reduce_motion and frame_of(now) != self._ambient_frame

    def ambient_wake_in(self, now: float) -> float | None:
        """Seconds from `now` until the next ambient frame; None with Reduce motion."""
        if self.reduce_motion:
            return None
        return max(0.0, (frame_of(now) + 1) / AMBIENT_FPS - now)

    def _base_picture(self) -> pygame.Surface:
        """The backdrop, frame and terrain of self.rect, made when the view moves or the
        grid setting changes (a frame used to fill, shade and blit each chunk)."""
        key = (tuple(self.rect), self.cell, self.ox, self.oy, self.show_grid)
        if self._base is None or key != self._base_key:
            base = pygame.Surface(self.rect.size)
            if pygame.display.get_surface():
                base = base.convert()
            base.fill(BACKDROP)
            rect, ox, oy = self.rect, self.ox, self.oy
            # drawn as if the rect's corner were the origin
            self.rect = pygame.Rect(0, 0, rect.w, rect.h)
            self.ox, self.oy = ox - rect.x, oy - rect.y
            try:
                self._draw_frame(base)
                self._draw_terrain(base)
            finally:
                self.rect, self.ox, self.oy = rect, ox, oy
            self._base, self._base_key = base, key
        return self._base

    def _draw_frame(self, surface: pygame.Surface) -> None:
        br = self.board_rect()
        pad = max(4, self.cell // 5)
        shadow = self._overlay(("shadow", br.size, pad), lambda: _soft_rect(br.size, pad))
        surface.blit(shadow, (br.x - 3 * pad, br.y - 2 * pad))
        outer = br.inflate(2 * pad, 2 * pad)
        pygame.draw.rect(surface, FRAME, outer, border_radius=pad)
        pygame.draw.rect(surface, FRAME_LIGHT, outer, max(1, pad // 3), border_radius=pad)

    def _draw_terrain(self, surface: pygame.Surface) -> None:
        span = CHUNK * self.cell
        view = self.rect.clip(self.board_rect())
        if not view.w or not view.h:
            return
        cx0 = max(0, (view.left - self.ox) // span)
        cy0 = max(0, (view.top - self.oy) // span)
        cx1 = (view.right - 1 - self.ox) // span
        cy1 = (view.bottom - 1 - self.oy) // span
        for cy in range(cy0, cy1 + 1):
            for cx in range(cx0, cx1 + 1):
                surface.blit(self._chunk(cx, cy), (self.ox + cx * span, self.oy + cy * span))

    def _sprite(self, name: str, size: int) -> pygame.Surface:
        return art.sprite(name, size, self.palette)

    def _blit_piece(self, surface, name: str, at, size: int = 1, scale: float = 1.0) -> None:
        rect = self.piece_rect(tuple(at), size)
        img = self._sprite(name, round(rect.w * scale))
        surface.blit(img, img.get_rect(center=rect.center))

    def _claim_base(self, surface, owner: str, at, size: int = 1) -> None:
        """A claimed piece stands on a tile of its owner's colour (seen at any zoom)."""
        rect = self.piece_rect(tuple(at), size).inflate(-2, -2)
        col = art.dragon_colour(owner, self.palette)
        key = ("claim", col, rect.size)
        surface.blit(self._overlay(key, lambda: _tinted_tile(rect.size, col)), rect)

    def ring_rect(self, at, size: int = 1) -> pygame.Rect:
        """Where a claim ring sits: a medallion big enough to read its emblem (never
        under 18 px), hung just outside the piece's bottom-right corner so it hides
        under a tenth of the piece (issue 34; tools/ui_audit.py measures it)."""
        rect = self.piece_rect(tuple(at), size)
        d = max(RING_MIN, round(self.cell * (RING_K if size == 1 else RING_K2)))
        out = d // 6
        fx, fy = RING_SPOTS[self._ring_spot(tuple(at), size)]
        # a corner spot hangs `out` px further out, away from the piece; an edge's middle
        # mostly outside it (the piece's middle is its body)
        oy = out if fx != 0.5 else d // 2 - out
        x = rect.x + round(fx * rect.w) - d // 2 + (out if fx == 1 else -out if fx == 0 else 0)
        y = rect.y + round(fy * rect.h) - d // 2 + (oy if fy == 1 else -oy)
        return pygame.Rect(x, y, d, d)

    def note_pieces(self, doc: dict | None) -> None:
        """Remember which cells hold a piece: a ring hangs where no piece is."""
        cells: set[Cell] = set()
        for kind, size in (("settlements", 1), ("places", 2)):
            for p in (doc or {}).get(kind) or ():
                c, r = p["at"]
                cells.update((c + i, r + j) for i in range(size) for j in range(size))
        for d in ((doc or {}).get("dragons") or {}).values():
            if d.get("cavern") is not None:
                cells.add(tuple(d["cavern"]))
        chest = (doc or {}).get("chest")
        if chest and chest.get("at") is not None:
            cells.add(tuple(chest["at"]))
        if cells != self._pieces:
            self._pieces = cells
            self._spots = {}

    @property
    def piece_cells(self) -> set[Cell]:
        """The cells holding a piece, as of the last note_pieces (what banners avoid)."""
        return self._pieces

    def _ring_spot(self, at: Cell, size: int) -> int:
        """Which of RING_SPOTS a piece's ring hangs at: the first whose cells around
        hold no other piece, else the one touching fewest (cached until pieces move)."""
        key = (at, size)
        spot = self._spots.get(key)
        if spot is None:
            c, r = at
            best = (99, 0)
            for i, (fx, fy) in enumerate(RING_SPOTS):
                # the cells outside the piece a ring at this spot reaches into
                xs = [c + size] if fx == 1 else [c - 1] if fx == 0 else []
                ys = [r + size] if fy == 1 else [r - 1] if fy == 0 else []
                near = {(x, y) for x in xs for y in (*ys, *range(r, r + size))}
                near |= {(x, y) for y in ys for x in (*xs, *range(c, c + size))}
                n = len(near & self._pieces)
                if n < best[0]:
                    best = (n, i)
                if n == 0:
                    break
            spot = self._spots[key] = best[1]
        return spot

    def _ring(self, surface, owner: str, at, size: int = 1) -> None:
        box = self.ring_rect(at, size)
        img = self._sprite(f"ring/{owner}", box.w)
        surface.blit(img, img.get_rect(center=box.center))

    def piece_box(self, at, size: int = 1, scale: float = 1.0) -> pygame.Rect:
        """The box a piece's sprite is drawn into (the audit measures it)."""
        rect = self.piece_rect(tuple(at), size)
        d = round(rect.w * scale)
        return pygame.Rect(0, 0, d, d).move(rect.centerx - d // 2, rect.centery - d // 2)

    def _draw_pieces(self, surface: blit_cache.Recorder, doc: dict, hidden: set) -> None:
        """Record the pieces, rings, banners and dragons (the acting dragon's halo is a
        mark: it pulses, so it is drawn live between the recorded blits)."""
        cell = self.cell
        for g in doc.get("gambles") or ():
            self._blit_piece(surface, f"gamble/{g['owner']}", g["at"], 1, 0.82)
        dragons = doc.get("dragons") or {}
        for name, d in sorted(dragons.items()):
            if d.get("cavern") is not None and f"cavern/{name}" not in hidden:
                self._blit_piece(surface, f"cavern/{name}", d["cavern"], 1, CAVERN_K)
        for s in doc.get("settlements") or ():
            if s.get("claim"):
                self._claim_base(surface, s["claim"], s["at"])
        for p in doc.get("places") or ():
            if p.get("claim"):
                self._claim_base(surface, p["claim"], p["at"], 2)
        for s in doc.get("settlements") or ():
            if f"settlement/{tuple(s['at'])}" not in hidden:
                self._blit_piece(surface, f"settlement/{s['kind']}", s["at"], 1, SETTLEMENT_K)
        for p in doc.get("places") or ():
            if f"place/{p['kind']}" not in hidden:
                self._blit_piece(surface, art.place_art(p["kind"]), p["at"], 2, PLACE_K)
                if p.get("power_used") and cell >= 20:
                    self._used_mark(surface, p["at"])
        chest = doc.get("chest")
        if chest and chest.get("at") is not None and "chest" not in hidden:
            self._blit_piece(surface, "chest", chest["at"], 1, CHEST_K)
            self._count_badge(surface, chest["at"], chest.get("coins", 0))
        for s in doc.get("settlements") or ():
            if s.get("claim"):
                self._ring(surface, s["claim"], s["at"])
        for p in doc.get("places") or ():
            if p.get("claim"):
                self._ring(surface, p["claim"], p["at"], 2)
        surface.mark("banners")  # they wave: drawn live
        self._draw_dragons(surface, doc, hidden)

    def _draw_dragons(self, surface: blit_cache.Recorder, doc: dict, hidden: set) -> None:
        """The dragons on top, the one acting last (with its halo)."""
        turn = doc.get("turn") or (doc.get("pending") or {}).get("dragon")
        dragons = doc.get("dragons") or {}
        for name, d in sorted(dragons.items(), key=lambda kv: kv[0] == turn):
            if d.get("at") is None or f"dragon/{name}" in hidden:
                continue
            if name == turn:
                surface.mark("halo")  # it pulses: drawn live
                surface.halo = (name, d["at"])
            self._shadow(surface, d["at"])
            self._blit_piece(surface, f"dragon/{name}", d["at"], 2, DRAGON_K)
        # a gamble or claim ring a dragon's sprite reaches over is drawn again above it:
        # a player's stake and a piece's owner are never hidden under a dragon
        bodies = [self.piece_rect(tuple(d["at"]), 2).inflate(self.cell // 6, self.cell // 6)
                  for name, d in dragons.items()
                  if d.get("at") is not None and f"dragon/{name}" not in hidden]
        if not bodies:
            return
        for g in doc.get("gambles") or ():
            if self.cell_rect(tuple(g["at"])).collidelist(bodies) >= 0:
                self._blit_piece(surface, f"gamble/{g['owner']}", g["at"], 1, 0.82)
        for kind, size in (("settlements", 1), ("places", 2)):
            for p in doc.get(kind) or ():
                if p.get("claim") and self.ring_rect(p["at"], size).collidelist(bodies) >= 0:
                    self._ring(surface, p["claim"], p["at"], size)

    def _shadow(self, surface, at) -> None:
        """A soft drop shadow under a dragon, down and right of it (light from the top
        left, as the art is drawn): the dragon flies above the board."""
        rect = self.piece_rect(tuple(at), 2)
        img = self._overlay(("dshadow", rect.w), lambda: _drop_shadow(rect.w))
        off = max(2, self.cell // 6)
        surface.blit(img, img.get_rect(center=(rect.centerx + off, rect.centery + off)))

    def _halo(self, surface, name: str, at, t) -> None:
        rect = self.piece_rect(tuple(at), 2)
        col = art.dragon_colour(name, self.palette)
        key = ("halo", col, rect.size)
        img = self._overlay(key, lambda: _halo(rect.size, col))
        if t is not None:
            img.set_alpha(round(170 + 85 * math.sin(t * 3.0)))
        else:
            img.set_alpha(255)
        surface.blit(img, img.get_rect(center=rect.center))

    def _count_badge(self, surface, at, n: int) -> None:
        if self.cell < 18:
            return
        rect = self.cell_rect(tuple(at))
        size = max(9, self.cell // 3)
        img = self._overlay(("count", n, size), lambda: _badge(str(n), size))
        surface.blit(img, img.get_rect(center=(rect.right - size // 3, rect.top + size // 3)))

    def _used_mark(self, surface, at) -> None:
        """A place whose power was used this round: a small hourglass-grey seal."""
        rect = self.piece_rect(tuple(at), 2)
        size = max(10, self.cell // 2)
        img = self._overlay(("used", size), lambda: _badge("\u2713", size, (90, 86, 100)))
        surface.blit(img, img.get_rect(center=(rect.left + size // 2, rect.top + size // 2)))

    def _draw_highlights(self, surface, highlights: dict, pulse: float, fill: bool) -> None:
        for cell, style in highlights.items():
            size = 1
            if isinstance(style, (tuple, list)):
                style, size = style[0], int(style[1])
            fill_col, line = STYLES.get(style, STYLES["info"])
            rect = self.piece_rect(tuple(cell), size)
            if fill:
                key = ("hl", style, rect.size)
                img = self._overlay(key, lambda r=rect, f=fill_col: _filled(r.size, f, self.cell))
                img.set_alpha(round(255 * pulse))
                surface.blit(img, rect)
            else:
                w = max(2, self.cell // 14)
                pygame.draw.rect(surface, line, rect.inflate(-w, -w), w,
                                 border_radius=max(2, self.cell // 8))

    def _draw_coords(self, surface) -> None:
        f = art.font(max(9, self.cell // 7))
        view = self.rect.clip(self.board_rect())
        c0 = max(0, (view.left - self.ox) // self.cell)
        r0 = max(0, (view.top - self.oy) // self.cell)
        c1 = min(self.board.width - 1, (view.right - self.ox) // self.cell)
        r1 = min(self.board.height - 1, (view.bottom - self.oy) // self.cell)
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                key = (c, r, f.get_height())
                img = self._coords.get(key)
                if img is None:
                    if len(self._coords) > 4000:
                        self._coords.clear()
                    img = self._coords[key] = _coord(f, c, r)
                rect = self.cell_rect((c, r))
                surface.blit(img, (rect.x + 3, rect.y + 1))


# ----- helpers (no view state) ---------------------------------------------------------
def preplaced_doc(board: BoardSpec) -> dict:
    """A state-document-shaped dict of the map's preplaced pieces (for previews)."""
    doc: dict = {"dragons": {}, "settlements": [], "places": [], "gambles": [], "chest": None}
    for p in board.pieces:
        if p.kind == "place_of_power":
            doc["places"].append({"kind": p.place, "at": list(p.at), "claim": None})
        elif p.kind == "chest":
            doc["chest"] = {"at": list(p.at), "coins": 0}
        else:
            doc["settlements"].append({"kind": p.kind, "at": list(p.at), "claim": None})
    return doc


def thumbnail(board: BoardSpec, size: tuple[int, int], palette: str = "normal") -> pygame.Surface:
    """The whole map with its preplaced pieces, fitted into size (the map picker)."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    view = BoardView(board, palette=palette)
    view.set_rect(out.get_rect())
    view.draw(out, preplaced_doc(board))
    return out


def _load_terrain(board: BoardSpec) -> pygame.Surface:
    """The board's terrain at TILE px per cell, drawn once per process and files: a new
    window (or board screen) on the same map finds it drawn, unless one of the files it
    was drawn from (the map, its .tsx tilesets, the images) has changed since. The
    surface is shared: it is only read (chunks are scaled copies of it)."""
    path = _resolve(board.source)
    key = (board.width, board.height, str(path.resolve()) if path is not None else None)
    known = _TERRAIN.get(key)
    if known is not None and all(_stat(f) == st for f, st in known[0].items()):
        return known[1]
    files: dict[str, tuple | None] = {}
    out = _draw_terrain(board, path, files)
    if len(_TERRAIN) >= 8:
        _TERRAIN.clear()
    _TERRAIN[key] = (files, out)
    return out


# terrain drawn in this process: (the files it came from with their stat, the surface)
_TERRAIN: dict[tuple, tuple[dict[str, tuple | None], pygame.Surface]] = {}
# dressed copies of those surfaces, by the drawn terrain's id (the surface kept with it)
_DRESSED: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}


def _dressed(board: BoardSpec, native: pygame.Surface) -> pygame.Surface:
    known = _DRESSED.get(id(native))
    if known is not None and known[0] is native:
        return known[1]
    try:
        out = terrain_dress.dress(board, native, _resolve(board.source))
    except Exception:  # as in _draw_terrain: the map as drawn, undressed, and a log line
        log.exception("dressing the terrain of %s failed", board.source)
        out = native
    if len(_DRESSED) >= 8:
        _DRESSED.clear()
    _DRESSED[id(native)] = (native, out)
    return out


_stat = tiled_draw.stat


def _draw_terrain(board: BoardSpec, path: Path | None,
                  files: dict[str, tuple | None]) -> pygame.Surface:
    """Draw the terrain; `files` gets each file it reads, stat taken before reading."""
    out = pygame.Surface((board.width * TILE, board.height * TILE))
    out.fill(GROUND)
    if path is None:
        sheet_path = str(asset("tiles", "terrain.png"))
        files[sheet_path] = _stat(sheet_path)
        sheet = pygame.image.load(sheet_path)
        rng = random.Random(board.width * 1000 + board.height)  # same board, same grass
        ids = [i for i, _ in PLAIN_TILES]
        weights = [w for _, w in PLAIN_TILES]
        cols = sheet.get_width() // TILE
        for r in range(board.height):
            for c in range(board.width):
                i = rng.choices(ids, weights)[0]
                out.blit(sheet, (c * TILE, r * TILE),
                         ((i % cols) * TILE, (i // cols) * TILE, TILE, TILE))
        return out

    try:  # drawn as Tiled draws it, at the map's tile size, over plain ground
        picture = tiled_draw.render_map(path, files, max_bytes=CANVAS_BYTES, ground=GROUND)
    except MapError:
        return out  # plain ground: the board is still playable, only undecorated
    except Exception:  # a drawing bug must not end a game: plain ground, and the log says
        log.exception("drawing the terrain of %s failed", path)
        return out
    if picture.get_size() != out.get_size():  # maps with other tile sizes
        picture = pygame.transform.smoothscale(picture, out.get_size())
    out.blit(picture, (0, 0))
    return out


def _light(size: tuple[int, int], board: BoardSpec) -> tuple[pygame.Surface, ...]:
    """Soft shading over the drawn terrain, once per map (issue 34): broad patches of
    sunlit and shaded ground so no two stretches of grass look alike, light from the top
    left (as every sprite is lit) and a faint darkening towards the frame. Seeded by the
    board's size: the same map always looks the same."""
    w, h = size
    rng = random.Random(board.width * 7919 + board.height)
    gw, gh = board.width // 3 + 2, board.height // 3 + 2
    patches = pygame.Surface((gw, gh), pygame.SRCALPHA)
    for y in range(gh):
        for x in range(gw):
            v = rng.uniform(-1.0, 1.0)
            patches.set_at((x, y), (255, 248, 214, round(30 * v)) if v > 0
                           else (8, 26, 0, round(-38 * v)))
    # two layers, each blitted over the terrain (blended into one they would darken)
    first = pygame.transform.smoothscale(patches, (w, h))
    # light from the top left, shade to the bottom right and at the edges
    light = pygame.Surface((4, 4), pygame.SRCALPHA)
    for y in range(4):
        for x in range(4):
            edge = x in (0, 3) or y in (0, 3)
            k = (x + y) / 6  # 0 at the top left .. 1 at the bottom right
            if k < 0.5:
                light.set_at((x, y), (255, 246, 210, round(26 * (0.5 - k) * 2)))
            else:
                light.set_at((x, y), (10, 8, 30, round(30 * (k - 0.5) * 2) + (10 if edge else 0)))
    return first, pygame.transform.smoothscale(light, (w, h))


def _resolve(source: str | None) -> Path | None:
    if not source:
        return None
    if limits.path_problem(source):
        return None
    p = Path(source)
    if limits.is_file(p):
        return p
    return shipped_map(p.name)  # a shipped map's board, whichever install made it


def _blocked_tile(cell: int) -> pygame.Surface:
    """Impassable: a dark veil with diagonal hatching, clipped to the cell."""
    tile = pygame.Surface((cell, cell), pygame.SRCALPHA)
    tile.fill(BLOCKED_SHADE)
    lines = pygame.Surface((cell, cell), pygame.SRCALPHA)
    step = max(5, cell // 4)
    for k in range(-cell, cell + step, step):
        pygame.draw.line(lines, HATCH, (k, 0), (k + cell, cell), max(1, cell // 18))
    tile.blit(lines, (0, 0))
    return tile


def _soft_rect(size, pad: int) -> pygame.Surface:
    w, h = size
    s = pygame.Surface((w + 6 * pad, h + 6 * pad), pygame.SRCALPHA)
    pygame.draw.rect(s, (0, 0, 0, 140), (2 * pad, 2 * pad, w + 2 * pad, h + 2 * pad),
                     border_radius=pad)
    small = pygame.transform.smoothscale(s, (max(1, s.get_width() // 4),
                                             max(1, s.get_height() // 4)))
    small = pygame.transform.gaussian_blur(small, max(1, pad // 3))
    return pygame.transform.smoothscale(small, s.get_size())


def _tinted_tile(size, col) -> pygame.Surface:
    w, h = size
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(2, min(w, h) // 6)
    pygame.draw.rect(s, (*col, 110), (0, 0, w, h), border_radius=rad)
    pygame.draw.rect(s, (*col, 230), (0, 0, w, h), max(1, min(w, h) // 14), border_radius=rad)
    return s


def _drop_shadow(w: int) -> pygame.Surface:
    """An ellipse of shade under a dragon, blurred: drawn small and scaled up."""
    k = max(1, w // 24)
    small = pygame.Surface((max(4, w // k), max(4, w // k)), pygame.SRCALPHA)
    sw = small.get_width()
    pygame.draw.ellipse(small, SHADOW, (sw * 0.2, sw * 0.28, sw * 0.6, sw * 0.5))
    small = pygame.transform.gaussian_blur(small, max(1, sw // 12))
    return pygame.transform.smoothscale(small, (w, w))


def _halo(size, col) -> pygame.Surface:
    w, h = size
    s = pygame.Surface((w * 3 // 2, h * 3 // 2), pygame.SRCALPHA)
    c = (s.get_width() // 2, s.get_height() // 2)
    for i in range(12, 0, -1):
        r = w * (0.32 + 0.028 * i)
        pygame.draw.circle(s, (*col, 16), c, r)
    pygame.draw.circle(s, (255, 236, 160, 150), c, w * 0.5, max(1, w // 40))
    return s


def _filled(size, rgba, cell: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, rgba, (0, 0, *size), border_radius=max(2, cell // 8))
    return s


def _badge(text: str, size: int, bg=(40, 34, 40)) -> pygame.Surface:
    f = art.font(max(8, int(size * 0.62)), bold=True)
    img = f.render(text, True, (255, 232, 150))
    w = max(size, img.get_width() + size // 2)
    s = pygame.Surface((w, size), pygame.SRCALPHA)
    pygame.draw.rect(s, (*bg, 235), (0, 0, w, size), border_radius=size // 2)
    pygame.draw.rect(s, (236, 188, 64), (0, 0, w, size), max(1, size // 10),
                     border_radius=size // 2)
    s.blit(img, img.get_rect(center=(w // 2, size // 2)))
    return s


def _coord(f: pygame.font.Font, c: int, r: int) -> pygame.Surface:
    img = f.render(f"{c + 1},{r + 1}", True, (255, 255, 255))  # the UI shows cells 1-based
    img.set_alpha(100)
    return img

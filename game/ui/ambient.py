"""A living board at rest (issue 34): glints on the water and smoke from the towns.

Cheap by construction: the layer changes AMBIENT_FPS times a second (the board screen
asks for a redraw only when its frame number changes), and each frame is a few small
blits of sprites made once per cell size. Off with Reduce motion. Which cells are water
is read once from the terrain (a blocked cell whose middle is blue).
"""

from __future__ import annotations

import pygame

Cell = tuple[int, int]
AMBIENT_FPS = 6
GLINT_CYCLE, GLINT_ON = 16, 6  # frames: a glint shows 6 of every 16, each at its time
SMOKE_CYCLE, PUFFS = 18, 3  # frames a puff takes to rise and fade; puffs per chimney
LEVELS = 6  # alpha steps of the cached sprites


def frame_of(now: float) -> int:
    return int(now * AMBIENT_FPS)


def glint_phase(now: float) -> int:
    """Where the glints are in their loop: the same picture every GLINT_CYCLE frames."""
    return frame_of(now) % GLINT_CYCLE


def smoke_phase(now: float) -> int:
    """Where the smoke is in its loop: the same picture every SMOKE_CYCLE frames."""
    return frame_of(now) % SMOKE_CYCLE


def _mix(c: int, r: int, salt: int) -> int:
    """A fixed per-cell number: the same glints and puffs every game, no random state."""
    h = (c * 73856093) ^ (r * 19349663) ^ (salt * 83492791)
    return (h ^ (h >> 13)) & 0xFFFF


class Ambient:
    def __init__(self) -> None:
        self._water: list[Cell] | None = None
        self._sprites: dict[tuple, pygame.Surface] = {}

    def water(self, board, native: pygame.Surface, tile: int) -> list[Cell]:
        if self._water is None:
            cells = []
            for c, r in sorted(board.blocked):
                x, y = c * tile + tile // 2, r * tile + tile // 2
                if 0 <= x < native.get_width() and 0 <= y < native.get_height():
                    red, green, blue, *_ = native.get_at((x, y))
                    if blue > red + 30 and blue >= green:
                        cells.append((c, r))
            self._water = cells
        return self._water

    def _glint(self, cell: int, level: int) -> pygame.Surface:
        key = ("glint", cell, level)
        if key not in self._sprites:
            w, h = max(4, cell * 2 // 5), max(2, cell // 12)
            s = pygame.Surface((w, h + 2), pygame.SRCALPHA)
            a = round(200 * level / (LEVELS - 1))
            pygame.draw.ellipse(s, (235, 248, 255, a), (0, 1, w, h))
            self._sprites[key] = s
        return self._sprites[key]

    def _puff(self, cell: int, grow: int, level: int) -> pygame.Surface:
        key = ("puff", cell, grow, level)
        if key not in self._sprites:
            d = max(3, round(cell * (0.12 + 0.05 * grow)))
            s = pygame.Surface((d, d), pygame.SRCALPHA)
            a = round(150 * level / (LEVELS - 1))
            pygame.draw.circle(s, (226, 226, 222, a), (d / 2, d / 2), d / 2)
            self._sprites[key] = s
        return self._sprites[key]

    def draw_water(self, surface, view, now: float) -> None:
        cell = view.cell
        if cell < 12:
            return
        f = frame_of(now)
        for c, r in self.water(view.board, view.native_terrain(), 32):
            h = _mix(c, r, 1)
            age = (f + h) % GLINT_CYCLE
            if age >= GLINT_ON:
                continue
            # fade in and out: a triangle over the glint's frames
            level = min(LEVELS - 1, round((LEVELS - 1) * (1 - abs(2 * age / (GLINT_ON - 1) - 1))))
            if level <= 0:
                continue
            img = self._glint(cell, level)
            rect = view.cell_rect((c, r))
            x = rect.x + (h >> 4) % max(1, cell - img.get_width())
            y = rect.y + cell // 5 + ((h >> 9) % max(1, cell * 3 // 5))
            surface.blit(img, (x, y))

    def draw_smoke(self, surface, view, doc: dict | None, now: float) -> None:
        cell = view.cell
        if cell < 16 or not doc:
            return
        f = frame_of(now)
        for s in doc.get("settlements") or ():
            c, r = s["at"]
            h = _mix(c, r, 2)
            rect = view.piece_rect((c, r))
            # the chimney: the upper right of the town sprite
            bx, by = rect.x + rect.w * 0.7, rect.y + rect.h * 0.12
            for k in range(PUFFS):
                age = (f + h + k * SMOKE_CYCLE // PUFFS) % SMOKE_CYCLE
                u = age / SMOKE_CYCLE
                level = round((LEVELS - 1) * (1 - u))
                if level <= 0:
                    continue
                img = self._puff(cell, min(3, age * 4 // SMOKE_CYCLE), level)
                x = bx + u * cell * 0.25  # a light wind from the west
                y = by - u * cell * 0.55
                surface.blit(img, img.get_rect(center=(round(x), round(y))))

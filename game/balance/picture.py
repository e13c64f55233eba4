"""The map's own picture (its terrain, drawn as the board and Tiled draw it) as an RGB
array, for the heat maps.

The picture comes from game.ui.tiled_draw with no window (SDL's dummy driver), so a map
is read by the same safe reader, within the same caps, as everywhere else; the plain
board, or a map that cannot be drawn, has no picture (None) and the heat map is drawn
on a plain grid.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from game.maps.loader import MapError  # noqa: E402
from game.ui import tiled_draw  # noqa: E402

MAX_PICTURE_BYTES = 64 * 1024 * 1024  # a bigger picture is drawn smaller


def map_picture(path: str | None):
    """An (height, width, 3) uint8 array of the map's tiles, or None."""
    if path is None:
        return None
    try:
        drawn = tiled_draw.render_map(Path(path), max_bytes=MAX_PICTURE_BYTES)
    except (MapError, OSError, ValueError, pygame.error):
        return None  # no picture is no reason to lose the report
    out = pygame.Surface(drawn.get_size())
    out.fill((60, 60, 60))
    out.blit(drawn, (0, 0))
    return pygame.surfarray.array3d(out).transpose(1, 0, 2)

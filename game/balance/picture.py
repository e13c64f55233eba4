"""The map's own picture (its Tiled tile layers) as an RGB array, for the heat maps.

Tiles are cut from the tilesets with pygame and no window (SDL's dummy driver), as
tools/preview_maps.py does; the plain board, or a map whose tiles cannot be read, has
no picture (None) and the heat map is drawn on a plain grid.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402
import pytmx  # noqa: E402


def map_picture(path: str | None):
    """An (height, width, 3) uint8 array of the map's tiles, or None."""
    if path is None:
        return None
    try:
        tmx = pytmx.TiledMap(path)
        tw, th = tmx.tilewidth, tmx.tileheight
        out = pygame.Surface((tmx.width * tw, tmx.height * th))
        out.fill((60, 60, 60))
        sheets: dict[str, pygame.Surface] = {}
        for layer in tmx.visible_tile_layers:
            for x, y, gid in tmx.layers[layer].iter_data():
                if not gid:
                    continue
                file, rect, _ = tmx.images[gid]
                if file not in sheets:
                    sheets[file] = pygame.image.load(file)
                out.blit(sheets[file], (x * tw, y * th), rect)
    except (OSError, ValueError, KeyError, TypeError, pygame.error):
        return None  # no picture is no reason to lose the report
    return pygame.surfarray.array3d(out).transpose(1, 0, 2)

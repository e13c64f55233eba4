"""What Tiled's painter (Qt) does to a tile's or image's pixels before and as it draws
them: the image's transparent colour cleared, the layer's tint in premultiplied
colour, the layer's opacity, and opaque tiles copied rather than blended
(game.ui.tiled_draw draws with these)."""

from __future__ import annotations

import pygame


def trans(text: str | None) -> tuple[int, int, int] | None:
    """Tiled's `trans` ("ff00ff", or "#ff00ff" from JSON; also #rgb and #aarrggbb, as Qt
    reads them): the colour's red, green and blue, else None."""
    h = (text or "").strip().lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    if len(h) == 8:
        h = h[2:]  # Qt matches the colour opaque: its alpha is dropped
    try:
        return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)) if len(h) == 6 else None
    except ValueError:
        return None


def cleared(image: pygame.Surface, rgb: tuple[int, int, int]) -> pygame.Surface:
    """The image with every opaque pixel of exactly `rgb` made transparent, as Tiled's
    createMaskFromColor does (a see-through pixel of that colour is not matched)."""
    image = alpha_copy(image)  # matched in 32-bit RGBA, whatever the file's format
    mask = pygame.mask.from_threshold(image, (*rgb, 255), (1, 1, 1, 1))
    if mask.count():
        mask.to_surface(image, setcolor=(0, 0, 0, 0), unsetcolor=None)
    return image


def tinted(image: pygame.Surface, rgb: tuple) -> pygame.Surface:
    """An image tinted as Tiled tints each tile or image before drawing it: in
    premultiplied colour (a Multiply fill, then the image's alpha), so a pixel of colour
    c and alpha a becomes tint * (c * a + 1 - a). An opaque pixel is simply multiplied;
    a see-through one leans toward the tint (a faint black shadow turns faintly
    tint-coloured, as in Tiled). 1 - a * (1 - c) is invert, premultiply, invert."""
    if rgb == (255, 255, 255):
        return image
    shade = pygame.transform.invert(pygame.transform.invert(alpha_copy(image)).premul_alpha())
    shade.fill((*rgb, 255), special_flags=pygame.BLEND_RGB_MULT)
    clear = pygame.mask.from_surface(shade, 0)  # a clear pixel stays (0, 0, 0, 0)
    clear.invert()
    if clear.count():
        clear.to_surface(shade, setcolor=(0, 0, 0, 0), unsetcolor=None)
    return shade


def faded(image: pygame.Surface, alpha: int) -> pygame.Surface:
    """The image drawn with an opacity (0-255), as Tiled's painter draws it: its alpha
    multiplied. A copy; the image itself when fully opaque."""
    if alpha >= 255:
        return image
    faded = alpha_copy(image)
    faded.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return faded


def alpha_copy(image: pygame.Surface) -> pygame.Surface:
    """A copy with a per-pixel alpha (premul_alpha and the alpha fills need one), whatever
    format the image came in (an image _load could not convert keeps its own)."""
    if image.get_flags() & pygame.SRCALPHA:
        return image.copy()
    copy = pygame.Surface(image.get_size(), pygame.SRCALPHA)
    copy.blit(image, (0, 0))
    return copy


def plain_if_opaque(tile: pygame.Surface) -> pygame.Surface:
    """A tile with no see-through pixel as a copy without alpha: blitted, it is copied
    rather than blended (~4x faster, most terrain tiles), to the very same pixels."""
    w, h = tile.get_size()
    if not tile.get_flags() & pygame.SRCALPHA or \
            pygame.mask.from_surface(tile, 254).count() != w * h:
        return tile
    plain = pygame.Surface((w, h), 0, 32)
    plain.blit(tile, (0, 0))
    return plain

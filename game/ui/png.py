"""Screenshots as PNG files, written quickly.

pygame.image.save has no compression level and spends ~50 ms compressing a 1280x720
window (libpng's default level and filter search); a screenshot is saved for a person to
look at or a test to check, and the tutorial's `--shots` and the UI audit save dozens.
`save` writes the same pixels (lossless, 8-bit RGB or RGBA) with zlib's fastest level:
about a fifth of the time, files somewhat larger. Names not ending in .png go to
pygame.image.save (BMP, TGA, JPEG by extension).
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pygame

from game.words import Words

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 1  # zlib's fastest compression (0 would store: ~2.7 MB a 1280x720 window)


IMAGE_SUFFIXES = (".png", ".bmp", ".tga", ".jpg", ".jpeg")


def save(surface: pygame.Surface, path: str | Path) -> None:
    """Write `surface` to `path`: a PNG if the name ends in .png, else pygame's format
    for the extension. Raises OSError when the file cannot be written, or would not be a
    picture's: `narby render-map M.tmx M.tmx`, a `--screenshot` named like a save, or a
    .png that is some other file replaced the map, the save or the file with an image."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in IMAGE_SUFFIXES:
        raise OSError(Words("{file}: a picture's name ends in .png (or .bmp, .tga, .jpg)",
                            file=path.name))
    if suffix == ".png" and path.is_file() and path.stat().st_size:
        with path.open("rb") as f:
            if f.read(len(SIGNATURE)) != SIGNATURE:
                raise OSError(Words("{file} is there already and is not a PNG picture: "
                                    "choose another name", file=path.name))
    if suffix != ".png":
        pygame.image.save(surface, str(path))
        return
    data = encode(surface)
    path.write_bytes(data)


def encode(surface: pygame.Surface) -> bytes:
    """The PNG file's bytes: RGBA when the surface has per-pixel alpha, else RGB."""
    alpha = bool(surface.get_flags() & pygame.SRCALPHA)
    colour_type, depth = (6, 4) if alpha else (2, 3)
    w, h = surface.get_size()
    raw = memoryview(pygame.image.tobytes(surface, "RGBA" if alpha else "RGB"))
    stride = w * depth
    # each row starts with its filter type: 0, none
    rows = b"".join(b"\x00" + raw[i:i + stride] for i in range(0, stride * h, stride))
    header = struct.pack(">IIBBBBB", w, h, 8, colour_type, 0, 0, 0)
    return b"".join((SIGNATURE, _chunk(b"IHDR", header),
                     _chunk(b"IDAT", zlib.compress(rows, LEVEL)), _chunk(b"IEND", b"")))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data)))

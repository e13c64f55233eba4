"""What one map may cost, checked before the work (issue 29.5): the caps, the running
totals a map's files are charged against, and plain words for the file errors.

Every path that touches a map (check-map, the New game list and its preview, the board
drawing, a save naming a map) goes through `game.maps.tmx_reader`, which charges each
part it reads to a `Budget` and refuses the map in one line naming the cap it broke.
The caps are about ten times the largest real map (docs/MAPS.md, "Limits").
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

MAX_TILE_CELLS = 16_000        # cells of all tile layers together (10 full 40x40 layers)
MAX_TILESETS = 32              # <tileset> references, duplicates of one file included
MAX_LAYERS = 100               # tile, object and image layers and groups, nested ones too
MAX_OBJECTS = 1_000            # a full 8-seat setup has about 40
MAX_PROPERTIES = 10_000        # custom properties, the map's and every tileset reference's
MAX_IMAGES = 1_000             # <image> elements in the map and its tilesets
MAX_TOTAL_TILES = 65_536       # tiles in all tilesets together (pytmx walks every one)
MAX_TOTAL_PIXELS = 4096 * 2048  # decoded pixels of all distinct images (32 MiB as RGBA)
MAX_XML_BYTES = 4 * 1024 * 1024  # the map plus each tileset file, as often as it is named
MAX_NUMBER_CHARS = 32          # a number in an attribute or property, as text
MAX_PATH_CHARS = 1024          # a file path a map names (and each part at most 255)
MAX_PART_CHARS = 255
SHOWN_CHARS = 60               # how much of a name or value a message quotes


def shown(text: object, limit: int = SHOWN_CHARS) -> str:
    """`text` cut to `limit` characters for a message (a 2 MB name stays one line)."""
    s = str(text).replace("\n", " ").replace("\r", " ")
    return s if len(s) <= limit else s[:limit - 1] + "…"


def shown_path(path: object) -> str:
    """A path for a message: its head and tail when it is very long."""
    s = str(path)
    return s if len(s) <= 120 else f"{s[:50]}…{s[-60:]}"


def small_int(text: object) -> int | None:
    """`text` as a whole number, or None: never a 4,300-digit ValueError, never a huge int."""
    s = str(text).strip() if text is not None else ""
    if not s or len(s) > MAX_NUMBER_CHARS:
        return None
    body = s[1:] if s[0] in "+-" else s
    if not (body.isascii() and body.isdigit()):
        return None
    return int(s)


def path_problem(path: str | os.PathLike) -> str | None:
    """What makes a path unusable before the OS is asked, in plain words; None if fine."""
    s = os.fspath(path)
    if "\0" in s:
        return "the path holds a NUL character"
    if len(s) > MAX_PATH_CHARS or any(len(part) > MAX_PART_CHARS for part in Path(s).parts):
        return (f"the path is too long ({len(s):,} characters; at most {MAX_PATH_CHARS:,}, "
                f"and {MAX_PART_CHARS} per name)")
    return None


def os_error_words(exc: OSError) -> str:
    """Plain words for why a file could not be used (never the exception's text)."""
    code = exc.errno
    if code in (errno.ENOENT, errno.ENOTDIR):
        return "was not found"
    if code in (errno.EACCES, errno.EPERM):
        return "cannot be opened: permission denied"
    if code == errno.ENAMETOOLONG:
        return "cannot be opened: the path is too long"
    if code == errno.ELOOP:
        return "cannot be opened: the path loops through symbolic links"
    if code == errno.EISDIR:
        return "is a folder, not a file"
    return "cannot be read"


def is_file(path: Path) -> bool:
    """Path.is_file that never raises (a too-long name or a NUL is just 'not a file')."""
    if path_problem(path):
        return False
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def real(path: Path) -> str:
    """The one name of a file however it is spelled (./, ../x/.., symlinks, and letter
    case where the file system ignores it: normcase folds it on Windows)."""
    try:
        return os.path.normcase(os.path.realpath(path))
    except (OSError, ValueError):
        return os.path.normcase(os.path.abspath(path))


class Budget:
    """The running cost of one map: every file it names is charged here as it is read."""

    def __init__(self) -> None:
        self.xml_bytes = 0
        self.tiles = 0
        self.pixels = 0
        self.counts: dict[str, int] = {}  # layers, objects, properties, images so far
        self.images: dict[str, tuple[int, int] | str] = {}  # real path -> size or problem
        # real path of a .tsx -> (its parsed root or None when refused, its size in bytes)
        self.tilesets: dict[str, tuple[Any, int]] = {}

"""Where the game's shipped files are: maps, the Tiled project, tiles, sprites, fonts,
sounds. Every user of a shipped file asks this module; nothing is looked up in the
current folder.

    >>> maps_dir()                      # the folder of the shipped .tmx maps
    >>> asset("fonts", "NotoSans-Regular.ttf")
    >>> shipped_map("riverfell")        # Path of maps/riverfell.tmx, or None
    >>> find_map("riverfell")           # a user's path as given, else a shipped map
    >>> portable_map_name(path)         # "maps/riverfell.tmx" for a shipped map

Two layouts, found with importlib.resources from the `game` package:
- an installed wheel and the PyInstaller bundle carry the files inside the package, as
  game/_data/maps and game/_data/assets (setup.py's build_py copies them in);
- a checkout (editable install, tests, tools) has no game/_data: the repository's own
  top-level maps/ and assets/ beside game/ are used.
Both keep maps/ beside assets/, so a map's relative tileset (../assets/tiles/...) loads
in each, and a save names a shipped map "maps/NAME.tmx" whichever layout wrote it.
"""

from __future__ import annotations

import os
import re
from functools import cache
from importlib import resources
from pathlib import Path

from game import __version__

PACKAGE = "game"
DATA = "_data"  # inside the package, in a wheel or a bundle
MAPS = "maps"
ASSETS = "assets"
ARCHIVE = "archive"  # maps/archive/<release>/NAME.tmx: shipped maps as a release had them
ARCHIVED_RELEASE = re.compile(r"^[0-9][0-9A-Za-z.+-]{0,30}$")


class ResourceError(RuntimeError):
    """The game's own files are missing: an incomplete install (one line, for players)."""


@cache
def data_root() -> Path:
    """The folder holding maps/ and assets/."""
    package = resources.files(PACKAGE)
    if not isinstance(package, Path):  # zipimport and the like: pygame needs real files
        raise ResourceError(f"narby: the game's files must be unpacked on disk, not in {package}")
    for root in (package / DATA, package.parent):
        if (root / MAPS).is_dir() and (root / ASSETS).is_dir():
            return root
    raise ResourceError(f"narby: the game's maps and art are missing (looked in {package / DATA}"
                        f" and {package.parent}); reinstall the game")


def maps_dir() -> Path:
    """The shipped maps (and the Tiled project file beside them)."""
    return data_root() / MAPS


def assets_dir() -> Path:
    return data_root() / ASSETS


def asset(*parts: str) -> Path:
    """A shipped asset: asset("sprites", "logo.png"), asset("sounds")."""
    return assets_dir().joinpath(*parts)


def notices(name: str = "THIRD_PARTY_NOTICES.txt") -> Path:
    """A licence file shipped beside maps/ and assets/: THIRD_PARTY_NOTICES.txt (the full
    licences of the libraries shipped), LICENSE or NOTICE (the game's own and its origins)."""
    return data_root() / name


def shipped_maps() -> list[Path]:
    """Every shipped .tmx map, sorted by file name."""
    return sorted(maps_dir().glob("*.tmx"))


def shipped_map(name: str | os.PathLike) -> Path | None:
    """A shipped map named "riverfell", "riverfell.tmx" or "maps/riverfell.tmx" (the way
    saves name them), or an earlier release's copy "maps/archive/0.1.0/riverfell.tmx";
    None when there is no such shipped map."""
    text = str(name).replace("\\", "/")
    if not text:
        return None
    parts = text.split("/")
    if len(parts) == 4 and parts[:2] == [MAPS, ARCHIVE] and ARCHIVED_RELEASE.match(parts[2]):
        # an earlier release's copy, kept for the saves made on it (issue 31)
        stem = parts[3]
        if stem in (".", "..") or not stem.endswith(".tmx"):
            return None
        path = maps_dir() / ARCHIVE / parts[2] / stem
        return path if path.is_file() else None
    if len(parts) == 2 and parts[0] == MAPS:
        parts = parts[1:]
    if len(parts) != 1 or parts[0] in (".", ".."):
        return None
    stem = parts[0]
    path = maps_dir() / (stem if stem.endswith(".tmx") else f"{stem}.tmx")
    return path if _exists(path, file=True) else None


def _exists(path: Path, *, file: bool = False) -> bool:
    """Path.exists / is_file that never raise: a name too long for the OS, a NUL or a
    symlink loop is simply not there (the loader then says so in words)."""
    try:
        return path.is_file() if file else path.exists()
    except (OSError, ValueError):
        return False


def find_map(name: str | os.PathLike, base: Path | None = None, *, saved: bool = False) -> Path:
    """The map file meant by `name`.

    A player's path (saved=False): the path as given when it exists, else a shipped map
    of that name ("riverfell"). A name stored in a save or replay (saved=True): beside
    `base` (the file's folder), then a shipped map ("maps/narby-vale.tmx" finds the
    installed game's own copy, never one in the current folder), then as given. When
    nothing exists, the path as given (so the loader says "file not found" about it)."""
    path = Path(name).expanduser()
    if path.is_absolute():
        return path
    if base is not None and _exists(Path(base) / path):
        return Path(base) / path
    shipped = shipped_map(name)
    if saved and shipped is not None:
        return shipped
    if _exists(path):
        return path
    return shipped or path


def portable_map_name(path: str | os.PathLike) -> str:
    """How a save names a map: "maps/NAME.tmx" for a shipped map (found again in any
    install, checkout or bundle), else its absolute path."""
    full = Path(path).expanduser().resolve()
    try:
        rel = full.relative_to(maps_dir().resolve())
    except (ValueError, ResourceError):
        return str(full)
    return f"{MAPS}/{rel.as_posix()}"


def package_file(*parts: str) -> Path:
    """A data file inside the game package itself: package_file("ui", "theme.json")."""
    package = resources.files(PACKAGE)
    if not isinstance(package, Path):
        raise ResourceError(f"narby: the game's files must be unpacked on disk, not in {package}")
    return package.joinpath(*parts)


def version() -> str:
    return __version__

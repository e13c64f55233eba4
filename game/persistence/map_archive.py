"""Earlier releases' shipped maps, for the saves made on them (issue 31).

A save names a shipped map "maps/NAME.tmx". When a later release changes that map, a
save made on the old one would replay on the new one and fail (or, worse, play
differently), so each release's shipped maps are kept in maps/archive/<release>/
(packaged like maps/) and a save records its map's digest (meta `map_digest`):

    digest(path)                       # "3f9c0a1b22de4f10": the map's game content
    candidates("maps/riverfell.tmx", "3f9c...", "0.1.0")
    # ["maps/archive/0.1.0/riverfell.tmx"] when the current riverfell differs

The digest ignores the folder of the tileset a map points at, so an archived copy
(whose tileset path goes up three folders, not one) has its original's digest.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from game import resources
from game.persistence.files import read_regular

_TILESET_FOLDER = re.compile(rb'(<tileset\b[^>]*?\bsource=")[^"]*/')
DIGEST_CHARS = 16
MAP_MOST = 16 * 1024 * 1024  # maps are read only up to 2 MiB (game.maps.tmx_reader)


def digest(path: str | Path) -> str | None:
    """The map file's digest, or None when it cannot be read."""
    try:
        data = read_regular(path, MAP_MOST)  # a pipe named as a map: refused, not waited on
    except (OSError, ValueError):
        return None
    return hashlib.sha256(_TILESET_FOLDER.sub(rb"\1", data)).hexdigest()[:DIGEST_CHARS]


def _release_key(name: str) -> tuple:
    return tuple(int(p) if p.isdigit() else -1 for p in re.split(r"[.+-]", name))


def shipped_stem(map_name) -> str | None:
    """"riverfell.tmx" for "maps/riverfell.tmx" or "maps/archive/0.1.0/riverfell.tmx";
    None for any other map (a player's own maps are not archived)."""
    if not isinstance(map_name, str):
        return None
    parts = map_name.replace("\\", "/").split("/")
    if parts[0] != resources.MAPS or len(parts) not in (2, 4) or \
            resources.shipped_map(map_name) is None:
        return None
    return parts[-1]


def archived(stem: str) -> list[tuple[str, str]]:
    """(release, portable name) of every archived copy of a shipped map, newest first."""
    try:
        root = resources.maps_dir() / resources.ARCHIVE
        releases = [p.name for p in root.iterdir()
                    if resources.ARCHIVED_RELEASE.match(p.name) and (p / stem).is_file()]
    except (OSError, resources.ResourceError):
        return []
    releases.sort(key=_release_key, reverse=True)
    return [(r, f"{resources.MAPS}/{resources.ARCHIVE}/{r}/{stem}") for r in releases]


def candidates(map_name, saved_digest: str | None, writer: str | None) -> list:
    """The maps to try for a save, in order: the map with the saved digest (the current
    one or an archived copy); with no digest (0.1.0's saves), the copy the writing
    release shipped, when it differs from today's, then today's map."""
    stem = shipped_stem(map_name)
    if stem is None:
        return [map_name]
    current = f"{resources.MAPS}/{stem}"
    current_path = resources.shipped_map(current)
    current_digest = digest(current_path) if current_path else None
    copies = archived(stem)
    if isinstance(saved_digest, str):
        if saved_digest == current_digest:
            return [current]
        # the writing release's own copy first (releases may archive the same map)
        same = [name for _, name in sorted(copies, key=lambda c: c[0] != writer)
                if digest(resources.shipped_map(name) or "") == saved_digest]
        return same[:1] + [map_name]
    own = [name for release, name in copies if release == writer
           and digest(resources.shipped_map(name) or "") != current_digest]
    return own + [map_name]

"""The files a map is made of besides itself, so a change to any of them is noticed.

    map_parts(Path("my.tmx"))   # [tiles/terrain.tsx, tiles/terrain.png, town.tx, ...]

A map names its tilesets (.tsx/.tsj), object templates (.tx/.tj, and the tileset each
template's tile comes from) and images (its image layers', its embedded tilesets', its
tilesets'). The live preview reloads when one of them is saved, and the map catalogue
reads a map again (game.maps.catalog): before, editing a tileset's `blocked` tiles or a
template in Tiled left both showing the old map until the map itself was saved. Every
file is read by the safe reader; a file that cannot be read is still listed (its
appearing is a change), and at most MAX_PARTS are.
"""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree as ET

from game.maps import limits
from game.maps.tmx_reader import Report, read_xml

MAX_PARTS = 256


def map_parts(path: str | Path) -> list[Path]:
    """The files the map at `path` names, each once, in the order met."""
    path = Path(path)
    found: dict[str, Path] = {}

    def add(file: Path) -> bool:
        if len(found) >= MAX_PARTS or limits.path_problem(file):
            return False
        key = limits.real(file)
        if key in found:
            return False
        found[key] = file
        return True

    def images(tree: ET.Element, base: Path) -> None:
        for image in tree.iter("image"):
            if image.get("source"):
                add(base / image.get("source", ""))

    def tileset(file: Path) -> None:
        if add(file):
            sub = read_xml(file, Report(str(file)), None)
            if sub is not None and sub.tag == "tileset":
                images(sub, file.parent)

    root = read_xml(path, Report(str(path)), None)
    if root is None:
        return []
    base = path.parent
    for ts in root.iter("tileset"):
        if ts.get("source"):
            tileset(base / ts.get("source", ""))
    images(root, base)  # image layers and embedded tilesets
    for obj in root.iter("object"):
        if not obj.get("template"):
            continue
        tx = base / obj.get("template", "")
        if add(tx):
            tpl = read_xml(tx, Report(str(tx)), None)
            own = tpl.find("tileset") if tpl is not None else None
            if own is not None and own.get("source"):
                tileset(tx.parent / own.get("source", ""))
    return list(found.values())

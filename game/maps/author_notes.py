"""Notes for a map's author on what Tiled shows one way and the game reads another (the
checker prints them as notes: the map plays). Read from the vetted tree."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree as ET

from game.maps.loader import NEAR_MISS, SETUP_LAYER, TILE_PROPERTIES, did_you_mean
from game.maps.tmx_reader import Report, read_xml

FIX = "rename it in the tileset (Tiled: Edit Tileset)"


def author_notes(path: Path, root: ET.Element) -> list[tuple[str, str]]:
    return _hidden_setup(root, False) + _tile_property_slips(path, root)


def _hidden_setup(parent: ET.Element, hidden: bool) -> list[tuple[str, str]]:
    """Tiled hides a hidden layer's objects (or a hidden group's); the game places the
    pieces of a hidden `setup` layer all the same: they are the map's data."""
    notes = []
    for el in parent:
        if el.tag not in ("group", "objectgroup"):
            continue
        off = hidden or el.get("visible") == "0"
        if el.tag == "group":
            notes += _hidden_setup(el, off)
        elif (el.get("name") or "").strip().lower() == SETUP_LAYER:
            quiet = sum(1 for o in el.findall("object") if o.get("visible") == "0")
            if off and len(el):
                notes.append((f"layer '{el.get('name')}'", "is hidden in Tiled, but its "
                              "pieces are placed all the same"))
            elif quiet:
                notes.append((f"layer '{el.get('name')}'", f"{quiet} of its objects "
                              f"{'is' if quiet == 1 else 'are'} hidden in Tiled, but placed "
                              "all the same"))
    return notes


def _tile_property_slips(path: Path, root: ET.Element) -> list[tuple[str, str]]:
    """A tile property named nearly like one the game reads ('Blocked') is not read: its
    cells are not blocked, which the author would not see until play."""
    notes = []
    for ref in root.iter("tileset"):
        ts = ref
        if ref.get("source"):  # an external tileset, read by the same safe reader
            body = read_xml(path.parent / ref.get("source", ""), Report(str(path)), None)
            if body is None:
                continue  # the checks have named it
            ts = body
        slips: dict[str, list[str]] = {}  # name -> the tiles that have it
        for tile in ts.findall("tile"):
            for prop in tile.iter("property"):
                name = prop.get("name") or ""
                if name not in TILE_PROPERTIES and did_you_mean(name, TILE_PROPERTIES,
                                                                cutoff=NEAR_MISS):
                    slips.setdefault(name, []).append(tile.get("id") or "?")
        for name, tiles in slips.items():  # one line a name (an author's own is theirs)
            which = f"tile {tiles[0]}" if len(tiles) == 1 else \
                f"tiles {', '.join(tiles[:5])}{' …' if len(tiles) > 5 else ''}"
            hint = did_you_mean(name, TILE_PROPERTIES, cutoff=NEAR_MISS)
            notes.append((f"tileset '{ts.get('name', '')}' {which}",
                          f"property '{name}' is not one the game reads — {hint}{FIX}"))
    return notes

"""Where a setup piece sits, as Tiled shows it (docs/MAPS.md, "Placing pieces").

pytmx reads an object's x, y as written. Tiled draws the object moved by its layer's
offset and by the offsets of every group around that layer, and turned about its
anchor by its rotation; an author who sees a town on a cell means that cell. So the
tree pytmx reads is prepared first (offsets added into each object's x, y), and a
piece's cell is the top-left corner of the box Tiled draws (rotation included).

The same preparation drops two things pytmx misreads and the game never uses: a tile's
collision shapes in an embedded tileset (pytmx lists each as an unnamed object layer
of the map) and an image layer with no image (Tiled 1.8 saves a new one so; pytmx
fails on it)."""

from __future__ import annotations

import math
from xml.etree import ElementTree as ET

# a tileset's objectalignment: where a tile object's x, y sits on its box (0..1 across, down)
ANCHORS = {"topleft": (0.0, 0.0), "top": (0.5, 0.0), "topright": (1.0, 0.0),
           "left": (0.0, 0.5), "center": (0.5, 0.5), "right": (1.0, 0.5),
           "bottomleft": (0.0, 1.0), "bottom": (0.5, 1.0), "bottomright": (1.0, 1.0)}
EXACT = 6  # decimals kept before a corner is floored to its cell (a turn of 90° is exact)


def prepare(root: ET.Element) -> None:
    """Make the vetted tree read by pytmx match what Tiled shows (in place)."""
    for tile in root.iter("tile"):  # a tileset's tiles: their shapes are not map layers
        for shapes in tile.findall("objectgroup"):
            tile.remove(shapes)
    for parent in [root, *root.iter("group")]:
        for layer in parent.findall("imagelayer"):
            if layer.find("image") is None:  # draws nothing
                parent.remove(layer)
    _add_offsets(root, 0.0, 0.0)


def _add_offsets(parent: ET.Element, dx: float, dy: float) -> None:
    for layer in parent:
        if layer.tag not in ("group", "objectgroup"):
            continue
        x = dx + _number(layer.get("offsetx"))
        y = dy + _number(layer.get("offsety"))
        for attr in ("offsetx", "offsety"):  # now inside each object's x, y
            layer.attrib.pop(attr, None)
        if layer.tag == "group":
            _add_offsets(layer, x, y)
            continue
        if not (x or y):
            continue
        for obj in layer.findall("object"):
            obj.set("x", repr(_number(obj.get("x")) + x))
            obj.set("y", repr(_number(obj.get("y")) + y))


def _number(text: str | None) -> float:
    try:
        value = float(text) if text is not None else 0.0
    except ValueError:
        return 0.0  # the vetting has named a broken number already
    return value if math.isfinite(value) else 0.0


def top_left(obj, alignment: str | None) -> tuple[float, float]:
    """The top-left corner of the box Tiled draws for `obj` (a pytmx object), in pixels.
    A tile object's x, y is the point its tileset's object alignment names (bottom-left
    when unset, on orthogonal maps): pytmx takes every one as bottom-left and has
    already moved y up by its height. Other shapes start at x, y. Tiled turns the box
    clockwise about that point; a polygon's points are its own and are left as read."""
    w, h = float(obj.width or 0), float(obj.height or 0)
    if getattr(obj, "gid", 0):
        ax, ay = ANCHORS.get(str(alignment or ""), (0.0, 1.0))
        px, py = obj.x, obj.y + h  # the anchor as the file has it
    else:
        ax = ay = 0.0
        px, py = obj.x, obj.y
    turn = float(getattr(obj, "rotation", 0) or 0) % 360.0
    if not turn or hasattr(obj, "points") or not (w or h):
        return px - ax * w, py - ay * h
    a = math.radians(turn)
    cos, sin = math.cos(a), math.sin(a)
    corners = [(dx * cos - dy * sin, dx * sin + dy * cos)
               for dx in (-ax * w, (1.0 - ax) * w) for dy in (-ay * h, (1.0 - ay) * h)]
    return (round(px + min(x for x, _ in corners), EXACT),
            round(py + min(y for _, y in corners), EXACT))

"""Tiled object templates (.tx files, or .tj in Tiled's JSON), detached before pytmx sees the map.

pytmx ignores an object's `template` attribute, so a template instance would reach the
game with no type, tile or properties. Tiled saves an instance as little more than a
position (`<object id="3" template="town.tx" x="64" y="96"/>`), so each one is replaced
here by the object it stands for, exactly as Tiled's own Detach (and `tiled
--export-map --detach-templates`) writes it:

* the template's `<object>`, with the instance's attributes over its own;
* its properties merged, the instance's winning by name;
* its shape (ellipse, point, polygon, polyline, text) unless the instance has its own;
* its tile's gid moved into the map's numbering. The template counts tiles from its own
  `<tileset>`; when the map names the same .tsx file the map's first gid is used, else the
  tileset is added to the map after its last one, numbered after the highest gid in use.

Every template file is read by the map's safe reader and charged to the map's budget at
each reference, as a tileset is (game.maps.tmx_reader), so a thousand instances of a big
template cannot make a big map.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import TYPE_CHECKING
from xml.etree import ElementTree as ET

from game.maps import limits
from game.maps.limits import shown, small_int

if TYPE_CHECKING:
    from game.maps.tmx_reader import MapVetter

SHAPES = ("ellipse", "point", "polygon", "polyline", "text")
FLAGS = 0xF0000000  # a gid's flip bits (and the hexagonal one): kept as they are
_DETACH = "or detach it in Tiled (right-click ▸ Detach)"


def detach_all(vetter: MapVetter) -> None:
    """Replace every template instance in the vetter's tree by its detached object; an
    instance whose template cannot be read is reported and dropped."""
    found = [(parent, el) for parent in vetter.root.iter() for el in parent
             if el.tag == "object" and el.get("template") is not None]
    if not found:
        return
    tilesets: dict[str, int | None] = dict(vetter.sources)  # real path -> first gid
    for parent, instance in found:
        where = vetter.label(instance)
        if parent.tag == "objectgroup":  # as the game-level checks name an object
            where += f" in {vetter.label(parent)}"
        detached = _detach(vetter, instance, where, tilesets)
        at = list(parent).index(instance)
        parent.remove(instance)
        if detached is not None:
            parent.insert(at, detached)


def _detach(vetter: MapVetter, instance: ET.Element, where: str,
            tilesets: dict[str, int | None]) -> ET.Element | None:
    source = instance.get("template", "")
    named = f"template '{shown(source, 60)}'"
    if not source.lower().endswith((".tx", ".tj", ".json")):
        vetter.add(where, f"comes from {named}, which is not a template file (.tx or .tj)",
                   f"save the template from Tiled, {_DETACH}")
        return None
    path = vetter.dir / source
    tpl = vetter.read_part(path, where)  # its problem names the template's file
    if tpl is None:
        return None
    body = tpl.find("object")
    if tpl.tag != "template" or body is None:
        what = (f"is not a Tiled template (its root is <{shown(tpl.tag, 30)}>)"
                if tpl.tag != "template" else "holds no object")
        vetter.add(where, f"{named} {what}", f"point the object at a template Tiled saved, "
                   f"{_DETACH}")
        return None
    broken = vetter.attribute_problems(tpl)
    for place, what in broken:
        vetter.add(where, f"{named}: {place} {what}", "re-save the template from Tiled")
    if broken:
        return None
    detached = copy.deepcopy(body)
    attrs = {"id": instance.get("id", "")} if instance.get("id") is not None else {}
    attrs.update((k, v) for k, v in body.attrib.items() if k not in ("id", "template"))
    attrs.update((k, v) for k, v in instance.attrib.items() if k != "template")
    detached.attrib = attrs
    detached.tail = instance.tail
    if instance.get("gid") is None and body.get("gid") is not None:
        gid = _map_gid(vetter, tpl, body, path, where, named, tilesets)
        if gid is None:
            return None
        detached.set("gid", str(gid))
    _merge_properties(detached, instance)
    if any(instance.find(s) is not None for s in SHAPES):
        for el in [el for el in detached if el.tag in SHAPES]:
            detached.remove(el)
        detached.extend(copy.deepcopy(el) for el in instance if el.tag in SHAPES)
    return detached


def _merge_properties(detached: ET.Element, instance: ET.Element) -> None:
    """The instance's properties over the template's, by name (Tiled's rule)."""
    own = instance.find("properties")
    if own is None:
        return
    props = detached.find("properties")
    if props is None:
        props = ET.SubElement(detached, "properties")
    for prop in own.findall("property"):
        for old in [p for p in props.findall("property") if p.get("name") == prop.get("name")]:
            props.remove(old)
        props.append(copy.deepcopy(prop))


def _map_gid(vetter: MapVetter, tpl: ET.Element, body: ET.Element, path: Path, where: str,
             named: str, tilesets: dict[str, int | None]) -> int | None:
    """The template's tile as a gid of the map, its tileset added to the map if need be."""
    raw = small_int(body.get("gid"))
    ts = tpl.find("tileset")
    first = small_int(ts.get("firstgid")) if ts is not None else None
    if raw is None or raw < 0 or ts is None or not ts.get("source") or first is None:
        vetter.add(where, f"{named} has a tile but no tileset file it comes from",
                   f"re-save the template from Tiled with an external tileset (.tsx), {_DETACH}")
        return None
    tsx = path.parent / ts.get("source", "")
    key = limits.real(tsx) if not limits.path_problem(tsx) else str(tsx)
    if key not in tilesets:
        tilesets[key] = _add_tileset(vetter, tsx, where)
    start = tilesets[key]
    if start is None:
        return None  # its problem was reported at the first instance that needed it
    local = (raw & ~FLAGS) - first
    end = next((b for a, b in vetter.ranges if a == start), None)
    if local < 0 or (end is not None and start + local >= end):
        vetter.add(where, f"{named} uses tile {raw & ~FLAGS}, which its tileset does not have",
                   "re-save the template from Tiled, or pick its tile again")
        return None
    return (start + local) | (raw & FLAGS)


def _add_tileset(vetter: MapVetter, tsx: Path, where: str) -> int | None:
    """Add the template's tileset to the map as Tiled does; its first gid, or None."""
    tilesets = vetter.root.findall("tileset")
    if len(tilesets) >= limits.MAX_TILESETS:
        vetter.add(where, f"needs its template's tileset, and the map already has "
                   f"{len(tilesets)}", "use templates of the map's own tilesets")
        return None
    ends = [b for _a, b in vetter.ranges]
    firsts = [small_int(ts.get("firstgid")) or 1 for ts in tilesets]
    # with every tileset's size known, the next free gid; else past any tileset's reach
    first = max(ends, default=1) if vetter.ranges_known else \
        max(firsts, default=0) + vetter.MAX_TILESET_TILES
    try:
        source = os.path.relpath(tsx, vetter.dir)
    except ValueError:  # another drive (Windows): only the full path reaches it
        source = str(tsx)
    el = ET.Element("tileset", {"firstgid": str(first), "source": source.replace(os.sep, "/")})
    el.tail = "\n "
    if not vetter.check_tileset(el):
        return None
    at = max((i + 1 for i, child in enumerate(vetter.root) if child.tag == "tileset"),
             default=0)
    vetter.root.insert(at, el)
    return first

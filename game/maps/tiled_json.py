"""Tiled's JSON files (.tmj/.json maps, .tsj tilesets, .tj templates) as the TMX trees
Tiled would have saved for them, so that one reader, one set of checks, pytmx and the
board's drawing serve both formats (game.maps.tmx_reader.read_xml calls this).

    tree, problem = json_tree(text)     # (ET.Element, None) or (None, "what is wrong")

The mapping is Tiled's own (its TMX and JSON formats carry the same things): a layer's
`data` array becomes CSV, a base64 `data` string keeps its `encoding` and `compression`;
`properties` lists become `<properties>`; an object's `ellipse`/`point` flags,
`polygon`/`polyline` points and `text` become its child elements; `tileoffset`, a
tile's `image` and `animation` become theirs. What the game never reads (Wang sets,
terrains, object alignment grids) is left out. JSON booleans become Tiled's "1"/"0"
(attributes) or "true"/"false" (bool properties).
"""

from __future__ import annotations

import json
from xml.etree import ElementTree as ET

# a folder's maps: TMX, and Tiled's JSON maps (its own name for them; a .json is
# opened when named, not looked for among other JSON files)
MAP_SUFFIXES = (".tmx", ".tmj")
MAX_DEPTH = 48          # as the XML reader's bound (game.maps.tmx_reader)
MAX_ELEMENTS = 100_000

# JSON keys copied as XML attributes, per element (the rest are converted or ignored)
_MAP = ("version", "tiledversion", "class", "orientation", "renderorder", "compressionlevel",
        "width", "height", "tilewidth", "tileheight", "hexsidelength", "staggeraxis",
        "staggerindex", "parallaxoriginx", "parallaxoriginy", "backgroundcolor",
        "nextlayerid", "nextobjectid", "infinite")
_LAYER = ("id", "name", "class", "x", "y", "width", "height", "opacity", "visible",
          "tintcolor", "offsetx", "offsety", "parallaxx", "parallaxy", "locked")
_OBJECTGROUP = _LAYER + ("color", "draworder")
_IMAGELAYER = _LAYER + ("repeatx", "repeaty")
_OBJECT = ("id", "name", "type", "class", "x", "y", "width", "height", "rotation", "gid",
           "visible", "template")
_TILESET = ("firstgid", "source", "version", "tiledversion", "name", "class", "tilewidth",
            "tileheight", "spacing", "margin", "tilecount", "columns", "objectalignment",
            "tilerendersize", "fillmode")
_TILE = ("id", "type", "class", "probability", "x", "y", "width", "height")
_TEXT = ("fontfamily", "pixelsize", "wrap", "color", "bold", "italic", "underline",
         "strikeout", "kerning", "halign", "valign")
_LAYER_TAGS = {"tilelayer": "layer", "objectgroup": "objectgroup", "imagelayer": "imagelayer",
               "group": "group"}


class _Bad(ValueError):
    """The file is JSON but not one Tiled wrote: its str says what is wrong."""


def json_tree(text: str) -> tuple[ET.Element | None, str | None]:
    """The TMX tree of a Tiled JSON map, tileset or template, or (None, what is wrong)."""
    try:
        data = json.loads(text)
    except RecursionError:
        return None, f"is nested more than {MAX_DEPTH} levels deep"
    except ValueError as exc:
        return None, f"is not valid JSON ({_where(exc)})"
    try:
        _depth(data)
        return _Convert().document(data), None
    except _Bad as exc:
        return None, str(exc)


def looks_like_json(data: bytes) -> bool:
    """A file that starts (after any BOM and blanks) with "{": JSON, not XML."""
    return data.removeprefix(b"\xef\xbb\xbf").lstrip()[:1] == b"{"


def _where(exc: ValueError) -> str:
    line, col = getattr(exc, "lineno", None), getattr(exc, "colno", None)
    return f"line {line}, column {col}" if line is not None else "unreadable"


def _depth(data: object) -> None:
    """Refuse deep nesting before anything recurses over it (iteratively)."""
    stack, seen = [(data, 1)], 0
    while stack:
        node, level = stack.pop()
        seen += 1
        if level > MAX_DEPTH:
            raise _Bad(f"is nested more than {MAX_DEPTH} levels deep")
        if seen > 4 * MAX_ELEMENTS:
            raise _Bad(f"holds more than {4 * MAX_ELEMENTS:,} values; maps are far smaller")
        if isinstance(node, dict):
            stack.extend((v, level + 1) for v in node.values() if isinstance(v, dict | list))
        elif isinstance(node, list):
            stack.extend((v, level + 1) for v in node if isinstance(v, dict | list))


def _text(value: object, prop: bool = False) -> str:
    """A JSON value as Tiled writes it in TMX."""
    if isinstance(value, bool):
        return ("true" if value else "false") if prop else ("1" if value else "0")
    if isinstance(value, float) and value.is_integer() and abs(value) < 2 ** 53:
        return str(int(value))
    if isinstance(value, int | float | str):
        return str(value)
    raise _Bad(f"has a value of the wrong kind ({type(value).__name__})")


class _Convert:
    def __init__(self) -> None:
        self.count = 0

    def el(self, tag: str, obj: dict | None = None, keys: tuple[str, ...] = (),
           parent: ET.Element | None = None) -> ET.Element:
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise _Bad(f"has more than {MAX_ELEMENTS:,} parts; maps are far smaller")
        attrs = {k: _text(obj[k]) for k in keys if obj is not None and obj.get(k) is not None}
        return ET.SubElement(parent, tag, attrs) if parent is not None else ET.Element(tag, attrs)

    def document(self, data: object) -> ET.Element:
        if not isinstance(data, dict):
            raise _Bad("is JSON but not a Tiled map, tileset or template")
        kind = data.get("type")
        if kind == "map":
            return self.map(data)
        if kind == "tileset":
            return self.tileset(data)
        if kind == "template":
            return self.template(data)
        raise _Bad("is JSON but not a Tiled map, tileset or template (its \"type\" is "
                   f"{str(kind)[:30]!r})")

    def map(self, data: dict) -> ET.Element:
        root = self.el("map", data, _MAP)
        self.properties(root, data)
        for ts in _list(data, "tilesets"):
            root.append(self.tileset(ts))
        self.layers(root, data)
        return root

    def layers(self, parent: ET.Element, data: dict) -> None:
        for layer in _list(data, "layers"):
            tag = _LAYER_TAGS.get(str(layer.get("type")))
            if tag is None:
                raise _Bad(f"has a layer of unknown type {str(layer.get('type'))[:30]!r}")
            keys = {"objectgroup": _OBJECTGROUP, "imagelayer": _IMAGELAYER}.get(tag, _LAYER)
            el = self.el(tag, layer, keys, parent)
            self.properties(el, layer)
            if tag == "layer":
                self.tile_data(el, layer)
            elif tag == "objectgroup":
                for obj in _list(layer, "objects"):
                    self.add_object(obj, el)
            elif tag == "imagelayer" and layer.get("image"):
                self.image(el, layer)
            elif tag == "group":
                self.layers(el, layer)

    def tile_data(self, el: ET.Element, layer: dict) -> None:
        data = self.el("data", None, (), el)
        if layer.get("chunks") is not None:  # an infinite map's: the checks refuse it
            data.append(self.el("chunk"))
            return
        raw = layer.get("data")
        if isinstance(raw, list):
            if not all(isinstance(g, int) and not isinstance(g, bool) for g in raw):
                raise _Bad(f"layer '{str(layer.get('name'))[:40]}' has tile ids that are not "
                           "whole numbers")
            data.set("encoding", "csv")
            data.text = ",".join(map(str, raw))
        elif isinstance(raw, str):
            data.set("encoding", _text(layer.get("encoding") or "base64"))
            if layer.get("compression"):
                data.set("compression", _text(layer["compression"]))
            data.text = raw

    def add_object(self, obj: dict, parent: ET.Element) -> ET.Element:
        el = self.el("object", obj, _OBJECT, parent)
        self.properties(el, obj)
        if obj.get("ellipse"):
            self.el("ellipse", None, (), el)
        if obj.get("point"):
            self.el("point", None, (), el)
        for shape in ("polygon", "polyline"):
            points = obj.get(shape)
            if isinstance(points, list):
                line = self.el(shape, None, (), el)
                line.set("points", " ".join(f"{_text(p.get('x', 0))},{_text(p.get('y', 0))}"
                                            for p in points if isinstance(p, dict)))
        text = obj.get("text")
        if isinstance(text, dict):
            words = self.el("text", text, _TEXT, el)
            words.text = _text(text.get("text", ""))
        return el

    def tileset(self, ts: object) -> ET.Element:
        if not isinstance(ts, dict):
            raise _Bad("has a tileset that is not an object")
        el = self.el("tileset", ts, _TILESET)
        if ts.get("source") is not None:
            return el  # an external tileset: the reference is all the map holds
        offset = ts.get("tileoffset")
        if isinstance(offset, dict):
            self.el("tileoffset", offset, ("x", "y"), el)
        self.properties(el, ts)
        if ts.get("image"):
            self.image(el, ts)
        for tile in _list(ts, "tiles"):
            t = self.el("tile", tile, _TILE, el)
            self.properties(t, tile)
            if tile.get("image"):
                self.image(t, tile)
            frames = tile.get("animation")
            if isinstance(frames, list) and frames:
                anim = self.el("animation", None, (), t)
                for frame in frames:
                    if isinstance(frame, dict):
                        self.el("frame", frame, ("tileid", "duration"), anim)
        return el

    def image(self, parent: ET.Element, owner: dict) -> None:
        image = self.el("image", None, (), parent)
        image.set("source", _text(owner["image"]))
        for key, attr in (("transparentcolor", "trans"), ("imagewidth", "width"),
                          ("imageheight", "height")):
            if owner.get(key) is not None:
                image.set(attr, _text(owner[key]))

    def template(self, data: dict) -> ET.Element:
        root = self.el("template")
        if data.get("tileset") is not None:
            root.append(self.tileset(data["tileset"]))
        if isinstance(data.get("object"), dict):
            self.add_object(data["object"], root)
        return root

    def properties(self, parent: ET.Element, owner: dict) -> None:
        props = owner.get("properties")
        if props is None:
            return
        if not isinstance(props, list):
            raise _Bad("has properties that are not a list (Tiled 1.2+ writes a list)")
        holder = self.el("properties", None, (), parent)
        for prop in props:
            if not isinstance(prop, dict):
                raise _Bad("has a property that is not an object")
            el = self.el("property", prop, ("name", "type", "propertytype"), holder)
            value = prop.get("value")
            if prop.get("type") == "class" or isinstance(value, dict | list):
                el.set("type", "class")  # the checks refuse class properties by name
            elif value is not None:
                el.set("value", _text(value, prop=True))


def _list(owner: dict, key: str) -> list[dict]:
    items = owner.get(key)
    if items is None:
        return []
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise _Bad(f"has \"{key}\" that is not a list of objects")
    return items

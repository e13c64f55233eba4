"""Reading Tiled files safely, and the Tiled-level checks (before pytmx sees anything).

`game.maps.loader` is the public door; this module holds the parts that work on raw XML:

* `read_xml` refuses oversized files, entity tricks (billion laughs) and odd encodings
  before any XML parser runs, and a file with too many tilesets, layers, objects,
  properties or images in a streaming pass before any tree is built, so a hostile file
  fails fast with bounded memory;
* every part a map names (each tileset reference, each image by its real path) is
  charged to one `game.maps.limits.Budget`, so the whole map's cost is capped before
  pytmx or an image decoder runs (docs/MAPS.md, "Limits");
* `vet_map` checks what pytmx would choke on or silently get wrong (orientation, size,
  tilesets, layer encodings, property types) and returns a *sanitised copy* of the tree
  with the broken parts removed, so the game-level checks can still run and report
  everything in one go.
"""

from __future__ import annotations

# Not translated (issue 38): the map checker's messages are for map authors and stay
# English, like the command line's output (docs/TRANSLATING.md says so).
import copy
import math
import os
import re
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import cast
from xml.etree import ElementTree as ET
from xml.parsers import expat

# pytmx imports pygame when present; keep its banner out of `narby check-map` output
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pytmx  # noqa: E402

# Tiled saves a layer's offset as a real number (a layer dragged by hand: offsetx="2.5");
# pytmx casts it with int and would fail on the map. The game draws offsets itself.
pytmx.pytmx.types["offsetx"] = pytmx.pytmx.types["offsety"] = float
_OFFSETS = ("offsetx", "offsety")  # ... but never "inf" or "nan", which int refused

from game.board import MAX_SIDE, MIN_SIDE  # noqa: E402
from game.maps import limits, templates, tile_data, tiled_json  # noqa: E402
from game.maps.limits import (  # noqa: E402
    Budget,
    is_file,
    os_error_words,
    path_problem,
    shown,
    shown_path,
    small_int,
)

MAX_FILE_BYTES = 2 * 1024 * 1024  # a 40x40 map with a dozen CSV layers is ~200 KiB
# Counted by a streaming pass before any tree is built (a deep tree crashes deepcopy and
# recursion; Tiled nests a few levels: map > group > objectgroup > object > properties).
MAX_DEPTH = 48
MAX_ELEMENTS = 100_000
# Tilesets: pytmx walks every cell of a tileset image's grid, so its declared size is
# bounded before pytmx sees it, and the image file itself is checked to be a real image.
MAX_TILE_PIXELS = 512          # a map cell's (and a tile's) side in pixels
MAX_IMAGE_SIDE = 8192          # a tileset image's width or height in pixels
MAX_TILESET_TILES = 65_536     # tiles in one tileset (declared, or its image's grid)
MAX_IMAGE_BYTES = 16 * 1024 * 1024

DANGER = re.compile(rb"<!\s*(?:DOCTYPE|ENTITY)", re.IGNORECASE)
_DECLARED = re.compile(rb"""^\s*<\?xml[^>]*?encoding\s*=\s*["']([^"']*)["']""")
_SAFE_ENCODINGS = {"utf-8", "utf8", "us-ascii", "ascii"}
_FLIP_BITS = 0xE0000000  # Tiled's flip flags in a gid; pytmx masks the same three bits


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a map file, phrased for the map's author.

    file:  the map file as the caller named it.
    where: the part of it at fault ("layer 'ground'", "object 12 'Town'"), or None.
    what:  what is wrong.
    fix:   how to fix it.
    """

    file: str
    where: str | None
    what: str
    fix: str

    def __str__(self) -> str:
        where = f" {self.where}:" if self.where else ""
        return f"{shown_path(self.file)}:{where} {self.what} — {self.fix}"


class Report:
    """Collects problems for one map file."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[Problem] = []

    def add(self, where: str | None, what: str, fix: str) -> None:
        self.problems.append(Problem(self.file, where, what, fix))


def read_xml(path: Path, report: Report, where: str | None,
             budget: Budget | None = None) -> ET.Element | None:
    """Parse `path` as XML after the safety checks; None (and problems) if it fails.
    A Tiled JSON file (.tmj, .tsj, .tj) comes back as the TMX tree it stands for
    (game.maps.tiled_json). With a `budget`, the file's size is charged to it first
    (refused when over)."""
    bad_path = path_problem(path)
    if bad_path:
        report.add(where, f"cannot be opened: {bad_path}", "use a shorter, plain file path")
        return None
    try:
        size = path.stat().st_size
    except OSError as exc:
        words = os_error_words(exc)
        if words == "was not found":
            report.add(where, f"file not found: {shown_path(path)}",
                       "check the file name and path")
        else:
            report.add(where, f"{shown_path(path)} {words}", "check the file and its folder")
        return None
    except ValueError:
        report.add(where, f"file not found: {shown_path(path)}", "check the file name and path")
        return None
    if not path.is_file():  # a folder, FIFO or device: never opened (a FIFO would block)
        report.add(where, f"is not a regular file: {path}", "give the path of a .tmx file")
        return None
    if size > MAX_FILE_BYTES:
        report.add(where, f"file is {size // 1024} KiB, over the {MAX_FILE_BYTES // 1024} KiB "
                   "limit", "maps are far smaller; make sure this is a Tiled map")
        return None
    if budget is not None and not _charge_xml(budget, size, report, where):
        return None
    try:
        with path.open("rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)  # the file may have grown since stat()
    except OSError as exc:
        report.add(where, f"the file {os_error_words(exc)}", "check its permissions")
        return None
    if len(data) > MAX_FILE_BYTES or b"\0" in data:
        report.add(where, "is not UTF-8 XML text (it is binary, UTF-16 or too large)",
                   "save it from Tiled, which writes UTF-8 XML")
        return None
    if tiled_json.looks_like_json(data):  # Tiled's JSON formats: read as the TMX they mean
        try:
            tree, what = tiled_json.json_tree(data.decode("utf-8-sig"))
        except UnicodeDecodeError:
            tree, what = None, "is not valid UTF-8 text"
        if tree is None:
            report.add(where, f"{what} (a Tiled JSON file)", "re-save it from Tiled")
        return tree
    if DANGER.search(data):
        report.add(where, "declares a DOCTYPE or ENTITY, which maps never need and which "
                   "can hide an entity-expansion bomb", "delete the <!DOCTYPE ...> / "
                   "<!ENTITY ...> lines (and untick Tiled's 'Include DTD reference' option)")
        return None
    declared = _DECLARED.match(data.removeprefix(b"\xef\xbb\xbf"))
    if declared and declared.group(1).decode("ascii", "replace").lower() not in _SAFE_ENCODINGS:
        report.add(where, f"declares encoding {declared.group(1).decode('ascii', 'replace')!r}",
                   "save it as UTF-8 (Tiled always does)")
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        report.add(where, "is not valid UTF-8 text", "save it from Tiled, which writes UTF-8")
        return None
    shape = _shape_problem(data)
    if shape:
        report.add(where, *shape)
        return None
    try:
        return ET.fromstring(text)  # a str: expat parses it as UTF-8, whatever is declared
    except ET.ParseError as exc:
        line, col = exc.position
        report.add(where, f"is not well-formed XML (line {line}, column {col})",
                   "open it in a text editor or re-save it from Tiled")
        return None


def _charge_xml(budget: Budget, size: int, report: Report, where: str | None) -> bool:
    budget.xml_bytes += size
    if budget.xml_bytes <= limits.MAX_XML_BYTES:
        return True
    report.add(where, f"brings the map and its tilesets to {budget.xml_bytes // 1024:,} KiB of "
               f"XML; a map may have at most {limits.MAX_XML_BYTES // 2**20} MiB in all",
               "name each tileset once and keep the files small")
    return False


class _TooBig(Exception):
    def __init__(self, what: str, fix: str = "maps are small and shallow; make sure this is "
                 "a Tiled map saved from Tiled") -> None:
        super().__init__(what)
        self.what, self.fix = what, fix


def _shape_problem(data: bytes) -> tuple[str, str] | None:
    """(what, fix) when the nesting depth, the element count or one file's count of
    tilesets, layers, objects, properties or images is over its cap, counted by a
    streaming expat pass (no tree, no recursion, so 13,500 layers cost no tree); None
    when within bounds or when the XML is broken (fromstring says so)."""
    parser = expat.ParserCreate()
    depth = count = 0
    parts = {**{tag: name for name, tags, *_ in _PARTS for tag in tags}, "tileset": "tilesets"}
    caps = {name: (cap, fix) for name, _tags, cap, fix in _PARTS}
    caps["tilesets"] = (limits.MAX_TILESETS, _TILESETS_FIX)
    found = dict.fromkeys(caps, 0)

    def start(name, _attrs) -> None:
        nonlocal depth, count
        depth += 1
        count += 1
        if depth > MAX_DEPTH:
            raise _TooBig(f"nests elements more than {MAX_DEPTH} deep")
        if count > MAX_ELEMENTS:
            raise _TooBig(f"has more than {MAX_ELEMENTS:,} XML elements")
        part = parts.get(name)
        if part:
            found[part] += 1
            cap, fix = caps[part]
            if found[part] > cap:
                total = data.count(b"<" + name.encode() + b" ") + data.count(
                    b"<" + name.encode() + b">") + data.count(b"<" + name.encode() + b"/")
                raise _TooBig(f"has {max(total, found[part]):,} {part}; a map may have at "
                              f"most {cap:,}", fix)

    def end(_name) -> None:
        nonlocal depth
        depth -= 1

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(data, True)
    except _TooBig as exc:
        return exc.what, exc.fix
    except expat.ExpatError:
        return None
    return None


def image_size(path: Path) -> tuple[int, int] | str:
    """(width, height) read from an image file's header (PNG, JPEG, GIF or BMP, the
    formats pygame always reads), or what is wrong with it. Nothing is decoded."""
    try:
        size = path.stat().st_size
        if size > MAX_IMAGE_BYTES:
            return f"is {size // 1024} KiB, over the {MAX_IMAGE_BYTES // 2**20} MiB limit"
        with path.open("rb") as f:
            head = f.read(64 * 1024)
    except OSError as exc:
        return os_error_words(exc)
    try:
        if head.startswith(b"\x89PNG\r\n\x1a\n"):
            if head[12:16] != b"IHDR" or len(head) < 24:
                return "is a cut-short or corrupt PNG image"
            return struct.unpack(">II", head[16:24])
        if head[:6] in (b"GIF87a", b"GIF89a"):
            return struct.unpack("<HH", head[6:10])
        if head.startswith(b"BM") and len(head) >= 26:
            w, h = struct.unpack("<ii", head[18:26])
            return (w, abs(h))
        if head.startswith(b"\xff\xd8"):
            return _jpeg_size(head)
    except struct.error:
        return "is a cut-short image file"
    return "is not a PNG, JPEG, GIF or BMP image"


def _jpeg_size(head: bytes) -> tuple[int, int] | str:
    i = 2
    while i + 9 < len(head):
        if head[i] != 0xFF:
            return "is a corrupt JPEG image"
        marker = head[i + 1]
        if marker == 0xFF:
            i += 1
            continue
        length = struct.unpack(">H", head[i + 2:i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">HH", head[i + 5:i + 9])
            return (w, h)
        if length < 2:
            return "is a corrupt JPEG image"
        i += 2 + length
    return "is a JPEG image whose size is not in its first 64 KiB"


def _is_json(path: Path) -> bool:
    """Is this (already read, regular) file Tiled's JSON, whatever its name says?"""
    try:
        with path.open("rb") as f:
            return tiled_json.looks_like_json(f.read(64))
    except OSError:
        return False


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except (OSError, ValueError):
        return 0


# (what is counted, its tags, its cap, the fix): charged per file, per reference
_PARTS = (
    ("layers", frozenset({"layer", "objectgroup", "imagelayer", "group"}), limits.MAX_LAYERS,
     "merge or delete layers in Tiled"),
    ("objects", frozenset({"object"}), limits.MAX_OBJECTS, "delete the objects the game "
     "does not use"),
    ("properties", frozenset({"property"}), limits.MAX_PROPERTIES, "delete unused custom "
     "properties"),
    ("images", frozenset({"image"}), limits.MAX_IMAGES, "use one tileset image rather than "
     "an image per tile"),
)


_TILESETS_FIX = "name each tileset once (Map ▸ Remove Tileset for the copies)"


def charge_parts(budget: Budget, tree: ET.Element, report: Report, where: str | None) -> bool:
    """Count a tree's layers, objects, properties and images into the map's totals;
    False (and one line naming the cap) when a total goes over."""
    found = dict.fromkeys((name for name, *_ in _PARTS), 0)
    tag_of = {tag: name for name, tags, *_ in _PARTS for tag in tags}
    for el in tree.iter():
        name = tag_of.get(el.tag)
        if name:
            found[name] += 1
    ok = True
    for name, _tags, cap, fix in _PARTS:
        total = budget.counts.get(name, 0) + found[name]
        budget.counts[name] = total
        if total > cap:
            report.add(where, f"has {total:,} {name}; a map may have at most {cap:,}", fix)
            ok = False
    return ok


def label(el: ET.Element) -> str:
    """How a problem names an element: "layer 'ground'", "object 12 'Town'", "map"."""
    name = el.get("name")
    named = f" '{shown(name, 40)}'" if name else ""
    if el.tag == "object":
        return f"object {shown(el.get('id', '?'), 20)}{named}"
    if el.tag in ("layer", "objectgroup", "imagelayer", "group"):
        return f"layer{named or ' (unnamed)'}"
    if el.tag == "tileset":
        return f"tileset '{shown(el.get('source') or name or '?')}'"
    if el.tag == "tile":
        return f"tile {shown(el.get('id', '?'), 20)}"
    return el.tag


def _int_attr(el: ET.Element, attr: str) -> int | None:
    return small_int(el.get(attr))


class MapVetter:
    """The Tiled-level checks for one .tmx tree; see `vet_map`."""

    # for game.maps.templates, which cannot import this module (it is imported by it)
    label = staticmethod(label)
    attribute_problems = staticmethod(lambda root: attribute_problems(root))
    MAX_TILESET_TILES = MAX_TILESET_TILES

    def __init__(self, path: Path, root: ET.Element, report: Report,
                 budget: Budget | None = None) -> None:
        self.path = path
        self.dir = path.parent
        self.budget = budget or Budget()
        self.read: frozenset[str] = frozenset()  # the properties the game reads (vet_map)
        self.root = copy.deepcopy(root)  # the sanitised tree (depth bounded by read_xml)
        self.report = report
        self.fatal = False
        self.ranges: list[tuple[int, int]] = []  # [firstgid, end) of each readable tileset
        self.sources: dict[str, int] = {}  # each external tileset's real path: its firstgid
        self.ranges_known = True

    def add(self, where: str | None, what: str, fix: str) -> None:
        self.report.add(where, what, fix)

    # -- the map element ------------------------------------------------------------
    def check_map_element(self) -> None:
        root = self.root
        if root.tag != "map":
            what = ("is a tileset, not a map" if root.tag == "tileset"
                    else "is an object template, not a map" if root.tag == "template"
                    else f"is XML but not a Tiled map (its root is <{root.tag}>)")
            self.add(None, what, "give check-map the .tmx map file")
            self.fatal = True
            return
        read = {a: _int_attr(root, a) for a in ("width", "height", "tilewidth", "tileheight")}
        bad = [a for a, v in read.items() if v is None or v <= 0]
        if bad:
            self.add("map", f"has no valid {', '.join(bad)}", "re-save the map from Tiled")
            self.fatal = True
            return
        size = cast(dict[str, int], read)  # none is None (checked just above)
        if root.get("infinite") == "1":
            self.add("map", "is an infinite map", "untick Map ▸ Map Properties ▸ Infinite")
            self.fatal = True
        orientation = root.get("orientation", "orthogonal")
        if orientation != "orthogonal":
            self.add("map", f"is {orientation}; the board is a square grid",
                     "set Map ▸ Map Properties ▸ Orientation to Orthogonal")
        tw, th = size["tilewidth"], size["tileheight"]
        if max(tw, th) > MAX_TILE_PIXELS:
            self.add("map", f"tiles are {tw}x{th} pixels, over {MAX_TILE_PIXELS}",
                     f"use tiles of at most {MAX_TILE_PIXELS} pixels")
            self.fatal = True
            return
        if tw != th:
            self.add("map", f"tiles are {tw}x{th} pixels; cells must be square",
                     "make Tile Width equal Tile Height in Map Properties")
        w, h = size["width"], size["height"]
        if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
            self.add("map", f"is {w}x{h} cells; each side must be {MIN_SIDE} to {MAX_SIDE}",
                     "resize it with Map ▸ Resize Map")
            self.fatal = True  # and never decode layers of an absurd size
        self.width, self.height, self.tile = w, h, tw

    # -- tilesets -------------------------------------------------------------------
    def check_tilesets(self) -> None:
        # pytmx reads every <tileset> at any depth (".//tileset"): one inside a group or
        # an object would reach it unchecked (an 8000x8000 grid of 1 px tiles hung it)
        parents = {child: parent for parent in self.root.iter() for child in parent}
        for ts in list(self.root.iter("tileset")):
            parent = parents[ts]
            if parent is not self.root:
                self.add(label(ts), f"is inside {label(parent)}; Tiled keeps tilesets at the "
                         "top of the map", "move it out, or re-save the map from Tiled")
            elif self.check_tileset(ts):
                continue
            parent.remove(ts)  # pytmx would raise on it; the rest can still be checked
            self.ranges_known = False

    def check_tileset(self, ts: ET.Element) -> bool:
        where = label(ts)
        first = _int_attr(ts, "firstgid")
        if first is None or first < 1:
            self.add(where, "has no valid firstgid", "re-save the map from Tiled")
            return False
        source = ts.get("source")
        body, base = ts, self.dir  # image paths are relative to the file holding the tileset
        neutralised = False
        if source:
            tsx = self.dir / source
            sub = self.read_part(tsx, where)
            if sub is None:
                return False
            if sub.tag != "tileset":
                self.add(where, f"is not a tileset (its root is <{shown(sub.tag)}>)",
                         "point the map at the right .tsx file")
                return False
            if sub.get("source"):
                self.add(where, "points at another tileset file; an external tileset must "
                         "hold its tiles itself", "embed or re-export the tileset from Tiled")
                return False
            broken = attribute_problems(sub)
            for place, what in broken:
                self.add(f"{where} {place}", what, "re-save the tileset from Tiled")
            if broken:
                return False
            sane = copy.deepcopy(sub)  # read_part's tree is shared by every reference
            # pytmx would read the file itself: one with a property it cannot take (a
            # class property, say) goes to it embedded, neutralised
            neutralised = self.check_properties(sane, where) > 0
            body, base = sane if neutralised else sub, tsx.parent
        tw, th = _int_attr(body, "tilewidth"), _int_attr(body, "tileheight")
        if not (tw and th and tw > 0 and th > 0):
            self.add(where, "has no valid tile size", "re-save the tileset from Tiled")
            return False
        collection = body.find("image") is None  # one image per tile: any sizes, as Tiled
        # tiles of another size than the cells are drawn from each cell's bottom-left
        # corner (and as tile objects at any size), as Tiled draws them
        if not collection and max(tw, th) > MAX_TILE_PIXELS:
            self.add(where, f"has {tw}x{th} tiles, over {MAX_TILE_PIXELS} pixels a side",
                     f"use tiles of at most {MAX_TILE_PIXELS} pixels")
            return False
        if not self.check_grid(body, where, tw, th):
            return False
        if not self.check_images(body, base, where):
            return False
        if source:
            self.sources.setdefault(limits.real(self.dir / source), first)
            if not source.lower().endswith(".tsx") or _is_json(self.dir / source) or \
                    neutralised:
                self.embed(ts, body, base)  # pytmx opens only TSX files named .tsx itself
        count = _int_attr(body, "tilecount")
        if collection:  # its tile ids stay as made when tiles are removed: 0, 2, 5 ...
            ids = [i for i in (_int_attr(t, "id") for t in body.findall("tile")) if i is not None]
            count = max(ids, default=-1) + 1
        if count is None:
            self.ranges_known = False
        else:
            self.ranges.append((first, first + count))
        return True

    def embed(self, ts: ET.Element, body: ET.Element, base: Path) -> None:
        """An external tileset pytmx cannot open (a .tsj, or TSX under another name)
        copied into the map's reference, its image paths made relative to the map."""
        first = ts.get("firstgid", "")
        ts.clear()
        ts.attrib.update({"firstgid": first}, **{k: v for k, v in body.attrib.items()
                                                  if k not in ("firstgid", "source")})
        ts.extend(copy.deepcopy(list(body)))
        ts.tail = "\n "
        for image in ts.iter("image"):
            src = image.get("source")
            if src:
                try:
                    image.set("source", os.path.relpath(base / src, self.dir))
                except ValueError:  # another drive (Windows): only the full path reaches it
                    image.set("source", str(base / src))

    def read_part(self, tsx: Path, where: str) -> ET.Element | None:
        """A .tsx (or .tx template) file read once per real path; each reference charges
        its bytes and properties again (pytmx reads a tileset once per reference, and a
        template's parts are copied into each instance)."""
        bad_path = path_problem(tsx)
        if bad_path:
            self.add(where, f"cannot be opened: {bad_path}", "use a shorter, plain file path")
            return None
        key = limits.real(tsx)
        budget = self.budget
        if key in budget.tilesets:
            sub, size = budget.tilesets[key]
            if sub is None:
                return None  # its problem is reported once, at its first reference
            if not _charge_xml(budget, size, self.report, where):
                return None
        else:
            sub = read_xml(tsx, self.report, where, budget)
            budget.tilesets[key] = (sub, _size(tsx))
        if sub is not None and not charge_parts(budget, sub, self.report, where):
            return None
        return sub

    def check_grid(self, body: ET.Element, where: str, tw: int, th: int) -> bool:
        """Bounds on what pytmx will loop over: the tile count, spacing and margin, and
        the declared size of the tileset image (pytmx walks its whole grid)."""
        fix = "re-save the tileset from Tiled with its real image"
        count = _int_attr(body, "tilecount")
        if count is not None and not 0 <= count <= MAX_TILESET_TILES:
            self.add(where, f"declares {count} tiles; at most {MAX_TILESET_TILES:,}", fix)
            return False
        spacing, margin = _int_attr(body, "spacing") or 0, _int_attr(body, "margin") or 0
        if not (0 <= spacing <= MAX_TILE_PIXELS and 0 <= margin <= MAX_TILE_PIXELS):
            self.add(where, f"has spacing {spacing} / margin {margin} pixels", fix)
            return False
        for image in body.findall("image"):
            w, h = _int_attr(image, "width"), _int_attr(image, "height")
            if w is None and h is None:
                continue  # pytmx then reads no grid; check_images looks at the file
            if not (w and h and 0 < w <= MAX_IMAGE_SIDE and 0 < h <= MAX_IMAGE_SIDE):
                self.add(where, f"declares a {w}x{h} pixel image; each side must be 1 to "
                         f"{MAX_IMAGE_SIDE}", fix)
                return False
            cells = ((w - margin) // (tw + spacing) + 1) * ((h - margin) // (th + spacing) + 1)
            if cells > MAX_TILESET_TILES:
                self.add(where, f"its {w}x{h} image holds {cells:,} tiles; at most "
                         f"{MAX_TILESET_TILES:,}", "use larger tiles or a smaller image")
                return False
            count = max(count or 0, cells)
        self.budget.tiles += count or 0
        if self.budget.tiles > limits.MAX_TOTAL_TILES:
            self.add(where, f"brings the map's tilesets to {self.budget.tiles:,} tiles; a map "
                     f"may have at most {limits.MAX_TOTAL_TILES:,}",
                     "use fewer or smaller tilesets, and name each once")
            return False
        return True

    def check_images(self, body: ET.Element, base: Path, where: str) -> bool:
        """Each image must exist and be a real image of sane size that holds what the
        tileset declares; False when the tileset cannot be drawn (it is removed)."""
        ok = True
        for image in body.iter("image"):
            src = image.get("source")
            if not src:
                self.add(where, "has an image with no source", "pick the image again in Tiled")
                ok = False
                continue
            path = base / src
            bad_path = path_problem(path)
            if bad_path:
                self.add(where, f"image '{shown(src)}' cannot be opened: {bad_path}",
                         "use a shorter, plain file path")
                ok = False
                continue
            if not is_file(path):
                self.add(where, f"image '{shown(src)}' not found (looked for "
                         f"{shown_path(path)})", "put the image there or fix the path (it is "
                         "relative to the file that holds the tileset)")
                continue
            seen = limits.real(path) in self.budget.images
            got = self.image(path)
            if isinstance(got, str):
                ok = False
                if seen:
                    continue  # said once, at the first name of this file
                self.add(where, f"image '{shown(src)}' {got}", "use a smaller tileset image "
                         "exported as PNG")
                continue
            w, h = got
            dw, dh = _int_attr(image, "width"), _int_attr(image, "height")
            if dw and dh and (dw > w or dh > h):
                self.add(where, f"says image '{shown(src)}' is {dw}x{dh} pixels but it is "
                         f"{w}x{h}", "re-open the tileset in Tiled so it picks up the real "
                         "image size")
                ok = False
        return ok

    def image(self, path: Path) -> tuple[int, int] | str:
        """An image's size from its header, or what is wrong with it; each real file is
        looked at and its pixels charged once, however many spellings name it."""
        key = limits.real(path)
        known = self.budget.images.get(key)
        if known is not None:
            return known
        got = image_size(path)
        if not isinstance(got, str):
            w, h = got
            if not (0 < w <= MAX_IMAGE_SIDE and 0 < h <= MAX_IMAGE_SIDE):
                got = f"is {w}x{h} pixels; each side must be 1 to {MAX_IMAGE_SIDE}"
            else:
                self.budget.pixels += w * h
                if self.budget.pixels > limits.MAX_TOTAL_PIXELS:
                    got = (f"is {w}x{h} pixels, which brings the map's images to "
                           f"{self.budget.pixels:,} pixels; a map's images may hold at most "
                           f"{limits.MAX_TOTAL_PIXELS:,} (4096x2048)")
        self.budget.images[key] = got
        return got

    # -- tile layers ----------------------------------------------------------------
    def check_layers(self) -> None:
        parents = {child: parent for parent in self.root.iter() for child in parent}
        rewrite: list[tuple[ET.Element, list[int]]] = []
        for layer in list(self.root.iter("layer")):
            if not self.check_layer(layer, rewrite):
                parents[layer].remove(layer)
        for data, gids in rewrite:  # after the walk: a rewrite drops the data's children
            tile_data.as_csv(data, gids, self.width)
        for image_layer in self.root.iter("imagelayer"):
            self.check_images(image_layer, self.dir, label(image_layer))

    def check_layer(self, layer: ET.Element, rewrite: list) -> bool:
        where = label(layer)
        if (_int_attr(layer, "width"), _int_attr(layer, "height")) != (self.width, self.height):
            self.add(where, f"is {shown(layer.get('width'), 12)}x{shown(layer.get('height'), 12)}"
                     ", not the map's "
                     f"{self.width}x{self.height}", "resize the map in Tiled to fix its layers")
            return False
        data = layer.find("data")
        if data is None or data.find("chunk") is not None:
            self.add(where, "has no tile data", "re-save the map from Tiled")
            return False
        gids = self.decode(data, where)
        if gids is None:
            return False
        if len(gids) != self.width * self.height:
            self.add(where, f"holds {len(gids)} tiles, not {self.width * self.height}",
                     "re-save the map from Tiled")
            return False
        if tile_data.needs_csv(data):  # zstd or XML tiles: pytmx reads neither
            rewrite.append((data, gids))
        if self.ranges_known:
            stray = [g & ~_FLIP_BITS for g in gids
                     if g and not any(a <= g & ~_FLIP_BITS < b for a, b in self.ranges)]
            if stray:
                self.add(where, f"uses tile id {stray[0]}, which no tileset provides "
                         f"({len(stray)} cell(s))", "repaint those cells or re-add the tileset; "
                         "if its image has grown since the tileset was saved, open the "
                         "tileset in Tiled and save it")
        return True

    def decode(self, data: ET.Element, where: str) -> list[int] | None:
        try:
            return tile_data.read_gids(data, self.width * self.height)
        except tile_data.BadData as exc:
            self.add(where, exc.what, exc.fix)
            return None

    # -- custom properties ----------------------------------------------------------
    def check_properties(self, root: ET.Element, context: str | None,
                         skip: frozenset[str] = frozenset()) -> int:
        """Typed values pytmx would fail to cast, class properties and reserved names,
        neutralised in place so pytmx can run; returns how many were changed.

        A class property or one named like a built-in attribute is something Tiled
        writes and pytmx cannot take: when the game does not read its name, it is
        dropped quietly, as the game ignores any property it does not read. `skip` names
        properties whose bad values the game-level checks report themselves.
        """
        changed = 0
        owners = [el for el in root.iter()
                  if el.tag != "property" and el.find("properties") is not None]
        for owner in owners:
            props = owner.find("properties")
            assert props is not None  # owners are the elements that have one
            where = label(owner)
            if context:
                where = context if owner is root else f"{context} {where}"
            for prop in list(props.findall("property")):
                found = _property_problem(owner, prop)
                if found is None:
                    continue
                what, fix, retype = found
                changed += 1
                name = prop.get("name")
                quiet = what in _TILED_WRITES and name not in self.read
                if not quiet and not (retype and name in skip):  # skip: retyped, seen later
                    self.add(where, f"property '{name}' {what}", fix)
                if retype:
                    prop.set("type", "string")  # keep the text for the game-level checks
                else:
                    props.remove(prop)
        return changed


def _property_problem(owner: ET.Element, prop: ET.Element) -> tuple[str, str, bool] | None:
    """(what, fix, retype) for a property pytmx would choke on, else None."""
    kind, value = prop.get("type", "string"), prop.get("value")
    if not prop.get("name"):
        return "has no name", "delete it or give it a name", False
    if kind not in _PROPERTY_TYPES:
        return (f"has unknown type '{shown(kind, 30)}'", "use string, int, float, bool, "
                "color, file or object", True)
    if kind == "class":
        return _CLASS, "use plain string, int or bool properties", False
    cast = {"int": int, "float": float, "bool": pytmx.convert_to_bool}.get(kind)
    if cast is not None:
        if value is not None and len(value) > limits.MAX_NUMBER_CHARS:
            return (f"has type {kind} and a value {len(value):,} characters long",
                    f"give it a valid {kind} value", True)
        try:
            cast(value)
        except (TypeError, ValueError):
            return (f"has type {kind} but value '{shown(value, 30)}'",
                    f"give it a valid {kind} value", True)
    if _reserved(owner, prop.get("name", "")):
        return _RESERVED, "rename the property", False
    return None


_CLASS = "is a class property, which pytmx cannot read without its definition"
_RESERVED = "clashes with a built-in attribute that pytmx reserves"
_TILED_WRITES = (_CLASS, _RESERVED)  # what Tiled saves as it is; the rest are hand edits
_PROBES: dict[str, object] = {}
_PROPERTY_TYPES = {"string", "int", "float", "bool", "color", "file", "object", "class"}
# elements whose XML attributes pytmx casts with its `types` table
_CAST_TAGS = {"map", "layer", "objectgroup", "object", "tileset", "group", "imagelayer", "tile"}
_CASTS = (int, float, pytmx.convert_to_bool)


def attribute_problems(root: ET.Element) -> list[tuple[str, str]]:
    """(where, what) for each XML attribute pytmx would fail to cast, e.g. x="2x56"."""
    found = []
    cells = {id(tile) for data in root.iter("data") for tile in data}  # tile_data reads them
    for el in root.iter():
        if el.tag in _CAST_TAGS and id(el) not in cells:
            for attr, value in el.attrib.items():
                cast = pytmx.pytmx.types[attr]
                if cast in _CASTS:
                    if len(value) > limits.MAX_NUMBER_CHARS:
                        found.append((label(el), f"attribute {shown(attr, 30)} is a number "
                                      f"{len(value):,} characters long; at most "
                                      f"{limits.MAX_NUMBER_CHARS}"))
                        continue
                    try:
                        number = cast(value)
                    except ValueError:
                        found.append((label(el), f"attribute {shown(attr, 30)}="
                                      f"'{shown(value, 30)}' is not a number"))
                        continue
                    if attr in _OFFSETS and not math.isfinite(number):
                        found.append((label(el), f"attribute {shown(attr, 30)}="
                                      f"'{shown(value, 30)}' is not a finite number"))
        if el.tag == "tileset":  # its images' sizes bound pytmx's walk over their grids
            found += [("tileset image", "has no valid width/height") for image in el.iter("image")
                      if any(_int_attr(image, a) is None for a in ("width", "height"))][:1]
            found += [(label(el), "has a tile with no valid id") for tile in el.iter("tile")
                      if _int_attr(tile, "id") is None][:1]
    return found


def _reserved(owner: ET.Element, name: str) -> bool:
    """Would pytmx refuse this custom property name on this element?

    pytmx raises for any name that is already an attribute of its element object (from
    the XML attributes or its own fields), unless allow_duplicate_names is set; the UI
    loads maps without that flag, so we keep to pytmx's default.
    """
    if owner.tag == "tile":
        return False  # tile properties go to a plain dict
    if name in owner.attrib:
        return True
    if owner.tag not in _PROBES:
        holder = pytmx.TiledMap()
        makers = {
            "map": lambda: holder,
            "object": lambda: pytmx.TiledObject(holder, ET.Element("object"), None),
            "objectgroup": lambda: pytmx.TiledObjectGroup(holder, ET.Element("x"), None),
            "layer": lambda: pytmx.TiledTileLayer(holder, ET.fromstring(
                '<layer width="1" height="1"><data encoding="csv">0</data></layer>')),
            "group": lambda: pytmx.TiledGroupLayer(holder, ET.Element("group")),
            "imagelayer": lambda: pytmx.TiledImageLayer(holder, ET.Element("imagelayer")),
            "tileset": lambda: pytmx.TiledTileset(holder, ET.Element("tileset")),
        }
        _PROBES[owner.tag] = makers.get(owner.tag, lambda: None)()
    probe = _PROBES[owner.tag]
    return probe is not None and hasattr(probe, name)


def vet_map(path: Path, root: ET.Element, report: Report, semantic: frozenset[str],
            read: frozenset[str]) -> ET.Element | None:
    """Tiled-level checks; returns the sanitised tree for pytmx, or None when fatal.
    `read` names every custom property the game reads (game.maps.loader): a class
    property or a built-in name is reported only under one of those."""
    budget = Budget()
    budget.xml_bytes = _size(path)
    tilesets = sum(1 for _ in root.iter("tileset"))
    if tilesets > limits.MAX_TILESETS:
        report.add(None, f"has {tilesets:,} tilesets; a map may have at most "
                   f"{limits.MAX_TILESETS}", _TILESETS_FIX)
        return None
    if not charge_parts(budget, root, report, None):
        return None  # refused before the tree is copied or any tileset is read
    vetter = MapVetter(path, root, report, budget)
    vetter.read = read
    broken = attribute_problems(vetter.root)
    for where, what in broken:
        report.add(where, what, "re-save the map from Tiled, or fix the value by hand")
    if broken:
        return None
    vetter.check_map_element()
    if vetter.fatal:
        return None
    layers = sum(1 for _ in vetter.root.iter("layer"))
    cells = layers * vetter.width * vetter.height
    if cells > limits.MAX_TILE_CELLS:  # pytmx, the checks and the drawing walk each one
        report.add("map", f"has {layers:,} tile layers of {vetter.width}x{vetter.height} cells "
                   f"({cells:,} cells); a map may have at most {limits.MAX_TILE_CELLS:,} tile "
                   "cells in all", "merge tile layers in Tiled (Layer ▸ Merge Layer Down)")
        return None
    vetter.check_tilesets()
    templates.detach_all(vetter)  # after the map's tilesets are known, before properties
    vetter.check_layers()
    # map and object tileset/tile properties of embedded tilesets are checked here too
    vetter.check_properties(vetter.root, None, skip=semantic)
    return vetter.root

"""The host's map, sent to joiners who do not have it (docs/FORMATS.md "map").

A map travels as a bundle: the .tmx, the .tsx tilesets it points at and their images,
flattened into one folder (each `source` rewritten to a plain file name) so nothing in
it can point elsewhere. A map with object templates or Tiled JSON parts is sent as the
TMX the game reads it as (templates detached, JSON tilesets embedded). Its digest
(SHA-256 over each file's name and content) names it: the host says it in `welcome`
(`game.map_bundle`), a joiner with a shipped map of that digest, or a cached copy, uses
its own; else it asks (`map_request`, only after its join was accepted) and the host
sends `map` messages, base64 in parts. The joiner checks every name, size and the
digest, keeps the bundle in `<data>/net/maps/<digest>/` and reads it with the same safe
map reader as any map.

Bounds: at most MAX_FILES files, MAX_FILE bytes each, MAX_TOTAL bytes in all.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import functools
import hashlib
import html
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree as ET

from game import resources
from game.maps.loader import MapError, read_vetted
from game.maps.tiled_json import looks_like_json
from game.maps.tmx_reader import DANGER as _DANGER
from game.persistence.files import FileTooLarge, read_regular
from game.words import Words

MAX_TOTAL = 8 * 1024 * 1024
MAX_FILE = 4 * 1024 * 1024
MAX_FILES = 64
PART = 512 * 1024          # raw bytes a `map` message carries (~700 KB of base64)
MAX_PARTS = -(-MAX_TOTAL // PART)
DIGEST_CHARS = 32
EXTENSIONS = (".tmx", ".tsx", ".tx", ".png", ".jpg", ".jpeg", ".gif", ".bmp")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
_HEX = re.compile(f"^[0-9a-f]{{{DIGEST_CHARS}}}$")
# a `source` attribute of a tileset or image element (Tiled writes double quotes), or an
# object's `template`: the host rewrites them (make_bundle); the joiner checks the parsed
# files (points_outside), which this pattern does not claim to read as XML does
_SOURCE = re.compile(rb"""(<(tileset|image|object)\b[^>]*?\b(?:source|template)\s*=\s*)"""
                     rb"""(["'])(.*?)\3""", re.DOTALL)
_XML = (".tmx", ".tsx", ".tx")  # the bundle's files that name others
# an object template, or a tileset in Tiled's JSON, named by a TMX map; or a tile layer
# in zstd or in Tiled's old XML format (game.maps.tile_data), which 0.1.0 cannot read
_READ_FIRST = re.compile(rb"""\btemplate=|\bsource=(["'])[^"']*\.(?:tsj|json)\1"""
                         rb"""|\bcompression=["']zstd["']|<data\s*>\s*<tile\b""")


class MapShareError(ValueError):
    """A map that cannot be sent or was refused; the text is one sentence."""


@dataclass(frozen=True)
class Bundle:
    name: str                               # the map's file name in the bundle
    files: tuple[tuple[str, bytes], ...]    # (name, content), the map first
    digest: str

    def info(self) -> dict:
        """What `welcome` says of it (game.map_bundle)."""
        return {"name": self.name, "digest": self.digest, "files": len(self.files),
                "bytes": sum(len(d) for _, d in self.files)}


def bundle_digest(files) -> str:
    h = hashlib.sha256()
    for name, data in sorted(files):
        h.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()[:DIGEST_CHARS]


def _safe_name(name: str, taken: set[str]) -> str:
    stem, ext = os.path.splitext(name)
    stem = re.sub(r"[^A-Za-z0-9_.-]", "_", stem).lstrip("._-")[:40] or "file"
    out, n = f"{stem}{ext.lower()}", 2
    while out.lower() in taken:
        out, n = f"{stem}-{n}{ext.lower()}", n + 1
    taken.add(out.lower())
    return out


def _read(path: Path) -> bytes:
    try:
        return read_regular(path, MAX_FILE)  # a pipe there is refused, not waited on
    except FileTooLarge:
        raise MapShareError(Words("{file} is larger than {most} MB, too large to send "
                                  "to friends", file=path.name, most=MAX_FILE // 2**20)) from None
    except OSError as exc:
        raise MapShareError(Words("cannot read {file} ({why})", file=path.name,
                                  why=exc.strerror or exc)) from None


def make_bundle(tmx: str | Path) -> Bundle:
    """The bundle of a map file (MapShareError when a file is missing or too large)."""
    tmx = Path(tmx)
    taken: set[str] = set()
    files: list[tuple[str, bytes]] = []
    data = _read(tmx)
    if looks_like_json(data) or _READ_FIRST.search(data):
        # a map with object templates, Tiled's JSON files, or zstd or XML tile layers
        # travels as the TMX the game reads it as (templates detached, JSON tilesets
        # embedded, layers as CSV): a joiner needs none of them, and one on 0.1.0,
        # which reads none of them, can still play it
        data = _as_tmx(tmx)
        name = _safe_name(tmx.with_suffix(".tmx").name, taken)
    else:
        name = _safe_name(tmx.name, taken)
    placed: dict[Path, str] = {}

    def flatten(data: bytes, base: Path, kinds: tuple[bytes, ...]) -> bytes:
        def swap(m: re.Match) -> bytes:
            if m.group(2) not in kinds:
                return m.group(0)
            src = html.unescape(m.group(4).decode("utf-8", "replace"))
            path = (base / src).resolve()
            if path not in placed:
                placed[path] = _safe_name(path.name, taken)
                content = _read(path)
                if path.suffix.lower() == ".tsx":
                    content = flatten(content, path.parent, (b"image",))
                files.append((placed[path], content))
            return m.group(1) + b'"' + placed[path].encode() + b'"'
        return _SOURCE.sub(swap, data)

    # flatten() adds the tilesets and images as it meets them; the map goes first
    files.insert(0, (name, flatten(data, tmx.parent, (b"tileset", b"image"))))
    _check_bounds([(n, len(d)) for n, d in files])
    if points_outside(files):  # a hand-made spelling the flattening did not meet
        raise MapShareError(Words("{file} names its tilesets or images in a way that cannot "
                                  "be sent to friends; re-save it from Tiled", file=tmx.name))
    return Bundle(name, tuple(files), bundle_digest(files))


def _as_tmx(tmx: Path) -> bytes:
    try:
        tree = read_vetted(tmx)
    except MapError as exc:
        raise MapShareError(Words("cannot read {file} ({why})", file=tmx.name,
                                  why=exc.problems[0].what)) from None
    return ET.tostring(tree, encoding="utf-8", xml_declaration=True)


@functools.lru_cache(maxsize=16)
def _bundle_of(path: str, mtime: float) -> Bundle | None:
    try:
        return make_bundle(path)
    except MapShareError:
        return None


def cached_bundle(path: str | Path) -> Bundle | None:
    """make_bundle, remembered while the file is unchanged (None when it cannot be)."""
    try:
        return _bundle_of(str(path), Path(path).stat().st_mtime)
    except OSError:
        return None


def points_outside(files) -> bool:
    """Does a bundle's map, tileset or template name any file but the bundle's own? Read
    as the map reader reads it (the parsed XML, every element's `source` and `template`,
    however spelled), and JSON, which the host never sends, counts as pointing out: a
    hostile host must not make a joiner open its other files (or, on Windows, a share
    on the host's machine)."""
    names = {n for n, _ in files}
    for name, data in files:
        if not name.lower().endswith(_XML):
            continue
        if looks_like_json(data) or _DANGER.search(data):
            return True
        try:
            root = ET.fromstring(data.decode("utf-8-sig"))
        except (UnicodeDecodeError, ET.ParseError):
            return True  # not what any host sends (its map loaded); refused whole
        for el in root.iter():
            for attr in ("source", "template"):
                if el.get(attr) is not None and el.get(attr) not in names:
                    return True
    return False


def _check_bounds(files: list[tuple[str, int]]) -> None:
    if not files or len(files) > MAX_FILES:
        raise MapShareError(Words("a map is 1 to {most} files (this one has {n})",
                                  most=MAX_FILES, n=len(files)))
    if sum(size for _, size in files) > MAX_TOTAL:
        raise MapShareError(Words("the map and its tilesets are over {most} MB, too large "
                                  "to send", most=MAX_TOTAL // 2**20))
    if any(size > MAX_FILE for _, size in files):
        raise MapShareError(Words("a file of the map is over {most} MB",
                                  most=MAX_FILE // 2**20))


# ----- the host's side --------------------------------------------------------------
def parts(bundle: Bundle) -> list[dict]:
    """The `map` messages (fields only) that carry a bundle, in order."""
    blob = b"".join(d for _, d in bundle.files)
    count = max(1, -(-len(blob) // PART))
    out = []
    for i in range(count):
        fields = {"digest": bundle.digest, "part": i, "parts": count,
                  "data": base64.b64encode(blob[i * PART:(i + 1) * PART]).decode("ascii")}
        if i == 0:
            fields.update(name=bundle.name,
                          files=[{"name": n, "bytes": len(d)} for n, d in bundle.files])
        out.append(fields)
    return out


# ----- the joiner's side ------------------------------------------------------------
def cache_root(data_dir) -> Path:
    """Where received maps are kept: <data>/net/maps (a temporary folder without one)."""
    if data_dir is not None:
        return Path(data_dir) / "net" / "maps"
    return Path(tempfile.gettempdir()) / f"narby-maps-{os.getuid() if hasattr(os, 'getuid') else 0}"


def _check_info(info) -> tuple[str, str]:
    if not isinstance(info, dict) or not isinstance(info.get("digest"), str) or \
            not _HEX.match(info["digest"]) or not isinstance(info.get("name"), str) or \
            not _NAME.match(info["name"]) or not info["name"].lower().endswith(".tmx"):
        raise MapShareError(Words("the host described its map in a way this version cannot read"))
    size, count = info.get("bytes"), info.get("files")
    if not isinstance(size, int) or not isinstance(count, int) or \
            not 0 < size <= MAX_TOTAL or not 0 < count <= MAX_FILES:
        raise MapShareError(Words("the host's map is too large to receive (over {most} MB "
                                  "or {files} files)", most=MAX_TOTAL // 2**20,
                                  files=MAX_FILES))
    return info["digest"], info["name"]


def local_copy(info, data_dir) -> Path | None:
    """This machine's copy of the host's map (a shipped map with its digest, or one
    received before), or None when it must be fetched. MapShareError: bad info."""
    digest, name = _check_info(info)
    shipped = resources.shipped_map(name)
    if shipped is not None:
        own = cached_bundle(shipped)
        if own is not None and own.digest == digest:
            return shipped
    folder = cache_root(data_dir) / digest
    path = folder / name
    if path.is_file():
        try:
            files = [(p.name, read_regular(p, MAX_FILE)) for p in folder.iterdir() if p.is_file()]
        except OSError:
            return None
        if bundle_digest(files) == digest:
            return path
    return None


class Receiver:
    """Collects a bundle's `map` messages; `take` returns the map's path when whole."""

    def __init__(self, info, data_dir):
        self.digest, self.name = _check_info(info)
        self.size = info["bytes"]
        self.data_dir = data_dir
        self.blob = bytearray()
        self.next = 0
        self.files: list[tuple[str, int]] = []

    @property
    def progress(self) -> float:
        return min(1.0, len(self.blob) / self.size)

    def take(self, msg: dict) -> Path | None:
        if msg.get("digest") != self.digest or msg.get("part") != self.next or \
                not isinstance(msg.get("parts"), int) or not 0 < msg["parts"] <= MAX_PARTS:
            raise MapShareError(Words("the host's map arrived out of order; join again"))
        if self.next == 0:
            self.files = self._manifest(msg)
        try:
            self.blob += base64.b64decode(str(msg.get("data", "")), validate=True)
        except (binascii.Error, ValueError):
            raise MapShareError(Words("the host's map arrived damaged; join again")) from None
        if len(self.blob) > self.size:
            raise MapShareError(Words("the host's map is larger than it said; it was refused"))
        self.next += 1
        if self.next < msg["parts"]:
            return None
        return self._store()

    def _manifest(self, msg: dict) -> list[tuple[str, int]]:
        files = msg.get("files")
        if msg.get("name") != self.name or not isinstance(files, list) or not files:
            raise MapShareError(Words("the host's map came without its list of files"))
        out, seen = [], set()
        for f in files:
            name = f.get("name") if isinstance(f, dict) else None
            size = f.get("bytes") if isinstance(f, dict) else None
            if not isinstance(name, str) or not _NAME.match(name) or \
                    not name.lower().endswith(EXTENSIONS) or name.lower() in seen:
                raise MapShareError(Words("the host's map has a file name that is not allowed "
                                    "(only plain names, no folders); it was refused"))
            if not isinstance(size, int) or size < 0:
                raise MapShareError(Words("the host's map lists a file without its size"))
            seen.add(name.lower())
            out.append((name, size))
        if out[0][0] != self.name:
            raise MapShareError(Words("the host's map came without its list of files"))
        _check_bounds(out)
        if sum(s for _, s in out) != self.size:
            raise MapShareError(Words("the host's map is not the size it said; it was refused"))
        return out

    def _store(self) -> Path:
        if len(self.blob) != self.size:
            raise MapShareError(Words("the host's map arrived incomplete; join again"))
        files, at = [], 0
        for name, size in self.files:
            files.append((name, bytes(self.blob[at:at + size])))
            at += size
        if bundle_digest(files) != self.digest:
            raise MapShareError(Words("the host's map does not match its digest; it was refused"))
        if points_outside(files):
            raise MapShareError(Words("the host's map points at files outside itself; "
                                      "it was refused"))
        root = cache_root(self.data_dir)
        final = root / self.digest
        try:
            root.mkdir(parents=True, exist_ok=True)
            tmp = Path(tempfile.mkdtemp(prefix=".part-", dir=root))
            for name, data in files:
                (tmp / name).write_bytes(data)
            if final.exists():
                shutil.rmtree(final, ignore_errors=True)
            tmp.replace(final)
        except OSError as exc:
            with contextlib.suppress(NameError):
                shutil.rmtree(tmp, ignore_errors=True)
            raise MapShareError(Words("cannot keep the host's map in {folder} ({why})",
                                      folder=root, why=exc.strerror or exc)) from None
        return final / self.name


def forget(path: Path) -> None:
    """Remove a received map that turned out unreadable (a shipped map is never removed)."""
    folder = Path(path).parent
    if folder.parent.name == "maps" and _HEX.match(folder.name):
        shutil.rmtree(folder, ignore_errors=True)

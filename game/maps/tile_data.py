"""A tile layer's `<data>`, in every format Tiled saves, read with bounded memory.

Tiled writes a layer as CSV, as base64 (raw, zlib, gzip or zstd), or in the old XML
format (one `<tile gid=…/>` per cell, "XML (deprecated)" in Tiled's menu). pytmx reads
CSV and base64 raw/zlib/gzip only; the vetter (game.maps.tmx_reader) reads them all
here and rewrites a zstd or XML layer as CSV in the tree it hands on, so pytmx, the
board's drawing and a map sent to friends (0.1.0 refused both formats) see CSV.

Not translated (issue 38): these words are for map authors and stay English.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from xml.etree import ElementTree as ET

from game.maps.limits import shown

FIX = "set Map Properties ▸ Tile Layer Format to CSV (or Base64 zlib/gzip)"
COMPRESSIONS = (None, "zlib", "gzip", "zstd")
MAX_GID = 0xFFFFFFFF  # Tiled writes 32-bit ids: a tile id and its flip flags


class BadData(Exception):
    """What is wrong with a layer's data, in the author's words; `fix` says what to do."""

    def __init__(self, what: str, fix: str = "re-save the map from Tiled") -> None:
        super().__init__(what)
        self.what, self.fix = what, fix


def read_gids(data: ET.Element, cells: int) -> list[int]:
    """Every gid of a layer of `cells` cells, flip flags kept; raises BadData.

    Compressed data is inflated to at most 4 bytes a cell (+1 to see it overflow), so a
    tiny zlib or zstd "bomb" never grows past the map's own size.
    """
    encoding, compression = data.get("encoding"), data.get("compression") or None
    if _is_xml(data):
        return _xml_gids(data)
    text = (data.text or "").strip()
    if encoding == "csv":
        try:
            gids = [int(v) for v in text.split(",")]
        except ValueError:
            raise BadData("has CSV tile data that is not a list of numbers", FIX) from None
        return _checked(gids)
    if encoding != "base64":
        what = (f"uses the '{shown(encoding, 30)}' layer encoding" if encoding
                else "has no tile data")
        raise BadData(what, FIX if encoding else "re-save the map from Tiled")
    if compression not in COMPRESSIONS:
        raise BadData(f"uses unknown compression '{shown(compression, 30)}'", FIX)
    if compression == "zstd" and _zstandard() is None:  # an install that missed it
        raise BadData("is compressed with zstd, and the zstandard package the game reads "
                      "it with is not installed", f"reinstall the game, or {FIX[0].lower()}"
                      f"{FIX[1:]}")
    name = f"base64/{compression or 'raw'}"
    try:
        raw = base64.b64decode(text)
        if compression:
            raw = _inflate(raw, compression, cells * 4)
    except BadData as exc:  # our own words
        raise BadData(f"has corrupt {name} tile data: {exc.what}") from None
    except (binascii.Error, zlib.error, ValueError):  # the libraries' words stay out
        raise BadData(f"has corrupt {name} tile data") from None
    if len(raw) % 4:
        raise BadData("has tile data that is not whole 32-bit ids")
    return [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]


def as_csv(data: ET.Element, gids: list[int], width: int) -> None:
    """Rewrite `data` in place as the CSV Tiled would save for these gids."""
    for child in list(data):
        data.remove(child)
    data.attrib.pop("compression", None)
    data.set("encoding", "csv")
    rows = [",".join(map(str, gids[i:i + width])) for i in range(0, len(gids), width)]
    data.text = "\n" + ",\n".join(rows) + "\n"


def needs_csv(data: ET.Element) -> bool:
    """Is this a format only our reader reads (zstd, or XML tiles)?"""
    return data.get("compression") == "zstd" or _is_xml(data)


def _is_xml(data: ET.Element) -> bool:
    """Tiled's old format: no encoding, one <tile> element a cell."""
    return data.get("encoding") is None and data.find("tile") is not None


def _xml_gids(data: ET.Element) -> list[int]:
    gids = []
    for tile in data.findall("tile"):
        value = tile.get("gid", "0")
        try:
            gids.append(int(value))
        except ValueError:
            raise BadData(f"has an XML tile whose gid '{shown(value, 30)}' is not a number",
                          FIX) from None
    return _checked(gids)


def _checked(gids: list[int]) -> list[int]:
    odd = next((g for g in gids if not 0 <= g <= MAX_GID), None)
    if odd is not None:
        raise BadData(f"has tile id {shown(odd, 20)}, which is not a 32-bit tile id")
    return gids


def _inflate(raw: bytes, compression: str, limit: int) -> bytes:
    if compression == "zstd":
        return _unzstd(raw, limit)
    z = zlib.decompressobj(wbits=31 if compression == "gzip" else 15)
    out = z.decompress(raw, limit + 1)
    if len(out) > limit:
        raise BadData(f"it inflates to more than {limit} bytes")
    if z.unused_data or not z.eof:
        raise BadData("the compressed stream is cut short or has extra bytes")
    return out


def _zstandard():
    try:
        import zstandard  # noqa: PLC0415 (only zstd maps need it)
    except ImportError:
        return None
    return zstandard


def _unzstd(raw: bytes, limit: int) -> bytes:
    zstandard = _zstandard()
    assert zstandard is not None  # read_gids asked first
    try:
        # at most limit+1 bytes come out, whatever the frame claims
        out = zstandard.ZstdDecompressor().stream_reader(raw, read_across_frames=False) \
            .read(limit + 1)
        if len(out) > limit:
            raise BadData(f"it inflates to more than {limit} bytes")
        whole = zstandard.ZstdDecompressor().decompressobj()
        whole.decompress(raw)  # one frame of at most `limit` bytes (just read)
        if whole.unused_data or not whole.eof:
            raise BadData("the compressed stream is cut short or has extra bytes")
    except zstandard.ZstdError:
        raise BadData("it is not a zstd stream") from None
    return out

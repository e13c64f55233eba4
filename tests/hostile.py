"""Crafted hostile files for the loader tests and the fuzzer (issue 24). Big ones are
generated at run time into a temporary folder, never kept in the repository."""

from __future__ import annotations

import copy
import json
import os
import shutil
from pathlib import Path

from game.match import Match
from game.players import RandomPlayer
from game.session import Session

HERE = Path(__file__).resolve().parent
TILES_PNG = HERE / "maps" / "tiles.png"


TWO_PLAYERS = '<property name="max_players" type="int" value="2"/>'


def tmx(width: int = 10, height: int = 10, *, tileset: str | None = None,
        data: str | None = None, props: str = TWO_PLAYERS, objects: str = "",
        extra: str = "") -> str:
    """A small Tiled map: an embedded 4-tile tileset (tile 2 blocked) unless `tileset` is
    given, one CSV layer (all grass unless `data`)."""
    if tileset is None:
        tileset = ('<tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="4" '
                   'columns="4"><image source="tiles.png" width="128" height="32"/>'
                   '<tile id="1"><properties><property name="blocked" type="bool" value="true"/>'
                   '</properties></tile></tileset>')
    if data is None:
        data = ",".join(["1"] * (width * height))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="orthogonal" '
            f'width="{width}" height="{height}" tilewidth="32" tileheight="32" infinite="0">'
            f'<properties>{props}</properties>{tileset}'
            f'<layer id="1" name="ground" width="{width}" height="{height}">'
            f'<data encoding="csv">{data}</data></layer>'
            f'<objectgroup id="2" name="setup">{objects}</objectgroup>{extra}</map>\n')


def write_map(folder: Path, name: str, text: str, png: bool = True) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    if png and not (folder / "tiles.png").exists():
        shutil.copy(TILES_PNG, folder / "tiles.png")
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def deep_map(depth: int = 280_000) -> str:
    """~280,000 nested elements (1.9 MB): crashed deepcopy with SIGSEGV (issue 24.1)."""
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<map width="10" height="10" '
            'tilewidth="32" tileheight="32">' + "<g>" * depth + "</g>" * depth + "</map>\n")


def wide_map(count: int = 150_000) -> str:
    return ('<?xml version="1.0"?>\n<map width="10" height="10" tilewidth="32" tileheight="32">'
            + "<g/>" * count + "</map>\n")


def huge_image_map() -> str:
    """A 739-byte map whose tileset declares a 3,200,000 x 3,200,000 image (issue 24.2)."""
    ts = ('<tileset firstgid="1" name="t" tilewidth="32" tileheight="32">'
          '<image source="tiles.png" width="3200000" height="3200000"/></tileset>')
    return tmx(tileset=ts)


# ----- maps that pass the old checks but cost far too much (issue 29.5) ------------------
TSX_4 = ('<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" name="t" '
         'tilewidth="32" tileheight="32" tilecount="4" columns="4">'
         '<image source="tiles.png" width="128" height="32"/></tileset>\n')


def many_tilesets_map(folder: Path, count: int = 9000) -> Path:
    """`count` references to one external 4-tile tileset (9,000: ~445 KB)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "t.tsx").write_text(TSX_4, encoding="utf-8")
    ts = "".join(f'<tileset firstgid="{1 + 4 * i}" source="t.tsx"/>' for i in range(count))
    return write_map(folder, "tilesets.tmx", tmx(tileset=ts))


def many_layers_map(folder: Path, count: int = 13_500) -> Path:
    """`count` 10x10 tile layers (13,500 in under 2 MiB: base64-zlib data of grass)."""
    import base64  # noqa: PLC0415
    import zlib  # noqa: PLC0415

    data = base64.b64encode(zlib.compress(b"\1\0\0\0" * 100, 9)).decode()
    layer = ('<layer name="l" width="10" height="10"><data encoding="base64" '
             f'compression="zlib">{data}</data></layer>')
    return write_map(folder, "layers.tmx", tmx(extra=layer * count))


def png_header(width: int, height: int) -> bytes:
    """A PNG whose header claims width x height; its body is one tiny (wrong) IDAT, so
    only a reader that trusts the header can be fooled into a huge allocation."""
    import struct  # noqa: PLC0415
    import zlib  # noqa: PLC0415

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64))
            + chunk(b"IEND", b""))


SPELLINGS = ("big.png", "./big.png", "sub/../big.png", "./sub/../big.png", "sub/./../big.png",
             "../here/big.png", "./../here/big.png", "../here/./big.png", "sub/../sub/../big.png",
             ".//big.png", "link.png", "sub/../link.png")


def one_image_many_spellings(folder: Path, image: bytes | None = None,
                             spellings: tuple[str, ...] = SPELLINGS) -> Path:
    """One image file named by 12 spellings of its path (one a symlink), one tileset each;
    the image is an 8160x8160 PNG header unless `image` is given. `folder` ends in 'here'."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sub").mkdir(exist_ok=True)
    (folder / "big.png").write_bytes(image if image is not None else png_header(8160, 8160))
    if not (folder / "link.png").exists():
        os.symlink(folder / "big.png", folder / "link.png")
    first, parts = 1, []
    for src in spellings:
        parts.append(f'<tileset firstgid="{first}" name="t" tilewidth="32" tileheight="32" '
                     f'tilecount="4" columns="4"><image source="{src}" width="128" height="32"/>'
                     '</tileset>')
        first += 4
    return write_map(folder, "spellings.tmx", tmx(tileset="".join(parts)), png=False)


def long_number_map(digits: int = 5000) -> str:
    """min_players, an object's x and a layer's width as 5,000-digit numbers."""
    n = "7" * digits
    obj = f'<object id="1" type="chest" x="{n}" y="32" width="32" height="32"/>'
    return tmx(props=f'<property name="max_players" type="int" value="{n}"/>', objects=obj)


def long_property_map(digits: int = 5000) -> str:
    """A whole-number property stored as a string property of 5,000 digits."""
    return tmx(props=f'<property name="max_players" value="{"7" * digits}"/>')


def long_path_map(chars: int = 300) -> str:
    """A tileset file and an image whose names are `chars` characters long."""
    ts = (f'<tileset firstgid="1" source="{"a" * chars}.tsx"/>'
          f'<tileset firstgid="5" name="t" tilewidth="32" tileheight="32" tilecount="4" '
          f'columns="4"><image source="{"b" * chars}.png" width="128" height="32"/></tileset>')
    return tmx(tileset=ts)


def nested_groups_map(depth: int = 40) -> str:
    """A tile layer inside `depth` nested group layers."""
    layer = ('<layer name="deep" width="10" height="10"><data encoding="csv">'
             + ",".join(["1"] * 100) + "</data></layer>")
    return tmx(extra='<group name="g">' * depth + layer + "</group>" * depth)


def many_bad_objects_map(count: int = 999) -> str:
    """`count` setup objects (under the cap) of an unknown type: as many problems."""
    objs = "".join(f'<object id="{i}" type="dragonx" name="{"N" * 60}" x="0" y="0"/>'
                   for i in range(1, count + 1))
    return tmx(objects=objs)


def nested_tileset_map() -> str:
    """A tileset inside a group layer (pytmx reads tilesets at any depth): an 8000x8000
    grid of 1 px tiles, which pytmx walked for minutes."""
    return tmx(extra='<group name="g"><tileset firstgid="5" name="t" tilewidth="1" '
               'tileheight="1"><image source="tiles.png" width="8000" height="8000"/>'
               '</tileset></group>')


def checkerboard_map(side: int = 12) -> str:
    """Enough free cells in total, but no free 2x2 anywhere: setup cannot place a dragon."""
    data = ",".join("2" if (r % 2 and c % 2) else "1" for r in range(side) for c in range(side))
    return tmx(side, side, data=data)


# ----- saves and replays ---------------------------------------------------------------
def good_session(seed: int = 5, answers: int = 12):

    s = Session.new([{"dragon": "red"}, {"dragon": "blue"}, {}], seed=seed)
    player = RandomPlayer(seed)
    for _ in range(answers):
        s.submit(player.choose(s.match))
    return s


def sound_state(seed: int = 4) -> dict:

    m = Match(["red", "blue", "gold"], seed=seed)
    doc = m.snapshot()
    m.close()
    return doc


def _replay_with_start(start) -> dict:
    return {"format": "narby-replay/1", "seed": 1, "map": None, "start": start,
            "decisions": []}


def bad_save_docs() -> dict[str, object]:
    """name -> JSON document of a crafted save or replay that must be refused."""

    ok = sound_state()

    def spoiled(fn):
        doc = copy.deepcopy(ok)
        fn(doc)
        return _replay_with_start(doc)

    def zero_dice(d):
        d["dice"]["rng"][1] = [0] * 624 + [624]

    docs: dict[str, object] = {
        "treasure-x": spoiled(lambda d: d["dragons"]["red"].update(treasure=["x"])),
        "treasure-huge": spoiled(lambda d: d["dragons"]["red"].update(treasure=[10**30])),
        "junk-stack": spoiled(lambda d: d.update(stack=[{"step": "action", "dragon": 7}])),
        # issue 29.6: a bare act frame under the action decision, a counter past the seats,
        # a stack 200 rounds deep (game.flow_checks)
        "bare-act": spoiled(lambda d: d["stack"].insert(-1, {"step": "act"})),
        "turn-past-seats": spoiled(lambda d: d["stack"][-2].update(i=9)),
        "deep-stack": spoiled(lambda d: d.update(stack=d["stack"][:1] + [
            {"step": "tribute_phase"}, {"step": "turns", "i": 1}] * 100 + d["stack"][-1:])),
        "zero-dice": spoiled(zero_dice),
        "rings-1e12": spoiled(lambda d: d["dragons"]["red"].update(rings_in_supply=10**12)),
        "winner-unfinished": spoiled(lambda d: d.update(winner="red")),
        "round-string": spoiled(lambda d: d.update(round="7")),
        "dup-order": spoiled(lambda d: d.update(order=["red", "red"])),
        "v1-null-state": {"format": "narby-save/1", "name": "v1",
                          "replay": _replay_with_start(None) | {"seats": "x"}},
        "v2-junk": {"format": "narby-save/2", "meta": {"name": 5}, "replay": [], "state": 3},
        "map-number": {"format": "narby-replay/1", "map": 5, "seats": [{}, {}]},
        "options-string": {"format": "narby-replay/1", "options": "x", "seats": [{}, {}]},
        "seed-list": {"format": "narby-replay/1", "seed": [1], "seats": [{}, {}]},
        "map-nul": {"format": "narby-replay/1", "map": "a\0b.tmx", "seats": [{}, {}]},
        "map-long": {"format": "narby-replay/1", "map": "m" * 1000, "seats": [{}, {}]},
        "unknown-dragon": spoiled(lambda d: d["dragons"].update({"q" * 100_000: {}})),
        "list": [1, 2, 3],
    }
    deep: object = []
    for _ in range(5000):
        deep = [deep]
    docs["deep"] = deep
    return docs


def write_bad_saves(folder: Path) -> list[Path]:
    """Every crafted save into `folder` (plus a FIFO and a map bomb a save names)."""

    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, doc in bad_save_docs().items():
        path = folder / f"bad-{name}.json"
        try:
            path.write_text(json.dumps(doc), encoding="utf-8")
        except RecursionError:  # pragma: no cover - json.dumps of the deep list
            path.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
        paths.append(path)
    bomb = write_map(folder, "deep.tmx", deep_map())
    path = folder / "bad-map-bomb.json"
    path.write_text(json.dumps({"format": "narby-replay/1", "map": bomb.name,
                                "seats": [{}, {}]}), encoding="utf-8")
    paths.append(path)
    huge = write_map(folder, "huge.tmx", huge_image_map())
    path = folder / "bad-map-image.json"
    path.write_text(json.dumps({"format": "narby-replay/1", "map": huge.name,
                                "seats": [{}, {}]}), encoding="utf-8")
    paths.append(path)
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "bad-fifo.json")
        paths.append(folder / "bad-fifo.json")
    return paths

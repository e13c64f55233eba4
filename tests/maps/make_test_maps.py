"""Regenerate the small test maps in tests/maps/ (run from anywhere; output is committed).

good/ holds one map written several ways (CSV, base64 raw/zlib/gzip/zstd, Tiled's old XML
tiles, embedded tileset, Tiled 1.9 `class` objects) that must all load to the same
BoardSpec; bad/ holds one map per problem the checker must catch. Each is a 10x10
variant of the same base so a failing test points at the one thing that differs.
"""

from __future__ import annotations

import base64
import gzip
import os
import zlib
from pathlib import Path

import pygame
import zstandard

HERE = Path(__file__).resolve().parent
W = H = 10
GRASS, WATER, ROCK, ROAD = 1, 2, 3, 4
TILES = {GRASS: ("grass", False), WATER: ("shallow_water", True), ROCK: ("mountain", True),
         ROAD: ("road", False)}

TSX_BODY = """ <image source="{image}" width="128" height="32"/>
""" + "".join(
    f""" <tile id="{gid - 1}">
  <properties>
   <property name="terrain" value="{name}"/>{
       chr(10) + '   <property name="blocked" type="bool" value="true"/>' if blocked else ''}
  </properties>
 </tile>
""" for gid, (name, blocked) in TILES.items())


LOOT = ('    <property name="loot" type="class" propertytype="Loot">\n     <properties>\n'
        '      <property name="gold" type="int" value="5"/>\n     </properties>\n'
        '    </property>\n')


def tsx(image: str = "tiles.png") -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" '
            'tiledversion="1.8.2" name="test" tilewidth="32" tileheight="32" tilecount="4" '
            f'columns="4">\n{TSX_BODY.format(image=image)}</tileset>\n')


def ground() -> list[int]:
    """Grass with a water corner (3 cells) and a rock: blocked = 4 cells."""
    gids = [GRASS] * (W * H)
    for c, r in ((9, 9), (8, 9), (9, 8)):
        gids[r * W + c] = WATER
    gids[9 * W + 0] = ROCK
    return gids


def layer(gids: list[int], encoding: str = "csv", compression: str | None = None,
          name: str = "ground", lid: int = 1, w: int = W, h: int = H) -> str:
    if encoding == "csv":
        rows = [",".join(map(str, gids[r * w:(r + 1) * w])) for r in range(h)]
        data, attrs = "\n" + ",\n".join(rows) + "\n", 'encoding="csv"'
    else:
        raw = b"".join(g.to_bytes(4, "little") for g in gids)
        if compression == "zlib":
            raw = zlib.compress(raw)
        elif compression == "gzip":
            raw = gzip.compress(raw, mtime=0)
        elif compression == "zstd":
            raw = zstandard.ZstdCompressor(level=3).compress(raw)
        data = "\n   " + base64.b64encode(raw).decode() + "\n  "
        attrs = 'encoding="base64"' + (f' compression="{compression}"' if compression else "")
    return (f' <layer id="{lid}" name="{name}" width="{w}" height="{h}">\n'
            f'  <data {attrs}>{data}</data>\n </layer>\n')


def obj(oid: int, kind: str, x: float, y: float, *, name: str = "", size: int = 32,
        props: dict[str, tuple[str, str]] | None = None, attr: str = "type",
        extra: str = "") -> str:
    """A rectangle object of `size` px; props maps name -> (tiled type, value)."""
    head = (f'  <object id="{oid}" name="{name}" {attr}="{kind}" x="{x}" y="{y}" '
            f'width="{size}" height="{size}"{extra}')
    if not props:
        return head + "/>\n"
    lines = "".join(f'    <property name="{k}"' + (f' type="{t}"' if t != "string" else "")
                    + f' value="{v}"/>\n' for k, (t, v) in props.items())
    return head + f">\n   <properties>\n{lines}   </properties>\n  </object>\n"


def setup_objects(attr: str = "type") -> str:
    """Every piece kind, a point object, a tile object, cavern spots out of seat order."""
    return "".join([
        obj(1, "town", 32, 32, name="Oakby", attr=attr),
        # a tile object: Tiled anchors it bottom-left, pytmx moves y to the top
        f'  <object id="2" name="Stonegate" {attr}="city" gid="{ROAD}" x="96" y="64" '
        'width="32" height="32"/>\n',
        f'  <object id="3" name="Old Mill" {attr}="ruin" x="170" y="37">\n   <point/>\n'
        '  </object>\n',
        obj(4, "place_of_power", 192, 128, name="Mine", size=64, attr=attr,
            props={"kind": ("string", "soul_mine")}),
        obj(5, "chest", 128, 256, attr=attr),
        obj(6, "cavern_spot", 256, 32, attr=attr, props={"seat": ("int", "2")}),
        obj(7, "cavern_spot", 32, 160, attr=attr, props={"seat": ("int", "0")}),
        obj(8, "cavern_spot", 128, 160, attr=attr, props={"seat": ("int", "1")}),
    ])


MAP_PROPS = {"title": ("string", "Test Meadow"),
             "description": ("string", "A small meadow for the loader tests."),
             "min_players": ("int", "2"), "max_players": ("int", "3"),
             "target": ("int", "75")}
EXTERNAL = ' <tileset firstgid="1" source="../tiles.tsx"/>\n'


def tmx(*, layers: str | None = None, objects: str | None = None, tileset: str = EXTERNAL,
        props: dict[str, tuple[str, str]] | None = None, w: int = W, h: int = H,
        tw: int = 32, th: int = 32, orientation: str = "orthogonal", infinite: int = 0,
        setup_name: str = "setup") -> str:
    props = MAP_PROPS if props is None else props
    plines = "".join(f'  <property name="{k}"' + (f' type="{t}"' if t != "string" else "")
                     + f' value="{v}"/>\n' for k, (t, v) in props.items())
    layers = layer(ground(), w=w, h=h) if layers is None else layers
    objects = setup_objects() if objects is None else objects
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.8" tiledversion="1.8.2" orientation="{orientation}" '
            f'renderorder="right-down" width="{w}" height="{h}" tilewidth="{tw}" '
            f'tileheight="{th}" infinite="{infinite}" nextlayerid="3" nextobjectid="20">\n'
            + (f' <properties>\n{plines} </properties>\n' if plines else "")
            + f'{tileset}{layers}'
            f' <objectgroup id="2" name="{setup_name}">\n{objects} </objectgroup>\n</map>\n')


def embedded() -> str:
    body = TSX_BODY.format(image="../tiles.png")
    return (' <tileset firstgid="1" name="test" tilewidth="32" tileheight="32" tilecount="4" '
            f'columns="4">\n{body} </tileset>\n')


def with_props(**changes: tuple[str, str] | None) -> dict[str, tuple[str, str]]:
    props = dict(MAP_PROPS)
    for key, value in changes.items():
        if value is None:
            props.pop(key, None)
        else:
            props[key] = value
    return props


def spot(oid: int, seat: str, col: int, row: int) -> str:
    return obj(oid, "cavern_spot", col * 32, row * 32, props={"seat": ("int", seat)})


GOOD = {
    "csv.tmx": tmx(),
    "base64.tmx": tmx(layers=layer(ground(), "base64")),
    "zlib.tmx": tmx(layers=layer(ground(), "base64", "zlib")),
    "gzip.tmx": tmx(layers=layer(ground(), "base64", "gzip")),
    "zstd.tmx": tmx(layers=layer(ground(), "base64", "zstd")),
    # Tiled's deprecated XML layer format: one <tile> per cell
    "xml-tiles.tmx": tmx(layers=' <layer id="1" name="ground" width="10" height="10">\n  <data>\n'
                         + "".join(f'   <tile gid="{g}"/>\n' for g in ground())
                         + '  </data>\n </layer>\n'),
    "embedded.tmx": tmx(tileset=embedded()),
    # what Tiled writes and pytmx cannot take, on properties the game does not read: a
    # class property (map, object, external tileset and its tile) and built-in names
    "foreign-properties.tmx": tmx(
        tileset=EXTERNAL.replace("tiles.tsx", "tiles-classes.tsx"),
        objects=setup_objects().replace(
            '<property name="kind" value="soul_mine"/>',
            '<property name="kind" value="soul_mine"/>\n' + LOOT
            + '    <property name="width" value="wide"/>\n'
            + '    <property name="name" value="Deep Mine"/>')).replace(
        '  <property name="title"', LOOT + '  <property name="x" type="int" value="3"/>\n'
        '  <property name="title"'),
    "class.tmx": tmx(objects=setup_objects(attr="class")),
    # no properties at all: the title comes from the file name, 2-8 players
    "quiet_hollow.tmx": tmx(w=12, h=12, layers=layer([GRASS] * 144, w=12, h=12), objects="",
                            props={}),
}

_BASE_SPOTS = spot(6, "0", 1, 5) + spot(7, "1", 4, 5) + spot(8, "2", 8, 1)
_ISLAND = ground()
for _c in range(5, 8):
    for _r in range(5, 8):
        _ISLAND[_r * W + _c] = WATER
_ISLAND[6 * W + 6] = GRASS  # a one-cell island: a cavern fits, its dragon does not
_LAUGHS = "".join(f'<!ENTITY l{i} "' + f"&l{i - 1};" * 10 + '">\n' for i in range(1, 10))

BAD = {
    "not-xml.tmx": "This is not a map, just some text.\n",
    "billion-laughs.tmx": ('<?xml version="1.0"?>\n<!DOCTYPE map [\n<!ENTITY l0 "lol">\n'
                           + _LAUGHS + ']>\n<map width="10" height="10">&l9;</map>\n'),
    "isometric.tmx": tmx(orientation="isometric"),
    "non-square.tmx": tmx(th=16),
    "too-big.tmx": tmx(w=41, h=41, layers=layer([GRASS] * 41 * 41, w=41, h=41)),
    "too-small.tmx": tmx(w=7, h=7, layers=layer([GRASS] * 49, w=7, h=7), objects=""),
    "infinite.tmx": tmx(infinite=1),
    "missing-tileset.tmx": tmx(tileset=' <tileset firstgid="1" source="nowhere.tsx"/>\n'),
    "missing-image.tmx": tmx(tileset=' <tileset firstgid="1" source="missing-image.tsx"/>\n'),
    "zstd-not-zstd.tmx": tmx(layers=layer(ground(), "base64", "zlib").replace('"zlib"',
                                                                               '"zstd"')),
    "zstd-bomb.tmx": tmx(layers=' <layer id="1" name="ground" width="10" height="10">\n'
                         '  <data encoding="base64" compression="zstd">'
                         + base64.b64encode(zstandard.ZstdCompressor(level=19).compress(
                             bytes(20_000_000))).decode() + '</data>\n </layer>\n'),
    "xml-tiles-bad.tmx": tmx(layers=' <layer id="1" name="ground" width="10" height="10">\n'
                             '  <data>' + '<tile gid="1"/>' * 99 + '<tile gid="x"/></data>\n'
                             ' </layer>\n'),
    "zlib-bomb.tmx": tmx(layers=' <layer id="1" name="ground" width="10" height="10">\n'
                         '  <data encoding="base64" compression="zlib">'
                         + base64.b64encode(zlib.compress(bytes(20_000_000), 9)).decode()
                         + '</data>\n </layer>\n'),
    "unknown-type.tmx": tmx(objects=obj(1, "castle", 32, 32, name="Keep")),
    "no-type.tmx": tmx(objects=obj(1, "", 32, 32, name="Something")),
    "unknown-kind.tmx": tmx(objects=obj(1, "place_of_power", 64, 64, name="Mine", size=64,
                                        props={"kind": ("string", "soul mine")})),
    "off-map.tmx": tmx(objects=obj(12, "town", 10 * 32 + 5, 96, name="Town")),
    "place-off-edge.tmx": tmx(objects=obj(3, "place_of_power", 9 * 32, 64, name="Hut",
                                          size=64, props={"kind": ("string",
                                                                   "baba_yagas_hut")})),
    "overlap.tmx": tmx(objects=obj(1, "place_of_power", 64, 64, name="Arch", size=64,
                                   props={"kind": ("string", "arch_of_triumph")})
                       + obj(2, "town", 96, 96, name="Squatter")),
    "on-blocked.tmx": tmx(objects=obj(4, "ruin", 9 * 32, 9 * 32, name="Sunken")
                          + obj(5, "cavern_spot", 0, 9 * 32, props={"seat": ("int", "0")})
                          + spot(6, "1", 3, 3) + spot(7, "2", 3, 6)),
    "two-chests.tmx": tmx(objects=obj(1, "chest", 32, 32) + obj(2, "chest", 96, 96)),
    "duplicate-place.tmx": tmx(objects=obj(1, "place_of_power", 0, 0, size=64,
                                           props={"kind": ("string", "madhouse")})
                               + obj(2, "place_of_power", 128, 128, size=64,
                                     props={"kind": ("string", "madhouse")})),
    "duplicate-seat.tmx": tmx(objects=_BASE_SPOTS + spot(9, "1", 6, 2)),
    "missing-seat.tmx": tmx(objects=spot(6, "0", 1, 5) + spot(8, "2", 8, 1)),
    "seat-out-of-range.tmx": tmx(objects=_BASE_SPOTS + spot(9, "3", 1, 1)),
    "no-seat.tmx": tmx(objects=obj(6, "cavern_spot", 32, 32)),
    "spot-no-room.tmx": tmx(layers=layer(_ISLAND),
                            objects=spot(6, "0", 1, 1) + spot(7, "1", 6, 6)
                            + spot(8, "2", 1, 4)),
    "spot-crowded.tmx": tmx(objects=spot(6, "0", 2, 2) + spot(7, "1", 3, 2)
                            + spot(8, "2", 6, 6)),
    "too-few-free.tmx": tmx(w=8, h=8, layers=layer([GRASS] * 64, w=8, h=8), objects="",
                            props=with_props(max_players=("int", "8"))),
    "players-range.tmx": tmx(objects="", props=with_props(min_players=("int", "1"),
                                                          max_players=("int", "9"))),
    "players-order.tmx": tmx(objects="", props=with_props(min_players=("int", "6"),
                                                          max_players=("int", "4"))),
    "players-not-int.tmx": tmx(props=with_props(min_players=("int", "two"))),
    "bad-target.tmx": tmx(props=with_props(target=("int", "60"))),
    "not-in-setup.tmx": tmx(setup_name="Objects", objects=obj(1, "town", 32, 32)),
    "class-kind.tmx": tmx(objects=setup_objects().replace(
        '<property name="kind" value="soul_mine"/>', LOOT.replace('"loot"', '"kind"'))),
    "template.tmx": tmx(objects=obj(1, "town", 32, 32, extra=' template="town.tx"')),
    "not-a-map.tmx": tsx(),
}


def _lake(w: int, h: int) -> list[int]:
    """Grass with a lake in the middle and a rock ridge: a few blocked cells anywhere."""
    gids = [GRASS] * (w * h)
    for r in range(h // 3, h // 3 + max(1, h // 6)):
        for c in range(w // 3, w // 3 + max(1, w // 5)):
            gids[r * w + c] = WATER
    for c in range(1, w // 4):
        gids[(h - 2) * w + c] = ROCK
    return gids


def sized(w: int, h: int, title: str, lo: int, hi: int, objects: str = "") -> str:
    props = {"title": ("string", title), "min_players": ("int", str(lo)),
             "max_players": ("int", str(hi))}
    return tmx(w=w, h=h, layers=layer(_lake(w, h), w=w, h=h), objects=objects, props=props)


# sizes/: maps every size the checker allows must draw (camera fitted) and play (issue 17)
SIZES = {
    "smallest-8x8.tmx": tmx(w=8, h=8, layers=layer([GRASS] * 64, w=8, h=8), objects="",
                            props={"title": ("string", "Smallest"),
                                   "max_players": ("int", "4")}),
    "largest-40x40.tmx": sized(40, 40, "Largest", 2, 8,
                               obj(1, "town", 5 * 32, 5 * 32, name="Farthold")
                               + obj(2, "place_of_power", 30 * 32, 30 * 32, size=64,
                                     props={"kind": ("string", "madhouse")})),
    "wide-36x12.tmx": sized(36, 12, "Wide Strand", 2, 6, obj(1, "city", 33 * 32, 2 * 32)),
    "tall-10x30.tmx": sized(10, 30, "Tall Gorge", 2, 4,
                            spot(6, "0", 2, 2) + spot(7, "1", 6, 26) + spot(8, "2", 2, 14)
                            + spot(9, "3", 6, 8)),
}


def main() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    surface = pygame.Surface((128, 32))
    for i, colour in enumerate([(90, 160, 70), (60, 120, 200), (120, 110, 100),
                                (170, 140, 90)]):
        surface.fill(colour, (i * 32, 0, 32, 32))
    pygame.image.save(surface, str(HERE / "tiles.png"))
    (HERE / "tiles.tsx").write_text(tsx())
    (HERE / "tiles-classes.tsx").write_text(tsx().replace(
        '   <property name="terrain" value="grass"/>',
        LOOT + '   <property name="terrain" value="grass"/>').replace(
        ' <image ', ' <properties>\n' + LOOT + ' </properties>\n <image ', 1))
    for folder, maps in (("good", GOOD), ("bad", BAD), ("sizes", SIZES)):
        (HERE / folder).mkdir(exist_ok=True)
        for name, text in maps.items():
            (HERE / folder / name).write_text(text)
    (HERE / "bad" / "missing-image.tsx").write_text(tsx(image="no-such-image.png"))


if __name__ == "__main__":
    main()

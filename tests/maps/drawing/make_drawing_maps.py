"""Regenerate the drawing corpus in tests/maps/drawing/ (output is committed).

Small 8x8 maps of 16 px tiles, each exercising what Tiled can save on an orthogonal map
and the board must draw as Tiled does: flip/rotation flags, an image-collection tileset,
layer opacity and tint, layer offsets, group layers' combined attributes, hidden layers,
image layers, tileset tile offsets with spacing and margin, tile objects on object
layers (flipped, stretched, turned, aligned by their tileset, in groups, in either
drawing order), and images' transparent colours. tests/test_map_drawing.py
compares the game's drawing of each with Tiled's own `tmxrasterizer`.
"""

from __future__ import annotations

import base64
import os
import zlib
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

HERE = Path(__file__).resolve().parent
N, T = 8, 16
H, V, D = 0x80000000, 0x40000000, 0x20000000
COLOURS = [(200, 60, 50), (60, 140, 220), (240, 200, 60), (90, 180, 90)]
KEY = (255, 0, 255)


def arrow(colour, size=T) -> pygame.Surface:
    """An asymmetric tile: a coloured body, a white corner mark and a see-through notch,
    so any flip, rotation or alpha mistake shows."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    s.fill((*colour, 255))
    pygame.draw.rect(s, (255, 255, 255, 255), (1, 1, size // 3, size // 5))
    pygame.draw.rect(s, (20, 20, 20, 255), (size // 2, size - 4, size // 2 - 1, 3))
    pygame.draw.rect(s, (0, 0, 0, 0), (size - 4, 0, 4, 4))
    return s


def images() -> None:
    sheet = pygame.Surface((4 * T, T), pygame.SRCALPHA)
    for i, c in enumerate(COLOURS):
        sheet.blit(arrow(c), (i * T, 0))
    pygame.image.save(sheet, str(HERE / "arrows.png"))
    big = pygame.Surface((4 * 2 * T, 2 * T), pygame.SRCALPHA)  # tiles twice the cells' size
    for i, c in enumerate(COLOURS):
        big.blit(arrow(c[1:] + c[:1], 2 * T), (i * 2 * T, 0))
    pygame.image.save(big, str(HERE / "big-arrows.png"))
    # spacing 2, margin 1: the same four tiles
    spaced = pygame.Surface((1 + 4 * T + 3 * 2 + 1, T + 2), pygame.SRCALPHA)
    for i, c in enumerate(COLOURS):
        spaced.blit(arrow(c), (1 + i * (T + 2), 1))
    pygame.image.save(spaced, str(HERE / "spaced.png"))
    (HERE / "collection").mkdir(exist_ok=True)
    for i, c in enumerate(COLOURS[:3]):
        pygame.image.save(arrow(c[::-1]), str(HERE / "collection" / f"tile{i}.png"))
    tree = pygame.Surface((16, 24), pygame.SRCALPHA)  # taller than a cell, as trees are
    pygame.draw.rect(tree, (110, 70, 40, 255), (6, 14, 4, 10))
    pygame.draw.circle(tree, (30, 120, 50, 255), (8, 8), 7)
    pygame.image.save(tree, str(HERE / "collection" / "tree.png"))
    back = pygame.Surface((24, 20), pygame.SRCALPHA)
    back.fill((130, 90, 200, 255))
    pygame.draw.circle(back, (250, 250, 250, 200), (8, 8), 6)
    pygame.image.save(back, str(HERE / "backdrop.png"))
    # Tiled's "transparent color": magenta on images without alpha (old tile sheets)
    keyed = pygame.Surface((4 * T, T))
    keyed.fill(KEY)
    for i, c in enumerate(COLOURS):
        pygame.draw.circle(keyed, c[::-1], (i * T + 8, 8), 6)
        pygame.draw.rect(keyed, (255, 0, 254), (i * T + 1, 12, 3, 3))  # one off: kept
    pygame.image.save(keyed, str(HERE / "keyed.png"))
    sign = pygame.Surface((16, 24))
    sign.fill(KEY)
    pygame.draw.rect(sign, (120, 80, 40), (7, 10, 3, 14))
    pygame.draw.rect(sign, (230, 220, 180), (1, 2, 14, 9))
    pygame.image.save(sign, str(HERE / "collection" / "keyed-sign.png"))
    glow = pygame.Surface((40, 24))
    glow.fill(KEY)
    pygame.draw.ellipse(glow, (250, 240, 160), (2, 2, 36, 20))
    pygame.image.save(glow, str(HERE / "keyed-glow.png"))
    # see-through pixels (soft shadows, a fading glass) for tinted layers: Tiled tints
    # them toward the tint colour, not just darker
    soft = pygame.Surface((5 * T, T), pygame.SRCALPHA)
    soft.fill((110, 150, 90, 255), (4 * T, 0, T, T))  # and a plain opaque ground
    pygame.draw.line(soft, (70, 110, 60, 255), (4 * T, 15), (5 * T - 1, 4))
    for i in range(4):
        for y in range(T):
            for x in range(T):
                d = ((x - 8) ** 2 + (y - 8) ** 2) ** 0.5
                if i == 0:  # a black shadow fading out
                    soft.set_at((x, y), (0, 0, 0, max(0, 160 - int(d * 20))))
                elif i == 1:  # a coloured glass, alpha across
                    soft.set_at((i * T + x, y), (40, 200, 120, 16 * x + 8))
                elif i == 2:  # a pale disc with a soft rim
                    rim = max(0, min(255, int((7 - d) * 80)))
                    soft.set_at((i * T + x, y), (250, 240, 200, rim))
                else:  # half opaque, half clear
                    soft.set_at((i * T + x, y), (180, 60, 200, 255 if x < 8 else 0))
    pygame.image.save(soft, str(HERE / "soft.png"))


ARROWS = ('<tileset version="1.8" tiledversion="1.8.2" name="arrows" tilewidth="16" '
          'tileheight="16" tilecount="4" columns="4">\n'
          ' <image source="arrows.png" width="64" height="16"/>\n</tileset>\n')
SPACED = ('<tileset version="1.8" tiledversion="1.8.2" name="spaced" tilewidth="16" '
          'tileheight="16" spacing="2" margin="1" tilecount="4" columns="4">\n'
          ' <tileoffset x="3" y="-2"/>\n'
          ' <image source="spaced.png" width="72" height="18"/>\n</tileset>\n')
# as Tiled writes it: the largest image's size, and tile ids kept when one was removed (4)
COLLECTION = ('<tileset version="1.8" tiledversion="1.8.2" name="collection" '
              'tilewidth="16" tileheight="24" tilecount="4" columns="0">\n'
              ' <grid orientation="orthogonal" width="1" height="1"/>\n' + "".join(
                  f' <tile id="{i}">\n  <image width="16" height="16" '
                  f'source="collection/tile{i}.png"/>\n </tile>\n' for i in range(3))
              + ' <tile id="5">\n  <image width="16" height="24" source="collection/tree.png"/>\n'
              ' </tile>\n</tileset>\n')

KEYED = ('<tileset version="1.8" tiledversion="1.8.2" name="keyed" tilewidth="16" '
         'tileheight="16" tilecount="4" columns="4">\n'
         ' <image source="keyed.png" trans="ff00ff" width="64" height="16"/>\n</tileset>\n')
# an alpha image with a colour of its own made see-through (the arrows' blue)
BLUE_CLEAR = ARROWS.replace('name="arrows"', 'name="blue clear"').replace(
    'source="arrows.png"', 'source="arrows.png" trans="3c8cdc"')
KEYED_COLLECTION = ('<tileset version="1.8" tiledversion="1.8.2" name="keyed collection" '
                    'tilewidth="16" tileheight="24" tilecount="1" columns="0">\n'
                    ' <grid orientation="orthogonal" width="1" height="1"/>\n'
                    # Tiled 1.8 ignores a collection tile's trans: its magenta is drawn
                    ' <tile id="0">\n  <image width="16" height="24" trans="#ff00ff" '
                    'source="collection/keyed-sign.png"/>\n </tile>\n</tileset>\n')

SOFT = ('<tileset version="1.8" tiledversion="1.8.2" name="soft" tilewidth="16" '
        'tileheight="16" tilecount="5" columns="5">\n'
        ' <image source="soft.png" width="80" height="16"/>\n</tileset>\n')

BIG = ('<tileset version="1.8" tiledversion="1.8.2" name="big" tilewidth="32" '
       'tileheight="32" tilecount="4" columns="4">\n'
       ' <image source="big-arrows.png" width="128" height="32"/>\n</tileset>\n')
# the arrows again, their objects anchored at the tile's centre (Tiled 1.4+)
CENTRED = ARROWS.replace('name="arrows"', 'name="centred" objectalignment="center"')


def tile_object(oid: int, gid: int, x: float, y: float, w: int = T, h: int = T,
                extra: str = "") -> str:
    more = f" {extra}" if extra else ""
    return (f'  <object id="{oid}" gid="{gid}" x="{x}" y="{y}" width="{w}" height="{h}"'
            f'{more}/>\n')


def head(tilesets: str, nextlayer: int = 9, order: str = "right-down") -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2" '
            f'orientation="orthogonal" renderorder="{order}" width="{N}" height="{N}" '
            f'tilewidth="{T}" tileheight="{T}" infinite="0" nextlayerid="{nextlayer}" '
            f'nextobjectid="1">\n <properties>\n  <property name="max_players" type="int" '
            'value="2"/>\n </properties>\n'
            f'{tilesets}')


def csv(gids: list[int]) -> str:
    rows = [",".join(str(g) for g in gids[r * N:(r + 1) * N]) for r in range(N)]
    return '  <data encoding="csv">\n' + ",\n".join(rows) + "\n</data>\n"


def zlib64(gids: list[int]) -> str:
    raw = b"".join(g.to_bytes(4, "little") for g in gids)
    text = base64.b64encode(zlib.compress(raw)).decode()
    return f'  <data encoding="base64" compression="zlib">\n   {text}\n  </data>\n'


def layer(lid: int, name: str, data: str, attrs: str = "") -> str:
    extra = f" {attrs}" if attrs else ""
    return (f' <layer id="{lid}" name="{name}" width="{N}" height="{N}"{extra}>\n{data}'
            ' </layer>\n')


def ground(first: int = 1) -> list[int]:
    return [first + (c + r) % 4 for r in range(N) for c in range(N)]


def sparse(gid_at) -> list[int]:
    return [gid_at(c, r) for r in range(N) for c in range(N)]


ARROWS_TS = ' <tileset firstgid="1" source="arrows.tsx"/>\n'


def maps() -> dict[str, str]:
    flags = [0, H, V, D, H | V, H | D, V | D, H | V | D]
    out = {}
    out["flips.tmx"] = head(ARROWS_TS) + layer(1, "ground", csv(
        sparse(lambda c, r: (1 + (r % 4)) | flags[c]))) + "</map>\n"
    out["collection.tmx"] = head(ARROWS_TS + ' <tileset firstgid="5" source="collection.tsx"/>\n') \
        + layer(1, "ground", csv(ground())) + layer(2, "things", zlib64(sparse(
            lambda c, r: 0 if (c + r) % 3 else (5 + (c % 3)) | flags[r]))) + layer(
        3, "trees", csv(sparse(lambda c, r: 10 if (c + 2 * r) % 5 == 1 else 0))) + "</map>\n"
    out["opacity-tint.tmx"] = head(ARROWS_TS) + layer(1, "ground", csv(ground())) + layer(
        2, "frost", csv(sparse(lambda c, r: 3 if c > 1 else 0)),
        'opacity="0.5" tintcolor="#a0c0ff"') + layer(
        3, "shade", csv(sparse(lambda c, r: 2 if r > 4 else 0)),
        'tintcolor="#80ff8040"') + "</map>\n"
    out["offsets.tmx"] = head(ARROWS_TS) + layer(1, "ground", csv(ground())) + layer(
        2, "shifted", csv(sparse(lambda c, r: 4 if 1 < c < 6 and 1 < r < 6 else 0)),
        'offsetx="5" offsety="-3"') + "</map>\n"
    out["groups.tmx"] = head(ARROWS_TS) + layer(1, "ground", csv(ground())) + (
        ' <group id="2" name="outer" opacity="0.8" tintcolor="#ffe0a0" offsetx="4" offsety="2">\n'
        + layer(3, "inner", csv(sparse(lambda c, r: 1 if c == r else 0)),
                'opacity="0.75" tintcolor="#c0c0ff" offsetx="-2" offsety="3"')
        + layer(4, "hidden", csv(sparse(lambda c, r: 2)), 'visible="0"')
        + ' </group>\n <group id="5" name="hidden group" visible="0">\n'
        + layer(6, "under hidden", csv(sparse(lambda c, r: 4)))
        + ' </group>\n') + "</map>\n"
    out["image-layer.tmx"] = head(ARROWS_TS) + layer(1, "ground", csv(ground())) + (
        ' <imagelayer id="2" name="picture" offsetx="10" offsety="6" opacity="0.6">\n'
        '  <image source="backdrop.png" width="24" height="20"/>\n </imagelayer>\n'
        ) + layer(3, "top", csv(sparse(lambda c, r: 2 if c == 7 else 0))) + "</map>\n"
    # repeated image layers (Tiled 1.8+) cover the map edge to edge from their place,
    # whichever way their and their group's offsets move it. (Two see-through layers
    # stacked over a see-through pixel blend a few levels off Tiled's: pygame's blit is
    # not premultiplied; the column is opaque or clear so the test stays exact.)
    out["image-repeat.tmx"] = head(ARROWS_TS) + layer(1, "ground", csv(ground())) + (
        ' <group id="2" name="sky" offsetx="3" offsety="4">\n'
        '  <imagelayer id="3" name="tiled both ways" offsetx="10" offsety="6" opacity="0.6" '
        'repeatx="1" repeaty="1">\n   <image source="backdrop.png" width="24" height="20"/>\n'
        '  </imagelayer>\n </group>\n'
        ' <imagelayer id="4" name="a band" offsetx="-13" offsety="70" repeatx="1">\n'
        '  <image source="keyed-glow.png" trans="ff00ff" width="40" height="24"/>\n'
        ' </imagelayer>\n'
        ' <imagelayer id="5" name="a column" offsetx="100" offsety="-7" repeaty="1" '
        'tintcolor="#ffa0a0">\n'
        '  <image source="keyed-glow.png" trans="ff00ff" width="40" height="24"/>\n'
        ' </imagelayer>\n') + "</map>\n"
    # (on an opaque ground: see-through layers stacked over a see-through pixel blend a
    # few levels off Tiled's, pygame's blit not being premultiplied)
    out["tint-soft.tmx"] = head(ARROWS_TS + ' <tileset firstgid="5" source="soft.tsx"/>\n') \
        + layer(1, "ground", csv(sparse(lambda c, r: 9))) \
        + layer(2, "shadows", csv(sparse(lambda c, r: 5 + (c + 2 * r) % 4 if (c + r) % 2 else 0)),
                'tintcolor="#ff8060"') \
        + ' <group id="3" name="dusk" tintcolor="#a0b0ff" opacity="0.9">\n' \
        + layer(4, "more", csv(sparse(lambda c, r: 5 + (c * r) % 4 if (c + r) % 2 == 0 else 0)),
                'tintcolor="#ffe0a0"') \
        + '  <objectgroup id="5" name="stretched">\n' \
        + tile_object(1, 5, 20, 60, 40, 40) + tile_object(2, 7, 70, 110, 30, 20,
                                                          'rotation="30"') \
        + '  </objectgroup>\n  <imagelayer id="6" name="glass" offsetx="60" offsety="10" ' \
        'tintcolor="#80ff80">\n   <image source="soft.png" width="64" height="16"/>\n' \
        '  </imagelayer>\n </group>\n</map>\n'
    # A layer's opacity is each tile's (a layer's own overlapping big tiles show through
    # each other, as Tiled draws them), and what a tile offset or a big tile puts past
    # the map's edge, a layer offset the other way brings back.
    out["layer-edges.tmx"] = head(
        ARROWS_TS + ' <tileset firstgid="5" source="big.tsx"/>\n'
        ' <tileset firstgid="9" source="spaced.tsx"/>\n'
        ' <tileset firstgid="13" source="soft.tsx"/>\n') \
        + layer(1, "ground", csv(sparse(lambda c, r: 17))) \
        + layer(2, "overlapping", csv(sparse(
            lambda c, r: 5 + (c + r) % 4 if (c + r) % 2 == 0 and 0 < r < 6 else 0)),
            'opacity="0.6"') \
        + ' <group id="3" name="faint" opacity="0.7">\n' \
        + layer(4, "big in a group", csv(sparse(lambda c, r: 6 if r == 7 and c % 3 == 0 else 0)),
                'opacity="0.8"') + ' </group>\n' \
        + layer(5, "pulled left", csv(sparse(lambda c, r: 9 + r % 4 if c == 7 else 0)),
                'offsetx="-6" offsety="3"') \
        + layer(6, "pulled down", csv(sparse(lambda c, r: 7 if r == 0 and c % 2 else 0)),
                'offsety="12"') + "</map>\n"
    # tile objects from a tileset with a tile offset, stretched and turned (the offset is
    # in the tile's own pixels: it stretches and turns with the object), some at half
    # pixels (Qt leaves out a pixel centre on a left or top edge, keeps it on a right or
    # bottom one)
    out["object-offsets.tmx"] = head(
        ARROWS_TS + ' <tileset firstgid="5" source="spaced.tsx"/>\n') \
        + layer(1, "ground", csv(ground())) \
        + ' <objectgroup id="2" name="things">\n' \
        + tile_object(1, 5, 15, 34, 40, 16) \
        + tile_object(2, 6 | H, 15, 50, 40, 16, 'rotation="90"') \
        + tile_object(3, 7, 70.5, 20, 24, 12) + tile_object(4, 8 | V, 60, 100.5, 20, 30,
                                                             'rotation="180"') \
        + tile_object(5, 5, 100, 70, 16, 24, 'rotation="270"') \
        + ' </objectgroup>\n</map>\n'
    # a layer dragged by hand has an offset in fractions of a pixel: Qt puts its tiles on
    # the nearest pixel, a half up (0.5 moves them one pixel, -0.5 none), but draws a
    # flipped tile through its transform, sampled where it falls; a decoration likewise
    out["fractional-offsets.tmx"] = head(ARROWS_TS) + layer(1, "ground", csv(ground())) \
        + layer(2, "half", csv(sparse(lambda c, r: 1 + c % 4 if r == 1 else 0)),
                'offsetx="0.5" offsety="-0.5"') \
        + layer(3, "quarters", csv(sparse(lambda c, r: (2 + r % 3) | (H if r % 2 else V)
                                          if c == 2 else 2 + r % 3 if c == 5 else 0)),
                'offsetx="2.25" offsety="3.75"') \
        + ' <group id="4" name="dragged" offsetx="-1.5" offsety="0.25">\n' \
        + layer(5, "in the group", csv(sparse(lambda c, r: 4 if r == 5 and c > 3 else 0)),
                'offsetx="-0.25"') \
        + '  <objectgroup id="6" name="signs" offsetx="0.5">\n' \
        + tile_object(1, 3, 40, 120) + tile_object(2, 1, 90, 70, 24, 16) \
        + tile_object(3, 2 | H, 100.25, 110.5) + tile_object(4, 4 | V, 20.5, 40) \
        + '  </objectgroup>\n </group>\n</map>\n'
    out["tile-offset.tmx"] = head(' <tileset firstgid="1" source="spaced.tsx"/>\n') + layer(
        1, "ground", csv(sparse(lambda c, r: (1 + (c * r) % 4) | flags[(c + r) % 8]))) \
        + "</map>\n"
    out["objects.tmx"] = head(
        ARROWS_TS + ' <tileset firstgid="5" source="collection.tsx"/>\n'
        ' <tileset firstgid="11" source="spaced.tsx"/>\n'
        ' <tileset firstgid="15" source="centred.tsx"/>\n') + layer(1, "ground", csv(
            ground())) + (
        ' <objectgroup id="2" name="deco" opacity="0.8" tintcolor="#ffe0c0" offsetx="3" '
        'offsety="-2">\n'
        + tile_object(1, 1, 16, 32) + tile_object(2, 2 | H, 48, 32)
        + tile_object(3, 3 | V, 80, 32) + tile_object(4, 4, 96, 64, 32, 24)
        + tile_object(5, 1, 16, 64, extra='rotation="90"')
        + tile_object(6, 2, 64, 96, extra='rotation="180"')
        + tile_object(7, 3 | H, 80, 96, extra='rotation="270"')
        + tile_object(8, 10, 112, 120, 16, 24)
        + tile_object(9, 12, 16, 128) + tile_object(10, 15, 56, 72, extra='rotation="90"')
        + tile_object(15, 2 | H, 40, 120, 10, 7)
        + tile_object(11, 1, 0, 16, extra='visible="0"')
        + '  <object id="12" name="a note" x="90" y="100" width="10" height="10" '
        'visible="0"/>\n </objectgroup>\n'
        ' <group id="3" name="lifted" offsetx="4" offsety="2" opacity="0.9">\n'
        '  <objectgroup id="4" name="in a group">\n'
        + tile_object(13, 4 | H | V, 112, 16) + '  </objectgroup>\n </group>\n'
        ' <objectgroup id="5" name="hidden" visible="0">\n' + tile_object(14, 1, 32, 48)
        + ' </objectgroup>\n') + "</map>\n"
    # tiles twice the cells' size: on a tile layer from each cell's bottom-left corner
    out["big-tiles.tmx"] = head(ARROWS_TS + ' <tileset firstgid="5" source="big.tsx"/>\n') \
        + layer(1, "ground", csv(ground())) + layer(2, "big", csv(sparse(
            lambda c, r: (5 + (c // 2) % 4) | flags[r % 3] if (c + r) % 3 == 0 and r else 0))) \
        + (' <objectgroup id="3" name="big things">\n'
           + tile_object(1, 6, 8, 40) + tile_object(2, 7, 60, 90, 24, 24, 'rotation="90"')
           + ' </objectgroup>\n') + "</map>\n"
    # overlapping big tile objects listed against their y order: Tiled draws a layer
    # top-down (sorted by y) unless its draworder is "index" (the file's order)
    def crowd(first: int) -> str:
        return (tile_object(first, 6, 40, 80, 48, 48) + tile_object(first + 1, 7, 56, 64, 48, 48)
                + tile_object(first + 2, 5, 30, 50, 48, 48))
    out["draw-order.tmx"] = head(ARROWS_TS + ' <tileset firstgid="5" source="big.tsx"/>\n') \
        + layer(1, "ground", csv(ground())) \
        + ' <objectgroup id="2" name="top-down">\n' + crowd(1) + ' </objectgroup>\n' \
        + ' <objectgroup id="3" name="as listed" draworder="index" offsetx="40" offsety="40">\n' \
        + crowd(4) + ' </objectgroup>\n</map>\n'
    out["transparent-colour.tmx"] = head(
        ARROWS_TS + ' <tileset firstgid="5" source="keyed.tsx"/>\n'
        ' <tileset firstgid="9" source="blue-clear.tsx"/>\n'
        ' <tileset firstgid="13" source="keyed-collection.tsx"/>\n') \
        + layer(1, "ground", csv(ground())) \
        + layer(2, "keyed", csv(sparse(lambda c, r: 5 + (c + r) % 4 if (c * r) % 3 == 1 else 0))) \
        + layer(3, "blue gone", csv(sparse(lambda c, r: 10 if c == 6 else 0))) \
        + ' <imagelayer id="4" name="glow" offsetx="70" offsety="90">\n' \
        '  <image source="keyed-glow.png" trans="ff00ff" width="40" height="24"/>\n' \
        ' </imagelayer>\n' \
        + ' <objectgroup id="5" name="signs">\n' + tile_object(1, 13, 10, 120, 16, 24) \
        + tile_object(2, 13, 40, 60, 32, 48) + ' </objectgroup>\n</map>\n'
    # big tiles on every cell overlap their neighbours: which is on top follows the
    # map's render order (here the last row and column are drawn first)
    out["render-order.tmx"] = head(ARROWS_TS + ' <tileset firstgid="5" source="big.tsx"/>\n',
                                   order="left-up") \
        + layer(1, "ground", csv(ground())) \
        + layer(2, "big", csv(sparse(lambda c, r: (5 + (c + 2 * r) % 4) | flags[(c * r) % 3]
                                     if r else 0))) + "</map>\n"
    return out


def main() -> None:
    images()
    for name, text in (("arrows.tsx", ARROWS), ("spaced.tsx", SPACED),
                       ("collection.tsx", COLLECTION), ("centred.tsx", CENTRED),
                       ("big.tsx", BIG), ("soft.tsx", SOFT), ("keyed.tsx", KEYED),
                       ("blue-clear.tsx", BLUE_CLEAR),
                       ("keyed-collection.tsx", KEYED_COLLECTION)):
        (HERE / name).write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + text)
    for name, text in maps().items():
        (HERE / name).write_text(text)


if __name__ == "__main__":
    main()

"""The board draws a map's terrain as Tiled draws it.

tests/maps/drawing/ holds small maps, each exercising one thing Tiled can save on an
orthogonal map (flips and rotations, image-collection tilesets, layer opacity and tint,
offsets, group layers, hidden layers, image layers, tile offsets with spacing/margin).
The game's drawing of each is compared with Tiled's own `tmxrasterizer` (Debian's
`tiled` package; tools/ci_install_tiled.sh installs it in CI), within a small tolerance.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree as ET

import pygame
import pytest

from game.board import BoardSpec
from game.maps.loader import check_map
from game.ui import board_view, tile_pixels, tiled_draw
from tests.test_tiled_roundtrip import tiled_resave

DRAWING = Path(__file__).resolve().parent / "maps" / "drawing"
CORPUS = sorted(DRAWING.glob("*.tmx"))
RASTERIZER = shutil.which("tmxrasterizer")
GROUND = (96, 150, 70)
TOLERANCE = 3  # per channel, 0-255: rounding of opacity and tint between Qt and SDL

needs_tiled = pytest.mark.skipif(
    RASTERIZER is None, reason="tmxrasterizer is not installed: run tools/ci_install_tiled.sh "
    "(or apt-get install tiled) to compare the board's drawing with Tiled's")


def rasterize(path: Path, out: Path, scratch: Path) -> pygame.Surface:
    """Tiled's own picture of the map, cropped to the map's cells (tmxrasterizer grows
    the picture to hold layers moved off the map by their offsets)."""
    runtime = scratch / "runtime"
    runtime.mkdir(mode=0o700, exist_ok=True)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(runtime),
               XDG_CONFIG_HOME=str(scratch / "cfg"))
    assert RASTERIZER is not None
    done = subprocess.run([RASTERIZER, str(path), str(out)], env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0 and out.exists(), done.stderr
    root = ET.parse(path).getroot()
    shifts = list(_offsets(root, 0.0, 0.0))
    # it grows by whole pixels: a layer offset of -0.5 adds one
    left = math.ceil(-min(0.0, min(x for x, _ in shifts)))
    top = math.ceil(-min(0.0, min(y for _, y in shifts)))
    w = int(root.get("width", 0)) * int(root.get("tilewidth", 0))
    h = int(root.get("height", 0)) * int(root.get("tileheight", 0))
    return pygame.image.load(str(out)).subsurface((round(left), round(top), w, h))


def _offsets(el: ET.Element, dx: float, dy: float):
    """The map's own place, then each leaf layer's total offset: tmxrasterizer grows its
    picture for every tile, object or image layer, hidden ones too, but not for a group
    (a group's offset counts through its layers)."""
    if el.tag in ("map", "layer", "imagelayer", "objectgroup"):
        yield dx, dy
    for child in el:
        if child.tag in ("layer", "imagelayer", "group", "objectgroup"):
            yield from _offsets(child, dx + float(child.get("offsetx", 0)),
                                dy + float(child.get("offsety", 0)))


def on_ground(picture: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(picture.get_size())
    out.fill(GROUND)
    out.blit(picture, (0, 0))
    return out


def worst_difference(a: pygame.Surface, b: pygame.Surface) -> int:
    assert a.get_size() == b.get_size()
    x, y = pygame.image.tobytes(on_ground(a), "RGB"), pygame.image.tobytes(on_ground(b), "RGB")
    return max(abs(p - q) for p, q in zip(x, y, strict=True))


@needs_tiled
@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_the_terrain_is_drawn_as_tiled_draws_it(tmp_path, path):
    theirs = rasterize(path, tmp_path / "tiled.png", tmp_path)
    ours = tiled_draw.render_map(path)
    assert worst_difference(ours, theirs) <= TOLERANCE
    # and as the board paints it, straight over its ground
    assert worst_difference(tiled_draw.render_map(path, ground=GROUND), theirs) <= TOLERANCE


def test_the_corpus_covers_each_feature():
    text = "".join(p.read_text() for p in (*CORPUS, *DRAWING.glob("*.tsx")))
    for feature in ('opacity="', 'tintcolor="', 'offsetx="', "<group", 'visible="0"',
                    "<imagelayer", "<tileoffset", 'spacing="', 'compression="zlib"',
                    "<objectgroup", 'rotation="', 'objectalignment="', 'tilewidth="32"'):
        assert feature in text, feature
    assert 'columns="0"' in (DRAWING / "collection.tsx").read_text()  # one image per tile


def test_an_image_collection_tileset_draws_its_own_images():
    """It used to crash the board: "Argument must be rect style object"."""
    picture = tiled_draw.render_map(DRAWING / "collection.tmx")
    tile = pygame.image.load(str(DRAWING / "collection" / "tile0.png"))
    # (0, 0) holds collection tile 0 unflipped on the "things" layer
    assert picture.get_at((8, 8)) == tile.get_at((8, 8))


def test_flags_flip_and_rotate_tiles_as_tiled_does():
    picture = tiled_draw.render_map(DRAWING / "flips.tmx")
    sheet = pygame.image.load(str(DRAWING / "arrows.png"))
    tile = sheet.subsurface((0, 0, 16, 16))
    expected = {0: tile, 1: pygame.transform.flip(tile, True, False),
                2: pygame.transform.flip(tile, False, True),
                3: pygame.transform.rotate(pygame.transform.flip(tile, True, False), 90)}
    for col, want in expected.items():  # column c carries flag set c, row 0 is tile 1
        got = picture.subsurface((col * 16, 0, 16, 16))
        assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA"), col


def test_hidden_layers_and_hidden_groups_are_not_drawn():
    picture = tiled_draw.render_map(DRAWING / "groups.tmx")
    # (7, 0) is only covered by the hidden layers: it shows the ground layer untouched
    sheet = pygame.image.load(str(DRAWING / "arrows.png"))
    ground_tile = sheet.subsurface(((7 % 4) * 16, 0, 16, 16))
    got = picture.subsurface((7 * 16, 0, 16, 16))
    assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(ground_tile, "RGBA")


def test_the_board_draws_an_image_collection_map():
    board = BoardSpec(width=8, height=8, source=str(DRAWING / "collection.tmx"))
    surface = pygame.Surface((400, 400))
    view = board_view.BoardView(board)
    view.set_rect(surface.get_rect())
    view.draw(surface, None)
    native = board_view._load_terrain(board)
    assert native.get_size() == (8 * board_view.TILE, 8 * board_view.TILE)


def test_an_image_collection_map_checks_clean_with_sparse_ids_and_tall_tiles():
    """Tiled writes a collection's largest image size as its tile size and keeps tile
    ids when a tile is removed (here ids 0-2 and 5): neither is a problem."""
    assert check_map(DRAWING / "collection.tmx") == []


TILED = shutil.which("tiled")


@pytest.mark.skipif(TILED is None, reason="Tiled is not installed: run "
                    "tools/ci_install_tiled.sh (or apt-get install tiled)")
@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_each_corpus_map_resaved_by_tiled_draws_the_same(tmp_path, path):
    """The corpus is hand-written; real Tiled must read it as meant and write a file the
    game draws identically and checks clean."""
    for item in DRAWING.iterdir():
        if item.suffix in (".png", ".tsx"):
            shutil.copy(item, tmp_path / item.name)
    shutil.copytree(DRAWING / "collection", tmp_path / "collection")
    src = tmp_path / path.name
    shutil.copy(path, src)
    out = tmp_path / f"resaved-{path.name}"
    tiled_resave(src, out, tmp_path)
    assert check_map(out) == []
    before, after = tiled_draw.render_map(path), tiled_draw.render_map(out)
    assert pygame.image.tobytes(after, "RGBA") == pygame.image.tobytes(before, "RGBA")


# Tiled 1.9+ tilesets: `tilerendersize="grid"` scales tiles to the map's cells
# (`fillmode` stretch, or preserve-aspect-fit: evenly, centred), tile offset scaled too.
# Tiled 1.8's tmxrasterizer cannot draw them, so the expected pixels are worked out from
# Tiled's CellRenderer. With objectalignment and <transformations>, which must read.
GRID_TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.2" name="big" tilewidth="32" tileheight="32" \
tilecount="2" columns="2" objectalignment="topleft" tilerendersize="grid" fillmode="stretch">
 <transformations hflip="1" vflip="0" rotate="1" preferuntransformed="1"/>
 <image source="big.png" width="64" height="32"/>
</tileset>
"""
FIT_TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.2" name="wide" tilewidth="32" tileheight="16" \
tilecount="1" columns="1" tilerendersize="grid" fillmode="preserve-aspect-fit">
 <tileoffset x="4" y="2"/>
 <image source="wide.png" width="32" height="16"/>
</tileset>
"""
RED, BLUE, YELLOW, GREEN, MAGENTA = ((220, 40, 40), (40, 60, 220), (240, 220, 40),
                                     (40, 170, 60), (230, 40, 230))


def grid_map(folder: Path) -> Path:
    big = pygame.Surface((64, 32), pygame.SRCALPHA)  # tile 0: red | blue, 1: yellow / green
    for colour, rect in ((RED, (0, 0, 16, 32)), (BLUE, (16, 0, 16, 32)),
                         (YELLOW, (32, 0, 32, 16)), (GREEN, (32, 16, 32, 16))):
        big.fill((*colour, 255), rect)
    pygame.image.save(big, str(folder / "big.png"))
    wide = pygame.Surface((32, 16), pygame.SRCALPHA)
    wide.fill((*MAGENTA, 255))
    pygame.image.save(wide, str(folder / "wide.png"))
    (folder / "big.tsx").write_text(GRID_TSX)
    (folder / "wide.tsx").write_text(FIT_TSX)
    top = [0] * 64
    top[2 * 8 + 2] = 3  # the wide tile at (2, 2)
    top[5 * 8 + 5] = 2 | 0x20000000  # tile 1 at (5, 5), flipped on its diagonal

    def rows(gids: list[int]) -> str:
        return ",\n".join(",".join(map(str, gids[r * 8:r * 8 + 8])) for r in range(8))

    path = folder / "grid.tmx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" tiledversion="1.11.2" '
        'orientation="orthogonal" renderorder="right-down" width="8" height="8" '
        'tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="1">\n'
        ' <properties>\n  <property name="max_players" type="int" value="2"/>\n'
        ' </properties>\n <tileset firstgid="1" source="big.tsx"/>\n'
        ' <tileset firstgid="3" source="wide.tsx"/>\n'
        f' <layer id="1" name="ground" width="8" height="8">\n  <data encoding="csv">\n'
        f'{rows([1] * 64)}\n</data>\n </layer>\n'
        f' <layer id="2" name="top" width="8" height="8">\n  <data encoding="csv">\n'
        f'{rows(top)}\n</data>\n </layer>\n</map>\n')
    return path


def test_tiles_rendered_at_the_grid_size_are_scaled_to_the_cells_as_tiled_19_draws_them(
        tmp_path):
    path = grid_map(tmp_path)
    assert check_map(path) == []  # 32 px tiles on 16 px cells: fine when fitted to them
    picture = tiled_draw.render_map(path)
    assert picture.get_size() == (128, 128)

    def rgb(x: int, y: int) -> tuple[int, ...]:
        return tuple(picture.get_at((x, y)))[:3]

    # stretched: each 32x32 ground tile fills its 16x16 cell, red half then blue half
    assert (rgb(4, 4), rgb(12, 4), rgb(124, 124)) == (RED, BLUE, BLUE)
    # fitted: the 32x16 tile at (2, 2) is 16x8, centred (y 36-44), offset (4, 2) halved
    assert {rgb(x, y) for x in range(34, 50) for y in range(37, 45)} == {MAGENTA}
    assert (rgb(40, 36), rgb(40, 45), rgb(33, 40)) == (BLUE, BLUE, RED)
    # the diagonal flag turns yellow-over-green into yellow beside green, still 16x16
    assert (rgb(84, 84), rgb(92, 84), rgb(84, 94), rgb(80, 80), rgb(95, 95)) == (
        YELLOW, GREEN, YELLOW, YELLOW, GREEN)


def test_a_grid_sized_tileset_still_has_its_tile_size_capped(tmp_path):
    grid_map(tmp_path)
    (tmp_path / "big.tsx").write_text(GRID_TSX.replace('tilewidth="32" tileheight="32"',
                                                       'tilewidth="600" tileheight="600"'))
    (problem,) = [p for p in check_map(tmp_path / "grid.tmx") if "600x600" in p.what]
    assert problem.what == "has 600x600 tiles, over 512 pixels a side"


def test_opaque_tiles_are_copied_and_see_through_ones_keep_their_alpha():
    """Blitting a tile without alpha copies it (~4x faster than blending, so a 40x40
    map redraws well within the preview's second) to the very same pixels."""
    solid = pygame.Surface((4, 4), pygame.SRCALPHA)
    solid.fill((10, 200, 30, 255))
    plain = tile_pixels.plain_if_opaque(solid)
    assert not plain.get_flags() & pygame.SRCALPHA
    layer = pygame.Surface((4, 4), pygame.SRCALPHA)
    layer.blit(plain, (0, 0))
    assert pygame.image.tobytes(layer, "RGBA") == pygame.image.tobytes(solid, "RGBA")
    solid.set_at((1, 1), (10, 200, 30, 254))
    assert tile_pixels.plain_if_opaque(solid) is solid


@pytest.mark.parametrize(("text", "rgb"), [
    ("ff00ff", (255, 0, 255)), ("#FF00ff", (255, 0, 255)), ("#f0a", (255, 0, 170)),
    ("80102030", (16, 32, 48)), (None, None), ("", None), ("magenta", None),
    ("#12345", None), ("gg00ff", None)])
def test_a_transparent_colour_is_read_as_tiled_reads_it(text, rgb):
    assert tile_pixels.trans(text) == rgb


# Tiled 1.9+: an image-collection tile may show a sub-rectangle of its image (its tile
# element's x, y, width, height). Tiled 1.8 cannot draw it; the arrows sheet cut the
# same way must give the same picture, as TMX and as Tiled's JSON.
PARTS_TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.2" name="parts" tilewidth="16" tileheight="16" \
tilecount="3" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="16" y="0" width="16" height="16"><image source="arrows.png" width="64" \
height="16"/></tile>
 <tile id="1" x="48" width="16"><image source="arrows.png" width="64" height="16"/></tile>
 <tile id="2"><image source="collection/tile0.png" width="16" height="16"/></tile>
</tileset>
"""


def test_collection_tiles_showing_part_of_their_image_draw_that_part(tmp_path):
    for f in ("arrows.png", "arrows.tsx"):
        shutil.copy(DRAWING / f, tmp_path / f)
    (tmp_path / "collection").mkdir()
    shutil.copy(DRAWING / "collection" / "tile0.png", tmp_path / "collection" / "tile0.png")
    (tmp_path / "parts.tsx").write_text(PARTS_TSX)
    (tmp_path / "parts.tsj").write_text(json.dumps({
        "type": "tileset", "name": "parts", "tilewidth": 16, "tileheight": 16, "tilecount": 3,
        "columns": 0, "tiles": [
            {"id": 0, "image": "arrows.png", "imagewidth": 64, "imageheight": 16, "x": 16,
             "y": 0, "width": 16, "height": 16},
            {"id": 1, "image": "arrows.png", "imagewidth": 64, "imageheight": 16, "x": 48,
             "width": 16},
            {"id": 2, "image": "collection/tile0.png", "imagewidth": 16,
             "imageheight": 16}]}))
    pattern = [(c + r) % 3 for r in range(8) for c in range(8)]

    def picture(name: str, source: str, gids: dict[int, int]) -> bytes:
        path = tmp_path / name
        path.write_text(
            '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation='
            '"orthogonal" width="8" height="8" tilewidth="16" tileheight="16" infinite="0">'
            '<properties><property name="max_players" type="int" value="2"/></properties>'
            '<tileset firstgid="1" source="arrows.tsx"/>'
            f'<tileset firstgid="5" source="{source}"/><layer id="1" name="ground" width="8" '
            f'height="8"><data encoding="csv">{",".join(str(gids[i]) for i in pattern)}'
            '</data></layer></map>\n')
        assert check_map(path) == []
        return pygame.image.tobytes(tiled_draw.render_map(path), "RGBA")

    for source in ("parts.tsx", "parts.tsj"):
        # the collection's tiles 0 and 1 are the sheet's arrows 2 and 4 (gids 2, 4)
        assert picture("cut.tmx", source, {0: 5, 1: 6, 2: 7}) == \
            picture("sheet.tmx", source, {0: 2, 1: 4, 2: 7})
        assert picture("cut.tmx", source, {0: 5, 1: 6, 2: 7}) != \
            picture("sheet.tmx", source, {0: 1, 1: 4, 2: 7})  # a different arrow differs


@needs_tiled
def test_random_maps_mixing_every_feature_draw_as_tiled_draws_them(capsys):
    """tools/diff_draw's random maps (layers, groups, objects and images, each with
    Tiled's flips, opacity, tints, offsets and repeats mixed) against tmxrasterizer."""
    from tools import diff_draw  # noqa: PLC0415 (a tool, loaded for this test only)

    assert diff_draw.main(["--maps", "12", "--seed", "500"]) == 0, capsys.readouterr().out


def test_a_see_through_tint_gets_a_note_on_how_the_board_draws_it():
    """Tiled 1.8 draws an opaque tile under a tint with alpha as a hole to the
    background; the board fades it instead, and the checker says so."""
    notes = tiled_draw.drawing_notes(DRAWING / "opacity-tint.tmx")
    assert notes == [("layer 'shade'", "has a see-through tint, which the board draws as a "
                      "fade; Tiled 1.8 draws a tile with no see-through pixel under it as a "
                      "hole through to the background")]
    assert tiled_draw.drawing_notes(DRAWING / "tint-soft.tmx") == []  # tints without alpha


@pytest.mark.parametrize("offset", ["1e20", "-1e300", "99999999999"])
def test_a_layer_moved_absurdly_far_is_simply_off_the_picture(tmp_path, offset):
    """A hand-edited offset the checker lets by (finite) must not reach a blit it cannot
    take (TypeError: invalid destination position): the layer is just not on the map."""
    shutil.copytree(DRAWING, tmp_path / "d")
    text = (tmp_path / "d" / "image-layer.tmx").read_text()
    far = tmp_path / "d" / "far.tmx"
    far.write_text(text.replace('offsetx="10"', f'offsetx="{offset}" repeaty="1"')
                   .replace('<layer id="3" name="top"', f'<layer id="3" name="top" '
                            f'offsety="{offset}"'))
    assert check_map(far) == []
    gone = tmp_path / "d" / "gone.tmx"
    gone.write_text(re.sub(r' <imagelayer.*?</imagelayer>\n| <layer id="3".*?</layer>\n', "",
                           text, flags=re.S))
    assert pygame.image.tobytes(tiled_draw.render_map(far), "RGBA") == \
        pygame.image.tobytes(tiled_draw.render_map(gone), "RGBA")


def test_a_collection_tile_part_with_odd_numbers_draws_its_whole_image(tmp_path):
    for f in ("arrows.png", "arrows.tsx"):
        shutil.copy(DRAWING / f, tmp_path / f)
    odd = PARTS_TSX.replace('x="16" y="0"', 'x="nan" y="inf"').replace(
        'x="48" width="16"', 'x="-1e400" width="1e999"')
    (tmp_path / "parts.tsx").write_text(odd)
    (tmp_path / "collection").mkdir()
    shutil.copy(DRAWING / "collection" / "tile0.png", tmp_path / "collection" / "tile0.png")
    path = tmp_path / "odd.tmx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation='
        '"orthogonal" width="8" height="8" tilewidth="16" tileheight="16" infinite="0">'
        '<properties><property name="max_players" type="int" value="2"/></properties>'
        '<tileset firstgid="1" source="arrows.tsx"/><tileset firstgid="5" source="parts.tsx"/>'
        '<layer id="1" name="ground" width="8" height="8"><data encoding="csv">'
        + ",".join(str(5 + (i % 3)) for i in range(64)) + '</data></layer></map>\n')
    picture = tiled_draw.render_map(path)  # no OverflowError from int(inf)
    assert picture.get_size() == (128, 128)


@pytest.mark.parametrize("depth", [24, 8])
def test_pixel_work_on_an_image_without_alpha_gives_one_with_alpha(depth):
    image = pygame.Surface((4, 4), depth=depth)
    image.fill((200, 100, 50))
    colour = tuple(image.get_at((0, 0)))[:3]
    tinted = tile_pixels.tinted(image, (255, 128, 0))
    faded = tile_pixels.faded(image, 128)
    cleared = tile_pixels.cleared(image, colour)
    assert all(s.get_flags() & pygame.SRCALPHA for s in (tinted, faded, cleared))
    assert tuple(faded.get_at((1, 1))) == (*colour, 128)
    assert tuple(cleared.get_at((1, 1))) == (0, 0, 0, 0)
    assert tuple(tinted.get_at((1, 1)))[3] == 255

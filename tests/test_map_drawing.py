"""The board draws a map's terrain as Tiled draws it.

tests/maps/drawing/ holds small maps, each exercising one thing Tiled can save on an
orthogonal map (flips and rotations, image-collection tilesets, layer opacity and tint,
offsets, group layers, hidden layers, image layers, tile offsets with spacing/margin).
The game's drawing of each is compared with Tiled's own `tmxrasterizer` (Debian's
`tiled` package; tools/ci_install_tiled.sh installs it in CI), within a small tolerance.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree as ET

import pygame
import pytest

from game.board import BoardSpec
from game.maps.loader import check_map
from game.ui import board_view, tiled_draw
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
    left = -min(0.0, min(x for x, _ in shifts))
    top = -min(0.0, min(y for _, y in shifts))
    w = int(root.get("width", 0)) * int(root.get("tilewidth", 0))
    h = int(root.get("height", 0)) * int(root.get("tileheight", 0))
    return pygame.image.load(str(out)).subsurface((round(left), round(top), w, h))


def _offsets(el: ET.Element, dx: float, dy: float):
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


def test_the_corpus_covers_each_feature():
    text = "".join(p.read_text() for p in (*CORPUS, *DRAWING.glob("*.tsx")))
    for feature in ('opacity="', 'tintcolor="', 'offsetx="', "<group", 'visible="0"',
                    "<imagelayer", "<tileoffset", 'spacing="', 'compression="zlib"'):
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

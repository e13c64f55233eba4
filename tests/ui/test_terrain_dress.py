"""Texture and soft borders on the shipped terrain (issue 34, game.ui.terrain_dress)."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pygame
import pytest

from game.board import BoardSpec
from game.maps.loader import load_board
from game.resources import asset, shipped_map
from game.ui import board_view, terrain_dress, tiled_draw

ROOT = Path(__file__).resolve().parents[2]
DRAWING = ROOT / "tests" / "maps" / "drawing"
T = terrain_dress.TILE


def _vale() -> tuple[BoardSpec, Path]:
    path = shipped_map("narby-vale")
    assert path is not None
    return load_board(path), path


def _bytes(s: pygame.Surface) -> bytes:
    return pygame.image.tobytes(s, "RGB")


def _mean(s: pygame.Surface, rect) -> float:
    px = pygame.image.tobytes(s.subsurface(rect), "RGB")
    return sum(px) / len(px)


def test_cells_take_the_class_their_shipped_tile_names():
    board, path = _vale()
    cells = terrain_dress.classes(board, path)
    names = set(cells.values())
    assert {"grass", "forest", "hills"} <= names
    for cell in board.blocked:  # the pond: water draws its own shores, never dressed
        assert cell not in cells
    assert len(cells) < board.width * board.height  # roads and water left as drawn


def test_the_built_in_board_is_all_grass():
    board = BoardSpec.plain(6, 5)
    assert set(terrain_dress.classes(board, None).values()) == {"grass"}
    assert len(terrain_dress.classes(board, None)) == 30


def test_dressing_works_on_a_copy_and_is_the_same_every_time():
    board, path = _vale()
    native = tiled_draw.render_map(path)
    before = _bytes(native)
    one = terrain_dress.dress(board, native, path)
    assert one is not native and _bytes(native) == before  # as Tiled draws it, untouched
    assert _bytes(one) != before
    assert _bytes(terrain_dress.dress(board, native, path)) == _bytes(one)


def test_a_map_with_its_own_tileset_is_left_exactly_as_drawn():
    path = DRAWING / "flips.tmx"
    board = BoardSpec(width=8, height=8, source=str(path))
    native = board_view._load_terrain(board)
    assert terrain_dress.classes(board, path) == {}
    assert terrain_dress.dress(board, native, path) is native


def test_a_higher_terrain_spills_softly_over_the_border():
    """Grass beside a forest darkens towards the forest (its shade reaches over the
    side), and not at its far side; the forest cell keeps its own pixels."""
    board = BoardSpec.plain(3, 1)
    native = pygame.Surface((3 * T, T))
    native.fill((108, 164, 76))
    cells = {(0, 0): "grass", (1, 0): "forest", (2, 0): "grass"}
    out = native.copy()
    terrain_dress._spill(out, cells, 0, 0, "grass")
    terrain_dress._spill(out, cells, 1, 0, "forest")
    near = _mean(out, (T - 4, 0, 4, T))  # the grass cell's side at the forest
    far = _mean(out, (0, 0, 4, T))
    assert near < far - 8
    assert _bytes(out.subsurface((T, 0, T, T))) == _bytes(native.subsurface((T, 0, T, T)))
    assert board.width == 3


def test_the_board_cuts_its_chunks_from_the_dressed_terrain():
    board, _ = _vale()
    view = board_view.BoardView(board)
    assert view.dressed_terrain() is not view.native_terrain()
    assert view.dressed_terrain() is board_view.BoardView(board).dressed_terrain()  # once


def test_the_dressing_art_is_what_the_script_draws():
    """assets/sprites/terrain and banner are exactly tools/art_board.py's drawings."""
    sys.path.insert(0, str(ROOT))
    from tools.art_board import all_board_art  # noqa: PLC0415 (a tool, not the game)

    stale = []
    for rel, make in all_board_art():
        shipped = pygame.image.load(str(asset("sprites", f"{rel}.png")))
        drawn = make()
        if hashlib.sha256(pygame.image.tobytes(shipped, "RGBA")).digest() != \
                hashlib.sha256(pygame.image.tobytes(drawn, "RGBA")).digest():
            stale.append(rel)
    assert not stale, f"run tools/make_art.py: {stale}"


@pytest.mark.parametrize("name", ["ground-grass", "edge-n-0", "grass-0"])
def test_dressing_art_is_one_cell(name):
    assert terrain_dress._art(name).get_size() == (T, T)


def test_a_forest_shades_the_ground_below_and_right_of_it_more():
    """The light comes from the top left: the cell east of a forest is darker at its
    shared side than the cell west of it is at its own."""
    native = pygame.Surface((3 * T, T))
    native.fill((108, 164, 76))
    cells = {(0, 0): "grass", (1, 0): "forest", (2, 0): "grass"}
    out = native.copy()
    for (c, r), cls in cells.items():
        terrain_dress._spill(out, cells, c, r, cls)
    west = _mean(out, (T - 4, 0, 4, T))  # the west cell's side at the forest
    east = _mean(out, (2 * T, 0, 4, T))  # the east cell's side at the forest
    assert east < west - 5

"""Tile objects drawn as Tiled draws them (game.ui.tile_objects, game.ui.tiled_draw): the
sampling rule, the setup layer left to the board's pieces, shapes left out with a note,
and tilesets whose tiles are not the cells' size. The comparison with Tiled's own
tmxrasterizer is tests/test_map_drawing.py (tests/maps/drawing/objects.tmx,
big-tiles.tmx)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from game.maps.loader import check_map, load_board, read_vetted
from game.ui import terrain_dress, tile_objects, tiled_draw

DRAWING = Path(__file__).resolve().parent / "maps" / "drawing"


def two_pixels() -> pygame.Surface:
    tile = pygame.Surface((2, 1), pygame.SRCALPHA)
    tile.set_at((0, 0), (0, 0, 0, 255))
    tile.set_at((1, 0), (200, 100, 40, 255))
    return tile


def test_a_stretch_samples_pixel_centres_bilinearly_with_clamped_edges():
    out, at = tile_objects.placed(two_pixels(), 0, 1, 4, 1, (0.0, 1.0), 0)
    assert at == (0, 0)
    # destination centres 0.5, 1.5, 2.5, 3.5 read the source at -0.25, 0.25, 0.75, 1.25
    assert [tuple(out.get_at((x, 0)))[:3] for x in range(4)] == [
        (0, 0, 0), (50, 25, 10), (150, 75, 30), (200, 100, 40)]


def test_see_through_pixels_blend_premultiplied_as_qt_does():
    tile = two_pixels()
    tile.set_at((0, 0), (255, 255, 255, 0))  # a see-through white: adds no colour
    out, _ = tile_objects.placed(tile, 0, 1, 4, 1, (0.0, 1.0), 0)
    assert tuple(out.get_at((1, 0))) == (200, 100, 40, 64)


def test_a_quarter_turn_is_the_tile_turned_about_its_point():
    tile = pygame.image.load(str(DRAWING / "arrows.png")).subsurface((0, 0, 16, 16))
    out, at = tile_objects.placed(tile, 10, 30, 16, 16, (0.0, 1.0), 90)
    turned = pygame.transform.rotate(tile, -90)
    # the bottom-left point stays put: the tile now hangs below and right of it
    assert at == (10, 30) and out.get_size() == (16, 16)
    assert all(out.get_at((x, y)) == turned.get_at((x, y))
               for x in range(16) for y in range(16))


def test_the_anchor_is_the_point_turned_about():
    tile = pygame.Surface((8, 8), pygame.SRCALPHA)
    tile.fill((10, 20, 30, 255))
    out, at = tile_objects.placed(tile, 20, 20, 8, 8, (0.5, 0.5), 45)
    centre = (at[0] + out.get_width() / 2, at[1] + out.get_height() / 2)
    assert centre == (20, 20)


def test_past_the_budget_objects_are_scaled_by_pygame_in_the_same_place():
    tile = pygame.Surface((16, 16), pygame.SRCALPHA)
    tile.fill((10, 20, 30, 255))
    spent = tile_objects.Budget(0)
    exact, at = tile_objects.placed(tile, 40, 40, 32, 32, (0.0, 1.0), 0)
    rough, at2 = tile_objects.placed(tile, 40, 40, 32, 32, (0.0, 1.0), 0, spent)
    assert at == at2 == (40, 8) and exact.get_size() == rough.get_size() == (32, 32)
    assert spent.pixels == 0


def _map_with_layers(tmp_path: Path, layers: str) -> Path:
    for f in ("arrows.tsx", "arrows.png"):
        shutil.copy(DRAWING / f, tmp_path / f)
    ground = ",".join(["1"] * 64)
    path = tmp_path / "m.tmx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="orthogonal" '
        'renderorder="right-down" width="8" height="8" tilewidth="16" tileheight="16" '
        'infinite="0" nextlayerid="9" nextobjectid="9">\n <properties><property '
        'name="max_players" type="int" value="2"/></properties>\n'
        ' <tileset firstgid="1" source="arrows.tsx"/>\n <layer id="1" name="ground" '
        f'width="8" height="8"><data encoding="csv">{ground}</data></layer>\n{layers}</map>\n',
        encoding="utf-8")
    return path


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def _group(name: str, objects: str, attrs: str = "") -> str:
    return f' <objectgroup id="2" name="{name}"{attrs}>{objects}</objectgroup>\n'


ARROW_3 = '<object id="{oid}" gid="3" x="16" y="32" width="16" height="16"{more}/>'


def test_the_setup_layers_objects_are_pieces_not_tiles(tmp_path):
    bare = tiled_draw.render_map(_map_with_layers(tmp_path, ""))
    town = ARROW_3.format(oid=1, more=' type="town"')
    assert _same(tiled_draw.render_map(_map_with_layers(tmp_path, _group("Setup", town))), bare)
    tree = ARROW_3.format(oid=1, more="")
    drawn = tiled_draw.render_map(_map_with_layers(tmp_path, _group("trees", tree)))
    assert not _same(drawn, bare)
    tile = pygame.image.load(str(DRAWING / "arrows.png")).subsurface((32, 0, 16, 16))
    assert drawn.get_at((16 + 8, 16 + 8)) == tile.get_at((8, 8))  # bottom-left at (16, 32)


def test_shapes_are_not_drawn_and_the_checker_says_so(tmp_path):
    bare = tiled_draw.render_map(_map_with_layers(tmp_path, ""))
    path = _map_with_layers(tmp_path, _group(
        "notes", '<object id="1" x="16" y="16" width="32" height="32"/>'
        '<object id="2" x="40" y="40"><ellipse/></object>'))
    assert _same(tiled_draw.render_map(path), bare)
    assert tiled_draw.drawing_notes(path) == [
        ("layer 'notes'", "its 2 shapes (rectangles, ellipses, points, polygons, text) are "
         "not drawn: the board draws an object layer's tile objects only")]


def test_hidden_objects_and_hidden_object_layers_are_not_drawn(tmp_path):
    bare = tiled_draw.render_map(_map_with_layers(tmp_path, ""))
    hidden = _group("a", ARROW_3.format(oid=1, more=' visible="0"')) + _group(
        "b", ARROW_3.format(oid=2, more=""), ' visible="0"').replace('id="2"', 'id="3"', 1)
    assert _same(tiled_draw.render_map(_map_with_layers(tmp_path, hidden)), bare)


def test_a_tileset_of_bigger_tiles_than_the_cells_is_accepted():
    assert check_map(DRAWING / "big-tiles.tmx") == []
    assert 'tilewidth="32"' in (DRAWING / "big.tsx").read_text()


def test_the_boards_dressing_leaves_the_cells_under_decorations_as_drawn(tmp_path):
    """The board textures cells of the shipped tileset; a texture must not cover a tile
    object the author placed there (seen: a mountain decoration half painted over)."""
    root = Path(__file__).resolve().parents[1]
    text = (root / "maps" / "riverfell.tmx").read_text(encoding="utf-8").replace(
        'source="../assets/tiles/terrain.tsx"',
        f'source="{root / "assets" / "tiles" / "terrain.tsx"}"')
    plain = tmp_path / "plain.tmx"
    plain.write_text(text, encoding="utf-8")
    deco = tmp_path / "deco.tmx"
    deco.write_text(text.replace("</map>", ' <objectgroup id="9" name="deco">\n'
                                 '  <object id="50" gid="12" x="400" y="300" width="96" '
                                 'height="96"/>\n  <object id="51" gid="30" x="200" y="200" '
                                 'width="48" height="48" rotation="20"/>\n </objectgroup>\n'
                                 '</map>'), encoding="utf-8")
    before = terrain_dress.classes(load_board(plain), plain)
    after = terrain_dress.classes(load_board(deco), deco)
    under = {(c, r) for c in range(12, 16) for r in range(6, 10)}  # x 400-496, y 204-300
    left, top, right, bottom = tile_objects.bounds(200, 200, 48, 48, (0.0, 1.0), 20)
    turned = {(c, r) for c in range(left // 32, -(-right // 32))
              for r in range(top // 32, -(-bottom // 32))}
    assert under & set(before) and turned & set(before)
    assert not (under | turned) & set(after)
    assert set(before) - set(after) == (under | turned) & set(before)  # nothing else changes


@pytest.mark.parametrize("numbers", ['rotation="nan"', 'rotation="inf"', 'x="1e308"',
                                     'x="nan"', 'width="nan"', 'height="1e30"', 'y="-3e5"'])
def test_a_tile_object_with_absurd_numbers_is_left_out_not_a_crash(tmp_path, numbers):
    """Found by tools/fuzz_files once it drew the maps it mutates: a NaN rotation crashed
    the board's drawing ("cannot convert float NaN to integer")."""
    bare = tiled_draw.render_map(_map_with_layers(tmp_path, ""))
    odd = '<object id="1" gid="3" x="16" y="32" width="16" height="16"/>'
    name = numbers.split("=")[0]
    odd = odd.replace(f' {name}="', f' was-{name}="') if f' {name}="' in odd else odd
    path = _map_with_layers(tmp_path, _group("deco", odd.replace("/>", f" {numbers}/>")))
    assert _same(tiled_draw.render_map(path), bare)
    assert tiled_draw.covered_cells(path, read_vetted(path)) == set()

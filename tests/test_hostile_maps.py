"""Hostile maps are refused cleanly, before the expensive work (issue 24: 1, 2, 7)."""

from __future__ import annotations

import pytest

from game.board import BoardSpec
from game.maps.loader import MapError, check_map, load_board, read_tiled
from game.maps.tmx_reader import MAX_DEPTH, image_size
from game.match import Match, SetupError
from game.ui import board_view, terrain_dress, tiled_draw
from tests.hostile import (
    TILES_PNG,
    checkerboard_map,
    deep_map,
    huge_image_map,
    tmx,
    wide_map,
    write_map,
)


def _problems(path) -> str:
    found = check_map(path)
    assert found, "the map should be refused"
    return "\n".join(map(str, found))


def test_the_plain_generated_map_is_fine(tmp_path):
    assert check_map(write_map(tmp_path, "ok.tmx", tmx())) == []


def test_deep_nesting_is_refused_before_any_tree_is_built(tmp_path):
    text = _problems(write_map(tmp_path, "deep.tmx", deep_map()))
    assert f"more than {MAX_DEPTH} deep" in text


def test_too_many_elements_are_refused(tmp_path):
    assert "XML elements" in _problems(write_map(tmp_path, "wide.tmx", wide_map()))


def test_a_huge_declared_tileset_image_is_refused(tmp_path):
    path = write_map(tmp_path, "huge.tmx", huge_image_map())
    assert path.stat().st_size < 1000
    assert "3200000x3200000" in _problems(path)
    with pytest.raises(MapError):
        read_tiled(path)


@pytest.mark.parametrize("content, words", [
    (b"hello, I am text", "not a PNG"),
    (b"\x89PNG\r\n\x1a\n", "cut-short"),
    (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\x0f\0\0\0\x0f\0\0\x08\x06\0\0\0", "pixels"),
    (b"", "not a PNG"),
])
def test_a_tileset_image_that_is_not_a_sane_image_is_refused(tmp_path, content, words):
    path = write_map(tmp_path, "img.tmx", tmx(), png=False)
    (tmp_path / "tiles.png").write_bytes(content)
    assert words in _problems(path)


def test_an_image_smaller_than_declared_is_refused(tmp_path):
    ts = ('<tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="64">'
          '<image source="tiles.png" width="256" height="256"/></tileset>')
    assert "but it is 128x32" in _problems(write_map(tmp_path, "small.tmx", tmx(tileset=ts)))


def test_image_headers_are_read_without_decoding():

    assert image_size(TILES_PNG) == (128, 32)


def test_a_board_with_no_room_for_a_dragon_is_refused(tmp_path):
    path = write_map(tmp_path, "checker.tmx", checkerboard_map())
    assert "2x2" in _problems(path)


def test_setup_without_room_is_a_setup_error_not_a_crash():
    blocked = frozenset((c, r) for c in range(8) for r in range(8) if c % 2 and r % 2)
    board = BoardSpec(width=8, height=8, blocked=blocked)
    with pytest.raises(SetupError, match="setup is impossible"):
        Match(["red", "blue", "gold", "green"], seed=1, board=board)


def test_load_board_names_the_file(tmp_path):
    path = write_map(tmp_path, "deep.tmx", deep_map(1000))
    with pytest.raises(MapError) as info:
        load_board(path)
    assert str(path) in str(info.value)


@pytest.mark.parametrize("gid", ["1000000000000000000000000000000", "-5", "4294967296"])
def test_a_csv_tile_id_that_is_not_32_bits_is_refused(tmp_path, gid):
    """Found by tools/fuzz_files once it drew the maps: an id of 10**30 got past the
    checks (its tileset gave no tile count) and crashed the board's drawing."""
    data = ",".join(["1"] * 99 + [gid])
    text = _problems(write_map(tmp_path, "big-id.tmx", tmx(data=data)))
    assert f"has tile id {gid[:19]}" in text and "which is not a 32-bit tile id" in text


def test_a_tile_past_the_image_of_a_tileset_without_a_count_is_left_blank(tmp_path):
    """Tile 2**23 of a one-column tileset with rows 512 px apart sits 2**32 px down: a
    pygame Rect wraps that to 0, which would draw tile 0 in its place."""
    tileset = ('<tileset firstgid="1" name="t" tilewidth="32" tileheight="32" columns="1" '
               'spacing="480"><image source="tiles.png" width="128" height="32"/></tileset>')
    data = ",".join(["0"] * 99 + [str(1 + 2**23)])
    path = write_map(tmp_path, "past.tmx", tmx(tileset=tileset, data=data))
    picture = tiled_draw.render_map(path)
    assert picture.get_at((9 * 32 + 16, 9 * 32 + 16)).a == 0


def test_a_bug_in_drawing_a_map_leaves_plain_ground_not_a_crash(tmp_path, monkeypatch,
                                                                caplog):
    """The last net under the board's terrain: whatever the drawing raises, the game goes
    on over plain ground (undressed), and the log says what failed."""
    def broken(*_args, **_kw):
        raise RuntimeError("a bug")
    path = write_map(tmp_path, "ok.tmx", tmx())
    board = load_board(path)
    monkeypatch.setattr(tiled_draw, "render_map", broken)
    out = board_view._draw_terrain(board, path, {})
    assert out.get_at((5, 5))[:3] == board_view.GROUND
    monkeypatch.setattr(terrain_dress, "dress", broken)
    assert board_view._dressed(board, out) is out
    assert "drawing the terrain" in caplog.text and "dressing the terrain" in caplog.text

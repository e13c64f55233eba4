"""The window's side of issue 29.5/29.7: a map's tile images are decoded once per real
file and never past the caps, the New game list and a board on a crafted map stay plain,
and the window-size setting cannot ask for a gigabyte of screen."""

from __future__ import annotations

import errno

import pygame
import pytest

from game.board import BoardSpec
from game.maps import catalog
from game.maps.commands import play_main
from game.maps.loader import UNREADABLE
from game.match import SetupError
from game.ui import board_view, controller, settings, tiled_draw
from game.ui.board_view import BoardView, _load_terrain
from game.ui.scenes import backdrop as backdrop_mod
from game.ui.scenes import preview as preview_mod
from game.ui.scenes.crash import MAX_ERROR_CHARS, CrashScene
from game.ui.scenes.new_game import ProblemsOverlay
from game.ui.scenes.preview import PreviewScene
from tests.hostile import (
    TILES_PNG,
    long_number_map,
    many_bad_objects_map,
    many_layers_map,
    one_image_many_spellings,
    tmx,
    write_map,
)
from tests.ui.conftest import run


@pytest.fixture
def loads(monkeypatch):
    """The files pygame.image.load decodes during the test."""
    seen: list[str] = []
    real = pygame.image.load

    def counted(file, *a):
        seen.append(str(file))
        return real(file, *a)

    monkeypatch.setattr(pygame.image, "load", counted)
    board_view._TERRAIN.clear()
    return seen


def test_twelve_spellings_of_one_tile_image_are_decoded_once(tmp_path, app, loads):
    path = one_image_many_spellings(tmp_path / "here", image=TILES_PNG.read_bytes())
    surf = _load_terrain(BoardSpec(width=10, height=10, source=str(path)))
    assert surf.get_size() == (10 * board_view.TILE, 10 * board_view.TILE)
    assert len(loads) == 1


def test_a_huge_image_is_never_decoded_for_the_board(tmp_path, app, loads):
    path = one_image_many_spellings(tmp_path / "here")
    _load_terrain(BoardSpec(width=10, height=10, source=str(path)))
    assert loads == []


def test_an_image_grown_after_the_check_is_not_decoded(tmp_path, app, loads, monkeypatch):
    """The header is read again before decoding: a file swapped for a huge one between
    the check and the drawing costs nothing."""
    path = one_image_many_spellings(tmp_path / "here", image=TILES_PNG.read_bytes())
    monkeypatch.setattr(tiled_draw, "image_size", lambda _p: (8160, 8160))
    _load_terrain(BoardSpec(width=10, height=10, source=str(path)))
    assert loads == []


def test_a_picture_over_the_canvas_budget_is_drawn_smaller(tmp_path, app, loads):
    """Big tiles on a big map: the terrain is drawn at a smaller scale (each distinct
    tile scaled once) instead of allocating the full-size picture."""
    path = one_image_many_spellings(tmp_path / "here", image=TILES_PNG.read_bytes())
    full = tiled_draw.render_map(path)
    w, h = full.get_size()
    small = tiled_draw.render_map(path, max_bytes=w * h)  # a quarter of the bytes
    assert small.get_width() * small.get_height() * 4 <= w * h
    assert small.get_width() < w and small.get_height() < h


def test_the_new_game_list_lists_crafted_maps_plainly(tmp_path, app):
    folder = catalog.user_maps_dir(tmp_path / "data")
    many_layers_map(folder)
    write_map(folder, "numbers.tmx", long_number_map())
    entries = [e for e in catalog.scan(tmp_path / "data") if e.origin == "user"]
    assert len(entries) == 2 and not any(e.ok for e in entries)
    for e in entries:
        assert "Error" not in e.first_problem and len(e.first_problem) < 300


def test_a_board_on_a_map_that_cannot_be_read_is_plain_ground(tmp_path, app, loads):
    path = many_layers_map(tmp_path)
    view = BoardView(BoardSpec(width=10, height=10, source=str(path)))
    assert view.native_terrain().get_size() == (10 * board_view.TILE, 10 * board_view.TILE)
    assert loads == []


def test_the_window_setting_is_capped():
    big = settings.Settings(window=(7680, 7680)).validated()
    assert big.window == settings.MAX_WINDOW
    assert settings.Settings(window=(1600, 900)).validated().window == (1600, 900)
    assert settings.Settings(window=(100, 7680)).validated().window == (1280, 720)
    assert settings.Settings(window=(True, 900)).validated().window == (1280, 720)


def test_a_dragged_window_edge_stays_within_the_cap(app):
    app.resize((9000, 9000))
    assert app.screen.get_size() == settings.MAX_WINDOW
    assert app.settings.window == settings.MAX_WINDOW
    run(app)


@pytest.mark.parametrize("size", ["7680x4320", "9" * 5000 + "x720"])
def test_a_window_size_flag_over_the_cap_is_refused_in_one_line(size, capsys):
    with pytest.raises(SystemExit) as exc:
        play_main(["--frames", "0", "--size", size])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Error" not in err and len(err) < 200


def test_chunk_caches_are_bounded_in_bytes(app, monkeypatch):
    monkeypatch.setattr(board_view, "CHUNK_BYTES", 1)
    view = BoardView(BoardSpec.plain(10, 10))
    for size in (200, 300, 400):
        view.set_rect(pygame.Rect(0, 0, size, size))
        view.fit()
        view.draw(app.screen, None)
        assert len({k[0] for k in view._chunks}) == 1


def test_the_crash_screen_after_running_out_of_memory_draws_no_board(app, monkeypatch):
    """After a MemoryError the crash screen must not draw a new window-sized board (the
    backdrop) nor wrap a megabyte of error text: it only reuses what is already drawn."""
    backdrop_mod._cache.clear()
    monkeypatch.setattr(backdrop_mod, "BoardView",
                        lambda *_a, **_k: pytest.fail("the crash screen drew a board"))
    app.catch_crashes = True
    app.crash(MemoryError("x" * 1_000_000))
    crash = app.top
    assert isinstance(crash, CrashScene) and len(crash.error) <= MAX_ERROR_CHARS + 1
    run(app, 2)
    assert app.running and app.top is crash


def test_the_preview_lists_a_bounded_number_of_problems(tmp_path, app):
    path = write_map(tmp_path, "o.tmx", many_bad_objects_map())
    scene = app.push(PreviewScene(app, path))
    run(app)
    assert len(scene.problems) == 999
    html = scene._info_html()
    assert html.count("• ") <= catalog.SHOWN_PROBLEMS
    assert "979 more" in html


def test_the_problems_overlay_lists_a_bounded_number_per_map(tmp_path, app):
    path = write_map(tmp_path, "o.tmx", many_bad_objects_map())
    overlay = ProblemsOverlay(app, [catalog.entry(path, "user")])
    html = overlay._html()
    assert html.count("• ") == catalog.SHOWN_PROBLEMS and "979 more" in html


def test_a_map_the_os_refuses_is_a_plain_setup_error(monkeypatch):
    def too_long(_path):
        raise OSError(errno.ENAMETOOLONG, "File name too long")

    monkeypatch.setattr(controller, "load_board", too_long)
    with pytest.raises(SetupError) as info:
        controller.load_map("m.tmx")
    assert "the path is too long" in str(info.value) and "Errno" not in str(info.value)


def test_an_unforeseen_failure_starting_a_preview_game_is_plain(tmp_path, app, monkeypatch):
    path = write_map(tmp_path, "ok.tmx", tmx())
    scene = app.push(PreviewScene(app, path))
    assert scene.ok

    def boom(*_a, **_k):
        raise KeyError("dragon")

    monkeypatch.setattr(preview_mod, "GameController", boom)
    scene.play()
    assert [p.what for p in scene.problems] == [UNREADABLE[0]]

"""BoardView: cells <-> pixels under zoom and pan, drawing every map mid-game, and
highlights, hover and palettes showing on screen (dummy video driver)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pygame
import pytest

from game.board import BoardSpec
from game.maps.loader import load_board
from game.ui import board_view
from game.ui.board_view import BoardView, preplaced_doc, thumbnail
from tools.bench_ui import midgame

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted(str(p) for p in (ROOT / "maps").glob("*.tmx"))


@pytest.fixture(scope="module")
def screen():
    pygame.init()
    surface = pygame.display.set_mode((1280, 800))
    yield surface
    pygame.quit()


def _docs():
    return {path: midgame(path, seats=6, rounds=3, seed=5)[:2] for path in [*MAPS, None]}


@pytest.fixture(scope="module")
def games(screen):
    return _docs()


def _pixels(surface, rect=None) -> bytes:
    sub = surface.subsurface(rect) if rect else surface
    return pygame.image.tobytes(sub, "RGB")


def test_cells_and_pixels_agree_under_zoom_and_pan(screen):
    view = BoardView(BoardSpec.plain())
    view.set_rect(pygame.Rect(40, 20, 900, 760))
    for step in range(6):
        if step == 1:
            view.zoom(2.0, around=(400, 300))
        elif step == 2:
            view.pan(-130, 75)
        elif step == 3:
            view.zoom(0.7)
        elif step == 4:
            view.pan(10_000, 10_000)  # clamped: the board stays on screen
        elif step == 5:
            view.fit()
        for cell in [(0, 0), (19, 19), (7, 12), (13, 2)]:
            rect = view.cell_rect(cell)
            if view.rect.contains(rect):
                assert view.cell_at(rect.center) == cell
                assert view.cell_at(rect.topleft) == cell
                assert view.cell_at((rect.right - 1, rect.bottom - 1)) == cell
        assert view.piece_rect((3, 4), 2).size == (2 * view.cell, 2 * view.cell)
        assert view.piece_rect((3, 4), 2).topleft == view.cell_rect((3, 4)).topleft
        assert view.board_rect().colliderect(view.rect)


def test_zoom_keeps_the_point_under_the_mouse():
    view = BoardView(BoardSpec.plain())
    view.set_rect(pygame.Rect(0, 0, 800, 800))
    mouse = view.cell_rect((5, 6)).center
    view.zoom(2.0, around=mouse)
    assert view.cell_at(mouse) == (5, 6)
    assert view.cell > 60


def test_pixels_off_the_board_are_no_cell():
    view = BoardView(BoardSpec.plain(10, 10))
    view.set_rect(pygame.Rect(0, 0, 800, 600))
    br = view.board_rect()
    assert view.cell_at((br.left - 1, br.centery)) is None
    assert view.cell_at((br.right, br.centery)) is None
    assert view.cell_at((900, 10)) is None  # outside the view's rect


def test_fit_shows_the_whole_board_for_every_map(screen, games):
    for path, (board, _doc) in games.items():
        view = BoardView(board)
        view.set_rect(pygame.Rect(0, 0, 920, 800))
        assert view.rect.contains(view.board_rect()), path


def test_draw_runs_for_every_map_mid_game(screen, games):
    for path, (board, doc) in games.items():
        view = BoardView(board)
        view.set_rect(pygame.Rect(0, 0, 920, 800))
        screen.fill((0, 0, 0))
        view.draw(screen, doc, t=1.0)
        before = _pixels(screen, view.board_rect())
        # every dragon's 2x2 footprint got its sprite
        for d in doc["dragons"].values():
            if d["at"] is not None:
                rect = view.piece_rect(d["at"], 2)
                assert _pixels(screen, rect) != _pixels(_bare(view), rect), path
        view.zoom(2.5)
        view.draw(screen, doc)
        assert _pixels(screen, view.rect) != before, path
        view.set_palette("colourblind")
        view.draw(screen, doc, t=0.5)


def _bare(view: BoardView) -> pygame.Surface:
    s = pygame.Surface(pygame.display.get_surface().get_size())
    view.draw(s, None)
    return s


def test_terrain_comes_from_the_tiled_map():
    plain = BoardView(BoardSpec.plain())
    plain.set_rect(pygame.Rect(0, 0, 640, 640))

    vale = BoardView(load_board(ROOT / "maps" / "narby-vale.tmx"))
    vale.set_rect(pygame.Rect(0, 0, 640, 640))
    a, b = pygame.Surface((640, 640)), pygame.Surface((640, 640))
    plain.draw(a, None)
    vale.draw(b, None)
    assert _pixels(a) != _pixels(b)


def test_highlights_and_hover_change_pixels(screen, games):
    board, doc = games[MAPS[0]]
    view = BoardView(board)
    view.set_rect(pygame.Rect(0, 0, 920, 800))
    free = next((c, r) for r in range(board.height) for c in range(board.width)
                if (c, r) not in board.blocked)
    rect = view.cell_rect(free)
    view.draw(screen, doc)
    plain = _pixels(screen, rect)
    seen = {plain}
    for style in ("target", "move", "selected", "danger", "info"):
        view.draw(screen, doc, highlights={free: style})
        seen.add(_pixels(screen, rect))
    assert len(seen) == 6  # each style looks different, and different from none
    view.draw(screen, doc, hover=free)
    assert _pixels(screen, rect) != plain
    view.draw(screen, doc, highlights={free: ("move", 2)})
    assert _pixels(screen, view.cell_rect((free[0] + 1, free[1] + 1))) != _pixels(
        _bare_with(view, doc), view.cell_rect((free[0] + 1, free[1] + 1)))


def _bare_with(view: BoardView, doc: dict) -> pygame.Surface:
    s = pygame.Surface(pygame.display.get_surface().get_size())
    view.draw(s, doc)
    return s


def test_pulse_animates_highlights(screen, games):
    board, doc = games[None]
    view = BoardView(board)
    view.set_rect(pygame.Rect(0, 0, 920, 800))
    rect = view.cell_rect((0, 0))
    frames = set()
    for t in (0.0, 0.4, 0.8):
        view.draw(screen, doc, highlights={(0, 0): "target"}, t=t)
        frames.add(_pixels(screen, rect))
    assert len(frames) > 1


def test_hidden_pieces_are_not_drawn(screen, games):
    board, doc = games[None]
    view = BoardView(board)
    view.set_rect(pygame.Rect(0, 0, 920, 800))
    name, d = next((n, d) for n, d in sorted(doc["dragons"].items()) if d["at"])
    rect = view.piece_rect(d["at"], 2)
    view.draw(screen, doc)
    shown = _pixels(screen, rect)
    view.draw(screen, doc, hidden={f"dragon/{name}"})
    assert _pixels(screen, rect) != shown


def test_draw_respects_the_callers_clip(screen):
    view = BoardView(BoardSpec.plain())
    view.set_rect(pygame.Rect(0, 0, 640, 640))
    screen.fill((1, 2, 3))
    screen.set_clip(pygame.Rect(0, 0, 100, 100))
    view.draw(screen, None)
    screen.set_clip(None)
    assert screen.get_at((300, 300))[:3] == (1, 2, 3)
    assert screen.get_at((50, 50))[:3] != (1, 2, 3)


def test_map_thumbnails_show_terrain_and_preplaced_pieces(screen):
    for path in MAPS:
        board = load_board(path)
        doc = preplaced_doc(board)
        assert len(doc["settlements"]) + len(doc["places"]) + (doc["chest"] is not None) == len(
            board.pieces)
        img = thumbnail(board, (200, 160))
        assert img.get_size() == (200, 160)
        assert img.get_at((100, 80)).a == 255


def test_terrain_is_drawn_once_until_one_of_its_files_changes(tmp_path):
    """A new board screen on the same map reuses the terrain drawn before; a change to
    the map, its .tsx tileset or the tileset's image draws it again."""
    pygame.init()
    tiles = tmp_path / "assets" / "tiles"
    tiles.mkdir(parents=True)
    for name in ("terrain.tsx", "terrain.png"):
        shutil.copy(ROOT / "assets" / "tiles" / name, tiles / name)
    (tmp_path / "maps").mkdir()
    path = tmp_path / "maps" / "vale.tmx"
    shutil.copy(ROOT / "maps" / "narby-vale.tmx", path)
    board = load_board(path)
    first = board_view._load_terrain(board)
    assert board_view._load_terrain(board) is first

    def touched(file):
        st = os.stat(file)
        os.utime(file, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))

    for file in (path, tiles / "terrain.tsx"):
        touched(file)
        again = board_view._load_terrain(board)
        assert again is not first
        assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(first, "RGB")
        first = again
        assert board_view._load_terrain(board) is first
    sheet = pygame.image.load(str(tiles / "terrain.png"))
    sheet.fill((200, 0, 200))
    pygame.image.save(sheet, str(tiles / "terrain.png"))
    touched(tiles / "terrain.png")
    magenta = board_view._load_terrain(board)
    assert magenta is not first and magenta.get_at((5, 5))[:3] == (200, 0, 200)


def test_a_gamble_ring_under_a_dragon_is_drawn_above_it(screen, games):
    """Issue 33: a stake is never hidden under a dragon's sprite: the ring changes as
    many pixels over the dragon as it does on bare ground."""
    board, doc = games[None]
    doc = {**doc, "gambles": []}
    name, d = next((n, d) for n, d in sorted(doc["dragons"].items()) if d["at"])
    at = list(d["at"])  # under the dragon's wing
    ring = [{"owner": "gold", "at": at}]
    view = BoardView(board)
    view.set_rect(pygame.Rect(0, 0, 920, 800))
    rect = view.cell_rect(tuple(at))
    shots = {}
    for key, gambles, hidden in (("dragon", [], set()), ("dragon+ring", ring, set()),
                                 ("ground", [], {f"dragon/{name}"}),
                                 ("ground+ring", ring, {f"dragon/{name}"})):
        view.draw(screen, {**doc, "gambles": gambles}, hidden=hidden)
        shots[key] = _pixels(screen, rect)

    def changed(a: bytes, b: bytes) -> int:
        return sum(abs(x - y) > 24 for x, y in zip(a, b, strict=True))

    on_ground = changed(shots["ground"], shots["ground+ring"])
    assert on_ground > 0
    assert changed(shots["dragon"], shots["dragon+ring"]) >= on_ground // 2

"""Owners' banners on claimed cities and places (issue 34, game.ui.banners)."""

from __future__ import annotations

import pygame

from game.board import BoardSpec
from game.ui import art, banners
from game.ui.board_view import BoardView


def _view(cell: int = 40) -> BoardView:
    view = BoardView(BoardSpec.plain(10, 10))
    view.set_rect(pygame.Rect(0, 0, cell * 10 + 24, cell * 10 + 24))
    assert view.cell == cell
    return view


def _doc(*settlements, places=()) -> dict:
    return {"settlements": [dict(s) for s in settlements], "places": [dict(p) for p in places],
            "dragons": {}, "gambles": [], "chest": None}


CITY = {"kind": "city", "at": [4, 4], "claim": "red"}


def test_claimed_cities_and_places_fly_a_banner_towns_and_free_pieces_none():
    doc = _doc(CITY, {"kind": "town", "at": [1, 1], "claim": "blue"},
               {"kind": "city", "at": [7, 7], "claim": None},
               places=[{"kind": "blade_miller", "at": [2, 6], "claim": "gold"}])
    assert banners.flown(doc) == [("red", (4, 4), 1), ("gold", (2, 6), 2)]


def test_a_banner_never_stands_over_another_piece_or_a_ring():
    view = _view()
    alone = _doc(CITY)
    view.note_pieces(alone)
    [(_, _, free, _)] = view.banners.placed(view, alone)
    above = view.cell_rect((4, 3))
    assert free.colliderect(above)  # nothing above: it flies over the cell above
    crowded = _doc(CITY, {"kind": "town", "at": [4, 3], "claim": "blue"},
                   {"kind": "town", "at": [5, 3], "claim": None},
                   {"kind": "town", "at": [3, 3], "claim": None})
    view.note_pieces(crowded)
    [(_, _, box, _)] = view.banners.placed(view, crowded)
    inner = box.inflate(-box.w // 4, -box.h // 5)
    for cell in view.piece_cells - {(4, 4)}:
        assert not inner.colliderect(view.cell_rect(cell)), cell
    assert box != free


def test_the_cloth_waves_with_the_ambient_frame_and_holds_still_without():
    frames = {banners.frame_for((4, 4), f) for f in range(banners.FRAMES)}
    assert frames == set(range(banners.FRAMES))
    assert banners.frame_for((4, 4), None) == banners.frame_for((9, 1), None) == 0
    flags = banners.Banners()
    a = flags.sprite((214, 56, 48), 32, 0)
    assert a is flags.sprite((214, 56, 48), 32, 0)  # made once
    b = flags.sprite((214, 56, 48), 32, 3)
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")


def _drawn(view: BoardView, doc: dict, ambient) -> pygame.Surface:
    surface = pygame.Surface(view.rect.size)
    view.draw(surface, doc, ambient=ambient)
    return surface


def test_the_board_draws_the_banner_in_its_owners_colour():
    view = _view()
    doc = _doc(CITY)
    with_flag = _drawn(view, doc, None)
    without = _drawn(view, _doc({**CITY, "kind": "town"}), None)
    view.note_pieces(doc)
    [(_, _, box, _)] = view.banners.placed(view, doc)
    above = box.clip(view.cell_rect((4, 3)))  # the cloth over the empty cell above
    red = art.dragon_colour("red")

    def reddish(s: pygame.Surface) -> int:
        return sum(1 for x in range(above.left, above.right) for y in range(above.top, above.bottom)
                   if _near(s.get_at((x, y))[:3], red))

    assert reddish(with_flag) > 20 and reddish(without) == 0


def _near(a, b) -> bool:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) < 90


def test_reduce_motion_shows_the_same_banner_at_any_time():
    view = _view()
    view.set_look(show_grid=True, reduce_motion=True)
    doc = _doc(CITY)
    one = pygame.image.tobytes(_drawn(view, doc, 0.0), "RGB")
    assert one == pygame.image.tobytes(_drawn(view, doc, 2.5), "RGB")
    view.set_look(show_grid=True, reduce_motion=False)
    place = _doc(places=[{"kind": "blade_miller", "at": [4, 4], "claim": "red"}])  # no smoke
    still = {pygame.image.tobytes(_drawn(view, _doc(places=[{"kind": "blade_miller", "at": [4, 4],
                                                             "claim": None}]), f / 6), "RGB")
             for f in range(6)}
    moving = {pygame.image.tobytes(_drawn(view, place, f / 6), "RGB") for f in range(6)}
    assert len(still) == 1 and len(moving) > 1

"""Owners told apart (issue 34): dragon colours against terrain and each other (ΔE2000),
and an 8-dragon board's claim rings as the three colour-vision deficiencies see them."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.board import BoardSpec
from game.tables import DRAGONS
from game.ui import art
from game.ui.board_view import BoardView
from game.ui.colour_science import MACHADO, delta_e2000, delta_e2000_lab, simulate
from tools.make_tileset import BASE

MIN_DE = 15
# colours the shape must carry alone: a white dragon on snow and snowy peaks
EXEMPT = {("white", "snow"), ("white", "peak")}
CVD_DE = 8  # a ring pair closer than this under a deficiency leans on its emblem
# ... whose face pixels may overlap the other's this much (Blue's drop and Purple's
# crown overlap 0.73 at 18 px: that pair must differ in colour)
EMBLEM_IOU = 0.65
PARCH = (246, 236, 212)  # a ring's face (tools/make_art.py)


@pytest.fixture(scope="module")
def terrain() -> dict[str, tuple[int, int, int]]:
    """The mean colour of each base terrain tile in the shipped tileset."""
    sheet = pygame.image.load("assets/tiles/terrain.png")
    out = {}
    for i, (name, _, _) in enumerate(BASE):
        sub = sheet.subsurface(((i % 8) * 32, (i // 8) * 32, 32, 32))
        r, g, b, _a = pygame.transform.average_color(sub)
        out[name] = (r, g, b)
    return out


def test_delta_e2000_matches_sharma_2005():
    # pairs 1, 17 and 34 of Sharma, Wu & Dalal's test data
    assert delta_e2000_lab((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(
        2.0425, abs=1e-4)
    assert delta_e2000_lab((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    assert delta_e2000_lab((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514)) == \
        pytest.approx(0.9082, abs=1e-4)


@pytest.mark.parametrize("palette", art.PALETTE_NAMES)
def test_every_dragon_colour_is_far_from_terrain_and_the_others(palette, terrain):
    cols = art.PALETTES[palette]
    near = [(d, t, round(delta_e2000(c, tc), 1)) for d, c in cols.items()
            for t, tc in terrain.items()
            if (d, t) not in EXEMPT and delta_e2000(c, tc) < MIN_DE]
    assert not near, near
    pairs = [(a, b, round(delta_e2000(cols[a], cols[b]), 1))
             for a, b in itertools.combinations(cols, 2)
             if delta_e2000(cols[a], cols[b]) < MIN_DE]
    assert not pairs, pairs


def test_emblems_are_one_shape_per_dragon():
    assert len(set(art.EMBLEMS.values())) == len(art.EMBLEMS) == len(DRAGONS)


def _owner_marks(palette: str, owners: list[str]) -> dict[str, pygame.Surface]:
    """A plain 20x20 board at 28 px cells with one settlement claimed per owner (five a
    row); the pixels of each claim ring as drawn on it."""
    board = BoardSpec(width=20, height=20)
    view = BoardView(board, palette=palette)
    view.set_rect(pygame.Rect(0, 0, 20 * 28 + 24, 20 * 28 + 24))
    assert view.cell == 28
    at = [(2 + 3 * (i % 5), 3 + 4 * (i // 5)) for i in range(len(owners))]
    doc = {"dragons": {}, "gambles": [], "places": [], "chest": None,
           "settlements": [{"kind": "town", "at": list(a), "claim": o}
                           for a, o in zip(at, owners, strict=True)]}
    shot = pygame.Surface(view.rect.size)
    view.draw(shot, doc)
    return {o: shot.subsurface(view.ring_rect(a)).copy() for a, o in zip(at, owners, strict=True)}


def _band_colour(mark: pygame.Surface) -> tuple[int, int, int]:
    """The mean colour of the ring's coloured band (between 80% and 95% of its radius)."""
    w = mark.get_width()
    c, tot, n = (w - 1) / 2, [0, 0, 0], 0
    for x in range(w):
        for y in range(w):
            rr = ((x - c) ** 2 + (y - c) ** 2) ** 0.5 / (w / 2)
            if 0.8 <= rr <= 0.92:
                px = mark.get_at((x, y))
                tot = [t + v for t, v in zip(tot, px[:3], strict=True)]
                n += 1
    r, g, b = (round(t / n) for t in tot)
    return (r, g, b)


def _emblem_mask(mark: pygame.Surface) -> pygame.mask.Mask:
    """The emblem: the pixels of the ring's face that are not its parchment. (Its dark
    strokes alone were a few pixels for most emblems at 18 px, so any two "differed".)"""
    w = mark.get_width()
    c = (w - 1) / 2
    m = pygame.mask.Mask((w, w))
    for x in range(w):
        for y in range(w):
            if ((x - c) ** 2 + (y - c) ** 2) ** 0.5 <= w * 0.33 and \
                    delta_e2000(tuple(mark.get_at((x, y)))[:3], PARCH) > 20:
                m.set_at((x, y))
    return m


@pytest.mark.parametrize("palette", art.PALETTE_NAMES)
def test_every_owners_rings_differ_under_each_colour_vision_deficiency(palette):
    """Any eight of the ten dragons may sit at one table: every pair's rings differ in
    colour as each deficiency sees them, or else in their emblem's shape."""
    owners = list(DRAGONS)
    marks = _owner_marks(palette, owners)
    assert all(m.get_width() >= 18 for m in marks.values())
    bands = {o: _band_colour(m) for o, m in marks.items()}
    emblems = {o: _emblem_mask(m) for o, m in marks.items()}
    assert all(e.count() >= 30 for e in emblems.values())  # an emblem, not a speck
    for kind in MACHADO:
        for a, b in itertools.combinations(owners, 2):
            de = delta_e2000(simulate(bands[a], kind), simulate(bands[b], kind))
            if de >= CVD_DE:
                continue
            # too close in colour for this eye: the emblems' shapes must differ
            ma, mb = emblems[a], emblems[b]
            overlap = ma.overlap_area(mb, (0, 0))
            union = ma.count() + mb.count() - overlap
            assert overlap / union < EMBLEM_IOU, (kind, a, b, round(de, 1))


@pytest.mark.parametrize("kind", MACHADO)
def test_the_colour_blind_palette_keeps_every_pair_apart_for_every_eye(kind):
    """Issue 33: in the colour-blind palette Purple/Iron (ΔE 7) and Green/Iron (10) were
    close for deutans; a dragon's body, cavern, claimed tiles and rings all wear it."""
    cols = art.PALETTES["colourblind"]
    close = [(a, b, round(de, 1)) for a, b in itertools.combinations(cols, 2)
             if (de := delta_e2000(simulate(cols[a], kind), simulate(cols[b], kind))) < 11]
    assert not close, close


def test_no_two_dragons_of_the_usual_palette_are_twins_for_any_eye():
    """Issue 33: Purple (142, 78, 196) was Blue's twin for protans (ΔE 1.9), on bodies
    and claimed tiles where no emblem helps."""
    cols = art.PALETTES["normal"]
    twins = [(a, b, k, round(de, 1)) for k in MACHADO
             for a, b in itertools.combinations(cols, 2)
             if (de := delta_e2000(simulate(cols[a], k), simulate(cols[b], k))) < 5]
    assert not twins, twins

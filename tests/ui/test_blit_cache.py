"""Still layers drawn once and shown until they change (issue 34: speed kept)."""

from __future__ import annotations

import copy
import dataclasses

import pygame

from game.board import BoardSpec
from game.ui import blit_cache
from game.ui.action_bar import idle_slots
from game.ui.board_view import BoardView
from game.ui.panel import DragonRow, PanelModel, PanelView
from game.ui.scenes.game import GameScene
from game.ui.screenshot import played
from game.ui.theme import Look
from tests.ui.conftest import run


def _doc() -> dict:
    return {
        "settlements": [{"kind": "town", "at": [2, 2], "claim": "red"},
                        {"kind": "city", "at": [5, 3], "claim": "blue"},
                        {"kind": "town", "at": [7, 7], "claim": None}],
        "places": [{"kind": "blade_miller", "at": [1, 6], "claim": "red", "power_used": False}],
        "dragons": {"red": {"at": [4, 5], "cavern": [0, 0]},
                    "blue": {"at": [6, 1], "cavern": [9, 9]}},
        "gambles": [{"owner": "blue", "at": [3, 8]}],
        "chest": {"at": [8, 4], "coins": 3},
        "turn": "red",
    }


def _view() -> BoardView:
    view = BoardView(BoardSpec.plain(10, 10))
    view.set_rect(pygame.Rect(0, 0, 424, 424))
    return view


def _pixels(view: BoardView, doc: dict, **kw) -> bytes:
    surface = pygame.Surface((424, 424))
    view.draw(surface, doc, **kw)
    return pygame.image.tobytes(surface, "RGB")


def test_the_pieces_are_drawn_once_while_nothing_changes():
    view = _view()
    doc = _doc()
    for t in (0.0, 0.1, 0.2):  # the acting dragon's halo pulses: drawn live
        _pixels(view, doc, t=t)
    assert view._pieces_layer.made == 1


def test_every_change_a_player_sees_redraws_the_layer():
    """A kept layer never shows a stale board: after each change the picture is the one
    a fresh view draws."""
    changes = [
        lambda d: d["settlements"][2].update(claim="gold"),
        lambda d: d["settlements"][0].update(kind="ruin"),
        lambda d: d["places"][0].update(power_used=True),
        lambda d: d["dragons"]["blue"].update(at=[6, 2]),
        lambda d: d["dragons"]["red"].update(cavern=[0, 1]),
        lambda d: d["gambles"].clear(),
        lambda d: d["chest"].update(coins=4),
        lambda d: d.update(turn="blue"),
    ]
    view = _view()
    doc = _doc()
    _pixels(view, doc, t=0.5)
    for i, change in enumerate(changes):
        doc = copy.deepcopy(doc)
        change(doc)
        assert _pixels(view, doc, t=0.5) == _pixels(_view(), doc, t=0.5), i
    assert _pixels(view, doc, t=0.5, hidden=("dragon/red",)) == \
        _pixels(_view(), doc, t=0.5, hidden=("dragon/red",))


def test_the_base_layer_follows_zoom_and_the_grid_setting():
    view = _view()
    doc = _doc()
    _pixels(view, doc)
    view.zoom(1.5)
    assert _pixels(view, doc) != _pixels(_view(), doc)
    fresh = _view()
    fresh.zoom(1.5)
    assert _pixels(view, doc) == _pixels(fresh, doc)
    view.set_look(show_grid=False, reduce_motion=False)
    fresh.set_look(show_grid=False, reduce_motion=False)
    assert _pixels(view, doc) == _pixels(fresh, doc)


def test_a_recorder_replays_its_blits_around_a_live_mark():
    dot = pygame.Surface((2, 2))
    dot.fill((255, 0, 0))
    rec = blit_cache.Recorder()
    rec.blit(dot, (1, 1))
    rec.mark()
    rec.blit(dot, pygame.Rect(5, 5, 2, 2))
    out = pygame.Surface((10, 10))
    seen = []

    def live(i: int) -> None:  # drawn after the first blit, under the second
        seen.append(out.get_at((1, 1))[:3])
        out.fill((0, 0, 255), (4, 4, 4, 4))

    blit_cache.replay(out, rec, live)
    assert seen == [(255, 0, 0)]
    assert out.get_at((5, 5))[:3] == (255, 0, 0) and out.get_at((7, 7))[:3] == (0, 0, 255)


def _model(coins: int) -> PanelModel:
    row = DragonRow(name="red", label="Red", who="You", coins=coins, treasure=0, tokens=0,
                    rings=3, rings_total=10, card=None, score=0, turn_index=0, is_turn=True,
                    deciding=False)
    return PanelModel(round=2, phase="action", target=50, chest_coins=4, cards=False,
                      turn="red", actions_left=3, rows=[row])


def test_the_panel_rows_redraw_only_when_they_change():
    pygame.font.init()
    view = PanelView(Look())
    rect = pygame.Rect(0, 0, 300, view.height(1))

    def drawn(model: PanelModel) -> bytes:
        surface = pygame.Surface(rect.size)
        surface.fill((20, 20, 30))
        view.draw(surface, rect, model)
        return pygame.image.tobytes(surface, "RGB")

    first = drawn(_model(5))
    tips = list(view.tips)
    assert drawn(_model(5)) == first and view.tips == tips  # shown again, tips kept
    assert drawn(dataclasses.replace(_model(5), rows=[
        dataclasses.replace(_model(5).rows[0], coins=6)])) != first
    assert drawn(_model(5)) == first


def test_the_board_screen_covers_every_pixel_so_the_window_skips_its_clear(app):
    """The App no longer clears the window under the board screen (covers_screen): a
    pixel the screen left undrawn would show the last frame's picture."""
    scene = app.push(GameScene(app, played(2, 2)))
    run(app, 2)
    assert scene.covers_screen
    for log in (True, False):
        app.settings.show_log = log
        run(app, 1)
        screen = pygame.display.get_surface()
        screen.fill((255, 0, 255))
        scene.draw(screen)
        left = pygame.mask.from_threshold(screen, (255, 0, 255), (1, 1, 1, 255))
        assert left.count() == 0, left.get_bounding_rects()


def test_the_action_bar_redraws_when_a_slot_or_the_hover_changes(app):
    scene = app.push(GameScene(app, played(2, 2)))
    run(app, 2)
    bar = scene.bar
    bar.set_slots([dataclasses.replace(s, answers=[{"do": s.key}]) if i % 2 else s
                   for i, s in enumerate(idle_slots("waiting"))])
    screen = pygame.display.get_surface()

    def drawn() -> bytes:
        screen.fill((0, 0, 0))
        bar.draw(screen)
        area = bar.rect.inflate(0, 4).clip(screen.get_rect())
        return pygame.image.tobytes(screen.subsurface(area), "RGB")

    first = drawn()
    assert drawn() == first
    on = next(i for i, slot in enumerate(bar.slots) if slot.enabled)
    bar.hover = on  # an enabled slot lights up under the mouse
    hovered = drawn()
    assert hovered != first
    bar.hover = None
    assert drawn() == first
    bar.selected = bar.slots[on].key
    assert drawn() != first
    bar.selected = None
    bar.slots[on] = dataclasses.replace(bar.slots[on], answers=[])
    assert drawn() != first


def _sprite(size, rgba) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    pygame.draw.ellipse(s, rgba, s.get_rect())
    return s


def test_a_baked_picture_with_patches_is_the_picture_drawn_in_order():
    """Terrain, then translucent fills (under), then pieces: baking the pieces onto the
    terrain and patching the fills in gives the same pixels, overlaps included."""
    base = pygame.Surface((60, 60))
    for y in range(60):
        base.fill((y * 4, 120, 200 - y * 3), (0, y, 60, 1))
    pieces = [(_sprite((20, 20), (200, 40, 40, 255)), (5, 5)),
              (_sprite((30, 16), (40, 200, 40, 140)), (15, 12)),
              (_sprite((12, 12), (250, 250, 250, 90)), (30, 30))]
    fill = pygame.Surface((18, 18), pygame.SRCALPHA)
    fill.fill((255, 214, 80, 90))
    fill.set_alpha(200)
    under = [(fill, (10, 10)), (fill, (20, 16)), (fill, (40, 40))]  # two overlap
    origin = (7, 3)

    def moved(ops):
        return [(s, (x + origin[0], y + origin[1])) for s, (x, y) in ops]

    expected = pygame.Surface((80, 80))
    expected.blit(base, origin)
    expected.blits(moved(under) + moved(pieces))
    got = pygame.Surface((80, 80))
    baked = blit_cache.Baked()
    got.blit(baked.get(("k",), base, origin, moved(pieces)), origin)
    baked.patch(got, base, origin, moved(under))
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(expected, "RGB")
    assert baked.get(("k",), base, origin, moved(pieces)) is baked.picture and baked.made == 1

"""The UI audit (tools/ui_audit.py): a fast subset of screens at the smallest window in
both palettes has no text cut off and none below 4.5:1; and the audit itself catches a
cut label and grey-on-grey text."""

import pygame

from game.board import BoardSpec
from game.ui import piece_audit
from game.ui.audit import Audit, contrast
from game.ui.board_view import BoardView
from game.ui.scene import Scene
from tools.ui_audit import PALETTES, pieces, run


def test_fast_audit_is_clean():
    lines = []
    n, clipped, low = run([(1024, 640)], list(PALETTES), [1.0], fast=True, out=lines.append)
    assert n >= 12
    assert (clipped, low) == (0, 0), "\n".join(lines[:40])


def test_audit_finds_cut_and_faint_text(app):
    class Bad(Scene):
        def draw(self, surface):
            look = self.look
            surface.fill((36, 38, 48))
            faint = look.text("faint words", look.fs(14), (80, 80, 86))
            surface.blit(faint, (20, 20))
            cut = look.fit_text("a label far too long for its slot", look.font(14), 60,
                                (240, 240, 240))
            surface.blit(cut, (20, 60))
            a = look.text("first", look.fs(14), (240, 240, 240))
            surface.blit(a, (20, 100))
            surface.blit(look.text("second", look.fs(14), (240, 240, 240)), (30, 102))

    audit = Audit()
    audit.install()
    try:
        app.look._texts.clear()
        app.look._fonts.clear()
        app.look._fitted.clear()
        app.push(Bad(app))
        found = audit.frame(app)
    finally:
        audit.uninstall()
    kinds = {(f.kind, f.text) for f in found}
    assert ("contrast", "faint words") in kinds
    assert ("clipped", "a label far too long for its slot") in kinds
    assert ("clipped", "second") in kinds


def test_wcag_ratio():
    assert round(contrast((0, 0, 0), (255, 255, 255)), 1) == 21.0
    assert contrast((112, 110, 112), (36, 38, 48)) < 4.5
    assert pygame  # the module is loaded for the scenes


def test_pieces_read_at_a_glance_on_a_20x20_map():
    """Issue 34: every piece >= 28 px and >= 90% unhidden at 1280x720 (8 dragons)."""
    lines: list[str] = []
    n, small, hidden = pieces(out=lines.append)
    assert n >= 40
    assert (small, hidden) == (0, 0), "\n".join(lines)


def test_piece_audit_sees_a_piece_under_a_ring():
    view = BoardView(BoardSpec(width=20, height=20))
    view.set_rect(pygame.Rect(0, 0, 584, 584))
    doc = {"dragons": {}, "places": [], "chest": None,
           "settlements": [{"kind": "town", "at": [3, 3], "claim": "red"}]}
    assert piece_audit.measure(view, doc)[0].unhidden > 0.9
    # a ring as big as the piece, on it: the audit must notice
    view.ring_rect = lambda at, size=1: view.piece_rect(tuple(at), size)  # type: ignore
    assert piece_audit.measure(view, doc)[0].problem()

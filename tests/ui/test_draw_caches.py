"""What a frame draws again and again is measured and rendered once: fitted texts (the
Look) and the action bar's label lines, with the same results as measured afresh."""

import pygame

from game.ui.action_bar import ActionBar
from game.ui.app import App
from game.ui.audit import Audit
from game.ui.log_view import LogView
from game.ui.settings import Settings
from game.ui.theme import Look


def test_fitted_texts_are_rendered_once_and_the_same(app):
    look = Look()
    font = look.font(15)
    long = "Steal from the cavern of the dragon far away " * 3
    a = look.fit_text(long, font, 120, (239, 230, 210))
    assert look.fit_text(long, font, 120, (239, 230, 210)) is a
    fresh = look._fit_text(long, font, 120, (239, 230, 210))
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(fresh, "RGBA")
    assert look.fit_text(long, font, 140, (239, 230, 210)) is not a
    # an unhashable colour is drawn, not cached
    c = look.fit_text("Red", font, 120, pygame.Color(214, 56, 48))
    assert c.get_width() > 0


def test_the_action_bar_measures_each_label_once(app):
    bar = ActionBar(Look(1.25))
    for label in ("Move", "Steal from cavern", "Claim Settlement", "Abandon Claim"):
        for width in (40, 70, 120):
            first = bar.label_lines(label, width)
            assert first == bar._label_lines(label, width) == bar.label_lines(label, width)
    lines, _ = bar.label_lines("Steal from cavern", 70)
    lines.append("changed by a caller")
    assert bar.label_lines("Steal from cavern", 70)[0] != lines


def test_the_log_renders_each_word_once_and_wraps_to_the_same_rows(app):
    log = LogView(app.look)
    for i in range(30):
        log.note(f"Red moves to the town at ({i}, 5) and the bank pays Red {i} coins")
    log.build(app.ui, pygame.Rect(0, 0, 260, 200))
    first = [pygame.image.tobytes(r, "RGBA") for r in log.rows]
    words = len(log._words)
    assert words < 30 * 8  # "Red", "moves", "the" ... once each
    log._rewrap()
    assert [pygame.image.tobytes(r, "RGBA") for r in log.rows] == first
    assert len(log._words) == words
    log._words.clear()
    log._sizes.clear()
    log._rewrap()  # measured and rendered afresh: the same rows
    assert [pygame.image.tobytes(r, "RGBA") for r in log.rows] == first


def test_wrapped_lines_are_measured_once_and_the_same(app):
    look = Look()
    font = look.font(15)
    text = "Red's cavern, where its coins are kept, is just above you.\nFly to (3, 5)."
    lines = look.wrap(text, font, 180)
    assert lines == look._wrap(text, font, 180) and len(lines) > 2
    lines.append("changed by a caller")
    assert look.wrap(text, font, 180) == look._wrap(text, font, 180)
    assert look.wrap(text, font, 400) == look._wrap(text, font, 400) != look._wrap(text, font, 180)


def test_texts_are_shared_across_windows_but_not_under_the_audit():
    seen = []
    for watched in (False, False, True):
        a = App(Settings(), size=(1280, 720), fullscreen=False)
        audit = Audit()
        if watched:
            audit.install()
        try:
            surf = a.look.text("Narby Conquest", a.look.fs(40), (226, 176, 72), bold=True)
            fresh = a.look.font(a.look.fs(40), bold=True).render("Narby Conquest", True,
                                                                 (226, 176, 72))
            assert pygame.image.tobytes(surf, "RGBA") == pygame.image.tobytes(fresh, "RGBA")
            seen.append(surf)
            if watched:  # rendered afresh, through the audit's font: it knows the text
                assert surf is not seen[0] and audit.texts[id(surf)][0] == "Narby Conquest"
        finally:
            audit.uninstall()
            a.close()
    assert seen[1] is seen[0]

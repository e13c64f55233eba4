"""The roll on screen (issue 33, snag 4): the d20 shows only the rolled number, and the
status line names the result only once the die has landed."""

from __future__ import annotations

import pygame

from game.ui import dice_anim
from game.ui.dice_anim import TUMBLE, draw_die, rolling_words, tray_rect
from game.ui.event_animation import Step
from game.ui.scenes.game import GameScene
from game.ui.screenshot import played
from game.ui.theme import Look
from tests.ui.conftest import run

ROLL = {"type": "roll", "dragon": "red", "purpose": "steal", "die": 20, "face": 7,
        "total": 7, "mods": [], "row": "Steal 1 coin"}
PRINTED_RED = (160, 40, 40)  # the "20" printed on the d20 sprite


def _reds(surface) -> int:
    n = 0
    for x in range(surface.get_width()):
        for y in range(surface.get_height()):
            r, g, b, *_ = surface.get_at((x, y))
            if r > 120 and g < 90 and b < 90:
                n += 1
    return n


def test_the_d20_shows_the_rolled_number_not_its_printed_20(app):
    size = 96
    bare = pygame.Surface((size, size))
    bare.fill((20, 40, 20))
    sprite = app.look.sprite("die/d20", size)
    bare.blit(sprite, sprite.get_rect(center=(size // 2, size // 2)))
    assert _reds(bare) > 10  # the sprite's own "20"
    for progress in (0.2, 1.0):
        s = pygame.Surface((size, size))
        s.fill((20, 40, 20))
        draw_die(s, app.look, (size // 2, size // 2), size, 20, 7, progress, ROLL)
        assert _reds(s) == 0


def test_the_status_line_waits_for_the_die_to_land(app):
    assert rolling_words("dice", [ROLL], TUMBLE / 2) == "Red rolls for steal…"
    assert rolling_words("dice", [ROLL], TUMBLE) is None
    scene = app.push(GameScene(app, played(2, 2)))
    run(app, 2)
    step = Step("dice", [ROLL], 1.0)
    scene.animation.current = step
    step.t = 0.2
    text, _ = scene._prompt_text()
    assert "7" not in text and "rolls for steal" in text
    step.t = 0.9
    text, _ = scene._prompt_text()
    assert "7" in text
    scene.animation.current = None


def _tray_shows_roll_beside_board(app, scene):
    """The roll step drawn: the tray rect lies off the board's frame, and the board's
    pixels are the same with and without the roll on screen."""
    board = scene.view.board_rect()
    tray = tray_rect(app.look, scene.board_area, board, scene.panel_rect)
    assert not tray.colliderect(board.inflate(8, 8)), (tray, board)
    scene.animation.current = None
    app.draw()
    before = pygame.image.tobytes(app.screen.subsurface(board), "RGB")
    step = Step("dice", [ROLL], 1.0)
    step.t = 0.9  # landed: the total and row show
    scene.animation.current = step
    app.draw()
    after = pygame.image.tobytes(app.screen.subsurface(board), "RGB")
    scene.animation.current = None
    return before == after


def test_the_dice_roll_in_a_tray_beside_the_board_never_over_it(app):
    """Issue 34: at the window's size, a 20x20 map: the roll is drawn off the board."""
    scene = app.push(GameScene(app, played(2, 2)))
    run(app, 2)
    scene.factor_override = 0.0
    assert _tray_shows_roll_beside_board(app, scene)


def test_the_tray_goes_beside_the_board_or_into_the_panel():
    look = Look()
    area, panel = pygame.Rect(0, 40, 935, 596), pygame.Rect(935, 0, 345, 720)
    board = pygame.Rect(0, 0, 560, 560)
    board.center = area.center
    beside = tray_rect(look, area, board, panel)
    assert area.contains(beside) and not beside.colliderect(board)
    filled = area.inflate(-20, -20)  # the board fills its area: no room beside it
    docked = tray_rect(look, area, filled, panel)
    assert panel.contains(docked)


def test_the_narrow_tray_never_cuts_who_rolls_for_what(app):
    """Played at 100% (issue 33): the tray beside the board read "The table rolls / for
    place of po…" and "Location for the…". Every headline now wraps whole in the
    narrowest tray."""
    look = app.look
    tray = pygame.Rect(0, 0, look.px(150), look.px(224))  # the narrowest side tray
    cut: list[str] = []
    fit = look.fit_text

    def watch(s, font, width, colour):
        if font.size(s)[0] > width:
            cut.append(s)
        return fit(s, font, width, colour)

    look.fit_text = watch
    try:
        for purpose in dice_anim.PURPOSE_WORDS:
            for who in (None, "purple"):
                event = dict(ROLL, purpose=purpose, dragon=who)
                surface = pygame.Surface(tray.size)
                dice_anim.draw_roll(surface, look, tray, event, 0.2)
            where = [dict(ROLL, die=12, face=3, purpose=purpose) for _ in range(2)]
            dice_anim.draw_location(pygame.Surface(tray.size), look, tray, where, purpose, 1.0)
    finally:
        del look.fit_text
    assert cut == []

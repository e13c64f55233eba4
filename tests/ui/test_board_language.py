"""The board in the player's language (issue 38): switching language in a running
window changes what the board draws at once; a hint in German is still known as one
and goes after the next answer; the setup card counts cities properly."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.ui import hints
from game.ui.action_bar import ActionBar
from game.ui.event_animation import setup_lines
from game.ui.panel import panel_model
from game.ui.scenes.game import GameScene
from game.ui.screenshot import played
from tests.ui.conftest import run


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _board(app):
    scene = app.push(GameScene(app, played(2, 2)))
    scene.factor_override = 0.0
    run(app, 3)
    return scene


def _headline(scene) -> str:
    return panel_model(scene.shown, scene.c.seats).headline()


def test_switching_language_in_a_running_window_changes_the_board(app):
    scene = _board(app)
    assert _headline(scene).startswith("Round ")
    i18n.set_language("de")
    run(app, 1)
    assert _headline(scene).startswith("Runde ")
    i18n.set_language("ja")
    run(app, 1)
    assert _headline(scene).startswith("ラウンド")
    i18n.set_language("en")
    assert _headline(scene).startswith("Round ")


def test_a_hint_in_german_is_known_and_goes_after_the_next_answer(app):
    i18n.set_language("de")
    scene = _board(app)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    assert scene.banner_error.startswith("Tipp: ") and hints.is_hint(scene.banner_error)
    assert scene.tip is not None and hints.is_hint(scene.tip[0][0])
    scene.submit_answer(scene.hinted[1], confirmed=True)
    run(app, 2)
    assert scene.hinted is None and not hints.is_hint(scene.banner_error)
    assert scene.tip is None or not hints.is_hint(str(scene.tip[0][0]))


def test_the_setup_card_counts_cities_not_citys():
    events = [{"type": "placed", "piece": "city"}] * 2 + [{"type": "placed", "piece": "town"}]
    assert "Settlements: 2 cities, 1 town" in setup_lines(events)
    i18n.set_language("pl")
    five = setup_lines([{"type": "placed", "piece": "town"}] * 5)
    assert "Osady: 5 wiosek" in five


@pytest.mark.parametrize("label", ["Kapliczka Anielskiej Gwiazdy", "Engelsstern-Schrein"])
def test_a_long_slot_label_breaks_rather_than_being_cut(app, label):
    bar = ActionBar(app.look)
    width = app.look.px(84)
    lines, size = bar.label_lines(label, width)
    font = app.look.font(size, bold=True)
    assert len(lines) > 1 and all(font.size(x)[0] <= width for x in lines), lines
    assert "".join(lines).replace(" ", "") == label.replace(" ", "")


def test_the_log_says_its_earlier_lines_again_in_a_new_language():
    """A switch of language left the lines already in the log in the old one."""
    import pygame  # noqa: PLC0415
    import pygame_gui  # noqa: PLC0415

    from game import i18n  # noqa: PLC0415
    from game.ui.log_view import LogView  # noqa: PLC0415
    from game.ui.theme import Look  # noqa: PLC0415

    pygame.init()
    try:
        screen = pygame.display.set_mode((640, 480))
        ui = pygame_gui.UIManager(screen.get_size())
        log = LogView(Look())
        log.build(ui, pygame.Rect(0, 0, 400, 300))
        log.add({"type": "turn", "dragon": "red"})
        assert log.text_lines() == ["Red's turn"]
        i18n.set_language("de")
        log.build(ui, pygame.Rect(0, 0, 400, 300))  # the screen is built again
        assert "Rot" in log.text_lines()[0] and "turn" not in log.text_lines()[0]
    finally:
        i18n.set_language("en")
        pygame.quit()


def test_an_odds_tip_and_the_undone_line_name_a_place_in_the_players_language():
    """Seen in French: 'Détruire : Tower of Unquenched Flame at (16, 13)' (the engine's
    Words were looked up whole instead of rendered)."""
    from game import i18n  # noqa: PLC0415
    from game.session import answer_words  # noqa: PLC0415
    from game.words import shown  # noqa: PLC0415

    i18n.set_language("fr")
    try:
        words = shown(answer_words({"power": "tower_of_unquenched_flame"}))
        assert "Tower" not in words and words
        # _() given the engine's Words renders them too (odds.py looked one up whole)
        assert i18n._(answer_words({"power": "tower_of_unquenched_flame"})) == words
    finally:
        i18n.set_language("en")


def test_the_dice_tray_says_the_chart_row_in_the_players_language():
    """A roll event keeps the engine's English row (saves and replays keep it so); the
    tray and the status line say it in the player's language, as the log does."""
    from game.log import describe  # noqa: PLC0415
    from game.ui.dice_anim import landed_words  # noqa: PLC0415
    event = {"type": "roll", "purpose": "steal", "dragon": "red", "die": 20, "face": 17,
             "mods": [], "total": 17, "row": "16-19 Theft"}
    assert "16-19 Theft" in landed_words(event)
    i18n.set_language("de")
    words = landed_words(event)
    assert "16-19 Diebstahl" in words and "Theft" not in words
    assert "Diebstahl" in describe(event)  # the log says the same


def test_a_message_and_the_undo_tip_follow_a_change_of_language(app):
    """A banner ("Undone: ...") stayed in English after the player switched to German
    in Settings, and so did the Undo button's tip (cached for the position)."""
    scene = _board(app)
    scene.show_error("Undone: Red moves", "green")
    scene.undo_state = None
    scene.undo_handover.refresh()
    english_tip = scene.undo_btn.tool_tip_text
    i18n.set_language("de")  # (as Settings' picker does, without storing the choice)
    run(app, 1)
    assert scene.banner_error == ""
    assert scene.undo_btn.tool_tip_text != english_tip
    scene.show_error("Rückgängig", "green")
    app.rebuild()  # a resize builds the screen again: a message in use stays
    assert scene.banner_error == "Rückgängig"

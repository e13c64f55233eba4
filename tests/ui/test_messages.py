"""A screen's message line (an error) wraps instead of being cut (widgets.Message):
random input found New game's seed error cut short in Spanish, one line too long for
the one-line label it was."""

import pytest

from game import i18n
from game.persistence import saves
from game.ui import settings as settings_mod
from game.ui.app import App
from game.ui.scenes.load import LoadScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.widgets import Message
from game.ui.settings import Settings
from tests.hostile import good_session
from tests.ui.conftest import run

LANGUAGES = ("en", "de", "fr", "es", "pl", "ja")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")
    settings_mod.run_language = None


def _fits(msg: Message) -> bool:
    """Every laid-out line inside the box, and no scroll bar."""
    rows = msg.text_box_layout.layout_rows
    return msg.scroll_bar is None and bool(rows) and rows[-1].bottom <= msg.rect.h


@pytest.mark.parametrize("code", LANGUAGES)
def test_new_games_seed_error_is_shown_whole_in_every_language(code):
    app = App(Settings(language=code), size=(1280, 720), fullscreen=False)
    app.catch_crashes = False
    try:
        ng = app.push(NewGameScene(app))
        run(app, 2)
        ng.seed.set_text("9" * 80)  # more digits than a seed may have
        ng.start()
        run(app, 2)
        assert ng.error and ng.error_label.text == ng.error
        assert _fits(ng.error_label), ng.error
    finally:
        app.close()


def test_a_long_map_problem_wraps_onto_a_second_line(app):
    ng = app.push(NewGameScene(app))
    run(app, 2)
    one = Message(app.ui, ng.error_label.home, "Short.")
    ng._show_error("Riverfell cannot be played: the layer 'Places' has an object 'Shrine "
                   "of the Old Ones' outside the map at (41, 3), and two caverns overlap")
    run(app, 2)
    msg = ng.error_label
    assert _fits(msg)
    assert len(msg.text_box_layout.layout_rows) == 2
    assert len(one.text_box_layout.layout_rows) == 1
    assert msg.rect.y < one.rect.y  # two lines start at the top, one sits in the middle
    one.kill()


def test_message_takes_plain_text_not_html(app):
    msg = Message(app.ui, (0, 0, 300, 40), "a <b> & c")
    assert msg.text == "a <b> & c" and "&lt;b&gt;" in msg.html_text
    msg.set_text("")
    assert msg.text == "" and msg.html_text == ""


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_maps_folder_line_fits_in_every_language(code, tmp_path, monkeypatch):
    # random input found it 24 px too wide in Japanese: the path was cut by the board's
    # font, the label drew it in the language's own
    deep = tmp_path / "narby-monkey-9vk8q0ie" / ("seed109-3xl4bgi4-" * 3) / "data"
    monkeypatch.setenv("NARBY_DATA_DIR", str(deep))
    app = App(Settings(language=code), size=(1188, 800), fullscreen=False)  # found so
    app.catch_crashes = False
    try:
        ng = app.push(NewGameScene(app))
        run(app, 2)
        lab = ng.folder_label
        assert "…" in lab.text
        assert lab.font.size(lab.text)[0] <= lab.rect.w
    finally:
        app.close()


def test_the_load_screens_message_takes_three_lines_above_its_buttons(app, data_dir):
    saves.save_game(good_session(), "Evening game", data_dir)
    scene = app.push(LoadScene(app))
    run(app, 2)
    scene.error = ("/home/player/.local/share/narby-conquest/saves/evening-game.json cannot "
                   "be opened: it was saved on a map that is no longer in your maps folder "
                   "(riverfell-v2.tmx)")
    scene._refresh_buttons()
    run(app, 2)
    msg = scene.message
    assert _fits(msg) and len(msg.text_box_layout.layout_rows) == 3
    assert msg.rect.bottom <= scene.buttons["back"].rect.top  # above the buttons


@pytest.mark.parametrize("code,scale", [("fr", 1.25), ("pl", 1.5), ("de", 1.0)])
def test_new_games_notes_wrap_to_the_column(monkeypatch, code, scale):
    """Random input found two notes cut in French at 125% in a tall window (79 and 95 px
    past the column) and the hot-seat note in Polish at 200%."""
    monkeypatch.setattr("game.ui.scenes.new_game._first_run", lambda app: False)
    app = App(Settings(language=code, ui_scale=scale), size=(1300, 1400), fullscreen=False)
    app.catch_crashes = False
    try:
        ng = app.push(NewGameScene(app))
        ng.setup.seats[1].kind = "human"  # hot-seat: the longest mode note
        ng._place_notes()
        run(app, 2)
        assert len(ng.notes) >= 3
        for note in ng.notes:
            assert note.font.size(note.text)[0] <= note.rect.w, note.text
        words = " ".join(note.text for note in ng.notes).split()
        for text in (i18n._("Random dragons are drawn with a d20, as the rules say."),
                     i18n._("AI seats think in the background: the window never waits.")):
            assert " ".join(text.split()) in " ".join(words)
        assert len(ng.notes) > 3 or code == "de"  # French and Polish need two lines
    finally:
        app.close()

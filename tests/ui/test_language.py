"""Choosing the language (issue 38): Settings' picker applies at once to the screen in
front and those beneath, is remembered, and Japanese is drawn in a font that has it."""

from __future__ import annotations

import json
import re

import pygame
import pytest

from game import i18n
from game.cli import main as cli_main
from game.persistence.saves import auto_name
from game.ui import art
from game.ui import settings as settings_mod
from game.ui.app import App
from game.ui.scenes.help import HelpOverlay
from game.ui.scenes.keys_scene import KeysScene
from game.ui.scenes.load import LoadScene
from game.ui.scenes.load_rows import shown_name
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.records_screen import RecordsScene
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.settings import Settings
from game.ui.theme import Look
from game.ui.words import save_name
from tests.ui.conftest import run


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")
    settings_mod.run_language = None


def _window(**kw) -> App:
    a = App(Settings(**kw), size=(1024, 640), fullscreen=False)
    a.catch_crashes = False
    return a


def _pick(scene: SettingsScene, code: str) -> None:
    """Step the language control to `code`, as clicks on it would."""
    cycler = scene.cyclers["language"]
    while cycler.value != code:
        cycler.step(1)


def test_picking_deutsch_shows_settings_then_the_menu_in_german(config_dir):
    a = _window(language="en")
    try:
        a.push(MenuScene(a))
        settings = a.push(SettingsScene(a))
        run(a, 2)
        assert settings.title.text == "Settings"
        _pick(settings, "de")
        run(a, 2)
        assert a.top is settings and settings.title.text == "Einstellungen"
        assert settings.apply.text == "Übernehmen" and settings.back.text == "Zurück"
        assert settings.cyclers["language"].value == "de"  # still the picked one
        assert json.loads((config_dir / "settings.json").read_text())["language"] == "de"
        settings.cancel()  # Back: the menu beneath was rebuilt in German too
        run(a, 2)
        menu = a.top
        assert isinstance(menu, MenuScene)
        assert menu.buttons["new"].text == "Neues Spiel"
        assert menu.buttons["settings"].text == "Einstellungen"
    finally:
        a.close()
    i18n.set_language("en")
    b = App(size=(1024, 640), fullscreen=False)  # a new start reads the stored choice
    try:
        assert b.settings.language == "de" and i18n.language() == "de"
        menu = b.push(MenuScene(b))
        run(b, 1)
        assert menu.buttons["quit"].text == "Beenden"
    finally:
        b.close()


def test_other_unapplied_choices_survive_a_change_of_language():
    a = _window(language="en")
    try:
        settings = a.push(SettingsScene(a))
        settings.cyclers["pace"].step(1)  # slow -> normal -> fast ...: not applied yet
        chosen = settings.cyclers["pace"].value
        _pick(settings, "fr")
        assert settings.cyclers["pace"].value == chosen
        assert a.settings.pace == "normal"  # still only chosen, not applied
    finally:
        a.close()


def _no_tofu(font, text: str) -> bool:
    return all(m is not None for m in font.get_metrics(text)) if hasattr(
        font, "get_metrics") else all(m is not None for m in font.metrics(text))


def test_japanese_menu_has_every_glyph(config_dir):
    a = _window(language="en")
    try:
        a.push(MenuScene(a))
        settings = a.push(SettingsScene(a))
        _pick(settings, "ja")
        settings.cancel()
        run(a, 2)
        menu = a.top
        for key in ("new", "learn", "settings", "quit"):
            b = menu.buttons[key]
            assert any(ord(ch) > 0x3000 for ch in b.text), b.text  # really Japanese
            assert _no_tofu(b.font, b.text), b.text
        # the board's own text (Look.text, game.ui.art.font) has them too
        assert "NotoSansJP" in art.font_files()[0]
        assert _no_tofu(a.look.font(20), "新しいゲーム・盗賊の勝利！")
        # and back in English: the game's own Noto Sans again
        settings = a.push(SettingsScene(a))
        _pick(settings, "en")
        assert art.font_files()[0].endswith("NotoSans-Regular.ttf")
    finally:
        a.close()


def test_first_start_follows_the_system_locale_and_stores_it(config_dir, monkeypatch):
    monkeypatch.setattr(i18n, "system_language", lambda environ=None: "pl")
    a = App(size=(1024, 640), fullscreen=False)  # no settings file yet
    try:
        assert i18n.language() == "pl" and a.settings.language == "pl"
        assert json.loads((config_dir / "settings.json").read_text())["language"] == "pl"
    finally:
        a.close()


def test_a_stored_choice_beats_the_system_locale(config_dir, monkeypatch):
    settings_mod.save(Settings(language="es"))
    monkeypatch.setattr(i18n, "system_language", lambda environ=None: "pl")
    a = App(size=(1024, 640), fullscreen=False)
    try:
        assert i18n.language() == "es"
    finally:
        a.close()


def test_lang_on_the_command_line_is_for_this_run_only(config_dir, capsys):
    settings_mod.save(Settings(language="fr"))
    assert cli_main(["--lang", "ja", "--version"]) == 0
    assert settings_mod.run_language == "ja"
    a = App(size=(1024, 640), fullscreen=False)
    try:
        assert i18n.language() == "ja"
        assert a.settings.language == "fr"  # the stored choice is left alone
    finally:
        a.close()


def test_an_unknown_lang_says_which_languages_exist(capsys):
    assert cli_main(["--lang", "xx"]) == 2
    err = capsys.readouterr().err
    assert "no language 'xx'" in err and "de (Deutsch)" in err and "ja (日本語)" in err
    assert "Traceback" not in err


def _shown_words(a: App, drawn: list[str]) -> list[str]:
    """Every text on screen: the widgets' and what the scenes drew themselves."""
    out = list(drawn)
    for el in a.ui.get_root_container().elements:
        text = getattr(el, "text", None)
        if isinstance(text, str) and el.visible:
            out.append(text)
    return out


def _english(text: str) -> bool:
    # pseudo-language text is bracketed; a language's own name, the game's name, a
    # folder, numbers and key names are shown as they are
    if text in i18n.LANGUAGES.values() or "/" in text:
        return False
    text = re.sub(r"⟦[^⟧]*⟧", "", text)  # what is left outside the translated parts
    for name in i18n.LANGUAGES.values():
        text = text.replace(name, "")
    words = re.findall(r"[A-Za-z]{3,}", text)
    return any(w not in {"Esc", "Enter", "Home", "End", "Space", "Tab", "Ctrl", "Shift",
                         "Narby", "Conquest", "WASD", "PgUp", "PgDn", "Left", "Right", "Down"}
               for w in words)


@pytest.mark.parametrize("screen", ["menu", "settings", "keys", "help", "records", "load"])
def test_the_pseudo_language_leaves_no_english_on_the_screens(screen, monkeypatch):
    drawn: list[str] = []
    real = Look.text

    def text(self, s, *args, **kw):
        drawn.append(s)
        return real(self, s, *args, **kw)

    monkeypatch.setattr(Look, "text", text)
    i18n.set_language(i18n.PSEUDO)
    a = _window()
    try:
        a.push(MenuScene(a))
        scene = {"menu": None, "settings": SettingsScene, "keys": KeysScene,
                 "help": HelpOverlay, "records": RecordsScene, "load": LoadScene}[screen]
        if scene is not None:
            a.push(scene(a))
        drawn.clear()
        run(a, 2)
        a.draw()
        shown = _shown_words(a, drawn)
        assert sum("⟦" in t for t in shown) >= 2  # the screen's words were seen
        english = [t for t in shown if _english(t)]
        assert not english, f"{screen}: English left unmarked: {english}"
    finally:
        a.close()


def test_the_language_setting_reads_old_and_bad_files(config_dir):
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.json").write_text('{"pace": "fast"}')  # before issue 38
    s = settings_mod.load()
    assert s.language == "" and s.pace == "fast"
    (config_dir / "settings.json").write_text('{"language": "tlh"}')  # no such language
    assert settings_mod.load().language == ""
    (config_dir / "settings.json").write_text('{"language": ["de"]}')
    assert settings_mod.load().language == ""
    settings_mod.save(Settings(language="ja"))
    assert settings_mod.load().language == "ja"


def test_a_list_for_text_size_falls_back_too(config_dir):
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.json").write_text('{"text_size": ["large"], "pace": "slow"}')
    s = settings_mod.load()  # was a TypeError (a list looked up in a dict)
    assert s.text_size == "normal" and s.pace == "slow"


def test_japanese_wraps_between_characters_within_the_width():
    i18n.set_language("ja")
    pygame.font.init()
    look = Look(1.0)
    font = look.font(14)
    text = "Move（キー 1）をクリックし、次に光っているマス。キー：Tabか矢印で移動、Enterで選択。"
    lines = look.wrap(text, font, 200)
    assert len(lines) > 1 and all(font.size(line)[0] <= 200 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # nothing lost
    assert any("Tab" in line for line in lines)  # a Latin word is never cut
    assert look.wrap("one two three", font, 2000) == ["one two three"]


def test_an_automatic_save_name_is_shown_in_the_players_language():
    """Saves keep "Red vs Blue on Narby Vale" in the file; the Load screen, Continue and
    the Save dialog show it in the player's language, and a chosen name as typed."""
    dragons, title = ["red", "blue", "gold"], "Narby Vale"
    auto = auto_name(dragons, title)
    assert auto == "Red vs Blue vs Gold on Narby Vale"
    assert save_name(auto, dragons, title) == auto
    i18n.set_language("de")
    assert save_name(auto, dragons, title) == "Rot gegen Blau gegen Gold auf Narby Vale"
    assert save_name("Red vs Blue", dragons, title) == "Red vs Blue"  # typed: kept

    class Row:  # a Load screen entry's fields
        name, map_title = auto, title
    Row.dragons = dragons
    assert shown_name(Row) == "Rot gegen Blau gegen Gold auf Narby Vale"

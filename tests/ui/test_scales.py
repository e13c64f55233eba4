"""Issue 33: every screen usable at UI scales 85-200% and windows 1024x640 to 1920x1080.

A scale the window cannot hold is lowered to the largest that fits (and Settings says
so); the board's log keeps at least six lines with eight dragons; New game keeps the
seed row and its buttons clear of the preview."""

import pygame
import pygame_gui
import pytest

from game.persistence import saves
from game.ui import bindings, scale_fit
from game.ui import settings as settings_mod
from game.ui.app import App
from game.ui.controller import GameController, Seat
from game.ui.scenes import help as help_mod
from game.ui.scenes.game import LOG_ROWS, GameScene
from game.ui.scenes.keys_scene import KeysScene
from game.ui.scenes.load import LoadScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.settings import UI_SCALES, WINDOW_SIZES, Settings
from tests.helpers import scenario
from tests.ui.conftest import run

EIGHT = ("red", "blue", "green", "white", "black", "gold", "purple", "iron")


def _app(size, scale):
    a = App(Settings(ui_scale=scale, window=size, confirm_end_turn=False,
                     confirm_last_action=False), size=size, fullscreen=False)
    a.ai_mode = "sync"
    a.catch_crashes = False
    return a


def test_settings_offer_every_scale_and_the_small_window():
    assert UI_SCALES == (0.85, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0)
    assert (1024, 640) in WINDOW_SIZES and (1920, 1080) in WINDOW_SIZES


@pytest.mark.parametrize("size", [s for s in WINDOW_SIZES if s[0] <= 1920])
@pytest.mark.parametrize("scale", UI_SCALES)
def test_the_used_scale_fits_the_window_and_says_when_lowered(size, scale):
    used = scale_fit.used_scale(scale, size)
    assert 0.85 <= used <= scale
    assert used == scale or scale_fit.look_scale(scale, size) <= scale_fit.room(size)
    assert (scale_fit.note(scale, size) == "") == (used == scale)


def test_200_percent_in_the_smallest_window_is_lowered_in_words():
    assert scale_fit.note(2.0, (1024, 640)) == "200% needs a larger window: 125% is used"
    assert scale_fit.note(1.0, (1280, 720)) == ""
    assert scale_fit.used_scale(1.5, (2560, 1440)) == 1.5


@pytest.mark.parametrize("size, scale", [((1024, 640), 2.0), ((1280, 720), 1.5),
                                         ((1920, 1080), 2.0), ((1024, 640), 0.85)])
def test_the_log_keeps_six_lines_with_eight_dragons(size, scale):
    a = _app(size, scale)
    try:
        scene = a.push(GameScene(a, _eight_dragon_controller()))
        run(a, 2)
        assert scene.log.bar is not None and scene.log.visible_rows() >= LOG_ROWS
        assert scene.log_rect.bottom <= scene.panel_rect.bottom
        panel_bottom = scene.panel_top + scene.panel.height(len(EIGHT))
        assert panel_bottom <= scene.log_rect.y
    finally:
        a.close()


@pytest.mark.parametrize("size, scale", [((1024, 640), 2.0), ((1280, 720), 1.5),
                                         ((1280, 720), 1.3), ((1920, 1080), 2.0)])
def test_new_game_with_eight_seats_fits_and_keeps_its_buttons_off_the_preview(size, scale):
    a = _app(size, scale)
    try:
        scene = a.push(NewGameScene(a))
        while len(scene.setup.seats) < 8:
            scene.setup.seats.append(Seat("ai", "normal"))
        scene._rebuild()
        run(a)
        scene = a.top
        window = pygame.Rect((0, 0), size)
        for el in (scene.seed, scene.handover.button, scene.target.button, scene.add_btn,
                   scene.start_btn, scene.back_btn, scene.info,
                   *[w for row in scene.seat_rows for w in (row[1].button, row[3])]):
            assert window.contains(el.rect), el
        assert scene.seed.rect.bottom <= scene.back_btn.rect.top
        thumb_bottom = scene.thumb_top + scene.thumb_size
        assert thumb_bottom <= scene.back_btn.rect.top
        assert not scene.info.rect.colliderect(scene.back_btn.rect)
        assert not scene.info.rect.colliderect(scene.start_btn.rect)
    finally:
        a.close()


def test_settings_say_when_the_window_cannot_hold_the_scale():
    a = _app((1024, 640), 2.0)
    try:
        scene = a.push(SettingsScene(a))
        run(a)
        assert scene.scale_label.text == "200% needs a larger window: 125% is used"
        scene.cyclers["ui_scale"].set_value(1.0)
        scene._scale_note()
        assert scene.scale_label.text == ""
    finally:
        a.close()


def _eight_dragon_controller():
    m = scenario({name: dict(at=(2 + 4 * (i % 4), 2 + 5 * (i // 4)))
                  for i, name in enumerate(EIGHT)})
    return GameController.from_match(m, [Seat("human")] + [Seat("ai")] * 7, ai_mode="sync")


@pytest.mark.parametrize("size, scale", [((1024, 640), 2.0), ((1280, 720), 1.5),
                                         ((1024, 640), 1.0)])
def test_load_lists_every_dragon_and_its_buttons_fit(size, scale, data_dir, monkeypatch):
    saves.save_game(_eight_dragon_controller().session, "eight dragons", data_dir)
    a = _app(size, scale)
    a.data_dir = data_dir
    try:
        scene = a.push(LoadScene(a))
        run(a)
        drawn: list[str] = []
        real = type(scene.look).sprite

        def sprite(look, name, px):
            if name.startswith("dragon/"):
                drawn.append(name[7:])
            return real(look, name, px)

        monkeypatch.setattr(type(scene.look), "sprite", sprite)
        drawn.clear()
        scene._draw_detail(a.screen)
        assert sorted(drawn) == sorted(EIGHT)
        for b in scene.buttons.values():
            assert b.font.size(b.text)[0] + 8 <= b.rect.w, b.text
            assert pygame.Rect((0, 0), size).contains(b.rect)
    finally:
        a.close()


def test_text_size_grows_body_text_apart_from_the_ui_scale(config_dir):
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.json").write_text('{"text_size": "huge", "ui_scale": 1.0}')
    assert settings_mod.load().text_size == "normal"  # an unknown size: the default
    sizes = {}
    for name in ("small", "normal", "larger"):
        a = App(Settings(text_size=name), size=(1280, 720), fullscreen=False)
        try:
            assert a.look.scale == 1.0  # the UI scale is untouched
            sizes[name] = (a.look.body(14), a.look.fs(14))
        finally:
            a.close()
    assert sizes["small"][0] < sizes["normal"][0] < sizes["larger"][0]
    assert sizes["small"][1] == sizes["normal"][1] == sizes["larger"][1]


def test_text_size_is_applied_at_once_and_remembered(config_dir):
    a = _app((1280, 720), 1.0)
    try:
        a.push(SettingsScene(a))
        run(a)
        scene = a.top
        scene.cyclers["text_size"].set_value("large")
        scene.save()
        assert a.look.text_scale == settings_mod.TEXT_SIZES["large"]
        assert settings_mod.load().text_size == "large"
    finally:
        a.close()


def _key(scene, key):
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_keys_rebind_refuse_conflicts_in_words_and_reset(config_dir):
    a = _app((1280, 720), 1.0)
    try:
        a.push(SettingsScene(a))
        run(a)
        a.top.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                        ui_element=a.top.keys_btn))
        run(a)
        keys = a.top
        assert isinstance(keys, KeysScene)
        press = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                   ui_element=keys.keys["pace"])
        keys.handle(press)
        _key(keys, pygame.K_l)  # L shows the log
        assert keys.status == "Not changed: L already does 'show / hide the log'"
        keys.handle(press)
        _key(keys, pygame.K_1)  # 1 is Move on the action bar
        assert keys.status == "Not changed: 1 is kept for an action on the bar"
        keys.handle(press)
        _key(keys, pygame.K_v)
        assert keys.status == "V now does 'animation pace: slow, normal, fast, instant'"
        assert settings_mod.load().keys == {"pace": "v"}
        down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v")
        assert bindings.command_for(down) == "pace"
        old = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p")
        assert bindings.command_for(old) is None
        keys.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=keys.reset))
        assert settings_mod.load().keys == {}
        assert bindings.command_for(old) == "pace"
    finally:
        bindings.use({})
        a.close()


def test_chosen_keys_load_and_bad_ones_are_left_out(config_dir):
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.json").write_text(
        '{"keys": {"zoom_in": "n", "pan_left": "left", "fit": "no such key", '
        '"warp": "k", "pace": 7}}')
    s = settings_mod.load()
    assert s.keys == {"zoom_in": "n", "pan_left": "left", "fit": "no such key", "warp": "k"}
    a = App(s, size=(1024, 640), fullscreen=False)
    try:
        # Left is the board cursor's key: refused; an unknown name or command dropped
        assert bindings.chosen_names() == {"zoom_in": "n"}
    finally:
        bindings.use({})
        a.close()


def test_help_shows_a_rebound_key():
    bindings.use({"pace": "v"})
    try:
        rows = [k for _, items in help_mod.shortcuts() for k, _ in items]
        assert "V" in rows and "P" not in rows
    finally:
        bindings.use({})
    assert "P" in [k for _, items in help_mod.shortcuts() for k, _ in items]


@pytest.mark.parametrize("size, scale", [((1024, 640), 2.0), ((1024, 640), 1.3),
                                         ((1280, 720), 1.5)])
def test_the_pause_menu_fits_the_window(size, scale):
    a = _app(size, scale)
    try:
        scene = a.push(GameScene(a, _eight_dragon_controller()))
        run(a, 2)
        pause = a.push(PauseScene(a, scene))
        run(a)
        window = pygame.Rect((0, 0), size)
        assert window.contains(pause.rect)
        for b in pause.buttons.values():
            assert window.contains(b.rect) and pause.rect.contains(b.rect)
    finally:
        a.close()


def test_a_compact_row_tells_on_hover_what_it_leaves_out():
    a = _app((1024, 640), 2.0)
    try:
        scene = a.push(GameScene(a, _eight_dragon_controller()))
        run(a, 2)
        a.draw()
        assert scene.panel.compact
        rows = [(r, lines) for r, lines in scene.panel.tips if "coins" in lines[0]]
        assert len(rows) == len(EIGHT)
        r, lines = next((r, lines) for r, lines in rows if lines[1].startswith("acting"))
        name_spot = (r.x + r.w // 3, r.centery)
        assert scene.panel.tip_at(name_spot) == lines
    finally:
        a.close()


@pytest.mark.parametrize("scale", [1.0, 1.15, 1.25, 1.3, 1.5])
def test_the_status_line_keeps_its_key_hint_and_drops_the_card_first(scale):
    """Played at 125% and 150% (issue 33): "Green to act: 3 actions left (your card:
    Orienteer)  ·  keys 1-0, E ends" lost the keys to keep the card, which the panel
    shows anyway. The card goes first."""
    a = _app((1280, 720), scale)
    try:
        m = scenario({"red": dict(at=(5, 5), card="orienteer"), "blue": dict(at=(15, 15))})
        c = GameController.from_match(m, [Seat("human"), Seat("ai", "easy")],
                                      ai_mode="sync")
        scene = a.push(GameScene(a, c))
        run(a, 3)
        assert "your card" in scene._prompt_text()[0]
        assert scene.status_text.endswith("keys 1-0, E ends"), scene.status_text
        assert scene.status_rect.right <= scene.hint_btn.rect.x
    finally:
        a.close()


def test_a_long_saved_name_is_never_cut_in_the_pause_menu():
    """Saved by keys at 150% (issue 33): 'Saved as "Undead vs Blue vs Black vs Gold on
    …' was cut; the line then says where the save is."""
    a = _app((1280, 720), 1.5)
    try:
        scene = a.push(GameScene(a, _eight_dragon_controller()))
        run(a, 2)
        pause = a.push(PauseScene(a, scene))
        pause.note, pause.saved = 'Saved as "Undead vs Blue vs Black vs Gold on Narby Vale"', True
        a.draw()
        font = pause.look.font(pause.look.fs(14))
        assert font.size(pause.note_shown)[0] <= pause.rect.w - pause.look.px(24)
        assert pause.note_shown.startswith("Saved")
        pause.note = 'Saved as "Mine"'  # a short one keeps its name
        a.draw()
        assert pause.note_shown == 'Saved as "Mine"'
    finally:
        a.close()

"""Sound in the window (issue 21), under SDL's dummy audio driver: a whole instant-pace
AI game through the real mixer, M mutes, the Settings volumes and Test buttons, the
music's fades. Nothing here waits on a clock: the mixer runs on the frames' dt."""

from __future__ import annotations

import pygame

from game.ui import settings as settings_mod
from game.ui.controller import GameController, GameSetup, Seat
from game.ui.scenes.end import EndScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.help import SHORTCUTS
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.scenes.widgets import press
from game.ui.sound.mixer import GROUP_LIMIT, POOLS, PygameBackend
from tests.ui.conftest import run, until


def key(k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                         scancode=0))


def test_the_window_opens_the_dummy_audio_device(app):
    assert app.sound.available
    assert pygame.mixer.get_init() is not None


def test_an_instant_pace_ai_game_is_heard_within_the_limits(app):
    app.settings.pace = "instant"
    setup = GameSetup(seats=[Seat("ai", "easy") for _ in range(4)], seed=4, target=20)
    game = app.push(GameScene(app, GameController(setup, ai_mode="sync")))
    mx = app.sound.mixer
    assert app.sound.music.track == "game"
    worst = 0

    def check():
        nonlocal worst
        worst = max(worst, len(mx.channels))
        for k in {p.cue.key for p in mx.channels.values()}:
            assert sum(p.cue.key == k for p in mx.channels.values()) <= GROUP_LIMIT.get(k, 2)
        return isinstance(app.top, EndScene)

    until(app, check)
    m = game.c.match
    assert worst <= len(POOLS["effects"]) + len(POOLS["ui"])
    assert 3 <= len(mx.played) < len(m.events) / 4
    assert mx.played[-1][1] == "victory"  # no person at this screen: nobody lost
    assert app.sound.music.track is None  # faded out on the end screen


def test_m_mutes_and_unmutes_on_the_board_and_is_remembered(app):
    app.settings.pace = "instant"
    setup = GameSetup(seats=[Seat("human"), Seat("ai", "easy")], seed=5)
    game = app.push(GameScene(app, GameController(setup, ai_mode="sync")))
    run(app, 3)
    key(pygame.K_m)
    run(app, 1)
    assert app.settings.muted and settings_mod.load().muted
    assert app.sound.mixer.volumes["effects"] == 0
    assert "Sound off" in game.banner_error
    key(pygame.K_m)
    run(app, 1)
    assert not app.settings.muted and app.sound.mixer.volumes["effects"] > 0
    assert any(k == "M" for _, items in SHORTCUTS for k, _ in items)


def test_settings_volumes_apply_test_and_back(app):
    app.push(MenuScene(app))
    assert app.sound.music.track == "menu"
    scene = app.push(SettingsScene(app))
    run(app, 1)
    master = scene.cyclers["master_volume"]
    master.set_value(0.3)
    master.step(-1)  # 0.2, heard at once
    assert abs(app.sound.mixer.volumes["effects"] - 0.2 * 0.8) < 1e-9
    before = len(app.sound.mixer.played)
    press(scene.tests["effects_volume"])
    run(app, 1)
    assert len(app.sound.mixer.played) == before + 2  # the button's click, then dice
    assert app.sound.mixer.played[-1][1].startswith("dice_")
    key(pygame.K_ESCAPE)  # Back: nothing kept
    run(app, 1)
    assert app.settings.master_volume == 0.8
    assert abs(app.sound.mixer.volumes["effects"] - 0.8 * 0.8) < 1e-9
    scene = app.push(SettingsScene(app))
    run(app, 1)
    scene.cyclers["music_volume"].set_value(0.2)
    scene.cyclers["muted"].step(1)
    key(pygame.K_RETURN)  # Apply
    run(app, 1)
    saved = settings_mod.load()
    assert saved.music_volume == 0.2 and saved.muted


def test_pause_ducks_the_music_and_resume_restores_it(app):
    app.settings.pace = "instant"
    setup = GameSetup(seats=[Seat("human"), Seat("ai", "easy")], seed=6)
    game = app.push(GameScene(app, GameController(setup, ai_mode="sync")))
    run(app, 2)
    app.push(PauseScene(app, game))
    run(app, 90)
    assert app.sound.music.share == 0.35
    app.pop()
    run(app, 90)
    assert app.sound.music.share == 1.0


def test_music_is_not_decoded_for_the_silent_dummy_device(app, monkeypatch):
    """Under SDL's dummy audio driver (headless runs) nobody hears the music: the track
    is still chosen (the game's state), but its file is never loaded."""
    assert pygame.mixer.get_driver() == "dummy"

    def refuse(*args, **kwargs):
        raise AssertionError("music loaded for the dummy device")

    monkeypatch.setattr(pygame.mixer.music, "load", refuse)
    PygameBackend().music_play("music_menu", 0)
    app.sound.music.stop()
    app.sound.music.play("menu")
    assert app.sound.music.track == "menu"

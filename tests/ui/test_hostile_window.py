"""The window with hostile files (issue 24): a data folder full of bad saves and one good
save still shows the good save in Load and enables Continue; a 200,000-character name
fits quickly; a settings FIFO or deep file opens the window with defaults; a map whose
tileset image is not an image draws plain ground."""

from __future__ import annotations

import json
import os
import time

import pygame
import pytest

from game.board import BoardSpec
from game.persistence import saves
from game.ui import settings
from game.ui.board_view import _load_terrain
from game.ui.scenes.load import LoadScene
from game.ui.scenes.menu import MenuScene
from tests.hostile import good_session, tmx, write_bad_saves, write_map
from tests.ui.conftest import run
from tests.ui.test_e2e import key


def test_bad_saves_never_hide_the_good_one(app):
    write_bad_saves(saves.saves_dir(app.data_dir))
    write_bad_saves(saves.autosaves_dir(app.data_dir))
    good = saves.save_game(good_session(), "x" * 200_000, app.data_dir)
    menu = app.push(MenuScene(app))
    assert menu.buttons["continue"].is_enabled and menu.buttons["load"].is_enabled
    key(pygame.K_l)
    started = time.perf_counter()
    run(app, 3)
    load = app.top
    assert isinstance(load, LoadScene)
    assert [e.path for e in load.entries] == [good]
    assert len(load.problems) >= 2 * 20
    assert time.perf_counter() - started < 60  # a safety net, not a speed test


def test_fit_text_measures_a_long_name_a_logarithmic_number_of_times(app):
    font = app.look.font(16)
    calls = []

    class Counting:
        def size(self, s):
            calls.append(len(s))
            return font.size(s)

        def render(self, *args):
            calls.append(-1)
            return font.render(*args)

    surf = app.look.fit_text("w" * 200_000 + "\udc80\0", Counting(), 300, (255, 255, 255))
    assert surf.get_width() <= 300
    assert len(calls) <= 25 and max(calls) <= 302


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_settings_fifo_gives_defaults_without_blocking(config_dir, monkeypatch):
    config_dir.mkdir(parents=True, exist_ok=True)
    os.mkfifo(config_dir / settings.FILE_NAME)
    lines = []
    monkeypatch.setattr(settings.log, "warning", lambda *args: lines.append(args[0] % args[1:]))
    assert settings.load() == settings.Settings()
    assert len(lines) == 1 and "not a regular file" in lines[0]


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000,
                                  json.dumps({"pace": "fast", "x": [[[[[[[[[[[]]]]]]]]]]]}),
                                  " " * (settings.MAX_BYTES + 1), "\xff\xfe"])
def test_a_hostile_settings_file_gives_defaults(config_dir, text):
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / settings.FILE_NAME).write_text(text, encoding="utf-8", errors="surrogateescape")
    assert settings.load() == settings.Settings()


def test_a_map_whose_tileset_is_not_an_image_draws_plain_ground(tmp_path, app):

    path = write_map(tmp_path, "m.tmx", tmx(), png=False)
    (tmp_path / "tiles.png").write_text("not an image")
    board = BoardSpec(width=10, height=10, source=str(path))
    surf = _load_terrain(board)
    assert surf.get_size()[0] > 0

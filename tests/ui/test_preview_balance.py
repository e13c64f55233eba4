"""The map preview's "Test balance" button (issue 37): it starts `narby balance` in a
child process (faked here), says where the report will be, then that it is ready; or,
without the lab's extra, says in one line how to install it. Frames are stepped."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pygame_gui

from game import i18n
from game.balance import launch
from game.ui.scenes import preview
from game.ui.scenes.preview import POLL, PreviewScene
from game.words import shown
from tests.ui.conftest import run

MAPS = Path(__file__).resolve().parents[1] / "maps"


class FakeLab:
    """A child process that finishes with `code` on the second look."""

    started: list = []

    def __init__(self, argv, **kwargs):
        self.argv, self.looks, self.code = argv, 0, FakeLab.code
        FakeLab.started.append(argv)

    def poll(self):
        self.looks += 1
        return self.code if self.looks >= 2 else None

    def terminate(self):
        pass


def map_copy(tmp_path) -> Path:
    """A good map in an author's folder (maps/), its tileset one folder up."""
    for f in ("tiles.tsx", "tiles.png"):
        shutil.copy(MAPS / f, tmp_path / f)
    (tmp_path / "maps").mkdir()
    dest = tmp_path / "maps" / "wide.tmx"
    shutil.copy(MAPS / "sizes" / "wide-36x12.tmx", dest)
    return dest


def press(app, scene, button) -> None:
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    run(app, 1)


def test_test_balance_runs_the_lab_and_says_where_the_report_is(app, tmp_path, monkeypatch):
    FakeLab.code, FakeLab.started = 0, []
    monkeypatch.setattr(preview, "BalanceJob", lambda path: launch.BalanceJob(path,
                                                                              popen=FakeLab))
    monkeypatch.setattr(launch, "missing_reason", lambda: None)
    scene = app.push(PreviewScene(app, map_copy(tmp_path)))
    run(app, 2)
    assert scene.ok
    press(app, scene, scene.balance_btn)
    argv = FakeLab.started[0]
    assert argv[1:4] == ["-m", "game", "balance"] and "--games" in argv
    report = tmp_path / "maps" / "balance-wide" / "balance.md"
    assert f"the report will be {report}" in scene.info.html_text
    assert not scene.balance_btn.is_enabled  # one run at a time
    run(app, 3, dt=POLL)
    assert f"balance report ready: {report}" in scene.info.html_text
    assert scene.balance_btn.is_enabled


def test_a_failed_run_shows_its_last_line(app, tmp_path, monkeypatch):
    FakeLab.code = 2
    monkeypatch.setattr(preview, "BalanceJob", lambda path: launch.BalanceJob(path,
                                                                              popen=FakeLab))
    monkeypatch.setattr(launch, "missing_reason", lambda: None)
    scene = app.push(PreviewScene(app, map_copy(tmp_path)))
    run(app, 2)
    scene.test_balance()
    (tmp_path / "maps" / "balance-wide" / "lab.log").write_text(
        "narby balance: the map Wide is for 2-4 dragons, not 5\n")
    run(app, 3, dt=POLL)
    assert "the map Wide is for 2-4 dragons, not 5" in scene.info.html_text


def test_without_the_extra_the_button_says_how_to_install(app, tmp_path, monkeypatch):
    monkeypatch.setattr(launch.importlib.util, "find_spec", lambda name: None)
    scene = app.push(PreviewScene(app, map_copy(tmp_path)))
    run(app, 2)
    scene.test_balance()
    assert "pip install &quot;narby-conquest[balance]&quot;" in scene.info.html_text
    assert not (tmp_path / "maps" / "balance-wide").exists()


def test_the_lines_are_said_in_the_players_language(app, tmp_path, monkeypatch):
    FakeLab.code, FakeLab.started = 0, []
    missing = launch.missing_reason
    monkeypatch.setattr(preview, "BalanceJob", lambda path: launch.BalanceJob(path,
                                                                              popen=FakeLab))
    monkeypatch.setattr(launch, "missing_reason", lambda: None)
    i18n.set_language("de")
    try:
        scene = app.push(PreviewScene(app, map_copy(tmp_path)))
        run(app, 2)
        press(app, scene, scene.balance_btn)
        report = tmp_path / "maps" / "balance-wide" / "balance.md"
        assert f"Balance wird getestet (100 KI-Spiele); der Bericht kommt nach {report}" \
            in scene.info.html_text
        run(app, 3, dt=POLL)
        assert f"Balance-Bericht fertig: {report}" in scene.info.html_text
        monkeypatch.setattr(launch.importlib.util, "find_spec", lambda name: None)
        assert shown(missing()).startswith("das Balance-Labor braucht Dask")
        assert missing().startswith("the balance lab needs Dask")  # its text: English
    finally:
        i18n.set_language("en")

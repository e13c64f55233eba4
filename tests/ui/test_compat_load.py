"""The Load screen opens every frozen save, and an older release's save that no longer
replays with its one-line note in the log (issue 31)."""

from __future__ import annotations

import copy
import json
import shutil

import game
from game import cli
from game.persistence import saves
from game.persistence.reopen import NOTE
from game.ui.app import App
from game.ui.scenes.game import GameScene
from game.ui.scenes.load import LoadScene
from game.ui.scenes.replay_viewer import ReplayScene
from tests.test_compat import COMPAT
from tests.ui.conftest import run

FROZEN = COMPAT / "0.1.0"
NAME = "data/saves/vale-2-action-card.json"


def test_the_load_screen_opens_a_frozen_save_on_the_board(app):
    folder = saves.saves_dir(app.data_dir)
    folder.mkdir(parents=True)
    shutil.copy(FROZEN / NAME, folder)
    expected = json.loads((FROZEN / "expected.json").read_text(encoding="utf-8"))
    load = app.push(LoadScene(app))
    assert [e.path.name for e in load.entries] == ["vale-2-action-card.json"]
    load.open_selected()
    board = app.top
    assert isinstance(board, GameScene) and load.error == ""
    state = board.c.session.snapshot()
    want = expected["files"][NAME]["position"]
    assert (state["round"], state["phase"], state["pending"]) == \
        (want["round"], want["phase"], want["pending"])
    assert state["dragons"] == want["dragons"]


def test_an_older_save_that_no_longer_replays_opens_with_its_note(app, monkeypatch):
    monkeypatch.setattr(game, "__version__", "0.2.0")  # a later release's rules
    doc = json.loads((FROZEN / NAME).read_text(encoding="utf-8"))
    doc = copy.deepcopy(doc)
    doc["replay"]["decisions"][5] = {"do": "move", "to": [40, 40]}  # no longer legal
    folder = saves.saves_dir(app.data_dir)
    folder.mkdir(parents=True)
    (folder / "old.json").write_text(json.dumps(doc), encoding="utf-8")
    load = app.push(LoadScene(app))
    assert load.problems == [] and len(load.entries) == 1
    load.open_selected()
    board = app.top
    assert isinstance(board, GameScene) and load.error == ""
    assert board.c.session.snapshot()["dragons"] == doc["state"]["dragons"]
    run(app, 3)
    note = NOTE.format(release="0.1.0")
    assert note == "made by 0.1.0; its history before this point can't be replayed"
    assert any(note in line for line in board.log.text_lines())


def test_narby_replay_window_opens_an_older_save_with_its_note(tmp_path, monkeypatch,
                                                              capsys):
    monkeypatch.setattr(game, "__version__", "0.2.0")
    doc = json.loads((FROZEN / NAME).read_text(encoding="utf-8"))
    doc["replay"]["decisions"][5] = {"do": "move", "to": [40, 40]}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    seen = {}

    def fake_run(self):
        self.step(1 / 60)
        seen["scene"] = type(self.top)
        self.close()
        return 0
    monkeypatch.setattr(App, "run", fake_run)
    assert cli.main(["replay", str(path), "--window"]) == 0
    assert seen == {"scene": ReplayScene}
    assert capsys.readouterr().err == \
        f"narby replay: {path}: {NOTE.format(release='0.1.0')}\n"

"""The window with saves whose flow stack no game reaches (issue 29.6, 29.7): they are
problems in Load, Continue never offers them, and opening one is refused in words."""

from __future__ import annotations

import json

from game.persistence import saves
from game.ui import controller
from game.ui.scenes.load import open_game
from game.ui.scenes.menu import MenuScene
from tests.hostile import good_session
from tests.hostile_flows import bad_flow_docs, sound_positions


def _write(folder, name, start) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.json").write_text(json.dumps({
        "format": "narby-save/2", "meta": {"name": name, "updated": "2999-01-01T00:00:00"},
        "replay": {"format": "narby-replay/1", "seed": 1, "map": None, "start": start,
                   "decisions": []}, "state": None}))


def test_a_bad_flow_is_a_problem_and_never_the_game_continue_opens(app):
    bad = bad_flow_docs(sound_positions())
    for name in ("bare-act-under-action", "tribute-without-dragon", "dice-face-off-die"):
        _write(saves.autosaves_dir(app.data_dir), name, bad[name])  # newest by date
    menu = app.push(MenuScene(app))
    assert not menu.buttons["continue"].is_enabled  # only crafted games: nothing to go on
    good = saves.save_game(good_session(), "Good", app.data_dir)
    entries, problems = saves.list_all(app.data_dir)
    assert [e.path for e in entries] == [good] and len(problems) == 3
    assert saves.latest_game(app.data_dir).path == good
    message = open_game(app, saves.autosaves_dir(app.data_dir) / "dice-face-off-die.json")
    assert message is not None and "cannot show 21" in message and "Error" not in message


def test_opening_a_save_that_trips_the_window_is_refused_in_words(app, monkeypatch):
    path = saves.save_game(good_session(), "Trips", app.data_dir)

    def trip(*args, **kwargs):
        raise ValueError("invalid literal for int() with base 10: 'x'")
    monkeypatch.setattr(controller.GameController, "from_session", trip)
    message = open_game(app, path)
    assert message is not None and message.startswith(str(path))
    assert "cannot be opened" in message and "int()" not in message

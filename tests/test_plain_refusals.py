"""`narby replay` says in plain words when a file trips the code in an unforeseen way
(issue 29.7: "cannot be played (KeyError: 'dragon')"); the exception goes to the log."""

from __future__ import annotations

import json

import pytest

from game import cli
from game.persistence import saves
from tests.hostile import good_session


def _boom(*_a, **_k):
    raise KeyError("dragon")


@pytest.mark.parametrize("kind", ["replay", "save"])
def test_an_unforeseen_replay_failure_is_plain_words(kind, tmp_path, monkeypatch, capfd):
    if kind == "replay":
        path = tmp_path / "r.json"
        path.write_text(json.dumps({"format": "narby-replay/1", "seed": 1, "map": None,
                                    "seats": [{}, {}], "decisions": []}))
        monkeypatch.setattr(cli, "start", _boom)
    else:
        path = saves.save_game(good_session(), "Good", tmp_path)
        monkeypatch.setattr(cli, "load_save", _boom)
    assert cli.main(["replay", "--headless", str(path)]) == 1
    out, err = capfd.readouterr()
    assert "cannot be played: it holds something this version cannot make sense of" in err
    assert "KeyError" not in out + err and "dragon'" not in err and "Traceback" not in err

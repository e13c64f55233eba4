"""An older release's save whose history no longer replays opens from its stored state,
with a one-line note; this release's own such save, and a broken one, are refused
(game/persistence/reopen.py, issue 31).

A save "made by a newer rule set" is simulated with a frozen 0.1.0 save whose history
is made illegal while its stored state stays good, opened by a release called 0.2.0.
"""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest

import game
from game import cli
from game.persistence import saves
from game.persistence.reopen import NOTE, writer_release
from tests.test_compat import COMPAT, position, same_position

FROZEN = COMPAT / "0.1.0"
NAME = "data/saves/vale-2-action-card.json"


def frozen(name: str = NAME) -> tuple[dict, dict]:
    doc = json.loads((FROZEN / name).read_text(encoding="utf-8"))
    expected = json.loads((FROZEN / "expected.json").read_text(encoding="utf-8"))
    return doc, expected


def write(tmp_path: Path, doc: dict, name: str = "old.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def illegal_history(doc: dict) -> dict:
    doc = copy.deepcopy(doc)
    doc["replay"]["decisions"][5] = {"do": "move", "to": [40, 40]}
    return doc


@pytest.fixture
def newer_release(monkeypatch):
    monkeypatch.setattr(game, "__version__", "0.2.0")


def test_the_writing_release_comes_from_meta_app():
    assert writer_release({"app": "narby-conquest 0.1.0"}) == "0.1.0"
    assert writer_release({"app": "narby-conquest"}) is None
    assert writer_release({"app": 7}) is None
    assert writer_release(None) is None


def test_an_older_releases_save_that_no_longer_replays_opens_from_its_state(
        tmp_path, newer_release):
    doc, expected = frozen()
    path = write(tmp_path, illegal_history(doc))
    session = saves.load_save(path)
    try:
        assert session.note == NOTE.format(release="0.1.0")
        assert session.note == "made by 0.1.0; its history before this point can't be replayed"
        same_position(position(session, expected["not_position"]),
                      expected["files"][NAME]["position"])
        assert session.steps == [] and session.name == doc["meta"]["name"]
        assert session.game_id == doc["meta"]["game_id"]
        # the game goes on, and a save of it opens again, with no note this time
        session.submit(session.match.legal_answers()[0])
        again = saves.write_save(session, tmp_path / "again.json")
    finally:
        session.close()
    reopened = saves.load_save(again)
    assert reopened.note is None and len(reopened.steps) == 1
    assert json.loads(again.read_text(encoding="utf-8"))["meta"]["app"] == "narby-conquest 0.2.0"
    reopened.close()


def test_an_older_releases_save_whose_replay_differs_opens_from_its_state(
        tmp_path, newer_release):
    """The rules may also make the history play to another position: the stored state
    is that release's game."""
    doc, _ = frozen()
    doc = copy.deepcopy(doc)
    doc["state"]["dragons"]["red"]["coins"] += 3
    session = saves.load_save(write(tmp_path, doc))
    assert session.note is not None
    assert session.snapshot()["dragons"]["red"]["coins"] == doc["state"]["dragons"]["red"]["coins"]
    session.close()


def test_this_releases_own_save_that_does_not_replay_is_refused(tmp_path):
    doc = illegal_history(frozen()[0])
    doc["meta"]["app"] = f"narby-conquest {game.__version__}"
    path = write(tmp_path, doc)
    with pytest.raises(saves.SaveError) as err:
        saves.load_save(path)
    assert str(err.value).startswith(f"{path}: decision 5 (")
    assert "is illegal" in str(err.value) and "\n" not in str(err.value)


def test_a_save_with_no_writing_release_is_refused_as_before(tmp_path, newer_release):
    doc, _ = frozen()
    doc = illegal_history(doc)
    del doc["meta"]["app"]
    with pytest.raises(saves.SaveError, match="is illegal"):
        saves.load_save(write(tmp_path, doc))


@pytest.mark.parametrize(("what", "spoil"), [
    ("coins", lambda s: s["dragons"]["red"].__setitem__("coins", -4)),
    ("phase", lambda s: s.__setitem__("phase", "brunch")),
    ("not an object", lambda s: s.clear()),
])
def test_an_older_save_whose_state_is_broken_too_is_refused_in_one_line(
        tmp_path, newer_release, what, spoil):
    doc = illegal_history(frozen()[0])
    spoil(doc["state"])
    path = write(tmp_path, doc)
    with pytest.raises(saves.SaveError) as err:
        saves.load_save(path)
    text = str(err.value)
    assert text.startswith(f"{path}: ") and "\n" not in text
    assert "is illegal" in text and "cannot be used either" in text
    assert "Traceback" not in text


def test_an_older_save_that_is_not_json_is_still_refused(tmp_path, newer_release):
    text = (FROZEN / NAME).read_text(encoding="utf-8")
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(saves.SaveError):
        saves.load_save(path)


def test_the_load_listing_shows_an_older_save_opened_from_its_state(tmp_path, newer_release):
    doc, expected = frozen()
    folder = saves.saves_dir(tmp_path)
    folder.mkdir(parents=True)
    write(folder, illegal_history(doc))
    shutil.copy(FROZEN / "data/saves/hearth-3-tribute.json", folder)
    entries, problems = saves.list_saves(folder)
    assert problems == [] and len(entries) == 2
    old = next(e for e in entries if e.path.name == "old.json")
    assert old.round == expected["files"][NAME]["position"]["round"]


def test_narby_replay_says_so_in_one_line(tmp_path, newer_release, capsys):
    doc, _ = frozen()
    path = write(tmp_path, illegal_history(doc))
    assert cli.main(["replay", str(path), "--state-json"]) == 0
    out, err = capsys.readouterr()
    assert err == f"narby replay: {path}: {NOTE.format(release='0.1.0')}\n"
    assert json.loads(out)["dragons"] == doc["state"]["dragons"]

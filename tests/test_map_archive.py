"""Old versions of shipped maps stay available to the saves made on them
(game/persistence/map_archive.py, maps/archive/<release>/, issue 31)."""

from __future__ import annotations

import hashlib
import json
import shutil

import pytest

import game
from game import resources
from game.persistence import map_archive, saves
from game.session import Session
from tests.test_compat import COMPAT, position, same_position

FROZEN = COMPAT / "0.1.0"
RIVERFELL_SAVE = "data/saves/riverfell-4-modify.json"
DROWNED_MILL = ('  <object id="1" name="Drowned Mill" type="ruin" x="320" y="512" width="32" '
                'height="32"/>\n')


def test_each_shipped_map_of_0_1_0_is_archived_as_it_was():
    """The copy is 0.1.0's map byte for byte but for its tileset's folder."""
    expected = json.loads((FROZEN / "expected.json").read_text(encoding="utf-8"))
    for name, sha in expected["maps"].items():
        copy = resources.maps_dir() / "archive" / "0.1.0" / name
        assert copy.is_file(), f"maps/archive/0.1.0/{name} is missing"
        text = copy.read_bytes().replace(b'source="../../../assets/', b'source="../assets/')
        assert hashlib.sha256(text).hexdigest() == sha, f"{name} is not 0.1.0's"


def test_an_archived_map_is_named_and_found_like_a_shipped_one():
    name = "maps/archive/0.1.0/riverfell.tmx"
    path = resources.shipped_map(name)
    assert path == resources.maps_dir() / "archive" / "0.1.0" / "riverfell.tmx"
    assert resources.portable_map_name(path) == name
    assert map_archive.shipped_stem(name) == "riverfell.tmx"
    for bad in ("maps/archive/../riverfell.tmx", "maps/archive/0.1.0/../../x.tmx",
                "maps/archive/0.1.0/nothing.tmx", "maps/archive/.x/riverfell.tmx"):
        assert resources.shipped_map(bad) is None
    # the picker and `narby maps` still list only the current maps
    assert all(p.parent == resources.maps_dir() for p in resources.shipped_maps())


def test_a_save_records_the_digest_of_its_map(tmp_path):
    s = Session.new([{}, {}], seed=3, map_path="maps/riverfell.tmx")
    path = saves.write_save(s, tmp_path / "a.json")
    s.close()
    meta = json.loads(path.read_text(encoding="utf-8"))["meta"]
    assert meta["map_digest"] == map_archive.digest(resources.maps_dir() / "riverfell.tmx")
    assert meta["app"] == f"narby-conquest {game.__version__}"


@pytest.fixture
def changed_riverfell(tmp_path, monkeypatch):
    """The game's data folder with today's riverfell changed (the Drowned Mill ruin taken out), as a
    later release might ship it; the archive holds 0.1.0's copy."""
    root = tmp_path / "install"
    shutil.copytree(resources.maps_dir(), root / "maps")
    (root / "assets").symlink_to(resources.assets_dir(), target_is_directory=True)
    tmx = root / "maps" / "riverfell.tmx"
    text = tmx.read_text(encoding="utf-8")
    assert DROWNED_MILL in text
    tmx.write_text(text.replace(DROWNED_MILL, ""), encoding="utf-8")
    monkeypatch.setattr(resources, "maps_dir", lambda: root / "maps")
    return root


def test_an_old_save_loads_on_the_map_it_was_made_on(changed_riverfell, tmp_path):
    expected = json.loads((FROZEN / "expected.json").read_text(encoding="utf-8"))
    path = tmp_path / "old.json"
    shutil.copy(FROZEN / RIVERFELL_SAVE, path)
    session = saves.load_save(path)
    try:
        assert session.map_path == "maps/archive/0.1.0/riverfell.tmx"
        assert session.note is None  # its whole history replayed, on the old map
        same_position(position(session, expected["not_position"]),
                      expected["files"][RIVERFELL_SAVE]["position"])
        again = saves.write_save(session, tmp_path / "again.json")
    finally:
        session.close()
    # saved again (with the old map's digest), it still opens on the old map
    reopened = saves.load_save(again)
    # this release's copy when it archived the same map, else 0.1.0's: the same file
    assert reopened.map_path in ("maps/archive/0.1.0/riverfell.tmx",
                                 f"maps/archive/{game.__version__}/riverfell.tmx")
    assert map_archive.digest(resources.shipped_map(reopened.map_path)) == \
        map_archive.digest(resources.shipped_map("maps/archive/0.1.0/riverfell.tmx"))
    reopened.close()


def test_without_the_archive_the_old_save_would_not_replay(changed_riverfell, tmp_path):
    """Its history plays otherwise on today's map: only its stored state opens."""
    shutil.rmtree(changed_riverfell / "maps" / "archive")
    path = tmp_path / "old.json"
    shutil.copy(FROZEN / RIVERFELL_SAVE, path)
    session = saves.load_save(path)
    assert (session.note or "").startswith("made by 0.1.0")
    session.close()


def test_a_new_save_on_the_changed_map_loads_on_the_changed_map(changed_riverfell, tmp_path):
    s = Session.new([{}, {}], seed=5,
                    map_path=str(changed_riverfell / "maps" / "riverfell.tmx"))
    assert s.map_path == "maps/riverfell.tmx"
    assert (10, 16) not in {tuple(x["at"]) for x in s.snapshot()["settlements"]}
    path = saves.write_save(s, tmp_path / "new.json")
    s.close()
    loaded = saves.load_save(path)
    assert loaded.map_path == "maps/riverfell.tmx"
    loaded.close()


def test_candidates_follow_the_digest_then_the_writing_release(changed_riverfell):
    old = map_archive.digest(changed_riverfell / "maps" / "archive" / "0.1.0" / "riverfell.tmx")
    new = map_archive.digest(changed_riverfell / "maps" / "riverfell.tmx")
    assert old != new
    name = "maps/riverfell.tmx"
    assert map_archive.candidates(name, new, "0.1.0") == [name]
    assert map_archive.candidates(name, old, "0.1.0")[0] == "maps/archive/0.1.0/riverfell.tmx"
    assert map_archive.candidates(name, old, "0.3.0")[0].startswith("maps/archive/")
    assert map_archive.candidates(name, None, "0.1.0") == \
        ["maps/archive/0.1.0/riverfell.tmx", name]
    assert map_archive.candidates(name, None, "0.0.9") == [name]
    assert map_archive.candidates("/home/ann/maps/fen.tmx", None, "0.1.0") == \
        ["/home/ann/maps/fen.tmx"]
    assert map_archive.candidates(None, None, None) == [None]

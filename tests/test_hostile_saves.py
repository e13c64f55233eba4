"""Hostile saves and replays (issue 24: 3-6, 8, 10): each is refused with one line naming
the file; a folder of them still lists every good game."""

from __future__ import annotations

import json
import os
import shutil
import time

import pytest

from game.cli import main as narby
from game.persistence import saves
from tests.hostile import bad_save_docs, good_session, tmx, write_bad_saves, write_map


def test_a_folder_of_bad_saves_lists_the_good_one_and_names_each_bad(tmp_path):
    bad = write_bad_saves(saves.saves_dir(tmp_path))
    s = good_session()
    good = saves.save_game(s, "The good one", tmp_path)
    entries, problems = saves.list_all(tmp_path)
    assert [e.path for e in entries] == [good]
    assert sorted(p.path.name for p in problems) == sorted(p.name for p in bad)
    for p in problems:
        assert p.path.name in p.message and "\n" not in p.message and len(p.message) <= 500
    assert saves.latest_game(tmp_path).path == good


def test_the_listing_reads_the_index_and_does_not_replay_again(tmp_path, monkeypatch):
    write_bad_saves(saves.saves_dir(tmp_path))
    saves.save_game(good_session(), "Indexed", tmp_path)
    first = saves.list_all(tmp_path)
    saves._checked.clear()

    def no_replay(path):
        raise AssertionError(f"{path} was replayed again")
    monkeypatch.setattr(saves, "load_save", no_replay)
    again = saves.list_all(tmp_path)
    assert [e.name for e in again[0]] == [e.name for e in first[0]]
    assert [p.message for p in again[1]] == [p.message for p in first[1]]


def test_a_broken_index_is_ignored(tmp_path):
    saves.save_game(good_session(), "Indexed", tmp_path)
    saves.list_all(tmp_path)
    index = saves.saves_dir(tmp_path) / saves.INDEX_NAME
    for junk in ("[", json.dumps({"format": "narby-save-index/1", "files": {
            next(saves.saves_dir(tmp_path).glob("i*.json")).name: {"entry": {"name": 5}}}})):
        index.write_text(junk)
        saves._checked.clear()
        assert [e.name for e in saves.list_all(tmp_path)[0]] == ["Indexed"]


@pytest.mark.parametrize("change", [
    {"dragons": ["zzz", "qqq"], "scores": {}},  # scores of dragons it does not list
    {"scores": {}}, {"dragons": ["red", "red"]}, {"winner": "nobody"},
    {"players": {"ghost": "human"}}, {"name": "Sunday \udc80 game\n"},
    {"map_title": "Vale \udc80"}, {"date": "\udc80"}, {"players": {"red": "\udc80"}}])
def test_a_crafted_index_entry_is_checked_again_or_shown_cleaned(tmp_path, capsys, change):
    # the index is trusted while its file is unchanged: an entry a listing never wrote
    # crashed `narby saves` (scores[d]) and the Load screen (a lone surrogate)
    good = saves.save_game(good_session(), "Indexed", tmp_path)
    saves.list_all(tmp_path)
    index = saves.saves_dir(tmp_path) / saves.INDEX_NAME
    doc = json.loads(index.read_text())
    doc["files"][good.name]["entry"].update(change)
    index.write_text(json.dumps(doc))
    saves._checked.clear()
    entries, problems = saves.list_all(tmp_path)
    assert not problems and len(entries) == 1
    e = entries[0]
    for text in (e.name, e.map_title, e.date, *e.players.values()):
        text.encode("utf-8")  # shown on a screen: no lone surrogate
        assert "\n" not in text
    assert set(e.scores) == set(e.dragons) and e.dragons[0] in ("white", "black", "green",
        "blue", "red", "purple", "iron", "gold", "copper", "undead")
    assert narby(["saves", "--data-dir", str(tmp_path)]) == 0
    assert "Traceback" not in "".join(capsys.readouterr())


@pytest.mark.parametrize("change, words", [
    ({"no_such_rule": True}, "unknown option(s): no_such_rule"),
    ({"even_dragons": "yes"}, "even_dragons must be true or false"),
    ({"target": 50.0}, "the target must be a whole number of coins"),
    ({"target": 10**400}, "target must be at most 1000000000000000")])
def test_a_start_states_options_are_refused_with_their_own_reason(tmp_path, capsys, change,
                                                                  words):
    # the options check's words were replaced by "holds a value of the wrong kind"
    state = good_session().snapshot()
    doc = {"format": "narby-replay/1", "map": None, "seed": 1, "seats": None, "decisions": [],
           "start": {**state, "options": {**state["options"], **change}}}
    path = tmp_path / "start.json"
    path.write_text(json.dumps(doc))
    assert narby(["replay", "--headless", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: {words}" in err and err.count("\n") == 1


def test_narby_saves_never_prints_a_traceback(tmp_path, capsys):
    write_bad_saves(saves.saves_dir(tmp_path))
    saves.save_game(good_session(), "Zo\udc80 and a lone surrogate", tmp_path)
    assert narby(["saves", "--data-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "lone surrogate" in out
    assert narby(["saves", "--json", "--data-dir", str(tmp_path)]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert len(listing["saves"]) == 1 and len(listing["problems"]) >= len(bad_save_docs())


@pytest.mark.parametrize("name", sorted(bad_save_docs()))
def test_narby_replay_refuses_each_crafted_file_in_one_line(tmp_path, capsys, name):
    path = next(p for p in write_bad_saves(tmp_path) if p.name == f"bad-{name}.json")
    assert narby(["replay", "--headless", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 700, lines


@pytest.mark.parametrize("a, b", [("Zoé", "Zoë"), ("日本", "中文"), ("a\udc80", "a\udc81"),
                                  ("Game", "game"), ("x" * 300, "x" * 301)])
def test_different_names_never_share_a_file(tmp_path, a, b):
    s = good_session()
    pa = saves.save_game(s, a, tmp_path)
    pb = saves.save_game(s, b, tmp_path)
    assert pa != pb
    assert saves.save_game(s, a, tmp_path) == pa  # a name finds its own file again
    names = {e.name for e in saves.list_all(tmp_path)[0]}
    assert len(names) == 2


def test_an_old_style_save_is_found_and_reused_for_its_own_name(tmp_path):
    s = good_session()
    folder = saves.saves_dir(tmp_path)
    old = saves.write_save(s, folder / "zo.json", "Zoé")  # as older versions named it
    assert saves.save_game(s, "Zoé", tmp_path) == old
    assert saves.save_game(s, "Zoë", tmp_path) != old


def test_autosaves_rotate_per_game(tmp_path):
    kept = good_session(seed=1)
    saves.autosave(kept, tmp_path)
    other = good_session(seed=2)
    for _ in range(8):
        saves.autosave(other, tmp_path)
    games = [saves.game_of(p) for p in sorted(saves.autosaves_dir(tmp_path).glob("*.json"))]
    assert games.count(kept.game_id) == 1 and games.count(other.game_id) == 5


def test_stale_temp_files_are_cleaned_fresh_ones_kept(tmp_path):
    folder = saves.saves_dir(tmp_path)
    folder.mkdir(parents=True)
    stale, fresh = folder / f"{saves.TEMP_PREFIX}a.json", folder / f"{saves.TEMP_PREFIX}b.json"
    stale.write_text("{")
    fresh.write_text("{")
    old = time.time() - 2 * saves.STALE_TEMP_SECONDS
    os.utime(stale, (old, old))
    saves.list_all(tmp_path)
    assert not stale.exists() and fresh.exists()


def test_relative_map_paths_come_from_the_save_folder_not_the_current_one(tmp_path,
                                                                         monkeypatch):

    folder = saves.saves_dir(tmp_path)
    write_map(folder, "mine.tmx", tmx(12, 12))
    doc = {"format": "narby-replay/1", "map": "mine.tmx", "seed": 3,
           "seats": [{"dragon": "red"}, {"dragon": "blue"}], "decisions": []}
    (folder / "rel.json").write_text(json.dumps(doc))
    elsewhere = tmp_path / "elsewhere"
    write_map(elsewhere, "mine.tmx", "not a map")
    monkeypatch.chdir(elsewhere)
    assert saves.load_save(folder / "rel.json").board.width == 12


def test_map_errors_inside_a_save_name_the_save(tmp_path):
    path = next(p for p in write_bad_saves(tmp_path) if p.name == "bad-map-bomb.json")
    with pytest.raises(saves.SaveError) as info:
        saves.load_save(path)
    assert str(path) in str(info.value) and "deep" in str(info.value)


def test_emergency_saves_in_the_spare_folder_are_found(tmp_path):
    spare = saves.saves_dir(saves.spare_dir(tmp_path))
    try:
        path = saves.write_save(good_session(), spare / "emergency-x.json", "Rescued")
        assert saves.latest_game(tmp_path).path == path
    finally:

        shutil.rmtree(saves.spare_dir(tmp_path), ignore_errors=True)

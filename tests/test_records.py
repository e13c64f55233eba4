"""Records across games (issue 36): the versioned file, counting, the move-up line."""

from __future__ import annotations

import json
import os

import pytest

from game import i18n, records
from game.persistence import json_file


def _game(data, won=True, score=40, levels=None, humans=("red",), map_name="Open Plain"):
    return records.record(data, humans=list(humans), levels=levels or {"blue": "normal"},
                          winners=["red"] if won else ["blue"],
                          scores={"red": score, "blue": 30}, map_name=map_name)


def test_a_game_counts_against_the_strongest_level_per_map(tmp_path):
    level, line = _game(tmp_path, levels={"blue": "easy", "gold": "hard"}, score=41)
    assert (level, line) == ("hard", "")
    _game(tmp_path, won=False, score=55, levels={"blue": "hard"})
    _game(tmp_path, map_name="Narby Vale", levels={"blue": "hard"})
    doc = json.loads(records.path(tmp_path).read_text())
    assert doc["format"] == "narby-records/1"
    assert doc["levels"]["hard"]["maps"]["Open Plain"] == {"wins": 1, "losses": 1, "best": 55}
    assert doc["levels"]["hard"]["maps"]["Narby Vale"]["wins"] == 1
    assert records.rows(records.load(tmp_path)[0])[0][:2] == ("hard", "Narby Vale")


def test_three_wins_in_a_row_suggest_the_next_level(tmp_path):
    assert _game(tmp_path)[1] == ""
    _game(tmp_path, won=False)  # a loss resets the run
    assert _game(tmp_path)[1] == "" and _game(tmp_path)[1] == ""
    line = _game(tmp_path, map_name="Narby Vale")[1]  # the run counts on any map
    assert line == "3 wins in a row against Normal: try Hard dragons next time."
    levels = {"blue": "master"}
    for _ in range(3):
        line = _game(tmp_path, levels=levels)[1]
    assert line == ""  # nothing above Master


def test_games_without_a_human_or_an_ai_seat_are_not_counted(tmp_path):
    assert _game(tmp_path, humans=()) == ("", "")
    assert _game(tmp_path, levels={"blue": "random"}) == ("", "")
    assert not records.path(tmp_path).exists()


def test_a_damaged_file_is_kept_aside_and_new_records_start(tmp_path):
    records.path(tmp_path).write_text("{not json")
    got, problem = records.load(tmp_path)
    assert got == records.empty() and problem.endswith("new records start from here.")
    _game(tmp_path)
    assert (tmp_path / "records.json.unreadable").read_text() == "{not json"
    assert records.load(tmp_path)[0]["levels"]["normal"]["maps"]["Open Plain"]["wins"] == 1


def test_odd_entries_are_ignored_and_other_formats_refused(tmp_path):
    records.path(tmp_path).write_text(json.dumps({
        "format": "narby-records/1",
        "levels": {"normal": {"streak": "x", "maps": {"A": {"wins": -2, "best": True},
                                                       "B": 7}},
                   "genius": {"streak": 9}}}))
    original = records.path(tmp_path).read_text()
    got, problem = records.load(tmp_path)
    assert problem.startswith("Some records were damaged")
    assert got["levels"] == {"normal": {"streak": 0, "maps": {
        "A": {"wins": 0, "losses": 0, "best": None}}}}
    _game(tmp_path)  # and what was left out is kept beside the new file, not lost
    assert (tmp_path / "records.json.unreadable").read_text() == original
    assert records.load(tmp_path) == (records.load(tmp_path)[0], "")
    records.path(tmp_path).write_text(json.dumps({"format": "narby-records/9"}))
    assert "another version" in records.load(tmp_path)[1]


def test_a_map_name_no_screen_can_show_is_escaped_and_the_file_kept(tmp_path):
    # a lone surrogate in a map's name crashed the Records screen (font.size)
    records.path(tmp_path).write_text(json.dumps({"format": "narby-records/1", "levels": {
        "normal": {"streak": 0, "maps": {"Vale \udc80": {"wins": 1, "losses": 0, "best": 5}}}}}))
    got, problem = records.load(tmp_path)
    assert list(got["levels"]["normal"]["maps"]) == ["Vale \\udc80"] and problem
    for _level, name, *_ in records.rows(got):
        name.encode("utf-8")


def test_records_are_written_through_a_private_temp_file(tmp_path):
    # a fixed records.json.tmp could be a planted pipe (a hang) or a symlink elsewhere
    planted = tmp_path / "records.json.tmp"
    os.mkfifo(planted)
    _game(tmp_path)
    assert records.load(tmp_path)[0]["levels"]["normal"]["maps"]["Open Plain"]["wins"] == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["records.json", "records.json.tmp"]


@pytest.fixture
def german():
    i18n.set_language("de")
    yield
    i18n.set_language("en")


def test_the_lines_are_english_text_shown_in_the_players_language(tmp_path, german):
    for _ in range(2):
        _game(tmp_path)
    line = _game(tmp_path)[1]
    assert line == "3 wins in a row against Normal: try Hard dragons next time."
    assert line.shown() == ("3 Siege in Folge gegen die Stufe Normal: versuch es nächstes "
                            "Mal mit der Stufe Schwer.")
    records.path(tmp_path).write_text("{not json")
    problem = records.load(tmp_path)[1]
    assert problem.shown() == "Die Rekorddatei ist beschädigt; neue Rekorde beginnen ab hier."
    i18n.set_language("pl")  # a run of five takes Polish's third form
    r = records.empty()
    for _ in range(5):
        records.add_game(r, "easy", "Narby Vale", True, 40)
    assert records.suggestion(r, "easy").shown() == (
        "5 wygranych z rzędu z poziomem Łatwy: następnym razem spróbuj poziomu Normalny.")


def test_records_not_saved_is_said_in_the_players_language(tmp_path, german):
    data = tmp_path / "data"
    data.write_text("")  # a file where the data folder should be: nothing can be saved
    level, line = _game(data)
    assert level == "normal" and line.startswith("Records not saved (")
    assert line.shown().startswith("Rekorde nicht gespeichert (")


@pytest.mark.parametrize("make", [
    lambda p: p.write_text("[" * 200_000),            # nested without end
    lambda p: p.write_bytes(b"\xff\xfe\x00garbage"),   # not text
    lambda p: p.write_bytes(b" " * 2_000),             # over the size limit (lowered)
    lambda p: os.mkfifo(p),                            # a pipe: reading would hang
    lambda p: p.mkdir(),                               # a folder
], ids=["deep", "binary", "huge", "pipe", "folder"])
def test_a_hostile_records_file_is_a_reason_and_is_kept_aside(tmp_path, monkeypatch, make):
    """Before, the first two raised at the end screen, and a pipe hung the window there."""
    monkeypatch.setattr(json_file, "MAX_FILE_BYTES", 1_000)
    make(records.path(tmp_path))
    got, problem = records.load(tmp_path)
    assert got == records.empty()
    assert problem == "The records file is damaged; new records start from here."
    _game(tmp_path)  # the game still counts; the bad file is set aside, not lost
    assert records.load(tmp_path)[0]["levels"]["normal"]["maps"]["Open Plain"]["wins"] == 1
    assert (tmp_path / "records.json.unreadable").exists()


def test_a_data_folder_it_cannot_look_in_is_a_reason_not_a_crash(tmp_path):
    # records.load's exists() was outside its try: a name too long for the system (or a
    # folder it may not search) raised at the end screen and the Records screen
    got, problem = records.load(tmp_path / ("x" * 300))
    assert got == records.empty() and problem.startswith("The records file could not be read")


def test_each_damaged_records_file_is_kept(tmp_path):
    for text in ("{one", "{two"):
        records.path(tmp_path).write_text(text)
        _game(tmp_path)
    assert (tmp_path / "records.json.unreadable").read_text() == "{one"
    assert (tmp_path / "records.json.unreadable-2").read_text() == "{two"

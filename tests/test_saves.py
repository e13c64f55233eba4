"""Save files: round trips, atomic writes, autosave rotation, listing, the bad-file
corpus (tests/saves/, made by tests/saves/make_corpus.py) and the upgrader."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from game import tables
from game.cli import main
from game.persistence import saves
from game.persistence.saves import SaveError, load_save
from game.players import RandomPlayer
from game.resources import maps_dir
from game.session import Session

CORPUS = Path(__file__).resolve().parent / "saves"


def game(seed=1, n=60, seats=4, **kw) -> Session:
    s = Session.new([{"player": "human"}] + [{"player": "random"}] * (seats - 1),
                    seed=seed, **kw)
    player = RandomPlayer(seed)
    for _ in range(n):
        if s.match.finished:
            break
        s.submit(player.choose(s.match))
    return s


def finish(s: Session, seed: int) -> list[dict]:
    """Play on to the end with a seeded player; every position on the way."""
    player, seen = RandomPlayer(seed), []
    while not s.match.finished:
        s.submit(player.choose(s.match))
        seen.append(s.snapshot())
    return seen


# ===== round trips =======================================================================


@pytest.mark.parametrize("seed, n", [(1, 40), (2, 90), (3, 150), (4, 5)])
def test_save_load_gives_the_same_state_and_the_same_continuation(tmp_path, seed, n):
    s = game(seed, n, options={"round_cap": 40})
    path = saves.save_game(s, "My game", tmp_path)
    assert path == tmp_path / "saves" / "my-game.json"
    loaded = load_save(path)
    assert loaded.snapshot() == s.snapshot()
    assert loaded.events == s.events and loaded.history == s.history
    assert loaded.players == s.players and loaded.name == "My game"
    assert loaded.created == s.created and loaded.game_id == s.game_id
    assert finish(loaded, seed + 100) == finish(s, seed + 100)


def test_the_save_document_carries_meta_replay_and_state(tmp_path):
    s = game(5, 30)
    doc = json.loads(saves.save_game(s, "Meta", tmp_path).read_text())
    assert doc["format"] == "narby-save/2"
    meta = doc["meta"]
    for key in ("name", "created", "updated", "map", "map_title", "round", "dragons",
                "scores", "players", "finished", "winner"):
        assert key in meta, key
    assert meta["dragons"] == s.dragons and meta["round"] == s.match.round
    assert meta["scores"] == s.match.scores() and meta["players"] == s.players
    assert doc["replay"]["format"] == "narby-replay/1"
    assert doc["replay"]["decisions"] == s.history
    assert doc["state"] == s.snapshot()


def test_a_game_on_a_shipped_map_loads_from_any_working_folder(tmp_path, monkeypatch):
    s = game(6, 40, seats=3, map_path=str(maps_dir() / "riverfell.tmx"))
    path = saves.save_game(s, "River", tmp_path)
    monkeypatch.chdir(tmp_path)
    loaded = load_save(path)
    assert loaded.board.title == s.board.title
    assert loaded.snapshot()["dragons"] == s.snapshot()["dragons"]


def test_saving_again_to_a_slot_replaces_it_and_keeps_created(tmp_path):
    s = game(7, 20)
    first = saves.save_game(s, "Slot", tmp_path)
    created = json.loads(first.read_text())["meta"]["created"]
    s.submit(RandomPlayer(0).choose(s.match))
    second = saves.save_game(s, "Slot", tmp_path)
    assert second == first
    doc = json.loads(second.read_text())
    assert doc["meta"]["created"] == created and len(doc["replay"]["decisions"]) == 21


def test_a_bad_file_in_the_slot_is_never_overwritten(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "slot.json").write_text("{ broken")
    path = saves.save_game(game(8, 10), "Slot", tmp_path)
    assert path.name.startswith("slot-") and path.name != "slot.json"
    assert (folder / "slot.json").read_text() == "{ broken"


def _unloadable(path: Path, name: str, game_id: str | None = None) -> str:
    """Turn a good save into one that no longer opens (its stored state edited, as a
    moved map or a hand edit does): readable JSON of the right format."""
    doc = json.loads(path.read_text())
    doc["meta"]["name"] = name
    if game_id is not None:
        doc["meta"]["game_id"] = game_id
    first = next(iter(doc["state"]["dragons"].values()))
    first["coins"] += 99
    text = json.dumps(doc)
    path.write_text(text)
    with pytest.raises(SaveError):
        load_save(path)
    return text


def test_a_save_that_no_longer_opens_is_never_overwritten_by_a_save_of_its_name(tmp_path):
    # FORMATS.md: a file that cannot be loaded is never overwritten. Saving "Sunday"
    # again while the old "Sunday" fails to open goes to another name; it used to
    # replace it, as its format and name looked right.
    first = saves.save_game(game(8, 10), "Sunday", tmp_path)
    broken = _unloadable(first, "Sunday")
    later = game(9, 12)
    path = saves.save_game(later, "Sunday", tmp_path)
    assert path != first and first.read_text() == broken
    assert load_save(path).history == later.history
    # and the next save of that name goes to the same new file, which it replaces
    later.submit(RandomPlayer(3).choose(later.match))
    assert saves.save_game(later, "Sunday", tmp_path) == path
    assert first.read_text() == broken


def test_a_save_folder_index_saying_a_slot_is_broken_is_believed_without_a_replay(tmp_path):
    first = saves.save_game(game(8, 10), "Slot", tmp_path)
    broken = _unloadable(first, "Slot")
    saves._checked.clear()
    entries, problems = saves.list_saves(tmp_path / "saves")  # indexes its verdict
    assert [p.path for p in problems] == [first] and not entries
    assert saves.save_game(game(9, 5), "Slot", tmp_path) != first
    assert first.read_text() == broken


# ===== atomic writes =====================================================================


def _litter(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(saves.TEMP_PREFIX))


@pytest.mark.parametrize("target", ["replace", "fsync"])
def test_a_failure_mid_write_leaves_the_old_save_intact(tmp_path, monkeypatch, target):
    s = game(9, 20)
    path = saves.save_game(s, "Safe", tmp_path)
    old = path.read_bytes()
    s.submit(RandomPlayer(1).choose(s.match))

    def fail(*args, **kwargs):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, target, fail)
    with pytest.raises(SaveError, match="safe.json: cannot be written"):
        saves.save_game(s, "Safe", tmp_path)
    monkeypatch.undo()
    assert path.read_bytes() == old
    assert _litter(path.parent) == []
    assert load_save(path).history == s.history[:-1]


def test_an_interrupted_write_leaves_no_half_file(tmp_path, monkeypatch):
    """A crash inside write(): the temp file is removed, the target never appears."""
    real_fdopen = os.fdopen

    class Dying:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, text):
            self.f.write(text[: len(text) // 2])
            raise KeyboardInterrupt  # the power goes out, as near as a test can

    monkeypatch.setattr(os, "fdopen", lambda fd, *a, **k: Dying(real_fdopen(fd, *a, **k)))
    with pytest.raises(KeyboardInterrupt):
        saves.write_json_atomic(tmp_path / "x.json", {"a": 1})
    assert list(tmp_path.iterdir()) == []


# ===== autosaves =========================================================================


def test_autosave_keeps_the_last_five(tmp_path):
    s = game(10, 5)
    paths = []
    for _ in range(7):
        s.submit(RandomPlayer(2).choose(s.match))
        paths.append(saves.autosave(s, tmp_path))
    folder = tmp_path / "autosaves"
    assert sorted(p.name for p in folder.iterdir()) == [p.name for p in paths[2:]]
    assert paths[-1].name == "autosave-000007.json"
    assert load_save(paths[-1]).history == s.history


def test_rotation_never_deletes_a_file_it_cannot_read(tmp_path):
    folder = tmp_path / "autosaves"
    folder.mkdir()
    (folder / "autosave-000001.json").write_text("garbage")
    s = game(11, 5)
    for _ in range(6):
        saves.autosave(s, tmp_path, keep=2)
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["autosave-000001.json", "autosave-000006.json", "autosave-000007.json"]


def test_rotation_never_deletes_an_autosave_of_this_game_that_no_longer_opens(tmp_path):
    # FORMATS.md: a file that cannot be loaded is never deleted by the rotation, even
    # one of this very game (its history edited, or its map moved since)
    s = game(11, 5)
    first = saves.autosave(s, tmp_path)
    broken = _unloadable(first, s.name or "", saves.game_id(s))
    for _ in range(6):
        s.submit(RandomPlayer(4).choose(s.match))
        saves.autosave(s, tmp_path, keep=2)
    names = sorted(p.name for p in (tmp_path / "autosaves").iterdir())
    assert names == ["autosave-000001.json", "autosave-000006.json", "autosave-000007.json"]
    assert first.read_text() == broken


def test_the_save_format_number_is_read_only_as_written():
    assert saves._version_of({"format": "narby-save/2"}) == 2
    for odd in ("narby-save/02", "narby-save/\u0662", "narby-save/+2", "narby-save/2 "):
        assert saves._version_of({"format": odd}) is None, odd


def test_starts_round_tells_when_to_autosave():
    s = game(12, 0, seats=2)
    seen = 0
    player = RandomPlayer(12)
    while s.match.round < 4:
        events = s.submit(player.choose(s.match))
        seen += saves.starts_round(events)
    assert seen == 3


# ===== listing and Continue ==============================================================


def test_list_saves_lists_good_files_and_names_the_bad(tmp_path):
    folder = tmp_path / "saves"
    shutil.copytree(CORPUS, folder, ignore=shutil.ignore_patterns("*.py"))
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    entries, problems = saves.list_saves(folder)
    assert sorted(e.path.name for e in entries) == ["good-replay.json", "good-v1.json",
                                                    "good-v2.json"]
    assert sorted(p.path.name for p in problems) == sorted(
        n for n in before if n.startswith("bad-"))
    for problem in problems:
        assert str(problem.path) in problem.message
    e = next(e for e in entries if e.path.name == "good-v2.json")
    assert (e.name, e.dragons, e.map_title, e.kind) == ("Corpus game", ["red", "blue"],
                                                        "Open Plain", "save")
    assert e.round >= 1 and set(e.scores) == {"red", "blue"} and e.date.startswith("2025")
    assert e.players == {"red": "human", "blue": "easy"}
    # listed, not touched: nothing overwritten, nothing deleted
    assert {p.name: p.read_bytes() for p in folder.iterdir()
            if p.name != saves.INDEX_NAME} == before  # the listing's own index aside


def test_latest_game_is_the_newest_unfinished(tmp_path):
    assert saves.latest_game(tmp_path) is None
    older = game(13, 10)
    saves.save_game(older, "Older", tmp_path)
    newer = game(14, 10)
    auto = saves.autosave(newer, tmp_path)
    done = game(15, 100_000, seats=2, options={"round_cap": 2})
    assert done.match.finished
    saves.save_game(done, "Done", tmp_path)
    latest = saves.latest_game(tmp_path)
    assert latest.path == auto and latest.kind == "autosave"
    (tmp_path / "autosaves" / "autosave-000099.json").write_text("[")  # bad: skipped
    assert saves.latest_game(tmp_path).path == auto


def test_data_dir_flag_then_environment_then_platform(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.ENV_VAR, str(tmp_path / "env"))
    assert saves.data_dir(tmp_path / "flag") == tmp_path / "flag"
    assert saves.data_dir() == tmp_path / "env"
    monkeypatch.delenv(saves.ENV_VAR)
    assert "narby-conquest" in str(saves.data_dir())


# ===== bad files and the upgrader ========================================================


@pytest.mark.parametrize("name, words", [
    ("bad-truncated.json", "truncated"),
    ("bad-not-json.json", "not valid JSON"),
    ("bad-empty.json", "empty"),
    ("bad-not-an-object.json", "not a Narby Conquest save"),
    ("bad-wrong-format.json", "not a Narby Conquest save (format 'narby-state/1'"),
    ("bad-future-version.json", "newer or unknown version"),
    ("bad-illegal-history.json", "decision 3 (Blue"),
    ("bad-state-mismatch.json", "does not match its history (dragons.red.coins"),
    ("bad-no-replay.json", "'replay' is not"),
])
def test_each_bad_file_is_refused_naming_the_file_and_the_problem(name, words):
    path = CORPUS / name
    with pytest.raises(SaveError) as info:
        load_save(path)
    message = str(info.value)
    assert message.startswith(str(path)) and words in message, message
    assert "\n" not in message


def test_missing_file_and_folder_are_refused(tmp_path):
    with pytest.raises(SaveError, match="no such file"):
        load_save(tmp_path / "nope.json")
    with pytest.raises(SaveError, match="is a folder"):
        load_save(tmp_path)


def test_an_engine_error_while_loading_is_reported_not_raised(tmp_path, monkeypatch):
    def boom(*a, **k):
        raise RuntimeError("unexpected")
    monkeypatch.setattr(Session, "from_replay", classmethod(boom))
    with pytest.raises(SaveError, match="good-v2.json: cannot be loaded"):
        load_save(CORPUS / "good-v2.json")


def test_version_1_is_upgraded_on_load_and_saved_as_version_2(tmp_path):
    v2 = load_save(CORPUS / "good-v2.json")
    v1 = load_save(CORPUS / "good-v1.json")
    assert v1.name == "An old save"
    assert v1.snapshot() == v2.snapshot() and v1.history == v2.history
    assert v1.players == {"red": "human", "blue": "easy"}
    path = saves.write_save(v1, tmp_path / "up.json")
    doc = json.loads(path.read_text())
    assert doc["format"] == "narby-save/2" and doc["meta"]["name"] == "An old save"
    assert load_save(path).snapshot() == v2.snapshot()


def test_upgrade_steps_are_chained_to_the_current_version():
    doc = json.loads((CORPUS / "good-v1.json").read_text())
    up = saves.upgrade(doc, Path("x.json"))
    assert up["format"] == saves.FORMAT and up["state"] is None
    assert up["meta"]["name"] == "An old save"


def test_a_bare_replay_opens_as_a_save_named_after_the_file():
    s = load_save(CORPUS / "good-replay.json")
    assert s.name == "good-replay" and len(s.history) == 12


# ===== the command line ==================================================================


def run(args, capsys):
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_narby_saves_lists_saves_and_problems(tmp_path, capsys):
    saves.save_game(game(16, 20), "Listed", tmp_path)
    saves.autosave(game(17, 20), tmp_path)
    (tmp_path / "saves" / "broken.json").write_text("{")
    code, out, _ = run(["saves", "--data-dir", str(tmp_path)], capsys)
    assert code == 0
    assert "Listed" in out and "autosave" in out and "round" in out
    assert "problem:" in out and "broken.json: truncated" in out
    code, out, _ = run(["saves", "--data-dir", str(tmp_path), "--json"], capsys)
    listing = json.loads(out)
    assert {e["kind"] for e in listing["saves"]} == {"save", "autosave"}
    assert listing["problems"][0]["path"].endswith("broken.json")


def test_narby_saves_uses_the_environment_variable(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv(saves.ENV_VAR, str(tmp_path))
    code, out, _ = run(["saves"], capsys)
    assert code == 0 and str(tmp_path) in out and "no saved games" in out


def test_narby_replay_plays_a_save(tmp_path, capsys):
    s = game(18, 30)
    path = saves.save_game(s, "Replayed", tmp_path)
    code, out, _ = run(["replay", str(path), "--state-json"], capsys)
    assert code == 0 and json.loads(out) == s.snapshot()
    code, out, _ = run(["replay", str(path)], capsys)
    assert code == 0 and "stopped at:" in out


def test_a_save_or_replay_with_a_byte_order_mark_loads(tmp_path, capsys):
    # an editor that writes UTF-8 with a BOM (Notepad) made a save "not valid JSON"
    s = game(18, 30)
    path = saves.save_game(s, "Marked", tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert load_save(path).history == s.history
    replay = tmp_path / "replay.json"
    replay.write_text("\ufeff" + json.dumps(s.replay_doc()), encoding="utf-8")
    code, out, err = run(["replay", str(replay), "--state-json"], capsys)
    assert code == 0 and json.loads(out) == s.snapshot(), err


def test_narby_replay_knows_a_save_by_its_format_wherever_it_stands(tmp_path, capsys):
    # a save rewritten by another tool (keys sorted, the format last, or escaped) was
    # taken for a bare replay and refused, though Load opened it
    s = game(18, 30)
    doc = json.loads(saves.save_game(s, "Moved", tmp_path).read_text())
    moved = tmp_path / "moved.json"
    moved.write_text(json.dumps({k: v for k, v in doc.items() if k != "format"}
                                | {"format": doc["format"]}, indent=1))
    escaped = tmp_path / "escaped.json"
    escaped.write_text(json.dumps(doc).replace('"narby-save/', '"narby\\u002dsave/', 1))
    for path in (moved, escaped):
        code, out, err = run(["replay", str(path), "--state-json"], capsys)
        assert code == 0 and json.loads(out) == s.snapshot(), err


@pytest.mark.parametrize("name", ["bad-state-mismatch.json", "bad-future-version.json"])
def test_narby_replay_refuses_a_bad_save_in_one_line(name, capsys):
    code, _, err = run(["replay", str(CORPUS / name)], capsys)
    assert code == 1 and name in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_headless_game_can_be_saved(tmp_path, capsys):
    code, out, err = run(["--headless", "--seats", "random,random", "--seed", "3",
                          "--round-cap", "5", "--json", "--save", "Quick",
                          "--data-dir", str(tmp_path)], capsys)
    assert code == 0 and "saved:" in err
    loaded = load_save(tmp_path / "saves" / "quick.json")
    assert loaded.match.finished and loaded.match.scores() == json.loads(out)["scores"]
    assert set(loaded.players.values()) == {"random"}


def test_a_save_records_its_options_so_a_new_default_cannot_change_it(tmp_path):
    s = Session.new([{"dragon": "red"}, {"dragon": "blue"}], seed=5)
    assert s.replay_doc()["options"] == dict(s.match.options)  # every option, not just {}
    player = RandomPlayer(5)
    for _ in range(10):
        s.submit(player.choose(s.match))
    doc = saves.save_document(s)
    # An older save whose replay named no options: the stored state's options apply.
    doc["replay"]["options"] = {}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc), encoding="utf-8")

    # Flip the default the saved game was played with (as issue 4 did to cards).
    old_defaults = dict(tables.DEFAULT_OPTIONS)
    tables.DEFAULT_OPTIONS["cards"] = not old_defaults["cards"]
    try:
        loaded = load_save(path)
    finally:
        tables.DEFAULT_OPTIONS.update(old_defaults)
    assert loaded.snapshot()["options"] == s.snapshot()["options"]
    s.close()
    loaded.close()


def test_a_file_where_the_saves_folder_should_be_is_named(tmp_path, capsys):
    # 'narby saves' said "no saved games" for a data folder, or a saves folder, that is
    # a file: nothing can be saved there, and the player was not told
    (tmp_path / "saves").write_text("x")
    entries, problems = saves.list_saves(tmp_path / "saves")
    assert not entries and "is a file, not a folder" in problems[0].message
    code, out, _ = run(["saves", "--data-dir", str(tmp_path)], capsys)
    assert code == 0 and "is a file, not a folder" in out
    (tmp_path / "file").write_text("x")
    code, out, _ = run(["saves", "--data-dir", str(tmp_path / "file")], capsys)
    assert "is a file, not a folder" in out

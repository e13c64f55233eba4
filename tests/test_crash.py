"""Crash safety: emergency_save writes a loadable save and a log, and never raises."""

from __future__ import annotations

import json
import tempfile

import pytest

from game import match as match_mod
from game.persistence import crash, saves
from game.persistence.crash import emergency_save
from game.persistence.saves import load_save
from game.players import RandomPlayer
from game.session import Session


def game(seed=1, n=40) -> Session:
    s = Session.new([{"player": "human"}, {"player": "normal"}, {"player": "random"}],
                    seed=seed)
    player = RandomPlayer(seed)
    for _ in range(n):
        s.submit(player.choose(s.match))
    return s


def failure() -> Exception:
    try:
        raise RuntimeError("the renderer fell over")
    except RuntimeError as exc:
        return exc


def test_emergency_save_is_loadable_and_the_log_has_the_traceback(tmp_path):
    s = game(1)
    save_path, log_path = emergency_save(s, tmp_path, failure())
    assert save_path.parent == tmp_path / "saves" and save_path.name.startswith("emergency-")
    assert log_path.parent == tmp_path / "logs"
    loaded = load_save(save_path)
    assert loaded.snapshot() == s.snapshot() and loaded.players == s.players
    log = log_path.read_text()
    assert "Traceback" in log and "RuntimeError: the renderer fell over" in log
    assert str(save_path) in log and "round" in log


def test_a_game_broken_mid_answer_is_saved_as_it_was_before(tmp_path, monkeypatch):
    """The match may be half-changed by the failing answer; the save comes from history."""
    s = game(2)
    before = s.snapshot()
    legal = s.match.legal_answers()[0]
    step = match_mod.DECISIONS[s.match.stack[-1]["step"]]

    def half_then_boom(m, frame, answer):
        m.actions_left = 99  # a half-applied change
        raise KeyError("bug")
    monkeypatch.setitem(match_mod.DECISIONS, s.match.stack[-1]["step"],
                        step._replace(answer=half_then_boom))
    with pytest.raises(KeyError) as info:
        s.submit(legal)
    monkeypatch.undo()
    assert s.broken
    save_path, _ = emergency_save(s, tmp_path, info.value)
    assert load_save(save_path).snapshot() == before


def test_a_history_that_will_not_replay_is_kept_as_a_version_1_save(tmp_path, monkeypatch):
    s = game(3)

    def boom(*a, **k):
        raise RuntimeError("replay broken too")
    monkeypatch.setattr(Session, "from_replay", classmethod(boom))
    save_path, log_path = emergency_save(s, tmp_path, failure())
    monkeypatch.undo()
    doc = json.loads(save_path.read_text())
    assert doc["format"] == "narby-save/1" and doc["replay"]["decisions"] == s.history
    assert "did not replay" in log_path.read_text()
    assert load_save(save_path).snapshot() == s.snapshot()  # through the upgrader


def test_an_unwritable_data_dir_falls_back_to_the_temp_folder(tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the data folder should be")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    save_path, log_path = emergency_save(game(4, 10), blocked, failure())
    assert save_path.is_relative_to(tmp_path / "tmp") and log_path.is_relative_to(tmp_path / "tmp")
    load_save(save_path)
    assert "could not write" in log_path.read_text()


def test_without_a_game_only_the_log_is_written(tmp_path):
    save_path, log_path = emergency_save(None, tmp_path, failure())
    assert save_path is None and "the renderer fell over" in log_path.read_text()


def test_emergency_save_never_raises(tmp_path, monkeypatch):
    def refuse(*a, **k):
        raise OSError("disk on fire")
    monkeypatch.setattr(saves, "write_json_atomic", refuse)
    monkeypatch.setattr(crash, "_write_text", refuse)
    assert emergency_save(game(5, 5), tmp_path, failure()) == (None, None)
    assert emergency_save(object(), tmp_path, None) == (None, None)


def test_no_game_to_save_writes_no_shell_save(tmp_path):
    """Issue 30: a joining window's stand-in (the host keeps the game) or a session whose
    history cannot be read gives no save at all (never a shell Continue cannot open),
    only the error report."""
    from types import SimpleNamespace  # noqa: PLC0415

    joiner = SimpleNamespace(events=[], kept_by_host=True)
    save_path, log_path = emergency_save(joiner, tmp_path, RuntimeError("a bug"))
    assert save_path is None and log_path is not None and log_path.exists()

    class Lost:  # a history that will not even be listed
        name = "lost"

        def replay_doc(self):
            raise RuntimeError("gone")

    save_path, _ = emergency_save(Lost(), tmp_path, RuntimeError("a bug"))
    assert save_path is None
    assert not (tmp_path / "saves").exists() or not list((tmp_path / "saves").iterdir())

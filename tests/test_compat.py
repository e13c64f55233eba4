"""Every frozen version's player files still load, to the same position (issue 31).

tests/compat/<version>/ holds the files a released version wrote (tests/compat/
make_frozen.py made them once; they are never regenerated) and expected.json, what that
version read from each. Each file is opened here with the current code through the entry
point a player uses: the Load screen's listing and load, Continue, `narby replay`, the
host's resume and a client's token, the settings. A folder's SHA256SUMS catches a file
that was changed or regenerated. NARBY_COMPAT_EXTRA (folders, os.pathsep-separated) adds
held-out sets made the same way (make_frozen.py --into DIR --seed-offset N).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from dataclasses import asdict
from pathlib import Path

import pytest

import game
from game import cli
from game.net import cli as net_cli
from game.net.host import HostCore
from game.net.protocol import encode, message
from game.persistence import saves
from game.session import Session
from game.ui import settings as ui_settings

COMPAT = Path(__file__).resolve().parent / "compat"
FOLDERS = sorted(p for p in COMPAT.iterdir() if p.is_dir() and (p / "expected.json").is_file())
FOLDERS += [Path(p) for p in os.environ.get("NARBY_COMPAT_EXTRA", "").split(os.pathsep) if p]
SAVE_KINDS = ("save", "autosave", "host_save")


def expected_of(folder: Path) -> dict:
    return json.loads((folder / "expected.json").read_text(encoding="utf-8"))


def cases(kinds: tuple[str, ...]) -> list:
    out = []
    for folder in FOLDERS:
        for name, facts in sorted(expected_of(folder)["files"].items()):
            if facts["kind"] in kinds:
                out.append(pytest.param(folder, name, facts, id=f"{folder.name}/{name}"))
    return out


def state_part(doc: dict, not_position: list[str]) -> dict:
    return {k: v for k, v in doc.items() if k not in not_position}


def position(session: Session, not_position: list[str]) -> dict:
    """What make_frozen.position records: the state document without the fields that
    are not the position, the legal answers (count and hash), seat kinds, answers."""
    out = state_part(session.snapshot(), not_position)
    legal = [] if session.match.finished else session.match.legal_answers()
    texts = sorted(json.dumps(a, sort_keys=True) for a in legal)
    out["legal_count"] = len(texts)
    out["legal_sha"] = hashlib.sha256("\n".join(texts).encode()).hexdigest()[:16]
    out["players"] = dict(session.players)
    out["decisions"] = len(session.steps)
    return out


# Recorded for the reader, not compared: a later release's rules may offer other answers
# in the same position (the position itself must not move).
NOT_COMPARED = ("legal_count", "legal_sha")


def same_position(got: dict, want: dict) -> None:
    """The fields compared one by one, so a failure names the one that moved."""
    for key in sorted(set(got) | set(want)):
        if key in NOT_COMPARED:
            continue
        if key == "decisions" and got.get("decisions") == 0:
            continue  # loaded from its stored state: its history before is not replayed
        assert got.get(key) == want.get(key), f"{key} differs"


def plays_on(session: Session) -> None:
    """A loaded unfinished game takes an answer (the first legal one)."""
    if not session.match.finished:
        legal = session.match.legal_answers()
        assert legal, "the loaded game offers no answer"
        session.submit(legal[0])


@pytest.fixture
def data_copy(tmp_path):
    """The frozen data folder copied (listing writes an index beside the saves)."""
    def copy(folder: Path) -> Path:
        dest = tmp_path / folder.name
        if not dest.exists():
            shutil.copytree(folder, dest)
        return dest
    return copy


# ----- the folders themselves ------------------------------------------------------------
@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.name)
def test_no_frozen_file_was_changed_added_or_removed(folder):
    listed = {}
    for line in (folder / "SHA256SUMS").read_text(encoding="utf-8").splitlines():
        digest, name = line.split("  ", 1)
        listed[name] = digest
    present = {p.relative_to(folder).as_posix() for p in folder.rglob("*")
               if p.is_file() and p.name != "SHA256SUMS"}
    assert present == set(listed), "a frozen folder never gains or loses a file"
    for name, digest in listed.items():
        got = hashlib.sha256((folder / name).read_bytes()).hexdigest()
        assert got == digest, f"{name} changed: frozen files are never regenerated"


# Each release's SHA256SUMS, pinned here when its folder is frozen: a folder regenerated
# whole (files and sums) fails here. A new release adds its line; none is ever changed.
FROZEN_SUMS = {
    "0.1.0": "841f2adba34bcdeacf64726b26299a991c89773e99b124cd7671555963500c5a",
    # 0.1.0's code again (compat audit, 2026-11-28): a held-out set and loose files
    "0.1.0-seed77700": "7ca3850ba03a3e01ef84613cb761c8b8c17e33b2adef0dc342fa57abd4d7c819",
    "0.1.0-loose": "6691e878c1973773d2cfc22c7d7df671e19f66f64a26e213cbe2c4a155eb6f86",
    "0.2.0": "e58c56e7fd37f3f98a772ef51f5f2479234a2ac18a35a677322501fa8410bc3f",
}


def test_every_frozen_folder_is_pinned_and_unchanged():
    folders = {p.name for p in COMPAT.iterdir() if p.is_dir() and p.name[0].isdigit()}
    assert folders == set(FROZEN_SUMS), "pin each frozen folder's SHA256SUMS in FROZEN_SUMS"
    for release, digest in FROZEN_SUMS.items():
        sums = (COMPAT / release / "SHA256SUMS").read_bytes()
        assert hashlib.sha256(sums).hexdigest() == digest, f"{release} was regenerated"


LOOSE = COMPAT / "0.1.0-loose"  # its README.md says how 0.1.0 wrote each file


def test_the_loose_files_are_as_frozen():
    for line in (LOOSE / "SHA256SUMS").read_text(encoding="utf-8").splitlines():
        digest, name = line.split("  ", 1)
        assert hashlib.sha256((LOOSE / name).read_bytes()).hexdigest() == digest, name


@pytest.mark.parametrize(("name", "from_state"), [
    ("g2000013-09.json", True), ("g2000013-end.json", True), ("g200079-end.json", True),
    ("cap-100001.json", False), ("cap-200000.json", False), ("target-1000001.json", False)])
def test_a_0_1_0_save_the_rules_now_play_otherwise_opens_from_its_state(
        name, from_state, tmp_path):
    """0.2.0's R31/P5 fix plays about one 0.1.0 game in 25 otherwise: such a save was
    refused as changed by hand while the release number stayed 0.1.0. Options 0.1.0
    took (a round cap of 200,000) must not refuse a save either."""
    path = tmp_path / name
    shutil.copy(LOOSE / name, path)
    stored = json.loads(path.read_text(encoding="utf-8"))["state"]
    session = saves.load_save(path)
    try:
        assert (session.note or "").startswith("made by 0.1.0") == from_state
        pos = session.snapshot()
        for key in ("round", "phase", "turn", "finished", "winner", "dragons", "chest"):
            assert pos[key] == stored[key], key
        plays_on(session)
    finally:
        session.close()


def test_a_bare_0_1_0_replay_the_rules_now_play_otherwise_is_refused_in_a_line(capsys):
    code = cli.main(["replay", str(LOOSE / "g2000013.json")])
    out, err = capsys.readouterr()
    assert code == 1 and err.count("\n") == 1 and "is illegal" in err, err


def test_the_generator_refuses_to_write_a_version_that_exists(capsys, monkeypatch):
    from tests.compat import make_frozen  # noqa: PLC0415 (the window code it imports)

    monkeypatch.setattr(make_frozen.game, "__version__", "0.1.0")
    before = sorted(p.name for p in (COMPAT / "0.1.0").rglob("*"))
    assert make_frozen.main([]) == 1
    assert "never regenerated" in capsys.readouterr().err
    assert sorted(p.name for p in (COMPAT / "0.1.0").rglob("*")) == before


# ----- saves: the Load screen, Continue, narby replay -----------------------------------
@pytest.mark.parametrize(("folder", "name", "facts"), cases(SAVE_KINDS))
def test_a_save_loads_to_the_position_it_was(folder, name, facts, data_copy):
    path = data_copy(folder) / name
    session = saves.load_save(path)  # what the Load screen and Continue open
    try:
        same_position(position(session, expected_of(folder)["not_position"]),
                      facts["position"])
        if facts["name"] is not None:
            assert session.name == facts["name"]
        assert session.game_id == facts["game_id"]
        plays_on(session)
    finally:
        session.close()


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.name)
def test_the_load_screen_lists_every_frozen_save_with_its_facts(folder, data_copy):
    data = data_copy(folder) / "data"
    entries, problems = saves.list_all(data)
    assert problems == []
    by_path = {e.path.relative_to(data.parent).as_posix(): e for e in entries}
    files = expected_of(folder)["files"]
    wanted = {n: f for n, f in files.items() if f["kind"] in SAVE_KINDS}
    assert set(wanted) <= set(by_path)
    for name, facts in wanted.items():
        e, pos = by_path[name], facts["position"]
        assert (e.round, e.finished, e.winner) == (pos["round"], pos["finished"], pos["winner"])
        assert e.dragons == sorted(pos["dragons"], key=lambda d: pos["dragons"][d]["seat"])
        assert e.players == pos["players"]
        assert e.kind == ("save" if name.startswith("data/saves/") else "autosave")
    # Continue: the newest unfinished game, which loads
    latest = saves.latest_game(data)
    assert latest is not None and not latest.finished
    assert files[latest.path.relative_to(data.parent).as_posix()]["position"]["finished"] \
        is False


@pytest.mark.parametrize(("folder", "name", "facts"), cases(SAVE_KINDS + ("replay",)))
def test_narby_replay_plays_the_file_to_its_position(folder, name, facts, data_copy, capsys):
    path = data_copy(folder) / name
    code = cli.main(["replay", str(path), "--state-json"])
    out, err = capsys.readouterr()
    if code != 0 and facts["kind"] == "replay":
        # A bare replay is a history and nothing else: once the rules give another game
        # it cannot be played (FORMATS.md, "Reading older versions"); it says so in a
        # line. This release's own replay files always play.
        assert expected_of(folder)["version"] != game.__version__, err
        assert code == 1 and err.startswith(f"narby replay: {path}: ") and err.count("\n") == 1
        return
    assert code == 0, err
    got = state_part(json.loads(out), expected_of(folder)["not_position"])
    want = {k: v for k, v in facts["position"].items()
            if k not in ("legal_count", "legal_sha", "players", "decisions")}
    same_position(got, want)


# ----- the online game: host resume and the player's token --------------------------------
@pytest.mark.parametrize(("folder", "name", "facts"), cases(("net_seats",)))
def test_the_host_resumes_the_online_game_and_the_token_rejoins_its_seat(
        folder, name, facts, data_copy):
    root = data_copy(folder)
    save = root / facts["save"]
    reopened = net_cli._reopen(str(save), root / "data")  # narby host --resume SAVE
    assert not isinstance(reopened, int), "the host save did not re-open"
    session, side = reopened
    # 0.1.0's dice are kept (its history needs them): the host is told a joiner could
    # work them out; a later release's hosted game has the unpredictable stream
    old_dice = any("keeps its dice" in n for n in net_cli.resume_notes(session))
    assert old_dice == (expected_of(folder)["version"] == "0.1.0")
    kinds = {d: s["kind"] for d, s in side["seats"].items()}
    assert kinds == {d: s["kind"] for d, s in facts["seats"].items()}
    assert side["code"] == facts["code"]
    tokens = {d: s["token"] for d, s in side["seats"].items() if s["token"]}
    core = HostCore(session, kinds, code=side["code"], tokens=tokens, auto_start=True)
    files = expected_of(folder)["files"]
    for token_file, f in files.items():
        if f["kind"] != "token" or f["save"] != facts["save"]:
            continue
        token = (root / token_file).read_text(encoding="utf-8").strip()  # --token-file
        cid = len(core.conns) + 1
        core.opened(cid)
        outs = core.receive(cid, encode(message("hello", code=side["code"], token=token)))
        welcome = [o.msg for o in outs if o.cid == cid and o.msg["type"] == "welcome"]
        assert welcome and welcome[0]["seat"] == f["seat"]
    same_position(position(session, expected_of(folder)["not_position"]),
                  files[facts["save"]]["position"])
    session.close()


# ----- settings ----------------------------------------------------------------------------
@pytest.mark.parametrize(("folder", "name", "facts"), cases(("settings",)))
def test_the_settings_file_keeps_every_setting(folder, name, facts, data_copy, monkeypatch):
    path = data_copy(folder) / name
    monkeypatch.setenv("NARBY_CONFIG_DIR", str(path.parent))
    got = asdict(ui_settings.load())
    got["window"] = list(got["window"])
    assert {k: got[k] for k in facts["settings"]} == facts["settings"]

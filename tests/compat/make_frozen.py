"""Freeze this version's player files into tests/compat/<version>/ (issue 31).

    python tests/compat/make_frozen.py            # from the repository root
    python tests/compat/make_frozen.py --into DIR --seed-offset 1000   # a held-out set

A held-out set of 0.1.0 is made the same way from 0.1.0's code (commit 7c01196: the
release's game code and this script) into a folder outside the repository, and checked
with NARBY_COMPAT_EXTRA=DIR pytest tests/test_compat.py.

THE FOLDER IT WRITES IS NEVER REGENERATED. It is made once, from the code of the
version named in game/__init__.py, and then only read: tests/test_compat.py loads every
file in it with the current code and checks the position is the one recorded in
expected.json, and that no file differs from SHA256SUMS. Each later release runs this
script once more (from its own code) into its own new folder, then pins the folder's
SHA256SUMS digest in FROZEN_SUMS of tests/test_compat.py; the script refuses to write
into a folder that exists.

Every file is written by the functions the game itself calls: saves by
saves.save_game (the Save dialog, `narby --headless --save`), autosaves by the
window's GameController.autosave and the online host's HostCore, an emergency save by
crash.emergency_save, finished games by `narby --headless --save`, the online game's
seat file by HostCore.save_side, settings by game.ui.settings.save. A replay file is
Session.replay_doc() as JSON (what `narby replay` reads) and the join token file holds
the token of the host's `welcome`, as `narby join --token-file` keeps it. The release's
shipped maps are copied to maps/archive/<version>/ too (kept if already there).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import shutil
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import game  # noqa: E402
from game import cli  # noqa: E402
from game.net.host import HostCore, join_code, new_game, side_file  # noqa: E402
from game.net.protocol import encode, message  # noqa: E402
from game.persistence import crash, saves  # noqa: E402
from game.players import AIPlayer, RandomPlayer  # noqa: E402
from game.resources import maps_dir, shipped_map  # noqa: E402
from game.session import Session  # noqa: E402
from game.ui import settings as ui_settings  # noqa: E402
from game.ui.controller import GameController  # noqa: E402

HERE = Path(__file__).resolve().parent
# Fields of a state document that say where and how, not what the position is.
NOT_POSITION = ("format", "map", "seed", "dice", "stack")
OFFSET = [0]  # --seed-offset: held-out files made the same way from other seeds


# ----- what a loaded file is (the test compares the same) --------------------------------
def position(session: Session) -> dict:
    """The position a loaded game stands at: the state document without the fields that
    are not the position, plus the pending decision's legal answers (as a count and a
    hash, so expected.json stays small) and the seat kinds."""
    doc = session.snapshot()
    out = {k: v for k, v in doc.items() if k not in NOT_POSITION}
    legal = [] if session.match.finished else session.match.legal_answers()
    texts = sorted(json.dumps(a, sort_keys=True) for a in legal)
    out["legal_count"] = len(texts)
    out["legal_sha"] = hashlib.sha256("\n".join(texts).encode()).hexdigest()[:16]
    out["players"] = dict(session.players)
    out["decisions"] = len(session.steps)
    return out


def map_sha(map_path: str | None) -> str | None:
    if map_path is None:
        return None
    found = shipped_map(map_path)
    return hashlib.sha256(found.read_bytes()).hexdigest() if found else None


# ----- playing to a chosen kind of moment -----------------------------------------------
def card_in_hand(s: Session) -> bool:
    p = s.match.pending
    return (p is not None and p.kind == "action"
            and s.snapshot()["dragons"][p.dragon].get("card") is not None)


def kind_is(*kinds: str):
    return lambda s: s.match.pending is not None and s.match.pending.kind in kinds


def phase_is(phase: str):
    return lambda s: s.match.phase == phase


def play_until(s: Session, stop, *, seed: int, at_least: int, limit: int = 4000,
               ai: dict | None = None) -> None:
    """Answer (random, or the seat's AI where `ai` names one) until `stop(s)` holds after
    at least `at_least` answers."""
    rnd = RandomPlayer(seed)
    ais = {d: AIPlayer(level, seed + i) for i, (d, level) in enumerate((ai or {}).items())}
    for n in range(limit):
        if s.match.finished:
            raise SystemExit(f"the game ended before the moment wanted (seed {seed})")
        if n >= at_least and stop(s):
            return
        d = s.match.pending.dragon
        s.submit((ais.get(d) or rnd).choose(s.match))
    raise SystemExit(f"never reached the moment wanted (seed {seed})")


# (file stem, map or None, seats as Session.new takes them, options, seed, stop, at_least)
MID_GAMES = [
    ("vale-2-action-card", "maps/narby-vale.tmx",
     [{"dragon": "red", "player": "human"}, {"dragon": "blue", "player": "easy"}],
     {}, 101, card_in_hand, 60),
    ("vale-8-populate", "maps/narby-vale.tmx",
     [{"dragon": None, "player": k} for k in
      ("human", "easy", "normal", "hard", "random", "human", "easy", "normal")],
     {}, 102, phase_is("populate"), 150),
    ("hearth-3-tribute", "maps/hearth-hollow.tmx",
     [{"dragon": "gold", "player": "human"}, {"dragon": None, "player": "normal"},
      {"dragon": None, "player": "human"}],
     {}, 103, kind_is("lose_claim"), 40),
    ("hearth-2-react", "maps/hearth-hollow.tmx",
     [{"dragon": "green", "player": "human"}, {"dragon": "red", "player": "hard"}],
     {"target": 75}, 104, kind_is("react", "modify"), 40),
    ("riverfell-4-modify", "maps/riverfell.tmx",
     [{"dragon": None, "player": "human"}, {"dragon": None, "player": "easy"},
      {"dragon": None, "player": "human"}, {"dragon": None, "player": "random"}],
     {}, 105, kind_is("modify"), 80),
    ("riverfell-6-action-card", "maps/riverfell.tmx",
     [{"dragon": None, "player": k} for k in
      ("human", "hard", "normal", "easy", "human", "random")],
     {"round_cap": 150}, 106, card_in_hand, 200),
    ("dragonmarch-6-action", "maps/dragonmarch.tmx",
     [{"dragon": None, "player": k} for k in
      ("human", "normal", "human", "easy", "hard", "random")],
     {}, 107, card_in_hand, 120),
    ("dragonmarch-7-choose-place", "maps/dragonmarch.tmx",
     [{"dragon": None, "player": k} for k in
      ("human", "easy", "easy", "normal", "normal", "hard", "human")],
     {}, 108, kind_is("choose_place"), 30),
    ("dragonmarch-8-target100", "maps/dragonmarch.tmx",
     [{"dragon": None, "player": k} for k in
      ("human", "human", "easy", "easy", "normal", "normal", "hard", "random")],
     {"target": 100}, 109, card_in_hand, 300),
    ("plain-5-nocards", None,
     [{"dragon": None, "player": k} for k in ("human", "easy", "normal", "hard", "human")],
     {"cards": False, "thief_wins": True}, 110, kind_is("action"), 90),
]


# ----- writing ---------------------------------------------------------------------------
def write_mid_games(data: Path, expected: dict, out: Path) -> None:
    for stem, map_path, seats, options, seed, stop, at_least in MID_GAMES:
        s = reach(seats, seed + OFFSET[0], map_path, options, stop, at_least)
        path = saves.save_game(s, stem, data)  # the Save dialog's call
        record(expected, out, path, "save", s, map_path)
        s.close()


def reach(seats, seed: int, map_path, options, stop, at_least: int) -> Session:
    """A game at the wanted moment: from `seed`, or, when that game ends first (another
    release's dice give other games), the next of seed + 1000, + 2000 ... that reaches it."""
    for tries in range(20):
        s = Session.new(seats, seed=seed + 1000 * tries, map_path=map_path, options=options)
        ai = {d: k for d, k in s.players.items() if k == "easy"}  # easy AIs play themselves
        try:
            play_until(s, stop, seed=seed + 1000 * tries, at_least=at_least, ai=ai)
            return s
        except SystemExit:
            s.close()
    raise SystemExit(f"no game from seed {seed} reached the moment wanted")


def write_autosaves(data: Path, expected: dict, out: Path) -> None:
    """The window's autosave (GameController.autosave at a round start)."""
    s = Session.new([{"dragon": "copper", "player": "human"}, {"dragon": None, "player": "easy"},
                     {"dragon": None, "player": "normal"}],
                    seed=201 + OFFSET[0], map_path="maps/riverfell.tmx")
    s.name = "Autosaved game"
    play_until(s, lambda x: x.match.phase == "draw" or card_in_hand(x), seed=201,
               at_least=50)
    c = GameController.from_session(s, ai_mode="sync", data_dir=data)
    path = c.autosave()
    assert path is not None
    record(expected, out, path, "autosave", s, "maps/riverfell.tmx")
    # a crash's emergency save of the same game a few answers on
    play_until(s, lambda x: True, seed=202, at_least=7)
    saved, log = crash.emergency_save(s, data, RuntimeError("frozen for issue 31"))
    assert saved is not None and saved.parent == saves.saves_dir(data)
    if log is not None:
        shutil.rmtree(log.parent, ignore_errors=True)  # the crash log is not a player file
    record(expected, out, saved, "save", s, "maps/riverfell.tmx")
    c.close()


def write_finished(data: Path, expected: dict, out: Path) -> None:
    """`narby --headless --save NAME`: whole games, finished."""
    games = [("finished-vale", "narby-vale", "easy,random:red", "7"),
             ("finished-hearth", "hearth-hollow", "random,random,random", "8"),
             ("finished-plain-capped", None, "random,random,random,random", "9")]
    for name, map_name, seats, seed in games:
        seed = str(int(seed) + OFFSET[0])
        argv = ["--headless", "--seats", seats, "--seed", seed, "--save", name,
                "--data-dir", str(data), "--json"]
        if map_name:
            argv += ["--map", map_name]
        if map_name is None:
            argv += ["--round-cap", "12"]
        with contextlib.redirect_stdout(io.StringIO()), \
                contextlib.redirect_stderr(io.StringIO()):
            assert cli.main(argv) == 0
        path = saves.slot_path(name, data)
        s = saves.load_save(path)
        record(expected, out, path, "save", s, s.map_path)
        s.close()


def write_replays(expected: dict, out: Path) -> None:
    """narby-replay/1 files (Session.replay_doc), one mid-game, one finished."""
    folder = out / "replays"
    folder.mkdir()
    for stem, map_path, seed, finish in (("replay-riverfell-mid", "maps/riverfell.tmx", 301,
                                          False),
                                         ("replay-vale-finished", "maps/narby-vale.tmx", 302,
                                          True)):
        seed += OFFSET[0]
        s = Session.new([{"dragon": None, "player": "random"},
                         {"dragon": None, "player": "random"},
                         {"dragon": None, "player": "easy"}], seed=seed, map_path=map_path,
                        options={"target": 50})
        rnd = RandomPlayer(seed)
        while not s.match.finished and (finish or len(s.steps) < 140):
            s.submit(rnd.choose(s.match))
        path = folder / f"{stem}.json"
        path.write_text(json.dumps(s.replay_doc(), indent=1) + "\n", encoding="utf-8")
        record(expected, out, path, "replay", s, map_path)
        s.close()


def write_online(data: Path, expected: dict, out: Path) -> None:
    """A hosted game with two remote players and an AI, played by HostCore past a
    round start (its autosave and seat file), and the first player's token file."""
    seats = [{"dragon": "red", "player": "remote"}, {"dragon": None, "player": "easy"},
             {"dragon": "white", "player": "remote"}]
    seed = 401 + OFFSET[0]
    session, kinds = new_game(seats, seed=seed, map_path="maps/narby-vale.tmx", options={})
    session.name = "Online game"
    code = join_code()
    core = HostCore(session, kinds, code=code, auto_start=True, data_dir=data, ai_seed=seed)
    core.save_side()
    tokens = {}
    for cid, dragon, who in ((1, "red", "Ann"), (2, "white", "Bo")):
        core.opened(cid, "frozen")
        outs = core.receive(cid, encode(message("hello", code=code, seat=dragon, name=who)))
        welcome = next(o.msg for o in outs if o.cid == cid and o.msg["type"] == "welcome")
        tokens[dragon] = (cid, welcome["token"])
    # `narby join --token-file FILE` keeps the token it was given in FILE
    (out / "join-token-red.txt").write_text(tokens["red"][1], encoding="utf-8")
    rnd = RandomPlayer(seed)
    rounds_seen = 0
    while rounds_seen < 3:
        before = session.match.round
        pending = session.match.pending
        if kinds[pending.dragon] == "remote":
            cid = tokens[pending.dragon][0]
            answer = rnd.choose(session.match)
            outs = core.receive(cid, encode(message("answer", answer=answer,
                                                    decision=core.decision)))
            assert not any(o.msg["type"] == "error" for o in outs), outs
        else:
            core.step_ai()
        if session.match.round != before:
            rounds_seen += 1
    autos = [p for p in sorted(saves.autosaves_dir(data).glob("autosave-*.json"))
             if json.loads(p.read_text())["meta"]["game_id"] == session.game_id]
    for auto in autos:  # each round start's autosave is a save `narby host --resume` takes
        loaded = saves.load_save(auto)
        record(expected, out, auto, "host_save", loaded, "maps/narby-vale.tmx")
        loaded.close()
    host_save = autos[-1]
    side = side_file(data, saves.game_id(session))
    expected["files"][rel(side, out)] = {
        "kind": "net_seats", "save": rel(host_save, out),
        "seats": {d: {"kind": kinds[d], "has_token": d in tokens} for d in kinds},
        "code": code}
    expected["files"]["join-token-red.txt"] = {"kind": "token", "save": rel(host_save, out),
                                                "seat": "red"}
    session.close()


LATER_SETTINGS = {"text_size": "large", "lesson_done": True, "keys": {"pace": "v"},
                  "show_grid": False, "reduce_motion": True, "language": "de"}


def write_settings(out: Path, expected: dict) -> None:
    """Every setting changed from its default, written by the Settings screen's save."""
    changed = ui_settings.Settings(
        window=(1920, 1080), fullscreen=True, ui_scale=1.3, pace="fast",
        palette="colourblind", hotseat_handover=False, show_log=False, master_volume=0.35,
        effects_volume=0.6, music_volume=0.1, muted=True, watch_setup=True,
        confirm_end_turn=False, confirm_last_action=False, show_coordinates=True,
        # settings 0.1.0 did not have (a release freezes every setting it has)
        **{k: v for k, v in LATER_SETTINGS.items() if hasattr(ui_settings.Settings(), k)})
    default = asdict(ui_settings.Settings())
    same = [k for k, v in asdict(changed).items() if v == default[k]]
    assert not same, f"settings left at their default: {same}"
    folder = out / "config"
    os.environ["NARBY_CONFIG_DIR"] = str(folder)
    path = ui_settings.save(changed)
    assert path is not None
    loaded = asdict(ui_settings.load())
    loaded["window"] = list(loaded["window"])
    expected["files"][rel(path, out)] = {"kind": "settings", "settings": loaded}


def archive_maps(release: str) -> None:
    """maps/archive/<release>/: this release's shipped maps, for the saves made on them
    once a later release changes one (game.persistence.map_archive). Only the tileset's
    folder differs (the copy sits two folders deeper); an existing archive is kept."""
    folder = maps_dir() / "archive" / release
    if folder.exists():
        return
    folder.mkdir(parents=True)
    for tmx in sorted(maps_dir().glob("*.tmx")):
        text = tmx.read_text(encoding="utf-8")
        (folder / tmx.name).write_text(text.replace('source="../assets/',
                                                    'source="../../../assets/'),
                                       encoding="utf-8")


def rel(path: Path, out: Path) -> str:
    return Path(path).resolve().relative_to(out.resolve()).as_posix()


def record(expected: dict, out: Path, path: Path, kind: str, s: Session,
           map_path: str | None) -> None:
    """What the version writing the file reads back from it, through the loader a player
    uses (so the record is the loaded game, not the game in memory)."""
    if kind == "replay":
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
        loaded = Session.from_replay(doc, base=Path(path).parent, where=str(path))
        meta = {}
    else:
        loaded = saves.load_save(path)
        meta = json.loads(Path(path).read_text(encoding="utf-8")).get("meta", {})
    entry = {"kind": kind, "name": meta.get("name"), "game_id": meta.get("game_id"),
             "map": map_path, "map_sha256": map_sha(map_path),
             "position": position(loaded)}
    assert entry["position"] == position(s), f"{path} does not load to the game saved"
    loaded.close()
    expected["files"][rel(path, out)] = entry


def sums(out: Path) -> None:
    lines = []
    for p in sorted(out.rglob("*")):
        if p.is_file() and p.name != "SHA256SUMS":
            lines.append(f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {rel(p, out)}")
    (out / "SHA256SUMS").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--into", metavar="DIR", default=None,
                   help="write into DIR instead of tests/compat/<version>/ (held-out sets)")
    p.add_argument("--seed-offset", type=int, default=0,
                   help="added to every seed: a held-out set made the same way")
    args = p.parse_args(argv)
    OFFSET[0] = args.seed_offset
    out = Path(args.into) if args.into else HERE / game.__version__
    if out.exists():
        print(f"make_frozen: {out} exists; a version's frozen files are never regenerated "
              "(a new release writes its own folder)", file=sys.stderr)
        return 1
    scratch = Path(tempfile.mkdtemp(prefix="narby-frozen-"))
    try:
        out.mkdir()
        data = out / "data"
        expected: dict = {"version": game.__version__, "made_by": "tests/compat/make_frozen.py",
                          "not_position": list(NOT_POSITION), "files": {}}
        os.environ["NARBY_CONFIG_DIR"] = str(scratch / "config")
        write_mid_games(data, expected, out)
        write_autosaves(data, expected, out)
        write_finished(data, expected, out)
        write_replays(expected, out)
        write_online(data, expected, out)
        write_settings(out, expected)
        for index in data.rglob(saves.INDEX_NAME):  # a listing's cache, not a player file
            index.unlink()
        expected["maps"] = {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
                            for p in sorted(maps_dir().glob("*.tmx"))}
        if not args.into:
            archive_maps(game.__version__)
        (out / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True)
                                           + "\n", encoding="utf-8")
        sums(out)
    except BaseException:
        shutil.rmtree(out, ignore_errors=True)  # never leave half a frozen folder
        raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"make_frozen: wrote {out} ({total // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

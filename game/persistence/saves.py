"""Save files (FORMATS.md `narby-save/2`): write atomically, load by replaying, list.

A save is versioned JSON, never pickle:

    {"format": "narby-save/2",
     "meta": {name, created, updated, map, map_title, round, dragons, scores, players,
              finished, winner, turn, decisions, game_id, app, map_digest},
     "replay": <narby-replay/1 document: how the game began and every answer since>,
     "state": <narby-state/1 document at the save point>}

Loading replays the history and checks that the result equals the stored state, so a
hand-edited save is refused rather than played wrongly; an older release's save whose
history the rules no longer replay opens from its stored state, on the map it was made
on (game.persistence.reopen). Older versions are upgraded on load (UPGRADES); a bare
narby-replay/1 file opens as a save too. A file that cannot be read is never
overwritten or deleted: it is reported, naming the file and the problem.

Data directory (`data_dir()`): --data-dir, else $NARBY_DATA_DIR, else platformdirs'
user data dir for "narby-conquest"; saves in saves/, autosaves in autosaves/ (the last
AUTOSAVES_KEPT), crash logs in logs/.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import tempfile
import time
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

import game
from game import flow_checks
from game.decisions import title
from game.persistence.files import TEMP_PREFIX, write_atomic
from game.persistence.json_file import read_json
from game.persistence.map_archive import digest as map_digest
from game.persistence.plain import clean_name, message_of, unreadable
from game.persistence.reopen import reopen
from game.persistence.replay_file import FORMAT as REPLAY_FORMAT
from game.persistence.replay_file import ReplayError
from game.session import Session
from game.tables import DRAGONS, HOUSE_RULES
from game.words import Words, from_json

FORMAT = "narby-save/2"
FORMAT_PREFIX = "narby-save/"
CURRENT_VERSION = 2
ENV_VAR = "NARBY_DATA_DIR"
APP_NAME = "narby-conquest"
AUTOSAVES_KEPT = 5
AUTOSAVE_RE = re.compile(r"^autosave-(\d{1,12})\.json$")
MAX_NAME = 1000           # characters of a save name a listing shows (all are stored)
STALE_TEMP_SECONDS = 600  # a temp file this old is from a save that was killed
INDEX_NAME = ".narby-index.json"  # facts of each save, so a listing need not replay it
LIST_BYTES = 8 * 1024 * 1024      # the budget per file when listing (bigger: a problem)
# State fields that depend on where the file is opened, not on the game.
UNCOMPARED = ("map",)


class SaveError(ValueError):
    """A save that cannot be read or written; str() is one line naming the file."""


# ----- where things live ----------------------------------------------------------------
def data_dir(override: str | os.PathLike | None = None) -> Path:
    """--data-dir, else $NARBY_DATA_DIR, else the user's data directory."""
    if override:
        return Path(override).expanduser()
    if os.environ.get(ENV_VAR):
        return Path(os.environ[ENV_VAR]).expanduser()

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir(data: Path) -> Path:
    return Path(data) / "saves"


def autosaves_dir(data: Path) -> Path:
    return Path(data) / "autosaves"


def logs_dir(data: Path) -> Path:
    return Path(data) / "logs"


# ----- writing --------------------------------------------------------------------------
def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _app() -> str:
    """The writing release, "narby-conquest 0.1.0" (game.persistence.reopen reads it),
    from game.__version__, the one place (an editable install's metadata can be stale)."""
    return f"narby-conquest {game.__version__}"


def save_document(session: Session, name: str | None = None) -> dict:
    """The narby-save/2 document for the session as it stands."""
    stamp = now()
    meta = {
        "name": clean_name(name or session.name or default_name(session)),
        "created": session.created or stamp,
        "updated": stamp,
        "game_id": game_id(session),
        "app": _app(),
        **_facts(session),
        "map_digest": map_digest(session.board.source) if session.board.source else None,
    }
    if session.net_seats:  # an online game: which seats were remote (no tokens here)
        meta["net_seats"] = dict(session.net_seats)
    if session.hotseat is not None:  # the window's hand-over choice for this game
        meta["hotseat"] = session.hotseat
    return {"format": FORMAT, "meta": meta, "replay": session.replay_doc(),
            "state": session.snapshot()}


def _facts(session: Session) -> dict:
    """Meta that a loader recomputes from the game (never trusted from the file)."""
    m = session.match
    pending = m.pending
    return {
        "map": session.map_path,
        "map_title": session.board.title,
        "round": m.round,
        "dragons": list(m.seat_names),
        "scores": m.scores(),
        "players": dict(session.players),
        "finished": m.finished,
        "winner": m.winner,
        "turn": pending.dragon if pending else None,
        "decisions": len(session.steps),
    }


def game_id(session: Session) -> str:
    """A stable id for one game across its saves and autosaves."""
    if not session.game_id:
        session.game_id = uuid.uuid4().hex[:12]
    return session.game_id


def auto_name(dragons: Iterable[str], map_title: str) -> str:
    """The name a save gets when nobody names it, "Red vs Blue on Narby Vale". Files keep
    it in English; screens show it in the player's language (game.ui.words.save_name)."""
    return f"{' vs '.join(title(d) for d in dragons)} on {map_title}"


def default_name(session: Session) -> str:
    return auto_name(session.match.seat_names, session.board.title)


def write_json_atomic(path: str | os.PathLike, doc) -> Path:
    """Write JSON whole or not at all (files.write_atomic: temp file, fsync, rename)."""
    return write_atomic(path, (json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
                        .encode("utf-8"))


def write_save(session: Session, path: str | os.PathLike, name: str | None = None) -> Path:
    """Write the session to `path` atomically; remembers name/created on the session."""
    doc = save_document(session, name)
    try:
        out = write_json_atomic(path, doc)
    except OSError as exc:
        # TRANSLATORS: {why} is the system's reason, as it gives it
        raise SaveError(Words("{path}: cannot be written ({why})", path=path,
                              why=exc.strerror or exc)) from None
    session.name = doc["meta"]["name"]
    session.created = doc["meta"]["created"]
    session.updated = doc["meta"]["updated"]
    if (key := _file_key(out)) is not None:
        _written.add(key)
    return out


def slot_name(name: str) -> str:
    """The readable file name (without .json) of a save slot: letters, digits, '-' and
    '_'. Several names share it ("Zoé" and "Zoë"), so see slot_path."""
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", name.strip()).strip("-").lower()[:60]
    return slug or "save"


def slot_path(name: str, data: str | os.PathLike) -> Path:
    """The one file of the save called `name` (after clean_name): <slug>.json when it is
    free or holds exactly this name, else <slug>-<hash of the exact name>.json, so two
    names never share a file and a name always finds its own (older saves included)."""
    name = clean_name(name.strip())
    folder = saves_dir(Path(data))
    plain = folder / f"{slot_name(name)}.json"
    if not plain.exists() or _meta_name(plain) == name:
        return plain
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    return folder / f"{slot_name(name)[:40]}-{digest}.json"


def _meta_name(path: Path) -> str | None:
    """The name a readable save holds (None for anything else)."""
    try:
        doc = read_document(path)
    except (SaveError, ValueError):
        return None
    meta = doc.get("meta")
    name = meta.get("name") if isinstance(meta, dict) else None
    return clean_name(name) if isinstance(name, str) else None


def save_game(session: Session, name: str, data: str | os.PathLike) -> Path:
    """Save to the named slot in <data>/saves/ (see slot_path). An existing file that
    does not load (not a save, or a save that no longer opens: its map moved, its
    history edited) is never overwritten: the save goes to the next free name."""
    name = clean_name(name.strip()) or "save"
    path = slot_path(name, data)  # never another name's file
    base, n = path.stem, 1
    while path.exists() and not (_looks_like_save(path) and _loads(path)):
        n += 1
        path = path.with_name(f"{base}-{n}.json")
    return write_save(session, path, name)


def autosave(session: Session, data: str | os.PathLike, keep: int = AUTOSAVES_KEPT) -> Path:
    """Write <data>/autosaves/autosave-NNNNNN.json and keep only the newest `keep`
    autosaves *of this game* (P36): another game's autosaves are never rotated out by
    this one. Files that do not load are left alone."""
    folder = autosaves_dir(Path(data))
    numbers = _autosave_numbers(folder)
    path = folder / f"autosave-{(max(numbers, default=0) + 1):06d}.json"
    out = write_save(session, path, session.name)
    mine = game_id(session)
    old = [n for n in sorted(_autosave_numbers(folder))
           if game_of(p := folder / f"autosave-{n:06d}.json") == mine and _loads(p)]
    for n in old[:-keep] if keep > 0 else old:
        with contextlib.suppress(OSError):
            (folder / f"autosave-{n:06d}.json").unlink()
    return out


_written: set[tuple] = set()  # files this process wrote, by _file_key: they load


def _file_key(path: Path) -> tuple | None:
    try:
        st = path.stat()
        return (str(path.resolve()), st.st_mtime_ns, st.st_size)
    except (OSError, ValueError, RuntimeError):
        return None


def _loads(path: Path) -> bool:
    """Whether the file opens as a save: known when this process wrote or checked it
    unchanged, or its folder's index has a verdict on it; else it is replayed once."""
    key = _file_key(path)
    if key is not None and (key in _written or key in _checked):
        return True
    known = _indexed(_read_index(path.parent), path, _fingerprint(path))
    if known:
        if "problem" in known:
            return False
        if _entry_from(known.get("entry"), path, "save") is not None:
            return True
    try:
        entry_for(path)
    except SaveError:
        return False
    return True


def game_of(path: Path) -> str | None:
    """The game_id of a readable save ("" when it has none; None when it cannot be
    read)."""
    try:
        doc = read_json(path, ValueError)
    except ValueError:
        return None
    if _version_of(doc) is None:
        return None
    meta = doc.get("meta")
    gid = meta.get("game_id") if isinstance(meta, dict) else None
    return gid if isinstance(gid, str) else ""


def starts_round(events: Iterable[Mapping[str, Any]]) -> bool:
    """True when these events (from Session.submit) began a new round: autosave time."""
    return any(e.get("type") == "round" for e in events)


def _autosave_numbers(folder: Path) -> list[int]:
    if not folder.is_dir():
        return []
    return [int(mt.group(1)) for p in folder.iterdir() if (mt := AUTOSAVE_RE.match(p.name))]


def _looks_like_save(path: Path) -> bool:
    """Cheap check (no replay): JSON with a save or replay format this version reads."""
    try:
        return _version_of(read_json(path, ValueError)) is not None
    except ValueError:
        return False


# ----- reading --------------------------------------------------------------------------
def read_document(path: str | os.PathLike) -> dict:
    """The file's JSON object, upgraded to the current format; SaveError otherwise."""
    path = Path(path)
    doc = read_json(path, SaveError, "save file")
    return upgrade(doc, path)


def _version_of(doc) -> int | None:
    """0 for a bare replay, N for narby-save/N, None for anything else."""
    if not isinstance(doc, dict):
        return None
    fmt = doc.get("format")
    if fmt == REPLAY_FORMAT:
        return 0
    if isinstance(fmt, str) and fmt.startswith(FORMAT_PREFIX):
        number = fmt[len(FORMAT_PREFIX):]  # written by us: "2", never "02" or another script's
        if re.fullmatch(r"[1-9][0-9]{0,3}", number) and int(number) <= CURRENT_VERSION:
            return int(number)
    return None


def _from_replay(doc: dict, path: Path) -> dict:
    """A bare narby-replay/1 file: a v1 save named after the file."""
    return {"format": "narby-save/1", "replay": doc, "name": path.stem}


def _v1_to_v2(doc: dict, path: Path) -> dict:
    """narby-save/1 = {"format", "replay", "name"}: no meta, no state. The meta is
    filled in from the replayed game; there is no stored state to compare."""
    name = doc.get("name")
    meta = {"name": name if isinstance(name, str) and name else path.stem}
    return {"format": "narby-save/2", "meta": meta, "replay": doc.get("replay"), "state": None}


UPGRADES = {0: _from_replay, 1: _v1_to_v2}  # version -> step to the next version


def upgrade(doc, path: Path) -> dict:
    """Bring any readable version up to narby-save/2, or say why not."""
    if not isinstance(doc, dict):
        # TRANSLATORS: {path} is the file; {kind} a JSON type name (list, str), as is
        raise SaveError(Words("{path}: not a Narby Conquest save (the file holds a JSON "
                              "{kind}, not an object)", path=path, kind=type(doc).__name__))
    fmt = doc.get("format")
    version = _version_of(doc)
    if version is None:
        if isinstance(fmt, str) and fmt.startswith(FORMAT_PREFIX):
            # TRANSLATORS: {format} and {newest} are file format names, kept as is
            raise SaveError(Words("{path}: saved by a newer or unknown version of Narby "
                                  "Conquest ({format}); this version reads narby-save/1 to "
                                  "{newest}", path=path, format=fmt, newest=FORMAT))
        raise SaveError(Words("{path}: not a Narby Conquest save (format {format}, expected "
                              "{newest})", path=path, format=repr(fmt), newest=repr(FORMAT)))
    while version < CURRENT_VERSION:
        doc = UPGRADES[version](doc, path)
        next_version = _version_of(doc)
        assert next_version is not None  # each step gives the next known version
        version = next_version
    return doc


def load_save(path: str | os.PathLike) -> Session:
    """Open a save (any readable version, or a bare replay): replay its history and
    check it against the stored state. Raises SaveError naming the file and problem."""
    path = Path(path)
    doc = read_document(path)
    try:
        return _session_from(doc, path)
    except SaveError:
        raise
    except Exception as exc:  # last-resort net: a save must never crash the game
        raise SaveError(unreadable(str(path), exc)) from None


def _session_from(doc: dict, path: Path) -> Session:
    meta = doc.get("meta")
    if not isinstance(meta, dict):
        raise SaveError(Words("{path}: the save has no 'meta' object", path=path))
    replay = doc.get("replay")
    if not isinstance(replay, dict) or replay.get("format") != REPLAY_FORMAT:
        raise SaveError(Words("{path}: the save's 'replay' is not a {format} document",
                              path=path, format=REPLAY_FORMAT))
    stored = doc.get("state")
    if isinstance(stored, dict) and isinstance(stored.get("options"), dict) \
            and isinstance(replay.get("options") or {}, dict):
        # Options left out of an older replay are those the game was played with,
        # which its stored state records (defaults may have changed since).
        replay = {**replay, "options": {**stored["options"], **(replay.get("options") or {})}}
    try:  # on the map it was made on; another release's save may open from its state
        session = reopen(replay, stored, meta, path, _differs)
    except ReplayError as exc:
        raise SaveError(message_of(exc)) from None
    name = meta.get("name")
    session.name = clean_name(name) if isinstance(name, str) and name else clean_name(path.stem)
    session.created = meta.get("created") if isinstance(meta.get("created"), str) else None
    session.game_id = meta.get("game_id") if isinstance(meta.get("game_id"), str) else None
    session.updated = meta.get("updated") if isinstance(meta.get("updated"), str) else None
    session.net_seats = _net_seats(meta.get("net_seats"), session)
    hotseat = meta.get("hotseat")
    session.hotseat = hotseat if isinstance(hotseat, bool) else None
    return session


def _differs(stored, session: Session) -> str | None:
    return first_difference(_comparable(stored), _comparable(session.snapshot()))


def _net_seats(value, session: Session) -> dict[str, str] | None:
    """An online game's seat kinds from a save's meta: one plain word per dragon of the
    game, else None (the game opens as a local one)."""
    if not isinstance(value, dict) or set(value) != set(session.dragons) or \
            not all(isinstance(k, str) and k.isalpha() for k in value.values()):
        return None
    return dict(value)


def _comparable(state):
    if not isinstance(state, dict):
        return state
    return {k: v for k, v in state.items() if k not in UNCOMPARED}


def first_difference(saved, replayed, where: str = "") -> str | None:
    """Where two JSON values first differ, e.g. "dragons.red.coins: saved 12, replayed 9"."""
    if isinstance(saved, dict) and isinstance(replayed, dict):
        for key in sorted(set(saved) | set(replayed), key=str):
            here = f"{where}.{key}" if where else str(key)
            if key not in replayed:
                return f"{here}: in the save but not in the game"
            if key not in saved:
                return f"{here}: missing from the save"
            found = first_difference(saved[key], replayed[key], here)
            if found:
                return found
        return None
    if isinstance(saved, list) and isinstance(replayed, list) and len(saved) == len(replayed):
        for i, (a, b) in enumerate(zip(saved, replayed, strict=True)):
            found = first_difference(a, b, f"{where}[{i}]")
            if found:
                return found
        return None
    if saved == replayed and type(saved) is type(replayed):
        return None
    return f"{where or 'state'}: saved {_short(saved)}, replayed {_short(replayed)}"


def _short(value) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


# ----- listing --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Entry:
    """One loadable game, for the Load screen and Continue."""

    name: str
    path: Path
    kind: str          # "save" or "autosave"
    dragons: list[str]
    round: int
    scores: dict[str, int]
    map: str | None     # the map's path as saved (None: the open plain)
    map_title: str
    date: str           # when it was last saved (ISO 8601, UTC)
    finished: bool
    winner: str | list[str] | None
    players: dict[str, str] = field(default_factory=dict)
    game_id: str | None = None
    house: tuple[str, ...] = ()  # house rules on (game.tables.HOUSE_RULES), none: the book's


@dataclass(frozen=True, slots=True)
class Problem:
    """A file that cannot be loaded; message names the file and says why."""

    path: Path
    message: str


_checked: dict[tuple, Entry] = {}  # (path, mtime_ns, size) -> entry: list quickly again


def entry_for(path: str | os.PathLike, kind: str = "save") -> Entry:
    """Fully check one file (replaying it) and describe it; raises SaveError."""
    path = Path(path)
    key = _file_key(path)
    if key in _checked:
        return _checked[key]
    session = load_save(path)
    try:
        facts = _facts(session)
        date = session.updated or datetime.fromtimestamp(path.stat().st_mtime, UTC).isoformat(
            timespec="seconds")
        entry = Entry(clean_name(session.name or path.stem, MAX_NAME), path, kind, facts["dragons"],
                      facts["round"], facts["scores"], facts["map"], facts["map_title"],
                      date, facts["finished"], facts["winner"], facts["players"],
                      session.game_id, _house(session.match.options))
    finally:
        session.close()
    if key is not None:
        _checked[key] = entry
    return entry


# The index: facts of each listed file, keyed by its size, mtime and a hash of its bytes,
# so a start of the game lists saves without replaying them (a file that changed in
# any way is checked again). A broken index is ignored and rewritten, never trusted.
_INDEX_FORMAT = "narby-save-index/1"
# The load checks an index's verdicts were reached with: a save an older build indexed
# as good is checked again by these (game.flow_checks refuses stacks older builds let in).
LOAD_CHECKS = f"flow-{flow_checks.VERSION}"


def _entry_doc(e: Entry) -> dict:
    return {"name": e.name, "dragons": e.dragons, "round": e.round, "scores": e.scores,
            "map": e.map, "map_title": e.map_title, "date": e.date, "finished": e.finished,
            "winner": e.winner, "players": e.players, "game_id": e.game_id,
            **({"house": list(e.house)} if e.house else {})}


def _house(options: dict) -> tuple[str, ...]:
    return tuple(rule for rule in HOUSE_RULES if options.get(rule))


def _entry_from(doc, path: Path, kind: str) -> Entry | None:
    """An Entry from the index, or None when any field is not what a listing wrote."""
    try:
        names = doc["dragons"]
        ok = (isinstance(doc["name"], str) and len(doc["name"]) <= MAX_NAME
              and isinstance(names, list) and 2 <= len(names) <= 8
              and all(n in DRAGONS for n in names) and len(set(names)) == len(names)
              and type(doc["round"]) is int
              and isinstance(doc["scores"], dict) and set(doc["scores"]) == set(names)
              and all(type(v) is int for v in doc["scores"].values())
              and (doc["map"] is None or isinstance(doc["map"], str))
              and isinstance(doc["map_title"], str) and isinstance(doc["date"], str)
              and isinstance(doc["finished"], bool)
              and (doc["winner"] is None or doc["winner"] in (*names, "thief")
                   or (isinstance(doc["winner"], list)
                       and all(w in names for w in doc["winner"])))
              and isinstance(doc["players"], dict) and set(doc["players"]) <= set(names)
              and all(isinstance(v, str) and len(v) <= 40 for v in doc["players"].values())
              and (doc["game_id"] is None or isinstance(doc["game_id"], str))
              and isinstance(doc.get("house", []), list)
              and all(rule in HOUSE_RULES for rule in doc.get("house", [])))
    except (KeyError, TypeError):
        return None
    if not ok:
        return None
    # the words are shown as written: a lone surrogate or control character in an
    # index (which a listing never writes) is escaped as in a save's own name
    return Entry(clean_name(doc["name"]), path, kind, list(names), doc["round"],
                 dict(doc["scores"]), doc["map"], clean_name(doc["map_title"], 200),
                 clean_name(doc["date"], 40), doc["finished"], doc["winner"],
                 {k: clean_name(v) for k, v in doc["players"].items()}, doc["game_id"],
                 tuple(doc.get("house", ())))


def _read_index(folder: Path) -> dict:
    try:
        doc = read_json(folder / INDEX_NAME, ValueError)
    except ValueError:
        return {}
    if not isinstance(doc, dict) or doc.get("format") != _INDEX_FORMAT \
            or not isinstance(doc.get("files"), dict) or doc.get("checks") != LOAD_CHECKS:
        return {}  # (an index of other checks: every file is checked again)
    return {k: v for k, v in doc["files"].items() if isinstance(k, str) and isinstance(v, dict)}


def _fingerprint(path: Path) -> dict | str:
    """size, mtime and hash of a file within the listing budget, or why not."""
    try:
        st = path.stat()
        if not path.is_file():
            return Words("{path}: not a regular file", path=path)
        if st.st_size > LIST_BYTES:
            # TRANSLATORS: {size} and {most} are sizes in MiB
            return Words("{path}: file is {size} MiB, over the {most} MiB a save may take",
                         path=path, size=st.st_size // 2**20, most=LIST_BYTES // 2**20)
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read(LIST_BYTES + 1)).hexdigest()[:24]
    except OSError as exc:
        # TRANSLATORS: {why} is the system's reason, as it gives it
        return Words("{path}: cannot be read ({why})", path=path, why=exc.strerror or exc)
    return {"size": st.st_size, "mtime_ns": st.st_mtime_ns, "sha": digest}


def _clean_temp(folder: Path) -> None:
    """Remove temp files left by a save that was killed mid-write (old enough that no
    save can still be writing them)."""
    now_s = time.time()
    with contextlib.suppress(OSError):
        for p in folder.iterdir():
            if p.name.startswith(TEMP_PREFIX):
                with contextlib.suppress(OSError):
                    if now_s - p.stat().st_mtime > STALE_TEMP_SECONDS:
                        p.unlink()


def list_saves(folder: str | os.PathLike, kind: str = "save") -> tuple[list[Entry], list[Problem]]:
    """Every *.json in folder: (loadable entries, newest first; problems, by file name).
    Never fails as a whole: each file that cannot be listed is a Problem of its own.
    Facts come from the folder's index when the file is unchanged, else the file is
    fully checked (replayed) once and its facts (or problem) indexed. Saves are never
    moved, rewritten or deleted here; stale temp files of killed saves are removed."""
    folder = Path(folder)
    entries: list[Entry] = []
    problems: list[Problem] = []
    try:
        if not folder.is_dir():
            if folder.exists():  # a file where the folder should be: say so, never "none"
                problems.append(Problem(folder, Words(
                    "{path}: is a file, not a folder: no save can be kept there",
                    path=folder)))
            return entries, problems
        paths = sorted(p for p in folder.glob("*.json") if not p.name.startswith("."))
    except OSError as exc:
        return entries, [Problem(folder, Words("{path}: cannot be listed ({why})", path=folder,
                                               why=exc.strerror))]
    _clean_temp(folder)
    index = _read_index(folder)
    fresh: dict[str, dict] = {}
    for path in paths:
        try:
            _list_one(path, kind, index, fresh, entries, problems)
        except Exception as exc:  # last-resort net: one file never hides the others
            problems.append(Problem(path, unreadable(str(path), exc, "cannot be listed")))
    if fresh != index:
        with contextlib.suppress(Exception):
            write_json_atomic(folder / INDEX_NAME, {"format": _INDEX_FORMAT,
                                                    "checks": LOAD_CHECKS, "files": fresh})
    entries.sort(key=lambda e: (e.date, e.path.name), reverse=True)
    return entries, problems


def _indexed(index: dict, path: Path, print_: dict | str) -> dict | None:
    """The folder index's record of `path` while the file is unchanged since (its size,
    mtime and hash as indexed), else None."""
    known = index.get(path.name)
    if known and isinstance(print_, dict) and all(known.get(k) == v
                                                  for k, v in print_.items()):
        return known
    return None


def _list_one(path: Path, kind: str, index: dict, fresh: dict, entries: list,
              problems: list) -> None:
    print_ = _fingerprint(path)
    if isinstance(print_, str):
        problems.append(Problem(path, print_))
        return
    known = _indexed(index, path, print_)
    if known:
        # a problem indexed with its words (the player's language on the Load screen);
        # one indexed by an older version, as text only, is checked again to get them
        if isinstance(known.get("problem"), str) and "problem_words" in known:
            fresh[path.name] = known
            problems.append(Problem(path, from_json(known["problem_words"],
                                                    known["problem"][:500])))
            return
        entry = _entry_from(known.get("entry"), path, kind)
        if entry is not None:
            fresh[path.name] = known
            entries.append(entry)
            return
    try:
        entry = entry_for(path, kind)
    except SaveError as exc:
        message = message_of(exc)
        fresh[path.name] = {**print_, "problem": str(message)[:500],
                            "problem_words": message.to_json()
                            if isinstance(message, Words) else None}
        problems.append(Problem(path, message))
        return
    fresh[path.name] = {**print_, "entry": _entry_doc(entry)}
    entries.append(entry)


def spare_dir(data: str | os.PathLike) -> Path:
    """Where emergency saves and crash logs go when the data folder cannot be written:
    a temp folder of this data folder's own (saves/, logs/ inside)."""
    try:
        key = str(Path(data).expanduser().resolve())
    except (OSError, ValueError, RuntimeError):
        key = str(data)
    tag = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / "narby-conquest" / tag


def list_all(data: str | os.PathLike) -> tuple[list[Entry], list[Problem]]:
    """Saves and autosaves of a data directory together, newest first (and emergency
    saves that had to go to the temp folder, so Continue finds them: P37)."""
    s_entries, s_problems = list_saves(saves_dir(Path(data)), "save")
    a_entries, a_problems = list_saves(autosaves_dir(Path(data)), "autosave")
    e_entries: list[Entry] = []
    with contextlib.suppress(Exception):
        spare = saves_dir(spare_dir(data))
        if spare.is_dir():
            e_entries, _ = list_saves(spare, "save")
    entries = sorted(s_entries + a_entries + e_entries, key=lambda e: (e.date, e.path.name),
                     reverse=True)
    return entries, s_problems + a_problems


def latest_game(data: str | os.PathLike) -> Entry | None:
    """The newest save or autosave of an unfinished game (the menu's Continue)."""
    entries, _ = list_all(data)
    return next((e for e in entries if not e.finished), None)

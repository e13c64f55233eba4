"""Save files (FORMATS.md `narby-save/2`): write atomically, load by replaying, list.

A save is versioned JSON, never pickle:

    {"format": "narby-save/2",
     "meta": {name, created, updated, map, map_title, round, dragons, scores, players,
              finished, winner, turn, decisions, game_id, app},
     "replay": <narby-replay/1 document: how the game began and every answer since>,
     "state": <narby-state/1 document at the save point>}

Loading replays the history and checks that the result equals the stored state, so a
hand-edited save is refused rather than played wrongly. Older versions are upgraded on
load (UPGRADES); a bare narby-replay/1 file opens as a save too. A file that cannot be
read is never overwritten or deleted: it is reported, naming the file and the problem.

Data directory (`data_dir()`): --data-dir, else $NARBY_DATA_DIR, else platformdirs'
user data dir for "narby-conquest"; saves in saves/, autosaves in autosaves/ (the last
AUTOSAVES_KEPT), crash logs in logs/.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path

import platformdirs

from game.decisions import title
from game.persistence.json_file import read_json
from game.persistence.replay_file import FORMAT as REPLAY_FORMAT
from game.persistence.replay_file import ReplayError
from game.session import Session

FORMAT = "narby-save/2"
FORMAT_PREFIX = "narby-save/"
CURRENT_VERSION = 2
ENV_VAR = "NARBY_DATA_DIR"
APP_NAME = "narby-conquest"
AUTOSAVES_KEPT = 5
TEMP_PREFIX = ".narby-tmp-"
AUTOSAVE_RE = re.compile(r"^autosave-(\d+)\.json$")
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
    try:
        return f"narby-conquest {version('narby-conquest')}"
    except Exception:  # not installed (running from a checkout)
        return "narby-conquest"


def save_document(session: Session, name: str | None = None) -> dict:
    """The narby-save/2 document for the session as it stands."""
    stamp = now()
    meta = {
        "name": name or session.name or default_name(session),
        "created": session.created or stamp,
        "updated": stamp,
        "game_id": game_id(session),
        "app": _app(),
        **_facts(session),
    }
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


def default_name(session: Session) -> str:
    names = " vs ".join(title(d) for d in session.match.seat_names)
    return f"{names} on {session.board.title}"


def write_json_atomic(path: str | os.PathLike, doc) -> Path:
    """Write JSON to a temp file in the same folder, flush and fsync it, then
    os.replace it over `path`: a crash at any moment leaves the old file or the new one,
    never half of either, and no temp file behind."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)
    return path


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX; a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_save(session: Session, path: str | os.PathLike, name: str | None = None) -> Path:
    """Write the session to `path` atomically; remembers name/created on the session."""
    doc = save_document(session, name)
    try:
        out = write_json_atomic(path, doc)
    except OSError as exc:
        raise SaveError(f"{path}: cannot be written ({exc.strerror or exc})") from None
    session.name = doc["meta"]["name"]
    session.created = doc["meta"]["created"]
    session.updated = doc["meta"]["updated"]
    return out


def slot_name(name: str) -> str:
    """A file name for a save slot: letters, digits, '-' and '_' only."""
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", name.strip()).strip("-").lower()[:60]
    return slug or "save"


def save_game(session: Session, name: str, data: str | os.PathLike) -> Path:
    """Save to the named slot in <data>/saves/. An existing file that is not a readable
    save is never overwritten: the save goes to the next free name instead."""
    folder = saves_dir(Path(data))
    base = slot_name(name)
    path = folder / f"{base}.json"
    n = 1
    while path.exists() and not _looks_like_save(path):
        n += 1
        path = folder / f"{base}-{n}.json"
    return write_save(session, path, name)


def autosave(session: Session, data: str | os.PathLike, keep: int = AUTOSAVES_KEPT) -> Path:
    """Write <data>/autosaves/autosave-NNNNNN.json and keep only the newest `keep`
    autosaves (files that are not readable saves are left alone)."""
    folder = autosaves_dir(Path(data))
    numbers = _autosave_numbers(folder)
    path = folder / f"autosave-{(max(numbers, default=0) + 1):06d}.json"
    out = write_save(session, path, session.name)
    old = [n for n in sorted(_autosave_numbers(folder)) if
           _looks_like_save(folder / f"autosave-{n:06d}.json")]
    for n in old[:-keep] if keep > 0 else old:
        with contextlib.suppress(OSError):
            (folder / f"autosave-{n:06d}.json").unlink()
    return out


def starts_round(events: list[dict]) -> bool:
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
        number = fmt[len(FORMAT_PREFIX):]
        if number.isdigit() and 1 <= int(number) <= CURRENT_VERSION:
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
        raise SaveError(f"{path}: not a Narby Conquest save (the file holds a JSON "
                        f"{type(doc).__name__}, not an object)")
    fmt = doc.get("format")
    version = _version_of(doc)
    if version is None:
        if isinstance(fmt, str) and fmt.startswith(FORMAT_PREFIX):
            raise SaveError(f"{path}: saved by a newer or unknown version of Narby Conquest "
                            f"({fmt}); this version reads narby-save/1 to {FORMAT}")
        raise SaveError(f"{path}: not a Narby Conquest save (format {fmt!r}, expected "
                        f"{FORMAT!r})")
    while version < CURRENT_VERSION:
        doc = UPGRADES[version](doc, path)
        version = _version_of(doc)
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
        raise SaveError(f"{path}: cannot be loaded ({type(exc).__name__}: {exc})") from None


def _session_from(doc: dict, path: Path) -> Session:
    meta = doc.get("meta")
    if not isinstance(meta, dict):
        raise SaveError(f"{path}: the save has no 'meta' object")
    replay = doc.get("replay")
    if not isinstance(replay, dict) or replay.get("format") != REPLAY_FORMAT:
        raise SaveError(f"{path}: the save's 'replay' is not a {REPLAY_FORMAT} document")
    stored = doc.get("state")
    if isinstance(stored, dict) and isinstance(stored.get("options"), dict):
        # Options left out of an older replay are those the game was played with,
        # which its stored state records (defaults may have changed since).
        replay = {**replay, "options": {**stored["options"], **(replay.get("options") or {})}}
    try:
        session = Session.from_replay(replay, base=path.parent, where=str(path))
    except ReplayError as exc:
        raise SaveError(str(exc)) from None
    stored = doc.get("state")
    if stored is not None:
        problem = first_difference(_comparable(stored), _comparable(session.snapshot()))
        if problem:
            session.close()
            raise SaveError(f"{path}: the saved state does not match its history ({problem})")
    name = meta.get("name")
    session.name = name if isinstance(name, str) and name else path.stem
    session.created = meta.get("created") if isinstance(meta.get("created"), str) else None
    session.game_id = meta.get("game_id") if isinstance(meta.get("game_id"), str) else None
    session.updated = meta.get("updated") if isinstance(meta.get("updated"), str) else None
    return session


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


@dataclass(frozen=True, slots=True)
class Problem:
    """A file that cannot be loaded; message names the file and says why."""

    path: Path
    message: str


_checked: dict[tuple, Entry] = {}  # (path, mtime_ns, size) -> entry: list quickly again


def entry_for(path: str | os.PathLike, kind: str = "save") -> Entry:
    """Fully check one file (replaying it) and describe it; raises SaveError."""
    path = Path(path)
    try:
        st = path.stat()
        key = (str(path.resolve()), st.st_mtime_ns, st.st_size)
    except OSError:
        key = None
    if key in _checked:
        return _checked[key]
    session = load_save(path)
    try:
        facts = _facts(session)
        date = session.updated or datetime.fromtimestamp(path.stat().st_mtime, UTC).isoformat(
            timespec="seconds")
        entry = Entry(session.name, path, kind, facts["dragons"], facts["round"],
                      facts["scores"], facts["map"], facts["map_title"], date,
                      facts["finished"], facts["winner"], facts["players"], session.game_id)
    finally:
        session.close()
    if key is not None:
        _checked[key] = entry
    return entry


def list_saves(folder: str | os.PathLike, kind: str = "save") -> tuple[list[Entry], list[Problem]]:
    """Every *.json in folder: (loadable entries, newest first; problems, by file name).
    Files are only read here: nothing is moved, rewritten or deleted."""
    folder = Path(folder)
    entries, problems = [], []
    if not folder.is_dir():
        return entries, problems
    for path in sorted(folder.glob("*.json")):
        if path.name.startswith(TEMP_PREFIX):
            continue  # a write that never finished; the real file is intact
        try:
            entries.append(entry_for(path, kind))
        except SaveError as exc:
            problems.append(Problem(path, str(exc)))
    entries.sort(key=lambda e: (e.date, e.path.name), reverse=True)
    return entries, problems


def list_all(data: str | os.PathLike) -> tuple[list[Entry], list[Problem]]:
    """Saves and autosaves of a data directory together, newest first."""
    s_entries, s_problems = list_saves(saves_dir(Path(data)), "save")
    a_entries, a_problems = list_saves(autosaves_dir(Path(data)), "autosave")
    entries = sorted(s_entries + a_entries, key=lambda e: (e.date, e.path.name), reverse=True)
    return entries, s_problems + a_problems


def latest_game(data: str | os.PathLike) -> Entry | None:
    """The newest save or autosave of an unfinished game (the menu's Continue)."""
    entries, _ = list_all(data)
    return next((e for e in entries if not e.finished), None)
